"""One slash group per registered game, straight from the registry (``bot.kernel.contract.all_games()``).

No game is listed here: a game that registers itself gets ``/<name> new | hand |
board | rules | concede | end``. A game with commands of its own ships
``cogs/<name>.py`` with a ``setup(bot)``; it is loaded instead of the generic
cog and usually builds on it: ``game_cog(get_game(name), base=MyExtras)``.
"""

from __future__ import annotations

import importlib.machinery

from discord.ext import commands

from bot.kernel.contract import all_games
from cogs.base import game_cog


def own_cog_module(name: str) -> str | None:
    """The game's own cog module, if it ships one next to this file.

    Looked up in this package's own folder only (not through every import hook), so an
    installed copy of the bot elsewhere cannot lend a module this checkout does not have.
    """
    import cogs

    spec = importlib.machinery.PathFinder.find_spec(f"cogs.{name}", list(cogs.__path__))
    return f"cogs.{name}" if spec is not None else None


async def setup(bot: commands.Bot) -> None:
    for game in all_games():
        module = own_cog_module(game.name)
        if module is not None:
            await bot.load_extension(module)
        else:
            await bot.add_cog(game_cog(game)(bot))
