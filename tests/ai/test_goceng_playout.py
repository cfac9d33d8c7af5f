"""Hard's Mat Goceng playouts take a shorter path through the engine but make exactly the same moves.

``bot.games.goceng.playout`` skips the ``Rules`` surface's checks (a playout's policy only picks legal
actions); here both paths are walked side by side, from deals the sampler draws and from whole games at 3
to 6 seats, and must agree on the mover and the state after every single move. The search must also
really use it for Mat Goceng (and only there).
"""

from __future__ import annotations

import copy

from bot.ai import registry, search as search_module
from bot.ai.search import Budget, search
from bot.games.goceng import playout as fast
from bot.games.goceng.sampler import sample
from bot.kernel.contract import next_mover
from bot.kernel.module import SearchHints, get_game
from bot.kernel.rng import Rng
from tests.games.goceng.goceng_helpers import GAME

RULES = GAME.rules
NORMAL = registry.policy("goceng", "normal")


def _step_both(state, seed: int) -> int:
    """Play ``state`` to its end both ways, one move at a time; every move must agree. Returns the moves."""
    slow, quick = copy.deepcopy(state), copy.deepcopy(state)
    slow_rng, quick_rng = Rng.seeded(seed), Rng.seeded(seed)
    moves = 0
    while not RULES.is_over(slow):
        mover = next_mover(RULES, slow)
        assert fast.next_mover(quick) == mover
        legal = RULES.legal_actions(slow, mover)
        action = NORMAL.choose(RULES.view(slow, mover), legal, slow_rng)
        RULES.apply(slow, mover, action)
        assert NORMAL.choose(RULES.view(quick, mover), legal, quick_rng) == action
        fast.apply(quick, mover, action)
        assert quick == slow
        moves += 1
    assert fast.next_mover(quick) is None
    return moves


def test_the_fast_playout_makes_the_same_moves_in_whole_games_at_every_table_size():
    moves = 0
    for seed in range(12):
        state = RULES.new_game(list(range(1, 3 + seed % 4 + 1)), seed)
        moves += _step_both(state, seed)
    assert moves > 500


def test_the_fast_playout_ends_where_the_shared_one_does_from_sampled_deals():
    windows = 0
    for seed in range(30):
        state = RULES.new_game([1, 2, 3], 100 + seed)
        rng = Rng.seeded(seed)
        for _ in range(seed % 17):  # somewhere into the game, windows included
            if RULES.is_over(state):
                break
            mover = next_mover(RULES, state)
            RULES.apply(state, mover, NORMAL.choose(RULES.view(state, mover), RULES.legal_actions(state, mover), rng))
        if RULES.is_over(state):
            continue
        mover = next_mover(RULES, state)
        world = sample(RULES.view(state, mover), Rng.seeded(seed))
        windows += world.battle is not None and world.battle.window is not None
        slow, quick = copy.deepcopy(world), copy.deepcopy(world)
        search_module.playout(RULES, slow, NORMAL, Rng.seeded(seed))
        fast.playout(quick, NORMAL, Rng.seeded(seed), search_module.PLAYOUT_MOVES)
        assert quick == slow
    assert windows > 0


def test_the_search_plays_mat_goceng_playouts_the_fast_way_and_other_games_the_shared_way(monkeypatch):
    assert GAME.search.playout is fast.playout
    assert all(get_game(name).search.playout is None for name in ("drump", "drama", "laga"))
    calls: list[int] = []

    def counted(*args, **kwargs):
        calls.append(1)
        return fast.playout(*args, **kwargs)

    state = RULES.new_game([1, 2, 3], 7)
    mover = next_mover(RULES, state)
    view, legal = RULES.view(state, mover), RULES.legal_actions(state, mover)
    hints = SearchHints(playout=counted)
    search(RULES, view, legal, mover, Rng.seeded(1), sample, NORMAL, Budget(playouts=12), hints=hints)
    assert len(calls) >= 12
