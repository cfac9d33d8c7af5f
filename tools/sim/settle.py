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

Once quiet, the world raises what the bot swallowed meanwhile: requests to
endpoints the stand-in does not serve, and exceptions discord.py only
logged ("Ignoring exception in ..."). :class:`Settler` collects both and
raises them from ``settle``, so a test fails where the bot went wrong.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import traceback
from collections.abc import Iterable

import discord

from tools.sim.errors import HandlerError, SettleTimeout, UnknownRouteError

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


class _ErrorLog(logging.Handler):
    """Collects the exceptions discord.py logs instead of raising ("Ignoring exception in ...")."""

    def __init__(self, settler: Settler) -> None:
        super().__init__(logging.ERROR)
        self.settler = settler

    def emit(self, record: logging.LogRecord) -> None:
        self.settler.note_error(record)


class Settler:
    """Waits for a world's bots to go quiet, then raises what they swallowed meanwhile."""

    def __init__(self, clients: list[discord.Client], *, timeout: float, strict: bool) -> None:
        #: The world's attached clients (the gateway's list: clients attached later count too).
        self._clients = clients
        #: Seconds ``settle`` waits by default before raising ``SettleTimeout``.
        self.timeout = timeout
        #: Whether ``settle`` raises ``HandlerError`` for exceptions discord.py logged.
        self.strict = strict
        #: Exceptions discord.py logged from handlers (LogRecords with ``exc_info``).
        self.errors: list[logging.LogRecord] = []
        self._unreported_errors: list[logging.LogRecord] = []
        self._unknown_routes: list[UnknownRouteError] = []
        self._error_log: _ErrorLog | None = None

    def watch(self) -> None:
        """Start collecting what discord.py logs as errors (idempotent)."""
        if self._error_log is None:
            self._error_log = _ErrorLog(self)
            logging.getLogger("discord").addHandler(self._error_log)

    def unwatch(self) -> None:
        if self._error_log is not None:
            logging.getLogger("discord").removeHandler(self._error_log)
            self._error_log = None

    def note_error(self, record: logging.LogRecord) -> None:
        """A handler error the bot logged (in this process or a child's): ``settle`` raises it."""
        self.errors.append(record)
        self._unreported_errors.append(record)

    def note_unknown_route(self, failure: UnknownRouteError) -> None:
        """A request the stand-in could not serve; the bot may have swallowed it, ``settle`` will not."""
        self._unknown_routes.append(failure)

    async def settle(self, timeout: float | None = None, *, strict: bool | None = None) -> None:
        """Wait until the bot's handler tasks (and ``game:*`` tasks) are done or waiting for a player.

        Then raise what the bot may have swallowed: ``UnknownRouteError`` for
        an endpoint the stand-in does not serve, and (when ``strict``)
        ``HandlerError`` for exceptions discord.py logged from handlers.
        """
        await settle(self._clients, self.timeout if timeout is None else timeout)  # the function above
        if self._unknown_routes:
            failures = list(self._unknown_routes)
            self._unknown_routes.clear()
            raise UnknownRouteError("; ".join(str(f) for f in failures))
        if (self.strict if strict is None else strict) and self._unreported_errors:
            records = list(self._unreported_errors)
            self._unreported_errors.clear()
            parts = []
            for r in records:
                text = r.getMessage()
                if r.exc_info:
                    text += "\n" + "".join(traceback.format_exception(*r.exc_info))
                parts.append(text)
            raise HandlerError("discord.py logged handler errors:\n" + "\n".join(parts))

    def forget_errors(self) -> list[UnknownRouteError | logging.LogRecord]:
        """Take the failures ``settle`` has not raised yet (for tests that provoke them on purpose)."""
        taken: list[UnknownRouteError | logging.LogRecord] = [*self._unknown_routes, *self._unreported_errors]
        self._unknown_routes.clear()
        self._unreported_errors.clear()
        return taken
