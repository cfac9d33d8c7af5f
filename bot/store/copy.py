"""Moving a community from the SQLite file to a PostgreSQL server: every row copied, then checked.

``python -m bot copy data/meja.sqlite3 postgresql://...`` (see :mod:`bot.store.deploy`). The
bot must be stopped while it runs: a move stored in the file after its rows were read would
not be copied.

Why it is done this way:
* The target must be empty: a copy never merges two histories (match ids would collide).
* One transaction on the server: a copy cut short leaves the target empty, never half-filled.
* Each table goes by PostgreSQL's ``COPY`` in batches, so a file of any size is copied in
  bounded memory; ids are kept (a DM's buttons name their match by id), and the match ids
  counter continues after the highest.
* Nothing lost is checked, not assumed: every row of every table is read back from the
  server and compared with the file's, and every started match's action log is replayed
  from its seed to the state stored with it (as the bot itself would rebuild it).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import asyncpg

from bot.kernel.contract import replay
from bot.kernel.module import get_game
from bot.store.database import Database
from bot.store.postgres import migrate

#: Each table copied, with the columns that order its rows (its primary key).
TABLES: dict[str, tuple[str, ...]] = {
    "matches": ("id",),
    "actions": ("match_id", "seq"),
    "match_messages": ("match_id", "kind", "user_id"),
    "guild_settings": ("guild_id", "key"),
    "user_prefs": ("user_id", "key"),
}
#: Rows read, copied and compared at a time.
BATCH = 500


class CopyRefused(Exception):
    """The copy cannot start (the target already holds matches); nothing was written."""


@dataclass
class CopyReport:
    """What was copied and what the check found."""

    rows: dict[str, int] = field(default_factory=dict)
    #: Rows whose copy differs from the file's (table, key): must be empty.
    different: list[tuple[str, tuple[Any, ...]]] = field(default_factory=list)
    replayed: int = 0
    #: Matches whose log does not replay to their stored state (match id, why): must be empty.
    not_replayed: list[tuple[int, str]] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not self.different and not self.not_replayed

    def lines(self) -> list[str]:
        counts = ", ".join(f"{count} {table}" for table, count in self.rows.items())
        out = [f"copied {counts}", f"{self.replayed} started matches replay to their stored state"]
        out += [f"DIFFERENT: {table} row {key}" for table, key in self.different[:20]]
        out += [f"NOT REPLAYED: match #{match_id}: {why}" for match_id, why in self.not_replayed[:20]]
        return out


async def copy_sqlite_to_postgres(
    source_path: str, target_url: str, *, progress: Callable[[str], None] = lambda line: None
) -> CopyReport:
    """Copy every row of the SQLite file at ``source_path`` into the empty PostgreSQL database, then check it.

    The file is first brought to this bot's schema (as starting the bot would); the server's schema
    is brought up to date (``python -m bot migrate``). CopyRefused if the server already holds matches.
    """
    source = await Database.open(source_path)
    try:
        await migrate(target_url)
        target = await asyncpg.connect(target_url)
        try:
            report = CopyReport()
            if await target.fetchval("SELECT count(*) FROM matches"):
                raise CopyRefused("the PostgreSQL database already holds matches: copy into an empty one")
            schema = await target.fetchval("SELECT current_schema()")
            async with target.transaction():
                for table, key in TABLES.items():
                    columns = await _columns(target, schema, table)
                    copied = 0
                    async for batch in _batches(source, table, columns, key):
                        await target.copy_records_to_table(table, records=batch, columns=columns, schema_name=schema)
                        copied += len(batch)
                    report.rows[table] = copied
                    progress(f"copied {copied} rows of {table}")
                await target.execute(
                    "SELECT setval(pg_get_serial_sequence('matches', 'id'), COALESCE(MAX(id), 1), MAX(id) IS NOT NULL)"
                    " FROM matches"
                )
            await _compare(source, target, schema, report)
            progress("compared every row")
            await _replay_all(target, report)
            progress(f"replayed {report.replayed} matches")
            return report
        finally:
            await target.close()
    finally:
        await source.close()


async def _columns(target: asyncpg.Connection, schema: str, table: str) -> list[str]:
    rows = await target.fetch(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2"
        " ORDER BY ordinal_position",
        schema,
        table,
    )
    return [row["column_name"] for row in rows]


async def _batches(
    source: Database, table: str, columns: list[str], key: tuple[str, ...]
) -> AsyncIterator[list[tuple[Any, ...]]]:
    """The file's rows of ``table``, in key order, ``BATCH`` at a time (keyset paging: each batch one query)."""
    select = f"SELECT {', '.join(columns)} FROM {table}"
    order = f" ORDER BY {', '.join(key)} LIMIT {BATCH}"
    after: tuple[Any, ...] | None = None
    while True:
        if after is None:
            rows = await source.rows(select + order)
        else:
            rows = await source.rows(f"{select} WHERE ({', '.join(key)}) > ({', '.join('?' * len(key))}){order}", after)
        if not rows:
            return
        yield [tuple(row) for row in rows]
        last = rows[-1]
        after = tuple(last[columns.index(name)] for name in key)


async def _compare(source: Database, target: asyncpg.Connection, schema: str, report: CopyReport) -> None:
    """Every row read back from the server, beside the file's: same rows, same values."""
    for table, key in TABLES.items():
        columns = await _columns(target, schema, table)
        count = await target.fetchval(f"SELECT count(*) FROM {table}")
        if count != report.rows[table]:
            report.different.append((table, ("row count", count, report.rows[table])))
        async for batch in _batches(source, table, columns, key):
            # Every table's key begins with a Discord or match id: fetch the copies of the batch by it.
            firsts = sorted({row[columns.index(key[0])] for row in batch})
            stored = await target.fetch(
                f"SELECT {', '.join(columns)} FROM {table} WHERE {key[0]} = ANY($1::bigint[])", firsts
            )
            copies = {tuple(row[name] for name in key): tuple(row) for row in stored}
            for row in batch:
                row_key = tuple(row[columns.index(name)] for name in key)
                if copies.get(row_key) != row:
                    report.different.append((table, row_key))


async def _replay_all(target: asyncpg.Connection, report: CopyReport) -> None:
    """Each started match's log, replayed from its seed on the copy, must give the state stored with it."""
    after = 0
    while True:
        matches = await target.fetch(
            "SELECT id, game, players, seed, options, state FROM matches"
            " WHERE state IS NOT NULL AND id > $1 ORDER BY id LIMIT $2",
            after,
            BATCH,
        )
        if not matches:
            return
        for match in matches:
            after = match["id"]
            log = await target.fetch("SELECT player_id, action FROM actions WHERE match_id = $1 ORDER BY seq", after)
            try:
                rules = get_game(match["game"]).rules
                rebuilt = replay(
                    rules,
                    json.loads(match["players"]),
                    match["seed"],
                    json.loads(match["options"]),
                    [(row["player_id"], json.loads(row["action"])) for row in log],
                )
                same = rules.state_to_json(rebuilt) == match["state"]
            except Exception as exc:  # an unknown game, a log this build cannot play: said, not hidden
                report.not_replayed.append((after, f"{type(exc).__name__}: {exc}"))
                continue
            if same:
                report.replayed += 1
            else:
                report.not_replayed.append((after, "its log replays to another state than the one stored"))


__all__ = ["TABLES", "CopyRefused", "CopyReport", "copy_sqlite_to_postgres"]
