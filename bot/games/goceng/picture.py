"""Mat Goceng's table as a picture, drawn for a phone (600 px wide, shown ~400 px): the turn and what
the table waits for, in a battle both lines' newest cards with the fist the next card must start with
and the Extra Power offers, then the seats (stamina cups, silver, cards in hand, a revealed
character); a private picture of one player's hand of fist cards.

Each fist is named by a letter (the first of its colour word in the reader's language) and, where
the card is large enough, the word itself: never by colour alone. ``table`` reads a spectator view
only: a character not yet revealed is ``None`` there, and an offered card is not in it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.kernel.i18n import t, tn
from bot.pictures.canvas import (
    CARD,
    CARD_INK,
    EMPTY,
    GOLD,
    HIGHLIGHT,
    INK,
    MIN_SIZE,
    MUTED,
    PANEL,
    WIDTH,
    Canvas,
    grow,
    length,
    name_of,
)

MARGIN = 16
HEADER = 84
#: A battle line: its label, then its newest cards.
LABEL_H = 34
LINE_CARD_W, LINE_CARD_H = 80, 100
LINE_H = LABEL_H + LINE_CARD_H + 12
LINE_CARDS = 4
#: The block on the right of a battle line naming the fist its next card must start with.
NEXT_X = 432
OFFER_H = 28
SEAT_W = (WIDTH - 3 * MARGIN) // 2
SEAT_H = 124
#: A seat with a fourth row: its character, once public.
SEAT_H_KNOWN = 150
HAND_CARD_W, HAND_CARD_H = 104, 150
#: A fist's colour (the letter and word carry the meaning; the colour helps).
FIST = {
    "red": (205, 40, 40),
    "yellow": (245, 200, 40),
    "green": (40, 160, 70),
    "blue": (40, 95, 210),
    "any": (245, 245, 245),
}
DARK_INK = {"yellow", "any"}


def _character(cid: str | None) -> str:
    try:
        from bot.games.goceng.view import character_name
    except ImportError:  # the drawing never depends on more than the view
        return str(cid)
    return character_name(cid)


def _fist_word(colour: str) -> str:
    return {"red": t("red"), "yellow": t("yellow"), "green": t("green"), "blue": t("blue"), "any": t("any")}.get(
        colour, colour
    )


def _fist_letter(colour: str) -> str:
    """The fist's letter: the first of its word in the reader's language (R/Y/G/B, M/K/H/B), a star for any."""
    if colour == "any":
        return "\u2605"
    word = _fist_word(colour)
    return word[:1].upper() or "?"


def _fist(c: Canvas, x: float, y: float, w: float, h: float, colour: str, word: bool = True) -> None:
    """One fist: a block of its colour with its letter, and its word under the letter when there is room."""
    fill = FIST.get(colour, (128, 128, 128))
    ink = CARD_INK if colour in DARK_INK else INK
    c.draw.rectangle((x, y, x + w, y + h), fill=fill)
    name = _fist_word(colour)
    if word and h >= 50 and length(name, MIN_SIZE) <= w - 6:
        c.text((x + w / 2, y + h * 0.33), _fist_letter(colour), 28, int(w) - 6, bold=True, fill=ink, anchor="mm")
        c.text((x + w / 2, y + h * 0.77), name, MIN_SIZE, int(w) - 6, fill=ink, anchor="mm")
    else:
        size = max(MIN_SIZE, min(32, int(h * 0.7)))
        c.text((x + w / 2, y + h / 2), _fist_letter(colour), size, int(w) - 6, bold=True, fill=ink, anchor="mm")


def fist_card(
    c: Canvas, x: float, y: float, card: Mapping[str, Any], w: int = HAND_CARD_W, h: int = HAND_CARD_H
) -> None:
    """A skill card: its top fist over its bottom fist; an Ajian card says so at the bottom."""
    c.box((x, y, x + w, y + h), fill=CARD, outline=(90, 90, 90), width=2, radius=8)
    band = 24 if card.get("ajian") else 0
    inner = h - 10 - band
    half = inner / 2 - 2
    _fist(c, x + 5, y + 5, w - 10, half, card.get("top", "?"))
    _fist(c, x + 5, y + 5 + inner / 2 + 2, w - 10, half, card.get("bottom", "?"))
    if band:
        c.text((x + w / 2, y + h - 15), t("AJIAN"), MIN_SIZE, w - 6, bold=True, fill=(120, 60, 0), anchor="mm")


def _cups(c: Canvas, x: float, y: float, stamina: int) -> float:
    """Stamina as drawn cups (the number is written beside them)."""
    for k in range(max(0, min(stamina, 6))):
        cx = x + k * 32
        c.draw.polygon(
            [(cx, y), (cx + 22, y), (cx + 18, y + 26), (cx + 4, y + 26)], fill=(240, 240, 230), outline=(120, 90, 60)
        )
        c.draw.arc((cx + 16, y + 4, cx + 28, y + 18), 270, 90, fill=(240, 240, 230), width=3)
    return 32 * max(0, min(stamina, 6))


def _seat(
    c: Canvas, x: float, y: float, h: int, p: Mapping[str, Any], view: Mapping[str, Any], names: Mapping[Any, str]
) -> None:
    over = view.get("phase") == "over"
    active = p.get("id") == view.get("active") and not over
    stamina = int(p.get("stamina", 0))
    c.box(
        (x, y, x + SEAT_W, y + h - 8),
        fill=(45, 45, 45) if stamina <= 0 else PANEL,
        outline=HIGHLIGHT if active else (60, 110, 80),
        width=5 if active else 2,
    )
    name = name_of(names, p.get("id"))
    c.text(
        (x + 12, y + 6), ("\u25b6 " if active else "") + name, 26, SEAT_W - 24, bold=True, fill=GOLD if active else INK
    )
    if stamina > 0:
        used = _cups(c, x + 12, y + 40, stamina)
        if not over or p.get("id") not in ((view.get("result") or {}).get("winners") or []):
            c.text((x + 16 + used, y + 42), t("stamina {n}", n=stamina), 22, SEAT_W - 28 - int(used), bold=True)
        else:
            used += c.text((x + 16 + used, y + 40), str(stamina), 26, 40, bold=True)
            c.text(
                (x + SEAT_W - 12, y + 42),
                "\u2605 " + t("won"),
                22,
                SEAT_W - 44 - int(used),
                bold=True,
                fill=GOLD,
                anchor="ra",
            )
    else:
        c.text((x + 12, y + 42), t("out of stamina"), 22, SEAT_W - 24, bold=True, fill=MUTED)
    c.text(
        (x + 12, y + 76),
        tn(
            "{c} silver \u00b7 {n} card",
            "{c} silver \u00b7 {n} cards",
            int(p.get("hand_count", 0)),
            c=p.get("coins", 0),
        ),
        22,
        SEAT_W - 24,
    )
    if p.get("character") is not None:  # public once revealed (at 1 stamina) and at the end
        c.text((x + 12, y + 110), _character(p.get("character")), 22, SEAT_W - 24, fill=GOLD)


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


def _next(c: Canvas, x: float, y: float, colour: str) -> None:
    """The fist the line's next card must start with: a word under "next", on a block of its colour."""
    w = c.width - MARGIN - x
    c.text((x, y), t("next"), 22, int(w), fill=MUTED)
    fill = FIST.get(colour, (128, 128, 128))
    ink = CARD_INK if colour in DARK_INK else INK
    top = y + 30
    c.box((x, top, x + w, top + 62), fill=fill, outline=(230, 230, 230), width=2, radius=8)
    word = _fist_word(colour)
    label = "\u2605 " + word if colour == "any" else word
    c.text((x + w / 2, top + 31), label, 28, int(w) - 10, bold=True, fill=ink, anchor="mm")


