"""Worker processes for hard AI seats, so a search never holds up the event loop.

A search is CPU work for up to ``ai_think_ms``; on the loop it would delay every
other match's reply by as much. :class:`SearchPool` hands it to a
``ProcessPoolExecutor`` (started on the first hard move, with the engines imported
once per worker) and awaits the answer. When the pool cannot be started or breaks,
:class:`PoolUnavailable` tells the caller to play normal instead.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Mapping, Sequence

from bot.engine import Action, PlayerId

log = logging.getLogger(__name__)

#: Extra seconds a search may take past its budget (a queue behind other searches) before normal plays instead.
GRACE_SECONDS = 10.0


class PoolUnavailable(RuntimeError):
    """No worker can search now (not started, broken, or too slow): play normal."""


#: Workers run at this lower priority, so the bot's own process gets a core first when a reply is due.
WORKER_NICENESS = 10


def _warm() -> None:
    """Lower the worker's priority and import every engine once, so a search spends its budget searching."""
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):  # not on this platform, or not allowed: searches still work
        pass
    from bot.engine import all_games

    all_games()


def default_workers() -> int:
    """One worker per core but one, at least one: the bot keeps a core to itself for replies."""
    return max(1, (os.cpu_count() or 1) - 1)


class SearchPool:
    """A lazily started process pool that runs :func:`bot.ai.search.think`."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or default_workers()
        self._executor: ProcessPoolExecutor | None = None
        self.disabled = False

    def _get(self) -> ProcessPoolExecutor:
        if self.disabled:
            raise PoolUnavailable("the search pool is disabled")
        if self._executor is None:
            try:
                context = multiprocessing.get_context("spawn")  # no fork of a process running an event loop
                self._executor = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_warm)
            except (OSError, ValueError, NotImplementedError) as exc:
                raise PoolUnavailable(f"cannot start the search pool: {exc}") from exc
        return self._executor

    async def think(self, game_name: str, view: Mapping[str, Any], legal: Sequence[Action], player: PlayerId,
                    seed: int, think_ms: float) -> Action:
        """The search's move, computed in a worker; PoolUnavailable if no worker answers in time."""
        from bot.ai.search import think

        executor = self._get()
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(executor, think, game_name, dict(view), list(legal), player, seed,
                                          float(think_ms))
            return await asyncio.wait_for(future, think_ms / 1000.0 + GRACE_SECONDS)
        except BrokenProcessPool as exc:
            log.warning("the search pool broke; starting a new one at the next hard move")
            self._executor = None
            raise PoolUnavailable("the search pool broke") from exc
        except asyncio.TimeoutError as exc:
            raise PoolUnavailable("the search took too long") from exc

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


#: The pool every match service shares (one set of workers per bot process).
SHARED = SearchPool()
atexit.register(SHARED.close)
