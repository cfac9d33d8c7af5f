"""The two rulebook Laga Jakarta players (yardsticks): they play legal games and clearly beat random."""

from __future__ import annotations

from bot.games.laga.cards import cards
from bot.games.laga.state import LagaState, Task
from bot.kernel.contract import next_mover
from bot.kernel.module import get_game
from bot.kernel.policy import RandomPolicy
from bot.kernel.rng import Rng
from tests.ai.rulebook_laga import DreamerPlayer, JobClimberPlayer

RULES = get_game("laga").rules
GAMES = 20


def _duel(player_cls: type, seed: int, seat: int) -> bool:
    """One seeded 2-player game against random; True when ``player_cls`` (in seat ``seat``) wins.
    ``apply`` raises on an illegal action, so finishing proves every move was legal."""
    me = player_cls()
    me.strict = True
    pols = {seat: me, 3 - seat: RandomPolicy()}
    state = RULES.new_game([1, 2], seed)
    rng = Rng.seeded(1000 + seed)
    for _ in range(5000):
        if RULES.is_over(state):
            break
        pid = next_mover(RULES, state)
        legal = RULES.legal_actions(state, pid)
        action = pols[pid].choose(RULES.view(state, pid), legal, rng)
        assert action in legal
        RULES.apply(state, pid, action)
    assert RULES.is_over(state), "the game did not finish"
    return RULES.result(state).winners == (seat,)


def _win_rate(player_cls: type) -> float:
    return sum(_duel(player_cls, seed, 1 + seed % 2) for seed in range(GAMES)) / GAMES


def test_job_climber_beats_random() -> None:
    assert _win_rate(JobClimberPlayer) >= 0.75


def test_dreamer_beats_random() -> None:
    assert _win_rate(DreamerPlayer) >= 0.75


# --- scenarios -----------------------------------------------------------------------------------------
def _parked(task: Task, coin: int, pride: int, skill: int) -> LagaState:
    """A 2-player game with player 1 facing ``task`` and holding these resources."""
    s = RULES.new_game([1, 2], 11)
    s.turn = 0
    s.phase = "post"
    s.tasks = [task]
    s.player(1).res = {"coin": coin, "pride": pride, "skill": skill}
    return s


def _pull(pile: list[str], name: str) -> str:
    pile.remove(name)
    return name


def test_dreamer_completes_its_best_payable_dream() -> None:
    s = _parked(Task("complete", 1), 5, 6, 4)
    p = s.player(1)
    s.dream_deck.extend(p.dreams)
    p.dreams = [_pull(s.dream_deck, "Monas Selfie"), _pull(s.dream_deck, "Idol Audition")]  # 2 and 4 points
    legal = RULES.legal_actions(s, 1)
    action = DreamerPlayer().choose(RULES.view(s, 1), legal, Rng.seeded(1))
    assert action["type"] == "complete" and action["card"] == "Idol Audition"
    RULES.apply(s, 1, action)
    assert "Idol Audition" in p.completed


def test_job_climber_changes_to_the_higher_job_it_can_pay() -> None:
    s = _parked(Task("cards", 1, {"deck": "job", "keep": 1}), 4, 3, 4)
    p = s.player(1)
    level1 = next(n for n in s.job_deck if cards().jobs[n].level == 1)
    s.looking = [_pull(s.job_deck, level1), _pull(s.job_deck, "Satpol PP")]  # Satpol PP: Level 2, 3 Coin 3 Skill
    legal = RULES.legal_actions(s, 1)
    action = JobClimberPlayer().choose(RULES.view(s, 1), legal, Rng.seeded(1))
    assert action["type"] == "hire" and action["card"] == "Satpol PP"
    RULES.apply(s, 1, action)
    assert p.jobs[-1] == "Satpol PP"
