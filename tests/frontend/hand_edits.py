"""Watching the bot's hand-DM edits: the pacer priority each went out at, and whose DM it was.

The bot's hand DMs are edited by one worker task per (match, player), named ``game:hand:<match>:<player>``,
which takes its slot through ``ratelimit.slot_first`` and edits inside it. The watcher wraps that, so it
sees the priority the bot chose, and keeps only the edits of that worker's own player's hand DM: other
workers' requests made meanwhile (another player's DM, a window prompt in the same channel) are not its.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.frontend.delivery import ratelimit
from tools.sim import FakeDiscord

HAND_WORKER = "game:hand:"


@dataclass(frozen=True)
class HandEdit:
    """One hand-DM edit: its priority, its player, and what the test noted when its slot came."""

    priority: ratelimit.Priority
    player: int
    noted: Any


def is_hand_dm(request: Any) -> bool:
    """Whether a recorded request carries a hand DM (its embed is titled with the player's hand)."""
    body = request.json if isinstance(request.json, dict) else {}
    if isinstance(body.get("payload_json"), str):
        body = json.loads(body["payload_json"])
    embeds = body.get("embeds") or []
    title = (embeds[0].get("title") or "") if embeds else ""
    return title.startswith("Your") and " hand" in title


def watch_hand_edits(
    monkeypatch: Any, world: Callable[[], FakeDiscord], note: Callable[[int], Any] = lambda player: None
) -> list[HandEdit]:
    """From now on, every hand-DM edit is appended to the returned list. ``note(player)`` is called as the
    edit's slot comes, right after the bot classed it (with no pacer installed nothing waits between), and
    what it returns is kept with the edit."""
    edits: list[HandEdit] = []
    inner = ratelimit.slot_first

    @contextlib.asynccontextmanager
    async def watched(pacer: Any, priority: ratelimit.Priority = ratelimit.Priority.BACKGROUND):
        async with inner(pacer, priority):
            task = asyncio.current_task()
            name = task.get_name() if task is not None else ""
            player = int(name.rsplit(":", 1)[-1]) if name.startswith(HAND_WORKER) else None
            noted = note(player) if player is not None else None
            since = len(world().requests)
            yield
            if player is None:
                return
            dm = world().directory.users[player].dm_channel_id
            edits.extend(
                HandEdit(priority, player, noted)
                for request in world().requests[since:]
                if request.method == "PATCH" and request.path.startswith(f"/channels/{dm}/") and is_hand_dm(request)
            )

    monkeypatch.setattr(ratelimit, "slot_first", watched)
    return edits
