"""Checking and carrying out player actions.

Every action is checked completely (``check``) before anything changes, and
the check explains itself in a sentence the player sees. ``perform`` then
mutates the state and ``advance`` runs the engine on to the next decision.

Action types and their parameters, in the order a player decides them:

* ``pick_hero`` hero (a side name)
* ``pass`` (in a Plot Twist window)
* ``play`` card [target] [pick] [entry] [replace]
* ``buy`` slot [replace]; ``recruit`` slot [replace]; ``kahwin`` member
* ``hero_ability`` [target] [pick] [discard]; ``use`` card [target] [pick] [discard]
* ``collect``, or ``attack`` target (before Collecting: the turn then ends with the attack)
* ``attack`` target; ``end_turn``
* ``pay`` card, ``cancel`` (discarding cards to recruit)
* ``absorb`` member (which unmarried Member shields next)
* ``to_hand`` card (which card makes room when a type is full)
* ``react`` card [discard], ``decline`` (a reactive ability before losing Air Muka)
"""

from __future__ import annotations

from typing import Any

from bot.games.drama import combat, flow, shop
from bot.games.drama.cards import Ability
from bot.games.drama.effects import conditions_reason, param_keys, params_reason
from bot.games.drama.state import CARDS, DramaState, actions_left, active_cards, discard, player, remove_from_play
from bot.games.drama.windows import add_response, entry_name, open_window
from bot.kernel.contract import Action, Event, IllegalAction
from bot.kernel.i18n import t

TURN_TYPES = {"play", "buy", "recruit", "kahwin", "hero_ability", "use", "attack", "end_turn"}
CHOICE_TYPES = {
    "collect": "start",
    "pay": "pay",
    "cancel": "pay",
    "absorb": "absorb",
    "to_hand": "to_hand",
    "react": "react",
    "decline": "react",
}
ALL_TYPES = TURN_TYPES | set(CHOICE_TYPES) | {"pick_hero", "pass"}
INT_KEYS = {"card", "target", "pick", "entry", "replace", "slot", "member", "discard"}


def mode(state: DramaState, pid: int) -> str | None:
    """What ``pid`` is being asked for now: pick, window, turn, a choice kind, or None."""
    if state.phase == "over":
        return None
    if state.phase == "pick":
        return "pick" if state.pick_queue and state.pick_queue[0] == pid else None
    if state.choice is not None:
        return state.choice.kind if state.choice.player == pid else None
    if state.window is not None:
        return "window" if pid in state.window.waiting else None
    if state.phase == "action" and not state.agenda and state.turn.player == pid:
        return "turn"
    return None


#: What a pending decision asks of its player, for the refusal of anything else.
_PENDING = {
    "start": lambda: t("First choose: collect, or DENGKI at once."),
    "pay": lambda: t("First finish paying for your recruit (or cancel it)."),
    "absorb": lambda: t("First choose which MEMBER shields you."),
    "to_hand": lambda: t("First choose which card goes back to your hand."),
    "react": lambda: t("First decide whether to use your reactive ABILITY."),
}


def _wrong_mode(state: DramaState, pid: int, typ: str) -> str:
    if state.phase == "over":
        return t("The game is over.")
    if all(p.id != pid for p in state.players):
        return t("You are not playing in this game.")
    if not player(state, pid).alive:
        return t("You are out of the game.")
    if state.phase == "pick":
        return (
            t("Heroes are still being chosen; it is not your pick.")
            if typ == "pick_hero"
            else t("Heroes are still being chosen.")
        )
    if typ == "pick_hero":
        return t("Heroes have already been chosen.")
    if state.choice is not None:
        if state.choice.player != pid:
            return t("Another player is making a decision; wait for them.")
        return _PENDING.get(state.choice.kind, _PENDING["pay"])()
    if typ in CHOICE_TYPES:
        return t("There is no such decision waiting for you.")
    if state.window is not None:
        if typ in ("pass", "play"):
            if pid in state.window.answered:
                return t("You have already answered in this Plot Twist window.")
            if pid == state.turn.player:
                return t("You cannot respond now: a PLOT TWIST on your own turn needs an ACTION you do not have.")
            return t("You cannot respond in this window (you hold no cards).")
        return t("A Plot Twist window is open; wait until every player has answered.")
    if typ == "pass":
        return t("There is no Plot Twist window to pass in.")
    if pid != state.turn.player:
        return (
            t("It is not your turn.")
            if typ != "play"
            else t("It is not your turn; PLOT TWISTs can be played on other turns only when a window opens.")
        )
    return t("You can only do that in your Action phase.")


