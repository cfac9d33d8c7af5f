"""The SQLite file itself: its journal, its schema's version and migrations (the store's contract, held by every
database, is tests/store/test_store_contract.py)."""

from __future__ import annotations

import sqlite3

import pytest

from bot.store.migrations import SCHEMA_VERSION
from bot.store.storage import Storage


async def _lobby(storage: Storage, channel: int = 10):
    return await storage.matches.create_match(
        guild_id=1, channel_id=channel, game="drump", host_id=100, host_name="Aisyah", seed=42
    )


async def test_fresh_file_gets_current_schema_and_wal(storage, db_path):
    assert await storage.database.schema_version() == SCHEMA_VERSION
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_reopening_keeps_data_and_does_not_migrate_twice(db_path, clock):
    first = await Storage.open(db_path, clock=clock)
    match = await _lobby(first)
    await first.close()
    second = await Storage.open(db_path, clock=clock)
    try:
        again = await second.matches.get_match(match.id)
        assert again is not None and again.names == {100: "Aisyah"}
        assert await second.database.schema_version() == SCHEMA_VERSION
    finally:
        await second.close()


async def test_newer_schema_is_refused(db_path, clock):
    with sqlite3.connect(db_path) as raw:
        raw.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    with pytest.raises(RuntimeError, match="newer"):
        await Storage.open(db_path, clock=clock)


async def test_a_version_1_file_is_migrated_keeping_its_matches(db_path, clock):
    from bot.store.migrations import MIGRATIONS

    with sqlite3.connect(db_path) as raw:
        for statement in MIGRATIONS[1]:
            raw.execute(statement)
        raw.execute("PRAGMA user_version=1")
        raw.execute(
            "INSERT INTO matches (guild_id, channel_id, game, status, host_id, players, names, seed,"
            " created_at, updated_at) VALUES (1, 2, 'drump', 'lobby', 3, '[3]', '{\"3\": \"Aisyah\"}', 9, 0, 0)"
        )
    store = await Storage.open(db_path, clock=clock)
    try:
        assert await store.database.schema_version() == SCHEMA_VERSION
        match = await store.matches.live_match_in_channel(2)
        assert match.names == {3: "Aisyah"} and match.timeouts == {} and match.autopilot == [] and not match.reminded
    finally:
        await store.close()
