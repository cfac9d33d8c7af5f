"""Words for people: action and choice labels, one log line per event, and the rules page."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.kernel.contract import Action, Event
from bot.kernel.i18n import N_, step_question, t, tn, translate

from . import bargain_text, board, negotiation
from .cards import AJIAN_NAMES, ANY, load_cards
from .flow import fitting_cards, line_end
from .state import GocengState
from .view import card_info, card_text, character_name, fist_text, knows_character, player_name


def _seat(state: GocengState, viewer: int, player: Any) -> str:
    """A player as the picker can name them without a name table: seat, plus the character if known."""
    if player not in state.players:
        return str(player)
    seat = state.players.index(player) + 1
    if knows_character(state, viewer, player):
        return t("Seat {seat} ({character})", seat=seat, character=character_name(state.characters[player]))
    return t("Seat {seat}", seat=seat)


#: Button labels of the action types.
TYPE_LABELS = {
    "challenge": N_("Challenge"),
    "reconcile": N_("Reconcile (pay 2 silver)"),
    "fight": N_("Fight"),
    "play": N_("Play a card"),
    "ask_help": N_("Ask for Extra Power"),
    "give_up": N_("Give up this battle"),
    "offer": N_("Offer a card"),
    "stand": N_("Leave my offer"),
    "withdraw": N_("Withdraw my offer"),
    "decline": N_("Decline to help"),
    "take_counter": N_("Sell at the counter-offer"),
    "refuse_counter": N_("Refuse the counter-offer"),
    "accept": N_("Accept an offer"),
    "counter": N_("Counter an offer"),
    "no_help": N_("Take no offer"),
    "peek": N_("Look at a character"),
    "kasbon": N_("Take a card (Kasbon)"),
}


def describe_choice(state: GocengState, player: int, key: str, value: Any) -> str:
    """A picker's label for one value: a label of its own, so a card's colour words start capitalised."""
    return _choice(state, player, key, value, capital=True)


def _choice(state: GocengState, player: int, key: str, value: Any, *, capital: bool = False) -> str:
    """One value in words; ``capital``: as a label of its own (else within a sentence)."""
    if key == "type":
        label = bargain_text.type_label(state, player, value) if isinstance(value, str) else None
        if label:
            return label
        return translate(TYPE_LABELS[value]) if isinstance(value, str) and value in TYPE_LABELS else str(value)
    if key == "card" and value in load_cards().skills:
        return card_text(card_info(value), named=True, plain=True, capital=capital)
    if key == "price":
        return tn("{n} silver", "{n} silver", value) if isinstance(value, int) else t("{price} silver", price=value)
    if key in ("target", "helper"):
        label = _seat(state, player, value)
        if key == "helper" and state.battle and state.battle.window:
            for o in state.battle.window.stack:
                if o["player"] == value:
                    label = tn(
                        "{helper}: {card} for {n} silver",
                        "{helper}: {card} for {n} silver",
                        o["price"],
                        helper=label,
                        card=card_text(card_info(o["card"]), plain=True),
                    )
        return label
    return str(value)


def describe_action(state: GocengState, player: int, action: Action) -> str:
    kind = action.get("type")
    head = describe_choice(state, player, "type", kind)
    params = [_choice(state, player, k, v) for k, v in action.items() if k != "type"]
    if kind == "offer" and len(params) == 2:
        if state.battle is not None and negotiation.standing(state, player) is not None:
            return t("Change my offer to {card} for {price}", card=params[0], price=params[1])[:100]
        return t("Offer {card} for {price}", card=params[0], price=params[1])[:100]
    if kind == "counter" and len(params) == 2:
        return t("Counter {helper}: {price}", helper=params[0], price=params[1])[:100]
    return (t("{action}: {details}", action=head, details=", ".join(params)) if params else head)[:100]


def _fists(card: str) -> str:
    return card_text(card_info(card), named=True) if card in load_cards().skills else str(card)


def describe_event(event: Event, names: Mapping[int, str]) -> str:
    def n(key: str) -> str:
        return player_name(names, event.get(key))

    kind = event.get("type")
    bargain = bargain_text.describe_event(event, names)
    if bargain is not None:
        return bargain
    if kind == "challenge":
        return t("{player} challenges {target}.", player=n("player"), target=n("target"))
    if kind == "reconcile":
        return tn(
            "{player} reconciles, paying {n} silver to {to}.",
            "{player} reconciles, paying {n} silver to {to}.",
            event["amount"],
            player=n("player"),
            to=n("to"),
        )
    if kind == "all_reconciled":
        return t("Everyone reconciled with {player}.", player=n("player"))
    if kind == "fight":
        return t("{player} fights {against}!", player=n("player"), against=n("against"))
    if kind == "punch":
        owed = event.get("owed", 1)
        if owed > 1:
            return tn(
                "👊 {player} must connect {n} card.",
                "👊 {player} must connect {n} cards.",
                owed,
                player=n("player"),
            )
        return t("{player} holds the punch token.", player=n("player"))
    if kind == "play":
        return t("{player} plays {card}.", player=n("player"), card=_fists(event["card"]))
    if kind == "tapak":
        if event.get("discarded"):
            return t(
                "{player}'s Tapak Bayangan: {target} loses {card}.",
                player=n("player"),
                target=n("target"),
                card=_fists(event["discarded"]),
            )
        return t(
            "{player}'s Tapak Bayangan: {target}'s line is empty.",
            player=n("player"),
            target=n("target"),
        )
    if kind == "thi_tjhi_ie":
        return t("Thi Tjhi Ie: {player} draws an extra card.", player=n("player"))
    if kind == "kasbon_played":
        return t("{player} uses Kasbon.", player=n("player"))
    if kind == "sukma_played":
        return t("{player} uses Mata Menembus Sukma.", player=n("player"))
    if kind == "no_target":
        return t("{player}'s Ajian finds nobody to work on.", player=n("player"))
    if kind == "kasbon":
        return t("{player} takes a random card from {target}'s hand.", player=n("player"), target=n("target"))
    if kind == "kasbon_card":
        return t(
            "Kasbon: {player} took {card} from {target}.",
            player=n("player"),
            card=_fists(event["card"]),
            target=n("target"),
        )
    if kind == "peek":
        return t("{player} looks at {target}'s character.", player=n("player"), target=n("target"))
    if kind == "peeked":
        return t(
            "👁️ Only you saw it: {target} is {character} ({objective})",
            target=n("target"),
            character=character_name(event["character"]),
            objective=board.objective(event["character"]),
        )
    if kind == "draw":
        return tn("{player} draws {n} card.", "{player} draws {n} cards.", event["count"], player=n("player"))
    if kind == "drew":
        return t("You drew {cards}.", cards=", ".join(_fists(c) for c in event["cards"]))
    if kind == "reshuffle":
        return tn(
            "The discard pile is shuffled into a new deck ({n} card).",
            "The discard pile is shuffled into a new deck ({n} cards).",
            event["count"],
        )
    if kind == "give_up":
        return t("{player} cannot connect and gives up.", player=n("player"))
    if kind == "battle_lost":
        return tn(
            "{player} loses the battle: {n} stamina left.",
            "{player} loses the battle: {n} stamina left.",
            event["stamina"],
            player=n("player"),
        )
    if kind == "reveal":
        return t(
            "🎭 {player} is down to 1 stamina and reveals {character}: {objective}",
            player=n("player"),
            character=character_name(event["character"]),
            objective=board.objective(event["character"]),
        )
    if kind == "turn":
        return t("Turn {turn}: {player}'s turn.", turn=event["turn"], player=n("player"))
    if kind == "game_over":
        return game_over_line(event.get("loser"), event["winners"], names)
    return str(kind)


def game_over_line(loser: Any, winners: list[Any], names: Mapping[int, str]) -> str:
    """The last line of the log: who ran out of stamina and who won."""
    if not winners:
        return t(
            "Game over: {loser} is out of stamina. No winner: nobody's objective holds.",
            loser=player_name(names, loser),
        )
    return tn(
        "Game over: {loser} is out of stamina. Winners: {winners}.",
        "Game over: {loser} is out of stamina. Winners: {winners}.",
        len(winners),
        loser=player_name(names, loser),
        winners=", ".join(player_name(names, p) for p in winners),
    )


#: The rules page, one paragraph (one line) per text; {sukma} is the Ajian's name.
RULES: tuple[str, ...] = (
    N_("**Mat Goceng**: 3 to 6 players, hidden roles."),
    N_(
        "**Setup.** Characters by player count (3: Mat Goceng, Nyi Kencleng, Rijkaard Cere; 4 adds Wan "
        "Fulus; 5 adds Bang Codet; 6 adds Baba Amsyong) are dealt secretly. {sukma} is used 0/1/2 times "
        "with 3/4-5/6 players. Everyone gets 5 skill cards, 3 stamina and 1 gold + 2 silver (gold = 3 "
        "silver). The first player is drawn at random."
    ),
    N_(
        "**Challenge.** On your turn you must challenge a player you have not challenged this turn. They "
        "reconcile by paying you 2 silver (a gold makes change) or fight; a player with less than 2 "
        "silver must fight. If everyone reconciles you draw to 5 cards and your turn ends."
    ),
    N_(
        "**Battle.** You play first. Each battler builds their own line: a card's top fist must match "
        "the bottom fist of the last card of your line (your first card is free; ⭐ special fists match "
        "every colour). After a card the punch token passes. Whoever cannot add a card on their turn, "
        "with or without Extra Power, loses 1 stamina. Both battlers then draw to 5 (helpers do not) and "
        "the turn passes clockwise."
    ),
    N_(
        "**Extra Power.** On your battle turn you may ask for help once per card you owe. Everyone "
        "outside the battle is asked privately. A helper offers a fitting card from their hand at any "
        "whole price from 0 up to what you can pay, and may change or withdraw it until you decide. Everyone "
        "sees who offers and at what price; only you and the helper see the card. You accept one offer "
        "(you pay the helper, the card joins your line), answer one with a lower price of your own "
        "(the helper sells at it or refuses), or take none at any time, before any offer arrives too, and "
        "play on alone or lose. When the window's "
        "time runs out, no offer is taken. An Ajian card given as Extra Power works for the helper."
    ),
    N_(
        "**Ajian.** *Mata Menembus Sukma*: look at another player's character. *Tapak Bayangan*: the "
        "opponent of the line it joins discards their line's last card and must connect 2 cards before "
        "the token returns (one more for each further Tapak Bayangan before their turn). *Thi Tjhi Ie*: "
        "draw 1 card. *Kasbon*: take a random card from the hand of a player you choose outside the "
        "battle."
    ),
    N_("**Stamina.** At 1 stamina your character is revealed. The game ends when a player reaches 0."),
    N_(
        "**Winners.** Every surviving player whose objective holds: Mat Goceng if Nyi Kencleng survives; "
        "Nyi Kencleng and Wan Fulus if they have the most coins (ties all count); Rijkaard Cere if Nyi "
        "Kencleng falls; Bang Codet if Mat Goceng or Baba Amsyong falls; Baba Amsyong if Rijkaard Cere "
        "or Bang Codet falls, whoever dealt the blow."
    ),
    N_(
        "**Rulings used.** Coins are counted in silver; a gold always makes change. Characters are "
        "secret until 1 stamina (or the end), except to a player who looked with Mata Menembus Sukma. "
        "Extra Power is a negotiation: any non-battler may offer, revise or withdraw; the battler accepts "
        "one offer, counters one with a lower price, or takes none. The helper's Ajian effect goes to "
        "the helper. \"Richest\" compares every player's coins at the end, the defeated player's "
        "included. When no objective holds, there is no winner (not a draw)."
    ),
    N_(
        "**Project rulings** (the rulebook is silent): an empty deck is refilled by shuffling the "
        "discard pile; a battler who can still connect may not give up; Tapak Bayangan against an empty "
        "line discards nothing and asks for only 1 card, and every card it discards asks for one "
        "replacement; a Mata Menembus Sukma or Kasbon with a single possible target picks it "
        "automatically; an offer must fit the battler's line; prices are up to five steps from 0 to the "
        "battler's coins, and a counter up to five steps below the asked price; a counter taken closes "
        "the deal; the first player is drawn at random; at "
        "the end every character is shown."
    ),
)


def rules() -> str:
    """The rules page in the reader's language."""
    sukma = AJIAN_NAMES["mata_menembus_sukma"]
    return "".join(translate(paragraph, sukma=sukma) + "\n" for paragraph in RULES)


