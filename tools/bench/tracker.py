"""Knowing when the bot has finished with one interaction, without waiting for all of them.

``world.settle()`` waits until every handler of every match is done, which
would turn interleaved matches into lock-step rounds. Instead the handlers'
entry points are wrapped on their instances (the bot's ``handlers``: the
router and the cogs look each method up on the instance when they call it),
so the driver learns when the handler for *this* interaction returned
(announcements included). The wrapper only awaits the real handler; the bot's
code is unchanged.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

#: The entry points players reach, as ``handler.method`` of the bot's ``handlers``: slash ``new``,
#: lobby buttons, Take action, picker steps, a prompt's Pass.
HANDLERS = ("slash.cmd_new", "lobby.on_lobby", "picking.on_act", "picking.on_pick", "picking.on_pass")


class HandlerTracker:
    """Resolves a future when a wrapped handler returns for a given interaction."""

    def __init__(self, handlers: Any, names: tuple[str, ...] = HANDLERS) -> None:
        self._waiting: dict[int, asyncio.Future[None]] = {}
        for name in names:
            owner_name, _, method = name.partition(".")
            owner = getattr(handlers, owner_name)
            setattr(owner, method, self._wrap(getattr(owner, method)))

    def expect(self, interaction_id: int) -> asyncio.Future[None]:
        """Call right after dispatching: handlers only start at the next suspension, so none is missed."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[interaction_id] = future
        return future

    def _wrap(self, handler: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
        async def tracked(interaction: Any, *args: Any) -> None:
            try:
                await handler(interaction, *args)
            except BaseException as exc:
                self._finish(interaction.id, exc)
                raise
            self._finish(interaction.id, None)

        return tracked

    def _finish(self, interaction_id: int, exc: BaseException | None) -> None:
        future = self._waiting.pop(interaction_id, None)
        if future is None or future.done():
            return
        if exc is None:
            future.set_result(None)
        else:
            future.set_exception(RuntimeError(f"handler failed: {exc!r}"))
