"""What one player (or a spectator) may see, and that view as Discord Markdown.

``view`` is the only path hidden information takes out of the engine: a hand
is shown to its owner only, a character to its owner, to everyone once
revealed at 1 stamina or at the end, and to a player who looked at it with
Mata Menembus Sukma. An offered card is shown to the battler and the offerer.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from bot.kernel.i18n import N_, data_text, t, tn, translate

from .cards import AJIAN_NAMES, load_cards
from .outcome import report, winners
from .state import OVER, GocengState

_CUP = "☕"
_FIST = {"red": "🟥", "yellow": "🟨", "green": "🟩", "blue": "🟦", "any": "⭐"}
_FIST_NAMES = {"red": N_("red"), "yellow": N_("yellow"), "green": N_("green"), "blue": N_("blue"), "any": N_("any")}


def card_info(card: str) -> dict[str, Any]:
    """A card as the view shows it (a fresh dict, so callers may keep or change it)."""
    return dict(_card_info(card))


@cache
def _card_info(card: str) -> dict[str, Any]:
    c = load_cards().skills[card]
    return {"id": c.id, "top": c.top, "bottom": c.bottom, "ajian": c.ajian, "name": c.name}


def knows_character(state: GocengState, viewer: int | None, player: int) -> bool:
    return (
        state.phase == OVER
        or player in state.revealed
        or (viewer is not None and (viewer == player or player in state.seen.get(viewer, ())))
    )


def known_characters(state: GocengState, viewer: int | None) -> set[int]:
    """The players whose character ``viewer`` may see (the same rule as ``knows_character``, for all at once)."""
    if state.phase == OVER:
        return set(state.players)
    known = set(state.revealed)
    if viewer is not None:
        known.add(viewer)
        known.update(state.seen.get(viewer, ()))
    return known


def build_view(state: GocengState, viewer: int | None) -> dict[str, Any]:
    known = known_characters(state, viewer)
    revealed = set(state.revealed)
    players = [
        {
            "id": p,
            "seat": seat,
            "stamina": state.stamina[p],
            "coins": state.coins[p],
            "hand_count": len(state.hands[p]),
            "character": state.characters[p] if p in known else None,
            "revealed": p in revealed,
        }
        for seat, p in enumerate(state.players, 1)
    ]
    view: dict[str, Any] = {
        "game": "goceng",
        "you": viewer,
        "phase": state.phase,
        "turn": state.turn,
        "active": state.active,
        "target": state.target,
        "challenged": list(state.challenged),
        "players": players,
        "deck_count": len(state.deck),
        "discard_count": len(state.discard),
        "set_aside_count": len(state.set_aside),
        "battle": _battle_view(state, viewer),
        "pending": None,
        "hand": None,
        "result": None,
    }
    if state.pending is not None:
        view["pending"] = {
            "kind": state.pending.kind,
            "player": state.pending.player,
            "candidates": list(state.pending.candidates),
        }
    if viewer is not None and viewer in state.hands:
        view["hand"] = [card_info(c) for c in state.hands[viewer]]
    if state.phase == OVER:
        view["result"] = {"loser": state.loser, "winners": winners(state), "outcomes": report(state)}
    return view


def _battle_view(state: GocengState, viewer: int | None) -> dict[str, Any] | None:
    battle = state.battle
    if battle is None:
        return None
    out: dict[str, Any] = {
        "attacker": battle.attacker,
        "defender": battle.defender,
        "holder": battle.holder,
        "asked": battle.asked,
        "lines": [
            {"player": p, "owed": battle.owed[p], "cards": [card_info(c) for c in battle.lines[p]]}
            for p in (battle.attacker, battle.defender)
        ],
        "window": None,
    }
    window = battle.window
    if window is not None:
        final = window.context.get("final", [])
        # Who is still asked, and who declined, is not shown: every non-battler is asked, and
        # how soon one declines would tell the table what their hand lacks.
        out["window"] = {
            "battler": battle.holder,
            "you_may_answer": viewer in window.waiting,
            "offers": [
                {
                    "player": o["player"],
                    "price": o["price"],
                    "final": o["player"] in final,
                    "counter": o["counter"],
                    "refused": o["refused"],
                    "card": card_info(o["card"]) if viewer in (battle.holder, o["player"]) else None,
                }
                for o in window.stack
            ],
        }
    return out


# --- Markdown ----------------------------------------------------------------------------------


def player_name(names: Mapping[Any, str], player: Any) -> str:
    """A player's display name, or "Player <id>" for someone missing from ``names``."""
    return names[player] if player in names else t("Player {player}", player=player)