#: The question of each action parameter, by action type (``None``: any type).
_QUESTIONS: dict[tuple[str | None, str], str] = {
    ("challenge", "target"): N_("Challenge whom?"),
    ("play", "card"): N_("Which card do you play on your line?"),
    ("offer", "card"): N_("Which card do you offer?"),
    ("offer", "price"): N_("For how much silver?"),
    ("accept", "helper"): N_("Which helper's offer do you accept?"),
    ("peek", "target"): N_("Whose character do you look at?"),
    ("kasbon", "target"): N_("Kasbon: whom do you take a card from?"),
    (None, "target"): N_("Which player?"),
    (None, "card"): N_("Which card?"),
    (None, "price"): N_("For how much silver?"),
    (None, "helper"): N_("Which helper?"),
}


#: The negotiation's own questions first.
_ALL_QUESTIONS = {**_QUESTIONS, **bargain_text.QUESTIONS}


def _first_question(state: GocengState, player: int, names: Mapping[int, str]) -> str:
    if state.pending is not None and state.pending.player == player:
        if state.pending.kind == "peek":
            return t("Mata Menembus Sukma: whose character do you see?")
        return t("Kasbon: whom do you take a card from?")
    if state.phase == "challenge":
        return t("Your turn: whom do you challenge?")
    if state.phase == "respond":
        return t("You are challenged: reconcile (2 silver) or fight?")
    battle = state.battle
    if battle is None:
        return t("What do you do?")
    if battle.window is not None:
        return bargain_text.first_question(state, player, names)
    if player == battle.holder:
        return _battle_question(state, player, names)
    return t("You hold the punch token: what do you do?")


