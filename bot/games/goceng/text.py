"""Words for people: action and choice labels, one log line per event, and the rules page."""

from __future__ import annotations

from typing import Any, Mapping

from bot.engine import Action, Event

from .cards import AJIAN_NAMES, load_cards
from .state import GocengState
from .views import card_info, card_text, character_name, knows_character


def _seat(state: GocengState, viewer: int, player: Any) -> str:
    """A player as the picker can name them without a name table: seat, plus the character if known."""
    if player not in state.players:
        return str(player)
    label = f"Seat {state.players.index(player) + 1}"
    if knows_character(state, viewer, player):
        label += f" ({character_name(state.characters[player])})"
    return label


def describe_choice(state: GocengState, player: int, key: str, value: Any) -> str:
    if key == "type":
        return {
            "challenge": "Challenge", "reconcile": "Reconcile (pay 2 silver)", "fight": "Fight",
            "play": "Play a card", "ask_help": "Ask for Extra Power", "give_up": "Give up this battle",
            "offer": "Offer a card", "keep_offer": "Keep my offer (final)", "withdraw": "Withdraw my offer",
            "decline": "Decline to help",
            "accept": "Accept an offer", "no_help": "Take no offer",
            "peek": "Look at a character", "kasbon": "Take a card (Kasbon)",
        }.get(value, str(value))
    if key == "card" and value in load_cards().skills:
        return card_text(card_info(value))
    if key == "price":
        return f"{value} silver"
    if key in ("target", "helper"):
        label = _seat(state, player, value)
        if key == "helper" and state.battle and state.battle.window:
            for o in state.battle.window.stack:
                if o["player"] == value:
                    label += f": {card_text(card_info(o['card']))} for {o['price']} silver"
        return label
    return str(value)


def describe_action(state: GocengState, player: int, action: Action) -> str:
    kind = action.get("type")
    head = describe_choice(state, player, "type", kind)
    params = [describe_choice(state, player, k, v) for k, v in action.items() if k != "type"]
    if kind == "offer" and len(params) == 2:
        return f"Offer {params[0]} for {params[1]}"[:100]
    return (f"{head}: {', '.join(params)}" if params else head)[:100]


def _fists(card: str) -> str:
    return card_text(card_info(card)) if card in load_cards().skills else str(card)


def describe_event(event: Event, names: Mapping[int, str]) -> str:
    def n(key: str) -> str:
        p = event.get(key)
        return names.get(p, f"Player {p}")

    kind = event.get("type")
    if kind == "challenge":
        return f"{n('player')} challenges {n('target')}."
    if kind == "reconcile":
        return f"{n('player')} reconciles, paying {event['amount']} silver to {n('to')}."
    if kind == "all_reconciled":
        return f"Everyone reconciled with {n('player')}."
    if kind == "fight":
        return f"{n('player')} fights {n('against')}!"
    if kind == "punch":
        owed = event.get("owed", 1)
        return f"{n('player')} holds the punch token" + (f" and must connect {owed} cards." if owed > 1 else ".")
    if kind == "play":
        return f"{n('player')} plays {_fists(event['card'])}."
    if kind == "tapak":
        gone = _fists(event["discarded"]) if event.get("discarded") else "nothing"
        return f"Tapak Bayangan from {n('player')}: {n('target')} discards {gone} from their line."
    if kind == "thi_tjhi_ie":
        return f"Thi Tjhi Ie: {n('player')} draws an extra card."
    if kind == "kasbon_played":
        return f"Kasbon for {n('player')}."
    if kind == "sukma_played":
        return f"Mata Menembus Sukma for {n('player')}."
    if kind == "no_target":
        return f"{n('player')}'s Ajian finds nobody to work on."
    if kind == "kasbon":
        return f"{n('player')} takes a random card from {n('target')}'s hand."
    if kind == "kasbon_card":
        return f"Kasbon: {n('player')} took {_fists(event['card'])} from {n('target')}."
    if kind == "peek":
        return f"{n('player')} looks at {n('target')}'s character."
    if kind == "peeked":
        return f"{n('target')} is {character_name(event['character'])}."
    if kind == "draw":
        return f"{n('player')} draws {event['count']} card{'s' if event['count'] != 1 else ''}."
    if kind == "drew":
        return "You drew " + ", ".join(_fists(c) for c in event["cards"]) + "."
    if kind == "reshuffle":
        return f"The discard pile is shuffled into a new deck ({event['count']} cards)."
    if kind == "help_asked":
        return f"{n('player')} asks for Extra Power!"
    if kind == "offer":
        verb = "changes their offer to" if event.get("changed") else "offers a card for"
        return f"{n('player')} {verb} {event['price']} silver."
    if kind == "offer_card":
        return f"{n('player')}'s offer: {_fists(event['card'])} for {event['price']} silver."
    if kind == "keep_offer":
        return f"{n('player')} stands by their offer."
    if kind == "withdraw":
        return f"{n('player')} withdraws their offer."
    if kind == "decline":
        return ""  # quiet: with automatic passes it would tell who holds no fitting card
    if kind == "accept":
        return f"{n('player')} accepts {n('helper')}'s {_fists(event['card'])} for {event['price']} silver."
    if kind == "no_help":
        return f"{n('player')} takes no help."
    if kind == "give_up":
        return f"{n('player')} cannot connect and gives up."
    if kind == "battle_lost":
        return f"{n('player')} loses the battle: {event['stamina']} stamina left."
    if kind == "reveal":
        return f"{n('player')} is down to 1 stamina and reveals {character_name(event['character'])}!"
    if kind == "turn":
        return f"Turn {event['turn']}: {n('player')}'s turn."
    if kind == "game_over":
        won = ", ".join(names.get(p, f"Player {p}") for p in event["winners"]) or "nobody"
        return f"Game over: {n('loser')} is out of stamina. Winners: {won}."
    return str(kind)


