"""Which move each match last showed in full, stored a moment later and many at once.

A match is marked announced once its table, pings and DMs went out (see
:class:`bot.frontend.delivery.announcer.Announcer`), so that a restart shows again only what was
committed and never shown. Stored one by one, each mark was a transaction of
its own: with ``synchronous=FULL`` a disk sync of its own, more than one per
move, on the one database thread that also stores the moves, so a move's
commit often waited behind a mark's sync (and on a slow disk those syncs,
not the CPU, would bound the moves per second).

So a mark waits up to :data:`DELAY` seconds in memory and is then stored with
every other mark made meanwhile, in one transaction: one sync for them all.
Reads of a match through :class:`bot.store.storage.Storage` see a waiting mark as
stored. A crash loses at most the marks of that last moment; the restart then
shows those matches again (their table edited, their last lines told again),
which is all a lost mark costs. A clean close stores them first.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)

#: Seconds a mark may wait to be stored with the others: under load, every mark of that moment
#: shares one disk sync; after a crash, at most the matches announced in it are shown again.
DELAY = 0.25

Store = Callable[[dict[int, int]], Awaitable[None]]


class AnnouncedMarks:
    """Marks waiting to be stored (match id -> announced move), and the one task that stores them."""

    def __init__(self, store: Store, delay: float = DELAY) -> None:
        self._store = store
        self._delay = delay
        self._waiting: dict[int, int] = {}
        self._flusher: asyncio.Task[None] | None = None
        self._sleeping = False
        self._closed = False

    def mark(self, match_id: int, seq: int) -> None:
        """Match ``match_id`` showed move ``seq`` in full; stored within the delay."""
        if self._closed:
            return  # the database is closed: the restart's catch-up shows the match again
        self._waiting[match_id] = seq
        if self._flusher is None:
            self._start_flusher()

    def waiting(self, match_id: int) -> int | None:
        """The mark of ``match_id`` not stored yet, if any."""
        return self._waiting.get(match_id)

    async def flush(self) -> None:
        """Store every waiting mark now, in one transaction.

        If storing fails, the marks wait for the next flush (a newer mark of the same match
        made meanwhile wins) and the error is logged: a lost mark only makes a restart show
        a match again.
        """
        marks, self._waiting = self._waiting, {}
        if not marks:
            return
        try:
            await self._store(marks)
        except BaseException as exc:
            for match_id, seq in marks.items():
                self._waiting.setdefault(match_id, seq)
            if not isinstance(exc, Exception):
                raise
            log.exception("storing %d announced marks failed; they wait for the next flush", len(marks))

    async def close(self) -> None:
        """Store what waits, now (before the database closes); later marks are dropped."""
        self._closed = True
        flusher = self._flusher
        if flusher is not None:
            if self._sleeping:
                flusher.cancel()
            await asyncio.gather(flusher, return_exceptions=True)
        await self.flush()

    def _start_flusher(self) -> None:
        self._flusher = asyncio.get_running_loop().create_task(self._flush_later(), name="storage:announced")

    async def _flush_later(self) -> None:
        try:
            self._sleeping = True
            try:
                await asyncio.sleep(self._delay)
            finally:
                self._sleeping = False
            await self.flush()
        finally:
            self._flusher = None
            if self._waiting and not self._closed:  # marks made while that flush ran
                self._start_flusher()
