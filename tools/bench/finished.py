"""Whole matches, start to finish: database size per finished match and requests per move over a game.

Matches are played to their end through the real picker, one after the
other, in a database of their own, so the file holds exactly what real play
leaves behind: the match row with its final state and result, one action-log
row per move, and the per-player message rows. Requests are counted over
whole games here, turn changes and the ending included; the per-size runs
see mostly the first moves of many matches.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from bot.kernel.rng import Rng
from tools.bench import prune
from tools.bench.arena import open_arena
from tools.bench.load import request_figures
from tools.bench.player import Driver, MoveSample
from tools.bench.scale import db_bytes
from tools.bench.stats import summary

MAX_MOVES = 5000


async def run_finished(*, matches: int, seed: int, workdir: str) -> dict[str, Any]:
    db_path = str(Path(workdir) / "finished.sqlite3")
    arena = await open_arena(matches, db_path, seed)
    try:
        empty = db_bytes(db_path)
        await arena.fill()
        driver = Driver(arena, Rng.seeded(seed))
        samples: list[MoveSample] = []
        start = time.perf_counter()
        for seat in arena.seats:
            assert seat.match_id is not None
            for _ in range(MAX_MOVES):
                arena.world.requests.clear()
                sample = await driver.play_move(seat.match_id, record_requests=True)
                samples.append(sample)
                if len(samples) % 100 == 0:
                    prune.sweep(arena.world)
                if sample.finished:
                    break
            else:
                raise RuntimeError(f"match #{seat.match_id} did not end in {MAX_MOVES} moves")
        seconds = time.perf_counter() - start
        size = db_bytes(db_path) - empty
        moves = len(samples)
        return {
            "matches": matches,
            "moves": moves,
            "moves_per_match": moves / matches,
            "db_bytes_per_finished_match": size / matches,
            "db_bytes_per_move": size / moves if moves else 0.0,
            "requests_per_move": request_figures(arena, samples),
            "latency_ms": summary((s.latency for s in samples), 1000.0),
            "seconds": seconds,
        }
    finally:
        await arena.close()
