"""What the store's parts ask of a database, whichever it is: SQLite in one file, or a PostgreSQL server.

The parts (:mod:`bot.store.matches`, :mod:`bot.store.shown`, :mod:`bot.store.preferences`,
:mod:`bot.store.records`) write their statements once, in the SQL both databases speak:
``?`` or ``:name`` placeholders, ``INSERT ... ON CONFLICT ... DO UPDATE``, ``RETURNING``. A
database hands each statement to its own driver (PostgreSQL's turns the placeholders into
``$1``...). Where the two really differ (JSON functions in the records' queries) a part asks
:attr:`SqlDatabase.dialect`.

Both report the same two faults, so the parts and the match service know no driver:
:class:`~bot.play.record.StoreUnavailable` (the database could not take it just now: nothing was
done) and :class:`Conflict` (a unique rule refused the write: nothing was done either).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Literal, Protocol, TypeVar

T = TypeVar("T")
Params = Sequence[Any] | dict[str, Any]
#: Told the text of every statement as it is handed to the driver.
Watcher = Callable[[str], None]
Dialect = Literal["sqlite", "postgresql"]


class Conflict(Exception):
    """A write broke a unique rule of the schema (a second live match in a channel, a log row stored twice):
    it stored nothing."""


class SchemaMismatch(RuntimeError):
    """The database's schema is not this bot's: newer (update the bot) or, on PostgreSQL, behind (migrate it)."""


def is_postgres_url(location: object) -> bool:
    """Whether a database setting names a PostgreSQL server rather than a SQLite file."""
    return str(location).startswith(("postgresql://", "postgres://"))


class Row(Protocol):
    """One row of a result, read by column name or position (sqlite3.Row and asyncpg.Record both are)."""

    def __getitem__(self, key: str | int, /) -> Any: ...


class SqlDatabase(Protocol):
    """A connection to the bot's database as the store's parts use it."""

    #: Which SQL the database speaks beyond the common part.
    dialect: Dialect
    #: The time stored with each change (tests pass their manual clock's).
    clock: Callable[[], float]

    async def run(self, sql: str, params: Params = ()) -> int:
        """One statement, as is; returns how many rows it changed. A write's caller holds :meth:`writing`
        or is inside :meth:`transaction`."""
        ...

    async def run_many(self, sql: str, rows: Iterable[Params]) -> None:
        """One statement for each of ``rows`` (inside a :meth:`transaction`)."""
        ...

    async def rows(self, sql: str, params: Params = ()) -> list[Any]:
        """Every row of one query (or of a write ``RETURNING`` something), in one round trip."""
        ...

    async def write(self, sql: str, params: Params) -> int:
        """One writing statement as its own transaction; returns how many rows it changed."""
        ...

    def transaction(self) -> AbstractAsyncContextManager[None]:
        """Several statements as one transaction; rolled back on error."""
        ...

    def writing(self) -> AbstractAsyncContextManager[None]:
        """Keep one statement run with :meth:`run` out of any transaction another coroutine has open."""
        ...

    def start(self, write: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        """Start ``write`` now, so the database takes it up while the caller goes on."""
        ...

    def watch(self, watcher: Watcher) -> None:
        """Tell ``watcher`` the text of every statement from now on."""
        ...

    async def schema_version(self) -> int: ...

    async def listen(self, channel: str, told: Callable[[str], None], missed: Callable[[], None] | None = None) -> None:
        """Call ``told`` with what other processes announce on ``channel`` (a trigger of the schema does), and
        ``missed`` when some may have been missed (the connection listening was lost, and is back)."""
        ...

    async def close(self) -> None: ...


__all__ = ["Conflict", "Dialect", "Params", "Row", "SchemaMismatch", "SqlDatabase", "Watcher", "is_postgres_url"]
