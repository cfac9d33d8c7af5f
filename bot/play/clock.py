"""Wall-clock time behind one small interface, so deadlines can be tested without sleeping.

The bot stores deadlines as Unix timestamps and compares them with
``clock.now()``. Tests swap in :class:`ManualClock` and move time forward
explicitly; nothing in the bot calls ``time.time()`` directly.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class SystemClock:
    """Real time."""

    def now(self) -> float:
        return time.time()

    def __call__(self) -> float:
        return self.now()


class ManualClock:
    """Time that moves only when a test says so. ``advance`` notifies listeners (the scheduler)."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = start
        self._listeners: list[Callable[[], None]] = []

    def now(self) -> float:
        return self._now

    def __call__(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        self._now += seconds
        for listener in list(self._listeners):
            listener()

    def on_advance(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)


Clock = SystemClock | ManualClock
