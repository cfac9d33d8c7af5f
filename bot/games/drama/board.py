"""The board at a glance, drawn from a view: a short header, the hand, and one embed field per seat.

Embed fields keep their shape in Discord (no quote bars, no bullets made of
our lines), so each seat is a box: hero and side, Air Muka as a bar, Juta,
hand size, attributes with icon and word, and the cards in front of them with
what they do. The Kedai and the decks get fields of their own. Everything is
measured against Discord's limits: when the whole board would be too long the
seats drop their cards' effect texts first (a card's name stays; ``/drama card``
shows any card in full).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.drama import cardtext
from bot.games.drama.cards import BLUE_COUNT
from bot.games.drama.state import MAX_AIR_MUKA
from bot.games.drama.windows import entry_text
from bot.kernel import present
from bot.kernel.i18n import t, tn
from bot.kernel.present import Field, legend

#: What the fields of one board may add up to: the table's text, log and footer share the embed's 6,000.
FIELDS_BUDGET = 3800
#: What a player's own embed may give its hand and fields together (its header, notes and footer take the rest).
PRIVATE_EMBED = 5200


def _name(names: Mapping[int, str], pid: Any) -> str:
    return names.get(pid, t("Player {pid}", pid=pid))


def air_muka_bar(n: int) -> str:
    """ "▰▰▰▰▰▱▱ 5/7": Air Muka as a bar and a count."""
    n = max(0, min(MAX_AIR_MUKA, n))
    return "▰" * n + "▱" * (MAX_AIR_MUKA - n) + f" {n}/{MAX_AIR_MUKA}"


def _card_line(c: Mapping[str, Any], detail: bool, married: bool = False) -> str:
    """A card in front of a player: name, what it gives, and (with ``detail``) what it does."""
    cid = c["id"]
    if c["kind"] == "member":
        head = (
            t("💍 **{card}** (spouse)", card=c["name"])
            if married
            else t("👤 **{card}** (🛡{n}, unmarried)", card=c["name"], n=c["air_muka"])
        )
    else:
        head = t("🎒 **{card}**", card=c["name"])
    gives = cardtext.attrs_text(tuple(c["attributes"].values())) if (c["kind"] == "item" or married) else ""
    bits = [head] + ([gives] if gives else [])
    if detail and c.get("ability_text") and (c["kind"] == "item" or married):
        bits.append(cardtext.effect_text(cid, short=True))
    return " · ".join(bits)


def seat_field(view: Mapping[str, Any], p: Mapping[str, Any], names: Mapping[int, str], detail: bool = True) -> Field:
    tv = view["turn"]
    playing = view["phase"] not in ("pick", "over")
    name = _name(names, p["id"])
    if not p["alive"]:
        return Field(t("❌ {player} (out)", player=name), t("{hero} has no AIR MUKA left.", hero=p["hero"] or "—"))
    title = t("▶️ {player} (their turn)", player=name) if playing and p["id"] == tv["player"] else name
    lines = []
    if p["hero"]:
        lines.append(t("**{hero}** ({gender})", hero=p["hero"], gender=cardtext.gender_word(p["gender"] or "")))
        if detail and p.get("hero_key"):
            lines.append(t("✨ {ability}", ability=cardtext.hero_line(p["hero_key"])))
    else:
        lines.append(t("Choosing a hero…"))
    lines.append(t("{icon} Air Muka {bar}", icon=cardtext.AIR_MUKA_ICON, bar=air_muka_bar(p["air_muka"])))
    lines.append(
        tn(
            "💰 {juta} Juta · ✋ {n} card in hand",
            "💰 {juta} Juta · ✋ {n} cards in hand",
            p["hand_count"],
            juta=p["juta"],
        )
    )
    if p["attributes"]:
        lines.append(t("Attributes: {attrs}", attrs=cardtext.attrs_text(p["attributes"], plus=False)))
    for c in p["items"]:
        lines.append(_card_line(c, detail))
    for m in p["members"]:
        lines.append(_card_line(m, detail, married=m["married"]))
    value = "\n".join(lines)
    return Field(title, value, inline=True)


def kedai_field(view: Mapping[str, Any], detail: bool = True) -> Field:
    lines = []
    for s in view["kedai"]:
        c = s["card"]
        n = s["slot"] + 1
        if c is None:
            lines.append(
                t("**{n}.** Face down (turns up next turn)", n=n) if s["face_down"] else t("**{n}.** Empty", n=n)
            )
            continue
        what = cardtext.line(c["id"]) if detail else cardtext.kind_word(c["id"])
        lines.append(t("**{n}. {card}** · {what}", n=n, card=c["name"], what=what))
    return Field(t("🏪 Kedai"), "\n".join(lines), inline=False)


def decks_field(view: Mapping[str, Any]) -> Field:
    green = view["green_discard"]
    members = [c["name"] for c in green if c["kind"] == "member"]
    lines = [
        t("🏦 Bank: {n} Juta", n=view["bank"]),
        t("🟦 Deck Biru: {n} left · {d} in the discard pile", n=view["blue_deck"], d=view["blue_discard"]),
        t("🟩 Deck Hijau: {n} left · {d} in the discard pile", n=view["green_deck"], d=len(green)),
    ]
    if members:
        lines.append(t("MEMBERs in the Deck Hijau discard pile: {cards}", cards=", ".join(members)))
    return Field(t("Decks"), "\n".join(lines), inline=False)


def render_fields(view: Mapping[str, Any], names: Mapping[int, str]) -> list[Field]:
    """One field per seat, then the Kedai and the decks; shorter when the whole would not fit."""
    if view["phase"] == "pick":
        return [seat_field(view, p, names) for p in view["players"]]
    budget = FIELDS_BUDGET
    if view["viewer"] is not None:  # the hand, a line per card, shares the embed's 6,000 with the fields
        budget = min(budget, PRIVATE_EMBED - len("\n".join(hand_lines(view))))
    # The public table is read on phones between moves: what does not change (abilities, effect texts) stays
    # out of it (``/drama card`` and a player's own view show them); a player's own view keeps them.
    details = (True, False) if view["viewer"] is not None else (False,)
    for detail in details:
        fields = [seat_field(view, p, names, detail) for p in view["players"]]
        fields += [kedai_field(view, detail), decks_field(view)]
        if sum(len(f.name) + len(f.value) for f in fields) <= budget:
            break
    return fields


# --- the text above the fields ---------------------------------------------------------------


def entry_words(e: Mapping[str, Any], stack: list[Mapping[str, Any]], names: Mapping[int, str], you: Any = None) -> str:
    """One response on the window's stack: "Citra plays Anak Tiri Kaki Curi on Aisyah" (on "you" and against
    "your" card when ``you``, the reader, is the target or the owner; a player who acts is always named)."""
    who = _name(names, e["player"])

    def target(pid: Any) -> str:
        return t("you") if you is not None and pid == you else _name(names, pid)

    card = entry_text(e["name"])
    if e.get("void"):
        return t("{player}'s {card} (does nothing: they left)", player=who, card=card)
    if "entry" in e and 0 <= e["entry"] < len(stack):
        a = stack[e["entry"]]
        if you is not None and a["player"] == you:
            return t(
                "{player} plays {card} against your {against}", player=who, card=card, against=entry_text(a["name"])
            )
        return t(
            "{player} plays {card} against {owner}'s {against}",
            player=who,
            card=card,
            owner=_name(names, a["player"]),
            against=entry_text(a["name"]),
        )
    uses = e.get("class") == "ability"
    if e.get("hero"):
        return (
            t("{player} uses their hero ABILITY on {target}", player=who, target=target(e["target"]))
            if "target" in e
            else t("{player} uses their hero ABILITY", player=who)
        )
    if "target" in e:
        fields = dict(player=who, card=card, target=target(e["target"]))
        return (
            t("{player} uses {card} on {target}", **fields)
            if uses
            else t("{player} plays {card} on {target}", **fields)
        )
    return (
        t("{player} uses {card}", player=who, card=card) if uses else t("{player} plays {card}", player=who, card=card)
    )


def window_chain(view: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """The open window in one line for the public table: the DENGKI aimed, if any, and each response
    ("⚡ Aisyah plays X → Budi plays Y against Aisyah's X"); empty when nothing is on it yet (the status line
    says the window is open, the turn line says which moment)."""
    w = view["window"]
    a = view["attack"]
    chain = [entry_words(e, w["stack"], names) for e in w["stack"]]
    if w["kind"] == "dengki" and a:
        chain.insert(
            0,
            t(
                "{attacker} aims {strength} DENGKI at {target}",
                attacker=_name(names, a["attacker"]),
                strength=a["strength"],
                target=_name(names, a["target"]),
            ),
        )
    return "⚡ " + " → ".join(chain) if chain else ""


def window_cards(view: Mapping[str, Any]) -> str:
    """The open window's cards in a line, "⚡ Aku Sebenarnya Polis → Sebenarnya Semua Hanyalah Mimpi" (who
    played each is in the last moves); empty when nothing is on it."""
    w, a = view["window"], view["attack"]
    chain = [entry_text(e["name"]) for e in w["stack"]]
    if w["kind"] == "dengki" and a:
        chain.insert(0, f"DENGKI {a['strength']}")
    return "⚡ " + " → ".join(chain) if chain else ""


def hand_lines(view: Mapping[str, Any]) -> list[str]:
    """The viewer's hand, a card a line with its whole text."""
    hand = view["hand"]
    if not hand:
        return [t("Your hand: **empty**")]
    lines = [tn("Your hand: **{n} card**", "Your hand: **{n} cards**", len(hand))]
    for c in hand:
        cid = c["id"]
        text = cardtext.effect_text(cid) if cid < BLUE_COUNT else cardtext.line(cid)
        kind = cardtext.kind_word(cid)
        lines.append(
            t("🃏 **{card}** · {kind} · {text}", card=c["name"], kind=kind, text=text)
            if cid < BLUE_COUNT
            else t("🃏 **{card}** · {text}", card=c["name"], text=text)
        )
    return lines


