"""``python -m bot``: start the bot (needs DISCORD_TOKEN). Subcommands run offline tools.

    python -m bot                 start the bot
    python -m bot migrate         bring the database's schema up to date (a deploy step on PostgreSQL)
    python -m bot copy FILE URL   copy a SQLite file into an empty PostgreSQL database, then check it
    python -m bot worker [--workers N]
                                  a search worker for hard AI seats (AI_SEARCH=remote), on any machine
                                  reaching DATABASE_URL; no token needed
    python -m bot demo [...]      a whole match between AI seats, printed, no token needed
    python -m bot bench [...]     performance figures (see docs/performance.md)

The demo and the benchmark live in ``tools/`` beside the package, not in it: they come with a
clone of the repository (run these from its root), not with an installed copy of the bot.
"""

from __future__ import annotations

import importlib
import logging
import sys

from bot.config import ConfigError, database_location, from_env, load_dotenv

#: Offline subcommands: name -> module with a ``main(argv) -> int``.
SUBCOMMANDS = {"demo": "tools.demo", "bench": "tools.bench"}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if args and args[0] in SUBCOMMANDS:
        try:
            module = importlib.import_module(SUBCOMMANDS[args[0]])
        except ModuleNotFoundError as exc:
            if exc.name != SUBCOMMANDS[args[0]]:
                raise
            print(
                f"error: '{args[0]}' comes with a clone of the repository (tools/); run it from the clone's root.",
                file=sys.stderr,
            )
            return 2
        return int(module.main(args[1:]) or 0)
    if args and args[0] in ("migrate", "copy"):
        return _store_step(args[0], args[1:])
    if args and args[0] == "worker":
        return _search_worker(args[1:])
    if args:
        print(f"error: unknown command {args[0]!r}; try python -m bot --help", file=sys.stderr)
        return 2
    from_file = load_dotenv()
    try:
        config = from_env(from_file=from_file)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from bot.frontend.client import run
    from bot.play.record import StoreUnavailable
    from bot.store.sql import SchemaMismatch

    try:
        run(config.database, config.token, config.dev_guild_id, config.partitions, config.ai_search)
    except (SchemaMismatch, StoreUnavailable) as exc:  # the database is not ready: say what to do, no traceback
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


def _store_step(command: str, args: list[str]) -> int:
    """A deploy step of the store; it reads the database settings only (no token)."""
    from bot.store.deploy import copy_main, migrate_main

    if command == "copy":
        return copy_main(args)
    load_dotenv()
    try:
        location = database_location()
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return migrate_main(args, location)


def _search_worker(args: list[str]) -> int:
    """A search worker: it reads the database settings only (no token)."""
    from bot.store.search_worker import worker_main

    load_dotenv()
    return worker_main(args)


if __name__ == "__main__":
    raise SystemExit(main())
