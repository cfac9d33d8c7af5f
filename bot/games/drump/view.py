"""What one player (or a spectator) may see, and its Markdown rendering.

``view`` is the only way hidden information leaves the engine: your own hand
and your own face-down zone cards are shown to you alone; the opponent's
hand is a count and their face-down cards are ``None``; the deck is only a
count. Everything else (face-up zone cards, parts, the drop zone, the attack
in progress) is public.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.drump.cards import IS_PART, MONSTER, RANK, SLOT_LABELS, SLOTS, label, low_sum
from bot.games.drump.outcome import final_summary, has_drump, part_score, set_label, set_name
from bot.games.drump.state import BLOCK, DISCARD, MAIN, OVER, REATTACK, DrumpState
from bot.games.drump.text import player_name, result_line
from bot.kernel.i18n import t, tn, translate
from bot.kernel.present import Board

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
        "result": {"winners": list(state.winners), "summary": final_summary(state), "reason": state.end_reason}
        if over
        else None,
    }


def _side_view(state: DrumpState, seat: int, own: bool) -> dict[str, Any]:
    side = state.sides[seat]
    zones = [
        [{"card": c if (own or up) else None, "up": up} for c, up in zip(cards, flags, strict=True)]
        for cards, flags in zip(side.zones, side.up, strict=True)
    ]
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
    return player_name(names, pid) if pid is not None else "?"


def _slot_label(slot: str) -> str:
    return translate(SLOT_LABELS[slot]) if slot in SLOT_LABELS else slot.capitalize()


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


def render_board(view: Mapping[str, Any], names: Mapping[int, str]) -> Board:
    """The board as text: DRUMP's two sides read best as one block (no boxes)."""
    return Board(render(view, names))


#: Zone numbers as one glyph each (the public table is read on a phone: every character counts).
ZONE_MARKS = ("\u2460", "\u2461", "\u2462", "\u2463")


def _public_zones(zones: list[list[dict[str, Any]]]) -> str:
    """ "① 2♥ ▮▮ ② — ③ — ④ —": each zone's face-up cards, then one ▮ per face-down card."""
    bits = []
    for mark, zone in zip(ZONE_MARKS, zones, strict=False):
        shown = " ".join(label(item["card"]) for item in zone if item["card"] is not None and item["up"])
        hidden = "\u25ae" * sum(1 for item in zone if not item["up"] or item["card"] is None)
        bits.append(mark + " " + (" ".join(b for b in (shown, hidden) if b) or DASH))
    return " ".join(bits)


def _public_parts(side: Mapping[str, Any]) -> str:
    """The seat's placed parts by name ("Dragon Tail": the card is the K♣), with its score (and DRUMP, once made)."""
    placed = [f"{MONSTER[RANK[c]]} {_slot_label(slot)}" for slot, c in side["parts"].items() if c]
    if side["drump"]:
        return t(
            "**DRUMP** ({set}, {score} pts): {parts}",
            set=set_label(side["set"]),
            score=side["score"],
            parts=", ".join(placed),
        )
    if placed:
        return t("{score} pts: {parts}", score=side["score"], parts=", ".join(placed))
    return t("no parts yet")


