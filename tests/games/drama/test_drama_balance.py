"""The card set is balanced enough that every hero is worth picking and games between AI seats end.

Every ordered pair of different heroes plays heads-up games with the heuristic policy in both
seats, so a hero's results come from its ability alone. A hero that won less than a quarter of
its games would be one nobody should pick; the packaged set keeps each hero well above that.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bot.games.drama.ai import HeuristicPolicy
from bot.games.drama.state import CARDS, player
from bot.kernel.rng import Rng
from tests.games.drama.drama_helpers import GAME

pytestmark = pytest.mark.slow

ROUNDS = 3  # games per ordered pair of heroes: each hero plays 2 * 7 * ROUNDS games
MAX_STEPS = 5000


def _heads_up(hero_a: str, hero_b: str, seed: int) -> str:
    """Winner's hero key of one heuristic-vs-heuristic game, seat 1 playing ``hero_a``."""
    policy = HeuristicPolicy()
    side = {h.key: h.sides[0][0] for h in CARDS.heroes}
    s = GAME.rules.new_game([1, 2], seed)
    while s.pick_queue:
        pid = s.pick_queue[0]
        GAME.rules.apply(s, pid, {"type": "pick_hero", "hero": side[hero_a if pid == 1 else hero_b]})
    rng = Rng.seeded(seed)
    for _ in range(MAX_STEPS):
        if GAME.rules.is_over(s):
            return player(s, s.winner).hero
        actors = sorted(GAME.rules.actors(s))
        pid = actors[rng.below(len(actors))]
        GAME.rules.apply(s, pid, policy.choose(GAME.rules.view(s, pid), GAME.rules.legal_actions(s, pid), rng))
    raise AssertionError(f"{hero_a} vs {hero_b} (seed {seed}) did not end")


def test_every_hero_is_worth_picking():
    keys = [h.key for h in CARDS.heroes]
    wins: Counter[str] = Counter()
    games: Counter[str] = Counter()
    for r in range(ROUNDS):
        for i, a in enumerate(keys):
            for j, b in enumerate(keys):
                if a != b:
                    wins[_heads_up(a, b, seed=r * 1000 + i * 8 + j)] += 1
                    games[a] += 1
                    games[b] += 1
    rates = {k: wins[k] / games[k] for k in keys}
    assert min(rates.values()) >= 0.25, rates
    assert max(rates.values()) <= 0.75, rates
