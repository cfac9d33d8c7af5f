"""Requests nobody waits for (folding an old prompt, removing an old ping): sent later, in the background.

Such a request only tidies up what players see, so it must never hold up one
somebody is waiting for. Made inside the match's lock, it would hold the lock
while it waits for its slot, and the match's next move and its table would
wait behind it. So the caller hands it over (as a function that makes the
request once called) and goes on: each tidy-up runs in a task of its own,
outside the lock, at the pacer's background priority (``bot.frontend.delivery.ratelimit``), so
under load every urgent request goes first. Nothing of it is made before the
caller's commit, since it is made only once its turn comes.

When more is asked than the bot token can serve for long, the tidy-ups would
pile up without end; past ``BACKLOG`` the oldest one waiting is dropped
unsent and counted (a prompt stays unfolded, and its buttons still say the
window is over; an old ping stays in the channel).
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from bot.frontend.delivery import ratelimit
from bot.frontend.delivery.retry import FAILED

log = logging.getLogger(__name__)

#: Tidy-ups waiting at most; past it the oldest is dropped unsent.
BACKLOG = 1_000

Send = Callable[[], Awaitable[Any]]


class Tidying:
    """The tidy-ups under way, oldest first."""

    def __init__(self, backlog: int = BACKLOG) -> None:
        self.backlog = backlog
        self._tasks: OrderedDict[asyncio.Task[None], None] = OrderedDict()
        #: Tidy-ups dropped unsent because the backlog was full.
        self.dropped = 0

    def pending(self) -> int:
        return len(self._tasks)

    def add(self, name: str, what: str, sends: list[Send]) -> None:
        """Make ``sends`` one after another in the background; ``what`` names them in a failure's log line."""
        if not sends:
            return
        task = asyncio.get_running_loop().create_task(self._run(what, sends), name=f"game:tidy:{name}")
        self._tasks[task] = None
        task.add_done_callback(self._done)
        while len(self._tasks) > self.backlog:
            oldest = next(iter(self._tasks))
            del self._tasks[oldest]
            if not oldest.done():
                oldest.cancel()
                self.dropped += 1

    async def _run(self, what: str, sends: list[Send]) -> None:
        with ratelimit.background():
            for send in sends:
                try:
                    await send()
                except FAILED as exc:  # tidying only: logged, never retried
                    log.warning("could not %s: %s", what, exc)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.pop(task, None)
