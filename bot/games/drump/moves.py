"""The turn player's own moves: place, summon, Extra Jack, exchange, end turn and discard.

Each handler checks every rule first (raising IllegalAction with the state
untouched) and only then mutates, appending public events (hidden cards are
never named in a public event: a face-down placement says only which zone).
"""

from __future__ import annotations

from typing import Any

from bot.games.drump.cards import (
    HAND_LIMIT,
    IS_ACE,
    IS_FORCE,
    IS_PART,
    RANK,
    SLOT,
    VALUE,
    can_make,
    insert_sorted,
    label,
)
from bot.games.drump.checks import card_param, in_hand, zone_param
from bot.games.drump.flow import draw, finish_turn, part_placed
from bot.games.drump.outcome import has_drump
from bot.games.drump.state import DISCARD, DrumpState
from bot.kernel.contract import Event, IllegalAction
from bot.kernel.i18n import t, tn

MAX_EXCHANGES = 2


def place(state: DrumpState, seat: int, action: dict[str, Any]) -> list[Event]:
    card = card_param(action, "card")
    zone = zone_param(action, "zone")
    side = state.sides[seat]
    in_hand(side.hand, card)
    if card not in IS_FORCE:
        raise IllegalAction(
            t("Only Force Cards (A to 9) go to a Force Zone; {card} is a Monster Part.", card=label(card))
        )
    if zone in state.placed:
        raise IllegalAction(t("You already placed a card in zone {zone} this turn.", zone=zone + 1))
    side.hand.remove(card)
    face_up = not side.zones[zone]
    side.zones[zone].append(card)
    side.up[zone].append(face_up)
    state.placed.append(zone)
    return [
        {
            "type": "place",
            "player": state.players[seat],
            "zone": zone,
            "face_up": face_up,
            "card": card if face_up else None,
        }
    ]


def summon(state: DrumpState, seat: int, action: dict[str, Any]) -> list[Event]:
    part = card_param(action, "part")
    zone = zone_param(action, "zone")
    side = state.sides[seat]
    if state.summoned:
        raise IllegalAction(t("You already summoned a part from a Force Zone this turn."))
    in_hand(side.hand, part)
    if part not in IS_PART:
        raise IllegalAction(t("{part} is not a Monster Part (10, J, Q or K).", part=label(part)))
    cards = side.zones[zone]
    if len(cards) < 2:
        raise IllegalAction(
            tn(
                "A summon needs two or more cards in the zone; zone {zone} has {n}.",
                "A summon needs two or more cards in the zone; zone {zone} has {n}.",
                len(cards),
                zone=zone + 1,
            )
        )
    need = VALUE[part]
    if not can_make(cards, need):
        raise IllegalAction(
            t(
                "Zone {zone} cannot add up to {need} (Aces count 1 or 11), the force sum {part} needs.",
                zone=zone + 1,
                need=need,
                part=label(part),
            )
        )
    pid = state.players[seat]
    was_complete = has_drump(side.parts)
    used = list(cards)
    state.drop.extend(used)
    side.zones[zone] = []
    side.up[zone] = []
    replaced = _set_part(state, side, part)
    state.summoned = True
    events: list[Event] = [
        {"type": "summon", "player": pid, "part": part, "zone": zone, "cards": used, "replaced": replaced}
    ]
    part_placed(state, seat, was_complete, events)
    return events


def extra_jack(state: DrumpState, seat: int, action: dict[str, Any]) -> list[Event]:
    part = card_param(action, "part")
    ace = card_param(action, "ace")
    side = state.sides[seat]
    in_hand(side.hand, part)
    if RANK[part] != "J":
        raise IllegalAction(t("Extra Jack places a Jack (Hydra) part; {part} is not a Jack.", part=label(part)))
    in_hand(side.hand, ace)
    if ace not in IS_ACE:
        raise IllegalAction(t("Extra Jack discards an Ace; {ace} is not an Ace.", ace=label(ace)))
    pid = state.players[seat]
    was_complete = has_drump(side.parts)
    side.hand.remove(ace)
    state.drop.append(ace)
    replaced = _set_part(state, side, part)
    events: list[Event] = [{"type": "extra_jack", "player": pid, "part": part, "ace": ace, "replaced": replaced}]
    part_placed(state, seat, was_complete, events)
    return events


def exchange(state: DrumpState, seat: int, action: dict[str, Any]) -> list[Event]:
    part = card_param(action, "part")
    take = action["take"]
    side = state.sides[seat]
    if state.exchanges >= MAX_EXCHANGES:
        raise IllegalAction(
            tn(
                "You may exchange at most {n} time per turn.",
                "You may exchange at most {n} times per turn.",
                MAX_EXCHANGES,
            )
        )
    in_hand(side.hand, part)
    if part not in IS_PART:
        raise IllegalAction(t("Only a Monster Part can be exchanged; {part} is a Force Card.", part=label(part)))
    if take == "draw":
        if not state.deck:
            raise IllegalAction(t("The deck is empty, so an exchange cannot draw; take a part from the drop zone."))
    else:
        if not isinstance(take, str):
            raise IllegalAction(t('\'take\' must be "draw" or a Monster Part in the drop zone, such as "QH".'))
        take = card_param(action, "take")
        if take not in IS_PART:
            raise IllegalAction(
                t("An exchange takes a Monster Part from the drop zone; {card} is not one.", card=label(take))
            )
        if take not in state.drop:
            raise IllegalAction(t("{card} is not in the drop zone.", card=label(take)))
    pid = state.players[seat]
    side.hand.remove(part)
    state.drop.append(part)
    state.exchanges += 1
    events: list[Event] = [{"type": "exchange", "player": pid, "part": part, "take": take}]
    if take == "draw":
        draw(state, seat, "exchange", events)  # cannot run dry: checked above
    else:
        state.drop.remove(take)
        insert_sorted(side.hand, take)
    return events


def end_turn(state: DrumpState, seat: int, action: dict[str, Any]) -> list[Event]:
    hand = state.sides[seat].hand
    events: list[Event] = []
    if len(hand) > HAND_LIMIT:
        state.phase = DISCARD
        events.append({"type": "trim", "player": state.players[seat], "count": len(hand) - HAND_LIMIT})
    else:
        finish_turn(state, events)
    return events


def discard(state: DrumpState, seat: int, action: dict[str, Any]) -> list[Event]:
    card = card_param(action, "card")
    hand = state.sides[seat].hand
    in_hand(hand, card)
    hand.remove(card)
    state.drop.append(card)
    events: list[Event] = [{"type": "discard", "player": state.players[seat], "card": card}]
    if len(hand) <= HAND_LIMIT:
        finish_turn(state, events)
    return events


def _set_part(state: DrumpState, side: Any, part: str) -> str | None:
    """Move ``part`` from hand to its slot; a part already there goes to the drop zone (returned)."""
    slot = SLOT[part]
    replaced = side.parts[slot] or None
    if replaced:
        state.drop.append(replaced)
    side.hand.remove(part)
    side.parts[slot] = part
    return replaced
