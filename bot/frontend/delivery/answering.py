"""The interaction a handler is answering: when it reached the bot, and where its followups land.

A public notice that follows a click (the next player's "it's your turn")
can go out as a followup of that click's interaction instead of a channel
post: Discord exempts the interaction webhook from the global rate limit, so
the notice costs none of the bot's 50 requests per second, and it notifies
the players it mentions like any message. The table hands the click to the
announcer with the move it committed (``Announcer.after_moves(..., click=...)``);
timers and AI moves have none, and their notices are channel posts.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord

#: Interaction tokens last 15 minutes; a followup made with one is deleted through it only a little before.
TOKEN_LIFETIME = 14 * 60.0


#: Where an interaction keeps the loop time it reached the bot (its token's 15 minutes run from about then).
RECEIVED = "meja_received"


def begin(interaction: discord.Interaction[Any] | None) -> None:
    """A handler starts answering ``interaction`` (None: a timer or an AI seat, with nothing to follow up on):
    the time it reached the bot is stamped now, before any wait for the match's lock."""
    if interaction is not None:
        received_at(interaction)


def received_at(interaction: discord.Interaction[Any]) -> float:
    """When the bot first saw ``interaction``, on the loop's clock (stamped the first time it is asked)."""
    return interaction.extras.setdefault(RECEIVED, asyncio.get_running_loop().time())


def followup_for(interaction: discord.Interaction[Any] | None, channel_id: int) -> discord.Interaction[Any] | None:
    """``interaction`` (the one being answered), if a public followup from it would land in ``channel_id``."""
    if interaction is None or interaction.channel_id != channel_id or not interaction.response.is_done():
        return None
    return interaction
