"""One background task that fires stored deadlines (response windows, later turn timers).

Deadlines live in the database; this only keeps an in-memory index of the
next one per match so it knows how long to sleep. ``run_due`` does the real
work and is what tests call after moving a :class:`~bot.play.clock.ManualClock`
forward, so the code path is the same with or without sleeping. A deadline
that passed while the bot was down is simply due at start.

Matches wake up side by side: each due match's wake-up runs as a task of its own, so one that
takes long (a hard AI seat searching for a second, a database that is slow to answer) never holds
up another match's deadline, reminder or AI move (up to :data:`MOST_AT_ONCE` at a time). One match
never has two wake-ups running at once: one that comes due while the last still runs waits for it.

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
#: Wake-ups doing their work at once; the others due wait their turn, oldest first. Enough that a few
#: matches waiting for a search or a slow database do not hold the rest up; few enough that the backlog
#: of a start (every wake-up that fell due while the bot was down) cannot crowd people's clicks out of the
#: database and the rate limits.
MOST_AT_ONCE = 16


class DeadlineScheduler:
    def __init__(self, clock: Clock, fire: FireCallback) -> None:
        self._clock = clock
        self._fire = fire
        self._deadlines: dict[int, float] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        #: The wake-ups running now, by match (at most one each).
        self._running: dict[int, asyncio.Task[None]] = {}
        #: Of those, the ones still waiting for a slot (their handler not called yet).
        self._queued: set[int] = set()
        #: Wake-ups whose handler was called, ever (``run_due`` reports its share; withdrawn ones are not counted).
        self._handled = 0
        self._slots = asyncio.Semaphore(MOST_AT_ONCE)
        #: Failures in a row of each match's wake-up (none once it succeeds).
        self._failures: dict[int, int] = {}
        self._sweep: SweepCallback | None = None
        self._next_sweep = clock.now() + SWEEP_EVERY

    def sweep_with(self, sweep: SweepCallback) -> None:
        """Every :data:`SWEEP_EVERY` seconds, ``sweep()`` re-arms the live matches that have no wake-up pending."""
        self._sweep = sweep

    def set(self, match_id: int, deadline: float | None) -> None:
        """Track (or with None forget) the deadline of one match. Forgetting it also withdraws a wake-up of the
        match still waiting for a slot: a match handed to another process or ended is not woken here."""
        if deadline is None:
            self._deadlines.pop(match_id, None)
            if match_id in self._queued:
                self._running[match_id].cancel()
        else:
            self._deadlines[match_id] = deadline
        self._wake.set()

    def pending(self) -> dict[int, float]:
        return dict(self._deadlines)

    def running(self) -> frozenset[int]:
        """The matches whose wake-up is running now."""
        return frozenset(self._running)

    def start(self) -> None:
        """Start sleeping towards deadlines. Under a ManualClock nothing sleeps: callers run ``run_due``."""
        if self._task is None and not isinstance(self._clock, ManualClock):
            self._task = asyncio.get_running_loop().create_task(self._loop(), name="deadline-scheduler")

    async def stop(self) -> None:
        """Stop the loop, then the wake-ups still running (the loop first, so none is started meanwhile)."""
        for task in [self._task, *self._running.values()]:
            if task is None:
                continue
            task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass
        self._task = None
        self._running.clear()

    async def run_due(self) -> int:
        """Fire every wake-up that has passed, including ones that firing made due, and wait until they are done;
        returns how many fired. Matches are fired side by side, a match's wake-ups one after the other."""
        handled_before = self._handled
        for _ in range(MAX_ROUNDS):
            self._fire_due()
            if not self._running:
                break
            await asyncio.wait(list(self._running.values()))
        await self._sweep_if_due()
        return self._handled - handled_before

    def _fire_due(self) -> None:
        """Start a task for each match whose wake-up has passed and whose last one is done."""
        now = self._clock.now()
        due = sorted((d, m) for m, d in self._deadlines.items() if d <= now and m not in self._running)
        for _, match_id in due:
            del self._deadlines[match_id]
            task = asyncio.get_running_loop().create_task(self._fire_one(match_id), name=f"wake-up-{match_id}")
            self._running[match_id] = task
            self._queued.add(match_id)

    async def _fire_one(self, match_id: int) -> None:
        try:
            async with self._slots:
                self._queued.discard(match_id)
                self._handled += 1
                await self._fire(match_id)
        except Exception:  # one broken match must not stop the others' timers
            self._retry_later(match_id)
        else:
            self._failures.pop(match_id, None)
        finally:
            self._queued.discard(match_id)
            self._running.pop(match_id, None)
            self._wake.set()  # a wake-up its match set meanwhile may be due already

    def _retry_later(self, match_id: int) -> None:
        """The wake-up failed: try it again after a backoff, unless the match was pointed elsewhere meanwhile."""
        failures = self._failures.get(match_id, 0) + 1
        self._failures[match_id] = failures
        delay = min(RETRY_FIRST * 2 ** (failures - 1), RETRY_MOST)
        if failures == 1:
            log.warning("timer of match %s failed; trying again in %.0f s", match_id, delay, exc_info=True)
        else:
            log.warning("timer of match %s failed %d times in a row; trying again in %.0f s", match_id, failures, delay)
        self._deadlines.setdefault(match_id, self._clock.now() + delay)

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
            self._wake.clear()
            self._fire_due()
            await self._sweep_if_due()
            waiting = [d for m, d in self._deadlines.items() if m not in self._running]
            timeout = max(0.0, min([*waiting, self._next_sweep]) - self._clock.now())
            try:  # not wait_for: on Python 3.11 it can swallow a cancellation that meets the event being set
                async with asyncio.timeout(timeout):
                    await self._wake.wait()
            except TimeoutError:
                pass
