"""Every match in one database: the store as a whole, opened and closed in one place.

The store is its parts, each the narrow interface one kind of caller uses: the match
rows the match service plays on (:mod:`bot.store.matches`), what each match showed in
Discord (:mod:`bot.store.shown`), server settings and personal preferences
(:mod:`bot.store.preferences`), players' records (:mod:`bot.store.records`) and the slash
commands last synced with Discord (:mod:`bot.store.command_sync`), all over
one database: a SQLite file (:mod:`bot.store.database`, the embedded default) or a
PostgreSQL server (:mod:`bot.store.postgres`), whichever the setting names.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from bot.play.ownership import PartitionLocks, SoleOwner
from bot.store.command_sync import SyncedCommands
from bot.store.database import Database
from bot.store.matches import MatchRows
from bot.store.preferences import Preferences
from bot.store.records import RecordRows
from bot.store.shown import ShownRows
from bot.store.sql import SqlDatabase, is_postgres_url

if TYPE_CHECKING:
    from bot.store.identify_turns import IdentifyTurns


class Storage:
    """The bot's database and its parts. Open with ``await Storage.open(location)``; close with ``await close()``."""

    def __init__(self, database: SqlDatabase, location: str = "") -> None:
        self.database = database
        #: Where it was opened: a SQLite file's path or a ``postgresql://`` URL.
        self.location = location
        self.shown = ShownRows(database)
        self.matches = MatchRows(database, self.shown.waiting_mark)
        self.preferences = Preferences(database)
        self.records = RecordRows(database)
        self.synced_commands = SyncedCommands(database)

    @classmethod
    async def open(
        cls, location: str | Path, clock: Callable[[], float] = time.time, *, synchronous: str | None = None
    ) -> Storage:
        """``location``: a SQLite file's path, or a ``postgresql://`` URL.

        ``synchronous`` (SQLite only): FULL or NORMAL; None reads ``DATABASE_SYNCHRONOUS`` (default FULL,
        see bot.config). A PostgreSQL server syncs as it is configured to.
        """
        if is_postgres_url(location):
            from bot.store.postgres import PostgresDatabase  # asyncpg is loaded only by those who use it

            return cls(await PostgresDatabase.open(str(location), clock), str(location))
        return cls(await Database.open(location, clock, synchronous=synchronous), str(location))

    async def watch_preferences(self, changed: Callable[[int], None], missed: Callable[[], None]) -> None:
        """Call ``changed`` with the person's id whenever someone's preferences change, by whichever process, and
        ``missed`` when some changes may have gone unheard (the connection listening was lost a while).

        Several processes on one PostgreSQL database each keep the preferences they read in memory; a
        SQLite file has one process, which drops its own copy when it stores a change (nothing to watch)."""
        await self.database.listen("meja_prefs", lambda payload: changed(int(payload)), missed)

    async def partition_locks(self, partitions: int) -> PartitionLocks:
        """This process's locks on the partitions of the matches (see :mod:`bot.play.ownership`): on a PostgreSQL
        server, advisory locks shared with every process on it; on a SQLite file, every partition, always."""
        if self.database.dialect == "postgresql":
            from bot.store.partition_locks import PartitionLocks as ServerLocks

            return await ServerLocks.open(self.location, partitions)
        return SoleOwner()

    async def identify_turns(self) -> IdentifyTurns | None:
        """This process's turns to IDENTIFY with Discord (see :mod:`bot.store.identify_turns`): on a PostgreSQL
        server, taken in turn with every process on it; None on a SQLite file, whose one process spaces its own."""
        if self.database.dialect == "postgresql":
            from bot.store.identify_turns import IdentifyTurns

            return await IdentifyTurns.open(self.location)
        return None

    async def close(self) -> None:
        """Store what waits to be stored (the announced marks), then close the connection."""
        await self.shown.close()
        await self.database.close()


__all__ = ["Storage"]
