"""DRUMP: ``/drump new | hand | board | rules | concede | end``."""

from __future__ import annotations

from discord.ext import commands

from cogs.base import GameCommands


class Drump(GameCommands, group_name="drump", group_description="Play DRUMP, the monster-building card duel."):
    game_name = "drump"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Drump(bot))
