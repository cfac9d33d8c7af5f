"""Which language a message is written in: the server's for its channels, the reader's for what only they see.

A server chooses one language (``/settings language``, stored with the other
server settings, English by default) for everything posted in its channels: the
table, the lobby, pings and results. A person may choose their own
(``/language``, stored with their preferences) for what only they read: DMs,
replies only they can see, pickers. Who has chosen none reads the server's,
unless their Discord client is set to a language we have and Discord knows
(Indonesian; Discord has no Malay locale, so Malay players choose it).

The language is carried by ``bot.kernel.i18n.use_locale`` around each message as it
is built; this module only decides which one.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from bot.kernel.i18n import SOURCE_LOCALE, use_locale
from bot.kernel.languages import PREF_KEY, hinted_language, language_code
from bot.play.matches import Matches
from bot.play.people import People
from bot.play.settings import ServerSettings


class Languages:
    """Decides the language of a server's channels and of each reader.

    The Discord locale hint of each person who interacts is remembered here (in
    memory), so a DM sent later on their behalf, by a timer or another player's
    move, is written in the language their client asked for.
    """

    def __init__(self, settings: ServerSettings, people: People, matches: Matches) -> None:
        self._settings = settings
        self._people = people
        self._matches = matches
        self._hints: dict[int, str] = {}

    async def server(self, guild_id: int | None) -> str:
        """The language of a server's channels (English when there is no server)."""
        if guild_id is None:
            return SOURCE_LOCALE
        return (await self._settings.of(guild_id)).language

    async def chosen(self, user_id: int) -> str | None:
        """The language a person chose for themselves, or None."""
        if user_id <= 0:
            return None
        return language_code((await self._people.prefs(user_id)).get(PREF_KEY))

    async def reader(self, user_id: int, guild_id: int | None) -> str:
        """What one person reads privately: their choice, else their client's hint, else the server's."""
        return (await self.chosen(user_id)) or self._hints.get(user_id) or await self.server(guild_id)

    def note_hint(self, user_id: int, discord_locale: Any) -> None:
        """Remember (or forget) the language a person's Discord client is set to."""
        hinted = hinted_language(discord_locale)
        if hinted:
            self._hints[user_id] = hinted
        else:
            self._hints.pop(user_id, None)

    async def for_interaction(self, interaction: Any, match_id: int | None = None) -> str:
        """The reader's language for an interaction; in a DM, the server is the match's."""
        user_id = interaction.user.id
        self.note_hint(user_id, getattr(interaction, "locale", None))
        guild_id = interaction.guild_id
        if guild_id is None and match_id is not None:
            live = await self._matches.load(match_id)
            guild_id = live.record.guild_id if live is not None else None
        return await self.reader(user_id, guild_id)

    @asynccontextmanager
    async def in_channel(self, guild_id: int | None) -> AsyncIterator[str]:
        """Texts built in this block are for a server's channel: its language."""
        locale = await self.server(guild_id)
        with use_locale(locale):
            yield locale

    @asynccontextmanager
    async def in_private(self, user_id: int, guild_id: int | None) -> AsyncIterator[str]:
        """Texts built in this block are for one person's eyes only: their language."""
        locale = await self.reader(user_id, guild_id)
        with use_locale(locale):
            yield locale

    async def set_server(self, guild_id: int, code: str) -> None:
        await self._settings.set_language(guild_id, code)

    async def set_reader(self, user_id: int, code: str | None) -> None:
        """A person's own language; None goes back to the server's (or their client's)."""
        checked = language_code(code) if code is not None else None
        if code is not None and checked is None:
            raise ValueError(code)
        await self._people.set_pref(user_id, PREF_KEY, checked)
