"""The store's deploy steps, as an operator runs them: ``python -m bot migrate`` and ``python -m bot copy``.

    python -m bot migrate              bring the database's schema up to date (DATABASE_URL or DATABASE_PATH)
    python -m bot copy FILE URL        copy a SQLite file into an empty PostgreSQL database, then check it

Both read only the database settings (``.env`` or the environment): no Discord token needed.
"""

from __future__ import annotations

import asyncio
import sys

from bot.play.record import StoreUnavailable
from bot.store.sql import SchemaMismatch, is_postgres_url


def migrate_main(argv: list[str], location: str) -> int:
    """Bring the schema at ``location`` up to date: PostgreSQL's under its lock, SQLite's as opening it does."""
    if argv:
        print("usage: python -m bot migrate   (the database is DATABASE_URL, else DATABASE_PATH)", file=sys.stderr)
        return 2
    try:
        before, after = asyncio.run(_migrate(location))
    except (SchemaMismatch, StoreUnavailable) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if before == after:
        print(f"the schema is up to date (version {after})")
    else:
        print(f"the schema went from version {before} to {after}")
    return 0


async def _migrate(location: str) -> tuple[int, int]:
    if is_postgres_url(location):
        from bot.store.postgres import migrate

        return await migrate(location)
    from bot.store.database import Database
    from bot.store.migrations import SCHEMA_VERSION

    database = await Database.open(location)  # a file is brought up to date when it is opened
    await database.close()
    return SCHEMA_VERSION, SCHEMA_VERSION


def copy_main(argv: list[str]) -> int:
    """``copy FILE URL``: every match, setting and preference of the SQLite file into the empty PostgreSQL database."""
    if len(argv) != 2 or is_postgres_url(argv[0]) or not is_postgres_url(argv[1]):
        print(
            "usage: python -m bot copy data/meja.sqlite3 postgresql://user:password@host/database\n"
            "  (stop the bot first; the PostgreSQL database must hold no matches yet)",
            file=sys.stderr,
        )
        return 2
    from bot.store.copy import CopyRefused, copy_sqlite_to_postgres

    try:
        report = asyncio.run(copy_sqlite_to_postgres(argv[0], argv[1], progress=print))
    except (CopyRefused, SchemaMismatch, StoreUnavailable) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for line in report.lines():
        print(line)
    if not report.complete:
        print("error: the copy is not the same as the file (above); keep running on the file", file=sys.stderr)
        return 1
    print("done: set DATABASE_URL to the PostgreSQL URL and start the bot")
    return 0


__all__ = ["copy_main", "migrate_main"]
