"""Easy: legal moves with a little sense, for any game.

Half of its decisions are the game's normal policy's, the rest uniformly random
among the legal actions, so it makes sensible moves often enough to be a game
and blunders often enough to be beaten by someone learning. The split comes from
the seeded rng, so an easy seat replays like any other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.kernel.contract import Action
from bot.kernel.policy import Policy
from bot.kernel.rng import Rng

#: Share of decisions taken by the normal policy.
SENSE = 0.5


class EasyPolicy:
    """The normal policy part of the time, a random legal move otherwise."""

    name = "easy"

    def __init__(self, normal: Policy, sense: float = SENSE) -> None:
        self.normal = normal
        self.sense = sense

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if rng.random() < self.sense:
            return self.normal.choose(view, legal, rng)
        return legal[rng.below(len(legal))]
