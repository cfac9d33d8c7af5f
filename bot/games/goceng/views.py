"""What one player (or a spectator) may see, and that view as Discord Markdown.

``view`` is the only path hidden information takes out of the engine: a hand
is shown to its owner only, a character to its owner, to everyone once
revealed at 1 stamina or at the end, and to a player who looked at it with
Mata Menembus Sukma. An offered card is shown to the battler and the offerer.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from .cards import AJIAN_NAMES, load_cards
from .outcome import winners
from .state import OVER, GocengState

_CUP = "☕"
_FIST = {"red": "🟥", "yellow": "🟨", "green": "🟩", "blue": "🟦", "any": "⭐"}


def card_info(card: str) -> dict[str, Any]:
    """A card as the view shows it (a fresh dict, so callers may keep or change it)."""
    return dict(_card_info(card))


@lru_cache(maxsize=None)
def _card_info(card: str) -> dict[str, Any]:
    c = load_cards().skills[card]
    return {"id": c.id, "top": c.top, "bottom": c.bottom, "ajian": c.ajian, "name": c.name}


def knows_character(state: GocengState, viewer: int | None, player: int) -> bool:
    return (state.phase == OVER or player in state.revealed
            or (viewer is not None and (viewer == player or player in state.seen.get(viewer, ()))))


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
    players = [{
        "id": p, "seat": seat, "stamina": state.stamina[p], "coins": state.coins[p],
        "hand_count": len(state.hands[p]),
        "character": state.characters[p] if p in known else None,
        "revealed": p in revealed,
    } for seat, p in enumerate(state.players, 1)]
    view: dict[str, Any] = {
        "game": "goceng", "you": viewer, "phase": state.phase, "turn": state.turn,
        "active": state.active, "target": state.target, "challenged": list(state.challenged),
        "players": players, "deck_count": len(state.deck), "discard_count": len(state.discard),
        "set_aside_count": len(state.set_aside), "battle": _battle_view(state, viewer),
        "pending": None, "hand": None, "result": None,
    }
    if state.pending is not None:
        view["pending"] = {"kind": state.pending.kind, "player": state.pending.player,
                           "candidates": list(state.pending.candidates)}
    if viewer is not None and viewer in state.hands:
        view["hand"] = [card_info(c) for c in state.hands[viewer]]
    if state.phase == OVER:
        view["result"] = {"loser": state.loser, "winners": winners(state)}
    return view


def _battle_view(state: GocengState, viewer: int | None) -> dict[str, Any] | None:
    battle = state.battle
    if battle is None:
        return None
    out: dict[str, Any] = {
        "attacker": battle.attacker, "defender": battle.defender, "holder": battle.holder,
        "asked": battle.asked,
        "lines": [{"player": p, "owed": battle.owed[p], "cards": [card_info(c) for c in battle.lines[p]]}
                  for p in (battle.attacker, battle.defender)],
        "window": None,
    }
    window = battle.window
    if window is not None:
        final = window.context.get("kept", [])
        # Who is still asked, and who declined, is not shown: a helper with no fitting card is
        # passed for at once, so either list would tell the table what their hand lacks.
        out["window"] = {
            "battler": battle.holder,
            "you_may_answer": viewer in window.waiting,
            "offers": [{"player": o["player"], "price": o["price"], "kept": o["player"] in final,
                        "card": card_info(o["card"]) if viewer in (battle.holder, o["player"]) else None}
                       for o in window.stack],
        }
    return out


# --- Markdown ----------------------------------------------------------------------------------

def _name(names: Mapping[int, str], player: int | None) -> str:
    return names.get(player, f"Player {player}") if player is not None else "?"


def card_text(info: Mapping[str, Any]) -> str:
    fists = f"{_FIST.get(info['top'], '?')}→{_FIST.get(info['bottom'], '?')}"
    if info.get("ajian"):
        return f"{fists} *{AJIAN_NAMES.get(info['ajian'], info['ajian'])}*"
    return fists


def character_name(cid: str | None) -> str:
    if cid is None:
        return "hidden"
    chars = load_cards().characters
    return chars[cid].name if cid in chars else cid


def render(view: Mapping[str, Any], names: Mapping[int, str]) -> str:
    lines = [f"**Mat Goceng** · turn {view['turn']} · deck {view['deck_count']} · discard {view['discard_count']}"]
    for p in view["players"]:
        marker = "▶ " if p["id"] == view["active"] and view["phase"] != OVER else ""
        you = " (you)" if p["id"] == view.get("you") else ""
        character = character_name(p["character"])
        if p["revealed"]:
            character += " (revealed)"
        lines.append(f"{marker}Seat {p['seat']}: **{_name(names, p['id'])}**{you}: {_CUP * p['stamina'] or '0 stamina'} · "
                     f"{p['coins']} silver · {p['hand_count']} card{'' if p['hand_count'] == 1 else 's'} · {character}")
    phase = view["phase"]
    if phase == "challenge":
        lines.append(f"{_name(names, view['active'])} must challenge someone.")
    elif phase == "respond":
        lines.append(f"{_name(names, view['target'])} is challenged by {_name(names, view['active'])}: "
                     "reconcile (2 silver) or fight?")
    battle = view.get("battle")
    if battle:
        lines.append(f"⚔️ **{_name(names, battle['attacker'])}** vs **{_name(names, battle['defender'])}** · "
                     f"punch token: {_name(names, battle['holder'])}")
        for line in battle["lines"]:
            cards = " ".join(card_text(c) for c in line["cards"][-6:]) or "(empty: any card fits)"
            more = f"… ({len(line['cards'])} cards) " if len(line["cards"]) > 6 else ""
            owed = f" · owes {line['owed']}" if line["player"] == battle["holder"] and line["owed"] > 1 else ""
            lines.append(f"  {_name(names, line['player'])}: {more}{cards}{owed}")
        window = battle.get("window")
        if window:
            lines.append(f"🤝 Extra Power for {_name(names, window['battler'])}: offers are open."
                         + (" You may offer help." if window.get("you_may_answer") else ""))
            for o in window["offers"]:
                card = f" {card_text(o['card'])}" if o["card"] else ""
                final = " (final)" if o.get("kept") else ""
                lines.append(f"  offer from {_name(names, o['player'])}:{card} for {o['price']} silver{final}")
    pending = view.get("pending")
    if pending:
        what = "whose character to see" if pending["kind"] == "peek" else "whom to take a card from (Kasbon)"
        lines.append(f"{_name(names, pending['player'])} chooses {what}.")
    if view.get("hand") is not None:
        lines.append("Your hand: " + (" · ".join(card_text(c) for c in view["hand"]) or "(empty)"))
    result = view.get("result")
    if result:
        won = ", ".join(_name(names, p) for p in result["winners"]) or "nobody"
        lines.append(f"🏁 {_name(names, result['loser'])} is out of stamina. Winners: {won}.")
    text = "\n".join(lines)
    return text if len(text) <= 1800 else text[:1797] + "…"


# --- the picker's brief -----------------------------------------------------------------------

#: How long a brief line may grow before it is cut (phones wrap long lines into tall ones).
BRIEF_LINE = 150
#: Cards of a battle line the brief shows (the newest ones: the next card must follow them).
BRIEF_LINE_CARDS = 3


def _clip(text: str) -> str:
    return text if len(text) <= BRIEF_LINE else text[:BRIEF_LINE - 1] + "…"


def render_brief(view: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """What a decision needs in at most six short lines, from ``view`` alone: the challenge or the battle
    (both lines' newest cards), the offers in an Extra Power window, you (character and objective,
    stamina, silver) and your hand. A spectator gets the situation only."""
    viewer = view.get("you")

    def nm(pid: Any) -> str:
        return "you" if pid == viewer else _name(names, pid)

    lines = []
    phase = view["phase"]
    result = view.get("result")
    if result:
        won = ", ".join(_name(names, p) for p in result["winners"]) or "nobody"
        lines.append(f"🏁 {_name(names, result['loser'])} is out of stamina. Winners: {won}.")
    elif phase == "challenge":
        lines.append(f"Turn {view['turn']}: {nm(view['active'])} must challenge someone")
    elif phase == "respond":
        lines.append(f"{nm(view['active'])} challenges {nm(view['target'])}: reconcile (2 silver) or fight?")
    battle = view.get("battle")
    if battle and not result:
        head = f"⚔️ {nm(battle['attacker'])} vs {nm(battle['defender'])} · punch: {nm(battle['holder'])}"
        owed = next((ln["owed"] for ln in battle["lines"] if ln["player"] == battle["holder"]), 1)
        lines.append(head + (f" (owes {owed})" if owed > 1 else ""))
        bits = []
        for line in battle["lines"]:
            cards = line["cards"][-BRIEF_LINE_CARDS:]
            shown = " ".join(card_text(c) for c in cards) or "empty"
            more = "… " if len(line["cards"]) > BRIEF_LINE_CARDS else ""
            bits.append(f"{nm(line['player'])}: {more}{shown}")
        lines.append(_clip("Lines: " + " | ".join(bits)))
        window = battle.get("window")
        if window:
            offers = [f"{nm(o['player'])}{' ' + card_text(o['card']) if o['card'] else ''} for {o['price']}"
                      + " silver" + (" (final)" if o.get("kept") else "") for o in window["offers"]]
            lines.append(_clip("🤝 Offers: " + ("; ".join(offers) or "none yet")))
    pending = view.get("pending")
    if pending and not result:
        what = "whose character to see" if pending["kind"] == "peek" else "whom to take a card from (Kasbon)"
        lines.append(f"{nm(pending['player'])} chooses {what}")
    me = next((p for p in view["players"] if p["id"] == viewer), None)
    if me is not None and view.get("hand") is not None:
        chars = load_cards().characters
        goal = chars[me["character"]].objective if me["character"] in chars else ""
        you = f"**You:** {character_name(me['character'])} · {_CUP * me['stamina'] or '0 stamina'} · {me['coins']} silver"
        lines.append(_clip(you + (f" · {goal}" if goal else "")))
        # never clipped: the hand is what the player chooses from
        lines.append("**Hand:** " + (" · ".join(card_text(c) for c in view["hand"]) or "(empty)"))
    return "\n".join(lines) or "Mat Goceng"
