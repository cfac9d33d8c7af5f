"""Which interaction token reaches each match's table message, so that editing the table costs no rate limit.

Discord counts an edit of a channel message against the bot's 50 requests per
second, but not a request through an interaction's webhook: the reply, its
followups, and edits and deletes of those, for 15 minutes after the
interaction. A table message that an interaction answered on (a click on the
table that updated it, like Start) or posted (a followup of a click) can so be
edited through that interaction's token by whatever comes next, a person's
move, an AI seat's or a timer's, for free.

Each live match keeps one **reach** to its table: the freshest token known to
reach the message. A click that updated the table message itself becomes the
reach (its token is new). When the reach is older than ``REPOST_AFTER`` and a
person clicks in the match's channel, the table is posted anew as a followup
of that click and the old message is deleted through the old token, which
still works: an active table moves to the bottom of its channel about every
ten minutes, and no table edit costs a limited request. A table with no usable
reach (after a restart, or a quarter of an hour without a click in its
channel) is edited in the channel, as before.

Tokens are kept in memory only: they are credentials, and a restart costs only
one re-post at the next click.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.frontend.delivery import answering
from bot.frontend.delivery.retry import FAILED

log = logging.getLogger(__name__)

#: A reach is used for edits until this many seconds after its interaction (Discord allows 15 minutes).
USABLE_FOR = answering.TOKEN_LIFETIME
#: A click in the channel this long after the reach's interaction posts the table anew under its own token.
REPOST_AFTER = 10 * 60.0
#: Every this many new reaches, those whose token has run out are dropped (a match that ended unseen, say).
SWEEP_EVERY = 256
#: Discord's error code for a message that does not exist (a 404 about the message, not about the token).
UNKNOWN_MESSAGE = 10008


@dataclass
class Reach:
    """The table message through one interaction's token: as its original response, or as a followup
    (``interaction`` is then the click it followed, when known)."""

    message_id: int
    issued: float
    interaction: discord.Interaction[Any] | None = None
    followup: discord.WebhookMessage | None = None

    @property
    def token(self) -> str | None:
        if self.interaction is not None:
            return self.interaction.token
        webhook = getattr(getattr(self.followup, "_state", None), "_webhook", None)
        return getattr(webhook, "token", None)

    def age(self) -> float:
        return asyncio.get_running_loop().time() - self.issued

    async def edit(self, **kwargs: Any) -> discord.Message:
        if self.followup is not None:
            return await self.followup.edit(**kwargs)
        assert self.interaction is not None
        return await self.interaction.edit_original_response(**kwargs)

    async def delete(self) -> None:
        if self.followup is not None:
            await self.followup.delete()
        else:
            assert self.interaction is not None
            await self.interaction.delete_original_response()


def token_refused(exc: discord.HTTPException) -> bool:
    """Whether Discord refused the interaction token itself (401, or a 404 about the webhook, not the message).

    Then the message may still be there, and only a request in its channel reaches it.
    """
    return exc.status == 401 or (exc.status == 404 and exc.code != UNKNOWN_MESSAGE)


async def delete_sent(
    through_token: Callable[[], Awaitable[Any]] | None, in_channel: Callable[[], Awaitable[Any]], what: str
) -> None:
    """Delete a message the bot sent through an interaction: through its token while that works, else in the channel.

    A delete through the token is exempt from the global rate limit, so it is tried first (pass
    None when the token is known to have run out). The message already gone (404 Unknown Message)
    is done with; a token Discord no longer takes (401, or a 404 about the webhook) falls back to
    the channel, which costs a limited request. Any other refusal is logged and not retried.
    """
    if through_token is not None:
        try:
            await through_token()
            return
        except FAILED as exc:
            if isinstance(exc, TimeoutError) or not token_refused(exc):
                if getattr(exc, "code", None) != UNKNOWN_MESSAGE:  # gone already is done with
                    log.warning("could not remove %s: %s", what, exc)
                return
    try:
        await in_channel()
    except discord.NotFound:
        pass  # already gone
    except FAILED as exc:
        log.warning("could not remove %s: %s", what, exc)


def updated(interaction: discord.Interaction[Any], message_id: int | None) -> bool:
    """Whether this interaction answered by updating the message ``message_id`` (so its token edits it)."""
    message = interaction.message
    if message_id is None or message is None or message.id != message_id:
        return False
    kind = interaction.response.type
    return kind in (
        discord.InteractionResponseType.message_update,
        discord.InteractionResponseType.deferred_message_update,
    )


class TableTokens:
    """match -> its table's reach; and what the next show of a table should do with the click behind it."""

    def __init__(self) -> None:
        self._reach: dict[int, Reach] = {}
        self._tokens: Counter[str | None] = Counter()
        self._since_sweep = 0

    def _set(self, match_id: int, reach: Reach | None) -> None:
        old = self._reach.pop(match_id, None)
        if old is not None:
            self._tokens[old.token] -= 1
            if self._tokens[old.token] <= 0:
                del self._tokens[old.token]
        if reach is not None:
            self._reach[match_id] = reach
            self._tokens[reach.token] += 1
            self._since_sweep += 1
            if self._since_sweep >= SWEEP_EVERY:
                self._sweep()

    def _sweep(self) -> None:
        """Drop every reach whose token has run out, so the map holds only tables edited lately."""
        self._since_sweep = 0
        for match_id in [m for m, reach in self._reach.items() if reach.age() >= USABLE_FOR]:
            self._set(match_id, None)

    def usable(self, match_id: int, message_id: int | None) -> Reach | None:
        """The reach to edit ``message_id`` through now, if one is known and its token still works."""
        reach = self._reach.get(match_id)
        if reach is None or message_id is None or reach.message_id != message_id:
            return None
        if reach.age() >= USABLE_FOR:
            self._set(match_id, None)
            return None
        return reach

    def adopt(
        self, match_id: int, interaction: discord.Interaction[Any], issued: float, message_id: int | None
    ) -> bool:
        """A click updated the table message itself: its fresher token becomes the reach. Returns whether it did."""
        if not updated(interaction, message_id):
            return False
        assert message_id is not None
        current = self._reach.get(match_id)
        if current is None or current.message_id != message_id or current.issued < issued:
            self._set(match_id, Reach(message_id, issued, interaction=interaction))
        return True

    def wants_repost(self, match_id: int, message_id: int | None) -> bool:
        """Whether a click now should post the table anew: no usable reach, or one about to run out."""
        reach = self.usable(match_id, message_id)
        return reach is None or reach.age() >= REPOST_AFTER

    def posted(
        self,
        match_id: int,
        message: discord.WebhookMessage,
        issued: float,
        click: discord.Interaction[Any] | None = None,
    ) -> Reach | None:
        """The table was posted as a followup (of ``click``): it is the reach now; returns the previous one
        (to delete through)."""
        previous = self._reach.get(match_id)
        self._set(match_id, Reach(message.id, issued, interaction=click, followup=message))
        return previous

    def followup_source(self, match_id: int) -> discord.Interaction[Any] | None:
        """The interaction behind the table's reach while its token lives: its followups land in the match's
        channel, so a notice that no click in the channel brings (after a click in a DM, an AI seat's
        move, a timer) is a followup too, exempt from the global limit."""
        reach = self._reach.get(match_id)
        if reach is None or reach.interaction is None or reach.age() >= USABLE_FOR:
            return None
        return reach.interaction

    def forget(self, match_id: int) -> None:
        self._set(match_id, None)

    def holds_token(self, token: str) -> bool:
        """Whether a table is still edited through this interaction token."""
        return token in self._tokens

    def __len__(self) -> int:
        return len(self._reach)
