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


#: The table's log stored with each move, as long as most.
RECENT = ["A line of the table's log, as long as most."] * 8


async def started_match(storage: Storage, channel_id: int, seed: int) -> tuple[int, str]:
    """A DRUMP match of two started in ``channel_id``: its id and its opening state, as stored."""
    rules = get_game(GAME).rules
    match = await storage.matches.create_match(
        guild_id=1, channel_id=channel_id, game=GAME, host_id=101, host_name="Host", seed=seed
    )
    match.players.append(102)
    state_json = rules.state_to_json(rules.new_game(match.players, match.seed))
    await storage.matches.start_match(match, state_json, None)
    return match.id, state_json


async def store_move(storage: Storage, match_id: int, seq: int, state_json: str) -> int:
    """One move's commit, as the match service sends it (the state kept as it was: only the commit counts)."""
    return await storage.matches.record_action(
        match_id,
        expected_seq=seq,
        player_id=101,
        action={"type": "play", "n": seq},
        state_json=state_json,
        deadline=None,
        recent=RECENT,
    )


async def measure_commit_alone(workdir: str | Path, commits: int, warmup: int) -> dict[str, Any]:
    """Seconds of each of ``commits`` stored moves (after ``warmup`` untimed ones), and the sync mode used."""
    path = Path(workdir) / "commit-alone.sqlite3"
    storage = await Storage.open(path)
    try:
        match_id, state_json = await started_match(storage, 1, 1)
        seq, seconds = 0, []
        for n in range(warmup + commits):
            start = time.perf_counter()
            seq = await store_move(storage, match_id, seq, state_json)
            if n >= warmup:
                seconds.append(time.perf_counter() - start)
    finally:
        await storage.close()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
    return {"seconds": seconds, "synchronous": database_synchronous(), "state_bytes": len(state_json)}
