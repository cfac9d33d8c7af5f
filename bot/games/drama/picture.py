"""Drama Pukul 7's table as a picture for a phone: whose turn and phase, an open attack or Plot
Twist chain, the Kedai's four slots with their prices, and a panel per seat (hero, Air Muka, Juta,
cards in hand, the Items and Members in front of them, the married one marked); a private
picture of one player's hand, each card with its kind.

``table`` reads a spectator view only (no hand, face-down Kedai cards without their card). Card
and ability texts, deck counts and the discard are left to the text table and the hand's text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.kernel.i18n import t, tn
from bot.pictures.canvas import (
    BACK,
    CARD,
    CARD_INK,
    EMPTY,
    GOLD,
    HIGHLIGHT,
    INK,
    MAX_HEIGHT,
    MUTED,
    PANEL,
    WIDTH,
    Canvas,
    fit,
    grow,
    name_of,
    wrap,
)

MARGIN = 16
GAP = 12
INNER = WIDTH - 2 * MARGIN
HEADER = 86
KEDAI_SLOT_H = 100
KEDAI_H = 36 + 2 * KEDAI_SLOT_H + 10 + GAP
SEAT_W = (INNER - GAP) // 2
SEAT_TOP = 132  # a seat's fixed lines: name, hero, Air Muka and Juta, hand
CARD_ROW = 25
CHAIN_ROWS = 3
KIND = {"item": "ITEM", "member": "MEMBER", "episode": "EPISODE", "plot_twist": "PLOT TWIST"}
KIND_INK = (120, 60, 0)
LINE = (60, 110, 80)
OUT = (45, 45, 45)
ATTACKED = (205, 40, 40)


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
    c.text((MARGIN, 10), t("Drama Pukul 7"), 22, 210, bold=True, fill=GOLD)
    c.text((c.width - MARGIN, 10), _phase(view), 22, INNER - 230, fill=MUTED, anchor="ra")
    c.text((MARGIN, 40), _headline(view, names), 32, INNER, bold=True)


def _chain_lines(view: Mapping[str, Any], names: Mapping[Any, str]) -> list[str]:
    lines = []
    attack = view.get("attack")
    if attack:
        attacker, target = attack.get("attacker"), attack.get("target")
        if attack.get("projected_target", target) != target:  # turned back: it now goes the other way
            attacker, target = target, attacker
        lines.append(
            t(
                "\u2694 {attacker} attacks {target}, strength {n}",
                attacker=name_of(names, attacker),
                target=name_of(names, target),
                n=attack.get("strength", 0),
            )
        )
    window = view.get("window") or {}
    entries = []
    for i, entry in enumerate(window.get("stack") or []):
        line = t(
            "{n}. {player}: {card}", n=i + 1, player=name_of(names, entry.get("player")), card=entry.get("name", "?")
        )
        if entry.get("target") is not None and isinstance(entry.get("target"), int):
            line += " \u2192 " + name_of(names, entry["target"])
        if entry.get("void"):
            line += " " + t("(does nothing)")
        entries.append(line)
    # the newest cards answer first: they are the ones kept when the chain is long
    return lines + entries[-(CHAIN_ROWS - len(lines)) :] if entries else lines


def _chain_rows(lines: list[str]) -> list[tuple[str, bool]]:
    """The chain's lines fitted to the picture (the attack and the newest on up to two), the newest bold."""
    rows = []
    for i, line in enumerate(lines):
        newest = i == len(lines) - 1
        rows += [(row, newest) for row in wrap(line, INNER - 24, 24, 2 if i == 0 or newest else 1, newest)]
    return rows


def _chain(c: Canvas, y: float, view: Mapping[str, Any], lines: list[str]) -> None:
    c.box((MARGIN, y, c.width - MARGIN, y + _chain_h(lines) - GAP), fill=PANEL, outline=HIGHLIGHT, width=3)
    stack = (view.get("window") or {}).get("stack")
    title = t("Plot Twist chain (last answers first)") if stack else t("Attack")
    c.text((MARGIN + 12, y + 8), title, 24, INNER - 24, bold=True, fill=HIGHLIGHT)
    for i, (row, bold) in enumerate(_chain_rows(lines)):
        c.text((MARGIN + 12, y + 42 + 30 * i), row, 24, INNER - 24, bold=bold)


