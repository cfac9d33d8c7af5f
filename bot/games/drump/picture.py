"""DRUMP's table as a picture, drawn for a phone (600 px wide, shown ~400 px): the turn, the deck and
drop counts and what the table waits for (the attack in progress), then each side's Monster Part
slots and four Force Zones, the side to play framed and marked; a private picture of one player's
hand and their zones with every card in them (face-down ones counted) and each zone's sum.

``table`` reads a spectator view (``view(state, None)``): face-down cards are ``None`` there, so
the picture can only draw their backs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.drump.cards import low_sum
from bot.kernel.i18n import t, tn
from bot.pictures import cards as pc
from bot.pictures.canvas import GOLD, HIGHLIGHT, INK, MUTED, PANEL, WIDTH, Canvas, grow, name_of, wrap

SLOTS = ("head", "body", "tail", "wings")
MONSTER = {"10": "Chimera", "J": "Hydra", "Q": "Pegasus", "K": "Dragon"}
MARGIN = 16
GAP = 12
COL_W = (WIDTH - 2 * MARGIN - 3 * GAP) // 4
#: A Monster Part card (rank 28 px) and a Force Zone card (the kit's full size).
PART_W, PART_H = 60, 84
STATUS_SIZE = 28
#: A side: its name row, its parts (label, card, monster name) and its zones (label, cards).
NAME_H = 44
PARTS_H = 26 + PART_H + 30
ZONES_H = 30 + pc.CARD_H + 12
SIDE = NAME_H + PARTS_H + ZONES_H + 8
#: The hand picture's zone cards: small enough for four in a zone's column, rank still 28 px.
ZONE_CARD_W, ZONE_CARD_H = 60, 84


def _slot_label(slot: str) -> str:
    return {"head": t("Head"), "body": t("Body"), "tail": t("Tail"), "wings": t("Wings")}.get(slot, slot)


def _card(card: str) -> str:
    return card[:-1] + pc.SUIT_SYMBOL.get(card[-1:], card[-1:])


def _status(view: Mapping[str, Any], names: Mapping[Any, str]) -> str:
    phase = view.get("phase")
    attack = view.get("attack") or {}
    if phase == "over":
        winners = (view.get("result") or {}).get("winners") or []
        if not winners:
            return t("Game over: a draw")
        return t("Game over: {player} wins", player=" & ".join(name_of(names, w) for w in winners))
    current = name_of(names, view.get("current"))
    if phase == "block" and attack:
        return t(
            "\u2694 Attack on {player}'s zone {zone} with {card}",
            player=name_of(names, attack.get("defender")),
            zone=attack.get("zone", 0) + 1,
            card=_card(attack.get("card") or ""),
        )
    if phase == "reattack" and attack:
        return t(
            "\u2694 Blocked: re-attack zone {zone} with more than {beat} (or an Ace)",
            zone=attack.get("zone", 0) + 1,
            beat=attack.get("beat", 0),
        )
    if phase == "discard":
        return t("{player} discards down to 5 cards", player=current)
    if view.get("last_turn"):
        return t("{player} to play: the last turn", player=current)
    return t("{player} to play", player=current)


def _status_lines(view: Mapping[str, Any], names: Mapping[Any, str]) -> list[str]:
    return wrap(_status(view, names), WIDTH - 2 * MARGIN, STATUS_SIZE, 2, True)


def _header(c: Canvas, view: Mapping[str, Any], names: Mapping[Any, str], lines: list[str], height: int) -> None:
    c.box((0, 0, c.width, height), fill=PANEL, radius=0)
    counts = tn("Deck: {n} card", "Deck: {n} cards", view.get("deck", 0)) + " \u00b7 "
    counts += t("Drop: {n}", n=len(view.get("drop") or []))
    used = c.text((c.width - MARGIN, 12), counts, 22, 300, fill=MUTED, anchor="ra")
    turn = t("DRUMP \u00b7 turn {turn}", turn=view.get("turn", 0))
    c.text((MARGIN, 10), turn, 24, c.width - 2 * MARGIN - int(used) - 12, bold=True, fill=GOLD)
    for i, line in enumerate(lines):
        c.text((MARGIN, 44 + i * 34), line, STATUS_SIZE, c.width - 2 * MARGIN, bold=True)


def _column(i: int) -> int:
    return MARGIN + i * (COL_W + GAP)


def _side(c: Canvas, y: float, side: Mapping[str, Any], view: Mapping[str, Any], names: Mapping[Any, str]) -> None:
    pid = side.get("player")
    turn = pid == view.get("current") and view.get("phase") != "over"
    c.box(
        (6, y, c.width - 6, y + SIDE - 8),
        fill=None,
        outline=HIGHLIGHT if turn else (50, 100, 70),
        width=5 if turn else 2,
    )
    facts = t("Hand {n} \u00b7 {score} pts", n=side.get("hand_count", 0), score=side.get("score", 0))
    if side.get("drump"):
        facts += " \u00b7 DRUMP!"
    used = c.text((c.width - MARGIN, y + 12), facts, 24, 260, bold=bool(side.get("drump")), anchor="ra")
    name = ("\u25b6 " if turn else "") + name_of(names, pid)
    c.text((MARGIN, y + 8), name, 30, c.width - 2 * MARGIN - int(used) - 12, bold=True, fill=GOLD if turn else INK)
    parts = side.get("parts") or {}
    py = y + NAME_H
    for i, slot in enumerate(SLOTS):
        x = _column(i)
        card = parts.get(slot)
        c.text((x, py), _slot_label(slot), 20, COL_W, fill=MUTED)
        if card:
            pc.face(c, x, py + 26, card, PART_W, PART_H)
            c.text((x, py + 26 + PART_H + 4), MONSTER.get(card[:-1], ""), 20, COL_W)
        else:
            pc.slot(c, x, py + 26, PART_W, PART_H)
    zy = py + PARTS_H
    attack = view.get("attack") or {}
    for i, zone in enumerate((side.get("zones") or [])[:4]):
        x = _column(i)
        attacked = attack.get("defender") == pid and attack.get("zone") == i
        label = ("\u2694 " if attacked else "") + t("Zone {n}", n=i + 1)
        c.text((x, zy), label, 22, COL_W, bold=attacked, fill=HIGHLIGHT if attacked else MUTED)
        if attacked:
            c.box((x - 5, zy + 25, x + COL_W + 5, zy + 30 + pc.CARD_H + 5), fill=None, outline=HIGHLIGHT, width=4)
        shown = [item.get("card") if item.get("up") else None for item in zone]
        if shown:
            _zone(c, x, zy + 30, shown)
        else:
            pc.slot(c, x, zy + 30)


def _zone(c: Canvas, x: float, y: float, shown: list[str | None]) -> None:
    """A Force Zone's cards left to right, the first (the face-up one) on top so its rank shows whole,
    the face-down ones peeking out to its right, one edge each."""
    step = 0 if len(shown) == 1 else min(pc.CARD_W + 8, (COL_W - pc.CARD_W) / (len(shown) - 1))
    for k in reversed(range(len(shown))):
        card = shown[k]
        if card is None:
            pc.back(c, x + k * step, y)
        else:
            pc.face(c, x + k * step, y, card)


def table(view: Mapping[str, Any], names: Mapping[Any, str]) -> bytes:
    """The public table from a spectator view, as PNG bytes."""
    sides = list(view.get("sides") or [])
    lines = _status_lines(view, names)
    header = 44 + 34 * len(lines) + 8
    c = Canvas(grow(header + 10 + SIDE * len(sides)))
    _header(c, view, names, lines, header)
    for i, side in enumerate(sides):
        _side(c, header + 10 + i * SIDE, side, view, names)
    return c.png()


def _sum(zone: list[Mapping[str, Any]]) -> str:
    """A zone's sum as its owner reads it: "12", or "3/13" with an Ace."""
    cards = [item["card"] for item in zone if item.get("card")]
    if not cards:
        return ""
    low, aces = low_sum(cards)
    return "/".join(str(low + 10 * k) for k in range(aces + 1))


