"""Worker processes for CPU work that must never hold up the event loop (AI searches, pictures).

A thread would not do: while Python code runs in a thread it holds the interpreter lock, and the
event loop cannot answer a click meanwhile. :class:`WorkerPool` hands a call to a
``ProcessPoolExecutor`` started on first use (``spawn``: no fork of a process running an event
loop), whose workers run at a lower priority and import what they need once. When the pool cannot
be started or breaks, :class:`PoolUnavailable` tells the caller to do the work another way; a broken
pool is replaced at the next call.

A worker ends with the bot, however the bot ends: a SIGKILL gives the pool no chance to stop its
workers, and they would otherwise wait on their task queue for ever (each holds that queue's write
end too, so they never read an end of file), so each worker watches its parent and exits when it is
gone (:func:`exit_with_parent`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import multiprocessing.connection
import os
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

log = logging.getLogger(__name__)

#: Workers run at this lower priority, so the bot's own process gets a core first when a reply is due.
WORKER_NICENESS = 10


class PoolUnavailable(RuntimeError):
    """No worker can do the call now (not started, broken, or too slow): the caller does without."""


def lower_priority() -> None:
    """Run this worker at :data:`WORKER_NICENESS` (where the platform allows it: work goes on regardless)."""
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):
        pass


def exit_with_parent() -> None:
    """In a worker process: exit as soon as the process that started it is gone (a no-op in the bot itself).

    A daemon thread waits on the parent's sentinel, which the operating system makes ready when the
    parent ends, however it ends; no polling, and a worker busy with a call still exits."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def wait_then_exit() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=wait_then_exit, name="exit-with-parent", daemon=True).start()


def _start_worker(initializer: Callable[[], None]) -> None:
    """What every worker runs first: tie its life to the bot's, then the pool's own initializer."""
    exit_with_parent()
    initializer()


def default_workers() -> int:
    """One worker per core but one, at least one: the bot keeps a core to itself for replies."""
    return max(1, (os.cpu_count() or 1) - 1)


class WorkerPool:
    """A lazily started process pool; ``initializer`` runs once in each worker (lower its priority there)."""

    def __init__(self, what: str, workers: int, initializer: Callable[[], None]) -> None:
        self.what = what
        self.workers = workers
        self._initializer = initializer
        self._executor: ProcessPoolExecutor | None = None
        self.disabled = False

    def _get(self) -> ProcessPoolExecutor:
        if self.disabled:
            raise PoolUnavailable(f"the {self.what} pool is disabled")
        if self._executor is None:
            try:
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(
                    self.workers, mp_context=context, initializer=functools.partial(_start_worker, self._initializer)
                )
            except (OSError, ValueError, NotImplementedError) as exc:
                raise PoolUnavailable(f"cannot start the {self.what} pool: {exc}") from exc
        return self._executor

    async def run(self, timeout: float, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in a worker (plain, picklable data only); PoolUnavailable if no worker answers in time."""
        executor = self._get()
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(executor, fn, *args)
        except (OSError, RuntimeError) as exc:  # a worker could not be spawned, or the pool was shut down
            self._executor = None
            raise PoolUnavailable(f"cannot start a {self.what} worker: {exc}") from exc
        try:
            return await asyncio.wait_for(future, timeout)
        except BrokenProcessPool as exc:
            log.warning("the %s pool broke; starting a new one at the next call", self.what)
            if self._executor is executor:
                self._executor = None
            raise PoolUnavailable(f"the {self.what} pool broke") from exc
        except TimeoutError as exc:
            raise PoolUnavailable(f"the {self.what} worker took too long") from exc

    def processes(self) -> list[Any]:
        """The worker processes running now (none before the first call or after :meth:`close`)."""
        executor = self._executor
        return list((getattr(executor, "_processes", None) or {}).values()) if executor is not None else []

    def close(self) -> None:
        """Stop the workers: calls not started are cancelled, one running finishes first; the next call starts a new
        pool."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