def _chain_h(lines: list[str]) -> int:
    return 44 + 30 * len(_chain_rows(lines)) + GAP if lines else 0


def _kedai(c: Canvas, y: float, view: Mapping[str, Any]) -> None:
    c.text((MARGIN, y + 2), t("Kedai"), 26, 200, bold=True, fill=GOLD)
    c.text((c.width - MARGIN, y + 6), t("Bank: {n} Juta", n=view.get("bank", 0)), 22, 300, fill=MUTED, anchor="ra")
    w = (INNER - GAP) // 2
    for i, slot in enumerate((view.get("kedai") or [])[:4]):
        x = MARGIN + (i % 2) * (w + GAP)
        top = y + 36 + (i // 2) * (KEDAI_SLOT_H + 10)
        box = (x, top, x + w, top + KEDAI_SLOT_H)
        card = slot.get("card")
        if card:
            c.box(box, fill=CARD, outline=(90, 90, 90), width=2, radius=10)
            c.text((x + 10, top + 6), KIND.get(card.get("kind"), ""), 20, w - 20, bold=True, fill=KIND_INK)
            name = str(card.get("name", ""))
            if fit(name, w - 20, 24, True)[1] >= 22:
                c.text((x + 10, top + 35), name, 24, w - 20, bold=True, fill=CARD_INK)
            else:  # a long name on two lines
                c.lines(x + 10, top + 29, name, 20, w - 20, 2, bold=True, fill=CARD_INK, leading=1.1)
            if card.get("kind") == "item":
                price = t("{n} Juta", n=card.get("price", 0))
            else:
                price = t("recruit {r} \u00b7 kahwin {k}", r=card.get("recruit", 0), k=card.get("kahwin", 0))
            c.text((x + 10, top + 74), price, 20, w - 20, fill=CARD_INK)
        elif slot.get("face_down"):
            c.box(box, fill=BACK, outline=(230, 230, 230), width=2, radius=10)
            c.text((x + w / 2, top + KEDAI_SLOT_H / 2), t("face down"), 22, w - 20, anchor="mm")
        else:
            c.box(box, fill=None, outline=EMPTY, width=3, radius=10)
            c.text((x + w / 2, top + KEDAI_SLOT_H / 2), t("empty"), 22, w - 20, fill=MUTED, anchor="mm")


def _card_rows(p: Mapping[str, Any], rows: int) -> list[str]:
    """The Items and Members in front of a seat, in at most ``rows`` lines."""
    items = [str(card.get("name", "")) for card in p.get("items") or []]
    members = [
        "\u2665 " + t("married: {name}", name=card.get("name", ""))
        if card.get("married")
        else str(card.get("name", ""))
        for card in p.get("members") or []
    ]
    texts = []
    if items:
        texts.append(f"{t('Items')} ({len(items)}): " + ", ".join(items))
    if members:
        texts.append(f"{t('Members')} ({len(members)}): " + ", ".join(members))
    width = SEAT_W - 24
    if rows <= 0 or not texts:
        return []
    if len(texts) == 1 or rows == 1:
        return wrap(" \u00b7 ".join(texts), width, 20, rows)
    first = wrap(texts[0], width, 20, rows)
    second = wrap(texts[1], width, 20, rows)
    keep_first = max(1, min(len(first), rows - len(second)))
    return wrap(texts[0], width, 20, keep_first) + wrap(texts[1], width, 20, rows - keep_first)


def _seat(
    c: Canvas,
    x: float,
    y: float,
    h: int,
    p: Mapping[str, Any],
    view: Mapping[str, Any],
    names: Mapping[Any, str],
    rows: int,
) -> None:
    pid = p.get("id")
    turn = pid == (view.get("turn") or {}).get("player") and view.get("phase") not in ("over", "pick")
    attack = view.get("attack") or {}
    attacked = bool(attack) and pid == attack.get("projected_target", attack.get("target"))
    alive = p.get("alive", True)
    c.box(
        (x, y, x + SEAT_W, y + h),
        fill=PANEL if alive else OUT,
        outline=HIGHLIGHT if turn else ATTACKED if attacked else LINE,
        width=5 if turn or attacked else 2,
    )
    w = SEAT_W - 24
    title = ("\u25b6 " if turn else "") + ("\u2694 " if attacked else "") + name_of(names, pid)
    c.text((x + 12, y + 36), title, 28, w, bold=True, fill=GOLD if turn else INK, anchor="ls")
    if not alive:
        c.text((x + 12, y + 44), "\u2716 " + t("out"), 22, w, bold=True, fill=MUTED)
    else:
        c.text((x + 12, y + 44), p.get("hero") or t("no hero yet"), 22, w, fill=MUTED)
        air = int(p.get("air_muka", 0))
        c.text((x + 12, y + 72), tn("{n} Air Muka", "{n} Air Muka", air, n=air), 26, w - 100, bold=True)
        c.text((x + 12 + w, y + 72), t("{n} Juta", n=p.get("juta", 0)), 26, 96, bold=True, fill=GOLD, anchor="ra")
        count = int(p.get("hand_count", 0))
        c.text((x + 12, y + 104), tn("{n} card in hand", "{n} cards in hand", count, n=count), 20, w, fill=MUTED)
    for i, line in enumerate(_card_rows(p, rows)):
        c.text((x + 12, y + SEAT_TOP + CARD_ROW * i), line, 20, w)


def table(view: Mapping[str, Any], names: Mapping[Any, str]) -> bytes:
    """The public table from a spectator view, as PNG bytes."""
    players = list(view.get("players") or [])
    chain = _chain_lines(view, names)
    pairs = [players[i : i + 2] for i in range(0, len(players), 2)]
    top = HEADER + 10 + _chain_h(chain) + KEDAI_H
    # as many lines of cards per seat as one screen holds, at most three
    rows = 3
    while rows and top + len(pairs) * (SEAT_TOP + rows * CARD_ROW + (6 if rows else 0) + GAP) + 4 > MAX_HEIGHT:
        rows -= 1
    lines = [max(len(_card_rows(p, rows)) for p in pair) for pair in pairs]
    heights = [SEAT_TOP + n * CARD_ROW + (6 if n else 0) for n in lines]
    c = Canvas(grow(top + sum(h + GAP for h in heights) + 4))
    _header(c, view, names)
    y = HEADER + 10
    if chain:
        _chain(c, y, view, chain)
        y += _chain_h(chain)
    _kedai(c, y, view)
    y += KEDAI_H
    for pair, h in zip(pairs, heights, strict=True):
        for i, p in enumerate(pair):
            _seat(c, MARGIN + i * (SEAT_W + GAP), y, h, p, view, names, rows)
        y += h + GAP
    return c.png()


def hand(view: Mapping[str, Any], names: Mapping[Any, str]) -> bytes | None:
    """A player's own hand, each card with its kind, from their own view."""
    cards = list(view.get("hand") or [])
    if view.get("viewer") is None or not cards:
        return None
    columns = 2 if len(cards) <= 8 else 3
    w = (INNER - (columns - 1) * GAP) // columns
    h = 100
    rows = (len(cards) + columns - 1) // columns
    c = Canvas(grow(60 + rows * (h + GAP)))
    c.text((MARGIN, 14), t("Your hand ({n})", n=len(cards)), 30, INNER, bold=True, fill=GOLD)
    for i, card in enumerate(cards):
        x = MARGIN + (i % columns) * (w + GAP)
        y = 60 + (i // columns) * (h + GAP)
        c.box((x, y, x + w, y + h), fill=CARD, outline=(90, 90, 90), width=2, radius=10)
        kind = KIND.get(card.get("kind"), str(card.get("kind", "")).upper())
        c.text((x + 12, y + 8), kind, 20, w - 24, bold=True, fill=KIND_INK)
        c.lines(x + 12, y + 36, card.get("name", ""), 24, w - 24, 2, bold=True, fill=CARD_INK, leading=1.15)
    return c.png()
