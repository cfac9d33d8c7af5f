"""Starting the bot: settings from the environment, and a clear one-line refusal without a token."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bot.config import DEFAULT_DATABASE, ConfigError, from_env, load_dotenv


def test_python_m_bot_without_token_exits_with_one_line(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0] and "Traceback" not in done.stderr
    assert done.stdout == ""


def test_settings_and_defaults():
    config = from_env({"DISCORD_TOKEN": "abc"})
    assert config.database_path == DEFAULT_DATABASE and config.dev_guild_id is None and config.log_level == "INFO"
    config = from_env({"DISCORD_TOKEN": "abc", "DATABASE_PATH": "x.db", "DEV_GUILD_ID": "123", "LOG_LEVEL": "debug"})
    assert (config.database_path, config.dev_guild_id, config.log_level) == ("x.db", 123, "DEBUG")


@pytest.mark.parametrize(
    "env, word",
    [
        ({}, "DISCORD_TOKEN"),
        ({"DISCORD_TOKEN": "a", "DEV_GUILD_ID": "abc"}, "DEV_GUILD_ID"),
        ({"DISCORD_TOKEN": "a", "LOG_LEVEL": "LOUD"}, "LOG_LEVEL"),
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
    from pathlib import Path

    example = (Path(__file__).parents[1] / ".env.example").read_text()
    for key in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL"):
        assert f"\n{key}=" in example
