"""The slash commands every game has (``/<game> new | hand | board | rules | concede | end``), answered,
and a game's own look-ups (``/drama card``).

The cogs (``cogs/base.py``) are each command's declaration and hand over to
these at once. A refusal raised here is answered privately by the one error
handler (:meth:`~bot.frontend.handlers.answers.Answers.answer_error`, which the
command tree calls), like any button's.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord

from bot.frontend.delivery.pickers import OpenPickers
from bot.frontend.delivery.retry import FAILED
from bot.frontend.delivery.shown import ShownMessages
from bot.frontend.handlers.announcements import Announcements
from bot.frontend.handlers.answers import Answers, may_manage, name_of
from bot.frontend.handlers.hand import OwnHand
from bot.frontend.handlers.match_log import MatchLog
from bot.frontend.handlers.timers import Timers
from bot.frontend.names import shown
from bot.frontend.ui import render
from bot.frontend.ui.lobby_view import lobby_message
from bot.kernel.i18n import t
from bot.kernel.module import get_game
from bot.kernel.present import Lookup
from bot.play.leaving import Leaving, check_may_end, check_may_leave
from bot.play.lobby import Lobby
from bot.play.match_types import LiveMatch, MatchEnd
from bot.play.matches import Matches
from bot.play.record import LOBBY

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]


class SlashCommands:
    """Each game's slash commands, given the service's parts they call, the hand view and what ends show."""

    def __init__(
        self,
        *,
        answers: Answers,
        matches: Matches,
        lobby: Lobby,
        leaving: Leaving,
        shown: ShownMessages,
        hand: OwnHand,
        log: MatchLog,
        pictures_on: Callable[[LiveMatch], Awaitable[bool]],
        pickers: OpenPickers,
        announcer: Announcements,
        timers: Timers,
    ) -> None:
        self._answers = answers
        self._matches = matches
        self._lobby = lobby
        self._leaving = leaving
        self._shown = shown
        self._hand = hand
        self._log = log
        #: Whether a match's server shows tables as pictures (the ``pictures`` setting, on by default).
        self._pictures_on = pictures_on
        self._pickers = pickers
        self._announcer = announcer
        self._timers = timers

    async def _match_here(self, interaction: Interaction, game_name: str) -> LiveMatch | None:
        live = await self._matches.in_channel(interaction.channel_id or 0)
        if live is None:
            await self._answers.tell(
                interaction, t("There is no match in this channel. Start one with `/{game} new`.", game=game_name)
            )
            return None
        if live.game.name != game_name:
            await self._answers.tell(
                interaction,
                t(
                    "This channel's match is {title} #{match}; use `/{game}` commands for it.",
                    title=live.game.title,
                    match=live.id,
                    game=live.game.name,
                ),
            )
            return None
        return live

    async def cmd_new(
        self,
        interaction: Interaction,
        game_name: str,
        options: Mapping[str, Any] | None = None,
        table_options: Mapping[str, Any] | None = None,
    ) -> None:
        """Open a lobby with the options given to ``/<game> new`` (refused with the allowed values if bad)."""
        if interaction.guild_id is None or interaction.channel_id is None:
            await self._answers.tell(interaction, t("Matches are played in a server channel, not in DMs."))
            return
        live = await self._lobby.open(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            game_name=game_name,
            host_id=interaction.user.id,
            host_name=name_of(interaction.user),
            options=options,
            table_options=table_options,
        )
        async with self._answers.in_channel(live):
            rendered = lobby_message(live)
        await self._shown.set_table_message(live, await self._answers.post(interaction, **rendered.send_kwargs()))

    async def cmd_board(self, interaction: Interaction, game_name: str) -> None:
        live = await self._match_here(interaction, game_name)
        if live is None:
            return
        async with self._answers.locked(interaction, live.id):  # never a move applied but not yet committed
            live = await self._matches.load(live.id) or live
            if live.record.status == LOBBY:
                rendered = lobby_message(live)
            else:
                rendered = render.turn_message(live, live.record.recent)
            kwargs: dict[str, Any] = {"embed": rendered.embed}
            png = render.table_picture(live) if await self._pictures_on(live) and live.state is not None else None
            if png is not None:
                render.with_picture(rendered, png)
                kwargs["files"] = [render.picture_file(png, alt=render.board_alt_text(live))]
            await self._answers.reply(interaction, **kwargs)

    async def cmd_log(self, interaction: Interaction, game_name: str) -> None:
        live = await self._match_here(interaction, game_name)
        if live is not None:
            await self._log.on_log(interaction, live.id, None)

    async def cmd_hand(self, interaction: Interaction, game_name: str) -> None:
        live = await self._match_here(interaction, game_name)
        if live is not None:
            async with self._answers.locked(interaction, live.id):
                live = await self._matches.load(live.id) or live
                await self._hand.show_hand(interaction, live)
                png = None
                if interaction.user.id in live.record.players and await self._pictures_on(live):
                    png = render.hand_picture(live, interaction.user.id)
                if png is not None:  # the picture follows the text, to the same player only
                    await interaction.followup.send(file=render.picture_file(png, render.HAND_PICTURE), ephemeral=True)

    async def cmd_rules(self, interaction: Interaction, game_name: str) -> None:
        game = get_game(game_name)
        text = game.presenter.rules_page() or t("No rules summary yet.")
        await interaction.response.send_message(
            embed=render.notice(text[:4000], title=t("{game} rules", game=game.title)), ephemeral=True
        )

    async def cmd_look_up(self, interaction: Interaction, lookup: Lookup, value: str) -> None:
        """A game's own look-up (``/drama card <name>``): the page only its reader sees."""
        page = render.page(lookup.show(value), colour=lookup.colour)
        await interaction.response.send_message(**page.send_kwargs(), ephemeral=True)

    async def cmd_concede(self, interaction: Interaction, game_name: str) -> None:
        """Leave the match: with two players the other wins; with more it goes on without you."""
        live = await self._match_here(interaction, game_name)
        if live is None:
            return
        who = shown(name_of(interaction.user))
        # Refused before the lock: a refusal after a public "thinking…" defer could not stay private.
        if live.state is not None:
            check_may_leave(live, interaction.user.id)
        async with self._answers.locked(interaction, live.id, ephemeral=False):
            left = await self._leaving.leave(live.id, interaction.user.id)
            if isinstance(left, MatchEnd):
                self._timers.unset(live.id)
                async with self._answers.in_channel(live):
                    text = t(
                        "🏳️ {player} concedes.\n{result}",
                        player=who,
                        result=render.result_text(left.match, left.result, "conceded"),
                    )
                await self._answers.reply(interaction, ephemeral=False, content=text)
                await self._announcer.refresh_table(
                    left.match, result=left.result, reason="conceded", click=interaction
                )
                await self._announcer.clear_ping(left.match)
                await self._announcer.fold_prompts(left.match)
                await self._announcer.close_hands(left.match)
                self._pickers.forget_match(live.id)
                return
            async with self._answers.in_channel(live):
                text = t(
                    "🚪 {player} leaves {game} match #{match}; it goes on without them (a loss for them).",
                    player=who,
                    game=live.game.title,
                    match=live.id,
                )
            await self._answers.reply(interaction, ephemeral=False, content=text)
            await self._announcer.after_moves(left, click=interaction)
            await self._timers.schedule(left[-1].match)

    async def cmd_end(self, interaction: Interaction, game_name: str) -> None:
        live = await self._match_here(interaction, game_name)
        if live is None:
            return
        # Refused before the lock: a refusal after a public "thinking…" defer could not stay private.
        check_may_end(live, interaction.user.id, may_manage=may_manage(interaction))
        async with self._answers.locked(interaction, live.id, ephemeral=False):
            end = await self._leaving.end(live.id, interaction.user.id, may_manage=may_manage(interaction))
            self._timers.unset(live.id)
            async with self._answers.in_channel(live):
                text = t(
                    "🛑 {player} ended {game} match #{match}. It counts for no one.",
                    player=shown(name_of(interaction.user)),
                    game=live.game.title,
                    match=live.id,
                )
                closed = t("This lobby was closed with the end command.")
            await self._answers.reply(interaction, ephemeral=False, content=text)
            if live.state is None:
                await self._edit_lobby_closed(end.match, closed)
            else:
                await self._announcer.refresh_table(end.match, reason="ended", click=interaction)
                await self._announcer.close_hands(end.match)
            await self._announcer.clear_ping(end.match)
            await self._announcer.fold_prompts(end.match)
            self._pickers.forget_match(live.id)

    async def _edit_lobby_closed(self, live: LiveMatch, text: str) -> None:
        if live.record.message_id is None:
            return
        async with self._answers.in_channel(live):
            rendered = render.lobby_closed_message(live, text)
        partial = self._announcer.channel(live).get_partial_message(live.record.message_id)
        try:
            await partial.edit(**rendered.edit_kwargs())
        except FAILED as exc:
            log.warning("could not close the lobby message: %s", exc)
