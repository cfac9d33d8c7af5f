"""The two rulebook Drama Pukul 7 players: legal to the end, clearly better than random, and one rule each."""

from __future__ import annotations

import pytest

from bot.kernel.contract import next_mover
from bot.kernel.policy import RandomPolicy
from bot.kernel.rng import Rng
from tests.ai.rulebook_drama import BuilderPlayer, SpoilerPlayer
from tests.games.drama.drama_helpers import GAME, P1, P2, give, new

RULES = GAME.rules
GAMES = 20
MAX_STEPS = 5000


def play(seats: list, seed: int) -> tuple[int, ...]:
    """One seeded game to the end; ``apply`` raises on any illegal move."""
    ids = [P1, P2]
    state = RULES.new_game(ids, seed)
    rng = Rng.seeded(seed * 7919 + 1)
    for _ in range(MAX_STEPS):
        if RULES.is_over(state):
            return tuple(RULES.result(state).winners)
        pid = next_mover(RULES, state)
        assert pid is not None
        legal = RULES.legal_actions(state, pid)
        action = seats[ids.index(pid)].choose(RULES.view(state, pid), legal, rng)
        assert action in legal
        RULES.apply(state, pid, action)
    raise AssertionError(f"game {seed} did not finish in {MAX_STEPS} steps")


@pytest.mark.parametrize("cls", [BuilderPlayer, SpoilerPlayer])
def test_beats_random_with_legal_moves(cls) -> None:
    wins = 0
    for seed in range(GAMES):
        me = cls()
        seats = [me, RandomPolicy()] if seed % 2 == 0 else [RandomPolicy(), me]
        winners = play(seats, 1000 + seed)
        wins += (P1 if seed % 2 == 0 else P2) in winners
    assert wins >= 15, f"{cls.name} won only {wins} of {GAMES} against random"


def test_builder_turns_dengki_back() -> None:
    """DENGKI aimed at the builder is turned back with Jelaskan Di Social Media."""
    state = new(2, seed=3)
    attacker = state.turn.player
    defender = P2 if attacker == P1 else P1
    [jelaskan] = give(state, defender, "Jelaskan Di Social Media")
    while state.window is not None:  # the turn's opening window: everyone passes
        RULES.apply(state, state.window.waiting[0], {"type": "pass"})
    RULES.apply(state, attacker, {"type": "attack", "target": defender})
    assert next_mover(RULES, state) == defender
    legal = RULES.legal_actions(state, defender)
    action = BuilderPlayer().choose(RULES.view(state, defender), legal, Rng.seeded(1))
    assert action == {"type": "play", "card": jelaskan}


def test_spoiler_skips_the_leaders_turn() -> None:
    """At the start of the leader's turn the spoiler plays Cliffhanger to skip all of it."""
    state = new(2, seed=3)
    leader = state.turn.player
    spoiler = P2 if leader == P1 else P1
    [cliff] = give(state, spoiler, "Cliffhanger")
    assert state.window is not None and state.window.kind == "turn_start"
    legal = RULES.legal_actions(state, spoiler)
    action = SpoilerPlayer().choose(RULES.view(state, spoiler), legal, Rng.seeded(1))
    assert action == {"type": "play", "card": cliff}
