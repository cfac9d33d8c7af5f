"""Knowing when the bot has finished with one interaction, without waiting for all of them.

``world.settle()`` waits until every handler of every match is done, which
would turn interleaved matches into lock-step rounds. Instead the table's
entry points are wrapped on the instance, so the driver learns when the
handler for *this* interaction returned (announcements included). The
wrapper only awaits the real handler; the bot's code is unchanged.
"""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable

#: The table entry points players reach: slash ``new``, lobby buttons, Take action, picker steps.
HANDLERS = ("cmd_new", "on_lobby", "on_act", "on_pick")


class HandlerTracker:
    """Resolves a future when a wrapped table handler returns for a given interaction."""

    def __init__(self, table: Any, names: tuple[str, ...] = HANDLERS) -> None:
        self._waiting: dict[int, asyncio.Future[None]] = {}
        for name in names:
            setattr(table, name, self._wrap(getattr(table, name)))

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
