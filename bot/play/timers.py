"""What a match waits for next: an AI seat's move, a halfway reminder, or a deadline.

Each live match has at most one pending wake-up in the scheduler; this module
decides which one, from stored data only (deadline, decision start, reminded
flag, AI seats and seats taken over), so after a restart the same wake-up is
computed again and nothing fires twice: a fired deadline is gone once its
timeout move is committed, a sent reminder is marked in the database. The one
thing kept in memory is whether a hard seat's answer is already thought out;
a restart loses it, and the seat thinks again.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.kernel.contract import PlayerId, waits_for_others
from bot.play.ai_seats import think_seconds
from bot.play.match_types import LiveMatch
from bot.play.record import ACTIVE
from bot.play.settings import GuildSettings

AI, REMINDER, DEADLINE = "ai", "reminder", "deadline"

#: Decisions shorter than this get no halfway reminder (a 20 s block window has its own countdown).
REMIND_FROM_SECONDS = 30


@dataclass(frozen=True)
class Wake:
    at: float
    kind: str
    player: PlayerId | None = None


def ai_actor(live: LiveMatch) -> PlayerId | None:
    """The AI-decided seat to move next, or None.

    In a window, responders go before its decider (so an AI battler hears
    every offer before deciding), a decider with nothing to weigh yet (its
    only choice is what its silence would do) waits while others may answer,
    and an AI seat never answers its own last response again: it waits for
    the others.
    """
    waiting = live.game.rules.waiting(live.state)
    candidates = [p for p in sorted(waiting.actors) if live.ai_controls(p)]
    if waiting.window is not None and live.record.decision_seq != live.record.seq:
        # Within a round, an AI seat does not answer its own answer again (it waits for the
        # others); a round its own move opened (a counter to a counter) it may answer.
        candidates = [p for p in candidates if p != live.last_actor]
    decider = waiting.window.decider if waiting.window is not None else None
    if decider in candidates and waits_for_others(live.game.rules, live.state, decider):
        candidates.remove(decider)  # its only choice closes the window: it waits for the others' answers
    if not candidates:
        return None
    candidates.sort(key=lambda p: p == decider)
    return candidates[0]


def humans_waited_on(live: LiveMatch) -> list[PlayerId]:
    """The people a halfway reminder goes to: those the table waits for.

    In a window with a decider (a battler weighing offers) that is the decider alone, once there is something
    to weigh: the others' silence is an answer they may leave (no offer), and a window that comes back again
    and again would remind them each time; a decider whose only choice is what its silence does waits for them.
    """
    window = live.waiting.window
    waited = sorted(live.waiting.actors)
    if window is not None and window.decider is not None and window.decider in live.waiting.actors:
        waits = waits_for_others(live.game.rules, live.state, window.decider)
        waited = [] if waits else [window.decider]
    return [p for p in waited if not live.ai_controls(p)]


def pause_ends(live: LiveMatch, settings: GuildSettings) -> float:
    """When the AI pause after the match's last move ends: no AI move is shown before it."""
    since = live.last_move_at if live.last_move_at is not None else live.record.updated_at
    return since + settings["ai_delay_seconds"]


def next_wake(live: LiveMatch, settings: GuildSettings, now: float, *, answered: bool = False) -> Wake | None:
    """The match's next wake-up. An AI seat moves ``ai_delay_seconds`` after the last move, so people can
    follow. A hard seat's wake-up comes as much earlier as its search will take (``think_seconds``), so it
    thinks during the pause, and then (``answered``: its answer to this very position is ready) comes at
    the pause's end to play it."""
    rec = live.record
    if rec.status != ACTIVE or live.state is None:
        return None
    wakes: list[Wake] = []
    player = ai_actor(live)
    if player is not None:
        early = 0.0 if answered else min(settings["ai_delay_seconds"], think_seconds(live, player, settings))
        wakes.append(Wake(pause_ends(live, settings) - early, AI, player))
    if rec.deadline is not None:
        started = rec.decision_started if rec.decision_started is not None else now
        length = rec.deadline - started
        if not rec.reminded and length >= REMIND_FROM_SECONDS and humans_waited_on(live):
            wakes.append(Wake(started + length / 2, REMINDER))
        wakes.append(Wake(rec.deadline, DEADLINE))
    return min(wakes, key=lambda w: w.at) if wakes else None
