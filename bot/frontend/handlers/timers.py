"""A match's wake-ups: an AI seat's move, a reminder, a deadline, each at its time.

After every change a handler points the scheduler at the match's next wake-up
(:meth:`Timers.schedule`); when it comes, :meth:`Timers.on_timer` does what is
due under the match's lock, as a click would, and the announcer shows it. A
match that ended lets its timer and its open pickers go.
"""

from __future__ import annotations

from bot.frontend.delivery.pickers import OpenPickers
from bot.frontend.handlers.announcements import Announcements
from bot.frontend.handlers.answers import Answers
from bot.kernel.contract import PlayerId
from bot.play.ai_seats import Answered
from bot.play.clock import Clock
from bot.play.match_types import LiveMatch, MoveOutcome
from bot.play.matches import Matches
from bot.play.moves import Moves
from bot.play.record import ACTIVE
from bot.play.scheduler import DeadlineScheduler
from bot.play.settings import ServerSettings
from bot.play.timers import AI as AI_WAKE, DEADLINE, humans_waited_on, next_wake, pause_ends


class Timers:
    """Schedules and fires each match's next wake-up (given the scheduler and the parts of the service it asks)."""

    def __init__(
        self,
        *,
        answers: Answers,
        matches: Matches,
        settings: ServerSettings,
        moves: Moves,
        clock: Clock,
        scheduler: DeadlineScheduler,
        pickers: OpenPickers,
        announcer: Announcements,
    ) -> None:
        self._answers = answers
        self._matches = matches
        self._settings = settings
        self._moves = moves
        self._clock = clock
        self._scheduler = scheduler
        self._pickers = pickers
        self._announcer = announcer
        #: Each match's AI answer decided ahead of its move (a hard seat thinks during the AI pause).
        self._answered: dict[int, Answered] = {}

    async def schedule(self, live: LiveMatch) -> None:
        """Point the scheduler at this match's next wake-up (or none); a match that ended lets its pickers go."""
        if live.record.status != ACTIVE:
            self._scheduler.set(live.id, None)
            self._pickers.forget_match(live.id)
            self._answered.pop(live.id, None)
            return
        settings = await self._settings.of(live.record.guild_id)
        wake = next_wake(live, settings, self._clock.now(), answered=self._ready(live) is not None)
        self._scheduler.set(live.id, wake.at if wake else None)

    def _ready(self, live: LiveMatch) -> Answered | None:
        """The AI answer decided ahead for the match as it stands, if any (one decided before a later move is
        dropped)."""
        answered = self._answered.get(live.id)
        if answered is not None and answered.question.seq != live.record.seq:
            del self._answered[live.id]
            return None
        return answered

    async def rearm_forgotten(self) -> int:
        """Point every live match that has no wake-up pending at its next one (the scheduler's sweep); how many
        were found without one that needed one. A match whose wake-up is running is left to it: it points the
        match at the next one when it is done."""
        pending, running = self._scheduler.pending(), self._scheduler.running()
        rearmed = 0
        for live in self._matches.live():
            if live.record.status == ACTIVE and live.id not in pending and live.id not in running:
                await self.schedule(live)
                if live.id in self._scheduler.pending():
                    rearmed += 1
        return rearmed

    def unset(self, match_id: int) -> None:
        """The match wakes up no more (it ended)."""
        self._scheduler.set(match_id, None)
        self._answered.pop(match_id, None)

    async def on_timer(self, match_id: int) -> None:
        """A match's wake-up time came: an AI seat moves, a reminder goes out, or a deadline fires.

        A hard AI seat's wake-up comes early, by as long as its search takes: it searches then, and if the AI
        pause is not over yet its answer is kept for the wake-up at the pause's end, which plays it if nobody
        moved meanwhile (else the seat is asked again, as the match now stands).
        """
        async with self._answers.locked(None, match_id):
            live = await self._matches.load(match_id)
            if live is None or live.record.status != ACTIVE:
                self._scheduler.set(match_id, None)
                return
            settings = await self._settings.of(live.record.guild_id)
            now = self._clock.now()
            ready = self._ready(live)
            wake = next_wake(live, settings, now, answered=ready is not None)
            outcomes: list[MoveOutcome] = []
            if wake is not None and wake.at <= now:
                if wake.kind == AI_WAKE and wake.player is not None:
                    outcomes.extend(await self._ai_moves(live, wake.player, ready, pause_ends(live, settings)))
                elif wake.kind == DEADLINE:
                    outcomes.extend(await self._moves.expire(match_id))
                elif await self._moves.mark_reminded(live):
                    await self._announcer.remind(live, humans_waited_on(live))
            if outcomes:
                await self._announcer.after_moves(outcomes)
            current = await self._matches.load(match_id)
            if current is not None:
                await self.schedule(current)
            else:
                self._scheduler.set(match_id, None)

    async def _ai_moves(
        self, live: LiveMatch, player: PlayerId, ready: Answered | None, pause_ends_at: float
    ) -> list[MoveOutcome]:
        """An AI seat's wake-up: play its answer thought out earlier, or ask it now. A hard seat asked before the
        AI pause is over searches now, and its answer is kept for the pause's end (nothing is played yet)."""
        if ready is None:
            question = await self._moves.ai_question(live.id, player)
            ready = Answered(question, await self._moves.answer_ai(question))
            if question.searches and self._clock.now() < pause_ends_at:
                self._answered[live.id] = ready
                return []
        return await self._moves.ai_move(live.id, player, ready)
