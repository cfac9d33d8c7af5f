"""A search worker: takes hard AI searches queued in the database and writes back the moves.

``python -m bot worker`` (:mod:`bot.store.search_worker` opens the database and runs this) on any
machine that reaches the bot's PostgreSQL server; no Discord token. The bot queues a job per hard
move when ``AI_SEARCH=remote`` (:mod:`bot.play.remote_search`); a worker:

* claims a job only when one of its search processes is free (its own :class:`SearchPool`, one
  process per core by default), so a job never waits behind another here: a job no worker can
  start at once stays unclaimed, and the bot searches it itself;
* hears of new jobs at once (a notification) and looks again every :data:`POLL` seconds besides,
  in case that connection's notifications were cut;
* writes the move, or the error that kept it from searching; a job the bot withdrew meanwhile
  (too late) is dropped;
* on SIGTERM takes nothing more, finishes what it holds (each within its job's deadline) and
  exits; a second SIGTERM gives back what it holds instead, for another worker or the bot.
  SIGKILLed, it leaves its jobs claimed by a session that is gone: each bot sees that and
  searches itself, and the clean-up deletes the rows later.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from bot.ai.pool import PoolUnavailable, SearchPool
from bot.play.record import StoreUnavailable

log = logging.getLogger(__name__)

#: Seconds between two looks for jobs when no notification came (a cut listening connection).
POLL = 0.25
#: Seconds between two clean-ups of old jobs.
CLEAN_EVERY = 30.0
#: Seconds to wait before trying the database again after it failed a statement.
RETRY_AFTER = 1.0


@dataclass(frozen=True)
class ClaimedJob:
    """A job this worker holds: the request as the bot wrote it, and the seconds left before its deadline."""

    id: int
    game: str
    request: str
    seconds_left: float


class JobSource(Protocol):
    """The queue of search jobs as a worker uses it (the store's :class:`bot.store.search_jobs.SearchJobs`)."""

    async def on_new_job(self, told: Callable[[], None]) -> None:
        """Call ``told`` whenever a job may be waiting (queued, or given back by a worker)."""
        ...

    async def claim(self, worker: str) -> ClaimedJob | None:
        """The oldest job nobody holds, now held by ``worker``; None when there is none."""
        ...

    async def finish(self, job: int, worker: str, result: str) -> bool:
        """Write ``worker``'s answer to ``job``; False when the job is no longer there (or not ``worker``'s)."""
        ...

    async def release(self, job: int, worker: str) -> bool:
        """Give ``job`` back unanswered, for another worker."""
        ...

    async def clean(self) -> int:
        """Delete jobs whose deadline is long past; how many."""
        ...


def worker_name() -> str:
    """How this worker signs its claims: the machine and the process."""
    return f"{os.uname().nodename}:{os.getpid()}"


class SearchWorker:
    """Claims jobs from ``jobs`` while one of ``pool``'s processes is free, and answers each.

    ``counts``: jobs ``done``, ``dropped`` (withdrawn before the answer), ``failed`` (answered with an error),
    ``released`` (given back)."""

    def __init__(
        self, jobs: JobSource, workers: int | None = None, *, pool: SearchPool | None = None, name: str | None = None
    ) -> None:
        self.jobs = jobs
        #: Its own processes: ``workers`` of them (default one per core: a worker machine has nothing else to
        #: answer), or ``pool``'s.
        self.pool = pool if pool is not None else SearchPool(workers or os.cpu_count() or 1)
        self.name = name or worker_name()
        self.slots = self.pool.workers
        self.counts: Counter[str] = Counter()
        self._running: set[asyncio.Task[None]] = set()
        self._wake = asyncio.Event()
        self._stopping = False

    def stop(self) -> None:
        """Take no more jobs and return from :meth:`run` once those held are answered; called again, give them
        back at once instead."""
        if self._stopping:
            for task in self._running:
                task.cancel()
        self._stopping = True
        self._wake.set()

    async def run(self) -> None:
        """Serve until :meth:`stop`. Starts every search process first, so no job pays for their start."""
        await self.warm()
        await self.jobs.on_new_job(self._wake.set)
        log.info("search worker %s: %d processes, waiting for jobs", self.name, self.slots)
        next_clean = 0.0
        while not self._stopping:
            self._wake.clear()  # before looking: a job queued from now on wakes the wait below
            try:
                if time.monotonic() >= next_clean:
                    await self.jobs.clean()
                    next_clean = time.monotonic() + CLEAN_EVERY
                await self._claim_while_free()
            except StoreUnavailable as exc:
                log.warning("search worker %s: the database failed (%s); trying again", self.name, exc)
                await self._pause(RETRY_AFTER)
                continue
            await self._pause(POLL)
        if self._running:
            log.info("search worker %s: stopping, answering the %d jobs held first", self.name, len(self._running))
            await asyncio.gather(*self._running, return_exceptions=True)
        log.info("search worker %s: stopped (%s)", self.name, dict(self.counts))

    async def warm(self) -> None:
        """Start every process of the pool now (each imports the engines once); PoolUnavailable if they cannot."""
        await asyncio.gather(*(self.pool.run(120.0, os.getpid) for _ in range(self.slots)))

    async def _claim_while_free(self) -> None:
        while len(self._running) < self.slots and not self._stopping:
            job = await self.jobs.claim(self.name)
            if job is None:
                return
            task = asyncio.ensure_future(self._answer(job))
            self._running.add(task)
            task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._running.discard(task)
        self._wake.set()  # a process is free: look for a job at once

    async def _pause(self, seconds: float) -> None:
        try:
            await asyncio.wait_for(self._wake.wait(), seconds)
        except TimeoutError:
            pass

    async def _answer(self, job: ClaimedJob) -> None:
        """Search ``job`` and write the answer; give it back if this worker's pool failed or it is told to."""
        try:
            answer = await self._search(job)
        except (PoolUnavailable, asyncio.CancelledError) as exc:
            self.counts["released"] += 1
            log.warning("search worker %s: giving job %s back (%s)", self.name, job.id, str(exc) or "stopping")
            try:
                await asyncio.shield(self.jobs.release(job.id, self.name))
            except StoreUnavailable:
                pass  # it times out instead
            return
        except TimeoutError:
            self.counts["dropped"] += 1  # past its deadline: the bot has stopped waiting for it
            log.info("search worker %s: job %s passed its deadline before its answer", self.name, job.id)
            return
        try:
            if await self.jobs.finish(job.id, self.name, json.dumps(answer, separators=(",", ":"))):
                self.counts["failed" if "error" in answer else "done"] += 1
            else:
                self.counts["dropped"] += 1
                log.info("search worker %s: job %s was withdrawn before its answer", self.name, job.id)
        except StoreUnavailable as exc:
            log.warning("search worker %s: could not answer job %s: %s", self.name, job.id, exc)

    async def _search(self, job: ClaimedJob) -> dict[str, Any]:
        """``{"action": ...}``, or ``{"error": ...}`` for a request this worker cannot search (a game it does
        not know, a malformed request): the bot then searches itself rather than waiting out the deadline."""
        try:
            request = json.loads(job.request)
            search = self.pool.think(
                job.game,
                request["view"],
                request["legal"],
                int(request["player"]),
                int(request["seed"]),
                float(request["think_ms"]),
            )
        except (ValueError, KeyError, TypeError) as exc:
            return {"error": f"a malformed request: {exc!r}"}
        try:
            action = await asyncio.wait_for(search, max(0.0, job.seconds_left))
        except (PoolUnavailable, asyncio.CancelledError, TimeoutError):
            raise
        except Exception as exc:  # the search itself failed on this request
            log.exception("search worker %s: job %s failed", self.name, job.id)
            return {"error": f"{type(exc).__name__}: {exc}"}
        return {"action": action}


class CannotSearch(RuntimeError):
    """The worker's search processes cannot start here: it has nothing to offer, so it stops (and says why)."""


async def serve(worker: SearchWorker) -> None:
    """Run ``worker`` until SIGTERM or SIGINT (a second one gives back the jobs held), then stop its processes.

    CannotSearch when its search processes cannot start."""
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, worker.stop)
    try:
        await worker.run()
    except PoolUnavailable as exc:
        raise CannotSearch(f"the search processes cannot start: {exc}") from exc
    finally:
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(signum)
        worker.pool.close()


__all__ = ["CannotSearch", "ClaimedJob", "JobSource", "SearchWorker", "serve", "worker_name"]
