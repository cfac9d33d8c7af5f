"""What each seat may see, and that view as a short Markdown message.

Public: the ring, resources, Job stacks, completed Dreams, how many Dreams each player
holds, the News in force, deck sizes and the rules' own bookkeeping (the steps still to run,
the abilities used this turn and round, who answered the News how: everyone saw each of them
happen). Secret: a player's uncompleted Dreams and the
cards they are looking at (only in their own view), and the order of every deck (never).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from bot.kernel.i18n import N_, data_text, t, translate
from bot.kernel.present import Board

from .cards import cards
from .fields import amounts_text, cost_text, public_text, render_fields
from .powers import ability, ignoring_news
from .scoring import ranking, score
from .state import NEWS_USED, TILE_NAMES, LagaState
from .text import deck_name, reason_text

#: What a pending decision asks, as the view carries it (English, marked for the template:
#: shown through ``translate`` where it is drawn).
PENDING_TEXT = {
    "gain": N_("choose which resources to take"),
    "salary_choice": N_("choose salary or Make It Rain"),
    "steal": N_("choose what to steal"),
    "transit": N_("choose the tile to activate (Transit)"),
    "stasiun": N_("choose a tile for Stasiun to copy"),
    "cards": N_("choose among the cards drawn"),
    "complete": N_("choose a Dream to complete"),
    "news_choice": N_("choose whether to ignore the News"),
}


def _pending(state: LagaState) -> dict[str, Any] | None:
    if state.phase == "over":
        return None
    if not state.tasks:
        what = N_("make a move") if state.phase == "pre" else N_("use abilities or end the turn")
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


def bookkeeping(state: LagaState) -> dict[str, Any]:
    """The public facts the rules remember that no table text shows: the whole step stack (what
    triggered each step was announced), once-per-turn and once-per-round uses, the overfill fine, extra
    turns owed, the News answers and how many cards are being looked at. With it a seat's view (plus
    its secrets) pins the state down up to the cards it cannot see, which a determinizer deals."""
    return {
        "tasks": [{"kind": task.kind, "player": task.player, "data": copy.deepcopy(task.data)} for task in state.tasks],
        "used": list(state.used),
        "round_used": list(state.round_used),
        "overflow_fined": state.overflow_fined,
        "extra_turns": state.extra_turns,
        "accepted_news": list(state.accepted_news),
        "ignored_news": list(state.ignored_news),
        "looking": len(state.looking),
    }


def public_view(state: LagaState) -> dict[str, Any]:
    """What every seat sees alike (a spectator's view); ``viewer`` and ``you`` are left empty."""
    c = cards()
    effect = c.news[state.news].effect if state.news else ""
    players = []
    for p in state.players:
        card = c.jobs[p.jobs[-1]]
        res = p.res
        players.append(
            {
                "id": p.pid,
                "coin": res["coin"],
                "pride": res["pride"],
                "skill": res["skill"],
                "job": card.name,
                "job_level": card.level,
                "face_down": p.face_down,
                "ability_on": bool(ability(state, p)),
                "switched_off_by": p.deactivated_by,
                "jobs": list(p.jobs),
                "completed": list(p.completed),
                "dreams_held": len(p.dreams),
                "score": score(state, p),
                "gender": p.gender,
                "ignores_news": bool(effect) and ignoring_news(state, p),
            }
        )
    out: dict[str, Any] = {
        "game": "laga",
        "viewer": None,
        "round": state.round,
        "rounds": NEWS_USED,
        "news": ({"name": state.news, "text": c.news[state.news].text} if state.news else None),
        "news_left": len(state.news_deck),
        "news_done": list(state.news_done),
        "first_player": state.players[state.first].pid,
        "turn_player": None if state.phase == "over" else state.current.pid,
        "phase": state.phase,
        "ring": [{"tile": t, "tokens": n} for t, n in zip(state.ring, state.tokens, strict=True)],
        "decks": {"jobs": len(state.job_deck), "dreams": len(state.dream_deck)},
        "players": players,
        "pending": _pending(state),
        "you": None,
        "result": None,
        "bookkeeping": bookkeeping(state),
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
    return amounts_text(p["coin"], p["pride"], p["skill"])


def _job_state(p: Mapping[str, Any]) -> str:
    return t(" (face down)") if p["face_down"] else "" if p["ability_on"] else t(" (ability off)")


#: "Waiting for ..." lines of ``render`` by pending decision (``pre``: the move; any other phase: the turn's end).
_WAITING = {
    "pre": N_("Waiting for {player} to make a move."),
    "post": N_("Waiting for {player} to use abilities or end the turn."),
    "gain": N_("Waiting for {player} to choose which resources to take ({amount} any, {reason})."),
    "salary_choice": N_("Waiting for {player} to choose salary or Make It Rain."),
    "steal": N_("Waiting for {player} to choose what to steal."),
    "transit": N_("Waiting for {player} to choose the tile to activate (Transit)."),
    "stasiun": N_("Waiting for {player} to choose a tile for Stasiun to copy."),
    "cards": N_("Waiting for {player} to choose among the cards drawn."),
    "complete": N_("Waiting for {player} to choose a Dream to complete."),
    "news_choice": N_("Waiting for {player} to choose whether to ignore the News."),
}
#: The brief's line when the pending decision is someone else's.
_BRIEF_WAITING = {
    "pre": N_("Round {round}/{rounds} · waiting for {player} to make a move"),
    "post": N_("Round {round}/{rounds} · waiting for {player} to use abilities or end the turn"),
    "gain": N_("Round {round}/{rounds} · waiting for {player} to choose which resources to take"),
    "salary_choice": N_("Round {round}/{rounds} · waiting for {player} to choose salary or Make It Rain"),
    "steal": N_("Round {round}/{rounds} · waiting for {player} to choose what to steal"),
    "transit": N_("Round {round}/{rounds} · waiting for {player} to choose the tile to activate (Transit)"),
    "stasiun": N_("Round {round}/{rounds} · waiting for {player} to choose a tile for Stasiun to copy"),
    "cards": N_("Round {round}/{rounds} · waiting for {player} to choose among the cards drawn"),
    "complete": N_("Round {round}/{rounds} · waiting for {player} to choose a Dream to complete"),
    "news_choice": N_("Round {round}/{rounds} · waiting for {player} to choose whether to ignore the News"),
}
#: The brief's line when the pending decision is the viewer's own.
_BRIEF_YOURS = {
    "pre": N_("Round {round}/{rounds} · you make a move"),
    "post": N_("Round {round}/{rounds} · you use abilities or end the turn"),
    "gain": N_("Round {round}/{rounds} · you choose which resources to take ({amount} any, {reason})"),
    "salary_choice": N_("Round {round}/{rounds} · you choose salary or Make It Rain"),
    "steal": N_("Round {round}/{rounds} · you choose what to steal (from {other})"),
    "transit": N_("Round {round}/{rounds} · you choose the tile to activate (Transit)"),
    "stasiun": N_("Round {round}/{rounds} · you choose a tile for Stasiun to copy"),
    "cards": N_("Round {round}/{rounds} · you choose among the cards drawn ({deck} deck, keep up to {keep})"),
    "complete": N_("Round {round}/{rounds} · you choose a Dream to complete"),
    "news_choice": N_("Round {round}/{rounds} · you choose whether to ignore the News"),
}


def _pending_kind(pend: Mapping[str, Any]) -> str:
    """The key of the pending-decision texts: a task kind, ``pre`` or (every other phase) ``post``."""
    return pend["kind"] if pend["kind"] in _WAITING else "post"


def _final(v: Mapping[str, Any], nm: Any) -> str:
    return t(
        "**Final:** {scores}",
        scores=", ".join(t("{player} {score}", player=nm(r["id"]), score=r["score"]) for r in v["result"]),
    )


def render_board(v: Mapping[str, Any], names: Mapping[int, str]) -> Board:
    """A seat's own view: the round and what the game waits for as text, then the tiles and a box per
    player with every Job's ability. The public table (no viewer) is the compact ``public_text``."""
    if v.get("viewer") is None:  # at the end the platform's result above it gives the final scores
        return Board(public_text(v, names))
    return Board(render(v, names), tuple(render_fields(v, names)))


def render(v: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """The table's few lines of text: the round and what the game waits for. The ring, the News and
    every player are embed fields (``fields.render_fields``), which keep their shape on a phone."""

    def nm(pid: int) -> str:
        return names.get(pid, t("Player {pid}", pid=pid))

    lines = [
        t(
            "Round {round}/{rounds} · first player {player} · most points after the last News wins",
            round=v["round"],
            rounds=v["rounds"],
            player=nm(v["first_player"]),
        )
    ]
    you = v.get("you")
    if you:  # a line for text-only readers (a log, the demo); the fields below hold cost and effect
        lines.append(t("Your Dreams: {dreams}", dreams=", ".join(you["dreams"]) or t("none")))
    if v["result"]:
        lines.append(_final(v, nm))
    elif v["pending"]:
        pend = v["pending"]
        lines.append(
            translate(
                _WAITING[_pending_kind(pend)],
                player=nm(pend["player"]),
                amount=pend.get("amount"),
                reason=reason_text(pend.get("reason")),
            )
        )
    return "\n".join(lines)


def _cost(cost: tuple[int, int, int]) -> str:
    return cost_text(cost)


# --- the picker's brief -----------------------------------------------------------------------

#: How long a brief line may grow before it is cut (phones wrap long lines into tall ones).
BRIEF_LINE = 160
#: Pending decisions about the ring: the brief shows it for them.
RING_KINDS = {"pre", "transit", "stasiun"}


def _clip(text: str) -> str:
    """A brief line of at most ``BRIEF_LINE`` characters, cut between words, never inside one."""
    if len(text) <= BRIEF_LINE:
        return text
    cut = text[: BRIEF_LINE - 1]
    return (cut.rsplit(" ", 1)[0] if " " in cut else cut) + "…"


def render_brief(v: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """What a decision needs in at most six short lines, from ``v`` alone: the pending decision, your
    resources and Job, your secret Dreams and the cards you look at, the ring when the move is on it,
    and the News in force. A spectator gets the pending line only."""
    c = cards()
    viewer = v.get("viewer")

    def nm(pid: Any) -> str:
        return t("you") if pid == viewer else names.get(pid, t("Player {pid}", pid=pid))

    lines = []
    pend = v.get("pending")
    if v.get("result"):
        lines.append(_final(v, nm))
    elif pend:
        kind = _pending_kind(pend)
        fields = dict(round=v["round"], rounds=v["rounds"])
        if pend["player"] == viewer:
            head = translate(
                _BRIEF_YOURS[kind],
                amount=pend.get("amount"),
                reason=reason_text(pend.get("reason")),
                deck=deck_name(pend.get("deck")),
                keep=pend.get("keep"),
                other=nm(pend.get("from")),
                **fields,
            )
        else:
            head = translate(_BRIEF_WAITING[kind], player=nm(pend["player"]), **fields)
        lines.append(_clip(head))
    me = next((p for p in v["players"] if p["id"] == viewer), None)
    you = v.get("you")
    if me is None or you is None:
        return "\n".join(lines) or "Laga Jakarta"
    lines.append(
        _clip(
            t(
                "**You:** {resources} · {job} L{level}{job_state} · {points} pts",
                resources=_res(me),
                job=me["job"],
                level=me["job_level"],
                job_state=_job_state(me),
                points=me["score"],
            )
        )
    )
    dreams = "; ".join(
        t("{dream} ({cost}, {points} pts)", dream=d, cost=_cost(c.dreams[d].cost), points=c.dreams[d].points)
        for d in you["dreams"]
    )
    # never clipped: the secret cards are what the player decides with
    lines.append(t("**Your Dreams:** {dreams}", dreams=dreams or "—"))
    if you["looking"]:
        looked = [
            t("{card} ({cost})", card=n, cost=_cost((c.jobs.get(n) or c.dreams[n]).cost))
            if n in c.jobs or n in c.dreams
            else n
            for n in you["looking"]
        ]
        lines.append(t("**Looking at:** {cards}", cards=", ".join(looked)))
    if pend and pend["player"] == viewer and pend["kind"] in RING_KINDS:
        lines.append(
            t("**Ring:** {ring}", ring=" → ".join(f"{TILE_NAMES[tl['tile']]} {tl['tokens']}" for tl in v["ring"]))
        )
    if v["news"] and len(lines) < 6:
        lines.append(_clip(f"📰 {v['news']['name']}: {data_text(v['news']['text'])}"))
    return "\n".join(lines)
