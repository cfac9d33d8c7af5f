"""Tests for the two rulebook-only Drama Pukul 7 players (``tests/ai/rulebook_drama_fresh.py``).

They must always choose a legal action, beat a random player clearly over full seeded games, and show their
characteristic habits in arranged positions.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.drama.state import player
from bot.kernel.contract import next_mover
from bot.kernel.policy import RandomPolicy
from bot.kernel.rng import Rng
from tests.ai.rulebook_drama_fresh import Brawler, Planner
from tests.games.drama.drama_helpers import GAME, P1, P2, arrange_turn, clear_hand, give, new, set_kedai

RULES = GAME.rules
MAX_STEPS = 5000


def _play(seats: dict[int, Any], seed: int) -> tuple[int, ...]:
    """One full game; every choice is checked against the legal list. Returns the winners."""
    state = RULES.new_game([P1, P2], seed)
    rng = Rng.seeded(seed * 7919 + 1)
    for _ in range(MAX_STEPS):
        if RULES.is_over(state):
            return tuple(RULES.result(state).winners)
        pid = next_mover(RULES, state)
        assert pid is not None
        legal = RULES.legal_actions(state, pid)
        action = seats[pid].choose(RULES.view(state, pid), legal, rng)
        assert action in legal, (seats[pid].name, action)
        RULES.apply(state, pid, action)
    raise AssertionError("the game did not finish")


@pytest.mark.parametrize("cls", [Planner, Brawler])
def test_beats_random_with_legal_moves(cls: type) -> None:
    """20 seeded games against random, alternating seats: at least 15 wins."""
    wins = 0
    for seed in range(20):
        me, other = (P1, P2) if seed % 2 == 0 else (P2, P1)
        winners = _play({me: cls(), other: RandomPolicy()}, seed)
        wins += winners == (me,)
    assert wins >= 15, f"{cls.name} won only {wins} of 20"


def test_names_are_distinct() -> None:
    assert Planner.name != Brawler.name
    assert {Planner.name, Brawler.name}.isdisjoint({"builder", "spoiler", "rulebook"})


def _opening_window() -> tuple[Any, int, int]:
    """A game at the first turn's opening window: (state, turn player, the player asked to respond)."""
    state = new(2, seed=3, heroes=["Cikgu Azman", "Inspektor Wang"])
    turn = state.turn.player
    other = P2 if turn == P1 else P1
    assert state.window is not None and other in state.window.waiting
    return state, turn, other


def _choose(cls: type, state: Any, pid: int) -> dict[str, Any]:
    legal = RULES.legal_actions(state, pid)
    action = cls().choose(RULES.view(state, pid), legal, Rng.seeded(1))
    assert action in legal
    return action


def test_planner_marries_a_member_of_the_other_gender() -> None:
    """Planner: with an unmarried MEMBER of the other gender and the Juta to pay, it KAHWINs."""
    state = new(2, seed=5, heroes=["Cikgu Azman", "Inspektor Wang"])
    arrange_turn(state, P1)
    clear_hand(state, P1)
    (lily,) = give(state, P1, "Lily", where="members")
    for slot, name in enumerate(["Kereta Mewah Mercedes", "Banglo Atas Bukit", "Lori Balak", "Cincin Batu Akik"]):
        set_kedai(state, slot, name)
    player(state, P1).juta = 2
    assert _choose(Planner, state, P1) == {"type": "kahwin", "member": lily}


def test_planner_turns_dengki_back() -> None:
    """Planner: a Dengki aimed at an unshielded planner is turned back with Jelaskan Di Social Media."""
    state = new(2, seed=5, heroes=["Inspektor Wang", "Cikgu Azman"])
    arrange_turn(state, P1)
    (jelaskan,) = give(state, P2, "Jelaskan Di Social Media")
    RULES.apply(state, P1, {"type": "attack", "target": P2})
    assert state.window is not None and state.window.kind == "dengki"
    assert _choose(Planner, state, P2) == {"type": "play", "card": jelaskan}


def test_planner_holds_a_small_plot_twist_for_later() -> None:
    """Planner: against a fresh opponent, with a small hand, Anak Luar Nikah Muncul is kept for later."""
    state, _turn, other = _opening_window()
    clear_hand(state, other)
    give(state, other, "Anak Luar Nikah Muncul")
    assert _choose(Planner, state, other) == {"type": "pass"}


def test_brawler_fires_harm_on_the_opponents_turn() -> None:
    """Brawler: Anak Luar Nikah Muncul costs no ACTION on the opponent's turn, so it fires it at once."""
    state, turn, other = _opening_window()
    clear_hand(state, other)
    (card,) = give(state, other, "Anak Luar Nikah Muncul")
    assert _choose(Brawler, state, other) == {"type": "play", "card": card, "target": turn}


def test_brawler_skips_the_opponents_turn_before_they_collect() -> None:
    """Brawler: holding Cliffhanger at the opening window of the opponent's turn, it skips the whole turn."""
    state, _turn, other = _opening_window()
    clear_hand(state, other)
    (card,) = give(state, other, "Cliffhanger")
    assert _choose(Brawler, state, other) == {"type": "play", "card": card}


def test_brawler_boosts_a_lethal_attack() -> None:
    """Brawler: Dendam Kesumat turns a 1-Dengki poke into a knock-out, so it plays it, then attacks."""
    state = new(2, seed=5, heroes=["Inspektor Wang", "Cikgu Azman"])
    arrange_turn(state, P1)
    clear_hand(state, P1)
    (dendam,) = give(state, P1, "Dendam Kesumat")
    player(state, P2).air_muka = 3
    player(state, P1).juta = 0
    assert _choose(Brawler, state, P1) == {"type": "play", "card": dendam}
    RULES.apply(state, P1, {"type": "play", "card": dendam})
    while state.window is not None:
        for pid in list(state.window.waiting):
            RULES.apply(state, pid, {"type": "pass"})
    assert _choose(Brawler, state, P1) == {"type": "attack", "target": P2}
