"""How much of a benchmark process's memory is the Discord stand-in's, not the bot's.

The stand-in lives in the bot's process, and what it keeps is Discord's
memory in real life: every message on a player's screen (tables, hand DMs,
pickers, with their embeds and components), and each player's latest
interaction (its payload and the requests made through its token, kept so
the token stays valid). At six seats that is several messages and
interactions per match, so a figure for the bot alone must take them out.

This walks the stand-in's own objects (``tools.sim`` classes, the containers
and plain values they hold) from the world down, and sums their Python
sizes; it stops at any object of another package, so nothing of the bot or
discord.py is counted. Python sizes are a lower bound of what the allocator
holds for them, so the bot's share derived from it is an upper bound.
"""

from __future__ import annotations

import sys
from typing import Any

from tools.sim import FakeDiscord

_PLAIN = (str, bytes, bytearray, int, float, bool, type(None))


def _ours(obj: Any) -> bool:
    return type(obj).__module__.startswith("tools.sim")


def sim_bytes(world: FakeDiscord) -> int:
    """Python size of everything the stand-in holds, reached from ``world`` through its own objects."""
    seen: set[int] = {id(c) for c in world.gateway.clients}
    stack: list[Any] = [world]
    total = 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        if isinstance(obj, _PLAIN):
            continue
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset)):
            stack.extend(obj)
        elif _ours(obj):
            fields = getattr(obj, "__dict__", None)
            if isinstance(fields, dict):
                total += sys.getsizeof(fields)
                stack.extend(fields.values())
    return total
