"""Every legal action of the acting player, in a stable order, cheaply.

The order is type by type (place, summon, extra_jack, exchange, attack,
end_turn in the main phase), then hand order (cards sorted Ace low, suits
S H C D), then zone; the Discord picker and the seeded AI rely on it being
deterministic. Each listed action is exactly one the handlers accept.
"""

from __future__ import annotations

from bot.games.drump.cards import IS_ACE, IS_FORCE, IS_PART, RANK, VALUE, ZONES, low_sum, sort_cards
from bot.games.drump.moves import MAX_EXCHANGES
from bot.games.drump.state import BLOCK, DISCARD, MAIN, REATTACK, DrumpState
from bot.kernel.contract import Action


def legal_for_seat(state: DrumpState, seat: int) -> list[Action]:
    """Legal actions of ``seat``, who must be the acting seat of the current phase."""
    phase = state.phase
    hand = state.sides[seat].hand
    if phase == MAIN:
        return _main(state, seat)
    if phase == BLOCK:
        out: list[Action] = [{"type": "block", "card": c} for c in hand if c in IS_PART or c in IS_ACE]
        out.append({"type": "no_block"})
        return out
    if phase == REATTACK:
        beat = state.attack_value
        out = [{"type": "reattack", "card": c} for c in hand if c in IS_ACE or VALUE[c] > beat]
        out.append({"type": "stop"})
        return out
    if phase == DISCARD:
        return [{"type": "discard", "card": c} for c in hand]
    return []


def _main(state: DrumpState, seat: int) -> list[Action]:
    side = state.sides[seat]
    hand = side.hand
    forces = [c for c in hand if c in IS_FORCE]
    parts = [c for c in hand if c in IS_PART]
    placed = state.placed
    open_zones = [z for z in range(ZONES) if z not in placed]
    out: list[Action] = [{"type": "place", "card": c, "zone": z} for c in forces for z in open_zones]
    if parts:
        if not state.summoned:
            sums = [(z, low_sum(cards)) for z, cards in enumerate(side.zones) if len(cards) >= 2]
            for p in parts:
                need = VALUE[p]
                for z, (low, aces) in sums:
                    gap = need - low
                    if gap >= 0 and gap % 10 == 0 and gap // 10 <= aces:
                        out.append({"type": "summon", "part": p, "zone": z})
        aces_held = [c for c in forces if c in IS_ACE]
        if aces_held:
            out += [{"type": "extra_jack", "part": p, "ace": a} for p in parts if RANK[p] == "J" for a in aces_held]
        if state.exchanges < MAX_EXCHANGES:
            takes = sort_cards(c for c in state.drop if c in IS_PART)
            if state.deck:
                takes.insert(0, "draw")
            out += [{"type": "exchange", "part": p, "take": t} for p in parts for t in takes]
    if not state.attacked and forces:
        foe_zones = state.sides[1 - seat].zones
        out += [{"type": "attack", "target": z, "card": c} for z in range(ZONES) if foe_zones[z] for c in forces]
    out.append({"type": "end_turn"})
    return out
