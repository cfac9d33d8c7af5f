"""Settings from the environment (and an optional ``.env`` file), read once at start.

Every setting is listed, with a comment, in ``.env.example``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DATABASE = "data/meja.sqlite3"

#: SQLite's ``synchronous`` for the WAL database: FULL syncs every commit to disk (survives power loss);
#: NORMAL syncs only at checkpoints (survives a crash of the bot, may lose the last moves on power loss).
SYNCHRONOUS_MODES = ("FULL", "NORMAL")
DEFAULT_SYNCHRONOUS = "FULL"

#: Where hard AI seats search: ``local`` in the bot's own worker processes, or ``remote`` on search workers
#: (``python -m bot worker``, on any machine reaching the PostgreSQL server), the bot's own behind them.
AI_SEARCH_MODES = ("local", "remote")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class ConfigError(Exception):
    """A setting is missing or wrong; the message says how to fix it, in one line."""


@dataclass(frozen=True)
class Config:
    token: str
    database_path: str = DEFAULT_DATABASE
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    database_synchronous: str = DEFAULT_SYNCHRONOUS
    database_url: str = ""
    partitions: int = 16
    ai_search: str = "local"

    @property
    def database(self) -> str:
        """Where matches are stored: the PostgreSQL server of ``DATABASE_URL`` if set, else the SQLite file."""
        return self.database_url or self.database_path


def load_dotenv(path: str | Path = ".env") -> dict[str, str]:
    """Read KEY=VALUE lines into the environment without overriding what is already set.

    Returns the settings it set, each with the file it came from (for :func:`from_env`'s messages).
    """
    file = Path(path)
    loaded: dict[str, str] = {}
    if not file.is_file():
        return loaded
    for raw in file.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, value = line.split("=", 1)
        key, value = key.strip(), value.strip().strip('"').strip("'")
        if key not in os.environ:
            os.environ[key] = value
            loaded[key] = str(path)
    return loaded


def database_synchronous(env: dict[str, str] | None = None) -> str:
    """``DATABASE_SYNCHRONOUS`` (FULL or NORMAL, default FULL); ConfigError for anything else."""
    env = dict(os.environ if env is None else env)
    mode = env.get("DATABASE_SYNCHRONOUS", "").strip().upper() or DEFAULT_SYNCHRONOUS
    if mode not in SYNCHRONOUS_MODES:
        raise ConfigError(f"DATABASE_SYNCHRONOUS must be FULL or NORMAL, not {mode!r}.")
    return mode


def database_url(env: dict[str, str] | None = None) -> str:
    """``DATABASE_URL``: a ``postgresql://`` URL, or empty for the SQLite file; ConfigError for anything else."""
    env = dict(os.environ if env is None else env)
    url = env.get("DATABASE_URL", "").strip()
    if url and not url.startswith(("postgresql://", "postgres://")):
        raise ConfigError(
            f"DATABASE_URL must be a PostgreSQL URL (postgresql://user:password@host/database), not {url!r}; "
            "leave it empty to store matches in the SQLite file of DATABASE_PATH."
        )
    return url


def database_location(env: dict[str, str] | None = None) -> str:
    """Where matches are stored, from the settings alone (no token needed): ``DATABASE_URL`` or ``DATABASE_PATH``."""
    env = dict(os.environ if env is None else env)
    return database_url(env) or env.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE


def ai_search(env: dict[str, str] | None = None) -> str:
    """``AI_SEARCH``: local (default) or remote; remote needs ``DATABASE_URL``, where the jobs wait for the
    workers. ConfigError otherwise."""
    env = dict(os.environ if env is None else env)
    mode = env.get("AI_SEARCH", "").strip().lower() or "local"
    if mode not in AI_SEARCH_MODES:
        raise ConfigError(f"AI_SEARCH must be local or remote, not {mode!r}.")
    if mode == "remote" and not database_url(env):
        raise ConfigError(
            "AI_SEARCH=remote needs DATABASE_URL (a PostgreSQL server): the search workers take their jobs from it. "
            "Set DATABASE_URL, or AI_SEARCH=local to search in the bot's own processes."
        )
    return mode


def log_level(env: dict[str, str] | None = None) -> str:
    """``LOG_LEVEL`` (default INFO); ConfigError for a level logging does not have."""
    env = dict(os.environ if env is None else env)
    level = env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not {level!r}.")
    return level


def from_env(env: dict[str, str] | None = None, *, from_file: dict[str, str] | None = None) -> Config:
    """The settings; ``from_file`` names the file each setting read from one came from (``load_dotenv``)."""
    env = dict(os.environ if env is None else env)
    token = env.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError(_no_token(env, from_file or {}))
    guild = env.get("DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError(f"DEV_GUILD_ID must be a server id (digits only), not {guild!r}.")
    level = log_level(env)
    partitions = env.get("PARTITIONS", "").strip() or "16"
    if not partitions.isdigit() or not 1 <= int(partitions) <= 1024:
        raise ConfigError(f"PARTITIONS must be a whole number from 1 to 1024, not {partitions!r}.")
    return Config(
        token=token,
        database_path=env.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE,
        dev_guild_id=int(guild) if guild else None,
        log_level=level,
        database_synchronous=database_synchronous(env),
        database_url=database_url(env),
        partitions=int(partitions),
        ai_search=ai_search(env),
    )


def _no_token(env: dict[str, str], from_file: dict[str, str]) -> str:
    """Why there is no token, in one line: missing, or there but empty (and where)."""
    if "DISCORD_TOKEN" in from_file:
        return (
            f"DISCORD_TOKEN in {from_file['DISCORD_TOKEN']} is empty: paste your bot's token there "
            "(Developer Portal > your application > Bot > Reset Token)."
        )
    if "DISCORD_TOKEN" in env:
        return "DISCORD_TOKEN is set but empty in the environment: export your bot's token (export DISCORD_TOKEN=...)."
    return (
        "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot token in it "
        "(or export DISCORD_TOKEN=...)."
    )
