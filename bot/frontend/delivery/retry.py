"""A request that matters, tried again when Discord fails on its side: a prompt, a hand DM, the table.

A 5xx or a timeout says nothing about the request itself, so it is sent again after a short
wait (a quarter of a second, then twice as long each time, three tries in all); a 4xx is
Discord's answer to the request (a closed DM, a deleted message) and is never retried. An
upload is rewound before it is sent again, so the retry carries the same bytes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import TypeVar

import discord

log = logging.getLogger(__name__)
T = TypeVar("T")

#: What a request to Discord may fail with: Discord's answer (an error status), or no answer in time.
FAILED = (discord.HTTPException, TimeoutError)

#: Tries in all, and the wait before the second (doubling after).
TRIES = 3
FIRST_WAIT = 0.25


def worth_retrying(error: BaseException) -> bool:
    """A failure on Discord's side (a 5xx) or no answer in time: the same request may well work."""
    if isinstance(error, discord.HTTPException):
        return error.status >= 500
    return isinstance(error, TimeoutError)


async def retried(what: str, send: Callable[[], Awaitable[T]], files: Iterable[object] = ()) -> T:
    """``send()``, again after a wait when it fails on Discord's side; the last failure is raised. ``files``: what
    the request uploads (attachments already on the message are left as they are)."""
    uploads = [upload for upload in files if isinstance(upload, discord.File)]
    wait = FIRST_WAIT
    for attempt in range(1, TRIES + 1):
        try:
            return await send()
        except FAILED as exc:
            if attempt == TRIES or not worth_retrying(exc):
                raise
            log.warning("%s failed (%s); trying again in %.2f s", what, exc, wait)
        await asyncio.sleep(wait)
        wait *= 2
        for upload in uploads:
            upload.reset()
    raise AssertionError("unreachable")


__all__ = ["FAILED", "FIRST_WAIT", "TRIES", "retried", "worth_retrying"]
