"""The one notification a match keeps in its channel: post the new one, remove the old one.

Discord does not notify on edits, so a ping is a new message. After a click in the match's
channel it is a public followup of that click's interaction: Discord exempts the interaction
webhook from the global rate limit, and a followup notifies who it mentions like any message.
With no click in the channel (a move made from a DM prompt, an AI seat's, a timer's) it is a
followup of the interaction behind the table's reach while that token lives (``bot.frontend.delivery.table_tokens``).
The old ping is then deleted through the token that posted it while that token is valid (also
exempt); only with no live token at all is a ping posted and deleted in the channel. The delete
only tidies the channel, so it goes after the caller's lock, at the pacer's background priority
(``bot.frontend.delivery.tidying``): under load the new ping goes out first and the old one lingers a while.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.frontend.delivery import answering
from bot.frontend.delivery.channels import Channels
from bot.frontend.delivery.shown import ShownMessages
from bot.frontend.delivery.table_tokens import delete_sent
from bot.frontend.delivery.tidying import Tidying
from bot.frontend.ui import render
from bot.kernel.contract import PlayerId
from bot.play.match_types import LiveMatch

Click = discord.Interaction[Any]
#: The interaction whose public followups land in a match's channel, given the click being answered (or None).
FollowupSource = Callable[[LiveMatch, Click | None], Click | None]


#: The kind the ping message is remembered under (see ``ShownMessages.remember``).
PING = "ping"


@dataclass
class Mentions:
    """Who a match's channel has mentioned during the current turn (nobody is mentioned twice in one turn),
    and whom its current ping is for. In memory: a restart mentions the turn's player once more at most."""

    turn: PlayerId | None = None
    mentioned: set[PlayerId] = field(default_factory=set)
    ping_for: PlayerId | None = None


class Pings:
    def __init__(
        self, channels: Channels, shown: ShownMessages, tidying: Tidying, followup_source: FollowupSource
    ) -> None:
        self._channels = channels
        self._shown = shown
        #: The old ping is removed in the background (see ``bot.frontend.delivery.tidying``).
        self._tidying = tidying
        #: Which interaction a ping may be a followup of (see ``TableShow.followup_source``).
        self._followup_source = followup_source
        #: match -> its current ping when it was an interaction followup (deleted through that token), and
        #: when that interaction reached the bot.
        self._followups: dict[int, tuple[Any, float]] = {}
        self._tokens: Counter[str | None] = Counter()
        #: Tokens of old pings whose delete through them is queued and not done yet.
        self._deleting: Counter[str] = Counter()
        self._mentions: dict[int, Mentions] = {}

    def mentions(self, match_id: int) -> Mentions:
        """Who the match's channel mentioned this turn, and whom its ping is for."""
        found = self._mentions.get(match_id)
        if found is None:
            found = self._mentions[match_id] = Mentions()
        return found

    def forget_match(self, match_id: int) -> None:
        """The match is over: its mentions are not kept."""
        self._mentions.pop(match_id, None)

    def release(self, match_id: int) -> None:
        """The match went to another process: forget its ping here (the message stays for its new owner)."""
        self.forget_match(match_id)
        self._take(match_id)

    def holds_token(self, token: str) -> bool:
        """Whether a ping the bot may still delete was posted through this interaction token."""
        return token in self._tokens or token in self._deleting

    def _take(self, match_id: int) -> tuple[Any, float] | None:
        followup = self._followups.pop(match_id, None)
        if followup is not None:
            token = _token_of(followup[0])
            self._tokens[token] -= 1
            if self._tokens[token] <= 0:
                del self._tokens[token]
        return followup

    def _keep(self, match_id: int, message: Any, issued: float) -> None:
        """The ping is a followup of an interaction that reached the bot at ``issued``: its token's life runs
        from then."""
        self._take(match_id)
        self._followups[match_id] = (message, issued)
        self._tokens[_token_of(message)] += 1

    async def ping(self, live: LiveMatch, rendered: render.Rendered, click: Click | None) -> None:
        """Post a notification (edits don't notify); the previous one is removed to keep the channel tidy.

        After a click in the match's channel (``click``, the one being answered) it is a public followup
        of that interaction, which Discord does not count against the global rate limit; with none, a
        followup of the interaction behind the table's reach while it lives; otherwise a channel post.
        """
        shown = self._shown
        previous = (await shown.sent(live, PING)).get(0)
        old_followup = self._followups.get(live.id)  # held until it is deleted: its token stays in use
        interaction = self._followup_source(live, click)
        message = None
        if interaction is not None:
            message = await self._channels.safe(
                "ping players as a followup",
                interaction.followup.send(**rendered.send_kwargs(), ephemeral=False, wait=True),
            )
            if message is None:
                interaction = None  # the token was refused: the channel still takes the ping
        if message is None:
            message = await self._channels.safe(
                "ping players", self._channels.channel(live).send(**rendered.send_kwargs())
            )
        if message is not None:
            await shown.remember(live, PING, 0, live.record.channel_id, message.id)
        if previous is not None:
            self._remove_ping(live, previous[1], old_followup)
        if self._followups.get(live.id) is old_followup:
            self._take(live.id)
        if interaction is not None and message is not None:
            self._keep(live.id, message, answering.received_at(interaction))

    async def clear(self, live: LiveMatch) -> None:
        self.mentions(live.id).ping_for = None
        shown = self._shown
        previous = (await shown.sent(live, PING)).get(0)
        old_followup = self._followups.get(live.id)
        if previous is not None:
            await shown.forget(live, PING, 0)
            self._remove_ping(live, previous[1], old_followup)
        if self._followups.get(live.id) is old_followup:
            self._take(live.id)

    def _remove_ping(self, live: LiveMatch, message_id: int, followup: tuple[Any, float] | None) -> None:
        """Delete an old ping, in the background: through its interaction's token while that is valid
        (exempt), else in the channel."""
        through_token, token = None, None
        if followup is not None:
            message, issued = followup
            if message.id == message_id and asyncio.get_running_loop().time() - issued < answering.TOKEN_LIFETIME:
                through_token, token = message.delete, _token_of(message)
        in_channel = self._channels.channel(live).get_partial_message(message_id).delete
        if token is not None:
            self._deleting[token] += 1  # the token stays in use until its delete is done

        async def remove() -> None:
            try:
                await delete_sent(through_token, in_channel, "an old ping")
            finally:
                if token is not None:
                    self._deleting[token] -= 1
                    if self._deleting[token] <= 0:
                        del self._deleting[token]

        self._tidying.add(f"ping:{live.id}", "remove an old ping", [remove])


def _token_of(message: Any) -> str | None:
    """The interaction token a followup message was sent with (discord.py keeps its webhook)."""
    webhook = getattr(getattr(message, "_state", None), "_webhook", None)
    return getattr(webhook, "token", None)
