"""Laga Jakarta: a mancala of Action tokens around six Jakarta tiles, Jobs, Dreams and News."""

from bot.kernel.contract import register

from .game import LagaGame

GAME = register(LagaGame())

__all__ = ["GAME", "LagaGame"]
