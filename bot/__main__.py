"""``python -m bot``: start the bot (needs DISCORD_TOKEN)."""

from __future__ import annotations

import logging
import sys

from bot.config import ConfigError, from_env, load_dotenv


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("-h", "--help"):
        print("usage: python -m bot    (start the bot; settings come from the environment or .env)")
        return 0
    load_dotenv()
    try:
        config = from_env()
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from bot.client import run

    run(config.database_path, config.token, config.dev_guild_id)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
