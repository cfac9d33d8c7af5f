"""The commit alone: one move's SQLite statement through ``Storage``, with nothing else running.

A move is stored before anything about it is shown, so its latency can never
be less than the floor plus this. Measured beside the floor (in the floor's
clean process, on an idle loop, on the disk the benchmark's databases use,
with the sync mode the bot runs with), it says how much of a move's latency
is the commit itself, as a multiple of the floor: the part no work on the
click's path can remove, short of giving up the disk sync of every move.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from bot.config import database_synchronous
from bot.kernel.module import get_game
from bot.store.storage import Storage

#: The game whose opening state is stored: DRUMP's, the size runs' game.
GAME = "drump"


async def measure_commit_alone(workdir: str | Path, commits: int, warmup: int) -> dict[str, Any]:
    """Seconds of each of ``commits`` stored moves (after ``warmup`` untimed ones), and the sync mode used."""
    path = Path(workdir) / "commit-alone.sqlite3"
    storage = await Storage.open(path)
    try:
        game = get_game(GAME)
        match = await storage.matches.create_match(
            guild_id=1, channel_id=1, game=GAME, host_id=101, host_name="Host", seed=1
        )
        match.players.append(102)
        state_json = game.rules.state_to_json(game.rules.new_game(match.players, match.seed))
        await storage.matches.start_match(match, state_json, None)
        seq, seconds = 0, []
        recent = ["A line of the table's log, as long as most."] * 8
        for n in range(warmup + commits):
            start = time.perf_counter()
            seq = await storage.matches.record_action(
                match.id,
                expected_seq=seq,
                player_id=101,
                action={"type": "play", "n": n},
                state_json=state_json,
                deadline=None,
                recent=recent,
            )
            if n >= warmup:
                seconds.append(time.perf_counter() - start)
    finally:
        await storage.close()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
    return {"seconds": seconds, "synchronous": database_synchronous(), "state_bytes": len(state_json)}
