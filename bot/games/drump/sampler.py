"""A full DRUMP state drawn from one player's view: what the hard AI searches over.

The view shows everything but the opponent's hand, the opponent's face-down zone
cards and the deck's order. ``sample`` deals the cards the viewer cannot account
for (the 52 minus their hand, their own zones, every face-up card, both monsters,
the drop zone and the card in flight) at random into those hidden places, and gives
the state a fresh Rng from ``rng`` (the real one would tell the future shuffles).
Only the view and ``rng`` are read, so two states the viewer cannot tell apart give
the same sample.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.drump.cards import FULL_DECK, ORDER, SLOTS, sort_cards
from bot.games.drump.state import BLOCK, DrumpState, Side
from bot.kernel.response_window import ResponseWindow
from bot.kernel.rng import Rng


def unseen(view: Mapping[str, Any]) -> list[str]:
    """The cards the viewer cannot place, in deck order (ranks then suits), before any shuffle."""
    seen: set[str] = set(view["drop"])
    for side in view["sides"]:
        seen.update(side["hand"] or ())
        seen.update(item["card"] for zone in side["zones"] for item in zone if item["card"])
        seen.update(card for card in side["parts"].values() if card)
    attack = view.get("attack")
    if attack and attack.get("card"):
        seen.add(attack["card"])
    return sorted((c for c in FULL_DECK if c not in seen), key=ORDER.__getitem__)


def sample(view: Mapping[str, Any], rng: Rng) -> DrumpState:
    """A state consistent with ``view`` (a player's own view), hidden cards dealt by ``rng``."""
    viewer = view["viewer"]
    if viewer is None:
        raise ValueError("a determinization needs a player's own view")
    players = list(view["players"])
    pool = unseen(view)
    rng.shuffle(pool)
    sides = []
    for side_view in view["sides"]:
        side = Side()
        own = side_view["player"] == viewer
        side.hand = list(side_view["hand"]) if own else sort_cards(pool.pop() for _ in range(side_view["hand_count"]))
        side.zones = [[item["card"] or pool.pop() for item in zone] for zone in side_view["zones"]]
        side.up = [[bool(item["up"]) for item in zone] for zone in side_view["zones"]]
        side.parts = [side_view["parts"][slot] or "" for slot in SLOTS]
        sides.append(side)
    if len(pool) != view["deck"]:
        raise ValueError(f"the view does not add up: {len(pool)} unseen cards for a deck of {view['deck']}")
    state = DrumpState(
        players=players,
        first=players.index(view["first"]),
        rng=Rng.seeded(rng.next64()),
        deck=pool,
        sides=sides,
        drop=list(view["drop"]),
    )
    state.current = players.index(view["current"])
    state.phase = view["phase"]
    state.turn = view["turn"]
    state.placed = list(view["placed"])
    state.summoned = bool(view["summoned"])
    state.attacked = bool(view["attacked"])
    state.exchanges = int(view["exchanges"])
    state.drump_pending = bool(view["last_turn"])
    attack = view.get("attack")
    if attack:
        state.attack_zone = attack["zone"]
        state.attack_card = attack["card"] or ""
        state.attack_value = attack["beat"]
        state.blocks = [list(pair) for pair in attack["blocks"]]
    if state.phase == BLOCK:
        defender = players[1 - state.current]
        state.window = ResponseWindow.open("block", [defender], {"zone": state.attack_zone})
    return state
