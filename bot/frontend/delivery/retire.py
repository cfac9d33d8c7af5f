"""Deleting a private prompt that asks nothing any more, the cheapest way Discord allows.

Window prompts and decision prompts both end this way: a prompt replaced by a newer one, or
whose question is over, is deleted so a player's DMs do not fill with old questions.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord

from bot.frontend.delivery.channels import Channels
from bot.frontend.delivery.pickers import delete_original
from bot.frontend.delivery.retry import FAILED

log = logging.getLogger(__name__)

#: (match, player, message) -> the reply of the player's latest click on that message while its token lives
#: (``OpenPickers.reply_to``), else None.
ClickReply = Callable[[int, int, int], discord.Webhook | None]


async def retire_prompt(
    channels: Channels, reply_to: ClickReply, match_id: int, player: int, where: tuple[int, int]
) -> None:
    """Delete the prompt at ``where`` (channel, message): through the player's click on it if it can (exempt from
    the global rate limit), otherwise in their DM channel. A prompt gone already is no error."""
    reply = reply_to(match_id, player, where[1])
    if reply is not None:
        try:
            await delete_original(reply)
            return
        except discord.NotFound:
            return  # gone already
        except FAILED as exc:  # the token is refused: the channel still takes the request
            log.debug("could not delete a prompt through its click: %s", exc)
    try:
        await channels.messageable(where[0]).get_partial_message(where[1]).delete()
    except discord.NotFound:
        pass  # gone already (the player's newer picker took its place)
