"""Seat-filling players: given what a player may see and may do, choose an action.

A policy sees exactly what a human in that seat would (the engine's ``view``
for that player and the legal actions), never the full state, so an AI seat
cannot cheat. Randomness comes from the caller's seeded ``Rng`` so AI games
replay like any other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from bot.kernel.contract import Action
from bot.kernel.rng import Rng


class Policy(Protocol):
    """Chooses one of ``legal`` for ``player`` from that player's ``view``."""

    name: str

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action: ...


class RandomPolicy:
    """Uniformly random among the legal actions: the baseline every game has."""

    name = "random"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[rng.below(len(legal))]
