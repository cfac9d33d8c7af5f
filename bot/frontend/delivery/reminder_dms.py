"""The halfway reminder's DMs: one per person reminded, deleted once the decision it reminded of is over.

A reminder DM notifies (that is its point), but left behind it is a status line that piles up in the
person's DMs, match after match. So each is remembered, and deleted in the background (at the pacer's
background priority, after the caller's lock) when the match moves on to a new decision, or ends.
"""

from __future__ import annotations

import functools

import discord

from bot.frontend.delivery.channels import Channels
from bot.frontend.delivery.prompt_dms import post_prompt
from bot.frontend.delivery.shown import ShownMessages
from bot.frontend.delivery.tidying import Send, Tidying
from bot.frontend.ui import render
from bot.frontend.ui.render import Rendered
from bot.play.match_types import LiveMatch

#: The kind of the remembered message: a player's halfway reminder.
REMINDER = "reminder"


class ReminderDMs:
    """Each reminded player's reminder DM in each match, until the decision moves on."""

    def __init__(self, channels: Channels, shown: ShownMessages, tidying: Tidying) -> None:
        self._channels = channels
        self._shown = shown
        self._tidying = tidying

    async def send(self, live: LiveMatch, player: int) -> None:
        """DM ``player`` that the match waits for them (a human seat whose DMs are not known to be closed)."""
        if player in live.record.dm_closed or player <= 0:
            return
        async with self._channels.in_private(live, player):
            text = render.reminder_dm(live, self._channels.guild_name(live), self._channels.jump_url(live))
        previous = (await self._shown.sent(live, REMINDER)).get(player)
        # Posted and remembered as prompts are (closed DMs noted, failures logged).
        if (
            await post_prompt(self._channels, self._shown, live, REMINDER, player, Rendered(content=text), "a reminder")
            is None
        ):
            return
        if previous is not None:
            self._tidying.add(
                f"reminder:{live.id}:{player}", "remove a reminder", [functools.partial(self._delete, previous)]
            )

    async def settle(self, live: LiveMatch) -> None:
        """The decision the reminders were about is over (or the match): delete them."""
        sent = await self._shown.sent(live, REMINDER)
        if not sent:
            return
        deletes: list[Send] = []
        for player, where in list(sent.items()):
            await self._shown.forget(live, REMINDER, player)
            deletes.append(functools.partial(self._delete, where))
        self._tidying.add(f"reminders:{live.id}", "remove a reminder", deletes)

    async def _delete(self, where: tuple[int, int]) -> None:
        try:
            await self._channels.messageable(where[0]).get_partial_message(where[1]).delete()
        except discord.NotFound:
            pass  # deleted on their side already
