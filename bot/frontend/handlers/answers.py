"""Answering an interaction: the kit every handler shares, so each answers the same way.

Each handler follows the same order: refuse what must be refused (with an
ephemeral reason, changing nothing), take the match's lock, let the match
service apply and commit, answer the interaction, then let the announcer
update the table, pings and DMs. This module is the answering part of that:
a private note whether or not the interaction was answered already, a reply
that fills a "thinking…" defer, the clicked message edited, every refusal and
failure answered in one place, and the match's lock taken with a defer when the
wait is long (Discord's 3 s rule). Game rules never appear here.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import discord

from bot.frontend.delivery import answering
from bot.frontend.delivery.retry import FAILED, retried, worth_retrying
from bot.frontend.languages import Languages
from bot.frontend.names import clean
from bot.frontend.ui import render
from bot.kernel.contract import Refusal
from bot.kernel.i18n import t
from bot.play import match_locks
from bot.play.match_types import LiveMatch
from bot.play.matches import Matches
from bot.play.record import StoreUnavailable

log = logging.getLogger(__name__)
T = TypeVar("T")

Interaction = discord.Interaction[Any]

#: Past this wait for a match's lock, the interaction is deferred so Discord's 3 s limit holds.
LOCK_PATIENCE = 1.5
#: Marks an interaction deferred as "thinking…": its first reply fills that message in.
THINKING = "meja_thinking"


def name_of(user: discord.abc.User) -> str:
    """How a player is named in what the bot keeps: their name in the server, else their user name, made clean
    (:func:`bot.frontend.names.clean`; a message writes it with :func:`bot.frontend.names.shown`)."""
    return clean(getattr(user, "display_name", None) or user.name)


async def answered(send: Callable[[], Awaitable[T]], files: Any = ()) -> T | None:
    """An interaction answered, sent again when Discord fails on its side (see :func:`retried`).

    A try that timed out may have arrived all the same: a retry Discord refuses because the
    interaction was acknowledged already is taken as answered.
    """
    try:
        return await retried("an interaction's answer", send, files)
    except discord.HTTPException as exc:
        if exc.code == ACKNOWLEDGED:
            return None
        raise


#: Discord's error code for an answer to an interaction answered already.
ACKNOWLEDGED = 40060


def may_manage(interaction: Interaction) -> bool:
    """Whether the one asking may manage the channel (end or cancel someone else's match)."""
    perms = interaction.permissions
    return bool(perms.manage_channels or perms.administrator)


class Answers:
    """Replies, refusals and the match lock, for every handler (given the matches' locks and the languages)."""

    def __init__(self, matches: Matches, languages: Languages) -> None:
        self._matches = matches
        self._languages = languages

    def in_channel(self, live: LiveMatch) -> Any:
        """``async with``: what is built inside is posted in the match's channel, so in its server's language."""
        return self._languages.in_channel(live.record.guild_id)

    async def tell(self, interaction: Interaction, text: str) -> None:
        """An ephemeral note to the user, whether or not the interaction was answered already."""
        await self.reply(interaction, embed=render.notice(text))

    async def reply(self, interaction: Interaction, *, ephemeral: bool = True, **kwargs: Any) -> None:
        """A new reply (ephemeral unless told): fills a "thinking…" defer, else a followup, else the response."""
        files = kwargs.get("files", ())
        if interaction.extras.pop(THINKING, False):
            if "files" in kwargs:  # an edit names its uploads "attachments"
                kwargs["attachments"] = kwargs.pop("files")
            await answered(lambda: interaction.edit_original_response(**kwargs), files)
        elif interaction.response.is_done():
            await answered(lambda: interaction.followup.send(ephemeral=ephemeral, **kwargs), files)
        else:
            await answered(lambda: interaction.response.send_message(ephemeral=ephemeral, **kwargs), files)

    async def post(self, interaction: Interaction, **kwargs: Any) -> int:
        """A new public message in the channel as the interaction's answer (a lobby): its id, to edit it later."""
        if interaction.response.is_done():  # deferred while waiting for the lock
            interaction.extras.pop(THINKING, None)
            sent = await answered(lambda: interaction.followup.send(ephemeral=False, wait=True, **kwargs))
            if sent is not None:
                return sent.id
        else:
            callback = await answered(lambda: interaction.response.send_message(**kwargs))
            message_id = getattr(callback, "message_id", None)
            if message_id is not None:
                return int(message_id)
        return (await interaction.original_response()).id

    async def after_commit(self, interaction: Interaction, send: Callable[[], Awaitable[T]]) -> T | None:
        """Send the reply to a move already committed: it must not turn into "something went wrong".

        A server error or a timeout is tried once more; if the reply still cannot go out (or Discord refused
        it), the player is told their move was taken, and the caller goes on to show it on the table.
        """
        try:
            return await send()  # sent with retries already (``answered``)
        except FAILED as exc:
            log.warning("the reply to a committed move failed (%s)", exc)
        try:
            await self.tell(
                interaction,
                t("✅ Your move was taken. Its reply could not be shown; the table shows where the match stands."),
            )
        except FAILED as exc:
            log.warning("could not tell a player their move was taken: %s", exc)
        return None

    async def edit_clicked(self, interaction: Interaction, rendered: render.Rendered) -> None:
        """Answer a component click by editing the message clicked, whether or not ``locked`` deferred it."""
        kwargs = rendered.edit_kwargs()
        files = kwargs.get("attachments", ())
        if interaction.response.is_done():
            await answered(lambda: interaction.edit_original_response(**kwargs), files)
        else:
            await answered(lambda: interaction.response.edit_message(**kwargs), files)

    async def answer_error(self, interaction: Interaction, error: BaseException) -> None:
        """Every handler's refusals end here: told privately with their reason; anything else is a bug.

        Buttons and selects come here from the component router, slash commands from
        the command tree's error handler (which wraps what a command raised).
        """
        if isinstance(error, discord.app_commands.CommandInvokeError):
            error = error.original
        if isinstance(error, discord.app_commands.TransformerError):  # a forged option discord.py cannot convert
            try:
                await self.tell(
                    interaction, t("That is not a value this command takes: {value}.", value=str(error.value)[:100])
                )
            except FAILED as exc:
                log.warning("could not tell a refusal: %s", exc)
            return
        if isinstance(error, Refusal):
            try:
                await self.tell(interaction, error.reason)
            except FAILED as exc:
                log.warning("could not tell a refusal: %s", exc)
            return
        if isinstance(error, StoreUnavailable):  # a fault of the moment, not a bug: a line, no traceback
            log.warning("not taken, the database could not store it (%s): %s", error, interaction.data)
            try:
                await self.tell(
                    interaction,
                    t(
                        "That was not taken: the database could not store it just now, so nothing changed. "
                        "Please try again in a moment."
                    ),
                )
            except FAILED:
                pass
            return
        if worth_retrying(error):  # Discord failing on its side, every try: a fault of the moment, not a bug
            log.warning("could not answer %s: Discord failed (%r)", interaction.data, error)
            return
        await self.report_failure(interaction, error)

    async def report_failure(self, interaction: Interaction, error: BaseException) -> None:
        """Last resort for a bug: log it and still answer the player (never "interaction failed")."""
        log.error("handling %s failed", interaction.data, exc_info=error)
        text = t(
            "Something went wrong on our side while answering that. Every accepted move is saved; "
            "use the game's `board` command to see where the match stands."
        )
        try:
            await self.tell(interaction, text)
        except FAILED:
            pass

    @asynccontextmanager
    async def locked(
        self, interaction: Interaction | None, match_id: int, *, ephemeral: bool = True, update: bool = False
    ) -> AsyncIterator[None]:
        """Hold the match lock; defer the interaction if the wait is long (3 s rule).

        ``update``: the handler answers a component click by editing the message
        clicked, so the defer is a silent "update later" (then
        ``edit_original_response`` edits that message). Otherwise it is a
        "thinking…" reply (ephemeral or not) that ``reply`` fills in.
        """
        lock = self._matches.lock(match_id)
        answering.begin(interaction)  # notices this handler's move causes may follow up on it
        try:
            if match_locks.is_free(lock):
                await lock.acquire()  # taken at once
            else:
                await asyncio.wait_for(lock.acquire(), LOCK_PATIENCE)
        except TimeoutError:
            if interaction is not None and not interaction.response.is_done():
                if update and interaction.type == discord.InteractionType.component:
                    await answered(lambda: interaction.response.defer())
                else:
                    await answered(lambda: interaction.response.defer(ephemeral=ephemeral, thinking=True))
                    interaction.extras[THINKING] = "ephemeral" if ephemeral else "public"
            await lock.acquire()
        try:
            yield
        except Exception as error:
            if not isinstance(error, Refusal):  # whatever failed may have changed the cached match: drop it
                self._matches.forget(match_id)  # the next use reads it as stored, the store being the truth
            raise
        finally:
            lock.release()
