"""A match's pictures drawn on request: the board (the table's Picture button, ``/<game> board``) and a
player's own hand (their picker, their hand DM).

The table message itself is text (a phone reads it at its size, and it is always current), so nothing here
keeps track of what a message shows. Drawing runs in a worker process (``bot.frontend.ui.picture_pool``; a
thread where no process can run), from a frozen copy of the view, so that the event loop keeps answering
clicks meanwhile.
"""

from __future__ import annotations

from bot.frontend.ui import picture_pool, render
from bot.play.match_types import LiveMatch
from bot.play.settings import ServerSettings


async def pictures_on(settings: ServerSettings, live: LiveMatch) -> bool:
    """Whether this server offers pictures (the ``pictures`` setting, on by default)."""
    return bool((await settings.of(live.record.guild_id))["pictures"])


async def draw_table(live: LiveMatch) -> bytes | None:
    """The spectator view drawn in the picture worker; None if the game draws none or drawing failed."""
    return await _draw(live, None)


async def draw_hand(live: LiveMatch, player: int) -> bytes | None:
    """``player``'s own view drawn in the picture worker, for their eyes only."""
    return await _draw(live, player)


async def _draw(live: LiveMatch, viewer: int | None) -> bytes | None:
    """The view is taken now, on the event loop, in the current language; the worker draws from its own copy."""
    return await picture_pool.SHARED.draw(render.drawing(live, viewer, own_copy=True))
