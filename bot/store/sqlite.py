"""Every match in one SQLite file: the store as a whole, opened and closed in one place.

The store is its parts, each the narrow interface one kind of caller uses: the match
rows the match service plays on (:mod:`bot.store.matches`), what each match showed in
Discord (:mod:`bot.store.shown`), server settings and personal preferences
(:mod:`bot.store.preferences`) and players' records (:mod:`bot.store.records`), all over
one connection (:mod:`bot.store.database`). A PostgreSQL store would be the same parts.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from bot.store.database import Database
from bot.store.matches import MatchRows
from bot.store.preferences import Preferences
from bot.store.records import RecordRows
from bot.store.shown import ShownRows


class Storage:
    """The bot's database and its parts. Open with ``await Storage.open(path)``; close with ``await close()``."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.shown = ShownRows(database)
        self.matches = MatchRows(database, self.shown.waiting_mark)
        self.preferences = Preferences(database)
        self.records = RecordRows(database)

    @classmethod
    async def open(
        cls, path: str | Path, clock: Callable[[], float] = time.time, *, synchronous: str | None = None
    ) -> Storage:
        """``synchronous``: FULL or NORMAL; None reads ``DATABASE_SYNCHRONOUS`` (default FULL, see bot.config)."""
        return cls(await Database.open(path, clock, synchronous=synchronous))

    async def close(self) -> None:
        """Store what waits to be stored (the announced marks), then close the connection."""
        await self.shown.close()
        await self.database.close()


__all__ = ["Storage"]
