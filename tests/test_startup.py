"""Starting the bot: settings from the environment, and a clear one-line refusal without a token."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import DEFAULT_DATABASE, ConfigError, from_env, load_dotenv

ROOT = Path(__file__).parents[1]


def _env_without_token() -> dict[str, str]:
    """The environment with no DISCORD_TOKEN, importing this checkout's ``bot`` wherever it runs."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def test_python_m_bot_without_token_exits_with_one_line(tmp_path):
    env = _env_without_token()
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0] and "Traceback" not in done.stderr
    assert done.stdout == ""


def test_the_readmes_cp_env_example_then_start_names_the_empty_token_in_env(tmp_path):
    """``cp .env.example .env && python -m bot``: the token is there but empty, and the message says so."""
    shutil.copy(ROOT / ".env.example", tmp_path / ".env")
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=_env_without_token(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        "error: DISCORD_TOKEN in .env is empty: paste your bot's token there"
    )


def test_a_missing_token_and_an_empty_one_are_told_apart():
    with pytest.raises(ConfigError, match=r"^DISCORD_TOKEN is not set: copy \.env\.example to \.env"):
        from_env({})
    with pytest.raises(ConfigError, match=r"^DISCORD_TOKEN in conf/.env is empty: paste your bot's token there"):
        from_env({"DISCORD_TOKEN": " "}, from_file={"DISCORD_TOKEN": "conf/.env"})
    with pytest.raises(ConfigError, match=r"^DISCORD_TOKEN is set but empty in the environment"):
        from_env({"DISCORD_TOKEN": ""})


def test_dotenv_tells_which_settings_it_set(tmp_path, monkeypatch):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=\nLOG_LEVEL=DEBUG\n")
    monkeypatch.setenv("LOG_LEVEL", "ERROR")
    monkeypatch.setenv("DISCORD_TOKEN", "placeholder")
    monkeypatch.delenv("DISCORD_TOKEN")
    path = tmp_path / ".env"
    assert load_dotenv(path) == {"DISCORD_TOKEN": str(path)}
    assert os.environ["DISCORD_TOKEN"] == ""


def test_settings_and_defaults():
    config = from_env({"DISCORD_TOKEN": "abc"})
    assert config.database_path == DEFAULT_DATABASE and config.dev_guild_id is None and config.log_level == "INFO"
    assert config.database == DEFAULT_DATABASE  # no DATABASE_URL: the SQLite file
    config = from_env({"DISCORD_TOKEN": "abc", "DATABASE_PATH": "x.db", "DEV_GUILD_ID": "123", "LOG_LEVEL": "debug"})
    assert (config.database_path, config.dev_guild_id, config.log_level) == ("x.db", 123, "DEBUG")
    url = "postgresql://meja:pw@db.example/meja"
    assert from_env({"DISCORD_TOKEN": "abc", "DATABASE_PATH": "x.db", "DATABASE_URL": f" {url} "}).database == url


@pytest.mark.parametrize(
    "env, word",
    [
        ({}, "DISCORD_TOKEN"),
        ({"DISCORD_TOKEN": "a", "DEV_GUILD_ID": "abc"}, "DEV_GUILD_ID"),
        ({"DISCORD_TOKEN": "a", "LOG_LEVEL": "LOUD"}, "LOG_LEVEL"),
        ({"DISCORD_TOKEN": "a", "DATABASE_URL": "data/meja.sqlite3"}, "DATABASE_URL"),
        ({"DISCORD_TOKEN": "a", "PARTITIONS": "0"}, "PARTITIONS"),
        ({"DISCORD_TOKEN": "a", "PARTITIONS": "sixteen"}, "PARTITIONS"),
    ],
)
def test_bad_settings_are_named(env, word):
    with pytest.raises(ConfigError, match=word):
        from_env(env)


def test_dotenv_does_not_override_the_environment(tmp_path, monkeypatch):
    (tmp_path / ".env").write_text("# comment\nDISCORD_TOKEN='from-file'\nLOG_LEVEL=DEBUG\n")
    monkeypatch.setenv("LOG_LEVEL", "ERROR")
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    load_dotenv(tmp_path / ".env")
    assert os.environ["DISCORD_TOKEN"] == "from-file" and os.environ["LOG_LEVEL"] == "ERROR"


def test_every_setting_is_in_env_example():
    example = (Path(__file__).parents[1] / ".env.example").read_text()
    keys = ("DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "DATABASE_SYNCHRONOUS", "PARTITIONS", "DEV_GUILD_ID")
    for key in (*keys, "LOG_LEVEL"):
        assert f"\n{key}=" in example
