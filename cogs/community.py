"""Commands for the whole server: /stats, /leaderboard, /history, /settings, and each player's /language.

Descriptions are wrapped in discord.py's ``locale_str``: collected into the
translation template by the extractor, and localised by the command tree's
translator (``bot.frontend.command_translator``) when ``/`` commands are synced.
Language choices are shown by their own names, in their own language.
"""

from __future__ import annotations

import inspect
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.frontend.client import GameBot
from bot.frontend.command_translator import command_text
from bot.frontend.handlers.community import Community, game_choices
from bot.kernel.languages import LANGUAGES, SERVER_KEY as LANGUAGE_KEY
from bot.play.settings import SETTINGS, SettingDef

GAME_CHOICES = [app_commands.Choice(name=title, value=name) for title, name in game_choices()]
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()]
MY_LANGUAGE_CHOICES = LANGUAGE_CHOICES + [app_commands.Choice(name=locale_str("The server's language"), value="server")]


def _setting_annotation(setting: SettingDef) -> Any:
    """The slash parameter of a setting: a yes/no for an on/off one, else a whole number (always optional).

    The range is not left to Discord: a forged value outside it still reaches the command, which
    refuses it with the range, so every refusal reads the same.
    """
    return bool | None if setting.kind == "bool" else int | None


def settings_command() -> app_commands.Command[Any, ..., Any]:
    """``/settings`` with one optional parameter per declared setting (``bot.play.settings.SETTINGS``), then the
    server's language: a setting declared is a setting the command offers, described in the reader's language."""

    async def settings(self: CommunityCommands, interaction: discord.Interaction, **values: Any) -> None:
        await self.community.cmd_settings(interaction, dict(values))

    positional = inspect.Parameter.POSITIONAL_OR_KEYWORD
    params = [
        inspect.Parameter("self", positional),
        inspect.Parameter("interaction", positional, annotation=discord.Interaction),
    ]
    params += [
        inspect.Parameter(key, positional, default=None, annotation=_setting_annotation(setting))
        for key, setting in SETTINGS.items()
    ]
    # A plain ``str`` choice: a forged value reaches the command, which refuses it by name.
    params.append(inspect.Parameter(LANGUAGE_KEY, positional, default=None, annotation=str | None))
    settings.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    settings.__qualname__ = "CommunityCommands.settings"  # a method: discord.py then passes the cog as ``self``
    command = app_commands.command(
        name="settings", description=locale_str("See or change the bot's settings for this server.")
    )(settings)
    described = {key: command_text(setting.short.msgid) for key, setting in SETTINGS.items()}
    described[LANGUAGE_KEY] = locale_str("The language of everything the bot posts in this server's channels")
    command = app_commands.describe(**described)(command)
    command = app_commands.choices(**{LANGUAGE_KEY: LANGUAGE_CHOICES})(command)
    command = app_commands.default_permissions(manage_guild=True)(command)
    return app_commands.guild_only()(command)


class CommunityCommands(commands.Cog):
    def __init__(self, community: Community) -> None:
        self.community = community

    @app_commands.command(name="stats", description=locale_str("A player's record per game on this server."))
    @app_commands.describe(player=locale_str("Whose record (default: yours)"))
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, player: discord.User | None = None) -> None:
        await self.community.cmd_stats(interaction, player)

    @app_commands.command(name="leaderboard", description=locale_str("The best players of a game on this server."))
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        # A plain ``str``: a forged value outside the choices reaches the command, which names it in its refusal.
        await self.community.cmd_leaderboard(interaction, game)

    @app_commands.command(name="history", description=locale_str("The move log of a finished match."))
    @app_commands.describe(match=locale_str("The match number, as shown on its table (#12)"))
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction, match: int) -> None:
        await self.community.cmd_history(interaction, match)

    #: Made from the settings' declarations, as ``/<game> new`` is from the options.
    settings = settings_command()

    @app_commands.command(
        name="language", description=locale_str("Your own language for DMs, pickers and replies only you see.")
    )
    @app_commands.describe(choice=locale_str("Leave it out to see which language you read the bot in"))
    @app_commands.choices(choice=MY_LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, choice: str | None = None) -> None:
        await self.community.cmd_language(interaction, choice)


async def setup(bot: GameBot) -> None:
    """The server-wide commands, given the community handlers the bot composed."""
    await bot.add_cog(CommunityCommands(bot.handlers.community))
