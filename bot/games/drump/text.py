"""Player-facing text: action and choice labels, the move log, the rules page.

Zones are numbered 1-4 for people (0-3 in actions). Labels never reveal more
than the player asking may know: a choice label for an opponent's zone shows
its face-up cards only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from bot.games.drump.cards import CARD_SET, ZONES, label, long_label
from bot.games.drump.outcome import set_label, summary_text
from bot.games.drump.state import BLOCK, DISCARD, REATTACK, DrumpState
from bot.kernel.i18n import N_, step_question, t, tn, translate

TYPE_LABELS = {
    "place": N_("Place a Force Card"),
    "summon": N_("Summon a Monster Part"),
    "extra_jack": N_("Extra Jack"),
    "exchange": N_("Exchange a part"),
    "attack": N_("Attack"),
    "end_turn": N_("End turn"),
    "block": N_("Block"),
    "no_block": N_("Don't block"),
    "reattack": N_("Re-attack"),
    "stop": N_("Stop attacking"),
    "discard": N_("Discard"),
}


def type_label(kind: Any) -> str:
    """The button label of an action type (the raw type if it is unknown)."""
    return translate(TYPE_LABELS[kind]) if isinstance(kind, str) and kind in TYPE_LABELS else str(kind)


def player_name(names: Mapping[Any, str], pid: Any) -> str:
    """A player's display name, or "Player <id>" for someone missing from ``names``."""
    return names[pid] if pid in names else t("Player {player}", player=pid)


def _card(value: Any) -> str:
    return long_label(value) if isinstance(value, str) and value in CARD_SET else str(value)


def _zone_contents(state: DrumpState, seat: int, zone: int, own: bool) -> str:
    side = state.sides[seat]
    cards = side.zones[zone]
    if not cards:
        return t("empty")
    shown = [label(c) for c, up in zip(cards, side.up[zone], strict=True) if up or own]
    hidden = len(cards) - len(shown)
    text = " ".join(shown)
    if hidden and shown:
        return tn("{cards} + {n} face down", "{cards} + {n} face down", hidden, cards=text)
    if hidden:
        return tn("{n} face down", "{n} face down", hidden)
    return text