def _name(names: Mapping[int, str], player: int | None) -> str:
    return player_name(names, player) if player is not None else "?"


def _stamina(stamina: int) -> str:
    return _CUP * stamina or t("0 stamina")


def _chooses(pending: Mapping[str, Any], who: str, stop: bool) -> str:
    """ "<who> chooses whose character to see." (or whom to take a card from), for a pending Ajian target."""
    if pending["kind"] == "peek":
        return (
            t("{player} chooses whose character to see.", player=who)
            if stop
            else t("{player} chooses whose character to see", player=who)
        )
    return (
        t("{player} chooses whom to take a card from (Kasbon).", player=who)
        if stop
        else t("{player} chooses whom to take a card from (Kasbon)", player=who)
    )


def _offer_text(who: str, card: str | None, price: int, kept: bool) -> str:
    """One Extra Power offer: who, the card if the viewer may see it, the price, and whether it is final."""
    if card and kept:
        return tn(
            "{player} {card} for {n} silver (final)",
            "{player} {card} for {n} silver (final)",
            price,
            player=who,
            card=card,
        )
    if card:
        return tn("{player} {card} for {n} silver", "{player} {card} for {n} silver", price, player=who, card=card)
    if kept:
        return tn("{player} for {n} silver (final)", "{player} for {n} silver (final)", price, player=who)
    return tn("{player} for {n} silver", "{player} for {n} silver", price, player=who)


def fist_name(colour: str) -> str:
    """A fist colour in words, so colour is never the only thing that tells two fists apart."""
    return translate(_FIST_NAMES.get(colour, colour))


def fist_text(colour: str) -> str:
    """One fist as the cards show it, its emoji then its colour in words ("🟥 red")."""
    return f"{_FIST.get(colour, '?')} {fist_name(colour)}"


def card_text(info: Mapping[str, Any], *, named: bool = False, plain: bool = False, capital: bool = False) -> str:
    """A card's fists as emoji (top → bottom); ``named`` adds the colour words after each emoji (``capital``:
    capitalised, for a label that is the card alone); ``plain`` leaves out Markdown (for button and option
    labels, which show it as typed)."""
    if named:
        top, bottom = fist_name(info["top"]), fist_name(info["bottom"])
        if capital:  # a label of its own (a button), not words within a sentence
            top, bottom = top[:1].upper() + top[1:], bottom[:1].upper() + bottom[1:]
        fists = f"{_FIST.get(info['top'], '?')} {top} → {_FIST.get(info['bottom'], '?')} {bottom}"
    else:
        fists = f"{_FIST.get(info['top'], '?')}→{_FIST.get(info['bottom'], '?')}"
    if info.get("ajian"):
        name = AJIAN_NAMES.get(info["ajian"], info["ajian"])
        return f"{fists} {name}" if plain else f"{fists} *{name}*"
    return fists


def character_name(cid: str | None) -> str:
    if cid is None:
        return t("hidden")
    chars = load_cards().characters
    return chars[cid].name if cid in chars else cid


# --- the picker's brief -----------------------------------------------------------------------

#: How long a brief line may grow before it is cut (phones wrap long lines into tall ones).
BRIEF_LINE = 150
#: Cards of a battle line the brief shows (the newest ones: the next card must follow them).
BRIEF_LINE_CARDS = 3


def _clip(text: str) -> str:
    """A brief line fitted to ``BRIEF_LINE``, cut between words."""
    if len(text) <= BRIEF_LINE:
        return text
    cut = text[: BRIEF_LINE - 1]
    if not text[BRIEF_LINE - 1].isspace() and " " in cut:
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:·|") + "…"


