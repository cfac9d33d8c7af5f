"""Mat Goceng's table as a picture: the seats with their stamina cups, silver coins and revealed
characters, and in a battle both lines of cards with their fist colours (each fist also named by
letter and word, never by colour alone); a private picture of one player's hand of fist cards.

``table`` reads a spectator view only: a character not yet revealed is ``None`` there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.kernel.i18n import t, tn
from bot.pictures.canvas import CARD, CARD_INK, GOLD, HIGHLIGHT, INK, MUTED, PANEL, WIDTH, Canvas, grow, name_of

MARGIN = 16
HEADER = 110
SEAT_H = 130
SEAT_W = (WIDTH - 3 * MARGIN) // 2
CARD_W, CARD_H = 104, 140
#: A fist's colour, its letter and its word (the letter and word carry the meaning; the colour helps).
FIST = {
    "red": ((205, 40, 40), "R", "red"),
    "yellow": ((245, 200, 40), "Y", "yellow"),
    "green": ((40, 160, 70), "G", "green"),
    "blue": ((40, 95, 210), "B", "blue"),
    "any": ((245, 245, 245), "\u2605", "any"),
}
DARK_INK = {"yellow", "any"}


def _character(cid: str | None) -> str:
    if cid is None:
        return t("character hidden")
    try:
        from bot.games.goceng.view import character_name
    except ImportError:  # the drawing never depends on more than the view
        return str(cid)
    return character_name(cid)


def _fist_word(colour: str) -> str:
    return {"red": t("red"), "yellow": t("yellow"), "green": t("green"), "blue": t("blue"), "any": t("any")}.get(
        colour, colour
    )


def _fist(c: Canvas, x: float, y: float, w: float, h: float, colour: str) -> None:
    fill, letter, _ = FIST.get(colour, ((128, 128, 128), "?", colour))
    ink = CARD_INK if colour in DARK_INK else INK
    c.draw.rectangle((x, y, x + w, y + h), fill=fill)
    c.text((x + w / 2, y + h * 0.34), letter, min(28, int(h * 0.5)), int(w) - 6, bold=True, fill=ink, anchor="mm")
    c.text((x + w / 2, y + h * 0.78), _fist_word(colour), 18, int(w) - 6, fill=ink, anchor="mm")


def fist_card(c: Canvas, x: float, y: float, card: Mapping[str, Any], w: int = CARD_W, h: int = CARD_H) -> None:
    """A skill card: its top fist over its bottom fist; an Ajian card says so at the bottom."""
    c.box((x, y, x + w, y + h), fill=CARD, outline=(90, 90, 90), width=2, radius=8)
    inner = h - 12 - (22 if card.get("ajian") else 0)
    _fist(c, x + 6, y + 6, w - 12, inner / 2 - 2, card.get("top", "?"))
    _fist(c, x + 6, y + 6 + inner / 2 + 2, w - 12, inner / 2 - 2, card.get("bottom", "?"))
    if card.get("ajian"):
        c.text((x + w / 2, y + h - 16), t("AJIAN"), 18, w - 8, bold=True, fill=(120, 60, 0), anchor="mm")


def _cups(c: Canvas, x: float, y: float, stamina: int) -> float:
    """Stamina as drawn cups with the number beside them."""
    for k in range(max(0, min(stamina, 6))):
        cx = x + k * 30
        c.draw.polygon(
            [(cx, y), (cx + 22, y), (cx + 18, y + 24), (cx + 4, y + 24)], fill=(240, 240, 230), outline=(120, 90, 60)
        )
        c.draw.arc((cx + 16, y + 4, cx + 28, y + 16), 270, 90, fill=(240, 240, 230), width=3)
    return 30 * max(0, min(stamina, 6))


def _seat(
    c: Canvas, x: float, y: float, p: Mapping[str, Any], view: Mapping[str, Any], names: Mapping[Any, str]
) -> None:
    active = p.get("id") == view.get("active") and view.get("phase") != "over"
    out = p.get("stamina", 0) <= 0
    c.box(
        (x, y, x + SEAT_W, y + SEAT_H - 10),
        fill=(45, 45, 45) if out else PANEL,
        outline=HIGHLIGHT if active else (60, 110, 80),
        width=5 if active else 2,
    )
    title = t("Seat {n}: {player}", n=p.get("seat", "?"), player=name_of(names, p.get("id")))
    c.text(
        (x + 12, y + 8),
        title + ("  \u25c0" if active else ""),
        26,
        SEAT_W - 24,
        bold=True,
        fill=GOLD if active else INK,
    )
    used = _cups(c, x + 12, y + 46, int(p.get("stamina", 0)))
    c.text((x + 20 + used, y + 46), t("stamina {n}", n=p.get("stamina", 0)), 22, SEAT_W - 40 - int(used), bold=True)
    hand = int(p.get("hand_count", 0))
    c.text(
        (x + 12, y + 80),
        tn("{c} silver \u00b7 {n} card", "{c} silver \u00b7 {n} cards", hand, c=p.get("coins", 0))
        + " \u00b7 "
        + _character(p.get("character")),
        20,
        SEAT_W - 24,
        fill=MUTED,
    )


def _status(view: Mapping[str, Any], names: Mapping[Any, str]) -> str:
    phase = view.get("phase")
    if phase == "over":
        result = view.get("result") or {}
        return t("Game over: {player} lost", player=name_of(names, result.get("loser")))
    active = name_of(names, view.get("active"))
    battle = view.get("battle")
    if battle:
        return t(
            "Battle: {a} against {d}",
            a=name_of(names, battle.get("attacker")),
            d=name_of(names, battle.get("defender")),
        )
    if phase == "respond":
        return t("{player} is challenged", player=name_of(names, view.get("target")))
    return t("{player} chooses whom to challenge", player=active)


def _battle(c: Canvas, y: float, battle: Mapping[str, Any], names: Mapping[Any, str]) -> None:
    for i, line in enumerate((battle.get("lines") or [])[:2]):
        top = y + i * (CARD_H + 56)
        holder = line.get("player") == battle.get("holder")
        label = tn(
            "{player}'s line: {n} card, owes {o}",
            "{player}'s line: {n} cards, owes {o}",
            len(line.get("cards") or []),
            player=name_of(names, line.get("player")),
            o=line.get("owed", 0),
        )
        c.text(
            (MARGIN, top + 6),
            label + ("  \u25c0 " + t("to play") if holder else ""),
            24,
            c.width - 2 * MARGIN,
            bold=True,
            fill=GOLD if holder else INK,
        )
        cards = list(line.get("cards") or [])
        if not cards:
            c.box((MARGIN, top + 40, MARGIN + CARD_W, top + 40 + CARD_H), fill=None, outline=(60, 110, 80), width=3)
            c.text((MARGIN + CARD_W + 16, top + 40 + CARD_H / 2), t("no card yet"), 22, 400, fill=MUTED, anchor="lm")
        shown = cards[-8:]  # the newest cards: the last one is what the next card must match
        step = min(CARD_W + 10, (c.width - 2 * MARGIN - CARD_W) / max(1, len(shown) - 1))
        x0 = MARGIN
        if len(cards) > len(shown):
            c.text(
                (MARGIN, top + 40 + CARD_H / 2), t("+{n}", n=len(cards) - len(shown)), 24, 60, fill=MUTED, anchor="lm"
            )
            x0 += 64
            step = min(step, (c.width - MARGIN - x0 - CARD_W) / max(1, len(shown) - 1))
        for k, card in enumerate(shown):
            fist_card(c, x0 + k * step, top + 40, card)


def table(view: Mapping[str, Any], names: Mapping[Any, str]) -> bytes:
    """The public table from a spectator view, as PNG bytes."""
    players = list(view.get("players") or [])
    battle = view.get("battle")
    battle_h = 2 * (CARD_H + 56) + 10 if battle else 0
    rows = (len(players) + 1) // 2
    c = Canvas(grow(HEADER + battle_h + rows * SEAT_H + 20))
    c.box((0, 0, c.width, HEADER), fill=PANEL, radius=0)
    c.text((MARGIN, 10), t("Mat Goceng \u00b7 turn {n}", n=view.get("turn", 0)), 24, 500, bold=True, fill=GOLD)
    c.text((MARGIN, 44), _status(view, names), 30, c.width - 2 * MARGIN, bold=True)
    c.text(
        (c.width - MARGIN, 14),
        t("Deck {d} \u00b7 discard {x}", d=view.get("deck_count", 0), x=view.get("discard_count", 0)),
        20,
        400,
        fill=MUTED,
        anchor="ra",
    )
    y = HEADER + 10
    if battle:
        _battle(c, y, battle, names)
        y += battle_h
    for i, p in enumerate(players):
        _seat(c, MARGIN + (i % 2) * (SEAT_W + MARGIN), y + (i // 2) * SEAT_H, p, view, names)
    return c.png()


def hand(view: Mapping[str, Any], names: Mapping[Any, str]) -> bytes | None:
    """A player's own hand of fist cards, from their own view."""
    cards = list(view.get("hand") or [])
    if view.get("you") is None or not cards:
        return None
    per_row = (WIDTH - 2 * MARGIN) // (CARD_W + 12)
    rows = (len(cards) + per_row - 1) // per_row
    c = Canvas(grow(64 + rows * (CARD_H + 14)))
    c.text((MARGIN, 14), t("Your hand ({n})", n=len(cards)), 30, 600, bold=True, fill=GOLD)
    for i, card in enumerate(cards):
        fist_card(c, MARGIN + (i % per_row) * (CARD_W + 12), 60 + (i // per_row) * (CARD_H + 14), card)
    return c.png()
