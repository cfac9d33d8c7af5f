"""The attack exchange: attack, the defender's block window, re-attack or stop.

An attack sends a Force Card from hand at a non-empty opposing zone and opens
a response window (``ResponseWindow`` kind "block") for the defender, who
blocks with a Monster Part or an Ace, or lets it through. The window opens
even when the defender holds nothing to block with, so its absence never
tells the attacker what the defender holds. After a block the attacker (on
their own turn, not in a window) re-attacks the same zone with a higher card
or stops. An Ace block ends the attack; an Ace re-attack is always allowed
and cannot be blocked. A blocked Ace counts 1 as the value to beat.
"""

from __future__ import annotations

from typing import Any

from bot.games.drump.cards import ATTACK_TARGET, IS_ACE, IS_FORCE, IS_PART, VALUE, high_sum, label
from bot.games.drump.checks import card_param, in_hand, zone_param
from bot.games.drump.flow import draw
from bot.games.drump.state import BLOCK, MAIN, REATTACK, DrumpState
from bot.kernel.contract import Event, IllegalAction
from bot.kernel.i18n import t
from bot.kernel.response_window import ResponseWindow


def attack(state: DrumpState, seat: int, action: dict[str, Any]) -> list[Event]:
    zone = zone_param(action, "target")
    card = card_param(action, "card")
    if state.attacked:
        raise IllegalAction(t("You already attacked this turn."))
    hand = state.sides[seat].hand
    in_hand(hand, card)
    if card not in IS_FORCE:
        raise IllegalAction(
            t(
                "An attack is made with a Force Card (A to 9); {card} is a Monster Part and may only "
                "re-attack after a block.",
                card=label(card),
            )
        )
    if not state.sides[1 - seat].zones[zone]:
        raise IllegalAction(t("Your opponent's zone {zone} is empty; attack a zone that holds cards.", zone=zone + 1))
    hand.remove(card)
    state.attacked = True
    state.attack_zone = zone
    state.blocks = []
    events: list[Event] = [
        {
            "type": "attack",
            "player": state.players[seat],
            "target": state.players[1 - seat],
            "zone": zone,
            "card": card,
            "reattack": False,
        }
    ]
    _open_window(state, seat, card)
    return events


def block(state: DrumpState, seat: int, action: dict[str, Any]) -> list[Event]:
    card = card_param(action, "card")
    hand = state.sides[seat].hand
    in_hand(hand, card)
    if card not in IS_PART and card not in IS_ACE:
        raise IllegalAction(
            t("Block with a Monster Part (10, J, Q or K) or an Ace; {card} is neither.", card=label(card))
        )
    pid = state.players[seat]
    window = state.window
    assert window is not None
    window.answer(pid)
    hand.remove(card)
    hit = state.attack_card
    state.drop.append(hit)
    state.drop.append(card)
    state.blocks.append([hit, card])
    state.attack_card = ""
    state.window = None
    ace = card in IS_ACE
    events: list[Event] = [{"type": "block", "player": pid, "card": card, "blocked": hit, "ace": ace}]
    if ace:
        _end_attack(state)
        events.append({"type": "attack_end", "player": state.players[1 - seat], "reason": "ace_block"})
    else:
        state.phase = REATTACK
    draw(state, seat, "block", events)
    return events


def no_block(state: DrumpState, seat: int, action: dict[str, Any]) -> list[Event]:
    window = state.window
    assert window is not None
    window.answer(state.players[seat])
    state.window = None
    events: list[Event] = [{"type": "no_block", "player": state.players[seat]}]
    _resolve(state, 1 - seat, events)
    return events


def reattack(state: DrumpState, seat: int, action: dict[str, Any]) -> list[Event]:
    card = card_param(action, "card")
    hand = state.sides[seat].hand
    in_hand(hand, card)
    ace = card in IS_ACE
    if not ace and VALUE[card] <= state.attack_value:
        raise IllegalAction(
            t(
                "A re-attack needs a card worth more than {value} (or an Ace); {card} is worth {worth}.",
                value=state.attack_value,
                card=label(card),
                worth=VALUE[card],
            )
        )
    hand.remove(card)
    events: list[Event] = [
        {
            "type": "attack",
            "player": state.players[seat],
            "target": state.players[1 - seat],
            "zone": state.attack_zone,
            "card": card,
            "reattack": True,
        }
    ]
    if ace:
        state.attack_card = card
        _resolve(state, seat, events)
    else:
        _open_window(state, seat, card)
    return events


def stop(state: DrumpState, seat: int, action: dict[str, Any]) -> list[Event]:
    _end_attack(state)
    return [{"type": "attack_end", "player": state.players[seat], "reason": "stop"}]


def _open_window(state: DrumpState, seat: int, card: str) -> None:
    state.attack_card = card
    state.attack_value = VALUE[card]
    state.window = ResponseWindow.open("block", [state.players[1 - seat]], {"zone": state.attack_zone})
    state.phase = BLOCK


def _resolve(state: DrumpState, seat: int, events: list[Event]) -> None:
    """The attack card of ``seat`` gets through: reveal the zone, then clear it (14+) or stay in it."""
    foe = state.sides[1 - seat]
    zone = state.attack_zone
    cards = foe.zones[zone]
    card = state.attack_card
    if not all(foe.up[zone]):
        foe.up[zone] = [True] * len(cards)
        events.append({"type": "reveal", "player": state.players[1 - seat], "zone": zone, "cards": list(cards)})
    total = high_sum(cards) + high_sum((card,))
    state.attack_card = ""
    pid = state.players[seat]
    if total >= ATTACK_TARGET:
        moved = cards + [card]
        state.drop.extend(moved)
        foe.zones[zone] = []
        foe.up[zone] = []
        events.append({"type": "attack_success", "player": pid, "zone": zone, "cards": moved, "total": total})
        _end_attack(state)
        draw(state, seat, "attack", events)
    else:
        cards.append(card)
        foe.up[zone].append(True)
        events.append({"type": "attack_fail", "player": pid, "zone": zone, "card": card, "total": total})
        _end_attack(state)


def _end_attack(state: DrumpState) -> None:
    state.attack_zone = -1
    state.attack_value = 0
    state.blocks = []
    state.window = None
    state.phase = MAIN
