"""Drama Pukul 7: a pure rules engine for 2 to 6 players, its card data and seat-filling policies."""

from bot.kernel.contract import register
from bot.games.drama.game import DramaGame

GAME = register(DramaGame())

__all__ = ["DramaGame", "GAME"]
