"""Mat Goceng: 3 to 6 players, hidden roles, fist-colour battles and paid Extra Power.

Modules: ``cards`` (data and fist matching), ``state`` (dataclasses), ``flow``
(shared state changes), ``legal`` (who acts, what they may do), ``actions``
(checking and applying), ``outcome`` (winners), ``views`` and ``text`` (what
people see and read), ``policy`` (AI seats), ``game`` (the ``Game`` surface).
"""

from bot.kernel.contract import register

from .game import GocengGame

GAME = register(GocengGame())

__all__ = ["GAME", "GocengGame"]
