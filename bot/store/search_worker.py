"""``python -m bot worker``: a search worker for hard AI seats, on this machine or any other.

    python -m bot worker [--workers N]

Reads ``DATABASE_URL`` (``.env`` or the environment; no Discord token) and takes the hard
searches the bots queue there when ``AI_SEARCH=remote``, ``N`` at once (default: one per core);
see :mod:`bot.play.search_worker` for what it does and :mod:`bot.store.search_jobs` for the
queue. Stops on SIGTERM once the searches it holds are answered.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from bot.config import ConfigError, database_url, log_level
from bot.play.record import StoreUnavailable
from bot.play.search_worker import CannotSearch, SearchWorker, serve
from bot.store.sql import SchemaMismatch

USAGE = "python -m bot worker [--workers N]   (the database is DATABASE_URL; no Discord token needed)"


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a whole number of processes, at least 1, not {text!r}")
    return int(text)


def worker_main(argv: list[str]) -> int:
    """Run a search worker until SIGTERM; 2 with a one-line error when the settings or the database are not
    ready (no traceback, as the bot itself)."""
    parser = argparse.ArgumentParser(prog="python -m bot worker", usage=USAGE)
    parser.add_argument(
        "--workers", type=_positive, default=None, metavar="N", help="search processes (default: one per core)"
    )
    args = parser.parse_args(argv)
    try:
        url, level = database_url(), log_level()
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not url:
        print(
            "error: a search worker takes its jobs from the bot's PostgreSQL server: set DATABASE_URL "
            "(postgresql://user:password@host/database), the same as the bot's.",
            file=sys.stderr,
        )
        return 2
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        asyncio.run(_work(url, args.workers))
    except (CannotSearch, SchemaMismatch, StoreUnavailable) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


async def _work(url: str, workers: int | None) -> None:
    from bot.store.postgres import PostgresDatabase  # asyncpg is loaded only by those who use it
    from bot.store.search_jobs import SearchJobs

    database = await PostgresDatabase.open(url)
    try:
        await serve(SearchWorker(SearchJobs(database), workers))
    finally:
        await database.close()


__all__ = ["USAGE", "worker_main"]