def lasting(view: dict[str, Any]) -> dict[str, Any]:
    """The view without an Extra Power window's offers: the battler's prompt shows them with their
    cards, a helper's prompt their own offer, and the table everyone's prices."""
    battle = view.get("battle")
    if not battle or battle.get("window") is None:
        return view
    return {**view, "battle": {**battle, "window": None}}


def render_brief(view: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """What a decision needs in at most six short lines, from ``view`` alone: the challenge or the battle
    (both lines' newest cards), the offers in an Extra Power window, you (character and objective,
    stamina, silver) and your hand. A spectator gets the situation only."""
    viewer = view.get("you")

    def nm(pid: Any) -> str:
        return _name(names, pid)  # named even for the reader: "you challenges", "you vs …" are no sentences

    lines = []
    phase = view["phase"]
    result = view.get("result")
    if result:
        lines.append(t("🏁 {loser} is out of stamina.", loser=_name(names, result["loser"])))
    elif phase == "challenge":
        lines.append(t("Turn {turn}: {player} must challenge someone", turn=view["turn"], player=nm(view["active"])))
    elif phase == "respond":
        lines.append(
            t(
                "{player} challenges {target}: reconcile (2 silver) or fight?",
                player=nm(view["active"]),
                target=nm(view["target"]),
            )
        )
    battle = view.get("battle")
    if battle and not result:
        params = {
            "attacker": nm(battle["attacker"]),
            "defender": nm(battle["defender"]),
            "holder": nm(battle["holder"]),
        }
        owed = next((ln["owed"] for ln in battle["lines"] if ln["player"] == battle["holder"]), 1)
        if owed > 1:
            lines.append(
                tn(
                    "⚔️ {attacker} vs {defender} · punch: {holder} (owes {n})",
                    "⚔️ {attacker} vs {defender} · punch: {holder} (owes {n})",
                    owed,
                    **params,
                )
            )
        else:
            lines.append(t("⚔️ {attacker} vs {defender} · punch: {holder}", **params))
        bits = []
        for line in battle["lines"]:
            cards = line["cards"][-BRIEF_LINE_CARDS:]
            shown = " ".join(card_text(c) for c in cards) or t("empty")
            more = "… " if len(line["cards"]) > BRIEF_LINE_CARDS else ""
            bits.append(f"{nm(line['player'])}: {more}{shown}")
        lines.append(_clip(t("Lines: {lines}", lines=" | ".join(bits))))
        window = battle.get("window")
        if window:
            offers = [
                _offer_text(
                    nm(o["player"]), card_text(o["card"]) if o["card"] else None, o["price"], bool(o.get("final"))
                )
                for o in window["offers"]
            ]
            lines.append(_clip(t("🤝 Offers: {offers}", offers="; ".join(offers) or t("none yet"))))
    pending = view.get("pending")
    if pending and not result:
        lines.append(_chooses(pending, nm(pending["player"]), stop=False))
    me = next((p for p in view["players"] if p["id"] == viewer), None)
    if me is not None and view.get("hand") is not None:
        chars = load_cards().characters
        goal = data_text(chars[me["character"]].objective) if me["character"] in chars else ""
        params = {"character": character_name(me["character"]), "stamina": _stamina(me["stamina"]), "goal": goal}
        if goal:
            you = tn(
                "**You:** {character} · {stamina} · {n} silver · {goal}",
                "**You:** {character} · {stamina} · {n} silver · {goal}",
                me["coins"],
                **params,
            )
        else:
            you = tn(
                "**You:** {character} · {stamina} · {n} silver",
                "**You:** {character} · {stamina} · {n} silver",
                me["coins"],
                **params,
            )
        lines.append(_clip(you))
        # never clipped: the hand is what the player chooses from
        lines.append(t("**Hand:** {cards}", cards=" · ".join(card_text(c) for c in view["hand"]) or t("(empty)")))
    return "\n".join(lines) or "Mat Goceng"