def render_public(view: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """The table everyone sees, short enough for one phone screen: the turn, deck and drop zone in a line,
    then two lines a seat (name, hand size, score and parts; its zones), then the attack in progress.
    Whose turn it is the platform's first line says; the hidden cards are not in ``view``."""
    over = view["phase"] == OVER
    drop = view["drop"]
    parts_dropped = [label(c) for c in drop if c in IS_PART]
    drop_text = (
        t("{count} (parts {cards})", count=len(drop), cards=" ".join(parts_dropped))
        if parts_dropped
        else str(len(drop))
    )
    params = {"turn": view["turn"], "deck": view["deck"], "drop": drop_text}
    if view.get("last_turn") and not over:
        lines = [t("Turn {turn} \u00b7 **last turn** \u00b7 deck {deck} \u00b7 drop {drop}", **params)]
    else:
        lines = [t("Turn {turn} \u00b7 deck {deck} \u00b7 drop {drop}", **params)]
    for side in view["sides"]:
        pid = side["player"]
        name = "**" + _name(names, pid) + "**"
        if pid == view.get("current") and not over:
            name = "\u25b6\ufe0f " + name
        lines.append(
            t(
                "{player} \u00b7 hand {hand} \u00b7 {parts}",
                player=name,
                hand=side["hand_count"],
                parts=_public_parts(side),
            )
        )
        lines.append(t("Zones {zones}", zones=_public_zones(side["zones"])))
    phase, attack = view["phase"], view.get("attack")
    if phase == BLOCK and attack:
        lines.append(
            t(
                "\u2694 Attack on {player}'s zone {zone} with {card}",
                player=_name(names, attack["defender"]),
                zone=attack["zone"] + 1,
                card=label(attack["card"]),
            )
        )
    elif phase == REATTACK and attack:
        lines.append(
            t(
                "\u2694 Blocked: re-attack zone {zone} with more than {beat} (or an Ace)",
                zone=attack["zone"] + 1,
                beat=attack["beat"],
            )
        )
    elif phase == DISCARD:
        lines.append(t("Discarding down to 5 cards."))
    return "\n".join(lines)


def render(view: Mapping[str, Any], names: Mapping[int, str]) -> str:
    viewer = view.get("viewer")
    if viewer is None:
        return render_public(view, names)
    lines = []
    turn = view["turn"]
    if view["phase"] == OVER:
        lines.append(t("**DRUMP** \u00b7 turn {turn} \u00b7 game over", turn=turn))
    elif view.get("last_turn"):
        lines.append(
            t(
                "**DRUMP** \u00b7 turn {turn} \u00b7 {player} to play \u00b7 **last turn** after a first-player DRUMP",
                turn=turn,
                player=_name(names, view.get("current")),
            )
        )
    else:
        lines.append(
            t(
                "**DRUMP** \u00b7 turn {turn} \u00b7 {player} to play",
                turn=turn,
                player=_name(names, view.get("current")),
            )
        )
    drop = view["drop"]
    shown = " ".join(label(c) for c in drop[-24:])
    if len(drop) > 24:
        lines.append(
            t(
                "Deck {deck} \u00b7 Drop ({count}): \u2026{more} more, {cards}",
                deck=view["deck"],
                count=len(drop),
                more=len(drop) - 24,
                cards=shown,
            )
        )
    else:
        lines.append(
            t("Deck {deck} \u00b7 Drop ({count}): {cards}", deck=view["deck"], count=len(drop), cards=shown or DASH)
        )
    for side in view["sides"]:
        pid = side["player"]
        own = pid == viewer
        params = {
            "player": t("You") if own else _name(names, pid),
            "hand": side["hand_count"],
            "score": side["score"],
            "set": set_label(side["set"]),
        }
        first = pid == view["first"]
        lines.append("")
        if first and side["drump"]:
            lines.append(
                t("__{player}__ (went first) \u00b7 hand {hand} \u00b7 {score} pts \u00b7 **DRUMP** ({set})", **params)
            )
        elif first:
            lines.append(t("__{player}__ (went first) \u00b7 hand {hand} \u00b7 {score} pts", **params))
        elif side["drump"]:
            lines.append(t("__{player}__ \u00b7 hand {hand} \u00b7 {score} pts \u00b7 **DRUMP** ({set})", **params))
        else:
            lines.append(t("__{player}__ \u00b7 hand {hand} \u00b7 {score} pts", **params))
        parts = " \u00b7 ".join(f"{_slot_label(slot)} {_part_text(c)}" for slot, c in side["parts"].items())
        lines.append(t("Parts: {parts}", parts=parts))
        zones = "  ".join(f"[{i + 1}] {_zone_text(z, own)}" for i, z in enumerate(side["zones"]))
        lines.append(t("Zones: {zones}", zones=zones))
        if own and side["hand"] is not None:
            lines.append(t("Hand: {cards}", cards=" ".join(label(c) for c in side["hand"]) or DASH))
    lines.append("")
    lines.append(_status(view, names))
    return "\n".join(lines)


def _done(view: Mapping[str, Any], zones: bool) -> list[str]:
    """What the turn player has done this turn, as short phrases."""
    done = []
    if view["summoned"]:
        done.append(t("summoned"))
    if view["attacked"]:
        done.append(t("attacked"))
    if view["exchanges"]:
        done.append(tn("{n}/2 exchanges", "{n}/2 exchanges", view["exchanges"]))
    if zones and view["placed"]:
        done.append(t("placed in zone {zones}", zones=", ".join(str(z + 1) for z in sorted(view["placed"]))))
    return done


def _status(view: Mapping[str, Any], names: Mapping[int, str]) -> str:
    phase = view["phase"]
    if phase == OVER:
        result = view["result"] or {}
        return result_line(result.get("winners") or [], result.get("summary", ""), names)
    attack = view.get("attack")
    current = _name(names, view.get("current"))
    if phase == BLOCK and attack:
        return t(
            "\u2694 {attacker} attacks {defender}'s zone {zone} with {card}: {defender} may block.",
            attacker=_name(names, attack["attacker"]),
            defender=_name(names, attack["defender"]),
            zone=attack["zone"] + 1,
            card=label(attack["card"]),
        )
    if phase == REATTACK and attack:
        return t(
            "\u2694 Blocked. {player} may re-attack zone {zone} with a card worth more than {beat} "
            "(or an Ace), or stop.",
            player=current,
            zone=attack["zone"] + 1,
            beat=attack["beat"],
        )
    if phase == DISCARD:
        return t("{player} discards down to 5 cards.", player=current)
    if phase == MAIN:
        done = _done(view, zones=True)
        if done:
            return t("{player}'s turn ({done}).", player=current, done="; ".join(done))
        return t("{player}'s turn.", player=current)
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
    lines.append(t("**Hand ({count}):** {cards}", count=len(hand), cards=" ".join(label(c) for c in hand) or DASH))
    parts = " ".join(f"{_slot_label(slot)[0].upper()}:{label(c) if c else DASH}" for slot, c in mine["parts"].items())
    lines.append(t("**Parts:** {parts} \u00b7 {score} pts", parts=parts, score=mine["score"]))
    lines.append(
        t(
            "**Your zones:** {zones}",
            zones="  ".join(f"[{i + 1}] {_zone_text(z, True)}" for i, z in enumerate(mine["zones"])),
        )
    )
    if theirs is not None:
        lines.append(
            t(
                "**{player}:** hand {hand} \u00b7 zones {zones}",
                player=_name(names, theirs["player"]),
                hand=theirs["hand_count"],
                zones="  ".join(f"[{i + 1}] {_zone_text(z, False)}" for i, z in enumerate(theirs["zones"])),
            )
        )
    return "\n".join(lines)


def _brief_fact(view: Mapping[str, Any], names: Mapping[int, str], viewer: Any) -> str:
    """The one public fact the pending decision is about, in a line."""
    phase = view["phase"]
    attack = view.get("attack")
    if phase == OVER:
        return _status(view, names)
    if phase == BLOCK and attack:
        if attack["defender"] == viewer:
            return t(
                "\u2694 Attack on your zone {zone} with {card}", zone=attack["zone"] + 1, card=label(attack["card"])
            )
        return t(
            "\u2694 Attack on {player}'s zone {zone} with {card}",
            player=_name(names, attack["defender"]),
            zone=attack["zone"] + 1,
            card=label(attack["card"]),
        )
    if phase == REATTACK and attack:
        return t(
            "\u2694 Blocked: re-attack zone {zone} with more than {beat} (or an Ace)",
            zone=attack["zone"] + 1,
            beat=attack["beat"],
        )
    if phase == DISCARD:
        return t("Discard down to 5 cards")
    done = _done(view, zones=False)
    params = {"turn": view["turn"], "deck": view["deck"], "done": ", ".join(done)}
    if view.get("last_turn"):
        if done:
            return t("Turn {turn} \u00b7 deck {deck} \u00b7 **last turn** \u00b7 done: {done}", **params)
        return t("Turn {turn} \u00b7 deck {deck} \u00b7 **last turn**", **params)
    if done:
        return t("Turn {turn} \u00b7 deck {deck} \u00b7 done: {done}", **params)
    return t("Turn {turn} \u00b7 deck {deck}", **params)