def _line(c: Canvas, top: float, battle: Mapping[str, Any], line: Mapping[str, Any], names: Mapping[Any, str]) -> None:
    holder = line.get("player") == battle.get("holder")
    if holder:
        c.box((MARGIN - 8, top - 4, c.width - MARGIN + 8, top + LINE_H - 8), fill=None, outline=HIGHLIGHT, width=4)
    marks = []
    if holder:
        marks.append("\u25c0 " + t("to play"))
    if holder and int(line.get("owed", 0)) > 1:
        marks.append(tn("owes {n} card", "owes {n} cards", int(line["owed"])))
    right = 0.0
    if marks:
        right = c.text(
            (c.width - MARGIN, top + 4),
            " \u00b7 ".join(marks),
            24,
            c.width - 2 * MARGIN - 160,
            bold=True,
            fill=GOLD,
            anchor="ra",
        )
    c.text(
        (MARGIN, top + 2),
        name_of(names, line.get("player")),
        28,
        c.width - 2 * MARGIN - int(right) - 12,
        bold=True,
        fill=GOLD if holder else INK,
    )
    y = top + LABEL_H
    cards = list(line.get("cards") or [])
    if not cards:
        c.box((MARGIN, y, MARGIN + LINE_CARD_W, y + LINE_CARD_H), fill=None, outline=EMPTY, width=3, radius=8)
        c.text((MARGIN + LINE_CARD_W + 16, y + LINE_CARD_H / 2), t("no card yet"), 24, 300, fill=MUTED, anchor="lm")
        return
    shown = cards[-LINE_CARDS:]  # the newest cards: the last one is what the next card must match
    x = MARGIN
    if len(cards) > len(shown):
        c.text(
            (x, y + LINE_CARD_H / 2), t("+{n}", n=len(cards) - len(shown)), 24, 52, bold=True, fill=MUTED, anchor="lm"
        )
        x += 56
    for k, card in enumerate(shown):
        fist_card(c, x + k * (LINE_CARD_W + 8), y, card, LINE_CARD_W, LINE_CARD_H)
    _next(c, NEXT_X, y, str(shown[-1].get("bottom", "?")))


