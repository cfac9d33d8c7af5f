"""Card texts for people: a one-line summary for tight places, and the whole card for ``/drama card``.

Everything comes from the card data (cards.toml), so a community that edits a
card sees the change everywhere it is shown. The one-liners are made to fit a
select option's description (100 characters): a card's ``short`` wording is
used there when its full text would not fit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.games.drama.cards import ATTRS, BLUE_COUNT, Ability, Condition, GreenDef
from bot.games.drama.state import CARDS
from bot.kernel.i18n import data_text, t, tn
from bot.kernel.present import Board, Field

#: Room for a one-line card summary (a select option's description).
LINE_MAX = 100

#: Icons of the four attributes (shown with their words, never alone) and of Air Muka.
ICONS = {"juta": "💰", "draw": "🃏", "action": "⚡", "dengki": "😠"}
AIR_MUKA_ICON = "😊"


def attr_word(attr: str) -> str:
    return {"juta": t("Juta"), "draw": t("Draw"), "action": t("Action"), "dengki": t("Dengki")}[attr]


def attrs_text(values: dict[str, int] | tuple[int, ...], plus: bool = True) -> str:
    """Attributes with icon and word: "💰+1 Juta 😠+2 Dengki" (only the non-zero ones when ``plus``)."""
    pairs = values.items() if isinstance(values, dict) else zip(ATTRS, values, strict=True)
    bits = []
    for attr, n in pairs:
        if plus and not n:
            continue
        bits.append(f"{ICONS[attr]}{'+' if plus else ''}{n} {attr_word(attr)}")
    return " ".join(bits)


def kind_word(cid: int) -> str:
    """ "Episode", "Plot Twist", "Vehicle ITEM", "MEMBER"."""
    if cid < BLUE_COUNT:
        return t("Episode") if CARDS.blue[cid].kind == "episode" else t("Plot Twist")
    g = CARDS.g(cid)
    if g.kind == "member":
        return t("MEMBER")
    return {"accessory": t("Accessory ITEM"), "building": t("Building ITEM"), "vehicle": t("Vehicle ITEM")}[g.slot]


def gender_word(g: str) -> str:
    return t("man") if g == "M" else t("woman") if g == "F" else g


def effect_text(cid: int, short: bool = False) -> str:
    """What the card does, in its printed words (or its short wording), in the reader's language."""
    if cid < BLUE_COUNT:
        d = CARDS.blue[cid]
        return data_text((d.short or d.text) if short else d.text)
    return ability_text(CARDS.g(cid).ability, short)


def ability_text(ab: Ability, short: bool = False) -> str:
    return data_text((ab.short or ab.text) if short else ab.text)


def _cost(g: GreenDef) -> str:
    if g.kind == "item":
        return t("{price} Juta", price=g.price)
    return tn("recruit {n} card", "recruit {n} cards", g.recruit)


def width(text: str) -> int:
    """Length as Discord counts it (UTF-16 code units, so an emoji may count twice)."""
    return len(text.encode("utf-16-le")) // 2


def _fit(parts: list[str]) -> str:
    return " · ".join(p for p in parts if p)


def line(cid: int) -> str:
    """One line (at most 100 characters) saying what a card is and does, without its name."""
    for short in (False, True):
        if cid < BLUE_COUNT:
            text = _fit([kind_word(cid), effect_text(cid, short)])
        else:
            g = CARDS.g(cid)
            kind = (
                t("MEMBER ({gender} 🛡{n})", gender=gender_word(g.gender), n=g.air_muka)
                if g.kind == "member"
                else kind_word(cid)
            )
            text = _fit([kind, _cost(g), attrs_text(g.attrs), effect_text(cid, short)])
        if width(text) <= LINE_MAX:
            return text
    full = text
    while width(text) > LINE_MAX - 1:
        text = text[:-1]
    if not full[len(text)].isspace() and " " in text:  # never inside a word
        text = text.rsplit(" ", 1)[0]
    return text.rstrip(" ,;:·—-") + "…"


def hero_line(key: str) -> str:
    """A hero's ability, for the hero pick (at most 100 characters)."""
    ab = CARDS.hero(key).ability
    text = t("ABILITY: {text}", text=ability_text(ab))
    return text if width(text) <= LINE_MAX else t("ABILITY: {text}", text=ability_text(ab, True))[: LINE_MAX - 2]


_CONDITIONS: dict[str, Callable[[Condition], str]] = {
    "others_turn": lambda c: t("only on another player's turn"),
    "dengki_target": lambda c: t("only when DENGKI is aimed at you"),
    "member_in_discard": lambda c: t("a MEMBER is in the Deck Hijau discard pile"),
    "other_has_item": lambda c: t("another player has an ITEM"),
    "other_married": lambda c: t("another player is married"),
    "no_spouse": lambda c: t("you have no spouse"),
    "air_muka_at_most": lambda c: t("you have {n} AIR MUKA or less", n=c.value),
}


def conditions_text(conds: tuple[Condition, ...]) -> str:
    return "; ".join(_CONDITIONS[c.kind](c) for c in conds) if conds else t("none")


