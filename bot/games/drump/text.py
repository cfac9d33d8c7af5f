"""Player-facing text: action and choice labels, the move log, the rules page.

Zones are numbered 1-4 for people (0-3 in actions). Labels never reveal more
than the player asking may know: a choice label for an opponent's zone shows
its face-up cards only.
"""

from __future__ import annotations

from typing import Any, Mapping

from bot.games.drump.cards import CARD_SET, ZONES, label, long_label
from bot.games.drump.state import BLOCK, DISCARD, REATTACK, DrumpState

TYPE_LABELS = {
    "place": "Place a Force Card",
    "summon": "Summon a Monster Part",
    "extra_jack": "Extra Jack",
    "exchange": "Exchange a part",
    "attack": "Attack",
    "end_turn": "End turn",
    "block": "Block",
    "no_block": "Don't block",
    "reattack": "Re-attack",
    "stop": "Stop attacking",
    "discard": "Discard",
}


def _card(value: Any) -> str:
    return long_label(value) if isinstance(value, str) and value in CARD_SET else str(value)


def _zone_contents(state: DrumpState, seat: int, zone: int, own: bool) -> str:
    side = state.sides[seat]
    cards = side.zones[zone]
    if not cards:
        return "empty"
    shown = [label(c) for c, up in zip(cards, side.up[zone]) if up or own]
    hidden = len(cards) - len(shown)
    text = " ".join(shown)
    if hidden:
        text += f"{' + ' if shown else ''}{hidden} face down"
    return text


