"""The board as people see it: a short text (identity first in a private view) and embed fields.

The public board (a spectator's view, the table message) fits one phone screen: the turn and the
phase in a line or two, the battle in one field (a line per battler with its newest cards and the
colour the next card must start with, the Extra Power offers in a line), then one line per seat with
its name first: stamina as cups, silver, cards in hand and a revealed character. Rules, objectives
and card effects stay out of it (the player's own view, ``/goceng rules`` and the pickers say them).

A player's own view keeps its detail: fields keep each seat a box and each battle line on its own,
with the fist colours named as well as shown, plus their character, its objective and their hand.
Everything is built from one view, so a spectator's board shows only what a spectator may know.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.kernel.i18n import N_, data_text, t, tn, translate
from bot.kernel.present import Board, Field, legend

from .cards import load_cards
from .view import (
    _FIST,  # the emoji of each fist colour
    card_text,
    character_name,
    fist_name,
    player_name,
)

_CUP = "☕"

#: What counts as winning for each character, beyond its printed objective.
WIN_RULES: dict[str, str] = {
    "mat_goceng": N_(
        "You win if the game ends with Nyi Kencleng still standing and you standing too: "
        "if you fall, you lose even though she survives."
    ),
    "nyi_kencleng": N_(
        "You win if, when the game ends, you are still standing and nobody has more coins "
        "than you (a tie counts; the defeated player's coins count too)."
    ),
    "rijkaard_cere": N_(
        "You win if Nyi Kencleng is the one who falls, whoever defeats her, and you are still standing."
    ),
    "wan_fulus": N_(
        "You win if, when the game ends, you are still standing and nobody has more coins "
        "than you (a tie counts; the defeated player's coins count too)."
    ),
    "bang_codet": N_(
        "You win if Mat Goceng or Baba Amsyong is the one who falls, whoever defeats them, and you are still standing."
    ),
    "baba_amsyong": N_(
        "You win if Rijkaard Cere or Bang Codet is the one who falls, whoever defeats them, and you are still standing."
    ),
}

#: Why a player won or did not, by :func:`outcome.reason` code.
REASONS: dict[str, str] = {
    "defeated": N_("out of stamina"),
    "protected": N_("Nyi Kencleng survived"),
    "not_protected": N_("Nyi Kencleng fell"),
    "richest": N_("the richest"),
    "not_richest": N_("not the richest"),
    "target_fell": N_("their target fell"),
    "target_stands": N_("their targets still stand"),
}


def objective(character: str) -> str:
    """A character's printed objective in the reader's language ("" for an unknown character)."""
    chars = load_cards().characters
    return data_text(chars[character].objective) if character in chars else ""


def identity(character: str) -> str:
    """Who you are, your objective in full, and what counts as winning: the first thing a player reads."""
    return "\n".join(
        [
            t(
                "Your character: 🎭 **{character}**. Keep it secret: it is revealed at 1 stamina.",
                character=character_name(character),
            ),
            t("**Objective:** {objective}", objective=objective(character)),
            translate(WIN_RULES.get(character, "")) if character in WIN_RULES else "",
            t("The game ends when the first player runs out of stamina."),
        ]
    ).strip()


def outcome_lines(names: Mapping[int, str], outcomes: list[list[Any]], characters: Mapping[int, Any]) -> list[str]:
    """One line per player at the end: won or not, as which character, and why."""
    lines = []
    for player, won, why in outcomes:
        params = {
            "player": player_name(names, player),
            "character": character_name(characters.get(player)),
            "why": translate(REASONS.get(why, why)) if why in REASONS else why,
        }
        lines.append(
            t("🏆 {player} ({character}) wins: {why}.", **params)
            if won
            else t("✖️ {player} ({character}) does not win: {why}.", **params)
        )
    if not any(won for _, won, _ in outcomes):
        lines.append(t("**No winner:** nobody's objective holds (that is not a draw)."))
    return lines


def stamina(cups: int) -> str:
    if cups <= 0:
        return t("out of stamina")
    return _CUP * cups + " " + tn("({n} stamina)", "({n} stamina)", cups)


def _name(names: Mapping[int, str], player: Any) -> str:
    return player_name(names, player) if player is not None else "?"


def render_board(view: Mapping[str, Any], names: Mapping[int, str]) -> Board:
    """The board: compact for the public table, in full for a player's own view."""
    if view.get("you") is None:
        return Board(public_text(view, names), tuple(public_fields(view, names)))
    return Board(render(view, names), tuple(render_fields(view, names)))


