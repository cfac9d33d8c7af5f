"""Memory soak: does resident memory stay flat over a long run of moves?

A live bot plays for weeks: anything it keeps per move (a handle per
interaction, a cache entry per message, a log line) shows up as steady
growth that a short benchmark hides behind warm-up noise. This plays many
moves, one at a time, through the real picker against a fixed set of live
matches (a match that ends is replaced in its channel), forgetting what the
stand-in for Discord records for tests (``prune``) as it goes, and samples
resident memory after a garbage collection. Growth is measured from the end
of the warm-up, when caches, allocator arenas and lazily built tables have
reached their working size.

With ``trace`` the Python allocations of the same span are compared with
``tracemalloc`` and the lines that gained most are listed: where a leak is.
Tracing slows the run several times over; use it on a shorter soak.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from bot.kernel.rng import Rng
from tools.bench import prune
from tools.bench.arena import open_arena
from tools.bench.load import SWEEP_EVERY
from tools.bench.machine import rss_bytes
from tools.bench.player import Driver

#: Lines of the allocation diff reported with ``trace``.
TOP_GROWTH = 15


def _slope_per_moves(points: list[tuple[int, int]], per: int) -> float:
    """Least-squares growth in bytes per ``per`` moves over (moves, rss) samples."""
    if len(points) < 2:
        return 0.0
    n = len(points)
    mx = sum(m for m, _ in points) / n
    my = sum(r for _, r in points) / n
    var = sum((m - mx) ** 2 for m, _ in points)
    return 0.0 if not var else sum((m - mx) * (r - my) for m, r in points) / var * per


def _growth_lines(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot) -> list[dict[str, Any]]:
    stats = after.compare_to(before, "lineno")
    return [
        {"where": str(s.traceback[0]), "size_diff_bytes": s.size_diff, "count_diff": s.count_diff}
        for s in stats[:TOP_GROWTH]
    ]


async def run_soak(
    *, matches: int, moves: int, warmup: int, samples: int, seed: int, workdir: str, trace: bool = False
) -> dict[str, Any]:
    db_path = str(Path(workdir) / "soak.sqlite3")
    arena = await open_arena(matches, db_path, seed)
    try:
        await arena.fill()
        driver = Driver(arena, Rng.seeded(seed + 1))
        rng = Rng.seeded(seed)
        order = list(arena.seats)
        every = max(1, moves // max(1, samples))
        played = 0
        finished = 0
        points: list[tuple[int, int]] = []
        before: tracemalloc.Snapshot | None = None
        rss_warm = 0
        started = time.perf_counter()
        warm_at = started
        while played < warmup + moves:
            rng.shuffle(order)
            for seat in order:
                if played >= warmup + moves:
                    break
                assert seat.match_id is not None
                sample = await driver.play_move(seat.match_id)
                played += 1
                if sample.finished:
                    finished += 1
                    driver.forget_players(seat.players)
                    prune.drop_finished(arena.world, seat.channel_id, seat.players)
                    await arena.create_match(seat)
                if played % SWEEP_EVERY == 0:
                    prune.sweep(arena.world)
                if played == warmup:
                    prune.sweep(arena.world)
                    rss_warm = rss_bytes()
                    points.append((0, rss_warm))
                    warm_at = time.perf_counter()
                    if trace:
                        tracemalloc.start(1)
                        before = tracemalloc.take_snapshot()
                elif played > warmup and (played - warmup) % every == 0:
                    prune.sweep(arena.world)
                    points.append((played - warmup, rss_bytes()))
        await arena.world.settle()  # raises what handlers logged instead of raising
        rss_end = points[-1][1] if points else rss_bytes()
        result: dict[str, Any] = {
            "live_matches": matches,
            "warmup_moves": warmup,
            "moves": moves,
            "matches_finished": finished,
            "seconds": time.perf_counter() - started,
            "soak_seconds": time.perf_counter() - warm_at,
            "rss_after_warmup_bytes": rss_warm,
            "rss_end_bytes": rss_end,
            "rss_growth_bytes": rss_end - rss_warm,
            "rss_max_over_warmup_bytes": max(r for _, r in points) - rss_warm if points else 0,
            "rss_slope_per_100000_moves_bytes": _slope_per_moves(points, 100_000),
            "samples": [{"moves": m, "rss_bytes": r} for m, r in points],
            "picker_handles": len(arena.bot.pickers),
            "live_matches_at_end": len(arena.service.matches),
        }
        if trace and before is not None:
            result["tracemalloc_top_growth"] = _growth_lines(before, tracemalloc.take_snapshot())
            tracemalloc.stop()
        return result
    finally:
        await arena.close()


# -- ``python -m bot bench soak``: its own run, minutes long, kept out of the default benchmark -----------


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bot bench soak",
        description=(
            "Memory soak: play many moves through the real bot and report resident-memory growth after the warm-up."
        ),
    )
    p.add_argument("--moves", type=int, default=100_000, help="moves measured after the warm-up (default 100000)")
    p.add_argument("--warmup", type=int, default=10_000, help="moves before memory is first sampled (default 10000)")
    p.add_argument("--matches", type=int, default=50, help="live matches played in turn (default 50)")
    p.add_argument("--samples", type=int, default=20, help="memory samples over the measured moves (default 20)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--trace",
        action="store_true",
        help="also compare tracemalloc snapshots and list the lines that gained most (much slower)",
    )
    p.add_argument("--out", default="data/soak.json", help="where to write the JSON (default data/soak.json)")
    return p


def render(result: dict[str, Any]) -> str:
    mb = 1e6
    slope = result["rss_slope_per_100000_moves_bytes"] / mb
    lines = [
        f"Memory soak: {result['moves']:,} moves after {result['warmup_moves']:,} warm-up moves, "
        f"{result['live_matches']} live matches, {result['matches_finished']} matches finished and replaced, "
        f"{result['soak_seconds']:.0f} s",
        f"  resident memory after warm-up  {result['rss_after_warmup_bytes'] / mb:8.1f} MB",
        f"  resident memory at the end     {result['rss_end_bytes'] / mb:8.1f} MB",
        f"  growth after warm-up           {result['rss_growth_bytes'] / mb:+8.2f} MB (target < 5 MB)",
        f"  highest sample above warm-up   {result['rss_max_over_warmup_bytes'] / mb:+8.2f} MB",
        f"  trend (least squares)          {slope:+8.2f} MB per 100,000 moves",
    ]
    for row in result.get("tracemalloc_top_growth", []):
        lines.append(f"  {row['size_diff_bytes'] / 1024:+9.1f} KB {row['count_diff']:+7d} objects  {row['where']}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    from tools.bench.jobs import JobFailed, run_job  # the job runs this module's run_soak in a fresh process

    args = parser().parse_args(argv)
    params = {
        "matches": args.matches,
        "moves": args.moves,
        "warmup": args.warmup,
        "samples": args.samples,
        "seed": args.seed,
        "trace": args.trace,
    }
    with tempfile.TemporaryDirectory(prefix="meja-soak-") as tmp:
        try:
            result = run_job("soak", dict(params, workdir=tmp), timeout=4 * 3600.0)
        except JobFailed as exc:
            print(f"error: {exc}")
            return 1
    print(render(result))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"\nFigures written to {out}.")
    return 0