def _keys(action: Action, required: list[str], optional: tuple[str, ...] = ()) -> None:
    for k, v in action.items():
        if k == "type":
            continue
        if k not in required and k not in optional:
            raise IllegalAction(
                t("The '{action}' action takes no '{key}' parameter here.", action=action["type"], key=k)
            )
        if k in INT_KEYS and (not isinstance(v, int) or isinstance(v, bool)):
            raise IllegalAction(t("The '{key}' parameter must be a whole number.", key=k))
    for k in required:
        if k not in action:
            raise IllegalAction(t("Choose the '{key}' for '{action}'.", key=k, action=action["type"]))


def _need(why: str | None) -> None:
    if why:
        raise IllegalAction(why)


def check(state: DramaState, pid: int, action: Any) -> str:
    """Raise IllegalAction unless ``action`` is legal for ``pid``; returns the current mode."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction(t("An action must be an object with a 'type'."))
    typ = action["type"]
    if typ not in ALL_TYPES:
        raise IllegalAction(t("Drama Pukul 7 has no action '{action}'.", action=typ))
    m = mode(state, pid)
    if typ == "pass":
        ok = m == "window"
    elif typ == "play":
        ok = m == "window" or m == "turn"
    elif typ == "pick_hero":
        ok = m == "pick"
    elif typ == "attack":
        ok = m in ("turn", "start")
    else:
        ok = m == "turn" if typ in TURN_TYPES else m == CHOICE_TYPES[typ]
    if not ok:
        raise IllegalAction(_wrong_mode(state, pid, typ))
    assert m is not None  # every action type belongs to a mode, so ``ok`` needed one
    p = player(state, pid)
    if typ == "pick_hero":
        if set(action) != {"type", "hero"}:
            raise IllegalAction(t("The 'pick_hero' action takes exactly one parameter, 'hero'."))
        _need(None if action["hero"] in flow.pick_options(state, pid) else t("That hero side is not available to you."))
    elif typ in ("pass", "end_turn", "cancel", "decline", "collect"):
        _keys(action, [])
    elif typ == "play":
        _check_play(state, pid, action, m)
    elif typ in ("buy", "recruit"):
        _keys(action, ["slot"], ("replace",))
        _need((shop.buy_reason if typ == "buy" else shop.recruit_reason)(state, p, action))
    elif typ == "kahwin":
        _keys(action, ["member"])
        _need(shop.kahwin_reason(state, p, action["member"]))
    elif typ in ("hero_ability", "use"):
        _check_ability(state, pid, action)
    elif typ == "attack":
        _keys(action, ["target"])
        _need(t("A Cliffhanger stopped your turn: you cannot attack.") if state.turn.silenced else None)
        _need(
            None
            if any(o.id == action["target"] and o.alive and o.id != pid for o in state.players)
            else t("Attack another player who is still in the game.")
        )
    else:
        _check_choice(state, pid, action)
    return m


def _check_play(state: DramaState, pid: int, action: Action, m: str | None) -> None:
    p = player(state, pid)
    cid = action.get("card")
    if not isinstance(cid, int) or isinstance(cid, bool) or cid not in p.hand:
        raise IllegalAction(t("That card is not in your hand."))
    is_pt = CARDS.is_blue(cid) and CARDS.blue[cid].kind == "plot_twist"
    if m == "window" and not is_pt:
        raise IllegalAction(
            t("Only a PLOT TWIST can be played in response; other cards are played in your own Action phase.")
        )
    if pid == state.turn.player:
        _need(
            t("A Cliffhanger stopped your turn: you cannot play cards from your hand.") if state.turn.silenced else None
        )
        _need(t("You have no ACTION left this turn.") if actions_left(state) <= 0 else None)
    if CARDS.is_blue(cid):
        d = CARDS.blue[cid]
        _keys(action, ["card"] + param_keys(d.effects))
        _need(conditions_reason(state, pid, d.conditions))
        _need(params_reason(state, pid, d.effects, action))
    else:
        _keys(action, ["card"], ("replace",))
        _need(shop.replace_reason(p, cid, action))


def ability_of(state: DramaState, pid: int, action: Action) -> tuple[Ability, str | None]:
    """The ability an ability action names, with the reason it cannot be used now (or None)."""
    p = player(state, pid)
    if action["type"] == "hero_ability":
        ab = CARDS.hero(p.hero).ability
        return ab, (t("You already used your hero's ABILITY this turn.") if state.turn.hero_used else None)
    cid = action.get("card")
    if not isinstance(cid, int) or isinstance(cid, bool) or cid not in active_cards(p):
        if isinstance(cid, int) and cid in p.members:
            raise IllegalAction(t("A MEMBER's ABILITY works only once you KAHWIN them."))
        raise IllegalAction(t("That card is not in front of you."))
    ab = CARDS.g(cid).ability
    if ab.kind != "active":
        raise IllegalAction(
            t("That card has no active ABILITY (passive ones are always on; reactive ones answer a loss of AIR MUKA).")
        )
    return ab, (t("That card's ABILITY was already used this turn.") if cid in state.turn.used else None)


def _check_ability(state: DramaState, pid: int, action: Action) -> None:
    p = player(state, pid)
    ab, why = ability_of(state, pid, action)
    _need(why)
    if p.juta < ab.cost.juta:
        raise IllegalAction(t("That ABILITY costs {cost} Juta and you have {juta}.", cost=ab.cost.juta, juta=p.juta))
    if len(p.hand) < ab.cost.discard:
        raise IllegalAction(t("That ABILITY needs a card from your hand to discard."))
    keys = (
        (["card"] if action["type"] == "use" else [])
        + param_keys(ab.effects)
        + (["discard"] if ab.cost.discard else [])
    )
    _keys(action, keys)
    _need(conditions_reason(state, pid, ab.conditions))
    _need(params_reason(state, pid, ab.effects, action))
    if ab.cost.discard and action["discard"] not in p.hand:
        raise IllegalAction(t("Discard a card that is in your hand."))


def _check_choice(state: DramaState, pid: int, action: Action) -> None:
    c = state.choice
    assert c is not None
    p = player(state, pid)
    typ = action["type"]
    if typ == "pay":
        _keys(action, ["card"])
        _need(
            None
            if action["card"] in p.hand and action["card"] not in c.data["chosen"]
            else t("Pay with a card from your hand that you have not already chosen.")
        )
    elif typ in ("absorb", "to_hand"):
        key = "member" if typ == "absorb" else "card"
        _keys(action, [key])
        _need(None if action[key] in c.options else t("Choose one of the cards offered."))
    elif typ == "react":
        cid = action.get("card")
        if cid not in c.options:
            raise IllegalAction(t("Choose one of the reactive abilities offered."))
        cost = CARDS.g(cid).ability.cost
        _keys(action, ["card"] + (["discard"] if cost.discard else []))
        if cost.discard and action["discard"] not in p.hand:
            raise IllegalAction(t("Discard a card that is in your hand."))


def perform(state: DramaState, pid: int, action: Action, m: str) -> list[Event]:
    """Carry out a checked action, then run the engine to the next decision."""
    events: list[Event] = []
    p = player(state, pid)
    typ = action["type"]
    if typ == "pick_hero":
        flow.pick(state, pid, action["hero"], events)
        return events
    if typ == "pass":
        assert state.window is not None  # checked: a pass is made in the "window" mode
        state.window.answer(pid)
        events.append({"type": "pass", "player": pid})
    elif typ == "play":
        _do_play(state, pid, action, m, events)
    elif typ == "buy":
        shop.do_buy(state, p, action, events)
    elif typ == "recruit":
        shop.do_recruit(state, p, action, events)
    elif typ == "kahwin":
        shop.marry(state, p, action["member"], shop.kahwin_cost(p, action["member"]), events)
    elif typ in ("hero_ability", "use"):
        _do_ability(state, pid, action, events)
    elif typ == "collect":
        state.choice = None
        flow.do_collect(state, events)
    elif typ == "attack":
        if m == "start":
            state.choice = None
            events.append({"type": "early_attack", "player": pid})
        combat.declare_attack(state, p, action["target"], events)
    elif typ == "end_turn":
        events.append({"type": "no_attack", "player": pid})
        state.agenda.append({"do": "end_turn"})
    elif typ == "pay":
        assert state.choice is not None  # checked: paying is the "pay" choice's mode
        data = state.choice.data
        data["chosen"].append(action["card"])
        if len(data["chosen"]) >= data["need"]:
            state.choice = None
            shop.finish_recruit(state, p, data, events)
    elif typ == "cancel":
        state.choice = None
        events.append({"type": "recruit_cancelled", "player": pid})
    elif typ == "absorb":
        combat.answer_absorb(state, p, action["member"], events)
    elif typ == "to_hand":
        shop.answer_to_hand(state, p, action["card"], events)
    elif typ in ("react", "decline"):
        combat.answer_react(state, p, action.get("card"), action.get("discard"), events)
    flow.advance(state, events)
    return events


def _params(action: Action) -> dict[str, int]:
    return {k: action[k] for k in ("target", "pick", "entry") if k in action}


def _do_play(state: DramaState, pid: int, action: Action, m: str, events: list[Event]) -> None:
    p = player(state, pid)
    cid = action["card"]
    p.hand.remove(cid)
    if pid == state.turn.player:
        state.turn.actions_used += 1
    event = dict({"type": "play", "player": pid, "card": cid}, **_params(action))
    if "entry" in action and state.window is not None:
        target = state.window.stack[action["entry"]]
        event.update(against=entry_name(target), against_player=target["player"])
    events.append(event)
    if not CARDS.is_blue(cid):
        shop.put_in_play(state, p, cid, action.get("replace"), events)
        open_window(state, "played", exclude=pid)
        return
    discard(state, cid)
    entry = dict({"player": pid, "cls": CARDS.blue[cid].kind, "card": cid, "hero": ""}, **_params(action))
    if m == "window":
        add_response(state, pid, entry)
    else:
        open_window(state, "played", exclude=pid, base=entry)


def _do_ability(state: DramaState, pid: int, action: Action, events: list[Event]) -> None:
    p = player(state, pid)
    ab, _ = ability_of(state, pid, action)
    p.juta -= ab.cost.juta
    state.bank += ab.cost.juta
    if ab.cost.discard:
        p.hand.remove(action["discard"])
        discard(state, action["discard"])
    if action["type"] == "hero_ability":
        state.turn.hero_used = True
        entry = {"player": pid, "cls": "ability", "card": -1, "hero": p.hero, "side": p.side}
    else:
        cid = action["card"]
        state.turn.used.append(cid)
        if ab.cost.discard_self:
            remove_from_play(p, cid)
            discard(state, cid)
        entry = {"player": pid, "cls": "ability", "card": cid, "hero": ""}
    entry.update(_params(action))
    events.append(
        dict(
            {
                "type": "ability",
                "player": pid,
                "card": entry["card"],
                "hero": entry["hero"],
                "paid": action.get("discard"),
            },
            **_params(action),
        )
    )
    open_window(state, "played", exclude=pid, base=entry)
