"""Table pictures: drawing time and PNG size per game, and the upload bytes they add per move.

Whole random matches of every game at its fewest and most players; after every move the
public table is drawn from the spectator view, as the table message does. Drawing time is
CPU time of this thread (other work on the machine does not count). Upload bytes per move
count a picture only when it differs from the one before (the table message re-uploads only
then); the issue's targets are p50 <= 20 ms and <= 150 KB per picture.
"""

from __future__ import annotations

import time
from typing import Any

from bot.kernel.module import GameModule, all_games
from bot.kernel.rng import Rng
from bot.pictures.drawing import draw_table
from tools.bench.stats import median

P50_TARGET_MS = 20.0
SIZE_TARGET_KB = 150.0
MAX_STEPS = 5000


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def _match(game: GameModule, players: int, seed: int, times: list[float], sizes: list[int]) -> tuple[int, int]:
    """One random match drawn after every move; returns (moves, bytes uploaded)."""
    rng = Rng.seeded(seed)
    state = game.rules.new_game(list(range(1, players + 1)), seed, None)
    names = {pid: f"Player {pid}" for pid in range(1, players + 1)}
    previous: bytes | None = None
    uploaded = moves = 0
    for _ in range(MAX_STEPS):
        start = time.thread_time()
        png = draw_table(game, game.rules.view(state, None), names)
        times.append(time.thread_time() - start)
        if png is not None:
            sizes.append(len(png))
            if png != previous:
                uploaded += len(png)
            previous = png
        if game.rules.is_over(state):
            return moves, uploaded
        player = min(game.rules.actors(state))
        legal = game.rules.legal_actions(state, player)
        game.rules.apply(state, player, legal[rng.below(len(legal))])
        moves += 1
    raise RuntimeError(f"no end after {MAX_STEPS} moves (seed {seed})")


def bench_pictures(game: GameModule, seed: int) -> dict[str, Any]:
    times: list[float] = []
    sizes: list[int] = []
    moves = uploaded = 0
    try:
        for players in sorted({game.rules.min_players, game.rules.max_players}):
            m, u = _match(game, players, seed, times, sizes)
            moves, uploaded = moves + m, uploaded + u
    except Exception as exc:  # a game under construction: say what broke, keep the rest
        return {"error": f"{type(exc).__name__}: {exc}"[:300]}
    if not sizes:
        return {"error": "draws no table picture"}
    return {
        "pictures": len(sizes),
        "draw_ms_p50": median(times) * 1000.0,
        "draw_ms_p99": _quantile(times, 0.99) * 1000.0,
        "bytes_p50": median([float(s) for s in sizes]),
        "bytes_max": max(sizes),
        "upload_bytes_per_move": uploaded / max(1, moves),
    }


def run_pictures(*, seed: int) -> dict[str, Any]:
    return {game.name: bench_pictures(game, seed) for game in all_games()}


def section(results: dict[str, Any]) -> list[str]:
    """The report's lines: one row per game, with the targets' verdicts."""
    pictures = results.get("pictures")
    if not pictures:
        return []
    lines = [
        "",
        "Table pictures (whole random matches at the fewest and most players, drawn after every move; "
        f"CPU time; targets p50 <= {P50_TARGET_MS:.0f} ms, <= {SIZE_TARGET_KB:.0f} KB)",
        f"  {'Game':<8} {'pictures':>8} {'draw p50 ms':>11} {'p99 ms':>7} {'KB p50':>7} {'KB max':>7} "
        f"{'upload KB/move':>14}  verdict",
    ]
    for name, p in sorted(pictures.items()):
        if "error" in p:
            lines.append(f"  {name:<8} error: {p['error'][:80]}")
            continue
        met = p["draw_ms_p50"] <= P50_TARGET_MS and p["bytes_max"] / 1000.0 <= SIZE_TARGET_KB
        lines.append(
            f"  {name:<8} {p['pictures']:>8} {p['draw_ms_p50']:>11.1f} {p['draw_ms_p99']:>7.1f} "
            f"{p['bytes_p50'] / 1000:>7.1f} {p['bytes_max'] / 1000:>7.1f} "
            f"{p['upload_bytes_per_move'] / 1000:>14.1f}  {'met' if met else 'MISSED'}"
        )
    return lines