def _is_zone(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < ZONES


def describe_choice(state: DrumpState, player: int, key: str, value: Any) -> str:
    if key == "type":
        return type_label(value)
    if key in ("card", "part", "ace"):
        return _card(value)
    if key == "take":
        return t("Draw from the deck") if value == "draw" else t("Take {card} from the drop zone", card=_card(value))
    seat = state.seat_of(player)
    if key == "zone" and _is_zone(value) and seat >= 0:
        return t("Your zone {zone} ({contents})", zone=value + 1, contents=_zone_contents(state, seat, value, True))
    if key == "target" and _is_zone(value) and seat >= 0:
        return t(
            "Opponent's zone {zone} ({contents})",
            zone=value + 1,
            contents=_zone_contents(state, 1 - seat, value, False),
        )
    return str(value)


def describe_action(state: DrumpState, player: int, action: Mapping[str, Any]) -> str:
    kind = action.get("type")
    card = _card(action.get("card"))
    zone = action.get("zone")
    zone_no = zone + 1 if _is_zone(zone) else zone
    if kind == "place":
        return t("Place {card} in zone {zone}", card=card, zone=zone_no)
    if kind == "summon":
        return t("Summon {part} from zone {zone}", part=_card(action.get("part")), zone=zone_no)
    if kind == "extra_jack":
        return t("Extra Jack: {part}, discarding {ace}", part=_card(action.get("part")), ace=_card(action.get("ace")))
    if kind == "exchange":
        take = action.get("take")
        part = _card(action.get("part"))
        if take == "draw":
            return t("Exchange {part} for a draw", part=part)
        return t("Exchange {part} for {card} from the drop zone", part=part, card=_card(take))
    if kind == "attack":
        target = action.get("target")
        return t("Attack zone {zone} with {card}", zone=target + 1 if _is_zone(target) else target, card=card)
    if kind == "block":
        return t("Block with {card}", card=card)
    if kind == "reattack":
        return t("Re-attack with {card}", card=card)
    if kind == "discard":
        return t("Discard {card}", card=card)
    return type_label(kind)


def _cards(cards: list[str]) -> str:
    return " ".join(label(c) for c in cards)


def describe_event(event: Mapping[str, Any], names: Mapping[int, str]) -> str:
    kind = event.get("type", "?")
    who = player_name(names, event.get("player"))
    zone = event.get("zone")
    zone_no = zone + 1 if isinstance(zone, int) else zone
    params: dict[str, Any]  # the parameters some lines share
    if kind == "turn_start":
        if event.get("last_turn"):
            return t(
                "Turn {turn}: {player} (last turn: the first player holds DRUMP).", turn=event.get("turn"), player=who
            )
        return t("Turn {turn}: {player}.", turn=event.get("turn"), player=who)
    if kind == "draw":
        reason, deck = event.get("reason"), event.get("deck")
        if reason == "attack":
            return t("{player} draws a card for a successful attack ({deck} left).", player=who, deck=deck)
        if reason == "block":
            return t("{player} draws a card for a block ({deck} left).", player=who, deck=deck)
        if reason == "exchange":
            return t("{player} draws a card in an exchange ({deck} left).", player=who, deck=deck)
        return t("{player} draws a card ({deck} left).", player=who, deck=deck)
    if kind == "drew":
        return t("You drew {card}.", card=long_label(event["card"]))
    if kind == "deck_out":
        return t("{player} must draw but the deck is empty: the game ends.", player=who)
    if kind == "place":
        if event.get("face_up") and event.get("card"):
            return t("{player} places {card} in zone {zone}.", player=who, card=label(event["card"]), zone=zone_no)
        return t("{player} places a card face down in zone {zone}.", player=who, zone=zone_no)
    if kind == "summon":
        params = {
            "player": who,
            "part": long_label(event["part"]),
            "zone": zone_no,
            "cards": _cards(event.get("cards", [])),
        }
        if event.get("replaced"):
            return t(
                "{player} summons {part} from zone {zone} ({cards}), replacing {replaced}.",
                replaced=long_label(event["replaced"]),
                **params,
            )
        return t("{player} summons {part} from zone {zone} ({cards}).", **params)
    if kind == "extra_jack":
        params = {"player": who, "part": long_label(event["part"]), "ace": label(event["ace"])}
        if event.get("replaced"):
            return t(
                "{player} plays Extra Jack: {part}, discarding {ace}, replacing {replaced}.",
                replaced=long_label(event["replaced"]),
                **params,
            )
        return t("{player} plays Extra Jack: {part}, discarding {ace}.", **params)
    if kind == "exchange":
        take = event["take"]
        part = long_label(event["part"])
        if take == "draw":
            return t("{player} exchanges {part} and draws a card.", player=who, part=part)
        return t(
            "{player} exchanges {part} and takes {card} from the drop zone.",
            player=who,
            part=part,
            card=long_label(take),
        )
    if kind == "attack":
        params = {"player": who, "zone": zone_no, "card": long_label(event["card"])}
        if event.get("reattack"):
            return t("{player} re-attacks zone {zone} with {card}.", **params)
        return t("{player} attacks zone {zone} with {card}.", **params)
    if kind == "block":
        params = {"player": who, "blocked": label(event["blocked"]), "card": long_label(event["card"])}
        if event.get("ace"):
            return t("{player} blocks {blocked} with {card} (an Ace block ends the attack).", **params)
        return t("{player} blocks {blocked} with {card}.", **params)
    if kind == "no_block":
        return t("{player} does not block.", player=who)
    if kind == "reveal":
        return t("Zone {zone} is turned face up: {cards}.", zone=zone_no, cards=_cards(event.get("cards", [])))
    if kind == "attack_success":
        return t(
            "The attack reaches {total}: zone {zone} is cleared ({cards}).",
            total=event.get("total"),
            zone=zone_no,
            cards=_cards(event.get("cards", [])),
        )
    if kind == "attack_fail":
        return t(
            "The attack only reaches {total}: {card} stays in zone {zone}, face up.",
            total=event.get("total"),
            card=label(event["card"]),
            zone=zone_no,
        )
    if kind == "attack_end":
        return t("{player} stops attacking.", player=who) if event.get("reason") == "stop" else t("The attack is over.")
    if kind == "trim":
        return tn(
            "{player} must discard {n} card down to 5.",
            "{player} must discard {n} cards down to 5.",
            event["count"],
            player=who,
        )
    if kind == "discard":
        return t("{player} discards {card}.", player=who, card=long_label(event["card"]))
    if kind == "end_turn":
        return t("{player} ends the turn.", player=who)
    if kind == "drump":
        params = {"player": who, "set": set_label(event.get("set"))}
        follow = event.get("next")
        if follow == "last_turn":
            return t("**DRUMP!** {player} completes a {set}. The second player gets one last turn.", **params)
        if follow == "compare":
            return t(
                "**DRUMP!** {player} completes a {set}. Both hold DRUMP: the sets are compared when this turn ends.",
                **params,
            )
        return t("**DRUMP!** {player} completes a {set}.", **params)
    if kind == "game_over":
        summary = summary_text(event.get("why")) or event.get("summary", "")  # "why": told in the reader's language
        return result_line(event.get("winners") or [], summary, names)
    return str(kind)


def result_line(winners: list[Any], summary: str, names: Mapping[Any, str]) -> str:
    """ "**Ana wins.** <summary>" (or "**A draw.**"), for the log and the view."""
    if not winners:
        return t("**A draw.** {summary}", summary=summary)
    return tn(
        "**{players} wins.** {summary}",
        "**{players} win.** {summary}",
        len(winners),
        players=", ".join(player_name(names, w) for w in winners),
        summary=summary,
    )


#: The rules page, one paragraph (one line) per text.
RULES: tuple[str, ...] = (
    N_("**DRUMP** (2 players, one 52-card deck, no Jokers)"),
    N_(
        "**Cards.** A-9 are Force Cards; 10 Chimera, J Hydra, Q Pegasus, K Dragon are Monster Parts. The "
        "suit gives the part: ♠ Head, ♥ Body, ♣ Tail, ♦ Wings. Force sums: K 13, Q 12, J 11, 10 10. Part "
        "scores: K 13, Q 12, J 5, 10 10."
    ),
    N_(
        "**Setup.** A seeded coin flip picks the first player; players draw alternately to 5. Every turn "
        "starts with a draw."
    ),
    N_("**Your turn**, in any order:"),
    N_(
        "• Place one Force Card in each of your 4 Force Zones at most (one per zone per turn). The first "
        "card in an empty zone is face up, later ones face down (you still see them)."
    ),
    N_(
        "• Summon (once per turn): a zone of 2+ cards adding up exactly to a part's force sum (each Ace "
        "1 or 11) sends its cards to the drop zone and puts that part from your hand in its slot. A part "
        "already there is replaced and dropped."
    ),
    N_("• Extra Jack: discard an Ace from hand to place a Jack part from hand (also after a summon)."),
    N_("• Exchange (twice per turn): drop a part from hand, then draw a card or take another part from the drop zone."),
    N_("• Attack (once per turn): send a Force Card at a non-empty opposing zone."),
    N_("• End turn, discarding down to 5 cards."),
    N_(
        "**Attacks.** The defender may block with a Monster Part or an Ace before anything is revealed: "
        "both cards are dropped and the defender draws. The attacker may then re-attack the same zone "
        "with a higher card (parts count their force sums) or stop. An Ace block ends the attack; an Ace "
        "re-attack cannot be blocked. Unblocked: the zone turns face up; if it plus the attack card "
        "reaches 14 (Aces 1 or 11) everything is dropped and the attacker draws; otherwise the attack "
        "card stays there face up and counts for the zone's owner."
    ),
    N_(
        "**Winning.** DRUMP = all four parts. A second-player DRUMP wins at once; a first-player DRUMP "
        "gives the second player one last turn. Both with DRUMP: a full set beats a mixed one, full sets "
        "rank Dragon > Pegasus > Hydra > Chimera, mixed sets compare part scores (equal: draw). A draw "
        "from an empty deck ends the game: a DRUMP beats no DRUMP, otherwise the higher part score wins "
        "(equal: draw)."
    ),
    N_("**Rulings this table uses**"),
    N_("• Exchanges cannot draw from an empty deck; take a part from the drop zone instead."),
    N_("• Extra Jack has no per-turn limit and may replace a part, like a summon."),
    N_("• Blocks may use an Ace (a perfect block). The block window always opens, whatever the defender holds."),
    N_("• An Ace re-attack is allowed after any block; a blocked Ace counts 1 as the value to beat."),
    N_("• A failed attack card (even a part) stays in the zone and counts its value there."),
    N_("• In the last turn, the sets are compared when that turn ends, so the second player may still improve."),
    N_("• A zone's placement limit holds for the whole turn, even if the zone is emptied."),
    N_("• Timeouts: no block; stop attacking; end the turn; discard the lowest card (2 low, Ace high)."),
)


def rules() -> str:
    """The rules page in the reader's language."""
    return "\n".join(translate(paragraph) for paragraph in RULES)


#: The question of each action parameter, by action type (``None``: any type).
_QUESTIONS: dict[tuple[str | None, str], str] = {
    ("place", "card"): N_("Which Force Card do you place?"),
    ("place", "zone"): N_("Place it in which of your zones?"),
    ("summon", "part"): N_("Which Monster Part do you summon?"),
    ("summon", "zone"): N_("Summon from which of your zones?"),
    ("extra_jack", "part"): N_("Extra Jack: which Jack do you place?"),
    ("extra_jack", "ace"): N_("Which Ace do you discard for it?"),
    ("exchange", "part"): N_("Which part from your hand do you give up?"),
    ("exchange", "take"): N_("Draw a card, or take a part from the drop zone?"),
    ("attack", "target"): N_("Attack which of the opponent's zones?"),
    ("attack", "card"): N_("Attack with which card?"),
    ("block", "card"): N_("Block with which card?"),
    ("reattack", "card"): N_("Re-attack with which card?"),
    ("discard", "card"): N_("Which card do you discard?"),
    (None, "card"): N_("Which card?"),
    (None, "zone"): N_("Which zone?"),
    (None, "part"): N_("Which part?"),
}


def describe_question(
    state: DrumpState, player: int, key: str | None, chosen: Any, names: Mapping[int, str] | None = None
) -> str:
    """The question a picker step asks (name-free: a duel's questions say "you" and "your")."""
    if key in (None, "type"):
        if state.phase == BLOCK and state.attack_zone >= 0:
            return t(
                "Your zone {zone} is attacked with {card}: block?",
                zone=state.attack_zone + 1,
                card=label(state.attack_card),
            )
        if state.phase == REATTACK and state.attack_zone >= 0:
            return t("You were blocked: re-attack zone {zone}, or stop?", zone=state.attack_zone + 1)
        if state.phase == DISCARD:
            seat = state.seat_of(player)
            held = len(state.sides[seat].hand) if seat >= 0 else 0
            return tn("You hold {n} cards: discard down to 5.", "You hold {n} cards: discard down to 5.", held)
        if state.drump_pending:
            return t("Your last turn: what do you do?")
        return t("Your turn: what do you do?")
    return step_question(_QUESTIONS, key, chosen)
