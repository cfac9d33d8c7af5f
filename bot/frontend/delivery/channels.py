"""Where a match's messages go in Discord, and the language each place is written in.

Every part of the delivery (the table, the pings, the hand DMs, the window prompts) is given
this small object instead of the bot client: the match's channel (a partial messageable, no
request needed), a player's DM channel (opened once, its id kept), the names and the link a
DM shows, and the one way a request's refusal is logged and swallowed (``safe``). A message
is written in the language of where it goes (see ``bot.frontend.languages``): the server's in
the match's channel, the reader's in their DMs.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from typing import Any

import discord

from bot.frontend.delivery.retry import FAILED
from bot.frontend.languages import Languages
from bot.kernel.i18n import t
from bot.play.match_types import LiveMatch

log = logging.getLogger(__name__)

#: DM channel ids remembered (about 60 bytes each), the least recently used forgotten first.
DM_CHANNELS_KEPT = 50_000


class Channels:
    """A match's channel and its players' DM channels, through the bot client."""

    def __init__(self, bot: discord.Client, languages: Languages) -> None:
        self._bot = bot
        self._languages = languages
        #: player -> their DM channel's id, latest used last (see ``dm``).
        self._dm_channels: OrderedDict[int, int] = OrderedDict()

    # --- names and links a message shows -------------------------------------------
    def guild_name(self, live: LiveMatch) -> str:
        guild = self._bot.get_guild(live.record.guild_id)
        return guild.name if guild else t("your server")

    def channel_name(self, live: LiveMatch) -> str:
        channel = self._bot.get_channel(live.record.channel_id)
        return f"#{channel.name}" if channel is not None and hasattr(channel, "name") else t("the match channel")

    def jump_url(self, live: LiveMatch) -> str | None:
        rec = live.record
        if rec.message_id is None:
            return None
        return f"https://discord.com/channels/{rec.guild_id}/{rec.channel_id}/{rec.message_id}"

    # --- the language of each place --------------------------------------------------
    def in_channel(self, live: LiveMatch) -> Any:
        """``async with``: texts built inside go to the match's channel, in its server's language."""
        return self._languages.in_channel(live.record.guild_id)

    def in_private(self, live: LiveMatch, player: int) -> Any:
        """``async with``: texts built inside are for ``player`` alone, in their language."""
        return self._languages.in_private(player, live.record.guild_id)

    # --- channels ------------------------------------------------------------------------
    def channel(self, live: LiveMatch) -> discord.PartialMessageable:
        return self._bot.get_partial_messageable(live.record.channel_id, guild_id=live.record.guild_id)

    def messageable(self, channel_id: int) -> discord.PartialMessageable:
        """A channel the bot already wrote in (a DM holding a prompt or a hand), by its id."""
        return self._bot.get_partial_messageable(channel_id)

    async def dm(self, player: int) -> discord.abc.Messageable:
        """The DM channel with ``player``: opened once (a request counted against the global limit), then reused.

        discord.py keeps only its 128 latest DM channels, so with more players than that every DM
        would open the channel again; the ids are kept here instead (they never change).
        """
        channel_id = self._dm_channels.get(player)
        if channel_id is not None:
            self._dm_channels.move_to_end(player)
            return self._bot.get_partial_messageable(channel_id)
        dm = await self._bot.create_dm(discord.Object(player))
        self._dm_channels[player] = dm.id
        if len(self._dm_channels) > DM_CHANNELS_KEPT:
            self._dm_channels.popitem(last=False)
        return dm

    async def safe(self, what: str, coro: Any) -> Any:
        """Await a request; a refusal is logged (``could not <what>``) and gives None."""
        try:
            return await coro
        except FAILED as exc:
            log.warning("could not %s: %s", what, exc)
            return None

    def closed(self) -> bool:
        """Whether the bot is shutting down (a background show that fails then is not worth a log)."""
        return self._bot.is_closed()
