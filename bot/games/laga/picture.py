"""Laga Jakarta's table as a picture for a phone: whose turn and what they decide, the ring of six
tiles with their tokens and the clockwise order, the News in force in the ring's middle, and a
score table (Coin, Pride, Skill, Dreams held, points) with each player's Job; a private picture of
one player's Dreams and the cards they are looking at, with cost and points.

``table`` reads a spectator view only (``you`` is empty there: no uncompleted Dream is known).
Effect texts (News, Jobs, Dreams) are left to the text table and the hand's text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.kernel.i18n import N_, t, tn, translate
from bot.pictures.canvas import (
    CARD,
    CARD_INK,
    GOLD,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    WIDTH,
    Canvas,
    fit,
    grow,
    length,
    name_of,
    wrap,
)

from .cards import cards
from .state import TILE_NAMES
from .text import pay_text

MARGIN = 16
TILE_W, TILE_H = 180, 92
RING_H = 280 + TILE_H  # tile centres 140 above and below the middle
ROW_H = 66
GAP = 4
HEAD_ROW = 30
CARD_TILE_H = 62
SECTION_H = 52
TILE_FILL = (230, 225, 200)
TILE_INK = (25, 25, 25)
TOKEN = (200, 40, 40)
LINE = (60, 110, 80)
#: Score table columns: (label, key), the points last.
COLUMNS = (
    (N_("Coin"), "coin"),
    (N_("Pride"), "pride"),
    (N_("Skill"), "skill"),
    (N_("Dreams"), "dreams"),
    (N_("Points"), "score"),
)
NUMBER_W = 62


def _centres(cx: float, cy: float) -> list[tuple[float, float]]:
    """Six tile centres, clockwise from the top."""
    side = 195
    return [
        (cx, cy - 140),
        (cx + side, cy - 70),
        (cx + side, cy + 70),
        (cx, cy + 140),
        (cx - side, cy + 70),
        (cx - side, cy - 70),
    ]


def _tile_shape(x: float, y: float) -> list[tuple[float, float]]:
    """A hexagon stretched sideways, so a tile's name is large."""
    w, h, cut = TILE_W / 2, TILE_H / 2, 20
    return [
        (x - w, y),
        (x - w + cut, y - h),
        (x + w - cut, y - h),
        (x + w, y),
        (x + w - cut, y + h),
        (x - w + cut, y + h),
    ]


def _arrow(c: Canvas, a: tuple[float, float], b: tuple[float, float]) -> None:
    """A gold triangle halfway from tile ``a`` to tile ``b``, pointing at ``b``."""
    (x, y), (nx, ny) = a, b
    mx, my = (x + nx) / 2, (y + ny) / 2
    dx, dy = nx - x, ny - y
    n = (dx * dx + dy * dy) ** 0.5 or 1
    ux, uy = dx / n, dy / n
    c.draw.polygon(
        [
            (mx + 13 * ux, my + 13 * uy),
            (mx - 9 * ux + 11 * uy, my - 9 * uy - 11 * ux),
            (mx - 9 * ux - 11 * uy, my - 9 * uy + 11 * ux),
        ],
        fill=GOLD,
    )


def _ring(c: Canvas, y: float, view: Mapping[str, Any]) -> None:
    ring = list(view.get("ring") or [])[:6]
    cx, cy = WIDTH / 2, y + RING_H / 2
    centres = _centres(cx, cy)[: len(ring)]
    for i, centre in enumerate(centres):  # the clockwise order, tile to tile
        _arrow(c, centre, centres[(i + 1) % len(centres)])
    names = [TILE_NAMES.get(tile.get("tile"), str(tile.get("tile") or "").capitalize()) for tile in ring]
    size = min((fit(name, TILE_W - 36, 26, True)[1] for name in names), default=26)
    for (x, yy), tile, name in zip(centres, ring, names, strict=True):
        c.draw.polygon(_tile_shape(x, yy), fill=TILE_FILL, outline=(90, 80, 50), width=3)
        c.text((x, yy - 24), name, size, TILE_W - 36, bold=True, fill=TILE_INK, anchor="mm")
        tokens = int(tile.get("tokens", 0))
        shown = min(tokens, 8)
        for k in range(shown):
            dx = (k - (shown - 1) / 2) * 17
            c.draw.ellipse((x + dx - 7, yy - 5, x + dx + 7, yy + 9), fill=TOKEN, outline=(60, 0, 0))
        c.text((x, yy + 28), tn("{n} token", "{n} tokens", tokens), 22, TILE_W - 44, fill=TILE_INK, anchor="mm")
    # the middle of the ring: the News in force and what the arrows say
    news = view.get("news")
    width = 196
    y0 = cy - 84
    for row in wrap(t("News in force"), width, 20, 2):
        c.text((cx, y0), row, 20, width, fill=GOLD, anchor="ma")
        y0 += 24
    text = str(news.get("name", "")) if news else t("No News yet")
    for i, row in enumerate(wrap(text, width, 22, 3, bool(news))):
        c.text((cx, y0 + 4 + 27 * i), row, 22, width, bold=bool(news), fill=INK if news else MUTED, anchor="ma")
    c.text((cx, cy + 70), "\u21bb " + t("clockwise"), 20, width, fill=GOLD, anchor="mm")


def _job(p: Mapping[str, Any]) -> str:
    job = t("{job} (level {n})", job=p.get("job", "?"), n=p.get("job_level", 1))
    if p.get("face_down"):
        return job + " \u00b7 " + t("face down")
    if not p.get("ability_on", True):
        return job + " \u00b7 " + t("ability off")
    return job


