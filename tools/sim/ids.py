"""Snowflake ids for everything the simulated API creates, and reading ids given in any form.

Real snowflakes encode their creation time (discord.py derives
``created_at`` from them, and uses message age to pick rate-limit buckets for
deletes), so generated ids use the real clock and only ever increase, which
also makes "newer message" comparisons in bot code behave as in production.
"""

from __future__ import annotations

import time
from typing import Any

DISCORD_EPOCH_MS = 1420070400000


class Snowflakes:
    """Strictly increasing snowflakes stamped with the current time."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        stamped = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = stamped if stamped > self._last else self._last + 1
        return self._last


def to_id(value: Any) -> int:
    """An id from an int, a string of digits, or anything with ``.id``."""
    if isinstance(value, bool):
        raise TypeError("a bool is not an id")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return int(value.id)
