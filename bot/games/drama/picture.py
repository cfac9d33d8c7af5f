"""Drama Pukul 7's table as a picture: each player's hero, Air Muka, Juta, hand size, the Items and
Members in front of them (the married one marked), the Kedai's four slots, the decks, whose turn
and phase, and an open Plot Twist chain; a private picture of one player's hand with card texts.

``table`` reads a spectator view only (no hand, face-down Kedai cards without their card).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.kernel.i18n import data_text, t
from bot.pictures.canvas import CARD, CARD_INK, EMPTY, GOLD, HIGHLIGHT, INK, MUTED, PANEL, WIDTH, Canvas, grow, name_of

MARGIN = 16
HEADER = 120
KEDAI_H = 150
ROW = 26
LIST_ROWS = 4
SEAT_H = 118 + LIST_ROWS * ROW
SEAT_W = (WIDTH - 3 * MARGIN) // 2
KIND = {"item": "ITEM", "member": "MEMBER", "episode": "EPISODE", "plot_twist": "PLOT TWIST"}


def _phase(view: Mapping[str, Any]) -> str:
    phase: str | None = view.get("phase")
    turn = view.get("turn") or {}
    names: dict[str | None, str] = {
        "pick": t("choosing heroes"),
        "collect": t("start of turn"),
        "dengki": t("Dengki phase"),
        "over": t("game over"),
        "action": t("Action phase, {n} ACTION left", n=turn.get("actions_left", 0)),
    }
    return names.get(phase, str(phase))


def _headline(view: Mapping[str, Any], names: Mapping[Any, str]) -> str:
    phase = view.get("phase")
    if phase == "over":
        winner = view.get("winner")
        return (
            t("Protagonist: {player}", player=name_of(names, winner))
            if winner is not None
            else t("Game over: no one is left")
        )
    if phase == "pick":
        queue = (view.get("pick") or {}).get("queue") or []
        return t("{player} chooses a hero", player=name_of(names, queue[0] if queue else None))
    turn = view.get("turn") or {}
    return t("Turn {n}: {player}", n=turn.get("number", 0), player=name_of(names, turn.get("player")))


def _header(c: Canvas, view: Mapping[str, Any], names: Mapping[Any, str]) -> None:
    c.box((0, 0, c.width, HEADER), fill=PANEL, radius=0)
    c.text((MARGIN, 10), t("Drama Pukul 7"), 24, 300, bold=True, fill=GOLD)
    c.text((MARGIN, 42), _headline(view, names), 34, 600, bold=True)
    c.text((MARGIN, 86), _phase(view), 24, 600, fill=MUTED)
    right = c.width - MARGIN
    top = view.get("blue_discard_top")
    c.text(
        (right, 12),
        t("Blue deck {n} \u00b7 discard {d}", n=view.get("blue_deck", 0), d=view.get("blue_discard", 0)),
        22,
        360,
        anchor="ra",
    )
    if top:
        c.text((right, 40), t("top: {card}", card=top), 20, 360, anchor="ra", fill=MUTED)
    c.text(
        (right, 66),
        t("Green deck {n} \u00b7 discard {d}", n=view.get("green_deck", 0), d=len(view.get("green_discard") or [])),
        22,
        360,
        anchor="ra",
    )
    c.text((right, 94), t("Bank: {n} Juta", n=view.get("bank", 0)), 22, 360, anchor="ra", fill=MUTED)


def _price(card: Mapping[str, Any]) -> str:
    if card.get("kind") == "item":
        return t("{n} Juta", n=card.get("price", 0))
    return t("recruit {r} \u00b7 kahwin {k}", r=card.get("recruit", 0), k=card.get("kahwin", 0))


def _kedai(c: Canvas, y: float, view: Mapping[str, Any]) -> None:
    c.text((MARGIN, y + 4), t("Kedai"), 24, 200, bold=True, fill=GOLD)
    w = (c.width - 5 * MARGIN) // 4
    for i, slot in enumerate((view.get("kedai") or [])[:4]):
        x = MARGIN + i * (w + MARGIN)
        top = y + 36
        card = slot.get("card")
        if card:
            c.box((x, top, x + w, top + KEDAI_H - 44), fill=CARD, outline=(90, 90, 90), width=2, radius=10)
            c.text((x + 10, top + 6), KIND.get(card.get("kind"), ""), 18, w - 20, bold=True, fill=(120, 60, 0))
            c.lines(x + 10, top + 30, card.get("name", ""), 20, w - 20, 2, bold=True, fill=CARD_INK)
            c.text((x + 10, top + 80), _price(card), 18, w - 20, fill=CARD_INK)
        elif slot.get("face_down"):
            c.box((x, top, x + w, top + KEDAI_H - 44), fill=(40, 70, 160), outline=(230, 230, 230), width=2)
            c.text((x + w / 2, top + 53), t("face down"), 22, w - 20, anchor="mm")
        else:
            c.box((x, top, x + w, top + KEDAI_H - 44), fill=None, outline=EMPTY, width=3)
            c.text((x + w / 2, top + 53), t("empty"), 22, w - 20, anchor="mm", fill=MUTED)


def _card_list(c: Canvas, x: float, y: float, w: int, title: str, cards: list[Mapping[str, Any]]) -> None:
    c.text((x, y), f"{title} ({len(cards)})", 20, w, bold=True, fill=MUTED)
    shown = cards if len(cards) <= LIST_ROWS else cards[: LIST_ROWS - 1]
    for i, card in enumerate(shown):
        name = card.get("name", "")
        if card.get("married"):
            name = "\u2665 " + t("married: {name}", name=name)
        c.text(
            (x, y + (i + 1) * ROW),
            name,
            20,
            w,
            bold=bool(card.get("married")),
            fill=HIGHLIGHT if card.get("married") else INK,
        )
    if len(shown) < len(cards):
        c.text((x, y + LIST_ROWS * ROW), t("+{n} more", n=len(cards) - len(shown)), 20, w, fill=MUTED)


def _seat(
    c: Canvas, x: float, y: float, p: Mapping[str, Any], view: Mapping[str, Any], names: Mapping[Any, str]
) -> None:
    pid = p.get("id")
    turn = pid == (view.get("turn") or {}).get("player") and view.get("phase") not in ("over", "pick")
    alive = p.get("alive", True)
    c.box(
        (x, y, x + SEAT_W, y + SEAT_H - 10),
        fill=PANEL if alive else (45, 45, 45),
        outline=HIGHLIGHT if turn else (60, 110, 80),
        width=5 if turn else 2,
    )
    title = name_of(names, pid) + ("  \u25c0 " + t("turn") if turn else "") + ("" if alive else "  \u2716 " + t("out"))
    c.text((x + 12, y + 8), title, 28, SEAT_W - 24, bold=True, fill=GOLD if turn else INK)
    c.text((x + 12, y + 44), p.get("hero") or t("no hero yet"), 22, SEAT_W - 24, fill=MUTED)
    facts = t(
        "Air Muka {a} \u00b7 {j} Juta \u00b7 hand {h}",
        a=p.get("air_muka", 0),
        j=p.get("juta", 0),
        h=p.get("hand_count", 0),
    )
    c.text((x + 12, y + 74), facts, 24, SEAT_W - 24, bold=True)
    half = (SEAT_W - 36) // 2
    _card_list(c, x + 12, y + 108, half, t("Items"), list(p.get("items") or []))
    _card_list(c, x + 24 + half, y + 108, half, t("Members"), list(p.get("members") or []))


def _chain_lines(view: Mapping[str, Any], names: Mapping[Any, str]) -> list[str]:
    lines = []
    attack = view.get("attack")
    if attack:
        lines.append(
            t(
                "\u2694 {attacker} attacks {target}, strength {n}",
                attacker=name_of(names, attack.get("attacker")),
                target=name_of(names, attack.get("projected_target", attack.get("target"))),
                n=attack.get("strength", 0),
            )
        )
    window = view.get("window") or {}
    for i, entry in enumerate(window.get("stack") or []):
        line = t(
            "{n}. {player}: {card}", n=i + 1, player=name_of(names, entry.get("player")), card=entry.get("name", "?")
        )
        if entry.get("target") is not None and isinstance(entry.get("target"), int):
            line += " \u2192 " + name_of(names, entry["target"])
        if entry.get("void"):
            line += " " + t("(does nothing)")
        lines.append(line)
    return lines


def table(view: Mapping[str, Any], names: Mapping[Any, str]) -> bytes:
    """The public table from a spectator view, as PNG bytes."""
    players = list(view.get("players") or [])
    chain = _chain_lines(view, names)
    rows = (len(players) + 1) // 2
    chain_h = (40 + 30 * len(chain)) if chain else 0
    c = Canvas(grow(HEADER + KEDAI_H + chain_h + rows * SEAT_H + 20))
    _header(c, view, names)
    y = HEADER + 8
    if chain:
        stack = (view.get("window") or {}).get("stack")
        c.text(
            (MARGIN, y),
            t("Plot Twist chain (last answers first)") if stack else t("Attack"),
            24,
            600,
            bold=True,
            fill=HIGHLIGHT,
        )
        for i, line in enumerate(chain):
            c.text((MARGIN + 10, y + 34 + 30 * i), line, 24, c.width - 2 * MARGIN - 10)
        y += chain_h
    _kedai(c, y, view)
    y += KEDAI_H
    for i, p in enumerate(players):
        _seat(c, MARGIN + (i % 2) * (SEAT_W + MARGIN), y + (i // 2) * SEAT_H, p, view, names)
    return c.png()


def hand(view: Mapping[str, Any], names: Mapping[Any, str]) -> bytes | None:
    """A player's own hand with each card's kind and text, from their own view."""
    cards = list(view.get("hand") or [])
    if view.get("viewer") is None or not cards:
        return None
    w = (WIDTH - 3 * MARGIN) // 2
    h = 150
    c = Canvas(grow(60 + ((len(cards) + 1) // 2) * (h + MARGIN)))
    c.text((MARGIN, 14), t("Your hand ({n})", n=len(cards)), 30, 600, bold=True, fill=GOLD)
    for i, card in enumerate(cards):
        x = MARGIN + (i % 2) * (w + MARGIN)
        y = 60 + (i // 2) * (h + MARGIN)
        c.box((x, y, x + w, y + h), fill=CARD, outline=(90, 90, 90), width=2, radius=10)
        c.text(
            (x + 12, y + 8),
            KIND.get(card.get("kind"), str(card.get("kind", "")).upper()),
            18,
            w - 24,
            bold=True,
            fill=(120, 60, 0),
        )
        c.text((x + 12, y + 30), card.get("name", ""), 24, w - 24, bold=True, fill=CARD_INK)
        text = data_text(card.get("text") or card.get("ability_text") or "")
        c.lines(x + 12, y + 64, text, 19, w - 24, 3, fill=CARD_INK)
    return c.png()
