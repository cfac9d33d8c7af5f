"""The commit alone: real stored moves, in the bot's sync mode, leaving nothing behind."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.bench.commit_alone import measure_commit_alone


async def test_it_times_each_commit_and_removes_its_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_SYNCHRONOUS", raising=False)
    figures = await measure_commit_alone(tmp_path, commits=20, warmup=5)
    assert len(figures["seconds"]) == 20 and all(s > 0 for s in figures["seconds"])
    assert figures["synchronous"] == "FULL" and figures["state_bytes"] > 100
    assert list(tmp_path.iterdir()) == []


async def test_it_runs_in_the_sync_mode_the_bot_is_configured_with(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_SYNCHRONOUS", "normal")
    figures = await measure_commit_alone(tmp_path, commits=3, warmup=0)
    assert figures["synchronous"] == "NORMAL" and len(figures["seconds"]) == 3
