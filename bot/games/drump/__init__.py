"""DRUMP: the two-player monster-building card game, as a pure rules engine.

Importing the package registers the engine under the name ``"drump"``.
"""

from bot.kernel.contract import register
from bot.games.drump.game import DrumpGame

GAME = register(DrumpGame())

__all__ = ["DrumpGame", "GAME"]