def _offer(offer: Mapping[str, Any], names: Mapping[Any, str]) -> str:
    """ "Citra · 3 silver", with "(final)", "(counter refused)" or the counter-offer when so."""
    price = int(offer.get("price", 0))
    text = name_of(names, offer.get("player")) + " \u00b7 " + tn("{n} silver", "{n} silver", price, n=price)
    if offer.get("counter") is not None:
        return text + " \u2192 " + tn("{n} silver", "{n} silver", int(offer["counter"]), n=offer["counter"])
    if offer.get("refused"):
        return text + " " + t("(counter refused)")
    if offer.get("final"):
        return text + " " + t("(final)")
    return text


def _offers(c: Canvas, top: float, window: Mapping[str, Any], names: Mapping[Any, str]) -> None:
    offers = list(window.get("offers") or [])
    c.text((MARGIN, top), t("Extra Power offers"), 24, c.width - 2 * MARGIN, bold=True, fill=GOLD)
    if not offers:
        c.text((MARGIN, top + OFFER_H + 2), t("none yet"), 22, c.width - 2 * MARGIN, fill=MUTED)
    for i, offer in enumerate(offers[:4]):
        c.text((MARGIN, top + (i + 1) * OFFER_H + 2), _offer(offer, names), 22, c.width - 2 * MARGIN)


def table(view: Mapping[str, Any], names: Mapping[Any, str]) -> bytes:
    """The public table from a spectator view, as PNG bytes."""
    players = list(view.get("players") or [])
    battle = view.get("battle") if view.get("phase") != "over" else None
    window = (battle or {}).get("window")
    battle_h = 2 * LINE_H + 8 if battle else 0
    offers_h = (max(1, min(4, len(window.get("offers") or []))) + 1) * OFFER_H + 12 if window else 0
    rows = (len(players) + 1) // 2
    over = view.get("phase") == "over"
    seat_h = SEAT_H_KNOWN if over or any(p.get("character") is not None for p in players) else SEAT_H
    c = Canvas(grow(HEADER + 10 + battle_h + offers_h + rows * seat_h + 4))
    c.box((0, 0, c.width, HEADER), fill=PANEL, radius=0)
    c.text(
        (MARGIN, 10),
        t("Mat Goceng \u00b7 turn {n}", n=view.get("turn", 0)),
        24,
        c.width - 2 * MARGIN,
        bold=True,
        fill=GOLD,
    )
    c.text((MARGIN, 44), _status(view, names), 28, c.width - 2 * MARGIN, bold=True)
    y = HEADER + 10
    if battle:
        for i, line in enumerate((battle.get("lines") or [])[:2]):
            _line(c, y + i * LINE_H, battle, line, names)
        y += battle_h
    if window:
        _offers(c, y, window, names)
        y += offers_h
    for i, p in enumerate(players):
        _seat(c, MARGIN + (i % 2) * (SEAT_W + MARGIN), y + (i // 2) * seat_h, seat_h, p, view, names)
    return c.png()


def hand(view: Mapping[str, Any], names: Mapping[Any, str]) -> bytes | None:
    """A player's own hand of fist cards, from their own view."""
    cards = list(view.get("hand") or [])
    if view.get("you") is None or not cards:
        return None
    per_row = (WIDTH - 2 * MARGIN + 12) // (HAND_CARD_W + 12)
    rows = (len(cards) + per_row - 1) // per_row
    c = Canvas(grow(60 + rows * (HAND_CARD_H + 12)))
    c.text((MARGIN, 12), t("Your hand ({n})", n=len(cards)), 30, c.width - 2 * MARGIN, bold=True, fill=GOLD)
    for i, card in enumerate(cards):
        fist_card(c, MARGIN + (i % per_row) * (HAND_CARD_W + 12), 56 + (i // per_row) * (HAND_CARD_H + 12), card)
    return c.png()
