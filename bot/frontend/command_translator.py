"""Slash commands in the players' languages: discord.py's ``Translator`` over our catalogues, and the tree.

Discord shows a command's description, its options' descriptions and its
choices in the language of each member's client, from the localisations sent
when the commands are synced. Discord has Indonesian (``id``) but no Malay, so
only the Discord locales in :data:`bot.play.language.DISCORD_LOCALES` get ours.
Command and option names stay English: help texts and replies name them.

Every interaction with a slash command runs in its reader's language: the
tree's ``interaction_check`` sets it for the interaction's own task, from the
languages the bot gives the tree when it is composed (:meth:`LocalisedTree.read_in`).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.kernel.i18n import current_locale, translation
from bot.kernel.languages import hinted_language

log = logging.getLogger(__name__)

#: Discord's length limits for what we translate (descriptions and choice names).
LIMITS = {
    Where.command_description: 100,
    Where.group_description: 100,
    Where.parameter_description: 100,
    Where.choice_name: 100,
}


def command_text(msgid: str) -> app_commands.locale_str:
    """A slash command text the translator localises, for a text written with ``N_`` elsewhere
    (a game's tagline, an option's summary or choice), so it reaches the template once.

    Spelled out in full so the extractor, which wants a literal in every ``locale_str``
    call it collects, leaves this one to the ``N_`` that marked the text.
    """
    return discord.app_commands.locale_str(msgid)


class CatalogueTranslator(app_commands.Translator):
    """Localises descriptions and choice names from the catalogue of each Discord locale we have."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        limit = LIMITS.get(context.location)
        language = hinted_language(locale)
        if limit is None or language is None:
            return None  # names stay English; a locale without a catalogue shows the English text
        text = translation(string.message, language)
        if text and len(text) > limit:  # Discord would refuse the whole sync over one long text
            log.warning(
                "a %s translation over %d characters is left out (its readers see English): %s", language, limit, text
            )
            return None  # tests/locales/test_discord_limits.py fails on it before it ships
        return text or None


class Readers(Protocol):
    """The language an interaction is answered in (``bot.frontend.languages.Languages``)."""

    async def for_interaction(self, interaction: Any, match_id: int | None = None) -> str: ...


class Gate(Protocol):
    """Whether an interaction is this process's to answer (``bot.frontend.intake.Intake``)."""

    async def ours(
        self, interaction: discord.Interaction[Any], replay: Callable[[discord.Interaction[Any]], Awaitable[None]]
    ) -> bool: ...


class LocalisedTree(app_commands.CommandTree):
    """The command tree: each command runs in its reader's language (once the tree is given the languages)."""

    #: Which language each reader reads; None until the bot is composed (``read_in``).
    _readers: Readers | None = None
    #: Whether a command is this process's to answer (several may share the database); None: every one is.
    _intake: Gate | None = None

    def read_in(self, readers: Readers) -> None:
        """From now on, run each command in its reader's language as ``readers`` tells it."""
        self._readers = readers

    def take_only(self, intake: Gate) -> None:
        """From now on, run only the commands ``intake`` says are this process's."""
        self._intake = intake

    async def _run_again(self, interaction: discord.Interaction[Any]) -> None:
        """A command let go while another process owned its partition, run here now that it came here."""
        from bot.frontend.ui.router import run_command_again

        run_command_again(self, interaction)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if self._intake is not None and not await self._intake.ours(interaction, self._run_again):
            return False  # another process's (discord.py drops it silently)
        if self._readers is not None:
            # The interaction's own task (discord.py starts one per interaction): the value ends with it.
            current_locale.set(await self._readers.for_interaction(interaction))
        return True