def _ability_kind(kind: str) -> str:
    return {
        "passive": t("always on"),
        "active": t("once per turn, on your turn"),
        "reactive": t("when you would lose AIR MUKA on another player's turn"),
    }.get(kind, kind)


def _copies(name: str) -> int:
    return sum(1 for c in range(BLUE_COUNT + len(CARDS.green)) if CARDS.name(c) == name)


def card_full(cid: int) -> dict[str, Any]:
    """A card in full as a title and labelled lines (type, cost, attributes, condition, effect)."""
    name = CARDS.name(cid)
    rows: list[tuple[str, str]] = []
    if cid < BLUE_COUNT:
        d = CARDS.blue[cid]
        rows += [
            (t("Type"), t("{kind} (Deck Biru)", kind=kind_word(cid))),
            (
                t("Cost"),
                t("1 ACTION on your own turn; free on another player's turn")
                if d.kind == "plot_twist"
                else t("1 ACTION, on your own turn"),
            ),
            (t("Condition"), conditions_text(d.conditions)),
            (t("Effect"), data_text(d.text)),
        ]
    else:
        g = CARDS.g(cid)
        rows.append((t("Type"), t("{kind} (Deck Hijau)", kind=kind_word(cid))))
        if g.kind == "item":
            rows.append(
                (t("Cost"), t("{price} Juta at the KEDAI, or 1 ACTION to play it from your hand", price=g.price))
            )
            rows.append((t("Attributes"), attrs_text(g.attrs) or t("none")))
        else:
            rows.append(
                (
                    t("Cost"),
                    tn(
                        "recruit by discarding {n} card (or 1 ACTION from your hand); KAHWIN {k} Juta",
                        "recruit by discarding {n} cards (or 1 ACTION from your hand); KAHWIN {k} Juta",
                        g.recruit,
                        k=g.kahwin,
                    ),
                )
            )
            rows.append((t("Gender"), gender_word(g.gender)))
            rows.append((t("Shield"), t("absorbs up to {n} DENGKI", n=g.air_muka)))
            rows.append((t("Attributes"), t("when married: {attrs}", attrs=attrs_text(g.attrs) or t("none"))))
        ab = g.ability
        if ab.kind != "none":
            rows.append((t("Condition"), _ability_kind(ab.kind)))
            rows.append((t("Effect"), data_text(ab.text)))
    rows.append((t("Copies"), str(_copies(name))))
    return {"title": name, "rows": rows}


def hero_full(key: str) -> dict[str, Any]:
    h = CARDS.hero(key)
    sides = " / ".join(t("{name} ({gender})", name=n, gender=gender_word(g)) for n, g in h.sides)
    rows = [
        (t("Type"), t("Hero card (choose one side)")),
        (t("Sides"), sides),
        (t("Condition"), conditions_text(h.ability.conditions)),
        (t("Effect"), t("ABILITY, once per turn: {text}", text=data_text(h.ability.text))),
    ]
    return {"title": " / ".join(n for n, _g in h.sides), "rows": rows}


def all_names() -> list[str]:
    """Every card and hero side name, once each, for autocomplete."""
    names = [n for h in CARDS.heroes for n, _g in h.sides]
    for c in range(BLUE_COUNT + len(CARDS.green)):
        if CARDS.name(c) not in names:
            names.append(CARDS.name(c))
    return names


def lookup(name: str) -> dict[str, Any] | None:
    """The full text of the card or hero side called ``name`` (case and spacing forgiven); None if none."""
    want = " ".join(name.split()).casefold()
    for h in CARDS.heroes:
        if any(n.casefold() == want for n, _g in h.sides) or h.key == want:
            return hero_full(h.key)
    for c in range(BLUE_COUNT + len(CARDS.green)):
        if CARDS.name(c).casefold() == want:
            return card_full(c)
    return None


#: Discord shows at most 25 suggestions as a name is typed.
SUGGESTIONS = 25
#: The colour of a card's page (Discord's dark magenta).
PAGE_COLOUR = 0xAD1457


def suggest(typed: str) -> list[str]:
    """Card and hero names for what has been typed so far: names starting with it first, then containing it."""
    want = " ".join(typed.split()).casefold()
    names = all_names()
    starts = [n for n in names if n.casefold().startswith(want)]
    contains = [n for n in names if want in n.casefold() and n not in starts]
    return (starts + contains)[:SUGGESTIONS]


def card_page(name: str) -> Board:
    """The card called ``name`` in full, or a note listing close names when there is none."""
    card = lookup(name)
    if card is None:
        close = suggest(name[:4]) if name.strip() else []
        text = (
            t(
                "There is no Drama Pukul 7 card called “{name}”. Did you mean: {names}?",
                name=name,
                names=", ".join(close[:5]),
            )
            if close
            else t("There is no Drama Pukul 7 card called “{name}”.", name=name)
        )
        return Board(text)
    wide = (t("Effect"), t("Cost"))
    fields = tuple(Field(label, value or "—", inline=label not in wide) for label, value in card["rows"])
    return Board("", fields, title=card["title"], footer=t("Drama Pukul 7 · card data from the community card file"))
