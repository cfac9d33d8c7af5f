"""Deciding when the bot has finished reacting to what a test just did.

discord.py never runs a handler inline: the gateway parser schedules a task
(``CommandTree-invoker``, ``discord-ui-view-dispatch-*``,
``discord-ui-modal-dispatch-*``, ``discord-ui-dynamic-item-*``, and
``discord.py: on_<event>`` for listeners), and game code names its own tasks
``game:*``. A test may only assert once those tasks are done.

Some handlers legitimately never finish on their own: a command that sends
a prompt and awaits ``view.wait()`` or ``client.wait_for(...)`` is waiting for
a player, exactly like in production. Such a task counts as quiet when the
future it is parked on belongs to a view, a modal or a ``wait_for`` listener;
anything else (database threads, timers, other I/O) counts as busy.
"""

from __future__ import annotations

import asyncio
import functools
from typing import Iterable

import discord

HANDLER_PREFIXES = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch",
    "discord-ui-modal-dispatch",
    "discord-ui-dynamic-item",
    "discord.py: ",
    "game:",
)

#: How often to re-check tasks that neither finish nor look idle (they may start waiting for a player).
_POLL = 0.005


def is_handler(task: asyncio.Task) -> bool:
    return task.get_name().startswith(HANDLER_PREFIXES)


def player_wait_futures(clients: Iterable[discord.Client]) -> list[asyncio.Future]:
    """Futures that only a player's action (or a view timeout) will resolve."""
    futures: list[asyncio.Future] = []
    for client in clients:
        store = client._connection._view_store
        views: set = set(store._synced_message_views.values()) | set(store._modals.values())
        for items in store._views.values():
            for item in items.values():
                if item.view is not None:
                    views.add(item.view)
        for view in views:
            fut = getattr(view, "_BaseView__stopped", None)
            if fut is not None and not fut.done():
                futures.append(fut)
        for listeners in client._listeners.values():
            futures.extend(fut for fut, _check in listeners if not fut.done())
    return futures


def waits_for_player(task: asyncio.Task, futures: list[asyncio.Future]) -> bool:
    """True if ``task`` is parked on one of ``futures`` (directly or through ``asyncio.wait_for``)."""
    waiter = getattr(task, "_fut_waiter", None)
    if waiter is None:
        return False
    for fut in futures:
        if waiter is fut:
            return True
        # asyncio.wait_for (3.11) parks the caller on a private waiter that the
        # awaited future releases through a functools.partial done-callback.
        for callback, _ctx in getattr(fut, "_callbacks", None) or ():
            if isinstance(callback, functools.partial) and callback.args and callback.args[0] is waiter:
                return True
    return False


async def settle(clients: Iterable[discord.Client], timeout: float) -> None:
    """Return once no handler task is running (waiting for a player counts as done).

    Raises ``SettleTimeout`` naming the busy tasks if that takes longer than ``timeout``.
    """
    from tools.sim.errors import SettleTimeout

    clients = list(clients)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    current = asyncio.current_task()
    quiet_rounds = 0
    while True:
        handlers = [t for t in asyncio.all_tasks() if t is not current and not t.done() and is_handler(t)]
        if handlers:
            waiting = player_wait_futures(clients)
            busy = [t for t in handlers if not waits_for_player(t, waiting)]
        else:
            busy = []
        if not busy:
            # Let call_soon chains (a handler scheduling the next task) run before calling it quiet.
            quiet_rounds += 1
            if quiet_rounds > 2:
                return
            await asyncio.sleep(0)
            continue
        quiet_rounds = 0
        remaining = deadline - loop.time()
        if remaining <= 0:
            names = sorted(t.get_name() for t in busy)
            raise SettleTimeout(f"handler tasks still running after {timeout}s: {names}")
        await asyncio.wait(busy, timeout=min(remaining, _POLL), return_when=asyncio.FIRST_COMPLETED)
