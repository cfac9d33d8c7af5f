"""Laga Jakarta's table as a picture: the ring of six tiles as hexagons with their token counts and
the direction of play, the News in force, each player's Job, resources and Dreams count; a private
picture of one player's Dreams.

``table`` reads a spectator view only (``you`` is empty there: no uncompleted Dream is known).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from bot.kernel.i18n import data_text, t, tn, translate
from bot.pictures.canvas import GOLD, HIGHLIGHT, INK, MUTED, PANEL, Canvas, grow, name_of

MARGIN = 16
HEADER = 110
RING_H = 470
ROW_H = 96
TILE_NAMES = {
    "stasiun": "Stasiun",
    "lowongan": "Lowongan",
    "impian": "Impian",
    "kerja": "Kerja",
    "nongkrong": "Nongkrong",
    "training": "Training",
}
TILE_FILL = (230, 225, 200)
TILE_INK = (25, 25, 25)
TOKEN = (200, 40, 40)


def _hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k))) for k in range(6)]


def _ring(c: Canvas, y: float, view: Mapping[str, Any]) -> None:
    ring = list(view.get("ring") or [])[:6]
    cx, cy, radius, r = 250, y + RING_H / 2, 165, 74
    centres = [
        (cx + radius * math.sin(math.radians(60 * i)), cy - radius * math.cos(math.radians(60 * i)))
        for i in range(len(ring))
    ]
    for i, (x, yy) in enumerate(centres):  # arrows from each tile to the next, clockwise
        nx, ny = centres[(i + 1) % len(centres)]
        mx, my = (x + nx) / 2, (yy + ny) / 2
        angle = math.atan2(ny - yy, nx - x)
        tip = (mx + 14 * math.cos(angle), my + 14 * math.sin(angle))
        left = (mx - 10 * math.cos(angle) + 10 * math.sin(angle), my - 10 * math.sin(angle) - 10 * math.cos(angle))
        right = (mx - 10 * math.cos(angle) - 10 * math.sin(angle), my - 10 * math.sin(angle) + 10 * math.cos(angle))
        c.draw.polygon([tip, left, right], fill=GOLD)
    for (x, yy), tile in zip(centres, ring, strict=True):
        c.draw.polygon(_hexagon(x, yy, r), fill=TILE_FILL, outline=(90, 80, 50), width=3)
        name = TILE_NAMES.get(tile.get("tile"), str(tile.get("tile", "")).capitalize())
        c.text((x, yy - 24), name, 22, int(r * 1.6), bold=True, fill=TILE_INK, anchor="mm")
        tokens = int(tile.get("tokens", 0))
        for k in range(min(tokens, 8)):
            dx = (k - (min(tokens, 8) - 1) / 2) * 18
            c.draw.ellipse((x + dx - 7, yy - 2, x + dx + 7, yy + 12), fill=TOKEN, outline=(60, 0, 0))
        c.text((x, yy + 34), tn("{n} token", "{n} tokens", tokens), 20, int(r * 1.6), fill=TILE_INK, anchor="mm")
    c.text((cx, cy - 12), t("clockwise"), 22, 150, bold=True, fill=GOLD, anchor="mm")
    c.text((cx, cy + 16), "\u21bb", 34, 150, bold=True, fill=GOLD, anchor="mm")


def _news(c: Canvas, y: float, view: Mapping[str, Any]) -> None:
    x = 520
    w = c.width - x - MARGIN
    c.box((x, y + 20, x + w, y + RING_H - 20), fill=PANEL, outline=(60, 110, 80), width=2)
    c.text((x + 14, y + 32), t("News in force"), 22, w - 28, bold=True, fill=GOLD)
    news = view.get("news")
    if news:
        used = c.lines(x + 14, y + 64, news.get("name", ""), 26, w - 28, 2, bold=True)
        c.lines(x + 14, y + 80 + used, data_text(news.get("text", "")), 22, w - 28, 8)
    else:
        c.text((x + 14, y + 64), t("No News yet"), 24, w - 28, fill=MUTED)
    decks = view.get("decks") or {}
    c.text(
        (x + 14, y + RING_H - 56),
        t(
            "News left {n} \u00b7 Jobs {j} \u00b7 Dreams {d}",
            n=view.get("news_left", 0),
            j=decks.get("jobs", 0),
            d=decks.get("dreams", 0),
        ),
        20,
        w - 28,
        fill=MUTED,
    )


def _job(p: Mapping[str, Any]) -> str:
    job = t("{job} (level {n})", job=p.get("job", "?"), n=p.get("job_level", 1))
    if p.get("face_down"):
        return job + " \u00b7 " + t("face down")
    if not p.get("ability_on", True):
        return job + " \u00b7 " + t("ability off")
    return job


def _player(c: Canvas, y: float, p: Mapping[str, Any], view: Mapping[str, Any], names: Mapping[Any, str]) -> None:
    turn = p.get("id") == view.get("turn_player")
    c.box(
        (MARGIN, y, c.width - MARGIN, y + ROW_H - 8),
        fill=PANEL,
        outline=HIGHLIGHT if turn else (60, 110, 80),
        width=5 if turn else 2,
    )
    name = name_of(names, p.get("id")) + ("  \u25c0 " + t("turn") if turn else "")
    c.text((MARGIN + 14, y + 8), name, 28, 430, bold=True, fill=GOLD if turn else INK)
    c.text((MARGIN + 14, y + 50), _job(p), 22, 430, fill=MUTED)
    res = t("{c} Coin \u00b7 {p} Pride \u00b7 {s} Skill", c=p.get("coin", 0), p=p.get("pride", 0), s=p.get("skill", 0))
    c.text((470, y + 10), res, 26, c.width - 470 - MARGIN - 14, bold=True)
    dreams = t(
        "Dreams: {h} held \u00b7 {d} done \u00b7 {s} pts",
        h=p.get("dreams_held", 0),
        d=len(p.get("completed") or []),
        s=p.get("score", 0),
    )
    c.text((470, y + 50), dreams, 22, c.width - 470 - MARGIN - 14)


def _status(view: Mapping[str, Any], names: Mapping[Any, str]) -> str:
    if view.get("phase") == "over":
        result = view.get("result") or []
        return t("Game over: {player} wins", player=name_of(names, result[0].get("id"))) if result else t("Game over")
    pending = view.get("pending") or {}
    who = name_of(names, pending.get("player", view.get("turn_player")))
    return t("{player}: {what}", player=who, what=translate(pending.get("text", "")))


def table(view: Mapping[str, Any], names: Mapping[Any, str]) -> bytes:
    """The public table from a spectator view, as PNG bytes."""
    players = list(view.get("players") or [])
    c = Canvas(grow(HEADER + RING_H + ROW_H * len(players) + 10))
    c.box((0, 0, c.width, HEADER), fill=PANEL, radius=0)
    c.text(
        (MARGIN, 10),
        t("Laga Jakarta \u00b7 round {r}/{n}", r=view.get("round", 0), n=view.get("rounds", 0)),
        24,
        600,
        bold=True,
        fill=GOLD,
    )
    c.text((MARGIN, 44), _status(view, names), 30, c.width - 2 * MARGIN, bold=True)
    _ring(c, HEADER, view)
    _news(c, HEADER, view)
    for i, p in enumerate(players):
        _player(c, HEADER + RING_H + i * ROW_H, p, view, names)
    return c.png()


def hand(view: Mapping[str, Any], names: Mapping[Any, str]) -> bytes | None:
    """A player's own Dreams not yet completed (names as the view gives them), from their own view."""
    you = view.get("you") or {}
    dreams = list(you.get("dreams") or [])
    if not you or not dreams:
        return None
    c = Canvas(grow(70 + 50 * len(dreams)))
    c.text((MARGIN, 14), t("Your Dreams ({n})", n=len(dreams)), 30, 600, bold=True, fill=GOLD)
    for i, dream in enumerate(dreams):
        label = dream.get("name", "?") if isinstance(dream, Mapping) else str(dream)
        c.text((MARGIN + 10, 64 + 50 * i), "\u2605 " + label, 28, c.width - 2 * MARGIN - 10)
    return c.png()
