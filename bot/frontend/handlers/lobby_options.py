"""What the lobby's option controls do: open a panel, turn its page, set a value, seat an AI.

The controls are in :mod:`bot.frontend.ui.components`, the panels they open are drawn by
:mod:`bot.frontend.ui.lobby_view`; these handlers hold no rules: the match service validates
each value by its option's declaration, and the lobby message in the channel is redrawn to match.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.frontend.delivery.retry import FAILED
from bot.frontend.handlers.announcements import Announcements
from bot.frontend.handlers.answers import Answers
from bot.frontend.languages import Languages
from bot.frontend.ui.lobby_view import (
    SERVER_LANGUAGE,
    current,
    host_options,
    host_panel,
    lobby_message,
    panel_pages,
    player_options,
    player_panel,
    player_value,
)
from bot.frontend.ui.render import Rendered
from bot.kernel.i18n import t, use_locale
from bot.kernel.languages import language_code, language_name
from bot.kernel.options import Option
from bot.play.lobby import Lobby, match_wide_option
from bot.play.match_types import LiveMatch, MatchError
from bot.play.matches import Matches
from bot.play.record import LOBBY

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]


class LobbyOptions:
    """What the option controls do (the components' ``OptionsHandler``), given the lobby and the languages."""

    def __init__(
        self, *, answers: Answers, matches: Matches, lobby: Lobby, languages: Languages, announcer: Announcements
    ) -> None:
        self._answers = answers
        self._matches = matches
        self._lobby = lobby
        self._languages = languages
        self._announcer = announcer

    async def _open_lobby(self, interaction: Interaction, match_id: int) -> LiveMatch | None:
        live = await self._matches.load(match_id)
        if live is None or live.record.status != LOBBY:
            await self._answers.tell(interaction, t("This lobby is closed: options can only change before Start."))
            return None
        return live

    async def open_host_panel(self, interaction: Interaction, match_id: int) -> None:
        live = await self._open_lobby(interaction, match_id)
        if live is None:
            return
        if interaction.user.id != live.record.host_id:
            await self._answers.tell(interaction, t("Only the host can change the match options."))
            return
        await interaction.response.send_message(ephemeral=True, **host_panel(live).send_kwargs())

    async def open_player_panel(self, interaction: Interaction, match_id: int) -> None:
        live = await self._open_lobby(interaction, match_id)
        if live is None:
            return
        if interaction.user.id not in live.record.players:
            await self._answers.tell(
                interaction, t("Take a seat first (press Join): options are set per seated player.")
            )
            return
        await interaction.response.send_message(
            ephemeral=True, **(await self._player_panel(live, interaction)).send_kwargs()
        )

    async def _player_panel(
        self, live: LiveMatch, interaction: Interaction, *, page: int = 0, header: str | None = None
    ) -> Rendered:
        """The clicker's own panel, with the language they chose (if any) and the one they read."""
        languages, user = self._languages, interaction.user.id
        chosen, reading = await languages.chosen(user), await languages.reader(user, live.record.guild_id)
        return player_panel(live, user, chosen=chosen, reading=reading, page=page, header=header)

    async def turn_page(self, interaction: Interaction, match_id: int, who: str, page: int) -> None:
        live = await self._open_lobby(interaction, match_id)
        if live is None:
            return
        if who == "host":
            if interaction.user.id != live.record.host_id:
                await self._answers.tell(interaction, t("Only the host can change the match options."))
                return
            rendered = host_panel(live, page=page)
        else:
            if interaction.user.id != int(who):
                await self._answers.tell(interaction, t("You can only change your own options."))
                return
            rendered = await self._player_panel(live, interaction, page=page)
        await interaction.response.edit_message(**rendered.edit_kwargs())

    async def set_option(self, interaction: Interaction, match_id: int, name: str, value: str) -> None:
        async with self._answers.locked(interaction, match_id):
            live = await self._lobby.set_option(match_id, interaction.user.id, name, value)
            option, _ = match_wide_option(live, name)
            await self._show_option_set(interaction, live, option)

    async def _show_option_set(self, interaction: Interaction, live: LiveMatch, option: Option) -> None:
        header = t("✅ {option}: {value}.", option=option.title, value=option.show(current(live, option)))
        page = next(i for i, p in enumerate(panel_pages(host_options(live))) if option in p)
        await interaction.response.edit_message(**host_panel(live, page=page, header=header).edit_kwargs())
        await self.refresh_lobby(live)

    async def set_player_option(
        self, interaction: Interaction, match_id: int, player: int, name: str, value: str
    ) -> None:
        async with self._answers.locked(interaction, match_id):
            live = await self._lobby.set_player_option(match_id, interaction.user.id, player, name, value)
            await self._show_player_option_set(interaction, live, player, name)

    async def _show_player_option_set(self, interaction: Interaction, live: LiveMatch, player: int, name: str) -> None:
        option = next(o for o in player_options(live) if name in (o.name, *o.aliases))
        header = t("✅ {option}: {value}.", option=option.title, value=option.show(player_value(live, option, player)))
        page = next(i for i, p in enumerate(panel_pages(player_options(live), 1)) if option in p)
        rendered = await self._player_panel(live, interaction, page=page, header=header)
        await interaction.response.edit_message(**rendered.edit_kwargs())
        await self.refresh_lobby(live)

    async def set_language(self, interaction: Interaction, match_id: int, value: str) -> None:
        """The player chose their language on their panel: stored as ``/language`` stores it; the panel is
        redrawn in it at once, since it is theirs alone."""
        if value != SERVER_LANGUAGE and language_code(value) is None:
            raise MatchError(t("There is no language called {language}: pick one from the list.", language=value[:100]))
        languages, user = self._languages, interaction.user.id
        await languages.set_reader(user, None if value == SERVER_LANGUAGE else value)
        live = await self._matches.load(match_id)
        reading = await languages.reader(user, live.record.guild_id if live is not None else interaction.guild_id)
        with use_locale(reading):
            header = t("✅ Your language: {language}.", language=language_name(reading))
            if live is None or live.record.status != LOBBY or user not in live.record.players:
                await self._answers.tell(interaction, header)  # the match started: the panel's other options are over
                return
            rendered = await self._player_panel(live, interaction, header=header)
        await interaction.response.edit_message(**rendered.edit_kwargs())

    async def add_ai(self, interaction: Interaction, match_id: int, level: str) -> None:
        """The host chose a level in **Add AI…**: seat an AI at it and redraw the lobby clicked."""
        async with self._answers.locked(interaction, match_id, update=True):
            live = await self._lobby.add_ai(match_id, interaction.user.id, level)
            if interaction.response.is_done():
                await interaction.edit_original_response(**lobby_message(live).edit_kwargs())
            else:
                await interaction.response.edit_message(**lobby_message(live).edit_kwargs())

    async def refresh_lobby(self, live: LiveMatch) -> None:
        """Edit the lobby message in the channel to show the new values (a channel message edit)."""
        if live.record.message_id is None:
            return
        partial = self._announcer.channel(live).get_partial_message(live.record.message_id)
        async with self._answers.in_channel(live):
            rendered = lobby_message(live)
        try:
            await partial.edit(**rendered.edit_kwargs())
        except FAILED as exc:
            log.warning("could not refresh the lobby message: %s", exc)
