"""A private prompt's life in a player's DMs: posted and remembered, then deleted once it asks nothing.

Window prompts and decision prompts both live this way: a prompt goes out after the move that asks
it is committed, and one replaced by a newer one, or whose question is over, is deleted (the
cheapest way Discord allows) so a player's DMs do not fill with old questions.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.frontend.delivery.channels import Channels
from bot.frontend.delivery.pickers import delete_original
from bot.frontend.delivery.retry import FAILED, retried
from bot.frontend.delivery.shown import ShownMessages
from bot.frontend.ui.render import Rendered
from bot.play.match_types import LiveMatch

log = logging.getLogger(__name__)

#: (match, player, message) -> the reply of the player's latest click on that message while its token lives
#: (``OpenPickers.reply_to``), else None.
ClickReply = Callable[[int, int, int], discord.Webhook | None]


async def post_prompt(
    channels: Channels, shown: ShownMessages, live: LiveMatch, kind: str, player: int, rendered: Rendered, what: str
) -> Any | None:
    """Post ``rendered`` in ``player``'s DMs and remember it as their ``kind`` of prompt; the message, or None
    if it could not go: their DMs are closed (noted on the match), or Discord failed every try (logged)."""
    try:
        dm = await channels.dm(player)
        kwargs = rendered.send_kwargs()
        message = await retried(what, lambda: dm.send(**kwargs), kwargs.get("files", ()))
    except discord.Forbidden:
        await shown.note_dm_closed(live, player)
        return None
    except FAILED as exc:
        log.warning("could not send %s to %s: %s", what, player, exc)
        return None
    await shown.remember(live, kind, player, message.channel.id, message.id)
    return message


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
