"""Decisions a player makes while effects resolve: the options of each, and their result.

Each pending decision kind has an ``options`` function (the complete list of legal
actions) and a ``resolve`` function that assumes the action is one of those options.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .board import with_move
from .cards import RESOURCES, Cost, cards
from .dreams import complete
from .economy import (
    amounts,
    dream_payments,
    give,
    job_discounts,
    job_payments,
    mix_key,
    mixes,
    one,
    pay,
    paying_for,
    salary_tasks,
    transfer,
)
from .flow import rain_victims
from .powers import HINDERING_NEWS, dream_done, holder, immune, news_effect
from .state import LagaState, PlayerState, Task, schedule
from .tiles import deck_of, draw, return_looked

Action = dict[str, Any]
Event = dict[str, Any]


def _paid(a: Action) -> Cost:
    return (a["coin"], a["pride"], a["skill"])


# --- options ------------------------------------------------------------------
def gain_options(state: LagaState, p: PlayerState, task: Task) -> list[Action]:
    # ``take`` leads: each mix is one choice on the picker's first step ("🪙 1 Coin + ⭐ 1 Skill")
    return [{"take": mix_key(m), "type": "take", **amounts(m)} for m in mixes(task.data["amount"])]


def salary_options(state: LagaState, p: PlayerState, task: Task) -> list[Action]:
    # ``mode`` leads: both answers on the picker's first step
    return [{"mode": "salary", "type": "salary"}, {"mode": "coins", "type": "salary"}]


def steal_options(state: LagaState, p: PlayerState, task: Task) -> list[Action]:
    victim = state.player(task.data["from"])
    # ``resource`` leads: what to take is the one choice (whom from is fixed by the task)
    return [{"resource": r, "type": "steal", "from": victim.pid} for r in RESOURCES if victim.res[r] > 0]


def transit_options(state: LagaState, p: PlayerState, task: Task) -> list[Action]:
    return [{"tile": tile, "type": "activate"} for tile, _ in task.data["options"]]  # the tile is the one choice


def stasiun_options(state: LagaState, p: PlayerState, task: Task) -> list[Action]:
    acts: list[Action] = []
    pays = ["free"] if dream_done(p, "shopping_spree") else [r for r in RESOURCES if p.res[r] > 0]
    for tile in state.ring:
        if tile != "stasiun":
            # ``copy`` leads: the tile and the payment together are one choice
            acts.extend({"copy": f"{tile}:{r}", "type": "copy", "tile": tile, "pay": r} for r in pays)
    acts.append({"copy": "none", "type": "done"})
    return acts


def cards_options(state: LagaState, p: PlayerState, task: Task) -> list[Action]:
    """The cards seen, one more look, or done; ``pick`` leads, so each is one choice (a Job's payment,
    when there are several ways to pay, is the next)."""
    c = cards()
    acts: list[Action] = []
    kind = task.data["deck"]
    if kind == "job":
        voucher = dream_done(p, "english_course")
        for name in state.looking:
            card = c.jobs[name]
            acts.extend(
                {"pick": f"hire:{name}", "type": "hire", "card": name, "paying": mix_key(m), **amounts(m)}
                for m in job_payments(state, p, card)
            )
            if voucher and card.level == 2:
                acts.append({"pick": f"free:{name}", "type": "hire_free", "card": name})
    else:
        acts.extend({"pick": f"keep:{name}", "type": "keep", "card": name} for name in state.looking)
    if deck_of(state, kind):
        acts.extend({"pick": f"look:{r}", "type": "look", "pay": r} for r in RESOURCES if p.res[r] > 0)
    acts.append({"pick": "done", "type": "done"})
    return acts


def complete_options(state: LagaState, p: PlayerState, task: Task) -> list[Action]:
    c = cards()
    acts: list[Action] = []
    for name in p.dreams:
        acts.extend(
            {"pick": f"complete:{name}", "type": "complete", "card": name, "paying": mix_key(m), **amounts(m)}
            for m in dream_payments(state, p, c.dreams[name])
        )
    acts.append({"pick": "done", "type": "done"})
    return acts


def news_options(state: LagaState, p: PlayerState, task: Task) -> list[Action]:
    """Ignore the News or let it apply; the likelier wish first (a silent player's default)."""
    both = [{"choice": "ignore", "type": "news"}, {"choice": "accept", "type": "news"}]
    return both if news_effect(state) in HINDERING_NEWS else both[::-1]


# --- results ------------------------------------------------------------------
def resolve_gain(state: LagaState, p: PlayerState, task: Task, a: Action, events: list[Event]) -> None:
    state.tasks.pop()
    give(p, _paid(a), task.data["reason"], events)


def resolve_salary(state: LagaState, p: PlayerState, task: Task, a: Action, events: list[Event]) -> None:
    state.tasks.pop()
    if a["mode"] == "salary":
        schedule(state, salary_tasks(state, p, "salary", events))
        return
    events.append({"type": "ability", "player": p.pid, "ability": "make_it_rain"})
    for q in rain_victims(state, p):
        transfer(q, p, "coin", 1, "Make It Rain", events)


def resolve_steal(state: LagaState, p: PlayerState, task: Task, a: Action, events: list[Event]) -> None:
    state.tasks.pop()
    transfer(state.player(a["from"]), p, a["resource"], 1, "Petting Ragunan Tiger", events)


def resolve_transit(state: LagaState, p: PlayerState, task: Task, a: Action, events: list[Event]) -> None:
    state.tasks.pop()
    options = task.data["options"]
    count = next(n for tile, n in options if tile == a["tile"])
    how = "land" if a["tile"] == options[0][0] else "transit"
    schedule(state, [Task("activate", p.pid, {"tile": a["tile"], "count": count, "how": how})])


def resolve_stasiun(state: LagaState, p: PlayerState, task: Task, a: Action, events: list[Event]) -> None:
    state.tasks.pop()
    if a["type"] == "done":
        events.append({"type": "decline", "player": p.pid, "what": "stasiun"})
        return
    if a["pay"] != "free":
        thug = holder(state, "thug_life")
        to = thug if thug is not None and thug is not p and not immune(state, p, thug) else None
        pay(p, one(a["pay"]), "Stasiun", events, to=to)
    schedule(state, [Task("activate", p.pid, {"tile": a["tile"], "count": task.data["count"], "how": "copy"})])


def resolve_cards(state: LagaState, p: PlayerState, task: Task, a: Action, events: list[Event]) -> None:
    kind = task.data["deck"]
    t = a["type"]
    if t == "look":
        pay(p, one(a["pay"]), "looking at another card", events)
        draw(state, p, kind, 1, events)
        return
    if t in ("hire", "hire_free"):
        if t == "hire":
            pay(p, _paid(a), paying_for(f"changing Job to {a['card']}", job_discounts(state, p)), events)
        else:
            voucher = cards().dream_by_effect["english_course"]
            p.completed.remove(voucher)
            state.dream_deck.append(voucher)
            events.append({"type": "voucher", "player": p.pid, "card": voucher})
        state.looking.remove(a["card"])
        p.jobs.append(a["card"])
        # A fine holds until the next Salary phase: a Job taken after it is placed face down.
        events.append({"type": "hire", "player": p.pid, "card": a["card"], "face_down": p.face_down})
    elif t == "keep":
        state.looking.remove(a["card"])
        p.dreams.append(a["card"])
        events.append({"type": "keep", "player": p.pid})
        events.append({"type": "kept", "player": p.pid, "card": a["card"], "visible_to": [p.pid]})
        task.data["keep"] -= 1
        if task.data["keep"] > 0 and state.looking:
            return
    state.tasks.pop()
    return_looked(state, p, kind, events)


def resolve_complete(state: LagaState, p: PlayerState, task: Task, a: Action, events: list[Event]) -> None:
    state.tasks.pop()
    if a["type"] == "complete":
        schedule(state, complete(state, p, a["card"], _paid(a), events))


def resolve_news(state: LagaState, p: PlayerState, task: Task, a: Action, events: list[Event]) -> None:
    state.tasks.pop()
    if a["choice"] == "accept":
        state.accepted_news.append(p.pid)
        events.append({"type": "accept_news", "player": p.pid, "card": state.news})
    else:
        state.ignored_news.append(p.pid)
        events.append({"type": "ignore_news", "player": p.pid, "card": state.news})


def with_derived_keys(state: LagaState, action: Any) -> Any:
    """An action given without the keys that only restate its others gets them (see ``board.with_move``),
    Stasiun's ``copy`` included, so a hand-written action and the picker's are the same action."""
    action = with_move(action)
    if not isinstance(action, dict) or not state.tasks:
        return action
    if state.tasks[-1].kind in ("cards", "complete") and "pick" not in action:
        pick = _pick_of(action)
        return {"pick": pick, **action} if pick else action
    if "copy" in action or state.tasks[-1].kind != "stasiun":
        return action
    if action.get("type") == "done" and len(action) == 1:
        return {"copy": "none", **action}
    if action.get("type") == "copy" and isinstance(action.get("tile"), str) and isinstance(action.get("pay"), str):
        return {"copy": f"{action['tile']}:{action['pay']}", **action}
    return action


#: The ``pick`` of a card decision's action: its prefix and the key naming the card (or payment).
PICKS = {
    "look": ("look", "pay"),
    "hire": ("hire", "card"),
    "hire_free": ("free", "card"),
    "keep": ("keep", "card"),
    "complete": ("complete", "card"),
}


def _pick_of(action: dict[str, Any]) -> str:
    if action.get("type") == "done" and len(action) == 1:
        return "done"
    kind = action.get("type")
    prefix, key = PICKS.get(kind, ("", "")) if isinstance(kind, str) else ("", "")
    return f"{prefix}:{action[key]}" if prefix and isinstance(action.get(key), str) else ""


Options = Callable[[LagaState, PlayerState, Task], list[Action]]
Resolve = Callable[[LagaState, PlayerState, Task, Action, list[Event]], None]
DECISIONS: dict[str, tuple[Options, Resolve]] = {
    "gain": (gain_options, resolve_gain),
    "salary_choice": (salary_options, resolve_salary),
    "steal": (steal_options, resolve_steal),
    "transit": (transit_options, resolve_transit),
    "stasiun": (stasiun_options, resolve_stasiun),
    "cards": (cards_options, resolve_cards),
    "complete": (complete_options, resolve_complete),
    "news_choice": (news_options, resolve_news),
}