def _battle_question(state: GocengState, player: int, names: Mapping[int, str]) -> str:
    """The battler's move in one line: against whom, and the top fist their line asks for (the rulings: a
    card follows the bottom fist of the battler's own line). It is the first line of their prompt, so a
    notification says what is being decided."""
    battle = state.battle
    assert battle is not None
    opponent = player_name(names, battle.opponent(player))
    end = line_end(battle, player)
    owed = battle.owed.get(player, 1)
    if owed > 1:
        if end is None:
            return tn(
                "Your move in the battle against {opponent}: connect {n} card, any first card fits.",
                "Your move in the battle against {opponent}: connect {n} cards, any first card fits.",
                owed,
                opponent=opponent,
            )
        return tn(
            "Your move in the battle against {opponent}: connect {n} card, the next with a {fist} top fist.",
            "Your move in the battle against {opponent}: connect {n} cards, the next with a {fist} top fist.",
            owed,
            opponent=opponent,
            fist=fist_text(end),
        )
    if end is None:
        return t("Your move in the battle against {opponent}: play your first card, any card fits.", opponent=opponent)
    if end == ANY:
        return t("Your move in the battle against {opponent}: your line ends in ⭐, any card fits.", opponent=opponent)
    if not fitting_cards(state, battle, player, player):
        return t(
            "Your move in the battle against {opponent}: none of your cards has a {fist} top fist.",
            opponent=opponent,
            fist=fist_text(end),
        )
    return t(
        "Your move in the battle against {opponent}: play a card with a {fist} top fist.",
        opponent=opponent,
        fist=fist_text(end),
    )


def describe_question(
    state: GocengState, player: int, key: str | None, chosen: Any, names: Mapping[int, str] | None = None
) -> str:
    """The question a picker step asks; ``names`` (from the platform) name the players it is about."""
    if key in (None, "type"):
        return _first_question(state, player, names or {})
    return step_question(_ALL_QUESTIONS, key, chosen)
