"""One slash group per game, straight from the registry (``bot.kernel.module.all_games()``).

No game is listed here: every game found in ``bot/games/`` gets ``/<name> new | hand |
board | rules | concede | end``, plus the commands its module declares (``/drama card``).
"""

from __future__ import annotations

from bot.frontend.client import GameBot
from bot.kernel.module import all_games
from cogs.base import game_cog


async def setup(bot: GameBot) -> None:
    """Each game's group, given the slash command handlers the bot composed."""
    for game in all_games():
        await bot.add_cog(game_cog(game)(bot.handlers.slash))
