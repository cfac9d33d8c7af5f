"""Whose turn it is to IDENTIFY with Discord, when several bot processes open the same shards with one token.

Discord takes one IDENTIFY per :data:`SPACING` seconds in each bucket (``shard_id % max_concurrency``),
whichever process sends it. discord.py spaces one process's own shards (its default
``before_identify_hook`` sleeps 5 s before each IDENTIFY but the first); several processes, each
opening every shard, would send theirs at once and have them refused.

So a process takes a turn before each IDENTIFY: PostgreSQL's advisory lock for the bucket, held on
a connection of its own, in the installation's lock namespace (that of
:mod:`bot.store.partition_locks`: two installations in two schemas never wait for each other).
The turn is let go :data:`SPACING` seconds after it was taken, in the background: the IDENTIFY
goes out at once, and the next taker, in whichever process, waits out the spacing. A process
that dies holding a turn frees it as soon as the server sees its session end.

The lock is polled (``pg_try_advisory_lock``) rather than waited on: one connection serves every
bucket, and a wait in one bucket must not hold up another bucket's turn. An advisory lock is
reentrant within its session, so the process's own shards also queue per bucket in memory.

A SQLite file has one process: it takes no turns (``Storage.identify_turns`` gives None and the bot
keeps discord.py's own spacing).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import asyncpg

from bot.play.record import StoreUnavailable
from bot.store.partition_locks import namespace

log = logging.getLogger(__name__)

#: Seconds between two IDENTIFYs of one bucket (Discord's rule); tests shrink it.
SPACING = 5.0
#: Seconds between two looks at a bucket's turn while another holds it.
POLL = 0.1
#: The second key of bucket 0's lock; bucket n's is ``FIRST_KEY + n``. Partitions' keys are 0 and up, the
#: members' lock -1 (:mod:`bot.store.partition_locks`): far below both, so a turn is never a partition.
FIRST_KEY = -(2**30)


class IdentifyTurns:
    """One process's turns to IDENTIFY, on a connection of its own. Open with ``await IdentifyTurns.open(url)``."""

    def __init__(self, url: str, connection: asyncpg.Connection, namespace: int) -> None:
        self._url = url
        self._connection = connection
        self._namespace = namespace
        self._statement = asyncio.Lock()  # one statement at a time on the one connection
        #: Per bucket, held from this process's turn until it is let go (the server's lock is reentrant here).
        self._ours: dict[int, asyncio.Lock] = {}
        self._releases: set[asyncio.Task[None]] = set()
        self._closed = False

    @classmethod
    async def open(cls, url: str) -> IdentifyTurns:
        try:
            connection = await asyncpg.connect(url)
            schema = await connection.fetchval("SELECT current_schema()")
        except (TimeoutError, OSError, asyncpg.PostgresError) as exc:
            raise StoreUnavailable(f"cannot reach PostgreSQL: {exc}") from exc
        return cls(url, connection, namespace(schema))

    async def take(self, bucket: int) -> None:
        """Wait for ``bucket``'s turn (:data:`SPACING` after any process's last IDENTIFY in it), then return at
        once: the turn is let go :data:`SPACING` seconds from now, in the background.

        If the database cannot be asked, waits :data:`SPACING` instead (as discord.py would) rather than hold
        the gateway up."""
        ours = self._ours.setdefault(bucket, asyncio.Lock())
        await ours.acquire()
        try:
            taken = await self._wait_for(bucket)
        except BaseException:
            # Cancelled (a shard's connect timed out, the bot closing): the server may have granted the lock
            # as the wait was cut. Let it go as a turn would be, or no process would identify in this bucket again.
            self._let_go(bucket, ours, taken=True)
            raise
        self._let_go(bucket, ours, taken)

    def _let_go(self, bucket: int, ours: asyncio.Lock, taken: bool) -> None:
        if self._closed:  # the connection is gone, and every turn of it
            ours.release()
            return
        release = asyncio.create_task(self._let_go_later(bucket, ours, taken), name=f"identify-turn-{bucket}")
        self._releases.add(release)
        release.add_done_callback(self._releases.discard)

    async def _wait_for(self, bucket: int) -> bool:
        """Poll until this process holds the bucket's lock (True), or the database failed and the spacing passed."""
        while True:
            try:
                if await self._ask("SELECT pg_try_advisory_lock($1, $2)", self._namespace, FIRST_KEY + bucket):
                    return True
            except StoreUnavailable as exc:
                log.warning("cannot take a turn to identify (%s): waiting %.1f s instead", exc, SPACING)
                await asyncio.sleep(SPACING)
                return False
            await asyncio.sleep(POLL)

    async def _let_go_later(self, bucket: int, ours: asyncio.Lock, taken: bool) -> None:
        try:
            await asyncio.sleep(SPACING)
            if taken:
                await self._ask("SELECT pg_advisory_unlock($1, $2)", self._namespace, FIRST_KEY + bucket)
        except StoreUnavailable:
            pass  # the session ended, and the server let its locks go with it
        finally:
            ours.release()

    async def _ask(self, sql: str, *args: object) -> Any:
        """One statement on the turns' connection, connecting anew if it ended (its turns ended with it)."""
        async with self._statement:
            if self._closed:
                raise StoreUnavailable("the identify turns are closed")
            try:
                if self._connection.is_closed():
                    self._connection = await asyncpg.connect(self._url)
                return await self._connection.fetchval(sql, *args)
            except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
                raise StoreUnavailable(f"the identify turns' connection failed: {exc}") from exc

    async def close(self) -> None:
        """End the connection: every turn this process holds is free at once."""
        self._closed = True
        for release in list(self._releases):
            release.cancel()
        async with self._statement:  # a statement under way finishes first (none of them waits on the server)
            if not self._connection.is_closed():
                await self._connection.close()

    def cut(self) -> None:
        """End the connection abruptly, as a dead process or network would (tests)."""
        self._connection.terminate()


__all__ = ["FIRST_KEY", "POLL", "SPACING", "IdentifyTurns"]
