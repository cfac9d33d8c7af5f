"""The bot's database on a PostgreSQL server (``DATABASE_URL=postgresql://...``), through asyncpg.

Why it looks like this:
* A pool of connections, not one: the server runs statements of different connections at
  once, so a read never waits behind another match's commit. A transaction keeps one
  connection for all its statements; they find it through a context variable.
* No write lock of our own: PostgreSQL orders concurrent writes itself (row locks), and a
  move's guard (the sequence number it expects) refuses a stale or doubled move, whichever
  process sent it.
* The parts' statements come in the common SQL of :mod:`bot.store.sql`; their ``?`` and
  ``:name`` placeholders become PostgreSQL's ``$1``... here, once per text.
* The schema is never changed when the bot starts, since several processes may start at
  once: :func:`migrate` (``python -m bot migrate``) brings it up to date under an advisory
  lock, as a deploy step, and opening a database whose schema is behind is refused with
  what to run.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import re
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import asyncpg

from bot.play.record import StoreUnavailable
from bot.store.pg_migrations import MIGRATIONS, SCHEMA_VERSION
from bot.store.sql import Conflict, Dialect, Params, SchemaMismatch, Watcher

T = TypeVar("T")

log = logging.getLogger(__name__)

#: The advisory lock every migration holds, so that two deploy steps never change the schema at once.
MIGRATION_LOCK = 0x6D656A61_6B616401  # "mejakad" and 1
#: Seconds a statement may take before it counts as the database being unavailable (a move waits on it).
STATEMENT_TIMEOUT = 10.0
#: Connections each process keeps to the server (the event loop is one thread: a few cover it).
POOL_SIZE = (2, 10)
#: Seconds before trying again to open a lost listening connection; doubled after each failure, up to the most.
RELISTEN_FIRST = 0.2
RELISTEN_MOST = 5.0

#: Faults of the moment: the server is unreachable, shutting down, out of space or connections, or
#: refused a transaction to avoid a deadlock. Nothing of the statement was stored.
_UNAVAILABLE: tuple[type[BaseException], ...] = (
    OSError,
    asyncio.TimeoutError,
    asyncpg.PostgresConnectionError,
    asyncpg.InsufficientResourcesError,
    asyncpg.OperatorInterventionError,
    asyncpg.ReadOnlySQLTransactionError,
    asyncpg.TransactionRollbackError,
)

#: What leaves a connection unusable (cut by the server, or its protocol left mid-operation by such a cut):
#: it is closed at once, so the pool connects anew for the next statement.
_BROKEN: tuple[type[BaseException], ...] = (
    OSError,
    asyncio.TimeoutError,
    asyncpg.PostgresConnectionError,
    asyncpg.OperatorInterventionError,
    asyncpg.InternalClientError,
)

_PLACEHOLDER = re.compile(r"\?|(?<![:\w]):([A-Za-z_]\w*)")


@functools.lru_cache(maxsize=512)
def to_postgres(sql: str) -> tuple[str, tuple[str, ...]]:
    """A statement of the common SQL with PostgreSQL's placeholders, and the names its ``$n`` stand for (if named).

    ``?`` placeholders are numbered in order; each ``:name`` gets one number, however often it comes.
    A ``::type`` cast is left alone. (The store's statements hold no ``?`` or ``:word`` in a string.)
    """
    names: list[str] = []
    positional = 0

    def number(found: re.Match[str]) -> str:
        nonlocal positional
        if found.group(1) is None:
            positional += 1
            return f"${positional}"
        if found.group(1) not in names:
            names.append(found.group(1))
        return f"${names.index(found.group(1)) + 1}"

    translated = _PLACEHOLDER.sub(number, sql)
    if positional and names:
        raise ValueError(f"a statement mixes ? and :name placeholders: {sql!r}")
    return translated, tuple(names)


def _reads_only(statement: str) -> bool:
    """Whether a statement only reads (one that changes anything is never run twice)."""
    return statement.lstrip()[:6].upper() == "SELECT"


def _arguments(names: tuple[str, ...], params: Params) -> tuple[Any, ...]:
    if isinstance(params, dict):
        return tuple(params[name] for name in names)
    return tuple(params)


class PostgresDatabase:
    """A pool of connections to one PostgreSQL database. Open with ``await PostgresDatabase.open(url)``."""

    dialect: Dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, clock: Callable[[], float] = time.time, url: str = "") -> None:
        self._pool = pool
        self._url = url
        self._listener: asyncpg.Connection | None = None
        #: Every channel listened to: its channel, who is told, who is told when some may have been missed.
        self._listening: list[tuple[str, Callable[[str], None], Callable[[], None] | None]] = []
        self._relistening: asyncio.Task[None] | None = None
        self._closing = False
        #: The time stored with each change (tests pass their manual clock's).
        self.clock = clock
        self._watchers: list[Watcher] = []
        #: The connection of the transaction the current task is inside, if any.
        self._held: contextvars.ContextVar[asyncpg.Connection | None] = contextvars.ContextVar(
            f"postgres-transaction-{id(self)}", default=None
        )

    @classmethod
    async def open(cls, url: str, clock: Callable[[], float] = time.time) -> PostgresDatabase:
        """Connect, and check the schema is the one this bot speaks (SchemaMismatch says what to run if not)."""
        try:
            pool = await asyncpg.create_pool(
                url, min_size=POOL_SIZE[0], max_size=POOL_SIZE[1], command_timeout=STATEMENT_TIMEOUT
            )
        except _UNAVAILABLE as exc:
            raise StoreUnavailable(f"cannot reach PostgreSQL: {exc}") from exc
        database = cls(pool, clock, url)
        try:
            version = await database.schema_version()
            if version != SCHEMA_VERSION:
                raise SchemaMismatch(_mismatch(version))
        except BaseException:
            await pool.close()
            raise
        return database

    async def close(self) -> None:
        self._closing = True
        if self._relistening is not None:
            self._relistening.cancel()
        if self._listener is not None and not self._listener.is_closed():
            await self._listener.close()
        await self._pool.close()

    async def listen(self, channel: str, told: Callable[[str], None], missed: Callable[[], None] | None = None) -> None:
        """Call ``told`` with the payload of every notification on ``channel`` (from any process), from now on.

        On a connection of its own, kept open for it (a pool's connections come and go). Should that connection
        be lost (a server restart, a network cut), it is opened again, every channel listened to again, and each
        ``missed`` called: what was announced meanwhile never arrives, so whoever keeps copies drops them."""
        entry = (channel, told, missed)
        self._listening.append(entry)
        try:
            if self._listener is None or self._listener.is_closed():
                if self._relistening is None or self._relistening.done():
                    await self._connect_listener()
                # (else: being opened again, and it listens to every channel then, this one too)
            else:
                await self._listen_on(self._listener, channel, told)
        except BaseException:
            self._listening.remove(entry)
            raise

    async def _connect_listener(self) -> None:
        listener = await asyncpg.connect(self._url)
        listener.add_termination_listener(self._listener_lost)
        for channel, told, _ in self._listening:
            await self._listen_on(listener, channel, told)
        self._listener = listener

    @staticmethod
    async def _listen_on(listener: asyncpg.Connection, channel: str, told: Callable[[str], None]) -> None:
        await listener.add_listener(channel, lambda _connection, _pid, _channel, payload: told(payload))

    def _listener_lost(self, _connection: asyncpg.Connection) -> None:
        if self._closing or (self._relistening is not None and not self._relistening.done()):
            return
        log.warning("the connection hearing other processes' changes was lost: opening it again")
        self._relistening = asyncio.get_running_loop().create_task(self._listen_again(), name="postgres:listen-again")

    async def _listen_again(self) -> None:
        """Open the listening connection again (waiting longer after each failure), then say what was missed."""
        wait = RELISTEN_FIRST
        while not self._closing:
            try:
                await self._connect_listener()
            except (*_UNAVAILABLE, *_BROKEN) as exc:
                log.warning("cannot listen to other processes yet (%s): trying again in %.1f s", exc, wait)
                await asyncio.sleep(wait)
                wait = min(wait * 2, RELISTEN_MOST)
                continue
            for _, _, missed in self._listening:
                if missed is not None:
                    missed()
            log.info("hearing other processes' changes again")
            return

    def watch(self, watcher: Watcher) -> None:
        """Tell ``watcher`` the text of every statement from now on (as the parts wrote it)."""
        self._watchers.append(watcher)

    # --- statements -----------------------------------------------------------
    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[asyncpg.Connection]:
        """The current transaction's connection, or one from the pool; one cut under a statement is closed."""
        held = self._held.get()
        if held is not None:
            yield held
            return
        try:
            async with self._pool.acquire() as connection:
                try:
                    yield connection
                except _BROKEN:
                    try:
                        connection.terminate()
                    except asyncpg.InterfaceError:  # the pool already let go of it when it was cut
                        pass
                    raise
        except _UNAVAILABLE as exc:
            raise StoreUnavailable(str(exc)) from exc

    async def _call(self, sql: str, how: str, arguments: Callable[[tuple[str, ...]], tuple[Any, ...]]) -> Any:
        """``connection.<how>(statement, *arguments(names))`` for ``sql`` in PostgreSQL's placeholders, its
        faults said as the store says them (Conflict, StoreUnavailable)."""
        for watcher in self._watchers:
            watcher(sql)
        statement, names = to_postgres(sql)
        args = arguments(names)
        # A read outside a transaction is tried once more on a new connection: the first may have been
        # cut while it idled (a server restart), which is only found out by using it. A write is not, even
        # one that returns rows (``UPDATE … RETURNING``): whether a cut write was stored cannot be known, and
        # a second try could do it twice; the caller reloads from the store.
        tries = 2 if _reads_only(statement) and self._held.get() is None else 1
        for attempt in range(tries):
            try:
                async with self._connection() as connection:
                    return await getattr(connection, how)(statement, *args)
            except asyncpg.UniqueViolationError as exc:
                raise Conflict(str(exc)) from exc
            except (*_UNAVAILABLE, *_BROKEN) as exc:
                if attempt + 1 == tries:
                    raise StoreUnavailable(str(exc)) from exc
            except StoreUnavailable:
                if attempt + 1 == tries:
                    raise
        raise AssertionError("unreachable")

    async def run(self, sql: str, params: Params = ()) -> int:
        """One statement; how many rows it changed (read from the server's status line, ``UPDATE 1``)."""
        status = await self._call(sql, "execute", lambda names: _arguments(names, params))
        last = str(status).rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def run_many(self, sql: str, rows: Iterable[Params]) -> None:
        await self._call(sql, "executemany", lambda names: ([_arguments(names, row) for row in rows],))

    async def rows(self, sql: str, params: Params = ()) -> list[asyncpg.Record]:
        return list(await self._call(sql, "fetch", lambda names: _arguments(names, params)))

    async def write(self, sql: str, params: Params) -> int:
        """One writing statement, its own transaction on the server."""
        return await self.run(sql, params)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """Several statements on one connection as one transaction; rolled back on error."""
        if self._held.get() is not None:
            raise RuntimeError("a transaction inside a transaction")
        try:
            async with self._pool.acquire() as connection:
                token = self._held.set(connection)
                try:
                    async with connection.transaction():
                        yield
                finally:
                    self._held.reset(token)
        except asyncpg.UniqueViolationError as exc:
            raise Conflict(str(exc)) from exc
        except _UNAVAILABLE as exc:
            raise StoreUnavailable(str(exc)) from exc

    @asynccontextmanager
    async def writing(self) -> AsyncIterator[None]:
        """Nothing to hold: each statement has a connection of its own, outside any other's transaction."""
        yield

    def start(self, write: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        """Start ``write`` now; its statement is on its way to the server at the task's first step."""
        return asyncio.ensure_future(write)

    # --- schema ---------------------------------------------------------------
    async def schema_version(self) -> int:
        async with self._connection() as connection:
            return await _version(connection)


async def _version(connection: asyncpg.Connection) -> int:
    """The schema's version in the connection's schema search path; 0 for an empty database."""
    if await connection.fetchval("SELECT to_regclass('schema_version') IS NULL"):
        return 0
    return int(await connection.fetchval("SELECT version FROM schema_version"))


def _mismatch(version: int) -> str:
    if version > SCHEMA_VERSION:
        return (
            f"the PostgreSQL database's schema ({version}) is newer than this bot's ({SCHEMA_VERSION}); update the bot"
        )
    return (
        f"the PostgreSQL database's schema is at version {version}, this bot needs {SCHEMA_VERSION}: "
        "run `python -m bot migrate` first"
    )


async def migrate(url: str) -> tuple[int, int]:
    """Bring the database's schema up to date, each step in its own transaction; (version before, after).

    Holds an advisory lock throughout, so a second migration started meanwhile waits, then finds
    nothing left to do. Refuses a schema newer than this bot's.
    """
    try:
        connection = await asyncpg.connect(url)
    except _UNAVAILABLE as exc:
        raise StoreUnavailable(f"cannot reach PostgreSQL: {exc}") from exc
    try:
        await connection.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
        try:
            before = await _version(connection)
            if before > SCHEMA_VERSION:
                raise SchemaMismatch(_mismatch(before))
            for version in range(before + 1, SCHEMA_VERSION + 1):
                async with connection.transaction():
                    for statement in MIGRATIONS[version]:
                        await connection.execute(statement)
                    await connection.execute("UPDATE schema_version SET version = $1", version)
            return before, max(before, SCHEMA_VERSION)
        finally:
            await connection.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
    finally:
        await connection.close()


__all__ = ["MIGRATION_LOCK", "PostgresDatabase", "migrate", "to_postgres"]