# --- the public table: one phone screen ---------------------------------------------------------


def public_text(view: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """What the seats do not say: a challenge waiting for its answer, who reconciled this turn, an Ajian
    choosing its target. Who is waited on is the platform's first line and is not said again; the turn
    and the phase head the seats."""
    if view.get("result"):
        return ""  # the platform's result and the seats' own outcome say it all
    lines = []
    phase = view["phase"]
    if phase == "respond":
        lines.append(
            t(
                "⚔️ {target} is challenged by {player}: reconcile (2 silver) or fight?",
                target=_name(names, view["target"]),
                player=_name(names, view["active"]),
            )
        )
    elif phase == "challenge" and view.get("challenged"):
        lines.append(
            t("🕊️ Reconciled this turn: {players}", players=", ".join(_name(names, p) for p in view["challenged"]))
        )
    pending = view.get("pending")
    if pending:
        lines.append(
            t("👁️ Mata Menembus Sukma: whose character to see?")
            if pending["kind"] == "peek"
            else t("💸 Kasbon: whose hand to take a card from?")
        )
    return "\n".join(lines)


def public_fields(view: Mapping[str, Any], names: Mapping[int, str]) -> list[Field]:
    """One field: the turn, the phase and the deck as its name, then a line per seat (and under each
    battler a line with their battle line, under the battler asking the Extra Power offers)."""
    if view.get("result"):
        title = t("🏁 Game over after turn {turn}", turn=view["turn"])
    elif view.get("battle"):
        title = t("Turn {turn} · battle", turn=view["turn"])
    else:
        title = t("Turn {turn} · challenge", turn=view["turn"])
    lines = []
    battle = None if view.get("result") else view.get("battle")
    for p in view["players"]:
        lines.append(_seat_line(view, p, names))
        if battle:
            line = next((x for x in battle["lines"] if x["player"] == p["id"]), None)
            if line is not None:
                lines.append(_battle_line(battle, line))
            window = battle.get("window")
            if window and window["battler"] == p["id"]:
                offers = " · ".join(_offer(o, names) for o in window["offers"])
                lines.append(t("└ 🤝 offers: {offers}", offers=offers) if offers else t("└ 🤝 no offer yet"))
    icons = [
        ("☕", t("stamina")),
        ("🪙", t("silver")),
        ("🃏", t("cards in hand")),
        ("👊", t("punch token")),
        ("⚔️", t("battle line: the newest card, the colour to match")),
    ]
    lines.append(legend("\n".join(lines), icons))
    return [Field(title, "\n".join(lines), False)]


def _battle_line(battle: Mapping[str, Any], line: Mapping[str, Any]) -> str:
    """ "└ ⚔️ …🟥→🟩 · next 🟩 green": a battler's newest card and the colour the next must start with
    (the whole line is in the picture and in the battlers' own views)."""
    head = "└ ⚔️ "
    if line["player"] == battle["holder"] and line["owed"] > 1:
        head += tn("owes {n} card", "owes {n} cards", line["owed"]) + " · "
    cards = line["cards"]
    if not cards:
        return head + t("no card yet")
    last = cards[-1]
    shown = ("…" if len(cards) > 1 else "") + f"{_FIST.get(last['top'], '?')}→{_FIST.get(last['bottom'], '?')}"
    if last["bottom"] == "any":
        return head + t("{cards} · next: any colour", cards=shown)
    return head + t("{cards} · next {fist}", cards=shown, fist=_fist(last["bottom"]))


def _offer(offer: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """ "Citra 🪙3", with "(final)", "(countered: 🪙1)" or "(counter refused)" when so."""
    text = f"{_name(names, offer['player'])} 🪙{offer['price']}"
    if offer["counter"] is not None:
        return text + " " + t("(countered: 🪙{n})", n=offer["counter"])
    if offer["refused"]:
        return text + " " + t("(counter refused)")
    if offer.get("final"):
        return text + " " + t("(final)")
    return text


def _seat_line(view: Mapping[str, Any], p: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """One seat in one line, its name first (after the turn and punch marks): stamina as cups, silver,
    cards in hand, and its character once revealed; at the end, whether it won (the platform's result
    says why, by character, and lists everyone's silver)."""
    name = _name(names, p["id"])
    result = view.get("result")
    if result:
        outcome = next((o for o in result.get("outcomes", []) if o[0] == p["id"]), None)
        won = outcome is not None and outcome[1]
        cups = _CUP * p["stamina"] if p["stamina"] > 0 else t("out of stamina")
        return ("🏆" if won else "✖️") + f" **{name}** ({character_name(p['character'])}) {cups} 🪙{p['coins']}"
    battle = view.get("battle")
    marks = ""
    if p["id"] == view["active"]:
        marks += "▶️"
    if battle and p["id"] == battle["holder"]:
        marks += "👊"
    cups = _CUP * p["stamina"] if p["stamina"] > 0 else t("out of stamina")
    line = (marks + " " if marks else "") + f"**{name}** {cups} 🪙{p['coins']} 🃏{p['hand_count']}"
    if p["character"] is not None:  # public only once revealed
        line += " " + t("🎭 {character}", character=character_name(p["character"]))
    return line


# --- a player's own view: in full -----------------------------------------------------------------


def render(view: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """The text above the fields: your identity (private views), then what the table waits for."""
    lines = []
    me = next((p for p in view["players"] if p["id"] == view.get("you")), None)
    if me is not None and me["character"]:
        lines.append(identity(me["character"]) + "\n")
    lines.append(
        t(
            "**Turn {turn}** · deck {deck} · discard {discard}",
            turn=view["turn"],
            deck=view["deck_count"],
            discard=view["discard_count"],
        )
    )
    phase = view["phase"]
    if phase == "challenge":
        lines.append(t("▶️ {player} must challenge someone.", player=_name(names, view["active"])))
    elif phase == "respond":
        lines.append(
            t(
                "⚔️ {target} is challenged by {player}: reconcile (2 silver) or fight?",
                target=_name(names, view["target"]),
                player=_name(names, view["active"]),
            )
        )
    battle = view.get("battle")
    if battle and battle.get("window"):
        lines.append(
            t("🤝 Extra Power for {player}: offers are open.", player=_name(names, battle["window"]["battler"]))
        )
    elif battle:
        lines.append(t("👊 {player} holds the punch token.", player=_name(names, battle["holder"])))
    pending = view.get("pending")
    if pending:
        who = _name(names, pending["player"])
        lines.append(
            t("{player} chooses whose character to see.", player=who)
            if pending["kind"] == "peek"
            else t("{player} chooses whom to take a card from (Kasbon).", player=who)
        )
    result = view.get("result")
    if result:
        characters = {p["id"]: p["character"] for p in view["players"]}
        lines.append(t("🏁 {player} is out of stamina.", player=_name(names, result["loser"])))
        lines.extend(outcome_lines(names, result.get("outcomes", []), characters))
    return "\n".join(lines)


def render_fields(view: Mapping[str, Any], names: Mapping[int, str]) -> list[Field]:
    """A box per seat, a field per battle line, the offers, and (privately) the hand."""
    fields = []
    battle = view.get("battle")
    if battle:
        for line in battle["lines"]:
            fields.append(_line(battle, line, names, view.get("you")))
        if battle.get("window"):
            fields.append(_window(battle["window"], names, view.get("you")))
    if view.get("hand") is not None:
        fields.append(_hand(view))
    return fields + [_seat(view, p, names) for p in view["players"]]


def _seat(view: Mapping[str, Any], p: Mapping[str, Any], names: Mapping[int, str]) -> Field:
    battle = view.get("battle")
    marks = ""
    if view["phase"] != "over" and p["id"] == view["active"]:
        marks += "▶️ "
    if battle and p["id"] == battle["holder"]:
        marks += "👊 "
    title = t("{marks}{seat}. {player}", marks=marks, seat=p["seat"], player=_name(names, p["id"]))
    if p["id"] == view.get("you"):
        title = t("{title} (you)", title=title)
    if p["character"] is None:
        who = t("🎭 hidden")
    elif p["revealed"]:
        who = t("🎭 {character} (revealed)", character=character_name(p["character"]))
    elif p["id"] == view.get("you"):
        who = t("🎭 {character} (secret)", character=character_name(p["character"]))
    else:
        who = t("🎭 {character}", character=character_name(p["character"]))
    value = "\n".join(
        [
            stamina(p["stamina"]) + " · " + who,
            tn("🪙 {n} silver", "🪙 {n} silver", p["coins"]) + " · " + tn("{n} card", "{n} cards", p["hand_count"]),
        ]
    )
    return Field(title, value, True)


def _fist(colour: str) -> str:
    return f"{_FIST.get(colour, '?')} {fist_name(colour)}"


def _line(battle: Mapping[str, Any], line: Mapping[str, Any], names: Mapping[int, str], you: Any) -> Field:
    player = line["player"]
    holder = player == battle["holder"]
    name = _name(names, player)
    if holder and line["owed"] > 1:
        title = tn(
            "👊 {player}'s line · punch token: owes {n} card",
            "👊 {player}'s line · punch token: owes {n} cards",
            line["owed"],
            player=name,
        )
    elif holder:
        title = t("👊 {player}'s line · punch token: to play", player=name)
    else:
        title = t("{player}'s line · waiting", player=name)
    cards = line["cards"]
    if not cards:
        return Field(title, t("(empty: any card may start it)"), False)
    shown = cards[-8:]
    more = tn("… {n} card before · ", "… {n} cards before · ", len(cards) - len(shown)) if len(cards) > 8 else ""
    last = cards[-1]
    value = "\n".join(
        [
            more + " · ".join(card_text(c) for c in shown),
            t("Last card: {top} → {bottom}", top=_fist(last["top"]), bottom=_fist(last["bottom"])),
            t("Next card must start with: {fist} (or ⭐ any)", fist=_fist(last["bottom"]))
            if last["bottom"] != "any"
            else t("Next card: any colour fits"),
        ]
    )
    return Field(title, value, False)


def _window(window: Mapping[str, Any], names: Mapping[int, str], you: Any) -> Field:
    title = t("🤝 Extra Power for {player}", player=_name(names, window["battler"]))
    lines = []
    for o in window["offers"]:
        who = _name(names, o["player"])
        card = card_text(o["card"], named=True) if o["card"] else None
        text = (
            tn("{player}: {card} for {n} silver", "{player}: {card} for {n} silver", o["price"], player=who, card=card)
            if card
            else tn(
                "{player} offers a card for {n} silver", "{player} offers a card for {n} silver", o["price"], player=who
            )
        )
        if o["counter"] is not None:
            text += " · " + tn("countered at {n}", "countered at {n}", o["counter"])
        elif o["refused"]:
            text += " · " + t("counter refused")
        lines.append("• " + text)
    if not lines:
        lines.append(t("No offer yet."))
    if window.get("you_may_answer"):
        lines.append(t("You are asked: offer a card or decline."))
    return Field(title, "\n".join(lines), False)


def _hand(view: Mapping[str, Any]) -> Field:
    """Your cards, one a line with the colours named, marking those that fit where they could go now."""
    end = _fit_end(view)
    lines = []
    for card in view["hand"]:
        text = card_text(card, named=True)
        if end is not None and (end == "" or card["top"] in (end, "any") or end == "any"):
            text += " ✅"
        lines.append(text)
    title = tn("Your hand ({n} card)", "Your hand ({n} cards)", len(view["hand"]))
    if end is not None:
        title += " · " + t("✅ fits the line now")
    return Field(title, "\n".join(lines) or t("(empty)"), False)


def _fit_end(view: Mapping[str, Any]) -> str | None:
    """The fist a card of yours must match now ("" for an empty line), or None when nothing is to fit."""
    battle = view.get("battle")
    you = view.get("you")
    if not battle:
        return None
    window = battle.get("window")
    owner = (
        battle["holder"]
        if (
            you == battle["holder"]
            or (window and you != battle["holder"] and you not in (battle["attacker"], battle["defender"]))
        )
        else None
    )
    if owner is None:
        return None
    line = next(x for x in battle["lines"] if x["player"] == owner)
    return line["cards"][-1]["bottom"] if line["cards"] else ""
