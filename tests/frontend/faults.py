"""Real faults for the tests: another process holding the database's write lock (as a backup tool or a second
program on the same file would), and a disk with no space left."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bot.kernel.contract import replay

#: Holds the write lock of the database named on the command line until its stdin closes.
LOCK_HOLDER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.read()
db.execute("ROLLBACK")
"""


async def impatient(bot: Any) -> None:
    """The bot's database gives up on a lock after 50 ms rather than 5 s, so a test need not wait."""
    await bot.storage.database.run("PRAGMA busy_timeout=50")


@contextmanager
def write_lock_held(db_path: Any) -> Iterator[None]:
    """While inside, a second process holds the database's write lock: every write of the bot fails."""
    holder = subprocess.Popen(
        [sys.executable, "-c", LOCK_HOLDER, str(db_path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        yield
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=10)


@contextmanager
def small_disk(where: Path, size: str = "8m") -> Iterator[Path]:
    """A filesystem of its own at ``where`` (a tmpfs of ``size``), so that it can really run out of space.

    Mounting takes root, as the CI machine runs; anywhere else the test is skipped, saying why.
    """
    import pytest

    where.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"a small disk needs a tmpfs mount (root): {mounted.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


@contextmanager
def disk_full(disk: Path) -> Iterator[None]:
    """While inside, ``disk`` has no space left: a file fills it to the last byte (removed on leaving)."""
    filler = disk / "filler"
    chunk = b"\0" * 4096
    with open(filler, "wb", buffering=0) as out:
        try:
            while True:
                out.write(chunk)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC, exc
        try:
            while True:  # the last bytes, one at a time
                out.write(b"\0")
        except OSError as exc:
            assert exc.errno == errno.ENOSPC, exc
    try:
        yield
    finally:
        os.remove(filler)


async def held_equals_stored(bot, match_id: int) -> None:
    """What the service holds is what is stored, and the stored log replays to the stored state."""
    live = await bot.service.matches.load(match_id)
    stored = await bot.storage.matches.get_match(match_id)
    assert (live.record.players, live.record.names, live.record.left, live.record.autopilot, live.record.status) == (
        stored.players,
        stored.names,
        stored.left,
        stored.autopilot,
        stored.status,
    )
    if stored.state is not None:
        assert live.seq == stored.seq and live.game.rules.state_to_json(live.state) == stored.state
        log = await bot.storage.matches.action_log(match_id)
        rebuilt = replay(
            live.game.rules, stored.players, stored.seed, stored.options, [(a.player_id, a.action) for a in log]
        )
        assert live.game.rules.state_to_json(rebuilt) == stored.state
