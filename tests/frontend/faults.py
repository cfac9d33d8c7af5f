"""A real fault for the tests: another process holding the database's write lock, as a backup tool or a second
program on the same file would."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

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