# --- the public table, compact for a phone ------------------------------------------------------
#
# The table everyone reads between moves is one phone screen: the platform's status line (who is
# waited on), this board, the last moves and the buttons. So the board is text only (no fields, whose
# names take lines of their own): the turn and phase, the attack or window, a line per seat with its
# name first and its public numbers, and the Kedai. Richer levels add each seat's hero, attributes
# above the base and cards in play, and the Kedai's prices; the richest that fits ``PUBLIC_LINES``
# (counted as a phone wraps them) is shown. What never changes (abilities, card texts) is in
# ``/drama card``, ``/drama rules`` and each player's own view; the picture below draws every seat.

#: Lines the public board may take on a phone, its legend included (the status line, the last moves and the
#: frame take the rest).
PUBLIC_LINES = 13


def phone_lines(text: str) -> int:
    """Lines ``text`` takes on a phone once wrapped, its bold markers not counted."""
    return present.phone_lines(text.replace("**", ""))


def _extra_attrs(p: Mapping[str, Any]) -> str:
    """The attributes above the hero's base 1, e.g. "🃏2 Draw" (the base is in ``/drama rules``)."""
    attrs = p["attributes"] or {}
    return " ".join(cardtext.attrs_text({k: v}, plus=False) for k, v in attrs.items() if isinstance(v, int) and v > 1)


