"""What the active player may do in their own turn when nothing is pending.

Before the move ("pre"): a move, Abra-Cadabra, and the once-per-turn abilities. After
it ("post"): the same abilities, then ending the turn. Abilities without a printed
timing are used at most once per turn, in the holder's own turn; The Master of Rules
once per round.
"""

from __future__ import annotations

from typing import Any

from .board import move_actions, sow_path
from .cards import RESOURCES
from .economy import fine, pay, transfer
from .flow import end_turn, move
from .powers import ability, dream_done, has, immune, others
from .state import LagaState, PlayerState, schedule

Action = dict[str, Any]
Event = dict[str, Any]
OPPOSITE = {"male": "female", "female": "male"}
PEEK_DECKS = {"psychic": ("job", "dream", "news"), "peek": ("job", "dream")}


def _deck(state: LagaState, name: str) -> list[str]:
    return {"job": state.job_deck, "dream": state.dream_deck, "news": state.news_deck}[name]


def seduce_targets(state: LagaState, p: PlayerState) -> list[PlayerState]:
    """Opposite-gender players (not immune) with the most Coins, if that is at least 1."""
    want = OPPOSITE.get(p.gender)
    pool = [q for q in others(state, p) if want and q.gender == want and not immune(state, q, p)]
    most = max((q.res["coin"] for q in pool), default=0)
    return [q for q in pool if most > 0 and q.res["coin"] == most]


def _targets(state: LagaState, p: PlayerState, kind: str) -> list[PlayerState]:
    pool = [q for q in others(state, p) if not immune(state, q, p)]
    if kind == "raid":
        return [q for q in pool if not q.dreams and not q.face_down and not has(state, q, "fine")]
    if kind == "call":
        return [q for q in pool if q.res["coin"] > 0]
    if kind == "deactivate":
        return [q for q in pool if q.deactivated_by is None]
    return seduce_targets(state, p)


TARGETED = {"raid": "raid", "call": "old_friend_call", "seduce": "opposite_seduction", "deactivate": "local_authority"}
ABILITY_ACTION = {ab: kind for kind, ab in TARGETED.items()}


def ability_options(state: LagaState, p: PlayerState) -> list[Action]:
    acts: list[Action] = []
    used = state.used
    ab = ability(state, p)
    if ab == "the_master_of_rules" and p.pid not in state.round_used:
        ring = state.ring
        acts.extend({"type": "swap", "tile": ring[i], "with": ring[j]} for i in range(6) for j in range(i + 1, 6))
    kind = ABILITY_ACTION.get(ab, "")
    if kind in TARGETED and kind not in used:
        acts.extend({"type": kind, "target": q.pid} for q in _targets(state, p, kind))
    if ab == "buried_dream" and "bury" not in used:
        acts.extend({"type": "bury", "card": d} for d in p.dreams)
    if ab == "psychic" and "psychic" not in used:
        acts.extend({"type": "psychic", "deck": d} for d in PEEK_DECKS["psychic"] if _deck(state, d))
    if "peek" not in used and p.completed and dream_done(p, "presidential_handshake"):
        acts.extend({"type": "peek", "deck": d} for d in PEEK_DECKS["peek"] if _deck(state, d))
    return acts


def transform_options(state: LagaState, p: PlayerState) -> list[Action]:
    """Abra-Cadabra: before the move, turn resources into one type (the same type all turn)."""
    if ability(state, p) != "abra_cadabra":
        return []
    fixed = [u.split(":")[1] for u in state.used if u.startswith("transform:")]
    acts: list[Action] = []
    for to in fixed or list(RESOURCES):
        for src in RESOURCES:
            if src != to:
                acts.extend({"type": "transform", "from": src, "to": to, "amount": k} for k in range(1, p.res[src] + 1))
    return acts


def turn_options(state: LagaState, p: PlayerState) -> list[Action]:
    if state.phase == "pre":
        return move_actions(state, p) + transform_options(state, p) + ability_options(state, p)
    return ability_options(state, p) + [{"type": "end"}]


def play(state: LagaState, p: PlayerState, a: Action, events: list[Event]) -> None:
    """Carry out one of ``turn_options`` (already checked to be legal)."""
    t = a["type"]
    if t == "sow":
        origin = state.ring.index(a["tile"])
        jump = None if a.get("jump", "none") == "none" else state.ring.index(a["jump"])
        if jump is not None:
            events.append({"type": "ability", "player": p.pid, "ability": "dolphin_jump", "tile": a["jump"]})
        path = sow_path(origin, state.tokens[origin], a["direction"], jump)
        move(state, p, origin, path, a["direction"], events)
    elif t == "gps":
        events.append({"type": "ability", "player": p.pid, "ability": "gps", "tile": a["to"]})
        move(state, p, state.ring.index(a["tile"]), [state.ring.index(a["to"])], "gps", events)
    elif t == "transform":
        i, j, k = RESOURCES.index(a["from"]), RESOURCES.index(a["to"]), a["amount"]
        p.res[a["from"]] -= k
        p.res[a["to"]] += k
        if f"transform:{a['to']}" not in state.used:
            state.used.append(f"transform:{a['to']}")
        events.append({"type": "transform", "player": p.pid, "from": RESOURCES[i], "to": RESOURCES[j], "amount": k})
    elif t == "swap":
        i, j = state.ring.index(a["tile"]), state.ring.index(a["with"])
        state.ring[i], state.ring[j] = state.ring[j], state.ring[i]
        state.tokens[i], state.tokens[j] = state.tokens[j], state.tokens[i]
        state.round_used.append(p.pid)
        events.append({"type": "swap", "player": p.pid, "tile": a["tile"], "with": a["with"]})
    elif t in TARGETED:
        state.used.append(t)
        q = state.player(a["target"])
        events.append({"type": "ability", "player": p.pid, "ability": TARGETED[t], "target": q.pid})
        if t == "raid":
            schedule(state, fine(state, q, "Raid", events))
        elif t == "call":
            pay(q, (1, 0, 0), "Old Friend Call", events)
        elif t == "seduce":
            transfer(q, p, "coin", 1, "Opposite Seduction", events)
        else:
            q.deactivated_by = p.pid
    elif t == "bury":
        state.used.append("bury")
        p.dreams.remove(a["card"])
        state.dream_deck.append(a["card"])
        events.append({"type": "bury", "player": p.pid})
    elif t in PEEK_DECKS:
        state.used.append(t)
        top = _deck(state, a["deck"])[0]
        events.append({"type": "peek", "player": p.pid, "deck": a["deck"]})
        events.append({"type": "peeked", "player": p.pid, "deck": a["deck"], "card": top, "visible_to": [p.pid]})
    else:  # end
        events.append({"type": "end_turn", "player": p.pid})
        end_turn(state, events)
