"""Engine speed: full random games per second and the median ``apply``, for every registered game.

Pure engine work, no Discord and no database, timed in CPU time so that
other work on the machine does not count: each game is played from
``new_game`` to its end by picking uniformly among the legal actions of the
first player who may act, the loop any AI seat or simulation runs. A game
that raises or never ends is reported with its error instead of a figure,
so one engine in progress cannot hide the others'.
"""

from __future__ import annotations

import time
from typing import Any

from bot.kernel.contract import next_mover
from bot.kernel.module import GameModule, all_games
from bot.kernel.rng import Rng
from tools.bench.stats import median

MAX_STEPS = 20_000


def play_random(game: GameModule, seed: int, applies: list[float]) -> int:
    """One full game with random legal moves; appends each ``apply``'s seconds; returns the move count."""
    rng = Rng.seeded(seed)
    players = list(range(1, game.rules.min_players + 1))
    state = game.rules.new_game(players, seed, None)
    clock = time.perf_counter
    for step in range(MAX_STEPS):
        if game.rules.is_over(state):
            return step
        player = next_mover(game.rules, state)
        assert player is not None, "a game not over waits on nobody"
        legal = game.rules.legal_actions(state, player)
        action = legal[rng.below(len(legal))]
        start = clock()
        game.rules.apply(state, player, action)
        applies.append(clock() - start)
    raise RuntimeError(f"no end after {MAX_STEPS} moves (seed {seed})")


def bench_game(game: GameModule, seconds: float, seed: int, min_games: int = 3) -> dict[str, Any]:
    """Random games for about ``seconds`` of CPU time.

    Speed is CPU time of this thread, not wall time: on a machine shared with
    other work, wall time counts whatever else ran, CPU time only this loop.
    """
    applies: list[float] = []
    games = moves = 0
    start = time.thread_time()
    try:
        while games < min_games or time.thread_time() - start < seconds:
            moves += play_random(game, seed + games, applies)
            games += 1
    except Exception as exc:  # an engine under construction: say what broke, keep the rest
        return {"error": f"{type(exc).__name__}: {exc}"[:300], "games": games}
    elapsed = time.thread_time() - start
    return {
        "games": games,
        "games_per_s": games / elapsed,
        "ms_per_game": elapsed / games * 1000.0,
        "moves_per_game": moves / games,
        "apply_median_us": median(applies) * 1e6,
    }


def run_engines(*, seconds: float, seed: int) -> dict[str, Any]:
    return {game.name: bench_game(game, seconds, seed) for game in all_games()}
