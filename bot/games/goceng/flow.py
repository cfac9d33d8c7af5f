"""State changes shared by the actions: setup, drawing, paying, passing the token, ending battles and turns.

Every function here assumes the caller has already checked legality; they
only move cards, coins and the punch token, and return the events they cause.
Keeping them in one place means a battle ends the same way whether the holder
gave up or the Extra Power window closed on an empty hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.kernel.contract import Event
from bot.kernel.response_window import ResponseWindow
from bot.kernel.rng import Rng

from .cards import fist_fits, load_cards
from .outcome import report, winners
from .state import BATTLE, CHALLENGE, HAND_SIZE, OVER, STAMINA, START_COINS, Battle, GocengState, Pending


def new_state(player_ids: Sequence[int], seed: int, options: Mapping[str, Any]) -> GocengState:
    """Deal characters, the deck by player count, 5 cards and 5 silver worth of coins each."""
    cards = load_cards()
    n = len(player_ids)
    rng = Rng.seeded(seed)
    characters = cards.characters_for(n)
    rng.shuffle(characters)
    deck, aside = cards.deck_for(n)
    rng.shuffle(deck)
    players = list(player_ids)
    hands: dict[int, list[str]] = {p: [] for p in players}
    for _ in range(HAND_SIZE):
        for p in players:
            hands[p].append(deck.pop())
    return GocengState(
        players=players,
        seed=seed,
        rng=rng,
        characters=dict(zip(players, characters, strict=True)),
        stamina={p: STAMINA for p in players},
        coins={p: START_COINS for p in players},
        hands=hands,
        deck=deck,
        set_aside=aside,
        seen={p: [] for p in players},
        active=players[rng.below(n)],
        options=dict(options),
    )


def draw(state: GocengState, player: int, count: int) -> list[Event]:
    """Draw up to ``count`` cards; an empty deck is refilled by shuffling the discard pile."""
    drawn: list[str] = []
    events: list[Event] = []
    for _ in range(count):
        if not state.deck:
            if not state.discard:
                break
            state.deck = state.discard
            state.discard = []
            state.rng.shuffle(state.deck)
            events.append({"type": "reshuffle", "count": len(state.deck)})
        drawn.append(state.deck.pop())
    if drawn:
        state.hands[player].extend(drawn)
        events.append({"type": "draw", "player": player, "count": len(drawn)})
        events.append({"type": "drew", "player": player, "cards": drawn, "visible_to": [player]})
    return events


def draw_to_hand_size(state: GocengState, player: int) -> list[Event]:
    return draw(state, player, max(0, HAND_SIZE - len(state.hands[player])))


def pay(state: GocengState, payer: int, payee: int, amount: int) -> None:
    """Move ``amount`` silver of value; a gold coin makes change at 3 silver, so any affordable sum works."""
    state.coins[payer] -= amount
    state.coins[payee] += amount


def line_end(battle: Battle, player: int) -> str | None:
    """The bottom fist a new card of ``player`` must match, or None for an empty line (anything fits)."""
    line = battle.lines[player]
    return load_cards().skills[line[-1]].bottom if line else None


def fits(battle: Battle, player: int, card: str) -> bool:
    end = line_end(battle, player)
    return end is None or fist_fits(end, load_cards().skills[card].top)


def fitting_cards(state: GocengState, battle: Battle, line_owner: int, hand_owner: int) -> list[str]:
    """Distinct cards of ``hand_owner``'s hand that fit ``line_owner``'s line, in hand order."""
    end = line_end(battle, line_owner)
    skills = load_cards().skills
    out: list[str] = []
    for card in state.hands[hand_owner]:
        if card not in out and (end is None or fist_fits(end, skills[card].top)):
            out.append(card)
    return out


def start_battle(state: GocengState, attacker: int, defender: int) -> None:
    state.phase = BATTLE
    state.battle = Battle(
        attacker=attacker,
        defender=defender,
        holder=attacker,
        lines={attacker: [], defender: []},
        owed={attacker: 1, defender: 1},
    )


def open_window(state: GocengState, battle: Battle) -> Event:
    helpers = [p for p in state.others(battle.holder) if p not in (battle.attacker, battle.defender)]
    context = {"battler": battle.holder, "final": [], "round": 0}
    battle.window = ResponseWindow.open("extra_power", helpers, context)
    state.windows += 1
    return {"type": "help_asked", "player": battle.holder}


def place_card(state: GocengState, battle: Battle, card: str, beneficiary: int) -> list[Event]:
    """Put ``card`` on the holder's line (already removed from its hand), run its Ajian, pass the token."""
    holder = battle.holder
    battle.lines[holder].append(card)
    events = ajian_effect(state, battle, card, beneficiary)
    battle.asked = False
    battle.owed[holder] -= 1
    if battle.owed[holder] <= 0:
        battle.owed[holder] = 1
        battle.holder = battle.opponent(holder)
        events.append({"type": "punch", "player": battle.holder, "owed": battle.owed[battle.holder]})
    return events


