"""One background task that fires stored deadlines (response windows, later turn timers).

Deadlines live in the database; this only keeps an in-memory index of the
next one per match so it knows how long to sleep. ``run_due`` does the real
work and is what tests call after moving a :class:`~bot.play.clock.ManualClock`
forward, so the code path is the same with or without sleeping. A deadline
that passed while the bot was down is simply due at start.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.play.clock import Clock, ManualClock

log = logging.getLogger(__name__)

FireCallback = Callable[[int], Awaitable[None]]

#: Bound on catch-up rounds in one ``run_due`` (a reminder, then the deadline it precedes, ...).
MAX_ROUNDS = 1000


class DeadlineScheduler:
    def __init__(self, clock: Clock, fire: FireCallback) -> None:
        self._clock = clock
        self._fire = fire
        self._deadlines: dict[int, float] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

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
                    log.exception("timer of match %s failed", match_id)
        return fired

    async def _loop(self) -> None:
        while True:
            await self.run_due()
            self._wake.clear()
            timeout = None
            if self._deadlines:
                timeout = max(0.0, min(self._deadlines.values()) - self._clock.now())
            try:
                await asyncio.wait_for(self._wake.wait(), timeout)
            except TimeoutError:
                pass
