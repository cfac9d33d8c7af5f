"""Checking and applying one action. Every check runs before the first change, so an illegal
action raises IllegalAction with the state exactly as it was."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.kernel.contract import Action, Event, IllegalAction
from bot.kernel.i18n import t

from . import flow, negotiation
from .cards import load_cards
from .legal import actors
from .state import CHALLENGE, OVER, RECONCILE_PRICE, RESPOND, Battle, GocengState

#: Who decides each action type: the stage of the game it belongs to.
CHALLENGER, CHALLENGED, HOLDER = "challenger", "challenged", "holder"
HELPER, BATTLER, TARGET = "helper", "battler", "target"

Handler = Callable[[GocengState, int, Action], list[Event]]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_shape(action: Any) -> str:
    """The action's type after checking it is a well-formed dict; raises otherwise."""
    if not isinstance(action, dict):
        raise IllegalAction(t('An action must be a JSON object with a "type".'))
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in SPECS:
        shown = repr(kind) if len(repr(kind)) <= 30 else repr(kind)[:30] + "..."
        raise IllegalAction(
            t("Unknown action type {shown}; Mat Goceng actions are {actions}.", shown=shown, actions=", ".join(SPECS))
        )
    expected = SPECS[kind][1]
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


def stage_of(state: GocengState, player: int) -> str:
    """The stage ``player`` decides in now (their role in an open Extra Power window included)."""
    if state.pending is not None:
        return TARGET
    if state.phase == CHALLENGE:
        return CHALLENGER
    if state.phase == RESPOND:
        return CHALLENGED
    battle = state.battle
    assert battle is not None  # past the challenge and the answer, the game is in a battle
    if battle.window is not None:
        return BATTLER if player == battle.holder else HELPER
    return HOLDER


def _expected(state: GocengState, player: int) -> list[str]:
    """The action types the pending decision allows this player, for a readable 'wrong phase' reason."""
    if state.pending is not None:
        return [state.pending.kind]
    stage = stage_of(state, player)
    return [kind for kind, (at, _, _) in SPECS.items() if at == stage]


def apply(state: GocengState, player: Any, action: Any) -> list[Event]:
    if state.phase == OVER:
        raise IllegalAction(t("The game is over."))
    kind = check_shape(action)
    if not _is_int(player) or player not in state.players:
        raise IllegalAction(t("You are not playing in this game."))
    if player not in actors(state):
        battle = state.battle
        if battle is not None and battle.window is not None and player == battle.holder:
            raise IllegalAction(t("No offer stands yet: the players outside the battle are still deciding."))
        raise IllegalAction(t("It is not your turn to act."))
    expected = _expected(state, player)
    if kind not in expected:
        words = [k.replace("_", " ") for k in expected]
        waiting = words[0]
        for k in words[1:]:
            waiting = t("{left} or {right}", left=waiting, right=k)
        raise IllegalAction(
            t(
                "You cannot {action} now; the game is waiting for {expected}.",
                action=kind.replace("_", " "),
                expected=waiting,
            )
        )
    stage, _, handler = SPECS[kind]
    if stage not in (HELPER, BATTLER):
        return handler(state, player, action)
    before = negotiation.window_actors(state)
    events = handler(state, player, action)
    negotiation.new_round_if_asked(state, before)
    return events


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
        raise IllegalAction(
            t(
                "Reconciling costs {price} silver and you have {coins}; you must fight.",
                price=RECONCILE_PRICE,
                coins=state.coins[player],
            )
        )
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
    return [
        {"type": "fight", "player": player, "against": state.active},
        {"type": "punch", "player": state.active, "owed": 1},
    ]


# --- battle: the punch token holder ------------------------------------------------------------


def _battle(state: GocengState) -> Battle:
    """The battle a battle action is made in (the stage check lets them through only in one)."""
    battle = state.battle
    assert battle is not None
    return battle


def _play(state: GocengState, player: int, action: Action) -> list[Event]:
    battle = _battle(state)
    card = action["card"]
    if card not in state.hands[player]:
        raise IllegalAction(t("That card is not in your hand."))
    if not flow.fits(battle, player, card):
        raise IllegalAction(t("That card's top fist does not match the bottom fist of your line's last card."))
    state.hands[player].remove(card)
    events: list[Event] = [{"type": "play", "player": player, "card": card}]
    return events + flow.place_card(state, battle, card, player)


def _ask_help(state: GocengState, player: int, action: Action) -> list[Event]:
    battle = _battle(state)
    if battle.asked:
        raise IllegalAction(t("You already asked for Extra Power for this card; play on alone or lose."))
    battle.asked = True
    return [flow.open_window(state, battle)]


def _give_up(state: GocengState, player: int, action: Action) -> list[Event]:
    battle = _battle(state)
    if flow.fitting_cards(state, battle, player, player):
        raise IllegalAction(t("You can still continue your line, so you cannot give up."))
    return [{"type": "give_up", "player": player}] + flow.lose_battle(state, battle, player)


# --- Ajian targets -----------------------------------------------------------------------------


def _target(state: GocengState, player: int, action: Action) -> list[Event]:
    pending = state.pending
    assert pending is not None  # the TARGET stage is the one with an Ajian target pending
    if action["target"] not in pending.candidates:
        if pending.kind == "peek":
            raise IllegalAction(t("You cannot see the character of that player."))
        raise IllegalAction(t("You cannot take a card from that player."))
    return flow.resolve_target(state, pending.kind, player, action["target"])


#: Every action in one table: type -> (the stage it belongs to, its parameters in the order a
#: person decides them, its handler). Checking the shape, the stage and dispatching all read it.
SPECS: dict[str, tuple[str, tuple[str, ...], Handler]] = {
    "challenge": (CHALLENGER, ("target",), _challenge),
    "reconcile": (CHALLENGED, (), _reconcile),
    "fight": (CHALLENGED, (), _fight),
    "play": (HOLDER, ("card",), _play),
    "ask_help": (HOLDER, (), _ask_help),
    "give_up": (HOLDER, (), _give_up),
    "offer": (HELPER, ("card", "price"), negotiation.offer),
    "stand": (HELPER, (), negotiation.stand),
    "withdraw": (HELPER, (), negotiation.withdraw),
    "decline": (HELPER, (), negotiation.decline),
    "take_counter": (HELPER, (), negotiation.take_counter),
    "refuse_counter": (HELPER, (), negotiation.refuse_counter),
    "accept": (BATTLER, ("helper",), negotiation.accept),
    "counter": (BATTLER, ("helper", "price"), negotiation.counter),
    "no_help": (BATTLER, (), negotiation.no_help),
    "peek": (TARGET, ("target",), _target),
    "kasbon": (TARGET, ("target",), _target),
}
