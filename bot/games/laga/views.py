"""What each seat may see, and that view as a short Markdown message.

Public: the ring, resources, Job stacks, completed Dreams, how many Dreams each player
holds, the News in force and deck sizes. Secret: a player's uncompleted Dreams and the
cards they are looking at (only in their own view), and the order of every deck (never).
"""

from __future__ import annotations

from typing import Any, Mapping

from .cards import cards
from .rules import HINDERING_NEWS, ability, news_on
from .scoring import ranking, score
from .state import NEWS_USED, TILE_NAMES, LagaState

PENDING_TEXT = {
    "gain": "choose which resources to take", "salary_choice": "choose salary or Make It Rain",
    "steal": "choose what to steal", "transit": "choose the tile to activate (Transit)",
    "stasiun": "choose a tile for Stasiun to copy", "cards": "choose among the cards drawn",
    "complete": "choose a Dream to complete", "news_choice": "choose whether to ignore the News",
}


def _pending(state: LagaState) -> dict[str, Any] | None:
    if state.phase == "over":
        return None
    if not state.tasks:
        what = "make a move" if state.phase == "pre" else "use abilities or end the turn"
        return {"kind": state.phase, "player": state.current.pid, "text": what}
    task = state.tasks[-1]
    out: dict[str, Any] = {"kind": task.kind, "player": task.player, "text": PENDING_TEXT[task.kind]}
    if task.kind == "gain":
        out.update(amount=task.data["amount"], reason=task.data["reason"])
    elif task.kind == "cards":
        out.update(deck=task.data["deck"], looking=len(state.looking), keep=task.data["keep"])
    elif task.kind == "transit":
        out["options"] = [tile for tile, _ in task.data["options"]]
    elif task.kind == "steal":
        out["from"] = task.data["from"]
    elif task.kind == "stasiun":
        out["count"] = task.data["count"]
    return out


def public_view(state: LagaState) -> dict[str, Any]:
    """What every seat sees alike (a spectator's view); ``viewer`` and ``you`` are left empty."""
    c = cards()
    effect = c.news[state.news].effect if state.news else ""
    players = []
    for p in state.players:
        card = c.jobs[p.jobs[-1]]
        res = p.res
        players.append({
            "id": p.pid, "coin": res["coin"], "pride": res["pride"], "skill": res["skill"],
            "job": card.name, "job_level": card.level, "face_down": p.face_down,
            "ability_on": bool(ability(state, p)), "jobs": list(p.jobs), "completed": list(p.completed),
            "dreams_held": len(p.dreams), "score": score(state, p), "gender": p.gender,
            "ignores_news": effect in HINDERING_NEWS and not news_on(state, p, effect),
        })
    out: dict[str, Any] = {
        "game": "laga", "viewer": None, "round": state.round, "rounds": NEWS_USED,
        "news": ({"name": state.news, "text": c.news[state.news].text} if state.news else None),
        "news_left": len(state.news_deck), "news_done": list(state.news_done),
        "first_player": state.players[state.first].pid,
        "turn_player": None if state.phase == "over" else state.current.pid, "phase": state.phase,
        "ring": [{"tile": t, "tokens": n} for t, n in zip(state.ring, state.tokens)],
        "decks": {"jobs": len(state.job_deck), "dreams": len(state.dream_deck)},
        "players": players, "pending": _pending(state), "you": None, "result": None,
    }
    if state.phase == "over":
        out["result"] = [{"id": pid, "score": s, "decided_by": how} for pid, s, how in ranking(state)]
    return out


def private_view(state: LagaState, viewer: int | None) -> dict[str, Any] | None:
    """The only secrets a seat is shown: its own uncompleted Dreams and the cards it is looking at."""
    me = next((p for p in state.players if p.pid == viewer), None)
    if me is None:
        return None
    top = state.tasks[-1] if state.tasks else None
    mine = top is not None and top.kind == "cards" and top.player == me.pid
    return {"id": me.pid, "dreams": list(me.dreams), "looking": list(state.looking) if mine else []}


def view(state: LagaState, viewer: int | None) -> dict[str, Any]:
    """The public part plus the viewer's own secrets: nothing else can differ between seats, which
    is what lets the playout tests check every seat's view after every step cheaply."""
    out = public_view(state)
    out["viewer"] = viewer
    out["you"] = private_view(state, viewer)
    return out


def _res(p: Mapping[str, Any]) -> str:
    return f"{p['coin']}C {p['pride']}P {p['skill']}S"


