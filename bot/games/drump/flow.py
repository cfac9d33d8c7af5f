"""Turn flow: drawing, passing the turn, DRUMP triggers and the end of the game.

These helpers mutate the state and append events; callers have already
validated the action. Any draw from an empty deck ends the game on the spot
(the rulebook: a draw needed from an empty deck ends the game), so a caller
must check ``state.phase == OVER`` after every draw before doing more.
"""

from __future__ import annotations

import json

from bot.games.drump.cards import insert_sorted
from bot.games.drump.outcome import has_drump, reason as why_it_ends, scores, set_name, summary_text
from bot.games.drump.state import MAIN, OVER, DrumpState
from bot.kernel.contract import Event


def draw(state: DrumpState, seat: int, reason: str, events: list[Event]) -> bool:
    """Draw one card for ``seat``; False (and the game is over) if the deck was empty."""
    pid = state.players[seat]
    if not state.deck:
        events.append({"type": "deck_out", "player": pid, "reason": reason})
        finish(state, "deck_out", events)
        return False
    card = state.deck.pop()
    insert_sorted(state.sides[seat].hand, card)
    events.append({"type": "draw", "player": pid, "reason": reason, "deck": len(state.deck)})
    events.append({"type": "drew", "player": pid, "card": card, "visible_to": [pid]})
    return True


def start_turn(state: DrumpState, seat: int, events: list[Event]) -> None:
    """Give ``seat`` a fresh turn and its opening draw."""
    state.current = seat
    state.turn += 1
    state.phase = MAIN
    state.placed = []
    state.summoned = False
    state.attacked = False
    state.exchanges = 0
    last = state.drump_pending and seat != state.first
    events.append({"type": "turn_start", "player": state.players[seat], "turn": state.turn, "last_turn": last})
    draw(state, seat, "turn", events)


def finish_turn(state: DrumpState, events: list[Event]) -> None:
    """The turn player is done (hand trimmed): pass the turn, or end the game after the last turn."""
    seat = state.current
    events.append({"type": "end_turn", "player": state.players[seat]})
    if state.drump_pending and seat != state.first:
        finish(state, "last_turn", events)
    else:
        start_turn(state, 1 - seat, events)


def part_placed(state: DrumpState, seat: int, was_complete: bool, events: list[Event]) -> None:
    """After a summon or Extra Jack: react to ``seat`` completing its monster (DRUMP)."""
    parts = state.sides[seat].parts
    if was_complete or not has_drump(parts):
        return
    pid = state.players[seat]
    if seat == state.first:
        state.drump_pending = True
        events.append({"type": "drump", "player": pid, "set": set_name(parts), "next": "last_turn"})
    elif state.drump_pending:
        # The second player's last turn: both hold DRUMP, the sets are compared when the turn ends.
        events.append({"type": "drump", "player": pid, "set": set_name(parts), "next": "compare"})
    else:
        events.append({"type": "drump", "player": pid, "set": set_name(parts), "next": "win"})
        finish(state, "drump", events)


def finish(state: DrumpState, reason: str, events: list[Event]) -> None:
    """End the game now and record the outcome."""
    winners, why = why_it_ends(state)
    summary = summary_text(why)
    state.phase = OVER
    state.window = None
    state.winners = winners
    state.summary = summary
    state.why = json.dumps(why)
    state.end_reason = reason
    # An attack cut short by a deck-out has already moved its cards to the drop zone.
    state.attack_zone = -1
    state.attack_value = 0
    state.blocks = []
    events.append(
        {
            "type": "game_over",
            "reason": reason,
            "winners": list(winners),
            "scores": {str(k): v for k, v in scores(state).items()},
            "summary": summary,
            "why": why,
        }
    )