def _in_play(p: Mapping[str, Any], gives: bool) -> list[str]:
    """A seat's ITEMs and MEMBERs by name (with what they give when ``gives``): 🎒 an ITEM, 💍 the spouse,
    👤 an unmarried MEMBER with its shield."""
    out = []
    for c in p["items"]:
        what = cardtext.attrs_text(tuple(c["attributes"].values())) if gives else ""
        out.append(f"🎒{c['name']} {what}".rstrip())
    for m in p["members"]:
        out.append(f"💍{m['name']}" if m["married"] else f"👤{m['name']} 🛡{m['air_muka']}")
    return out


def public_seat(view: Mapping[str, Any], p: Mapping[str, Any], names: Mapping[int, str], level: int) -> str:
    """One seat of the public table: a line with the name first and the public numbers, and (at ``level``
    0 to 2) a second with the hero, attributes above the base and the cards in play."""
    name = _name(names, p["id"])
    playing = view["phase"] not in ("pick", "over")
    mark = "▶️ " if playing and p["id"] == view["turn"]["player"] else ""
    if not p["alive"]:
        return t("❌ **{player}** out", player=name)
    if not p["hero"]:
        return t("**{player}** is choosing a hero", player=name)
    # names, numbers and game terms only (Air Muka, Juta): the same in every language
    head = f"{mark}**{name}** {p['air_muka']}/{MAX_AIR_MUKA} Air Muka 💰{p['juta']} ✋{p['hand_count']}"
    if level > 2 or view["phase"] == "pick":
        return head if view["phase"] != "pick" else t("**{player}** plays {hero}", player=name, hero=p["hero"])
    bits = ([p["hero"]] if level < 2 else []) + ([_extra_attrs(p)] if level < 1 else []) + _in_play(p, level < 1)
    bits = [b for b in bits if b]
    return head + ("\n" + " · ".join(bits) if bits else "")


