"""DRUMP's table as a picture: both sides' Monster Part slots and four Force Zones, the deck, the
drop zone and whose turn it is; a private picture of one player's hand and face-down cards.

``table`` reads a spectator view (``view(state, None)``): face-down cards are ``None`` there, so
the picture can only draw their backs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.kernel.i18n import t, tn
from bot.pictures import cards as pc
from bot.pictures.canvas import GOLD, HIGHLIGHT, INK, MUTED, PANEL, WIDTH, Canvas, grow, name_of

SLOTS = ("head", "body", "tail", "wings")
MONSTER = {"10": "Chimera", "J": "Hydra", "Q": "Pegasus", "K": "Dragon"}
HEADER = 120
SIDE = 345
MARGIN = 20
ZONE_W = (WIDTH - 2 * MARGIN - 3 * 16) // 4


def _slot_label(slot: str) -> str:
    return {"head": t("Head"), "body": t("Body"), "tail": t("Tail"), "wings": t("Wings")}.get(slot, slot)


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
        card = attack.get("card") or ""
        return t(
            "\u2694 {attacker} attacks {defender}'s zone {zone} with {card}: {defender} may block",
            attacker=name_of(names, attack.get("attacker")),
            defender=name_of(names, attack.get("defender")),
            zone=attack.get("zone", 0) + 1,
            card=card[:-1] + pc.SUIT_SYMBOL.get(card[-1:], card[-1:]),
        )
    if phase == "reattack" and attack:
        return t(
            "\u2694 Blocked: {player} may attack zone {zone} again", player=current, zone=attack.get("zone", 0) + 1
        )
    if phase == "discard":
        return t("{player} discards down to 5 cards", player=current)
    if view.get("last_turn"):
        return t("{player} to play: the last turn", player=current)
    return t("{player} to play", player=current)


def _header(c: Canvas, view: Mapping[str, Any], names: Mapping[Any, str]) -> None:
    c.box((0, 0, c.width, HEADER), fill=PANEL, radius=0)
    c.text((MARGIN, 12), t("DRUMP \u00b7 turn {turn}", turn=view.get("turn", 0)), 26, 420, bold=True, fill=GOLD)
    c.text((MARGIN, 50), _status(view, names), 32, c.width - 300, bold=True)
    c.text((MARGIN, 92), tn("Deck: {n} card", "Deck: {n} cards", view.get("deck", 0)), 22, 300, fill=MUTED)
    drop = view.get("drop") or []
    x = c.width - MARGIN - 70
    c.text((x - 10, 60), t("Drop: {n}", n=len(drop)), 24, 200, fill=MUTED, anchor="rm")
    if drop:
        pc.face(c, x, 12, drop[-1], 60, 84)
    else:
        pc.slot(c, x, 12, 60, 84)


def _side(c: Canvas, y: float, side: Mapping[str, Any], view: Mapping[str, Any], names: Mapping[Any, str]) -> None:
    pid = side.get("player")
    turn = pid == view.get("current")
    c.box(
        (8, y + 6, c.width - 8, y + SIDE - 6),
        fill=None,
        outline=HIGHLIGHT if turn else (50, 100, 70),
        width=5 if turn else 2,
    )
    label = name_of(names, pid) + ("  \u25c0 " + t("to play") if turn else "")
    c.text((MARGIN + 4, y + 16), label, 30, 560, bold=True, fill=GOLD if turn else INK)
    facts = t("Hand {n} \u00b7 {score} pts", n=side.get("hand_count", 0), score=side.get("score", 0))
    if side.get("drump"):
        facts += " \u00b7 DRUMP!"
    c.text((c.width - MARGIN - 4, y + 20), facts, 26, 380, anchor="ra", fill=INK)
    parts = side.get("parts") or {}
    py = y + 60
    for i, slot in enumerate(SLOTS):
        x = MARGIN + i * (ZONE_W + 16)
        card = parts.get(slot)
        c.text((x, py), _slot_label(slot), 20, ZONE_W, fill=MUTED)
        if card:
            pc.face(c, x, py + 26, card, 60, 84)
            c.text((x + 68, py + 60), MONSTER.get(card[:-1], ""), 22, ZONE_W - 70)
        else:
            pc.slot(c, x, py + 26, 60, 84)
    zy = y + 60 + 118
    attack = view.get("attack") or {}
    for i, zone in enumerate((side.get("zones") or [])[:4]):
        x = MARGIN + i * (ZONE_W + 16)
        attacked = attack.get("defender") == pid and attack.get("zone") == i
        c.text(
            (x, zy),
            t("Zone {n}", n=i + 1) + ("  \u2694 " + t("attacked") if attacked else ""),
            20,
            ZONE_W,
            bold=attacked,
            fill=HIGHLIGHT if attacked else MUTED,
        )
        if attacked:
            c.box((x - 6, zy + 22, x + ZONE_W + 6, zy + 28 + pc.CARD_H + 8), fill=None, outline=HIGHLIGHT, width=4)
        shown = [item.get("card") if item.get("up") else None for item in zone]
        if shown:
            pc.fan(c, x, zy + 28, ZONE_W, shown)
        else:
            pc.slot(c, x, zy + 28, label=t("empty"))


def table(view: Mapping[str, Any], names: Mapping[Any, str]) -> bytes:
    """The public table from a spectator view, as PNG bytes."""
    sides = list(view.get("sides") or [])
    c = Canvas(grow(HEADER + SIDE * len(sides) + 10))
    _header(c, view, names)
    for i, side in enumerate(sides):
        _side(c, HEADER + 4 + i * SIDE, side, view, names)
    return c.png()


def hand(view: Mapping[str, Any], names: Mapping[Any, str]) -> bytes | None:
    """A player's own hand and every card in their zones (face-down ones marked), from their own view."""
    viewer = view.get("viewer")
    mine = next((s for s in view.get("sides") or [] if s.get("player") == viewer), None)
    if mine is None or mine.get("hand") is None:
        return None
    held = list(mine.get("hand") or [])
    c = Canvas(grow(60 + pc.CARD_H + 70 + pc.CARD_H + 60))
    c.text((MARGIN, 14), t("Your hand ({n})", n=len(held)), 30, 600, bold=True, fill=GOLD)
    if held:
        pc.fan(c, MARGIN, 60, c.width - 2 * MARGIN, held)
    else:
        c.text((MARGIN, 100), t("No cards in hand"), 26, 600, fill=MUTED)
    zy = 60 + pc.CARD_H + 20
    for i, zone in enumerate((mine.get("zones") or [])[:4]):
        x = MARGIN + i * (ZONE_W + 16)
        down = sum(1 for item in zone if not item.get("up"))
        label = t("Zone {n}", n=i + 1) + (" \u00b7 " + t("face down: {n}", n=down) if down else "")
        c.text((x, zy), label, 20, ZONE_W, fill=MUTED)
        cards = [item.get("card") for item in zone]
        if any(cards):
            pc.fan(c, x, zy + 28, ZONE_W, cards)
            step = pc.CARD_W + 8 if len(zone) == 1 else min(pc.CARD_W + 8, (ZONE_W - pc.CARD_W) / (len(zone) - 1))
            for k, item in enumerate(zone):
                if not item.get("up"):  # marked under the card: "down", never only by colour
                    c.text(
                        (x + k * step + 4, zy + 30 + pc.CARD_H), "\u25bc" + t("down"), 18, int(step) - 2, fill=HIGHLIGHT
                    )
        else:
            pc.slot(c, x, zy + 28, label=t("empty"))
    return c.png()
