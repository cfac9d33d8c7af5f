"""Helpers for the Mat Goceng tests: arrange hands and characters, check invariants."""

from __future__ import annotations

from collections import Counter
from itertools import chain

import pytest

from bot.games.goceng.cards import load_cards
from bot.games.goceng.state import GocengState
from bot.kernel.contract import IllegalAction
from bot.kernel.module import get_game

GAME = get_game("goceng")
CARDS = load_cards()
ALL_CARDS = Counter({c.id: c.copies for c in CARDS.skills.values()})


def new(n: int = 4, seed: int = 1) -> GocengState:
    """A fresh game with players 1..n."""
    return GAME.rules.new_game(list(range(1, n + 1)), seed)


def deal(state: GocengState, hands: dict[int, list[str]]) -> None:
    """Give each listed player exactly those cards, trading with the piles and the other hands
    so every card stays counted."""
    for player in hands:
        state.deck.extend(state.hands[player])
        state.hands[player] = []
    for player, cards in hands.items():
        for card in cards:
            for pile in (state.deck, state.discard):
                if card in pile:
                    pile.remove(card)
                    break
            else:
                owner = next(p for p, h in state.hands.items() if p not in hands and card in h)
                state.hands[owner].remove(card)
                state.hands[owner].append(next(c for c in state.deck if c not in _wanted(hands)))
                state.deck.remove(state.hands[owner][-1])
            state.hands[player].append(card)


def _wanted(hands: dict[int, list[str]]) -> set[str]:
    return {c for cards in hands.values() for c in cards}


def set_characters(state: GocengState, mapping: dict[int, str]) -> None:
    """Swap characters so each player in ``mapping`` holds the named one (others take what is left)."""
    for player, character in mapping.items():
        holder = next(p for p, c in state.characters.items() if c == character)
        state.characters[holder], state.characters[player] = state.characters[player], character


def start_battle(state: GocengState, attacker: int, defender: int) -> None:
    """Make ``attacker`` active and have ``defender`` accept the challenge."""
    state.active = attacker
    act(state, attacker, {"type": "challenge", "target": defender})
    act(state, defender, {"type": "fight"})


def act(state: GocengState, player: int, action: dict) -> list[dict]:
    """Apply an action that must be legal (and listed as legal)."""
    assert action in GAME.rules.legal_actions(state, player), (action, GAME.rules.legal_actions(state, player))
    return GAME.rules.apply(state, player, action)


def illegal(state: GocengState, player: int, action, match: str = "") -> str:
    """Assert ``action`` raises IllegalAction with a readable reason and leaves the state unchanged."""
    before = GAME.rules.state_to_json(state)
    with pytest.raises(IllegalAction) as info:
        GAME.rules.apply(state, player, action)
    assert GAME.rules.state_to_json(state) == before
    reason = info.value.reason
    assert reason and reason[0].isupper() and reason.endswith("."), reason
    assert match.lower() in reason.lower(), reason
    return reason


ALL_SORTED = sorted(ALL_CARDS.elements())


def all_cards_in_place(state: GocengState) -> bool:
    """``card_count(state) == ALL_CARDS``, in a quarter of the time (the playouts ask it every step)."""
    lines = state.battle.lines.values() if state.battle is not None else ()
    return sorted(chain(state.deck, state.discard, state.set_aside, *state.hands.values(), *lines)) == ALL_SORTED


def card_count(state: GocengState) -> Counter:
    """Every card wherever it is: deck, discard, set aside, hands and battle lines."""
    lines = state.battle.lines.values() if state.battle is not None else ()
    return Counter(chain(state.deck, state.discard, state.set_aside, *state.hands.values(), *lines))


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]