def render(v: Mapping[str, Any], names: Mapping[int, str]) -> str:
    c = cards()

    def nm(pid: int) -> str:
        return names.get(pid, f"Player {pid}")

    lines = [f"**Laga Jakarta** · round {v['round']}/{v['rounds']} · {v['news_left']} News left · "
             f"first player {nm(v['first_player'])}"]
    if v["news"]:
        lines.append(f"📰 **{v['news']['name']}**: {v['news']['text']}")
    ring = " → ".join(f"{TILE_NAMES[t['tile']]} {t['tokens']}" for t in v["ring"])
    lines.append(f"Ring (clockwise, loops): {ring}")
    for p in v["players"]:
        mark = "▶ " if p["id"] == v["turn_player"] else "• "
        state = " (face down)" if p["face_down"] else "" if p["ability_on"] else " (ability off)"
        done = f" · done: {', '.join(p['completed'])}" if p["completed"] else ""
        lines.append(f"{mark}**{nm(p['id'])}** {_res(p)} · {p['job']} L{p['job_level']}{state} · "
                     f"Jobs held {len(p['jobs'])} · Dreams held {p['dreams_held']}{done} · {p['score']} pts")
    you = v.get("you")
    if you:
        if you["dreams"]:
            held = "; ".join(f"{d} (L{c.dreams[d].level}, {_cost(c.dreams[d].cost)}, {c.dreams[d].points} pts)"
                             for d in you["dreams"])
            lines.append(f"Your Dreams: {held}")
        if you["looking"]:
            lines.append(f"Looking at: {', '.join(you['looking'])}")
    if v["result"]:
        lines.append("**Final:** " + ", ".join(f"{nm(r['id'])} {r['score']}" for r in v["result"]))
    elif v["pending"]:
        pend = v["pending"]
        detail = f" ({pend['amount']} any, {pend['reason']})" if pend["kind"] == "gain" else ""
        lines.append(f"Waiting for {nm(pend['player'])} to {pend['text']}{detail}.")
    text = "\n".join(lines)
    return text if len(text) <= 1800 else text[:1797] + "..."


def _cost(cost: tuple[int, int, int]) -> str:
    return " ".join(f"{n}{k}" for n, k in zip(cost, "CPS") if n) or "free"


# --- the picker's brief -----------------------------------------------------------------------

#: How long a brief line may grow before it is cut (phones wrap long lines into tall ones).
BRIEF_LINE = 160
#: Pending decisions about the ring: the brief shows it for them.
RING_KINDS = {"pre", "transit", "stasiun"}


def _clip(text: str) -> str:
    return text if len(text) <= BRIEF_LINE else text[:BRIEF_LINE - 1] + "…"


def render_brief(v: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """What a decision needs in at most six short lines, from ``v`` alone: the pending decision, your
    resources and Job, your secret Dreams and the cards you look at, the ring when the move is on it,
    and the News in force. A spectator gets the pending line only."""
    c = cards()
    viewer = v.get("viewer")

    def nm(pid: Any) -> str:
        return "you" if pid == viewer else names.get(pid, f"Player {pid}")

    lines = []
    pend = v.get("pending")
    if v.get("result"):
        lines.append("**Final:** " + ", ".join(f"{nm(r['id'])} {r['score']}" for r in v["result"]))
    elif pend:
        head = f"Round {v['round']}/{v['rounds']} · "
        if pend["player"] == viewer:
            detail = {"gain": lambda: f" ({pend['amount']} any, {pend['reason']})",
                      "cards": lambda: f" ({pend['deck']} deck, keep up to {pend['keep']})",
                      "steal": lambda: f" (from {nm(pend['from'])})"}.get(pend["kind"], lambda: "")()
            head += f"you {pend['text']}{detail}"
        else:
            head += f"waiting for {nm(pend['player'])} to {pend['text']}"
        lines.append(_clip(head))
    me = next((p for p in v["players"] if p["id"] == viewer), None)
    you = v.get("you")
    if me is None or you is None:
        return "\n".join(lines) or "Laga Jakarta"
    state = " (face down)" if me["face_down"] else "" if me["ability_on"] else " (ability off)"
    lines.append(_clip(f"**You:** {_res(me)} · {me['job']} L{me['job_level']}{state} · {me['score']} pts"))
    dreams = "; ".join(f"{d} ({_cost(c.dreams[d].cost)}, {c.dreams[d].points} pts)" for d in you["dreams"])
    # never clipped: the secret cards are what the player decides with
    lines.append(f"**Your Dreams:** {dreams or '—'}")
    if you["looking"]:
        looked = [f"{n} ({_cost((c.jobs.get(n) or c.dreams[n]).cost)})" if n in c.jobs or n in c.dreams else n
                  for n in you["looking"]]
        lines.append(f"**Looking at:** {', '.join(looked)}")
    if pend and pend["player"] == viewer and pend["kind"] in RING_KINDS:
        lines.append("**Ring:** " + " → ".join(f"{TILE_NAMES[t['tile']]} {t['tokens']}" for t in v["ring"]))
    if v["news"] and len(lines) < 6:
        lines.append(_clip(f"📰 {v['news']['name']}: {v['news']['text']}"))
    return "\n".join(lines)
