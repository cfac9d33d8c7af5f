"""The rule-based Mat Goceng yardsticks: they only ever play legal moves, beat random seats, and follow their rules."""

from __future__ import annotations

import pytest
from rulebook_goceng import ObjectivePlayer, TraderPlayer

from bot.kernel.contract import next_mover
from bot.kernel.module import get_game
from bot.kernel.policy import RandomPolicy
from bot.kernel.rng import Rng

RULES = get_game("goceng").rules
GAMES = 20
PLAYERS = 3
MAX_STEPS = 5000


def _play(policies: list, seed: int) -> tuple[int, ...]:
    """One game to the end; apply raises on any illegal move. Returns the winners."""
    ids = list(range(1, len(policies) + 1))
    state = RULES.new_game(ids, seed)
    rng = Rng.seeded(seed * 1_000_003 + 17)
    for _ in range(MAX_STEPS):
        if RULES.is_over(state):
            return tuple(RULES.result(state).winners)
        player = next_mover(RULES, state)
        assert player is not None
        legal = RULES.legal_actions(state, player)
        action = policies[player - 1].choose(RULES.view(state, player), legal, rng)
        assert action in legal
        RULES.apply(state, player, action)
    raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} moves")


@pytest.mark.parametrize("make", [ObjectivePlayer, TraderPlayer], ids=["objective", "trader"])
def test_beats_random_seats(make) -> None:
    mine = theirs = 0
    for game in range(GAMES):
        seat = game % PLAYERS
        policies = [RandomPolicy() for _ in range(PLAYERS)]
        policies[seat] = make()
        won = _play(policies, seed=900 + game)
        mine += (seat + 1) in won
        theirs += sum(1 for p in won if p != seat + 1)
    # the average random seat's wins; a fair share would be about a third of the games
    assert mine > theirs / (PLAYERS - 1), (make.name, mine, theirs)
    assert mine > GAMES / PLAYERS, (make.name, mine)


def _table(me: str, other: dict[int, tuple[str, int]]):
    """A fresh 3-player game where player 1 holds ``me`` and the others the given (character, stamina)."""
    state = RULES.new_game([1, 2, 3], 5)
    wanted = {1: me, **{p: c for p, (c, _) in other.items()}}
    state.characters = dict(wanted)
    for p, (_, stamina) in other.items():
        state.stamina[p] = stamina
        if stamina == 1:
            state.revealed.append(p)
    state.active = 1
    return state


def test_hunter_challenges_its_revealed_target() -> None:
    """Rijkaard Cere goes after Nyi Kencleng once she is revealed at 1 stamina."""
    state = _table("rijkaard_cere", {2: ("mat_goceng", 2), 3: ("nyi_kencleng", 1)})
    legal = RULES.legal_actions(state, 1)
    action = ObjectivePlayer().choose(RULES.view(state, 1), legal, Rng.seeded(1))
    assert action == {"type": "challenge", "target": 3}


def test_protector_does_not_fight_nyi_at_one_stamina() -> None:
    """Mat Goceng, challenged by a revealed Nyi Kencleng at 1 stamina, reconciles: a win would defeat her."""
    state = _table("mat_goceng", {2: ("rijkaard_cere", 3), 3: ("nyi_kencleng", 1)})
    state.active = 3
    RULES.apply(state, 3, {"type": "challenge", "target": 1})
    legal = RULES.legal_actions(state, 1)
    assert ObjectivePlayer().choose(RULES.view(state, 1), legal, Rng.seeded(1)) == {"type": "reconcile"}


def test_trader_reconciles_at_one_stamina() -> None:
    state = _table("rijkaard_cere", {2: ("mat_goceng", 3), 3: ("nyi_kencleng", 3)})
    state.stamina[1] = 1
    state.revealed.append(1)
    state.active = 2
    RULES.apply(state, 2, {"type": "challenge", "target": 1})
    legal = RULES.legal_actions(state, 1)
    assert TraderPlayer().choose(RULES.view(state, 1), legal, Rng.seeded(1)) == {"type": "reconcile"}


def test_protector_shields_nyi_for_free() -> None:
    """Nyi Kencleng (revealed) asks for Extra Power against Rijkaard Cere: Mat Goceng offers a card for nothing."""
    state = _table("mat_goceng", {2: ("rijkaard_cere", 3), 3: ("nyi_kencleng", 1)})
    state.active = 2
    RULES.apply(state, 2, {"type": "challenge", "target": 3})
    RULES.apply(state, 3, {"type": "fight"})
    RULES.apply(state, 2, RULES.legal_actions(state, 2)[0])
    RULES.apply(state, 3, {"type": "ask_help"})
    legal = RULES.legal_actions(state, 1)
    action = ObjectivePlayer().choose(RULES.view(state, 1), legal, Rng.seeded(1))
    assert action["type"] == "offer" and action["price"] == 0
