"""Which bot process serves which partition of the matches, when several share one PostgreSQL database.

A process owns a partition while it holds PostgreSQL's advisory lock for it, on a connection
of its own (never one of the pool's, which come and go). The server lets one session hold a
lock at a time and drops every lock of a session that ends, so:

* two processes never own one partition, whatever their clocks or their view of each other;
* a process killed, or cut off from the server, loses its partitions at once (as soon as the
  server sees its connection end), and another process takes them;
* a process that sees its own lock connection end knows it owns nothing any more, and says so
  (:attr:`PartitionLocks.lost`): it must stop serving before anyone else starts.

Each process serving the database also holds a shared lock that counts it as a member (from the
moment it joins, see :meth:`~PartitionLocks.join`), so each can take its fair share (``ceil(partitions /
members)``) without a table of heartbeats. The locks are named
within the database's schema, so two installations in two schemas of one database never
meet.

A SQLite file belongs to one process: :class:`bot.play.ownership.SoleOwner` stands for these locks there.
"""

from __future__ import annotations

import asyncio
import logging
import zlib
from typing import Any

import asyncpg

from bot.play.record import StoreUnavailable
from bot.store.sql import SchemaMismatch

log = logging.getLogger(__name__)


class PartitionsMismatch(SchemaMismatch):
    """This process splits the matches into another number of partitions than the database's other processes."""


#: The second key of the members' shared lock (a partition's is its number, 0 and up).
MEMBERS = -1


class PartitionLocks:
    """One process's partition locks on one connection of its own. Open with ``await PartitionLocks.open(url)``."""

    def __init__(self, connection: asyncpg.Connection, namespace: int) -> None:
        self._connection = connection
        self._namespace = namespace
        self._joined = False
        self._lock = asyncio.Lock()  # one statement at a time on the one connection
        #: Set when the connection ends: every lock this process held is gone.
        self.lost = asyncio.Event()
        connection.add_termination_listener(self._terminated)

    @classmethod
    async def open(cls, url: str, partitions: int | None = None) -> PartitionLocks:
        """Connect (counted as a member once it joins).

        ``partitions``: how many partitions this process splits the matches into. The first process on the
        database sets it; a process set otherwise is refused (PartitionsMismatch), since two processes
        counting partitions differently could both serve one match.
        """
        try:
            connection = await asyncpg.connect(url)
        except (TimeoutError, OSError, asyncpg.PostgresError) as exc:
            raise StoreUnavailable(f"cannot reach PostgreSQL: {exc}") from exc
        schema = await connection.fetchval("SELECT current_schema()")
        locks = cls(connection, namespace(schema))
        try:
            if partitions is not None:
                await locks._agree(partitions)
        except BaseException:
            await connection.close()
            raise
        return locks

    async def _agree(self, partitions: int) -> None:
        await self._ask(
            "INSERT INTO shared_settings (key, value) VALUES ('partitions', $1) ON CONFLICT (key) DO NOTHING",
            str(partitions),
        )
        agreed = int(await self._ask("SELECT value FROM shared_settings WHERE key = 'partitions'"))
        if agreed != partitions:
            raise PartitionsMismatch(
                f"this database's matches are split into {agreed} partitions, not {partitions}: "
                f"set PARTITIONS={agreed} (every bot process on one database must use the same number)"
            )

    def _terminated(self, connection: asyncpg.Connection) -> None:
        if not self.lost.is_set():
            log.critical("the connection holding this process's partitions ended: it owns none of them now")
            self.lost.set()

    async def _ask(self, sql: str, *args: object) -> Any:
        """One statement on the locks' connection; a failure means the locks are gone (see the module)."""
        async with self._lock:
            try:
                return await self._connection.fetchval(sql, *args)
            except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
                self.lost.set()
                raise StoreUnavailable(f"the partition locks' connection failed: {exc}") from exc

    async def try_take(self, partition: int) -> bool:
        """Take ``partition`` if no process holds it; True if this process holds it now."""
        return bool(await self._ask("SELECT pg_try_advisory_lock($1, $2)", self._namespace, partition))

    async def release(self, partition: int, after: int | None = None) -> None:
        """Let ``partition`` go (after its matches were handed over: nothing of it is served here any more).

        ``after``: the newest interaction this process took for it; the next owner answers only later ones.
        """
        if after is not None:
            await self._ask(
                "INSERT INTO partition_handovers (partition, after_interaction) VALUES ($1, $2)"
                " ON CONFLICT (partition) DO UPDATE SET after_interaction = excluded.after_interaction",
                partition,
                after,
            )
        await self._ask("SELECT pg_advisory_unlock($1, $2)", self._namespace, partition)

    async def handed_over_after(self, partition: int) -> int | None:
        """Taken just now: the newest interaction its last owner took, if it handed it over (None if it died)."""
        return await self._ask(
            "DELETE FROM partition_handovers WHERE partition = $1 RETURNING after_interaction", partition
        )

    async def join(self) -> None:
        """Count as a member from now on: the others' fair shares shrink to leave this process its own."""
        if not self._joined:
            await self._ask("SELECT pg_advisory_lock_shared($1, $2)", self._namespace, MEMBERS)
            self._joined = True

    async def leave(self) -> None:
        """Stop counting as a member (a process draining to stop): the others' fair shares grow to cover it."""
        if self._joined:
            await self._ask("SELECT pg_advisory_unlock_shared($1, $2)", self._namespace, MEMBERS)
            self._joined = False

    async def members(self) -> int:
        """How many processes serve the database now (this one included once it joined)."""
        count = await self._ask(
            "SELECT count(DISTINCT pid) FROM pg_locks WHERE locktype = 'advisory' AND granted"
            " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            " AND classid = $1::oid AND objid = $2::oid AND objsubid = 2",
            _as_oid(self._namespace),
            _as_oid(MEMBERS),
        )
        return int(count)

    async def close(self) -> None:
        """End the connection: every partition this process held is free at once."""
        if not self._connection.is_closed():
            self._connection.remove_termination_listener(self._terminated)
            await self._connection.close()

    def cut(self) -> None:
        """End the connection abruptly, as a dead network would (tests, and a process stopping at once)."""
        self._connection.terminate()


def namespace(schema: str) -> int:
    """The first key of every lock of the installation in ``schema``: a signed 32-bit number of its name."""
    value = zlib.crc32(f"meja-kad:{schema}".encode())
    return value - 2**32 if value >= 2**31 else value


def _as_oid(key: int) -> int:
    """A lock's 32-bit key as pg_locks shows it (an oid: unsigned)."""
    return key % 2**32


__all__ = ["MEMBERS", "PartitionLocks", "PartitionsMismatch", "namespace"]
