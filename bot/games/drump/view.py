"""What one player (or a spectator) may see, and its Markdown rendering.

``view`` is the only way hidden information leaves the engine: your own hand
and your own face-down zone cards are shown to you alone; the opponent's
hand is a count and their face-down cards are ``None``; the deck is only a
count. Everything else (face-up zone cards, parts, the drop zone, the attack
in progress) is public.
"""

from __future__ import annotations

from typing import Any, Mapping

from bot.games.drump.cards import MONSTER, RANK, SLOTS, label, low_sum
from bot.games.drump.outcome import has_drump, part_score, set_name
from bot.games.drump.state import BLOCK, DISCARD, MAIN, OVER, REATTACK, DrumpState

DASH = "\u2014"


def make_view(state: DrumpState, player: int | None) -> dict[str, Any]:
    seat = state.seat_of(player) if player is not None else -1
    over = state.phase == OVER
    attack = None
    if state.attack_zone >= 0:
        attacker = state.current
        attack = {
            "attacker": state.players[attacker],
            "defender": state.players[1 - attacker],
            "zone": state.attack_zone,
            "card": state.attack_card or None,
            "beat": state.attack_value,
            "blocks": [list(pair) for pair in state.blocks],
        }
    return {
        "game": "drump",
        "viewer": player if seat >= 0 else None,
        "players": list(state.players),
        "first": state.players[state.first],
        "turn": state.turn,
        "current": None if over else state.players[state.current],
        "phase": state.phase,
        "deck": len(state.deck),
        "drop": list(state.drop),
        "placed": list(state.placed),
        "summoned": state.summoned,
        "attacked": state.attacked,
        "exchanges": state.exchanges,
        "attack": attack,
        "last_turn": state.drump_pending,
        "sides": [_side_view(state, s, s == seat) for s in (0, 1)],
        "result": {"winners": list(state.winners), "summary": state.summary, "reason": state.end_reason}
        if over else None,
    }


def _side_view(state: DrumpState, seat: int, own: bool) -> dict[str, Any]:
    side = state.sides[seat]
    zones = [[{"card": c if (own or up) else None, "up": up} for c, up in zip(cards, flags)]
             for cards, flags in zip(side.zones, side.up)]
    return {
        "player": state.players[seat],
        "hand_count": len(side.hand),
        "hand": list(side.hand) if own else None,
        "zones": zones,
        "parts": {SLOTS[i]: (p or None) for i, p in enumerate(side.parts)},
        "score": part_score(side.parts),
        "drump": has_drump(side.parts),
        "set": set_name(side.parts),
    }


def _name(names: Mapping[int, str], pid: Any) -> str:
    return names.get(pid, f"Player {pid}") if pid is not None else "?"


def _part_text(card: str | None) -> str:
    return f"{label(card)} {MONSTER[RANK[card]]}" if card else DASH


def _zone_text(zone: list[dict[str, Any]], own: bool) -> str:
    if not zone:
        return DASH
    bits = []
    for item in zone:
        card = item["card"]
        if card is None:
            bits.append("\u25ae")
        elif item["up"]:
            bits.append(label(card))
        else:
            bits.append(f"({label(card)})")
    text = " ".join(bits)
    if own:
        low, aces = low_sum(item["card"] for item in zone)
        text += " = " + "/".join(str(low + 10 * k) for k in range(aces + 1))
    return text


def render(view: Mapping[str, Any], names: Mapping[int, str]) -> str:
    viewer = view.get("viewer")
    lines = []
    current = view.get("current")
    head = f"**DRUMP** \u00b7 turn {view['turn']}"
    if view["phase"] == OVER:
        head += " \u00b7 game over"
    else:
        head += f" \u00b7 {_name(names, current)} to play"
        if view.get("last_turn"):
            head += " \u00b7 **last turn** after a first-player DRUMP"
    lines.append(head)
    drop = view["drop"]
    shown = " ".join(label(c) for c in drop[-24:])
    more = f"\u2026{len(drop) - 24} more, " if len(drop) > 24 else ""
    lines.append(f"Deck {view['deck']} \u00b7 Drop ({len(drop)}): {more}{shown or DASH}")
    for side in view["sides"]:
        pid = side["player"]
        own = pid == viewer
        tag = " (went first)" if pid == view["first"] else ""
        who = "You" if own else _name(names, pid)
        lines.append("")
        lines.append(f"__{who}__{tag} \u00b7 hand {side['hand_count']} \u00b7 {side['score']} pts"
                     + (f" \u00b7 **DRUMP** ({side['set']})" if side["drump"] else ""))
        parts = " \u00b7 ".join(f"{slot.capitalize()} {_part_text(c)}" for slot, c in side["parts"].items())
        lines.append(f"Parts: {parts}")
        zones = "  ".join(f"[{i + 1}] {_zone_text(z, own)}" for i, z in enumerate(side["zones"]))
        lines.append(f"Zones: {zones}")
        if own and side["hand"] is not None:
            lines.append("Hand: " + (" ".join(label(c) for c in side["hand"]) or DASH))
    lines.append("")
    lines.append(_status(view, names))
    return "\n".join(lines)


