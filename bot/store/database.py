"""The one SQLite connection every part of the store shares, and how a statement reaches it (the embedded store).

Why it looks like this:
* One aiosqlite connection, WAL journal, ``BEGIN IMMEDIATE`` for multi-statement writes (a
  deferred ``BEGIN`` that reads then writes can fail at once under WAL).
* One connection means one worker thread running statements in order, but coroutines
  sharing it would interleave their transactions, so every write runs under one lock.
* Every statement goes through :meth:`Database.run` (or its siblings), so a watcher (the
  benchmark counting round trips, a test counting statements) sees all of them without
  reaching into the connection.
* The schema carries a version; :meth:`Database.migrate` brings any older file up to date
  with the steps in :mod:`bot.store.migrations`, at every start: one process owns the file.
* It is one :class:`~bot.store.sql.SqlDatabase`; PostgreSQL's is :mod:`bot.store.postgres`.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.config import SYNCHRONOUS_MODES, database_synchronous
from bot.play.record import StoreUnavailable
from bot.store.migrations import MIGRATIONS, SCHEMA_VERSION
from bot.store.sql import Conflict, Dialect, Params, SchemaMismatch, Watcher

T = TypeVar("T")


class Database:
    """The connection, its write lock and its schema. Open with ``await Database.open(path)``."""

    dialect: Dialect = "sqlite"

    def __init__(self, connection: aiosqlite.Connection, clock: Callable[[], float] = time.time) -> None:
        self._connection = connection
        #: The time stored with each change (tests pass their manual clock's).
        self.clock = clock
        self._write_lock = asyncio.Lock()
        self._watchers: list[Watcher] = []

    @classmethod
    async def open(
        cls, path: str | Path, clock: Callable[[], float] = time.time, *, synchronous: str | None = None
    ) -> Database:
        """``synchronous``: FULL or NORMAL; None reads ``DATABASE_SYNCHRONOUS`` (default FULL, see bot.config)."""
        mode = database_synchronous() if synchronous is None else synchronous.upper()
        if mode not in SYNCHRONOUS_MODES:
            raise ValueError(f"synchronous must be one of {SYNCHRONOUS_MODES}, not {synchronous!r}")
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(str(path), isolation_level=None)
        connection.row_factory = aiosqlite.Row
        await connection.execute("PRAGMA journal_mode=WAL")
        await connection.execute(f"PRAGMA synchronous={mode}")
        await connection.execute("PRAGMA foreign_keys=ON")
        await connection.execute("PRAGMA busy_timeout=5000")
        database = cls(connection, clock)
        try:
            await database.migrate()
        except BaseException:
            await connection.close()  # an open connection's thread would keep the process alive
            raise
        return database

    async def close(self) -> None:
        await self._connection.close()

    async def listen(self, channel: str, told: Callable[[str], None], missed: Callable[[], None] | None = None) -> None:
        """Nothing to hear: a SQLite file has one process, which knows its own changes."""

    def watch(self, watcher: Watcher) -> None:
        """Tell ``watcher`` the text of every statement from now on (what a move asks of the database)."""
        self._watchers.append(watcher)

    def _told(self, sql: str) -> None:
        for watcher in self._watchers:
            watcher(sql)

    # --- statements -----------------------------------------------------------
    async def run(self, sql: str, params: Params = ()) -> int:
        """One statement, as is (a write's caller holds the write lock, see :meth:`write` and :meth:`transaction`);
        returns how many rows it changed.

        The cursor is left to the garbage collector rather than spending a round trip on closing it;
        its ``rowcount`` is read without another trip.
        """
        self._told(sql)
        try:
            return (await self._connection.execute(sql, params)).rowcount
        except sqlite3.OperationalError as exc:  # locked, full, read-only, I/O: nothing was done
            raise StoreUnavailable(str(exc)) from exc
        except sqlite3.IntegrityError as exc:
            raise _conflict_or(exc) from exc

    async def run_many(self, sql: str, rows: Iterable[Params]) -> None:
        self._told(sql)
        try:
            await self._connection.executemany(sql, rows)
        except sqlite3.OperationalError as exc:
            raise StoreUnavailable(str(exc)) from exc
        except sqlite3.IntegrityError as exc:
            raise _conflict_or(exc) from exc

    async def rows(self, sql: str, params: Params = ()) -> list[aiosqlite.Row]:
        """Every row of one query, in one round trip (a cursor's execute, fetch and close would be three)."""
        self._told(sql)
        try:
            return list(await self._connection.execute_fetchall(sql, params))
        except sqlite3.OperationalError as exc:
            raise StoreUnavailable(str(exc)) from exc
        except sqlite3.IntegrityError as exc:
            raise _conflict_or(exc) from exc

    async def write(self, sql: str, params: Params) -> int:
        """Run one writing statement, which SQLite makes a transaction of its own; returns its rowcount.

        One round trip to the database thread: an explicit ``BEGIN IMMEDIATE`` ... ``COMMIT`` around a
        single statement adds two and makes it no more atomic. The lock keeps it out of any
        multi-statement transaction another coroutine has open on the shared connection.
        """
        async with self._write_lock:
            return await self.run(sql, params)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """Several statements as one transaction (``BEGIN IMMEDIATE``), under the write lock; rolled back on error."""
        async with self._write_lock:
            await self.run("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                try:
                    await self.run("ROLLBACK")
                except StoreUnavailable:  # SQLite already rolled it back (a full disk, say): nothing to undo
                    pass
                raise
            await self.run("COMMIT")

    @asynccontextmanager
    async def writing(self) -> AsyncIterator[None]:
        """Hold the write lock for one statement run with :meth:`run` (its own transaction)."""
        async with self._write_lock:
            yield

    def start(self, write: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        """Start ``write`` (a write of this database) now, and let the database thread take it up at once.

        The write's first step hands its statement to aiosqlite's thread, but that thread needs the
        interpreter lock to begin, and the event loop keeps the lock for as long as it runs Python
        code (up to the 5 ms switch interval): a commit started before building a reply would only
        reach SQLite once the reply is built. A ``time.sleep(0)`` queued right behind that first step
        releases the lock; the thread binds the statement and is inside SQLite (which runs without
        the lock, the disk sync included) while the loop goes on.
        """
        task = asyncio.ensure_future(write)
        asyncio.get_running_loop().call_soon(time.sleep, 0)
        return task

    # --- schema ---------------------------------------------------------------
    async def schema_version(self) -> int:
        rows = await self.rows("PRAGMA user_version")
        return int(rows[0][0])

    async def synchronous(self) -> int:
        """How hard SQLite syncs each commit on this connection (PRAGMA synchronous: 1 NORMAL, 2 FULL)."""
        return int((await self.rows("PRAGMA synchronous"))[0][0])

    async def migrate(self) -> None:
        """Run every migration newer than the file's version, each in its own transaction."""
        current = await self.schema_version()
        if current > SCHEMA_VERSION:
            raise SchemaMismatch(f"database schema {current} is newer than this bot ({SCHEMA_VERSION}); update the bot")
        for version in range(current + 1, SCHEMA_VERSION + 1):
            async with self.transaction():
                for statement in MIGRATIONS[version]:
                    await self.run(statement)
                await self.run(f"PRAGMA user_version={version}")


def _conflict_or(error: sqlite3.IntegrityError) -> Exception:
    """A unique rule's refusal as the store's :class:`~bot.store.sql.Conflict`; any other integrity error as is."""
    return Conflict(str(error)) if "UNIQUE constraint failed" in str(error) else error


__all__ = ["Database"]
