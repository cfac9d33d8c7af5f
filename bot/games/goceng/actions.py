"""Checking and applying one action. Every check runs before the first change, so an illegal
action raises IllegalAction with the state exactly as it was."""

from __future__ import annotations

from typing import Any, Callable

from bot.engine import Action, Event, IllegalAction
from bot.i18n import t

from . import flow
from .cards import load_cards
from .legal import actors, kept, max_price, offer_index
from .state import CHALLENGE, OVER, RECONCILE_PRICE, RESPOND, GocengState

#: Parameters of each action type, in order.
SHAPES: dict[str, tuple[str, ...]] = {
    "challenge": ("target",), "reconcile": (), "fight": (),
    "play": ("card",), "ask_help": (), "give_up": (),
    "offer": ("card", "price"), "keep_offer": (), "withdraw": (), "decline": (),
    "accept": ("helper",), "no_help": (),
    "peek": ("target",), "kasbon": ("target",),
}
_WINDOW_HELPER = ("offer", "keep_offer", "withdraw", "decline")
_WINDOW_BATTLER = ("accept", "no_help")
_HOLDER = ("play", "ask_help", "give_up")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_shape(action: Any) -> str:
    """The action's type after checking it is a well-formed dict; raises otherwise."""
    if not isinstance(action, dict):
        raise IllegalAction(t('An action must be a JSON object with a "type".'))
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in SHAPES:
        shown = repr(kind) if len(repr(kind)) <= 30 else repr(kind)[:30] + "..."
        raise IllegalAction(t("Unknown action type {shown}; Mat Goceng actions are {actions}.",
                              shown=shown, actions=', '.join(SHAPES)))
    expected = SHAPES[kind]
    extra = sorted(set(action) - {"type", *expected})
    missing = [k for k in expected if k not in action]
    if missing or extra:
        if not expected:
            raise IllegalAction(t("The {kind} action needs exactly: no parameters.", kind=kind))
        raise IllegalAction(t("The {kind} action needs exactly: {expected}.", kind=kind, expected=", ".join(expected)))
    for key in ("target", "helper", "price"):
        if key in action and not _is_int(action[key]):
            raise IllegalAction(t("The {key} of a {kind} action must be a whole number.", key=key, kind=kind))
    if "card" in action and (not isinstance(action["card"], str) or action["card"] not in load_cards().skills):
        shown = repr(action["card"])[:30]
        raise IllegalAction(t("There is no skill card called {shown}.", shown=shown))
    return kind


def _expected(state: GocengState) -> tuple[str, ...]:
    """The action types the pending decision allows, for a readable 'wrong phase' reason."""
    if state.pending is not None:
        return (state.pending.kind,)
    if state.phase == CHALLENGE:
        return ("challenge",)
    if state.phase == RESPOND:
        return ("reconcile", "fight")
    if state.battle.window is not None:
        return _WINDOW_HELPER + _WINDOW_BATTLER
    return _HOLDER


def apply(state: GocengState, player: Any, action: Any) -> list[Event]:
    if state.phase == OVER:
        raise IllegalAction(t("The game is over."))
    kind = check_shape(action)
    if not _is_int(player) or player not in state.players:
        raise IllegalAction(t("You are not playing in this game."))
    if player not in actors(state):
        raise IllegalAction(t("It is not your turn to act."))
    if kind not in _expected(state):
        expected = [k.replace("_", " ") for k in _expected(state)]
        waiting = expected[0]
        for k in expected[1:]:
            waiting = t("{left} or {right}", left=waiting, right=k)
        raise IllegalAction(t("You cannot {action} now; the game is waiting for {expected}.",
                              action=kind.replace("_", " "), expected=waiting))
    return _HANDLERS[kind](state, player, action)


# --- challenge phase ----------------------------------------------------------------------------

def _challenge(state: GocengState, player: int, action: Action) -> list[Event]:
    target = action["target"]
    if target == player or target not in state.players:
        raise IllegalAction(t("Challenge another player at this table."))
    if target in state.challenged:
        raise IllegalAction(t("You already challenged that player this turn."))
    state.challenged.append(target)
    state.target = target
    state.phase = RESPOND
    return [{"type": "challenge", "player": player, "target": target}]


def _reconcile(state: GocengState, player: int, action: Action) -> list[Event]:
    if state.coins[player] < RECONCILE_PRICE:
        raise IllegalAction(t("Reconciling costs {price} silver and you have {coins}; you must fight.",
                              price=RECONCILE_PRICE, coins=state.coins[player]))
    active = state.active
    flow.pay(state, player, active, RECONCILE_PRICE)
    events: list[Event] = [{"type": "reconcile", "player": player, "to": active, "amount": RECONCILE_PRICE}]
    state.target = None
    if any(p not in state.challenged for p in state.others(active)):
        state.phase = CHALLENGE
        return events
    events.append({"type": "all_reconciled", "player": active})
    events += flow.draw_to_hand_size(state, active)
    return events + flow.end_turn(state)


def _fight(state: GocengState, player: int, action: Action) -> list[Event]:
    flow.start_battle(state, state.active, player)
    state.target = None
    return [{"type": "fight", "player": player, "against": state.active},
            {"type": "punch", "player": state.active, "owed": 1}]


# --- battle: the punch token holder ------------------------------------------------------------

def _play(state: GocengState, player: int, action: Action) -> list[Event]:
    battle = state.battle
    card = action["card"]
    if card not in state.hands[player]:
        raise IllegalAction(t("That card is not in your hand."))
    if not flow.fits(battle, player, card):
        raise IllegalAction(t("That card's top fist does not match the bottom fist of your line's last card."))
    state.hands[player].remove(card)
    events: list[Event] = [{"type": "play", "player": player, "card": card}]
    return events + flow.place_card(state, battle, card, player)


