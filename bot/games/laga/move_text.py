"""A move's words: where it lands and what happens there, and the fine it causes, before it is chosen.

The picker offers every move as one option ("Kerja 4 ↻ → Impian 3: look at 3 Dreams")
with the fine, if any, under it ("⚠ Training reaches 5: fined"). Both come from
``preview``, which the tests hold to what the engine then does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.kernel.i18n import t, tn

from .board import parse_move
from .powers import dream_done, has, news_on
from .preview import Outcome, cards_seen, preview, tile_income
from .state import TILE_NAMES, LagaState, PlayerState

ARROWS = {"cw": "↻", "ccw": "↺"}
RESOURCE_OF = {"kerja": "coin", "nongkrong": "pride", "training": "skill"}


def _res_words(kind: str, n: int) -> str:
    if kind == "coin":
        return t("{n} Coin", n=n)
    if kind == "pride":
        return t("{n} Pride", n=n)
    return t("{n} Skill", n=n)


def landing_effect(state: LagaState, p: PlayerState, tile: str, count: int) -> str:
    """What the landing tile does for ``p`` with ``count`` tokens, in a few words."""
    if tile in RESOURCE_OF:
        n = tile_income(state, p)
        return t("get {resources}", resources=_res_words(RESOURCE_OF[tile], n)) if n > 0 else t("nothing (Flood)")
    if tile in ("impian", "lowongan"):
        seen = cards_seen(state, p, tile, count)
        if not seen:
            return t("the deck is empty")
        if tile == "lowongan":
            return tn("look at {n} Job", "look at {n} Jobs", seen)
        if news_on(state, p, "governor_inauguration"):
            return tn("look at {n} Dream, keep 2", "look at {n} Dreams, keep 2", seen)
        return tn("look at {n} Dream", "look at {n} Dreams", seen)
    if dream_done(p, "shopping_spree"):
        return t("copy a tile, free")
    if not any(p.res.values()):
        return t("nothing to pay for a copy")
    return t("copy a tile, pay 1")


def _fine_note(out: Outcome) -> str:
    tile = TILE_NAMES[out.overfilled[0]] if out.overfilled else ""
    if out.fine == "fined":
        return t("⚠ {tile} reaches 5: fined (Job face down)", tile=tile)
    if out.fine == "blocked":
        return t("{tile} reaches 5: spread, no fine (Traffic Police)", tile=tile)
    if out.fine == "already":
        return t("{tile} reaches 5: spread (Job already face down)", tile=tile)
    if out.bomb:
        return t("⚠ Bomb Threats: landing here fines you")
    return ""


def _mover(state: LagaState) -> PlayerState:
    return state.current


def move_label(state: LagaState, key: str) -> str:
    """ "Kerja 4 ↻ → Impian 3: look at 3 Dreams" (at most 100 characters; the tile names are short)."""
    move = parse_move(key)
    p = _mover(state)
    out = preview(state, p, move)
    tile = TILE_NAMES.get(move["tile"], move["tile"])
    n = state.count(move["tile"])
    landing = TILE_NAMES[out.landing]
    what = landing_effect(state, p, out.landing, out.count)
    warn = "⚠ " if out.fine == "fined" or out.bomb else ""
    if move["direction"] == "gps":
        head = t("{tile} {n} GPS → {landing} {count}", tile=tile, n=n, landing=landing, count=out.count)
    elif move.get("jump"):
        head = t(
            "{tile} {n} {arrow} over {jump} → {landing} {count}",
            tile=tile,
            n=n,
            arrow=ARROWS[move["direction"]],
            jump=TILE_NAMES[move["jump"]],
            landing=landing,
            count=out.count,
        )
    else:
        head = t(
            "{tile} {n} {arrow} → {landing} {count}",
            tile=tile,
            n=n,
            arrow=ARROWS[move["direction"]],
            landing=landing,
            count=out.count,
        )
    return t("{warn}{move}: {effect}", warn=warn, move=head, effect=what)


def move_note(state: LagaState, key: str) -> str:
    """The line under a move: its fine first, else the tiles its tokens drop on; Transit's option."""
    move = parse_move(key)
    p = _mover(state)
    out = preview(state, p, move)
    parts = [_fine_note(out)] if _fine_note(out) else []
    if not parts:
        parts.append(t("drops on {tiles}", tiles=", ".join(TILE_NAMES[x] for x in out.path)))
    if has(state, p, "transit"):
        parts.append(t("Transit: may use a neighbour instead"))
    return " · ".join(parts)


def describe_move(state: LagaState, a: Mapping[str, Any]) -> str:
    """A move action's one-line label (the same words as its picker option)."""
    from .board import move_key

    return move_label(state, a.get("move") or move_key(a))


def copy_label(state: LagaState, key: str) -> str:
    """A Stasiun option: "Copy Impian: look at 3 Dreams · pay 🪙 1 Coin" (or "Don't copy")."""
    if key == "none":
        return t("Don't copy (keep your resources)")
    tile, _, pay = key.partition(":")
    p = state.player(state.tasks[-1].player) if state.tasks else state.current
    count = state.tasks[-1].data.get("count", 0) if state.tasks and state.tasks[-1].kind == "stasiun" else 0
    what = landing_effect(state, p, tile, count)
    if pay == "free":
        return t("Copy {tile}: {effect} · free", tile=TILE_NAMES.get(tile, tile), effect=what)
    return t(
        "Copy {tile}: {effect} · pay 1 {resource}",
        tile=TILE_NAMES.get(tile, tile),
        effect=what,
        resource=_res_words(pay, 1).split(" ", 1)[1],
    )
