"""Shared fixtures: a fresh database file per test and a clock that only moves when told."""

from __future__ import annotations

import pytest

from bot.clock import ManualClock
from bot.storage import Storage


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "matches.sqlite3"


@pytest.fixture
async def storage(db_path, clock):
    store = await Storage.open(db_path, clock=clock)
    yield store
    await store.close()
