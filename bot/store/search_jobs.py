"""The queue of hard AI searches on the PostgreSQL server: the ``search_jobs`` table (schema version 3).

One class for both sides: the bot queues a job and waits for its answer
(:class:`bot.play.remote_search.SearchJobQueue`), a search worker claims jobs and answers them
(:class:`bot.play.search_worker.JobSource`). Why it looks like this:

* Claiming is one statement, ``UPDATE ... WHERE id = (SELECT ... FOR UPDATE SKIP LOCKED LIMIT 1)``:
  workers claiming at the same moment each get a different job and never wait on each other.
* Withdrawing is one statement too (``DELETE ... WHERE claimed_at IS NULL``): either the bot takes
  the job back or a worker has it, never both.
* Every time is the server's ``now()``: deadlines mean the same on every machine, whatever their
  clocks say.
* A trigger of the schema notifies ``meja_search_jobs`` (for workers) and ``meja_search_done``
  (for the bot that queued it); the payload is only a wake-up, the row is the truth, so a
  notification lost (a cut connection) costs at most a poll and one from another schema or
  database on the same server costs a read.
* The claiming worker's session (``pg_backend_pid()``) is kept with the claim: while a bot waits it
  looks whether that session is still there, and a worker that died mid-search is noticed in half a
  second instead of at the deadline.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from bot.play.remote_search import JobState
from bot.play.search_worker import ClaimedJob
from bot.store.sql import SqlDatabase

log = logging.getLogger(__name__)

#: Seconds past its deadline a job is kept (answered or not: who did what, for an operator) before the
#: clean-up deletes it.
KEEP_SECONDS = 60.0

_SUBMIT = (
    "INSERT INTO search_jobs (game, request, deadline) VALUES (?, ?, now() + make_interval(secs => ?)) RETURNING id"
)
_STATE = """SELECT result, claimed_at IS NOT NULL AS claimed,
       claimed_pid IS NULL OR EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = j.claimed_pid) AS alive
    FROM search_jobs j WHERE j.id = ?"""
_WITHDRAW = "DELETE FROM search_jobs WHERE id = ? AND claimed_at IS NULL"
_DROP = "DELETE FROM search_jobs WHERE id = ? RETURNING result"
_CLAIM = """UPDATE search_jobs SET claimed_by = ?, claimed_at = now(), claimed_pid = pg_backend_pid()
    WHERE claimed_at IS NULL AND id = (
        SELECT id FROM search_jobs WHERE claimed_at IS NULL AND deadline > now()
        ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1)
    RETURNING id, game, request, extract(epoch FROM deadline - now())::float8 AS seconds_left"""
_FINISH = """UPDATE search_jobs SET result = ?, done_at = now()
    WHERE id = ? AND claimed_by = ? AND result IS NULL"""
_RELEASE = """UPDATE search_jobs SET claimed_by = NULL, claimed_at = NULL, claimed_pid = NULL
    WHERE id = ? AND claimed_by = ? AND result IS NULL"""
_CLEAN = "DELETE FROM search_jobs WHERE deadline < now() - make_interval(secs => ?)"


class SearchJobs:
    """The ``search_jobs`` table of one PostgreSQL database (the bot's :class:`PostgresDatabase`)."""

    def __init__(self, database: SqlDatabase) -> None:
        if database.dialect != "postgresql":
            raise ValueError("search jobs need the PostgreSQL store (DATABASE_URL)")
        self._database = database
        #: Each job this process waits on, and whether it was told of an answer.
        self._answered: dict[int, asyncio.Event] = {}
        self._listening: asyncio.Future[None] | None = None

    # --- the bot's side -----------------------------------------------------------------------------------
    async def submit(self, game: str, request: str, budget: float) -> int:
        await self._listen_for_answers()
        rows = await self._database.rows(_SUBMIT, (game, request, float(budget)))
        job = int(rows[0]["id"])
        self._answered[job] = asyncio.Event()
        return job

    async def wait(self, job: int, timeout: float) -> bool:
        event = self._answered.get(job)
        if event is None:
            await asyncio.sleep(max(0.0, timeout))
            return False
        try:
            await asyncio.wait_for(event.wait(), max(0.0, timeout))
        except TimeoutError:
            return False
        event.clear()  # the next wait waits for the next word (a notification of another schema's job, say)
        return True

    async def state(self, job: int) -> JobState | None:
        rows = await self._database.rows(_STATE, (job,))
        if not rows:
            return None
        row = rows[0]
        return JobState(result=row["result"], claimed=bool(row["claimed"]), claimant_alive=bool(row["alive"]))

    async def withdraw(self, job: int) -> bool:
        return await self._database.run(_WITHDRAW, (job,)) == 1

    async def drop(self, job: int) -> str | None:
        rows = await self._database.rows(_DROP, (job,))
        return rows[0]["result"] if rows else None

    def forget(self, job: int) -> None:
        self._answered.pop(job, None)

    async def _listen_for_answers(self) -> None:
        """Listen on ``meja_search_done`` once per process (the first submit waits for it; a failure is tried
        again at the next)."""
        listening = self._listening
        if listening is None or (listening.done() and (listening.cancelled() or listening.exception() is not None)):
            listening = self._listening = asyncio.ensure_future(
                self._database.listen("meja_search_done", self._told, self._all_told)
            )
        try:
            await asyncio.shield(listening)
        except Exception as exc:  # noqa: BLE001 - whatever kept the connection from opening, the polls cover it
            log.warning("cannot listen for search answers (%s); looking every half second instead", exc)

    def _told(self, payload: str) -> None:
        event = self._answered.get(int(payload))
        if event is not None:
            event.set()

    def _all_told(self) -> None:
        """Answers may have come unheard (the listening connection was lost a while): every waiter looks."""
        for event in self._answered.values():
            event.set()

    # --- a worker's side ----------------------------------------------------------------------------------
    async def on_new_job(self, told: Callable[[], None]) -> None:
        try:
            await self._database.listen("meja_search_jobs", lambda _payload: told(), told)
        except Exception as exc:  # noqa: BLE001 - whatever kept the connection from opening, the polls cover it
            log.warning("cannot listen for search jobs (%s); looking four times a second instead", exc)

    async def claim(self, worker: str) -> ClaimedJob | None:
        rows = await self._database.rows(_CLAIM, (worker,))
        if not rows:
            return None
        row = rows[0]
        return ClaimedJob(int(row["id"]), row["game"], row["request"], float(row["seconds_left"]))

    async def finish(self, job: int, worker: str, result: str) -> bool:
        return await self._database.run(_FINISH, (result, job, worker)) == 1

    async def release(self, job: int, worker: str) -> bool:
        return await self._database.run(_RELEASE, (job, worker)) == 1

    # --- both ---------------------------------------------------------------------------------------------
    async def clean(self) -> int:
        return await self._database.run(_CLEAN, (KEEP_SECONDS,))


__all__ = ["KEEP_SECONDS", "SearchJobs"]