def _ask_help(state: GocengState, player: int, action: Action) -> list[Event]:
    battle = state.battle
    if battle.asked:
        raise IllegalAction(t("You already asked for Extra Power for this card; play on alone or lose."))
    battle.asked = True
    return [flow.open_window(state, battle)]


def _give_up(state: GocengState, player: int, action: Action) -> list[Event]:
    battle = state.battle
    if flow.fitting_cards(state, battle, player, player):
        raise IllegalAction(t("You can still continue your line, so you cannot give up."))
    return [{"type": "give_up", "player": player}] + flow.lose_battle(state, battle, player)


# --- the Extra Power window --------------------------------------------------------------------

def _offer(state: GocengState, player: int, action: Action) -> list[Event]:
    battle = state.battle
    window = battle.window
    if player == battle.holder:
        raise IllegalAction(t("You are the battler; players outside the battle make the offers."))
    card, price = action["card"], action["price"]
    if card not in state.hands[player]:
        raise IllegalAction(t("That card is not in your hand."))
    if not flow.fits(battle, battle.holder, card):
        raise IllegalAction(t("That card does not fit the battler's line."))
    if not 0 <= price <= max_price(state):
        raise IllegalAction(t("A price must be 0 to {most} silver.", most=max_price(state)))
    current = offer_index(state, player)
    offer = {"player": player, "card": card, "price": price}
    if current is None:
        window.answer(player)
        window.stack.append(offer)
    elif window.stack[current] == offer:
        raise IllegalAction(t("That is already your offer."))
    else:
        window.stack[current] = offer
    battler = battle.holder
    return [{"type": "offer", "player": player, "price": price, "changed": current is not None},
            {"type": "offer_card", "player": player, "card": card, "price": price, "visible_to": [battler, player]}]


def _keep_offer(state: GocengState, player: int, action: Action) -> list[Event]:
    """The offer stands as it is until the battler decides; the helper is not asked again."""
    window = state.battle.window
    if offer_index(state, player) is None:
        raise IllegalAction(t("You have no offer to keep."))
    window.context["kept"] = [*kept(state), player]
    return [{"type": "keep_offer", "player": player}]


def _withdraw(state: GocengState, player: int, action: Action) -> list[Event]:
    window = state.battle.window
    current = offer_index(state, player)
    if current is None:
        raise IllegalAction(t("You have no offer to withdraw."))
    del window.stack[current]
    window.answered.remove(player)
    order = state.others(state.battle.holder)
    window.waiting = sorted([*window.waiting, player], key=order.index)
    return [{"type": "withdraw", "player": player}]


def _decline(state: GocengState, player: int, action: Action) -> list[Event]:
    battle = state.battle
    window = battle.window
    if player == battle.holder:
        raise IllegalAction(t("You are the battler; to refuse every offer, choose no help."))
    current = offer_index(state, player)
    if current is not None:
        del window.stack[current]
    else:
        window.answer(player)
    events: list[Event] = [{"type": "decline", "player": player}]
    if not window.waiting and not window.stack:
        events += _close_without_help(state)
    return events


def _accept(state: GocengState, player: int, action: Action) -> list[Event]:
    battle = state.battle
    if player != battle.holder:
        raise IllegalAction(t("Only the battler who asked for help can accept an offer."))
    helper = action["helper"]
    current = offer_index(state, helper) if _is_int(helper) else None
    if current is None:
        raise IllegalAction(t("That player has no offer standing."))
    offer = battle.window.stack[current]
    if offer["price"] > state.coins[player]:
        raise IllegalAction(t("You cannot afford that offer: it costs {price} silver and you have {coins}.",
                              price=offer['price'], coins=state.coins[player]))
    card, price = offer["card"], offer["price"]
    battle.window = None
    state.hands[helper].remove(card)
    flow.pay(state, player, helper, price)
    events: list[Event] = [{"type": "accept", "player": player, "helper": helper, "card": card, "price": price}]
    return events + flow.place_card(state, battle, card, helper)


def _no_help(state: GocengState, player: int, action: Action) -> list[Event]:
    if player != state.battle.holder:
        raise IllegalAction(t("Only the battler who asked for help can close the window."))
    return _close_without_help(state)


def _close_without_help(state: GocengState) -> list[Event]:
    """No offer taken: the battler plays on alone, or loses at once with nothing that fits."""
    battle = state.battle
    battler = battle.holder
    battle.window = None
    events: list[Event] = [{"type": "no_help", "player": battler}]
    if not flow.fitting_cards(state, battle, battler, battler):
        events += flow.lose_battle(state, battle, battler)
    return events


# --- Ajian targets -----------------------------------------------------------------------------

def _target(state: GocengState, player: int, action: Action) -> list[Event]:
    pending = state.pending
    if action["target"] not in pending.candidates:
        if pending.kind == "peek":
            raise IllegalAction(t("You cannot see the character of that player."))
        raise IllegalAction(t("You cannot take a card from that player."))
    return flow.resolve_target(state, pending.kind, player, action["target"])


_HANDLERS: dict[str, Callable[[GocengState, int, Action], list[Event]]] = {
    "challenge": _challenge, "reconcile": _reconcile, "fight": _fight,
    "play": _play, "ask_help": _ask_help, "give_up": _give_up,
    "offer": _offer, "keep_offer": _keep_offer, "withdraw": _withdraw, "decline": _decline,
    "accept": _accept, "no_help": _no_help,
    "peek": _target, "kasbon": _target,
}
