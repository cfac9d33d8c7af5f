"""Seeded games between policies, straight through an engine: what the level tables and tests measure.

A "player" here is anything with ``choose(view, legal, rng)``, or the string
``"hard"`` for the search (run in this process, held to a playout count or a time
budget). Seats rotate over the games so no level profits from a seat; every game's
seed is its index plus the base seed, and each policy's randomness is seeded from it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.ai.search import Budget, hard_move
from bot.kernel.contract import next_mover
from bot.kernel.module import GameModule
from bot.kernel.policy import Policy
from bot.kernel.rng import Rng

#: Safety bound on the moves of one game.
MAX_MOVES = 5000


@dataclass
class Hard:
    """The search as a seat: ``budget`` per move, normal playouts, the game's sampler."""

    game_name: str
    budget: Budget
    name: str = "hard"

    def choose_for(self, player: int, view: Any, legal: Sequence[Any], rng: Rng) -> Any:
        return hard_move(self.game_name, view, legal, player, rng, self.budget)


@dataclass
class Tally:
    """Outcomes of one policy (``a``) against another (``b``), counted from ``a``'s side."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    seeds: list[int] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """Wins plus half the draws, per game: the win rate the tables report."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The score's 95% interval (a game scores 1, ½ or 0), by the normal approximation: a figure
        without one cannot say whether 55% over 40 games is better than a coin."""
        n = self.games
        if n == 0:
            return 0.0, 0.0
        mean = self.score
        second = (self.wins + 0.25 * self.draws) / n
        half = z * math.sqrt(max(0.0, second - mean * mean)) / math.sqrt(n)
        return max(0.0, mean - half), min(1.0, mean + half)

    def __add__(self, other: Tally) -> Tally:
        """Both tallies' games together (parts of one run played in several processes)."""
        return Tally(
            self.wins + other.wins, self.draws + other.draws, self.losses + other.losses, self.seeds + other.seeds
        )

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval()
        return {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": round(self.score, 4),
            "interval": [round(low, 4), round(high, 4)],
            "seeds": [min(self.seeds), max(self.seeds)] if self.seeds else [],
        }


def play(game: GameModule, policies: Sequence[Policy], seed: int, options: Any = None) -> Any:
    """One game with ``policies[i]`` in seat ``i`` (players 1..n); returns the engine's Result."""
    players = list(range(1, len(policies) + 1))
    by_player = dict(zip(players, policies, strict=True))
    state = game.rules.new_game(players, seed, options)
    rng = Rng.seeded(seed ^ 0x5EED)
    for _ in range(MAX_MOVES):
        if game.rules.is_over(state):
            break
        player = next_mover(game.rules, state)
        assert player is not None, "a game not over waits on nobody"
        legal = game.rules.legal_actions(state, player)
        seat = by_player[player]
        view = game.rules.view(state, player)
        # The search needs to know whose seat it plays; a policy reads that from the view.
        action = (
            seat.choose_for(player, view, legal, rng) if hasattr(seat, "choose_for") else seat.choose(view, legal, rng)
        )
        game.rules.apply(state, player, action)
    return game.rules.result(state) if game.rules.is_over(state) else None


def duel(
    game: GameModule,
    a: Policy,
    b: Policy,
    games: int,
    seed: int = 0,
    seats: int | None = None,
    options: Any = None,
    first: int = 0,
) -> Tally:
    """``a`` against ``b`` over ``games`` seeded games: one ``a`` seat, the rest ``b``, ``a``'s seat rotating.

    Game ``i`` (from ``first``) has seed ``seed + i`` and ``a`` in seat ``i % seats``, so a run split into parts
    (``first`` 0, 100, 200…) plays exactly the games of the whole run.

    A game with more than two seats puts ``a`` in one seat and ``b`` in every other. A win ``a`` shares
    (Mat Goceng's hunters whose targets both fall) counts as a win, so at such a table the fair share is
    not one over the seats but what ``b`` scores in a seat when it plays them all (its mirror).
    """
    n = seats or game.rules.min_players
    tally = Tally()
    for i in range(first, first + games):
        s = seed + i
        where = i % n
        policies = [b] * n
        policies[where] = a
        result = play(game, policies, s, options)
        tally.seeds.append(s)
        mine = where + 1
        if result is None or result.is_draw:
            tally.draws += 1
        elif mine in result.winners:
            tally.wins += 1
        else:
            tally.losses += 1
    return tally
