"""Hard searches on search workers, possibly on other machines, with this process's own pool behind them.

``AI_SEARCH=remote``: a hard seat's search (plain data: view, legal actions, seat, seed,
``think_ms``) is queued as a job in the database (:mod:`bot.store.search_jobs`); a search
worker (``python -m bot worker``, :mod:`bot.play.search_worker`) claims it, searches and
writes the move back. The bot waits for the answer without holding anything but the match's
lock, and turning workers on never makes a hard seat worse than without them:

* No worker takes the job within :data:`CLAIM_WINDOW` (none running, or all busy): the job is
  withdrawn (only if still unclaimed, in one statement, so a worker cannot take it meanwhile)
  and the search runs in the local pool as it would without workers. For
  :data:`RETRY_REMOTE_AFTER` seconds after that, searches go straight to the local pool, so a
  bot whose workers are down does not pay the window on every move.
* The worker holding the job dies (its database session is gone: a SIGKILL, a crash) or gives
  the job back (it was stopped): the job is withdrawn and searched locally.
* No answer within ``think_ms`` and :data:`REMOTE_GRACE` seconds (a worker stopped or cut off
  from its machine, still connected): the job is deleted, so a late worker drops it, and
  PoolUnavailable tells the seat to play normal, as the local pool's timeout does.

A view or a legal action that would not come back from JSON exactly as it is (a tuple, an int
key) is never sent: that search runs locally. Every game's views and actions are plain JSON
today; the check keeps a future game's from being answered with a move that differs from every
legal one.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.ai.pool import PoolUnavailable
from bot.kernel.contract import Action, PlayerId
from bot.play.ai_seats import Search
from bot.play.record import StoreUnavailable

log = logging.getLogger(__name__)

#: Seconds a job may wait for a worker to claim it before the local pool searches instead. A worker that is
#: alive and free claims within milliseconds of being told (or its next look, a quarter of a second).
CLAIM_WINDOW = 0.5
#: Seconds past ``think_ms`` a claimed job may take before the seat plays normal. Tighter than the local
#: pool's ten: a worker claims a job only when one of its processes is free and starts it at once (no queue
#: to wait behind), so what is left is the round trips; and a dead worker is found out sooner still.
REMOTE_GRACE = 3.0
#: Seconds between two looks at a claimed job (is its worker still connected?); also the poll behind the
#: notification that it is answered, should that connection's notifications be cut.
CHECK_EVERY = 0.5
#: After a job found no worker, seconds during which searches go straight to the local pool.
RETRY_REMOTE_AFTER = 5.0
#: Seconds between two clean-ups of old jobs started by this process (the workers clean up too).
CLEAN_EVERY = 60.0


@dataclass(frozen=True)
class JobState:
    """Where one queued search stands."""

    #: The worker's answer (JSON text: ``{"action": ...}`` or ``{"error": ...}``), once written.
    result: str | None
    #: A worker holds the job.
    claimed: bool
    #: The worker holding it is still connected to the database (True when nobody holds it).
    claimant_alive: bool


class SearchJobQueue(Protocol):
    """The queue of search jobs as the bot uses it (the store's :class:`bot.store.search_jobs.SearchJobs`)."""

    async def submit(self, game: str, request: str, budget: float) -> int:
        """Queue a job that may be worked on for ``budget`` seconds from now; its id."""
        ...

    async def wait(self, job: int, timeout: float) -> bool:
        """Wait until told that ``job`` may be answered (True) or ``timeout`` seconds passed (False)."""
        ...

    async def state(self, job: int) -> JobState | None:
        """Where ``job`` stands; None once it is gone."""
        ...

    async def withdraw(self, job: int) -> bool:
        """Delete ``job`` if no worker holds it, in one statement; whether it was deleted."""
        ...

    async def drop(self, job: int) -> str | None:
        """Delete ``job`` whatever its state; its result if it had one by then."""
        ...

    def forget(self, job: int) -> None:
        """Stop listening for ``job``'s answer."""
        ...

    async def clean(self) -> int:
        """Delete jobs whose deadline is long past; how many."""
        ...


def exact_json(value: Any) -> str | None:
    """``value`` as compact JSON text, or None if reading it back would not give ``value`` exactly.

    A tuple reads back as a list, an int key as a string: a job carrying one could be answered with an action
    equal to no legal one, or searched from a different view."""
    try:
        text = json.dumps(value, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError):
        return None
    return text if json.loads(text) == value else None


class RemoteSearch:
    """A :class:`~bot.play.ai_seats.Search` on search workers, falling back to ``local`` (the bot's own pool).

    ``counts`` says how each search went: ``remote`` (a worker answered), ``local`` (no worker took it, or it
    could not be sent), ``lost`` (its worker died or gave it back: searched locally), ``late`` (no answer in
    time: normal plays)."""

    def __init__(
        self,
        jobs: SearchJobQueue,
        local: Search,
        *,
        claim_window: float = CLAIM_WINDOW,
        grace: float = REMOTE_GRACE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.jobs = jobs
        self.local = local
        self.claim_window = claim_window
        self.grace = grace
        self._clock = clock
        self._local_until = float("-inf")
        self._next_clean = float("-inf")
        self._cleaning: asyncio.Task[None] | None = None
        self.counts: Counter[str] = Counter()

    async def think(
        self,
        game_name: str,
        view: Mapping[str, Any],
        legal: Sequence[Action],
        player: PlayerId,
        seed: int,
        think_ms: float,
    ) -> Action:
        """The move of a search worker, else of the local pool; PoolUnavailable when neither answers in time."""
        here = functools.partial(self.local.think, game_name, view, legal, player, seed, think_ms)
        request = exact_json(
            {"view": dict(view), "legal": list(legal), "player": player, "seed": seed, "think_ms": think_ms}
        )
        if request is None or self._clock() < self._local_until:
            return await self._locally("local", here)
        self._clean_now_and_then()
        budget = think_ms / 1000.0 + self.grace
        try:
            job = await self.jobs.submit(game_name, request, budget)
        except StoreUnavailable as exc:
            log.warning("cannot queue a hard search (%s); searching here", exc)
            return await self._locally("local", here)
        try:
            answer = await self._await(job, self._clock() + budget)
        except StoreUnavailable as exc:
            log.warning("lost sight of hard search job %s (%s); searching here", job, exc)
            answer = None
        finally:
            self.jobs.forget(job)
        if isinstance(answer, str):
            return await self._locally(answer, here)
        if answer is None:
            return await self._locally("lost", here)
        self.counts["remote"] += 1
        return answer

    async def _await(self, job: int, deadline: float) -> Action | str | None:
        """The worker's action; else why not: ``"local"`` (nobody took the job) or None (its worker is gone).

        PoolUnavailable when the job is still unanswered at ``deadline``."""
        answered = await self.jobs.wait(job, self.claim_window)
        if not answered and await self.jobs.withdraw(job):
            self._local_until = self._clock() + RETRY_REMOTE_AFTER
            log.info("no search worker took hard search job %s; searching here", job)
            return "local"
        while True:
            state = await self.jobs.state(job)
            if state is None:
                return None
            if state.result is not None:
                return _action(state.result, job)
            if not state.claimed:  # its worker gave it back (it is stopping): take it back unless another took it
                if await self.jobs.withdraw(job):
                    return None
            elif not state.claimant_alive:
                result = await self.jobs.drop(job)
                if result is not None:
                    return _action(result, job)
                log.warning("the search worker holding job %s is gone; searching here", job)
                return None
            left = deadline - self._clock()
            if left <= 0:
                result = await self.jobs.drop(job)
                if result is not None:
                    return _action(result, job)
                self.counts["late"] += 1
                raise PoolUnavailable(f"no search worker answered job {job} in time")
            await self.jobs.wait(job, min(left, CHECK_EVERY))

    async def _locally(self, why: str, search: Callable[[], Awaitable[Action]]) -> Action:
        """The search in this process's own pool, counted under ``why`` (nobody took it, its worker is gone...)."""
        self.counts[why] += 1
        return await search()

    def _clean_now_and_then(self) -> None:
        """Delete old jobs once a minute, beside the searches (the workers do too; this covers a bot alone)."""
        now = self._clock()
        if now < self._next_clean or (self._cleaning is not None and not self._cleaning.done()):
            return
        self._next_clean = now + CLEAN_EVERY
        self._cleaning = asyncio.ensure_future(self._clean())

    async def _clean(self) -> None:
        try:
            await self.jobs.clean()
        except StoreUnavailable as exc:
            log.info("could not clean old search jobs: %s", exc)


def _action(result: str, job: int) -> Action | str:
    """The action in a worker's answer, or ``"error"`` when the worker could not search (the local pool will)."""
    try:
        answer = json.loads(result)
        if isinstance(answer.get("action"), dict):
            action: Action = answer["action"]
            return action
        why = answer.get("error", "no action in its answer")
    except (ValueError, AttributeError) as exc:  # not JSON, or not an object: a worker of another version
        why = f"an answer that cannot be read ({exc})"
    log.warning("the search worker could not search job %s: %s; searching here", job, why)
    return "error"


__all__ = ["CLAIM_WINDOW", "REMOTE_GRACE", "JobState", "RemoteSearch", "SearchJobQueue", "exact_json"]
