"""The interaction a handler is answering, for the announcements its move causes.

A public notice that follows a click (the next player's "it's your turn")
can go out as a followup of that click's interaction instead of a channel
post: Discord exempts the interaction webhook from the global rate limit, so
the notice costs none of the bot's 50 requests per second, and it notifies
the players it mentions like any message. The table sets this for the
duration of each handler (``Table.locked``); timers and AI moves have none,
and their notices are channel posts.
"""

from __future__ import annotations

import asyncio
import contextvars
from typing import Any

import discord

#: Interaction tokens last 15 minutes; a followup made with one is deleted through it only a little before.
TOKEN_LIFETIME = 14 * 60.0

current: contextvars.ContextVar[discord.Interaction[Any] | None] = contextvars.ContextVar(
    "meja_answering", default=None)


#: Where an interaction keeps the loop time it reached the bot (its token's 15 minutes run from about then).
RECEIVED = "meja_received"


def begin(interaction: discord.Interaction[Any] | None) -> None:
    """A handler starts answering ``interaction`` (None: a timer or an AI seat, with nothing to follow up on)."""
    if interaction is not None:
        received_at(interaction)
    current.set(interaction)


def received_at(interaction: discord.Interaction[Any]) -> float:
    """When the bot first saw ``interaction``, on the loop's clock (stamped the first time it is asked)."""
    return interaction.extras.setdefault(RECEIVED, asyncio.get_running_loop().time())


def followup_for(channel_id: int) -> discord.Interaction[Any] | None:
    """The interaction being answered, if a public followup from it would land in ``channel_id``."""
    interaction = current.get()
    if interaction is None or interaction.channel_id != channel_id or not interaction.response.is_done():
        return None
    return interaction
