"""The per-match locks of the match service: one asyncio lock per match, only while it is in use."""

from __future__ import annotations

import asyncio
import weakref


class MatchLocks:
    """One lock per match, kept only while someone holds or waits for it.

    A weak map: a match nobody is touching has no lock object, so a bot that has seen
    a million matches does not keep a million locks. Whoever holds or awaits a lock
    keeps a reference to it, so two tasks can never get different locks for one match.
    """

    def __init__(self) -> None:
        self._by_match: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def get(self, match_id: int) -> asyncio.Lock:
        lock = self._by_match.get(match_id)
        if lock is None:
            lock = self._by_match[match_id] = asyncio.Lock()
        return lock

    def __len__(self) -> int:
        return len(self._by_match)


def is_free(lock: asyncio.Lock) -> bool:
    """Whether ``lock.acquire()`` would take ``lock`` at once: nobody holds it and nobody is queued for it.

    A free lock is then taken without ``asyncio.wait_for``, which would start a task and go once
    round the event loop, behind whatever else is ready, before the click is even looked at.
    (``asyncio.Lock`` keeps its queue in ``_waiters``; a waiter whose wait was cancelled does not count.)
    """
    return not lock.locked() and not any(not waiter.cancelled() for waiter in (getattr(lock, "_waiters", None) or ()))
