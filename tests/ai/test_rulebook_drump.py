"""The rulebook DRUMP players (tests/ai/rulebook_drump.py): they only ever choose legal actions, they beat a
random player clearly, and a few of their rules show in hand-made positions."""

from __future__ import annotations

import pytest

from bot.games.drump.cards import FULL_DECK
from bot.games.drump.state import MAIN, DrumpState, Side
from bot.kernel.contract import next_mover
from bot.kernel.module import get_game
from bot.kernel.policy import RandomPolicy
from bot.kernel.rng import Rng
from tests.ai.rulebook_drump import BoldPlayer, SteadyPlayer

RULES = get_game("drump").rules
GAMES = 30
ME, FOE = -1, -2


def _play(seats: dict[int, object], seed: int) -> tuple[int, ...]:
    """Play one game to the end; ``apply`` raising would mean an illegal choice."""
    state = RULES.new_game([ME, FOE], seed)
    rng = Rng.seeded(seed * 31 + 7)
    for _ in range(5000):
        if RULES.is_over(state):
            return RULES.result(state).winners
        player = next_mover(RULES, state)
        legal = RULES.legal_actions(state, player)
        action = seats[player].choose(RULES.view(state, player), legal, rng)
        assert action in legal
        RULES.apply(state, player, action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("player", [SteadyPlayer, BoldPlayer], ids=["steady", "bold"])
def test_beats_random_clearly_with_legal_moves_only(player):
    wins = 0
    for i in range(GAMES):
        # Seats alternate: the rulebook player is the first id in even games, the second in odd ones.
        seats = {ME: player(), FOE: RandomPolicy()} if i % 2 == 0 else {ME: RandomPolicy(), FOE: player()}
        me = ME if i % 2 == 0 else FOE
        wins += me in _play(seats, 700 + i)
    assert wins > GAMES * 0.6, f"{player.name} won only {wins} of {GAMES}"


def _position(hands, zones, parts, drop=()) -> DrumpState:
    """Seat 0 (ME) to move in its main phase; each zone's first card face up, the rest face down."""
    used = [c for seat in (0, 1) for c in hands[seat] + parts[seat] + [c for z in zones[seat] for c in z]]
    used += list(drop)
    assert len(used) == len(set(used))
    sides = []
    for seat in (0, 1):
        side = Side(hand=list(hands[seat]))
        for z, cards in enumerate(zones[seat]):
            side.zones[z] = list(cards)
            side.up[z] = [i == 0 for i in range(len(cards))]
        for part in parts[seat]:
            side.parts["SHCD".index(part[-1])] = part
        sides.append(side)
    deck = [c for c in FULL_DECK if c not in used]
    return DrumpState(
        players=[ME, FOE], first=0, rng=Rng.seeded(1), deck=deck, sides=sides, drop=list(drop), turn=3, phase=MAIN
    )


def _choose(policy, state: DrumpState, player: int):
    legal = RULES.legal_actions(state, player)
    action = policy.choose(RULES.view(state, player), legal, Rng.seeded(0))
    assert action in legal
    return action


def test_steady_blocks_an_attack_that_would_clear_a_zone_but_not_one_that_would_fail():
    # Steady (FOE) has 5♥ and a face-down 4♣ in zone 1 and a spare Q♠ (its Head already is the K♠).
    def state_with_attacker_holding(card: str) -> DrumpState:
        state = _position(
            hands=[[card, "2D"], ["QS", "3D"]],
            zones=[[[], [], [], []], [["5H", "4C"], [], [], []]],
            parts=[[], ["KS"]],
        )
        RULES.apply(state, ME, {"type": "attack", "target": 0, "card": card})
        return state

    steady = SteadyPlayer()
    assert _choose(steady, state_with_attacker_holding("9S"), FOE) == {"type": "block", "card": "QS"}  # 9+9 = 18
    assert _choose(steady, state_with_attacker_holding("2S"), FOE) == {"type": "no_block"}  # 9+2 = 11: fails


def test_steady_attacks_only_when_sure_and_bold_takes_the_odds():
    # The foe's zone shows a 3 and hides one card: a 7 clears it unless that card is an unseen 2 or 3.
    def state() -> DrumpState:
        return _position(hands=[["7C"], ["KD"]], zones=[[[], [], [], []], [["3H", "6S"], [], [], []]], parts=[[], []])

    assert _choose(SteadyPlayer(), state(), ME) == {"type": "end_turn"}
    assert _choose(BoldPlayer(), state(), ME) == {"type": "attack", "target": 0, "card": "7C"}
    # A 9 clears it whatever the hidden card is: Steady attacks too.
    sure = _position(hands=[["9C"], ["KD"]], zones=[[[], [], [], []], [["3H", "6S"], [], [], []]], parts=[[], []])
    assert _choose(SteadyPlayer(), sure, ME) == {"type": "attack", "target": 0, "card": "9C"}


def test_bold_re_attacks_with_an_ace_after_a_block():
    state = _position(
        hands=[["4C", "AH"], ["KS"]],
        zones=[[[], [], [], []], [["6H", "5C"], [], [], []]],
        parts=[[], []],
    )
    bold = BoldPlayer()
    assert _choose(bold, state, ME) == {"type": "attack", "target": 0, "card": "4C"}  # the cheapest likely winner
    RULES.apply(state, ME, {"type": "attack", "target": 0, "card": "4C"})
    RULES.apply(state, FOE, {"type": "block", "card": "KS"})
    assert _choose(bold, state, ME) == {"type": "reattack", "card": "AH"}  # unblockable: 6 + hidden + 11 >= 14
    RULES.apply(state, ME, {"type": "reattack", "card": "AH"})
    assert state.sides[1].zones[0] == []


def test_both_place_the_card_that_makes_a_summon_then_summon():
    for policy in (SteadyPlayer(), BoldPlayer()):
        state = _position(hands=[["6D", "KH"], []], zones=[[["7S"], [], [], []], [[], [], [], []]], parts=[[], []])
        assert _choose(policy, state, ME) == {"type": "place", "card": "6D", "zone": 0}  # 7 + 6 = 13
        RULES.apply(state, ME, {"type": "place", "card": "6D", "zone": 0})
        assert _choose(policy, state, ME) == {"type": "summon", "part": "KH", "zone": 0}