RULES = f"""\
**Mat Goceng**: 3 to 6 players, hidden roles.
**Setup.** Characters by player count (3: Mat Goceng, Nyi Kencleng, Rijkaard Cere; 4 adds Wan Fulus; 5 adds \
Bang Codet; 6 adds Baba Amsyong) are dealt secretly. {AJIAN_NAMES['mata_menembus_sukma']} is used 0/1/2 times \
with 3/4-5/6 players. Everyone gets 5 skill cards, 3 stamina and 1 gold + 2 silver (gold = 3 silver). \
The first player is drawn at random.
**Challenge.** On your turn you must challenge a player you have not challenged this turn. They reconcile \
by paying you 2 silver (a gold makes change) or fight; a player with less than 2 silver must fight. If \
everyone reconciles you draw to 5 cards and your turn ends.
**Battle.** You play first. Each battler builds their own line: a card's top fist must match the bottom fist \
of the last card of your line (your first card is free; ⭐ special fists match every colour). After a card the \
punch token passes. Whoever cannot add a card on their turn, with or without Extra Power, loses 1 stamina. \
Both battlers then draw to 5 (helpers do not) and the turn passes clockwise.
**Extra Power.** On your battle turn you may ask for help once per card you owe. Every player outside the \
battle may offer a fitting card from their hand at a price in silver, change or withdraw it, keep it as \
final (then they are not asked again), or decline. \
Other players see who offers and the price; only you and the helper see the card. You accept one offer you \
can afford (you pay the helper, the card joins your line) or none, and then must play on alone or lose. \
When the window's time runs out, no offer is taken. An Ajian card given as Extra Power works for the helper.
**Ajian.** *Mata Menembus Sukma*: look at another player's character. *Tapak Bayangan*: the opponent of the \
line it joins discards their line's last card and must connect 2 cards before the token returns \
(one more for each further Tapak Bayangan before their turn). \
*Thi Tjhi Ie*: draw 1 card. *Kasbon*: take a random card from the hand of a player you choose outside the battle.
**Stamina.** At 1 stamina your character is revealed. The game ends when a player reaches 0.
**Winners.** Every surviving player whose objective holds: Mat Goceng if Nyi Kencleng survives; Nyi Kencleng \
and Wan Fulus if they have the most coins (ties all count); Rijkaard Cere if Nyi Kencleng falls; Bang Codet if \
Mat Goceng or Baba Amsyong falls; Baba Amsyong if Rijkaard Cere or Bang Codet falls, whoever dealt the blow.
**Rulings used.** Coins are counted in silver; a gold always makes change. Characters are secret until 1 \
stamina (or the end), except to a player who looked with Mata Menembus Sukma. Extra Power: any non-battler \
may offer, the battler accepts one offer or none. The helper's Ajian effect goes to the helper.
**Project rulings** (the rulebook is silent): an empty deck is refilled by shuffling the discard pile; a \
battler who can still connect may not give up; Tapak Bayangan against an empty line discards nothing and \
asks for only 1 card, and every card it discards asks for one replacement; a Mata Menembus Sukma or Kasbon \
with a single possible target picks it automatically; an offer must fit the battler's line; prices run from \
0 to every coin on the table; a helper who keeps an offer cannot change it; the first player is drawn at \
random; at the end every character is shown.
"""


#: The question of each action parameter, by action type (``None``: any type).
_QUESTIONS: dict[tuple[str | None, str], str] = {
    ("challenge", "target"): "Challenge whom?",
    ("play", "card"): "Which card do you play on your line?",
    ("offer", "card"): "Which card do you offer?",
    ("offer", "price"): "For how much silver?",
    ("accept", "helper"): "Which helper's offer do you accept?",
    ("peek", "target"): "Whose character do you look at?",
    ("kasbon", "target"): "Kasbon: whom do you take a card from?",
    (None, "target"): "Which player?",
    (None, "card"): "Which card?",
    (None, "price"): "For how much silver?",
    (None, "helper"): "Which helper?",
}


def _first_question(state: GocengState, player: int) -> str:
    if state.pending is not None and state.pending.player == player:
        return ("Mata Menembus Sukma: whose character do you see?" if state.pending.kind == "peek"
                else "Kasbon: whom do you take a card from?")
    if state.phase == "challenge":
        return "Your turn: whom do you challenge?"
    if state.phase == "respond":
        return "You are challenged: reconcile (2 silver) or fight?"
    battle = state.battle
    if battle is None:
        return "What do you do?"
    if battle.window is not None:
        if player == battle.holder:
            return "Which helper's offer do you accept?" if battle.window.stack else "No offers yet: take no help?"
        return "Extra Power is asked for: offer a card?"
    owed = battle.owed.get(player, 1)
    if owed > 1:
        return f"You hold the punch token and owe {owed} cards: what do you do?"
    return "You hold the punch token: what do you do?"


def describe_question(state: GocengState, player: int, key: str | None, chosen: Any) -> str:
    """The question a picker step asks (name-free: the engine knows no player names)."""
    if key in (None, "type"):
        return _first_question(state, player)
    kind = next((v for k, v in chosen if k == "type"), None)
    return _QUESTIONS.get((kind, key)) or _QUESTIONS.get((None, key)) or f"Choose {key.replace('_', ' ')}:"
