"""One background task that fires stored deadlines (response windows, later turn timers).

Deadlines live in the database; this only keeps an in-memory index of the
next one per match so it knows how long to sleep. ``run_due`` does the real
work and is what tests call after moving a :class:`~bot.play.clock.ManualClock`
forward, so the code path is the same with or without sleeping. A deadline
that passed while the bot was down is simply due at start.

A wake-up whose handler fails (the database locked by another process, a full
disk) is tried again, a second later and then twice as long each time up to a
minute, until it succeeds or the match is pointed elsewhere: a failed timer
never leaves an AI seat unmoved or a window open for good. And every
:data:`SWEEP_EVERY` seconds a sweep (given by the front end) re-arms any live
match that has no wake-up pending, whatever made it lose one.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.play.clock import Clock, ManualClock

log = logging.getLogger(__name__)

FireCallback = Callable[[int], Awaitable[None]]
SweepCallback = Callable[[], Awaitable[object]]

#: Bound on catch-up rounds in one ``run_due`` (a reminder, then the deadline it precedes, ...).
MAX_ROUNDS = 1000
#: Seconds before a failed wake-up is tried again, doubling after each failure up to RETRY_MOST.
RETRY_FIRST = 1.0
RETRY_MOST = 60.0
#: Seconds between two sweeps for live matches with no wake-up pending.
SWEEP_EVERY = 60.0


class DeadlineScheduler:
    def __init__(self, clock: Clock, fire: FireCallback) -> None:
        self._clock = clock
        self._fire = fire
        self._deadlines: dict[int, float] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        #: Failures in a row of each match's wake-up (none once it succeeds).
        self._failures: dict[int, int] = {}
        self._sweep: SweepCallback | None = None
        self._next_sweep = clock.now() + SWEEP_EVERY

    def sweep_with(self, sweep: SweepCallback) -> None:
        """Every :data:`SWEEP_EVERY` seconds, ``sweep()`` re-arms the live matches that have no wake-up pending."""
        self._sweep = sweep

    def set(self, match_id: int, deadline: float | None) -> None:
        """Track (or with None forget) the deadline of one match."""
        if deadline is None:
            self._deadlines.pop(match_id, None)
        else:
            self._deadlines[match_id] = deadline
        self._wake.set()

    def pending(self) -> dict[int, float]:
        return dict(self._deadlines)

    def start(self) -> None:
        """Start sleeping towards deadlines. Under a ManualClock nothing sleeps: callers run ``run_due``."""
        if self._task is None and not isinstance(self._clock, ManualClock):
            self._task = asyncio.get_running_loop().create_task(self._loop(), name="deadline-scheduler")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
            self._task = None

    async def run_due(self) -> int:
        """Fire every wake-up that has passed, including ones that firing made due; returns how many fired."""
        fired = 0
        for _ in range(MAX_ROUNDS):
            now = self._clock.now()
            due = sorted((d, m) for m, d in self._deadlines.items() if d <= now)
            if not due:
                break
            for _, match_id in due:
                self._deadlines.pop(match_id, None)
                fired += 1
                try:
                    await self._fire(match_id)
                except Exception:  # one broken match must not stop the others' timers
                    self._retry_later(match_id, now)
                else:
                    self._failures.pop(match_id, None)
        await self._sweep_if_due()
        return fired

    def _retry_later(self, match_id: int, now: float) -> None:
        """The wake-up failed: try it again after a backoff, unless the match was pointed elsewhere meanwhile."""
        failures = self._failures.get(match_id, 0) + 1
        self._failures[match_id] = failures
        delay = min(RETRY_FIRST * 2 ** (failures - 1), RETRY_MOST)
        if failures == 1:
            log.warning("timer of match %s failed; trying again in %.0f s", match_id, delay, exc_info=True)
        else:
            log.warning("timer of match %s failed %d times in a row; trying again in %.0f s", match_id, failures, delay)
        self._deadlines.setdefault(match_id, now + delay)

    async def _sweep_if_due(self) -> None:
        now = self._clock.now()
        if self._sweep is None or now < self._next_sweep:
            return
        self._next_sweep = now + SWEEP_EVERY
        try:
            await self._sweep()
        except Exception:
            log.warning(
                "the sweep for matches without a timer failed; it runs again in %.0f s", SWEEP_EVERY, exc_info=True
            )

    async def _loop(self) -> None:
        while True:
            await self.run_due()
            self._wake.clear()
            timeout = max(0.0, min([*self._deadlines.values(), self._next_sweep]) - self._clock.now())
            try:
                await asyncio.wait_for(self._wake.wait(), timeout)
            except TimeoutError:
                pass