def _status(view: Mapping[str, Any], names: Mapping[int, str]) -> str:
    phase = view["phase"]
    if phase == OVER:
        result = view["result"] or {}
        winners = result.get("winners") or []
        who = ", ".join(_name(names, w) for w in winners) + " wins" if winners else "A draw"
        return f"**{who}.** {result.get('summary', '')}"
    attack = view.get("attack")
    current = _name(names, view.get("current"))
    if phase == BLOCK and attack:
        return (f"\u2694 {_name(names, attack['attacker'])} attacks {_name(names, attack['defender'])}'s zone "
                f"{attack['zone'] + 1} with {label(attack['card'])}: {_name(names, attack['defender'])} may block.")
    if phase == REATTACK and attack:
        return (f"\u2694 Blocked. {current} may re-attack zone {attack['zone'] + 1} with a card worth more "
                f"than {attack['beat']} (or an Ace), or stop.")
    if phase == DISCARD:
        return f"{current} discards down to 5 cards."
    if phase == MAIN:
        done = []
        if view["summoned"]:
            done.append("summoned")
        if view["attacked"]:
            done.append("attacked")
        if view["exchanges"]:
            done.append(f"{view['exchanges']}/2 exchanges")
        if view["placed"]:
            done.append("placed in zone " + ", ".join(str(z + 1) for z in sorted(view["placed"])))
        return f"{current}'s turn" + (f" ({'; '.join(done)})." if done else ".")
    return ""


def render_brief(view: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """What a decision needs, in at most six short lines: the attack (if any), your hand, parts and zones,
    and the opponent's zones (the targets of an attack). Built from ``view`` only."""
    viewer = view.get("viewer")
    sides = view["sides"]
    mine = next((s for s in sides if s["player"] == viewer), None)
    theirs = next((s for s in sides if s["player"] != viewer), None) if mine is not None else None
    lines = []
    fact = _brief_fact(view, names, viewer)
    if fact:
        lines.append(fact)
    if mine is None:  # a spectator has no decision: just the status line
        return "\n".join(lines) or _status(view, names)
    hand = mine["hand"] or []
    lines.append(f"**Hand ({len(hand)}):** " + (" ".join(label(c) for c in hand) or DASH))
    parts = " ".join(f"{slot[0].upper()}:{label(c) if c else DASH}" for slot, c in mine["parts"].items())
    lines.append(f"**Parts:** {parts} \u00b7 {mine['score']} pts")
    lines.append("**Your zones:** " + "  ".join(f"[{i + 1}] {_zone_text(z, True)}"
                                                 for i, z in enumerate(mine["zones"])))
    if theirs is not None:
        lines.append(f"**{_name(names, theirs['player'])}:** hand {theirs['hand_count']} \u00b7 zones "
                     + "  ".join(f"[{i + 1}] {_zone_text(z, False)}" for i, z in enumerate(theirs["zones"])))
    return "\n".join(lines)


def _brief_fact(view: Mapping[str, Any], names: Mapping[int, str], viewer: Any) -> str:
    """The one public fact the pending decision is about, in a line."""
    phase = view["phase"]
    attack = view.get("attack")
    if phase == OVER:
        return _status(view, names)
    if phase == BLOCK and attack:
        whose = "your" if attack["defender"] == viewer else f"{_name(names, attack['defender'])}'s"
        return f"\u2694 Attack on {whose} zone {attack['zone'] + 1} with {label(attack['card'])}"
    if phase == REATTACK and attack:
        return f"\u2694 Blocked: re-attack zone {attack['zone'] + 1} with more than {attack['beat']} (or an Ace)"
    if phase == DISCARD:
        return "Discard down to 5 cards"
    done = []
    if view["summoned"]:
        done.append("summoned")
    if view["attacked"]:
        done.append("attacked")
    if view["exchanges"]:
        done.append(f"{view['exchanges']}/2 exchanges")
    head = f"Turn {view['turn']} \u00b7 deck {view['deck']}"
    if view.get("last_turn"):
        head += " \u00b7 **last turn**"
    return head + (f" \u00b7 done: {', '.join(done)}" if done else "")
