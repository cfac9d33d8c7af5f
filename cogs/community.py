"""Commands for the whole server: /stats, /leaderboard, /history, /settings, and each player's /language.

Descriptions are wrapped in discord.py's ``locale_str``: collected into the
translation template by the extractor, and localised by the command tree's
translator (``bot.frontend.command_translator``) when ``/`` commands are synced.
Language choices are shown by their own names, in their own language.
"""

from __future__ import annotations

from typing import Any, Optional

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.frontend.handlers.community import Community, game_choices
from bot.play.language import LANGUAGES

GAME_CHOICES = [app_commands.Choice(name=title, value=name) for title, name in game_choices()]
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()]
MY_LANGUAGE_CHOICES = LANGUAGE_CHOICES + [
    app_commands.Choice(name=locale_str("The server's language"), value="server")]


class CommunityCommands(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def community(self) -> Community:
        return self.bot.community  # type: ignore[attr-defined]

    @app_commands.command(name="stats", description=locale_str("A player's record per game on this server."))
    @app_commands.describe(player=locale_str("Whose record (default: yours)"))
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, player: Optional[discord.User] = None) -> None:
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

    @app_commands.command(name="settings", description=locale_str("See or change the bot's settings for this server."))
    @app_commands.describe(
        window_seconds=locale_str("Response windows (blocks, Plot Twists), 5-300 s"),
        turn_seconds=locale_str("Time for each decision on a turn, 30-3600 s"),
        ai_delay_seconds=locale_str("Pause before each AI move, 0-30 s"),
        idle_takeover=locale_str("Timeouts in a row before the AI takes an absent player's seat, 1-10"),
        count_ai_matches=locale_str("Whether matches with AI players count in stats"),
        negotiation_seconds=locale_str("Mat Goceng Extra Power negotiations, 10-600 s"),
        pictures=locale_str("Whether the table is also shown as a picture"),
        language=locale_str("The language of everything the bot posts in this server's channels"),
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def settings(self, interaction: discord.Interaction, window_seconds: Optional[int] = None,
                       turn_seconds: Optional[int] = None, ai_delay_seconds: Optional[int] = None,
                       idle_takeover: Optional[int] = None, count_ai_matches: Optional[bool] = None,
                       negotiation_seconds: Optional[int] = None, pictures: Optional[bool] = None,
                       language: Optional[str] = None) -> None:
        # Plain ``str`` choices: a forged value reaches the command, which refuses it by name.
        changes: dict[str, Any] = {
            "window_seconds": window_seconds, "turn_seconds": turn_seconds, "ai_delay_seconds": ai_delay_seconds,
            "idle_takeover": idle_takeover, "count_ai_matches": count_ai_matches,
            "negotiation_seconds": negotiation_seconds, "pictures": pictures, "language": language,
        }
        await self.community.cmd_settings(interaction, changes)

    @app_commands.command(name="language",
                          description=locale_str("Your own language for DMs, pickers and replies only you see."))
    @app_commands.describe(choice=locale_str("Leave it out to see which language you read the bot in"))
    @app_commands.choices(choice=MY_LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, choice: Optional[str] = None) -> None:
        await self.community.cmd_language(interaction, choice)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CommunityCommands(bot))
