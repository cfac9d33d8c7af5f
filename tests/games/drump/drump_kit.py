"""Helpers for DRUMP tests: arrange exact positions, play, and check invariants.

Scenario tests start from ``new_game`` and then put named cards exactly where
they want them with ``arrange``; every card not named goes to the deck, so
the 52-card accounting still holds and the state is a real, playable one.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from bot.games.drump.cards import FULL_DECK, SLOT, sort_cards
from bot.games.drump.state import MAIN, DrumpState
from bot.kernel.contract import IllegalAction
from bot.kernel.module import get_game

GAME = get_game("drump")
A, B = 101, 202  # player ids; A is seat 0, B seat 1


def new(seed: int = 1) -> DrumpState:
    return GAME.rules.new_game([A, B], seed)


def arrange(
    state: DrumpState,
    *,
    turn: int = A,
    first: int | None = None,
    hands: Mapping[int, Iterable[str]] | None = None,
    zones: Mapping[int, Mapping[int, Iterable[str]]] | None = None,
    parts: Mapping[int, Iterable[str]] | None = None,
    drop: Iterable[str] = (),
    deck_top: Iterable[str] = (),
    deck_size: int | None = None,
) -> DrumpState:
    """Rebuild ``state`` around the named cards; everything else is in the deck.

    ``zones[player][z]`` lists a zone's cards oldest first: the first is face up, the rest face down
    (write ``"7H^"`` for a face-up card anywhere). ``deck_top`` is drawn first, in order.
    ``deck_size`` keeps only that many deck cards (the rest go to the drop zone, after ``drop``).
    """
    hands = hands or {}
    zones = zones or {}
    parts = parts or {}
    used: list[str] = []
    for seat, pid in enumerate(state.players):
        side = state.sides[seat]
        side.hand = sort_cards(hands.get(pid, ()))
        used += side.hand
        side.zones = [[], [], [], []]
        side.up = [[], [], [], []]
        for z, cards in zones.get(pid, {}).items():
            for i, spec in enumerate(cards):
                card = spec.rstrip("^")
                side.zones[z].append(card)
                side.up[z].append(i == 0 or spec.endswith("^"))
                used.append(card)
        side.parts = ["", "", "", ""]
        for card in parts.get(pid, ()):
            side.parts[SLOT[card]] = card
            used.append(card)
    drop = list(drop)
    top = list(deck_top)
    used += drop + top
    assert len(used) == len(set(used)), f"a card is named twice: {sorted(used)}"
    rest = [c for c in FULL_DECK if c not in set(used)]
    if deck_size is not None:
        keep = max(0, deck_size - len(top))
        drop += rest[keep:]
        rest = rest[:keep]
    state.drop = drop
    state.deck = rest + list(reversed(top))  # the last card is drawn first
    if first is not None:
        state.first = state.seat_of(first)
    state.current = state.seat_of(turn)
    state.phase = MAIN
    state.placed, state.summoned, state.attacked, state.exchanges = [], False, False, 0
    state.attack_zone, state.attack_card, state.attack_value, state.blocks = -1, "", 0, []
    state.window = None
    state.drump_pending = False
    state.winners, state.summary, state.end_reason = [], "", ""
    return state


def play(state: DrumpState, player: int, action_type: str, **params: Any) -> list[dict[str, Any]]:
    """Apply one action, first checking that the engine listed it as legal."""
    action = {"type": action_type, **params}
    assert action in GAME.rules.legal_actions(state, player), (
        f"{action} not in {GAME.rules.legal_actions(state, player)}"
    )
    return GAME.rules.apply(state, player, action)


def refused(state: DrumpState, player: int, action: Any, match: str = "") -> str:
    """Assert that ``action`` is refused with a readable reason and the state is byte-for-byte unchanged."""
    before = GAME.rules.state_to_json(state)
    with pytest.raises(IllegalAction) as info:
        GAME.rules.apply(state, player, action)
    assert GAME.rules.state_to_json(state) == before
    reason = info.value.reason
    assert reason and not reason[0].islower() and reason.rstrip().endswith((".", ")")), reason
    if match:
        assert match.lower() in reason.lower(), reason
    return reason


def all_cards(state: DrumpState) -> list[str]:
    """Every card the state holds, wherever it is."""
    cards = list(state.deck) + list(state.drop)
    for side in state.sides:
        cards += side.hand + [c for z in side.zones for c in z] + [p for p in side.parts if p]
    if state.attack_card:
        cards.append(state.attack_card)
    return cards


def tokens(data: Any) -> str:
    """JSON text of ``data``, for looking up quoted card names such as '"7H"'."""
    return json.dumps(data)


def hand(state: DrumpState, player: int) -> list[str]:
    return GAME.rules.view(state, player)["sides"][state.seat_of(player)]["hand"]


def side_view(state: DrumpState, viewer: int | None, owner: int) -> dict[str, Any]:
    return GAME.rules.view(state, viewer)["sides"][state.seat_of(owner)]