def _is_zone(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < ZONES


def describe_choice(state: DrumpState, player: int, key: str, value: Any) -> str:
    if key == "type":
        return TYPE_LABELS.get(value, str(value))
    if key in ("card", "part", "ace"):
        return _card(value)
    if key == "take":
        return "Draw from the deck" if value == "draw" else f"Take {_card(value)} from the drop zone"
    seat = state.seat_of(player)
    if key == "zone" and _is_zone(value) and seat >= 0:
        return f"Your zone {value + 1} ({_zone_contents(state, seat, value, True)})"
    if key == "target" and _is_zone(value) and seat >= 0:
        return f"Opponent's zone {value + 1} ({_zone_contents(state, 1 - seat, value, False)})"
    return str(value)


def describe_action(state: DrumpState, player: int, action: Mapping[str, Any]) -> str:
    kind = action.get("type")
    card = _card(action.get("card"))
    zone = action.get("zone")
    zone_no = zone + 1 if _is_zone(zone) else zone
    if kind == "place":
        return f"Place {card} in zone {zone_no}"
    if kind == "summon":
        return f"Summon {_card(action.get('part'))} from zone {zone_no}"
    if kind == "extra_jack":
        return f"Extra Jack: {_card(action.get('part'))}, discarding {_card(action.get('ace'))}"
    if kind == "exchange":
        take = action.get("take")
        got = "a draw" if take == "draw" else f"{_card(take)} from the drop zone"
        return f"Exchange {_card(action.get('part'))} for {got}"
    if kind == "attack":
        target = action.get("target")
        return f"Attack zone {target + 1 if _is_zone(target) else target} with {card}"
    if kind == "block":
        return f"Block with {card}"
    if kind == "reattack":
        return f"Re-attack with {card}"
    if kind == "discard":
        return f"Discard {card}"
    return TYPE_LABELS.get(kind, str(kind))


def _cards(cards: list[str]) -> str:
    return " ".join(label(c) for c in cards)


def describe_event(event: Mapping[str, Any], names: Mapping[int, str]) -> str:
    kind = event.get("type", "?")
    who = names.get(event.get("player"), f"Player {event.get('player')}")
    zone = event.get("zone")
    zone_no = zone + 1 if isinstance(zone, int) else zone
    if kind == "turn_start":
        extra = " (last turn: the first player holds DRUMP)" if event.get("last_turn") else ""
        return f"Turn {event.get('turn')}: {who}{extra}."
    if kind == "draw":
        why = {"turn": "", "attack": " for a successful attack", "block": " for a block",
               "exchange": " in an exchange"}.get(event.get("reason"), "")
        return f"{who} draws a card{why} ({event.get('deck')} left)."
    if kind == "drew":
        return f"You drew {long_label(event['card'])}."
    if kind == "deck_out":
        return f"{who} must draw but the deck is empty: the game ends."
    if kind == "place":
        what = label(event["card"]) if event.get("face_up") and event.get("card") else "a card face down"
        return f"{who} places {what} in zone {zone_no}."
    if kind == "summon":
        swap = f", replacing {long_label(event['replaced'])}" if event.get("replaced") else ""
        return (f"{who} summons {long_label(event['part'])} from zone {zone_no} "
                f"({_cards(event.get('cards', []))}){swap}.")
    if kind == "extra_jack":
        swap = f", replacing {long_label(event['replaced'])}" if event.get("replaced") else ""
        return f"{who} plays Extra Jack: {long_label(event['part'])}, discarding {label(event['ace'])}{swap}."
    if kind == "exchange":
        take = event.get("take")
        got = "draws a card" if take == "draw" else f"takes {long_label(take)} from the drop zone"
        return f"{who} exchanges {long_label(event['part'])} and {got}."
    if kind == "attack":
        again = "re-attacks" if event.get("reattack") else "attacks"
        return f"{who} {again} zone {zone_no} with {long_label(event['card'])}."
    if kind == "block":
        perfect = " (an Ace block ends the attack)" if event.get("ace") else ""
        return f"{who} blocks {label(event['blocked'])} with {long_label(event['card'])}{perfect}."
    if kind == "no_block":
        return f"{who} does not block."
    if kind == "reveal":
        return f"Zone {zone_no} is turned face up: {_cards(event.get('cards', []))}."
    if kind == "attack_success":
        return f"The attack reaches {event.get('total')}: zone {zone_no} is cleared ({_cards(event.get('cards', []))})."
    if kind == "attack_fail":
        return (f"The attack only reaches {event.get('total')}: {label(event['card'])} stays in zone {zone_no}, "
                "face up.")
    if kind == "attack_end":
        return f"{who} stops attacking." if event.get("reason") == "stop" else "The attack is over."
    if kind == "trim":
        return f"{who} must discard {event.get('count')} card(s) down to 5."
    if kind == "discard":
        return f"{who} discards {long_label(event['card'])}."
    if kind == "end_turn":
        return f"{who} ends the turn."
    if kind == "drump":
        follow = {"last_turn": " The second player gets one last turn.",
                  "compare": " Both hold DRUMP: the sets are compared when this turn ends.",
                  "win": ""}.get(event.get("next"), "")
        return f"**DRUMP!** {who} completes a {event.get('set')}.{follow}"
    if kind == "game_over":
        winners = event.get("winners") or []
        head = (", ".join(names.get(w, f"Player {w}") for w in winners) + " wins") if winners else "A draw"
        return f"**{head}.** {event.get('summary', '')}"
    return str(kind)


RULES = """\
**DRUMP** (2 players, one 52-card deck, no Jokers)
**Cards.** A-9 are Force Cards; 10 Chimera, J Hydra, Q Pegasus, K Dragon are Monster Parts. The suit gives \
the part: \u2660 Head, \u2665 Body, \u2663 Tail, \u2666 Wings. Force sums: K 13, Q 12, J 11, 10 10. \
Part scores: K 13, Q 12, J 5, 10 10.
**Setup.** A seeded coin flip picks the first player; players draw alternately to 5. Every turn starts with a draw.
**Your turn**, in any order:
\u2022 Place one Force Card in each of your 4 Force Zones at most (one per zone per turn). The first card \
in an empty zone is face up, later ones face down (you still see them).
\u2022 Summon (once per turn): a zone of 2+ cards adding up exactly to a part's force sum (each Ace 1 or 11) \
sends its cards to the drop zone and puts that part from your hand in its slot. A part already there \
is replaced and dropped.
\u2022 Extra Jack: discard an Ace from hand to place a Jack part from hand (also after a summon).
\u2022 Exchange (twice per turn): drop a part from hand, then draw a card or take another part from the drop zone.
\u2022 Attack (once per turn): send a Force Card at a non-empty opposing zone.
\u2022 End turn, discarding down to 5 cards.
**Attacks.** The defender may block with a Monster Part or an Ace before anything is revealed: both \
cards are dropped and the defender draws. The attacker may then re-attack the same zone with a \
higher card (parts count their force sums) or stop. An Ace block ends the attack; an Ace re-attack \
cannot be blocked. Unblocked: the zone turns face up; if it plus the attack card reaches 14 (Aces 1 \
or 11) everything is dropped and the attacker draws; otherwise the attack card stays there face up \
and counts for the zone's owner.
**Winning.** DRUMP = all four parts. A second-player DRUMP wins at once; a first-player DRUMP gives \
the second player one last turn. Both with DRUMP: a full set beats a mixed one, full sets rank \
Dragon > Pegasus > Hydra > Chimera, mixed sets compare part scores (equal: draw). A draw from an \
empty deck ends the game: a DRUMP beats no DRUMP, otherwise the higher part score wins (equal: draw).
**Rulings this table uses**
\u2022 Exchanges cannot draw from an empty deck; take a part from the drop zone instead.
\u2022 Extra Jack has no per-turn limit and may replace a part, like a summon.
\u2022 Blocks may use an Ace (a perfect block). The block window always opens, whatever the defender holds.
\u2022 An Ace re-attack is allowed after any block; a blocked Ace counts 1 as the value to beat.
\u2022 A failed attack card (even a part) stays in the zone and counts its value there.
\u2022 In the last turn, the sets are compared when that turn ends, so the second player may still improve.
\u2022 A zone's placement limit holds for the whole turn, even if the zone is emptied.
\u2022 Timeouts: no block; stop attacking; end the turn; discard the lowest card (2 low, Ace high)."""


#: The question of each action parameter, by action type (``None``: any type).
_QUESTIONS: dict[tuple[str | None, str], str] = {
    ("place", "card"): "Which Force Card do you place?",
    ("place", "zone"): "Place it in which of your zones?",
    ("summon", "part"): "Which Monster Part do you summon?",
    ("summon", "zone"): "Summon from which of your zones?",
    ("extra_jack", "part"): "Extra Jack: which Jack do you place?",
    ("extra_jack", "ace"): "Which Ace do you discard for it?",
    ("exchange", "part"): "Which part from your hand do you give up?",
    ("exchange", "take"): "Draw a card, or take a part from the drop zone?",
    ("attack", "target"): "Attack which of the opponent's zones?",
    ("attack", "card"): "Attack with which card?",
    ("block", "card"): "Block with which card?",
    ("reattack", "card"): "Re-attack with which card?",
    ("discard", "card"): "Which card do you discard?",
    (None, "card"): "Which card?",
    (None, "zone"): "Which zone?",
    (None, "part"): "Which part?",
}


def describe_question(state: DrumpState, player: int, key: str | None, chosen: Any) -> str:
    """The question a picker step asks (name-free: the engine knows no names)."""
    if key in (None, "type"):
        if state.phase == BLOCK and state.attack_zone >= 0:
            return f"Your zone {state.attack_zone + 1} is attacked with {label(state.attack_card)}: block?"
        if state.phase == REATTACK and state.attack_zone >= 0:
            return f"You were blocked: re-attack zone {state.attack_zone + 1}, or stop?"
        if state.phase == DISCARD:
            seat = state.seat_of(player)
            held = len(state.sides[seat].hand) if seat >= 0 else 0
            return f"You hold {held} cards: discard down to 5."
        if state.drump_pending:
            return "Your last turn: what do you do?"
        return "Your turn: what do you do?"
    kind = next((v for k, v in chosen if k == "type"), None)
    return _QUESTIONS.get((kind, key)) or _QUESTIONS.get((None, key)) or f"Choose {key.replace('_', ' ')}:"
