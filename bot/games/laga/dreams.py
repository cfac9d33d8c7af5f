"""Completing a Dream and the one-off effects that fire when it is completed.

Lasting Dream effects (discounts, immunity, ignoring News, end-of-game points) are
read from the completed list wherever they matter; only the effects that happen once,
at completion, are here.
"""

from __future__ import annotations

from typing import Any

from .cards import RESOURCES, Cost, cards
from .economy import dream_discounts, fine, give, pay, paying_for, salary_tasks, transfer
from .powers import immune, level, news_on, others
from .state import LagaState, PlayerState, Task


def complete(state: LagaState, p: PlayerState, name: str, cost: Cost, events: list[dict[str, Any]]) -> list[Task]:
    """Pay ``cost``, reveal ``name`` as completed and run its completion effect."""
    pay(p, cost, paying_for(f"completing {name}", dream_discounts(state, p)), events)
    p.dreams.remove(name)
    p.completed.append(name)
    events.append({"type": "complete", "player": p.pid, "card": name})
    effect = cards().dreams[name].effect
    tasks: list[Task] = []
    if effect == "watch_persija_match":
        give(p, (0, 0, len(state.players)), name, events)
    elif effect == "petting_ragunan_tiger":
        for q in others(state, p):
            if immune(state, q, p):
                events.append({"type": "immune", "player": q.pid, "card": name})
                continue
            kinds = [r for r in RESOURCES if q.res[r] > 0]
            if len(kinds) == 1:
                transfer(q, p, kinds[0], 1, name, events)
            elif kinds:
                tasks.append(Task("steal", p.pid, {"from": q.pid}))
    elif effect == "celebrity_signature":
        for q in others(state, p):
            if immune(state, q, p):
                events.append({"type": "immune", "player": q.pid, "card": name})
            else:
                transfer(q, p, "pride", level(q), name, events)
    elif effect == "be_on_tv":
        if p.face_down:  # a face-down Job pays no salary, whatever asks for it
            events.append({"type": "no_salary", "player": p.pid, "reason": "Job face down"})
        elif news_on(state, p, "monetary_crisis"):
            events.append({"type": "no_salary", "player": p.pid, "reason": "Monetary Crisis"})
        else:
            tasks += salary_tasks(state, p, name, events)
    elif effect == "homecoming":
        for q in others(state, p):
            if immune(state, q, p):
                events.append({"type": "immune", "player": q.pid, "card": name})
            else:
                tasks += fine(state, q, name, events)
    elif effect == "mrt_route_draft":
        state.extra_turns += 1
        events.append({"type": "extra_turn", "player": p.pid})
    return tasks
