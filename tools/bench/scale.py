"""One size of the benchmark: N live matches in one process, every figure that depends on N.

Runs in its own child process (see ``jobs``) so that resident memory starts
from a clean interpreter: the "empty bot" is the bot connected to a world
with all its servers, channels and players but no match, and the memory per
live match is what N matches add to that.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from bot.kernel.rng import Rng
from tools.bench import prune
from tools.bench.arena import GAME, Arena, open_arena
from tools.bench.floor import Floor
from tools.bench.load import CommitTimer, DatabaseCounter, latency_by_action, one_at_a_time, request_figures, saturated
from tools.bench.machine import rss_bytes
from tools.bench.player import Driver
from tools.bench.restart import measure_restart
from tools.bench.stats import summary


def db_bytes(path: str) -> int:
    """Logical size of the database (committed pages, WAL included), as a checkpoint would leave it."""
    with sqlite3.connect(path) as db:
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        size = db.execute("PRAGMA page_size").fetchone()[0]
    return int(pages * size)


def view_store(bot: Any) -> dict[str, int]:
    """What discord.py keeps to dispatch component clicks: it should not grow with moves played."""
    store = bot._connection._view_store
    return {
        "messages_with_views": len(store._views),
        "dispatchable_items": sum(len(items) for items in store._views.values()),
        "synced_views": len(store._synced_message_views),
    }


async def warm_up(arena: Arena, driver: Driver, moves: int = 6) -> None:
    """One match opened, played a little and conceded in a seat of its own, before "empty" is measured.

    The first match runs code paths for the first time (lazy imports, caches,
    compiled patterns); without this, that one-off cost would be spread over
    the live matches and small sizes would look far more expensive per match.
    """
    seat = arena.seats.pop(0)
    match_id = await arena.create_match(seat)
    for _ in range(moves):
        if (await driver.play_move(match_id)).finished:
            break
    if len(arena.service.matches):
        await arena.world.slash(arena.bot, seat.players[0], seat.channel_id, GAME, "concede")
    driver.forget_players(seat.players)
    prune.sweep(arena.world)


async def run_size(
    *, matches: int, moves: int, busy_moves: int, warmup: int, concurrency: int, seed: int, workdir: str, restart: bool
) -> dict[str, Any]:
    db_path = str(Path(workdir) / f"live-{matches}.sqlite3")
    floor = await Floor().open()
    arena = await open_arena(matches + 1, db_path, seed)
    try:
        rng = Rng.seeded(seed)
        driver = Driver(arena, Rng.seeded(seed + 1))
        await warm_up(arena, driver)
        rss_empty = rss_bytes()
        await arena.fill()
        rss_live = rss_bytes()
        db_live = db_bytes(db_path)
        commits = CommitTimer(arena.bot.storage)
        await one_at_a_time(driver, arena, warmup, rng, record_requests=False, floor=floor)
        commits.samples.clear()
        database = DatabaseCounter(arena.bot.storage)
        since = database.snapshot()
        timed = await one_at_a_time(driver, arena, moves, rng, record_requests=True, floor=floor)
        commit_samples = list(commits.samples)
        database_per_move = database.per_move(since, len(timed.samples))
        played = warmup + len(timed.samples)
        requests = request_figures(arena, timed.samples)
        for sample in timed.samples:  # the benchmark's own copies of each move's requests are not the bot's memory
            sample.requests = []
        prune.sweep(arena.world)
        rss_after = rss_bytes()
        busy = await saturated(driver, arena, busy_moves, concurrency, rng)
        await arena.world.settle()  # raises what handlers logged instead of raising
        result: dict[str, Any] = {
            "matches": matches,
            "latency_ms": summary((s.latency for s in timed.samples), 1000.0),
            "floor_ms": summary(timed.floor, 1000.0),
            "cpu_ms": summary((s.cpu for s in timed.samples), 1000.0),
            "floor_cpu_ms": summary(timed.floor_cpu, 1000.0),
            "one_at_a_time_moves_per_s": len(timed.samples) / timed.seconds if timed.seconds else 0.0,
            "latency_by_action_ms": latency_by_action(timed.samples),
            "requests_per_move": requests,
            "throughput": {
                "concurrency": concurrency,
                "moves": len(busy.samples),
                "seconds": busy.seconds,
                "moves_per_s": len(busy.samples) / busy.seconds if busy.seconds else 0.0,
                "moves_per_cpu_s": len(busy.samples) / busy.cpu_seconds if busy.cpu_seconds else 0.0,
                "latency_ms": summary((s.latency for s in busy.samples), 1000.0),
            },
            "commit_ms": summary(commit_samples, 1000.0),
            "database_per_move": database_per_move,
            "memory": {
                "rss_empty_bytes": rss_empty,
                "rss_live_bytes": rss_live,
                "rss_per_live_match_bytes": (rss_live - rss_empty) / matches,
                "rss_after_moves_bytes": rss_after,
                "moves_played_one_at_a_time": played,
                "rss_growth_per_1000_moves_bytes": (rss_after - rss_live) / played * 1000 if played else 0.0,
                "view_store": view_store(arena.bot),
            },
            "storage": {"db_bytes_live": db_live, "db_bytes_per_live_match": db_live / matches},
            "live_matches_at_end": len(arena.service.matches),
        }
        if restart:
            result["restart"] = await measure_restart(arena, seed)
        return result
    finally:
        await arena.close()
        await floor.close()
