"""An event loop whose clock is virtual: waiting costs no real time, work costs no virtual time.

Rate limits are about seconds (5 posts per 5 s, 50 requests per second), and
discord.py honours them with ``asyncio.sleep`` and ``loop.time()``. On this
loop both are virtual: whenever nothing is ready to run, the clock jumps to
the next timer instead of sleeping, so a test of a 5-second bucket or a
benchmark of ten minutes of play runs as fast as the CPU allows, with the
same code paths as in production.

Work handed to threads (aiosqlite's connection thread, ``run_in_executor``)
is the exception: while any is in flight the loop waits for it in real time
and the clock stands still, so a database commit never lets virtual seconds
slip by (which would fire timers such as the lock patience too early).
"""

from __future__ import annotations

import asyncio
import functools
import selectors
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from bot.play.clock import SystemClock

T = TypeVar("T")

#: Longest real wait for a thread's result before looking again (a thread that wrote nothing yet).
_THREAD_POLL = 0.05


class _VirtualSelector(selectors.DefaultSelector):
    """Polls the real selector; jumps the loop's clock instead of blocking when nothing runs elsewhere."""

    def __init__(self) -> None:
        super().__init__()
        self.loop: VirtualTimeLoop | None = None

    def select(self, timeout: float | None = None) -> list[Any]:
        loop = self.loop
        if loop is None or timeout == 0:
            return super().select(timeout)
        if loop.threads_busy > 0:
            return super().select(_THREAD_POLL if timeout is None else min(timeout, _THREAD_POLL))
        events = super().select(0)
        if events or timeout is None:
            return events if events or timeout is not None else super().select(None)
        loop.advance(timeout)
        return []


class VirtualTimeLoop(asyncio.SelectorEventLoop):
    """``asyncio.SelectorEventLoop`` with a virtual ``time()`` (see the module's docstring)."""

    def __init__(self, start: float = 0.0) -> None:
        selector = _VirtualSelector()
        super().__init__(selector)
        selector.loop = self
        self._virtual_now = start
        #: Thread hand-overs in flight; while any is, the clock does not jump.
        self.threads_busy = 0

    def time(self) -> float:
        return self._virtual_now

    def advance(self, seconds: float) -> None:
        """Move the clock forward (the selector does this when the loop would sleep)."""
        if seconds > 0:
            self._virtual_now += seconds

    def run_in_executor(self, executor: Any, func: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        self.threads_busy += 1
        future = super().run_in_executor(executor, func, *args)
        future.add_done_callback(self._thread_done)
        return future

    def _thread_done(self, _: Any) -> None:
        self.threads_busy -= 1


def _track_aiosqlite() -> Callable[[], None]:
    """Count aiosqlite's thread hand-overs on a virtual loop; returns the undo."""
    try:
        from aiosqlite import core
    except ImportError:  # pragma: no cover - the project always has aiosqlite
        return lambda: None
    original = core.Connection._execute
    if getattr(original, "__virtual_time__", False):
        return lambda: None

    @functools.wraps(original)
    async def _execute(self: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
        loop = asyncio.get_running_loop()
        if not isinstance(loop, VirtualTimeLoop):
            return await original(self, fn, *args, **kwargs)
        loop.threads_busy += 1
        try:
            return await original(self, fn, *args, **kwargs)
        finally:
            loop.threads_busy -= 1

    _execute.__virtual_time__ = True  # type: ignore[attr-defined]
    core.Connection._execute = _execute  # type: ignore[method-assign]

    def undo() -> None:
        core.Connection._execute = original  # type: ignore[method-assign]

    return undo


def run(main: Awaitable[T], *, start: float = 0.0) -> T:
    """Run ``main`` to its end on a fresh :class:`VirtualTimeLoop` (like ``asyncio.run``)."""
    loop = VirtualTimeLoop(start)
    undo = _track_aiosqlite()
    try:
        asyncio.set_event_loop(loop)
        return loop.run_until_complete(main)
    finally:
        try:
            pending = [t for t in asyncio.all_tasks(loop) if not t.done()]
            for task in pending:
                task.cancel()
            if pending:
                loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.run_until_complete(loop.shutdown_default_executor())
        finally:
            asyncio.set_event_loop(None)
            loop.close()
            undo()


class LoopClock(SystemClock):
    """The bot's wall clock (Unix seconds) read from the running loop, so deadlines move with virtual time.

    Like ``SystemClock`` the scheduler sleeps towards deadlines with it; on a virtual loop those
    sleeps are virtual too, so AI delays and reply deadlines pass without real waiting.
    """

    def __init__(self, epoch: float = 1_800_000_000.0) -> None:
        self.epoch = epoch

    def now(self) -> float:
        return self.epoch + asyncio.get_running_loop().time()

    def __call__(self) -> float:
        return self.now()
