"""How late what a player relies on reaches Discord, counted from the commit that made it due.

The table's lag is reported by its refresher (``TableRefresher.shown_listeners``); this is the rest a
player waits for: the prompt that asks them in a window or for a decision, the ping that mentions them,
and the hand DM that shows what someone else's move changed. Under load each waits for its slot at the
pacer, so each can fall behind on its own; the benchmark listens here to say how far.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

#: What a listener hears: the kind and the seconds since the commit. A hand DM is "hand" for a change someone
#: else made, "catch_up" when it only catches up its player's own moves (their picker showed them).
Listener = Callable[[str, float], None]
PROMPT, PING, HAND, CATCH_UP = "prompt", "ping", "hand", "catch_up"

T = TypeVar("T")


def now() -> float:
    """The loop's clock (the benchmark's virtual one on its loop)."""
    return asyncio.get_running_loop().time()


class Lateness:
    """The listeners told how late each delivery was."""

    def __init__(self) -> None:
        self.listeners: list[Listener] = []

    def report(self, kind: str, seconds: float) -> None:
        for listener in self.listeners:
            listener(kind, seconds)

    def went_out(self, kind: str, since: float) -> None:
        """A delivery due since ``since`` (the loop's clock) reached Discord just now."""
        self.report(kind, now() - since)

    async def delivered(self, kind: str, since: float, sending: Awaitable[T]) -> T:
        """Await ``sending`` (true when it went out) and report its lateness if it did."""
        sent = await sending
        if sent:
            self.went_out(kind, since)
        return sent