def ajian_effect(state: GocengState, battle: Battle, card: str, beneficiary: int) -> list[Event]:
    """The card's Ajian; ``beneficiary`` is whoever played it (the helper for Extra Power)."""
    ajian = load_cards().skills[card].ajian
    if ajian == "tapak_bayangan":
        victim = battle.opponent(battle.holder)
        line = battle.lines[victim]
        discarded = line.pop() if line else None
        if discarded is not None:
            # One replacement per discarded card, on top of the response the victim owes anyway,
            # so a second Tapak Bayangan before the victim's turn (the holder owing 2) asks for 3.
            state.discard.append(discarded)
            battle.owed[victim] += 1
        return [{"type": "tapak", "player": beneficiary, "target": victim, "discarded": discarded}]
    if ajian == "thi_tjhi_ie":
        return [{"type": "thi_tjhi_ie", "player": beneficiary}] + draw(state, beneficiary, 1)
    if ajian == "kasbon":
        candidates = [
            p for p in state.others(beneficiary) if p not in (battle.attacker, battle.defender) and state.hands[p]
        ]
        return [{"type": "kasbon_played", "player": beneficiary}] + _choose_or_resolve(
            state, "kasbon", beneficiary, candidates
        )
    if ajian == "mata_menembus_sukma":
        known = set(state.revealed) | set(state.seen[beneficiary])
        candidates = [p for p in state.others(beneficiary) if p not in known]
        return [{"type": "sukma_played", "player": beneficiary}] + _choose_or_resolve(
            state, "peek", beneficiary, candidates
        )
    return []


def _choose_or_resolve(state: GocengState, kind: str, player: int, candidates: list[int]) -> list[Event]:
    """No target: nothing happens; one: it resolves at once; several: the player picks."""
    if not candidates:
        return [{"type": "no_target", "player": player, "effect": kind}]
    if len(candidates) == 1:
        return resolve_target(state, kind, player, candidates[0])
    state.pending = Pending(kind=kind, player=player, candidates=candidates)
    return []


def resolve_target(state: GocengState, kind: str, player: int, target: int) -> list[Event]:
    state.pending = None
    if kind == "peek":
        state.seen[player].append(target)
        return [
            {"type": "peek", "player": player, "target": target},
            {
                "type": "peeked",
                "player": player,
                "target": target,
                "character": state.characters[target],
                "visible_to": [player],
            },
        ]
    hand = state.hands[target]
    card = hand.pop(state.rng.below(len(hand)))
    state.hands[player].append(card)
    return [
        {"type": "kasbon", "player": player, "target": target},
        {"type": "kasbon_card", "player": player, "target": target, "card": card, "visible_to": [player, target]},
    ]


def lose_battle(state: GocengState, battle: Battle, loser: int) -> list[Event]:
    """-1 stamina, reveal at 1, the game ends at 0; otherwise both battlers draw to 5 and the turn ends."""
    state.stamina[loser] -= 1
    left = state.stamina[loser]
    events: list[Event] = [{"type": "battle_lost", "player": loser, "stamina": left}]
    for p in (battle.attacker, battle.defender):
        state.discard.extend(battle.lines[p])
    state.battle = None
    if left == 1 and loser not in state.revealed:
        state.revealed.append(loser)
        events.append({"type": "reveal", "player": loser, "character": state.characters[loser]})
    if left <= 0:
        state.phase = OVER
        state.loser = loser
        events.append(
            {
                "type": "game_over",
                "loser": loser,
                "winners": winners(state),
                "characters": {str(p): c for p, c in state.characters.items()},
                "outcomes": report(state),
                "coins": {str(p): c for p, c in state.coins.items()},
            }
        )
        return events
    events += draw_to_hand_size(state, battle.attacker)
    events += draw_to_hand_size(state, battle.defender)
    return events + end_turn(state)


def end_turn(state: GocengState) -> list[Event]:
    state.active = state.others(state.active)[0]
    state.phase = CHALLENGE
    state.challenged = []
    state.target = None
    state.battle = None
    state.turn += 1
    return [{"type": "turn", "player": state.active, "turn": state.turn}]
