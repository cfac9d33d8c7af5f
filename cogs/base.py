"""The slash commands every game has, written once, and the factory that gives each game its group.

:func:`game_cog` builds one :class:`GameCommands` subclass per registered game:
its group is named after the game's name and described by its tagline, and
its ``new`` command takes the game's match-wide options and the table's as
optional parameters, built from their declarations (choices as
``app_commands.Choice`` lists, bools as bools, ints as ranges). discord.py
collects the other commands from this base class into each game's own group
(``/drump new``, ``/drama new``, ...). Each command is one line handing over
to the slash command handlers (``bot.frontend.handlers.slash``), shared by every
game and given to each cog when it is made (``cogs/games.py``). A game's own
commands are declarations in its module (:class:`~bot.kernel.present.Lookup`),
made into commands here too (``/drama card``).
"""

from __future__ import annotations

import inspect
import re
import types
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.frontend.command_translator import command_text
from bot.frontend.handlers.slash import SlashCommands
from bot.kernel.i18n import t
from bot.kernel.module import GameModule
from bot.kernel.options import TABLE_OPTIONS, Option
from bot.kernel.present import Lookup

NEW_DESCRIPTION = locale_str("Open a lobby for a new match in this channel.")


class GameCommands(commands.GroupCog):
    """``new | hand | board | rules | concede | end``; :func:`game_cog` gives ``new`` the game's options."""

    game_name: ClassVar[str] = ""

    def __init__(self, slash: SlashCommands) -> None:
        self.slash = slash
        super().__init__()

    # Replaced per game by game_cog (with the game's options); declared here so ``new`` comes first.
    @app_commands.command(name="new", description=NEW_DESCRIPTION)
    @app_commands.guild_only()
    async def new(self, interaction: discord.Interaction) -> None:
        await self.slash.cmd_new(interaction, self.game_name)

    @app_commands.command(name="hand", description=locale_str("See your private hand (only you can see the reply)."))
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.slash.cmd_hand(interaction, self.game_name)

    @app_commands.command(name="log", description=locale_str("See the last moves of this channel's match (only you)."))
    async def log(self, interaction: discord.Interaction) -> None:
        await self.slash.cmd_log(interaction, self.game_name)

    @app_commands.command(name="board", description=locale_str("See the table of this channel's match."))
    async def board(self, interaction: discord.Interaction) -> None:
        await self.slash.cmd_board(interaction, self.game_name)

    @app_commands.command(
        name="rules", description=locale_str("A short summary of the rules and the rulings we play by.")
    )
    async def rules(self, interaction: discord.Interaction) -> None:
        await self.slash.cmd_rules(interaction, self.game_name)

    @app_commands.command(name="concede", description=locale_str("Give up this channel's match."))
    async def concede(self, interaction: discord.Interaction) -> None:
        await self.slash.cmd_concede(interaction, self.game_name)

    @app_commands.command(
        name="end", description=locale_str("End this channel's match early (host or Manage Channels).")
    )
    async def end(self, interaction: discord.Interaction) -> None:
        await self.slash.cmd_end(interaction, self.game_name)


def _annotation(option: Option) -> Any:
    """The slash parameter type of an option (always optional: every option has a default)."""
    if option.kind == "bool":
        return bool | None
    if option.kind == "int":
        return app_commands.Range[int, option.min, option.max] | None
    return str | None


def new_command(game: GameModule, class_name: str) -> app_commands.Command[Any, ..., Any]:
    """``/<game> new`` with one optional parameter per match-wide option (the game's, then the table's).

    The values go to the table unchecked by discord.py (a forged value outside the choices
    still arrives): the match service checks them against the declarations and refuses
    with the allowed values, creating nothing.
    """
    game_opts = [o for o in game.rules.options if not o.per_player]
    clash = {o.name for o in game_opts} & {o.name for o in TABLE_OPTIONS}
    if clash:
        raise ValueError(f"{game.name}: option names {sorted(clash)} are the table's own")
    game_names = {o.name for o in game_opts}
    declared = [*game_opts, *TABLE_OPTIONS]

    async def new(self: GameCommands, interaction: discord.Interaction, **values: Any) -> None:
        given = {k: v for k, v in values.items() if v is not None}
        await self.slash.cmd_new(
            interaction,
            self.game_name,
            {k: v for k, v in given.items() if k in game_names},
            {k: v for k, v in given.items() if k not in game_names},
        )

    positional = inspect.Parameter.POSITIONAL_OR_KEYWORD
    new.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter("self", positional),
            inspect.Parameter("interaction", positional, annotation=discord.Interaction),
        ]
        + [inspect.Parameter(o.name, positional, default=None, annotation=_annotation(o)) for o in declared]
    )
    new.__qualname__ = f"{class_name}.new"  # a method: discord.py then passes the cog as ``self``
    command = app_commands.command(name="new", description=NEW_DESCRIPTION)(new)
    if declared:
        command = app_commands.describe(**{o.name: command_text(o.short) for o in declared})(command)
    choices = {
        o.name: [app_commands.Choice(name=command_text(c.label), value=c.value) for c in o.choices]
        for o in declared
        if o.kind == "choice"
    }
    if choices:
        command = app_commands.choices(**choices)(command)
    return app_commands.guild_only()(command)


def lookup_command(lookup: Lookup, class_name: str) -> app_commands.Command[Any, ..., Any]:
    """A game's own look-up command (``/drama card <name>``): the page only its reader sees, and names
    suggested while they type."""

    async def look_up(self: GameCommands, interaction: discord.Interaction, **values: Any) -> None:
        await self.slash.cmd_look_up(interaction, lookup, str(values[lookup.parameter]))

    async def suggest(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in lookup.suggest(current)]

    positional = inspect.Parameter.POSITIONAL_OR_KEYWORD
    look_up.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter("self", positional),
            inspect.Parameter("interaction", positional, annotation=discord.Interaction),
            inspect.Parameter(lookup.parameter, positional, annotation=app_commands.Range[str, 1, lookup.max_length]),
        ]
    )
    look_up.__qualname__ = f"{class_name}.{lookup.name}"  # a method: discord.py then passes the cog as ``self``
    command = app_commands.command(name=lookup.name, description=command_text(lookup.description))(look_up)
    command = app_commands.describe(**{lookup.parameter: command_text(lookup.parameter_description)})(command)
    command.autocomplete(lookup.parameter)(suggest)
    return command


def game_cog(game: GameModule, base: type[GameCommands] = GameCommands) -> type[GameCommands]:
    """The cog class of one game's slash group: the commands every game has, and the game's own."""
    class_name = "".join(part.capitalize() for part in re.split(r"[^a-zA-Z0-9]+", game.name)) + "Commands"
    namespace: dict[str, Any] = {
        "game_name": game.name,
        "new": new_command(game, class_name),
        "__doc__": f"/{game.name}: {game.title}'s slash command group.",
    }
    for lookup in game.commands:
        if lookup.name in namespace or hasattr(base, lookup.name):
            raise ValueError(f"{game.name}: /{game.name} {lookup.name} is a command every game has")
        namespace[lookup.name] = lookup_command(lookup, class_name)
    return types.new_class(
        class_name,
        (base,),
        {
            "group_name": game.name,
            "group_description": (
                command_text(game.presenter.tagline) if game.presenter.tagline else t("Play {game}.", game=game.title)
            ),
        },
        lambda ns: ns.update(namespace),
    )