def _columns() -> tuple[int, list[int]]:
    """The name column's width and each number column's."""
    room = WIDTH - 2 * MARGIN - 24
    return room - NUMBER_W * len(COLUMNS), [NUMBER_W] * len(COLUMNS)


def _staggered() -> bool:
    """Whether the column labels need two rows (each then as wide as two columns) in the reader's language."""
    return any(length(translate(label), 20, key == "score") > NUMBER_W - 4 for label, key in COLUMNS)


def _head_h() -> int:
    return 2 * HEAD_ROW - 6 if _staggered() else HEAD_ROW


def _head_row(c: Canvas, y: float) -> None:
    name_w, widths = _columns()
    x = MARGIN + 12 + name_w
    staggered = _staggered()
    for i, ((label, key), w) in enumerate(zip(COLUMNS, widths, strict=True)):
        points = key == "score"
        ink = GOLD if points else MUTED
        room = 2 * w - 8 if staggered else w - 4
        if points:  # the last label may use the margin to its right too
            room = min(room, int(c.width - x - w / 2) * 2 - 4)
        row = (i % 2) * (HEAD_ROW - 6) if staggered else 0
        c.text((x + w / 2, y + row + HEAD_ROW / 2), translate(label), 20, room, bold=points, fill=ink, anchor="mm")
        x += w


def _player(c: Canvas, y: float, p: Mapping[str, Any], view: Mapping[str, Any], names: Mapping[Any, str]) -> None:
    turn = p.get("id") == view.get("turn_player") and view.get("phase") != "over"
    c.box(
        (MARGIN, y, c.width - MARGIN, y + ROW_H),
        fill=PANEL,
        outline=HIGHLIGHT if turn else LINE,
        width=5 if turn else 2,
        radius=10,
    )
    name_w, widths = _columns()
    name = ("\u25b6 " if turn else "") + name_of(names, p.get("id"))
    c.text((MARGIN + 12, y + 32), name, 26, name_w - 8, bold=True, fill=GOLD if turn else INK, anchor="ls")
    x = MARGIN + 12 + name_w
    numbers = {**p, "dreams": p.get("dreams_held", 0)}
    for (_, key), w in zip(COLUMNS, widths, strict=True):
        points = key == "score"
        shown = str(numbers.get(key, 0))
        c.text((x + w / 2, y + 22), shown, 28, w - 4, bold=True, fill=GOLD if points else INK, anchor="mm")
        x += w
    c.text((MARGIN + 12, y + 40), _job(p), 20, c.width - 2 * MARGIN - 24, fill=MUTED)


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
    inner = WIDTH - 2 * MARGIN
    title = t("Laga Jakarta \u00b7 round {r}/{n}", r=view.get("round", 0), n=view.get("rounds", 0))
    status = _status(view, names)
    rows = wrap(status, inner, 28, 2, True)
    header = 44 + 34 * len(rows) + 6
    top = header + 8
    table_y = top + RING_H + 10
    c = Canvas(grow(table_y + _head_h() + len(players) * (ROW_H + GAP) + 4))
    c.box((0, 0, c.width, header), fill=PANEL, radius=0)
    c.text((MARGIN, 10), title, 22, inner, bold=True, fill=GOLD)
    c.lines(MARGIN, 42, status, 28, inner, 2, bold=True, leading=34 / 28)
    _ring(c, top, view)
    _head_row(c, table_y)
    for i, p in enumerate(players):
        _player(c, table_y + _head_h() + i * (ROW_H + GAP), p, view, names)
    return c.png()


def _card_line(name: str) -> tuple[str, str]:
    """A Job's or Dream's cost (and a Dream's points), as words, for the hand picture."""
    data = cards()
    card = data.dreams.get(name) or data.jobs.get(name)
    if card is None:
        return "", ""
    cost = pay_text(dict(zip(("coin", "pride", "skill"), card.cost, strict=True)))
    points = tn("{n} point", "{n} points", card.points)
    return cost, points


def _card_tile(c: Canvas, y: float, name: str) -> None:
    x0, x1 = MARGIN, WIDTH - MARGIN
    c.box((x0, y, x1, y + CARD_TILE_H), fill=CARD, outline=(90, 90, 90), width=2, radius=10)
    cost, points = _card_line(name)
    used = c.text((x1 - 12, y + 6), points, 24, 150, bold=True, fill=(120, 60, 0), anchor="ra") if points else 0
    c.text((x0 + 12, y + 6), name, 24, int(x1 - x0 - 36 - used), bold=True, fill=CARD_INK)
    if cost:
        c.text((x0 + 12, y + 36), cost, 20, x1 - x0 - 24, fill=CARD_INK)


def hand(view: Mapping[str, Any], names: Mapping[Any, str]) -> bytes | None:
    """A player's own Dreams not yet completed and the cards they are looking at, from their own view."""
    you = view.get("you") or {}
    dreams = [d.get("name", "?") if isinstance(d, Mapping) else str(d) for d in you.get("dreams") or []]
    looking = [str(n) for n in you.get("looking") or []]
    if not you or not (dreams or looking):
        return None
    sections = [(t("Your Dreams ({n})", n=len(dreams)), dreams)] if dreams else []
    if looking:
        sections.append((t("Looking at"), looking))
    step = CARD_TILE_H + GAP
    c = Canvas(grow(10 + sum(SECTION_H + step * len(cards_) for _, cards_ in sections)))
    y = 12
    for title, cards_ in sections:
        c.text((MARGIN, y), title, 30, WIDTH - 2 * MARGIN, bold=True, fill=GOLD)
        y += SECTION_H - 10
        for name in cards_:
            _card_tile(c, y, name)
            y += step
        y += 10
    return c.png()