def hand(view: Mapping[str, Any], names: Mapping[Any, str]) -> bytes | None:
    """A player's own hand and every card in their zones (face-down ones counted), from their own view."""
    viewer = view.get("viewer")
    mine = next((s for s in view.get("sides") or [] if s.get("player") == viewer), None)
    if mine is None or mine.get("hand") is None:
        return None
    held = list(mine.get("hand") or [])
    zy = 56 + pc.CARD_H + 20
    c = Canvas(grow(zy + 30 + ZONE_CARD_H + 72))
    c.text((MARGIN, 12), t("Your hand ({n})", n=len(held)), 30, c.width - 2 * MARGIN, bold=True, fill=GOLD)
    if held:
        pc.fan(c, MARGIN, 56, c.width - 2 * MARGIN, held)
    else:
        c.text((MARGIN, 56 + pc.CARD_H / 2), t("No cards in hand"), 26, c.width - 2 * MARGIN, fill=MUTED, anchor="lm")
    for i, zone in enumerate((mine.get("zones") or [])[:4]):
        x = _column(i)
        c.text((x, zy), t("Zone {n}", n=i + 1), 22, COL_W, fill=MUTED)
        cards = [item.get("card") for item in zone]
        if any(cards):
            pc.fan(c, x, zy + 30, COL_W, cards, ZONE_CARD_W, ZONE_CARD_H)
            c.text((x, zy + 36 + ZONE_CARD_H), "= " + _sum(zone), 26, COL_W, bold=True)
        else:
            pc.slot(c, x, zy + 30, ZONE_CARD_W, ZONE_CARD_H)
        down = sum(1 for item in zone if not item.get("up"))
        if down:  # which cards the opponent cannot see: said in words, never only by colour
            c.text((x, zy + 70 + ZONE_CARD_H), t("face down: {n}", n=down), 20, COL_W, fill=HIGHLIGHT)
    return c.png()
