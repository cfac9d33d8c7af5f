"""Playing cards as pictures: a face-up card shows its rank and suit symbol (red or black, so the
suit never rests on colour alone), a face-down card shows a patterned back."""

from __future__ import annotations

from bot.pictures.canvas import BACK, BACK_LINE, CARD, CARD_INK, CARD_RED, EMPTY, MIN_SIZE, MUTED, Canvas, stamp

SUIT_SYMBOL = {"S": "\u2660", "H": "\u2665", "C": "\u2663", "D": "\u2666"}
RED_SUITS = frozenset("HD")
CARD_W = 84
CARD_H = 118


def face(c: Canvas, x: float, y: float, card: str, w: int = CARD_W, h: int = CARD_H) -> None:
    """A face-up card ``"10H"``: the rank in the corner, a large suit symbol under it."""
    rank, suit = card[:-1], card[-1:]
    ink = CARD_RED if suit in RED_SUITS else CARD_INK
    c.box((x, y, x + w, y + h), fill=CARD, outline=(90, 90, 90), width=2, radius=9)
    size = int(h * 0.34)
    stamp(c.image, (x + 7, y + 4), rank, size, True, ink)
    stamp(c.image, (x + w / 2, y + h * 0.70), SUIT_SYMBOL.get(suit, suit), int(h * 0.42), False, ink, "mm")


def back(c: Canvas, x: float, y: float, w: int = CARD_W, h: int = CARD_H) -> None:
    """A face-down card: a blue back with a diamond lattice."""
    c.box((x, y, x + w, y + h), fill=BACK, outline=(230, 230, 230), width=2, radius=9)
    step = 14
    for k in range(-h, w, step):
        c.draw.line(
            (x + max(k, 0) + 5, y + 5 + max(-k, 0), x + min(k + h, w) - 5, y + min(h, w - k) - 5),
            fill=BACK_LINE,
            width=1,
        )


def slot(c: Canvas, x: float, y: float, w: int = CARD_W, h: int = CARD_H, label: str = "") -> None:
    """An empty place for a card, with an optional word inside (e.g. "empty")."""
    c.box((x, y, x + w, y + h), fill=None, outline=EMPTY, width=3, radius=9)
    if label:
        c.text((x + w / 2, y + h / 2), label, MIN_SIZE, w - 8, fill=MUTED, anchor="mm")


def fan(c: Canvas, x: float, y: float, width: int, cards: list[str | None], w: int = CARD_W, h: int = CARD_H) -> None:
    """Cards left to right in ``width`` px, overlapping when they must; ``None`` is a face-down card."""
    if not cards:
        return
    step = w + 8 if len(cards) == 1 else min(w + 8, (width - w) / (len(cards) - 1))
    for i, card in enumerate(cards):
        if card is None:
            back(c, x + i * step, y, w, h)
        else:
            face(c, x + i * step, y, card, w, h)
