"""The public table message of each match: rendered from the stored state, then edited, posted or posted anew.

The table is the one message everybody watches, so showing it has rules of its own: it is
rendered under the match's lock (never older than the state), edited through the
interaction token that reaches it when one does (``bot.frontend.delivery.table_tokens``),
posted again if someone deleted it, and moved to the bottom of its channel as a followup of a
click when its token runs out (the old message deleted through the old token). It is text,
which a phone reads (its Picture button draws the board on demand: ``bot.frontend.handlers.table_picture``);
an attachment a table message carried is cleared at its next edit. After a move the show
is asked of the background refresher (``bot.frontend.delivery.table_refresh``), which this
builds and drives; ``refresh`` shows the table at once, for a caller holding the lock.

The click behind a show is passed in (``click``): a click that updated the table message
lends it its fresh token, and one in the channel may carry the table's re-post.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.frontend.delivery import answering
from bot.frontend.delivery.channels import Channels
from bot.frontend.delivery.retry import FAILED, retried
from bot.frontend.delivery.shown import ShownMessages
from bot.frontend.delivery.table_refresh import TableRefresher
from bot.frontend.delivery.table_tokens import USABLE_FOR, TableTokens, delete_sent, token_refused
from bot.frontend.ui import render
from bot.kernel.contract import Result
from bot.play.match_types import LiveMatch
from bot.play.settings import ServerSettings

log = logging.getLogger(__name__)

Click = discord.Interaction[Any]


class TableShow:
    """Shows each match's table message; its background refresher (``refresher``) shows it after a move."""

    def __init__(
        self,
        channels: Channels,
        shown: ShownMessages,
        settings: ServerSettings,
        tokens: TableTokens,
        *,
        ask_hand: Callable[[LiveMatch, int], None],
        lock: Callable[[int], asyncio.Lock],
    ) -> None:
        self._channels = channels
        self._shown = shown
        self._settings = settings
        #: The interaction token each table message is edited through (exempt from the global limit).
        self._tokens = tokens
        #: Asks for a player's hand DM to be edited (its "Go to the table" link follows a new table message).
        self._ask_hand = ask_hand
        #: Shows each table after a move, in the background, folding quick moves into one edit.
        self.refresher = TableRefresher(self, lock=lock, mark_announced=shown.mark_announced, closed=channels.closed)

    async def refresh(
        self, live: LiveMatch, *, result: Result | None = None, reason: str | None = None, click: Click | None = None
    ) -> bool:
        """Edit the table message to the stored state (post a new one if it is gone). False if Discord refused.

        Call with the match's lock held; after a move, the announcer asks the background
        refresher instead (see ``bot.frontend.delivery.table_refresh``), which renders under the lock and sends after.
        ``click``: the interaction being answered, if any (its token may reach the table).
        """
        self.refresher.forget(live.id)
        self.use_click(live, click, repost=False)
        prepared = await self.prepare(live, result=result, reason=reason)
        return await self.send(live, prepared, result=result, reason=reason, locked=True, click=click)

    def use_click(self, live: LiveMatch, click: Click | None, *, repost: bool = True) -> Click | None:
        """What a click behind a table show does for it (hold the lock): returns the click to re-post through.

        A click that updated the table message lends the table its fresh token. Otherwise, if no
        token reaches the table for long enough, a click in the channel whose reply went out posts
        the table anew as its followup (see ``bot.frontend.delivery.table_tokens``).
        """
        rec = live.record
        if click is None or click.channel_id != rec.channel_id:
            return None
        if self._tokens.adopt(live.id, click, answering.received_at(click), rec.message_id):
            return None
        if (
            not repost
            or rec.status != "active"
            or rec.message_id is None
            or not click.response.is_done()
            or not self._tokens.wants_repost(live.id, rec.message_id)
        ):
            return None
        return click

    async def prepare(
        self, live: LiveMatch, *, result: Result | None = None, reason: str | None = None
    ) -> render.Rendered:
        """The table as stored now. Hold the lock."""
        rec = live.record
        enabled = bool((await self._settings.of(rec.guild_id))["pictures"])
        async with self._channels.in_channel(live):
            rendered = render.turn_message(live, rec.recent, result=result, end_reason=reason, picture=enabled)
        rendered.files = []  # text only: an edit clears any picture the message carried
        return rendered

    async def send(
        self,
        live: LiveMatch,
        rendered: render.Rendered,
        *,
        result: Result | None = None,
        reason: str | None = None,
        locked: bool = True,
        repost: Click | None = None,
        click: Click | None = None,
    ) -> bool:
        """Send a prepared table: edit the table message, or post one if there is none (or it was deleted).

        ``locked``: the caller holds the match's lock (else a deleted table is re-rendered by the refresher).
        ``repost``: post the table anew as a followup of this click and delete the old message.
        ``click``: the click behind the show, which the table shown again after a deletion is shown for.
        """
        rec = live.record
        if rec.message_id is None:
            message = await self._channels.safe(
                "post the table", self._channels.channel(live).send(**rendered.send_kwargs())
            )
            if message is not None:
                await self._table_moved(live, message)
            return message is not None
        if repost is not None and await self._repost_table(live, rendered, repost):
            return True
        message_id = rec.message_id
        try:
            message = await self._edit_table_message(live, message_id, rendered.edit_kwargs())
        except discord.NotFound:
            # Someone deleted the table message: post a fresh one so the match stays playable.
            self._tokens.forget(live.id)
            if rec.message_id == message_id:
                await self._shown.set_table_message(live, None)
            if not locked:  # render again under the lock: the refresher posts the fresh table
                self.refresher.ask(live, result=result, reason=reason, click=click)
                return False
            return await self.refresh(live, result=result, reason=reason, click=click)
        except FAILED as exc:
            log.warning("could not edit the table: %s", exc)
            return False
        if result is not None or reason is not None:
            self._tokens.forget(live.id)  # the last table of a match (an end reason): its token is not needed again
        return True

    def followup_source(self, live: LiveMatch, click: Click | None) -> Click | None:
        """An interaction whose public followups land in the match's channel: ``click`` (the one being
        answered) if it was there, else the one behind the table's reach (see ``TableTokens.followup_source``)."""
        return answering.followup_for(click, live.record.channel_id) or self._tokens.followup_source(live.id)

    async def _edit_table_message(self, live: LiveMatch, message_id: int, kwargs: dict[str, Any]) -> Any:
        """Edit the table through the token that reaches it (exempt from the global limit), else in the channel.

        A token Discord no longer knows (401, or an unknown webhook) is dropped and the channel
        edit made instead; an unknown *message* means the table itself is gone (NotFound).
        """
        reach = self._tokens.usable(live.id, message_id)
        uploads = kwargs.get("attachments", ())
        if reach is not None:
            try:
                return await retried("the table's edit", lambda: reach.edit(**kwargs), uploads)
            except discord.HTTPException as exc:
                if not token_refused(exc):
                    raise
                self._tokens.forget(live.id)
        partial = self._channels.channel(live).get_partial_message(message_id)
        return await retried("the table's edit", lambda: partial.edit(**kwargs), uploads)

    async def _repost_table(self, live: LiveMatch, rendered: render.Rendered, click: Click) -> bool:
        """Post the table as a followup of ``click`` and delete the old one; False (nothing changed) if refused."""
        old_id = live.record.message_id
        message = await self._channels.safe(
            "post the table anew", click.followup.send(**rendered.send_kwargs(), ephemeral=False, wait=True)
        )
        if message is None:
            return False
        await self._table_moved(live, message)
        previous = self._tokens.posted(live.id, message, answering.received_at(click), click)
        if old_id is not None:
            await self._delete_old_table(live, old_id, previous)
        return True

    async def _table_moved(self, live: LiveMatch, message: Any) -> None:
        """The table is a new message now (re-posted, or posted again after it was deleted): store it.

        The players' hand DMs link to the table, so a live match's DMs are edited (in the
        background) to lead to the new message; a finished match's last DMs went out already.
        """
        await self._shown.set_table_message(live, message.id)
        if live.record.status == "active":
            for player in live.record.players:
                self._ask_hand(live, player)

    async def _delete_old_table(self, live: LiveMatch, message_id: int, reach: Any) -> None:
        """Remove the table message a re-post replaced: through its token while that works, else in the channel."""
        usable = reach is not None and reach.message_id == message_id and reach.age() < USABLE_FOR
        await delete_sent(
            reach.delete if usable else None,
            self._channels.channel(live).get_partial_message(message_id).delete,
            "the old table",
        )