def kedai_line(view: Mapping[str, Any], costs: bool, label: bool = True) -> str:
    """The Kedai in a line: each slot's card (with its price or recruit cost when ``costs``; without
    ``label``, the shop's icon without its word and only the cards on offer)."""
    slots = []
    for s in view["kedai"]:
        c = s["card"]
        if c is None:
            if label:  # the shortest line names only the cards on offer
                slots.append(t("face down") if s["face_down"] else t("empty"))
        elif not costs:
            slots.append(c["name"])
        elif c["kind"] == "item":
            slots.append(f"{c['name']} {c['price']} Juta")
        else:
            slots.append(tn("{card} ({n} card)", "{card} ({n} cards)", c["recruit"], card=c["name"]))
    return "🏪 **Kedai:** " + " · ".join(slots) if label else "🏪 " + " · ".join(slots)


def _icons() -> list[tuple[str, str]]:
    """The seats' icons in words, for the line under them (only those shown are said)."""
    return [
        ("💰", t("Juta")),
        ("✋", t("cards in hand")),
        ("🎒", t("Item")),
        ("💍", t("married Member")),
        ("👤", t("unmarried Member")),
        ("🛡", t("its Air Muka")),
    ]


def public_lines(
    view: Mapping[str, Any], names: Mapping[int, str], head: list[str], window: list[str] | None = None
) -> list[str]:
    """The public board: ``head`` (turn, attack, choice), the window in a line, the seats and the Kedai, at the
    richest level that fits ``PUBLIC_LINES`` on a phone. ``window`` lists the window's line from the fullest
    to the shortest; the last resort leaves it to the last moves below, which name every card played."""
    budget = PUBLIC_LINES - 3 if view["window"] else PUBLIC_LINES  # a window's status line is longer
    windows = [w for w in window or [] if w]
    tries = [(level, w, 0) for level in range(5) for w in windows or [""]] + [(4, "", 0), (5, "", 0)]
    if view["window"]:  # last, in a window: its status line says what is asked; the turn line goes
        tries.append((5, "", 1))
    lines: list[str] = []
    for level, w, skip in tries:
        seats = [public_seat(view, p, names, level) for p in view["players"]]
        lines = head[skip:1] + ([w] if w else []) + head[1:] + seats
        if view["phase"] != "pick":
            lines.append(kedai_line(view, costs=level < 4, label=level < 5))
            if level < 2:
                lines.append(t("🏦 Bank: {n} Juta", n=view["bank"]))
        lines.append(legend("\n".join(seats), _icons()))
        if phone_lines("\n".join(lines)) <= budget:
            break
    return lines
