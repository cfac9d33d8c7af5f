"""The slash commands every game has, written once.

A game's cog subclasses :class:`GameCommands` with its ``group_name`` and
``game_name``; discord.py collects these commands from the base class into
each game's own group (``/drump new``, ``/drama new``, ...). Each command is
one line handing over to the table, which is shared by every game.
"""

from __future__ import annotations

from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands


class GameCommands(commands.GroupCog):
    game_name: ClassVar[str] = ""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def table(self) -> Any:
        return self.bot.table  # type: ignore[attr-defined]

    @app_commands.command(name="new", description="Open a lobby for a new match in this channel.")
    @app_commands.guild_only()
    async def new(self, interaction: discord.Interaction) -> None:
        await self.table.cmd_new(interaction, self.game_name)

    @app_commands.command(name="hand", description="See your private hand (only you can see the reply).")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.table.cmd_hand(interaction, self.game_name)

    @app_commands.command(name="board", description="See the table of this channel's match.")
    async def board(self, interaction: discord.Interaction) -> None:
        await self.table.cmd_board(interaction, self.game_name)

    @app_commands.command(name="rules", description="A short summary of the rules and the rulings we play by.")
    async def rules(self, interaction: discord.Interaction) -> None:
        await self.table.cmd_rules(interaction, self.game_name)

    @app_commands.command(name="concede", description="Give up this channel's match.")
    async def concede(self, interaction: discord.Interaction) -> None:
        await self.table.cmd_concede(interaction, self.game_name)

    @app_commands.command(name="end", description="End this channel's match early (host or Manage Channels).")
    async def end(self, interaction: discord.Interaction) -> None:
        await self.table.cmd_end(interaction, self.game_name)
