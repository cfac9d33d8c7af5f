"""Keeping the bot's own pace under Discord's global rate limit (50 requests per second per token).

discord.py learns each route's bucket from the response headers and waits
before a bucket runs dry, but it has no such knowledge of the global limit:
it only meets it as a 429, then holds every request for ``retry_after`` and
lets them all go at once, which meets the limit again. After five 429s in a
row a request fails. So the bot spaces its own requests instead: every
request through the HTTP client (channel posts, edits, deletes, DMs; never an
interaction reply, which goes through the interaction webhook and is exempt)
waits for its slot at a steady rate a little under the limit, first come
first served. A 429 then stays an accident, not the way the bot learns it is
too fast.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord

#: Requests per second the bot allows itself: under Discord's 50, with room for a burst of ``BURST``.
RATE = 45.0
BURST = 5
#: An HTTP client with this attribute set true has no global limit to keep to; it is not paced.
UNLIMITED = "no_global_rate_limit"


class GlobalPacer:
    """A generic cell rate algorithm: at most ``burst`` at once, then one every ``1 / rate`` seconds, in order."""

    def __init__(self, rate: float = RATE, burst: int = BURST) -> None:
        self.interval = 1.0 / rate
        self.tolerance = (burst - 1) * self.interval
        self._tat = float("-inf")  # theoretical arrival time of the next request
        #: Requests that had to wait for their slot, and the seconds they waited in all.
        self.waited = 0
        self.wait_seconds = 0.0

    def reserve(self, now: float) -> float:
        """Take the next slot; returns how long to wait for it (0 if it is free now)."""
        tat = max(self._tat, now)
        delay = max(0.0, tat - self.tolerance - now)
        self._tat = tat + self.interval
        return delay

    async def wait(self) -> None:
        delay = self.reserve(asyncio.get_running_loop().time())
        if delay > 0:
            self.waited += 1
            self.wait_seconds += delay
            await asyncio.sleep(delay)


def install_pacer(http: discord.http.HTTPClient, pacer: GlobalPacer | None = None) -> GlobalPacer:
    """Make every request of ``http`` wait for its slot first (once per client; returns the pacer)."""
    existing = getattr(http, "_meja_pacer", None)
    if existing is not None:
        return existing
    pacer = pacer or GlobalPacer()
    if getattr(http, UNLIMITED, False):
        return pacer  # served by something with no global limit (the offline stand-in without limits)
    inner = http.request

    async def request(route: discord.http.Route, **kwargs: Any) -> Any:
        await pacer.wait()
        return await inner(route, **kwargs)

    # discord.py looks the method up on the instance, so wrapping it there paces everything it sends.
    http.request = request  # type: ignore[method-assign]
    http._meja_pacer = pacer  # type: ignore[attr-defined]
    return pacer
