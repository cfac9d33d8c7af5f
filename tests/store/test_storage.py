"""The SQLite store: schema, one live match per channel, atomic guarded moves, replay."""

from __future__ import annotations

import json
import sqlite3

import pytest

from bot.kernel.contract import replay
from bot.kernel.module import get_game
from bot.play.record import ACTIVE, ChannelBusy, StaleMove
from bot.store.migrations import SCHEMA_VERSION
from bot.store.sqlite import Storage


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


async def test_one_live_match_per_channel(storage):
    first = await _lobby(storage)
    with pytest.raises(ChannelBusy) as busy:
        await _lobby(storage)
    assert busy.value.match.id == first.id
    other = await _lobby(storage, channel=11)
    assert other.id != first.id
    await storage.matches.end_match(first.id, status="abandoned", reason="cancelled")
    assert (await _lobby(storage)).id not in (first.id, other.id)


async def test_record_action_is_guarded_by_seq_and_atomic(storage):
    game = get_game("drump")
    match = await _lobby(storage)
    match.players.append(200)
    state = game.rules.new_game(match.players, match.seed)
    await storage.matches.start_match(match, game.rules.state_to_json(state), None)
    player = next(iter(game.rules.actors(state)))
    action = game.rules.legal_actions(state, player)[0]
    game.rules.apply(state, player, action)
    seq = await storage.matches.record_action(
        match.id,
        expected_seq=0,
        player_id=player,
        action=action,
        state_json=game.rules.state_to_json(state),
        deadline=None,
        recent=["x"],
    )
    assert seq == 1
    before = await storage.matches.get_match(match.id)
    with pytest.raises(StaleMove):
        await storage.matches.record_action(
            match.id, expected_seq=0, player_id=player, action=action, state_json="{}", deadline=None, recent=[]
        )
    after = await storage.matches.get_match(match.id)
    assert after.state == before.state and after.seq == 1
    assert len(await storage.matches.action_log(match.id)) == 1


async def test_action_log_replays_to_the_stored_state(storage):
    game = get_game("drump")
    match = await _lobby(storage)
    match.players.append(200)
    state = game.rules.new_game(match.players, match.seed)
    await storage.matches.start_match(match, game.rules.state_to_json(state), None)
    from bot.kernel.rng import Rng

    rng = Rng.seeded(7)
    seq = 0
    while not game.rules.is_over(state) and seq < 60:
        player = sorted(game.rules.actors(state))[0]
        action = rng.choice(game.rules.legal_actions(state, player))
        game.rules.apply(state, player, action)
        seq = await storage.matches.record_action(
            match.id,
            expected_seq=seq,
            player_id=player,
            action=action,
            state_json=game.rules.state_to_json(state),
            deadline=None,
            recent=[],
        )
    stored = await storage.matches.get_match(match.id)
    log = await storage.matches.action_log(match.id)
    rebuilt = replay(game.rules, stored.players, stored.seed, stored.options, [(a.player_id, a.action) for a in log])
    assert game.rules.state_to_json(rebuilt) == stored.state
    assert stored.status == ACTIVE or stored.result is not None
    assert json.loads(stored.state) == json.loads(game.rules.state_to_json(state))


async def test_guild_settings_round_trip(storage):
    assert await storage.preferences.guild_settings(5) == {}
    await storage.preferences.set_guild_setting(5, "window_seconds", 30)
    assert await storage.preferences.guild_settings(5) == {"window_seconds": 30}


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


async def test_a_move_whose_log_row_cannot_be_written_stores_nothing(storage, db_path):
    game = get_game("drump")
    match = await _lobby(storage)
    match.players.append(200)
    state = game.rules.new_game(match.players, match.seed)
    await storage.matches.start_match(match, game.rules.state_to_json(state), None)
    with sqlite3.connect(db_path) as raw:  # a stray row where the move's log row must go
        raw.execute("INSERT INTO actions (match_id, seq, player_id, action, at) VALUES (?, 1, 1, '{}', 0)", (match.id,))
    before = await storage.matches.get_match(match.id)
    with pytest.raises(sqlite3.IntegrityError):
        await storage.matches.record_action(
            match.id,
            expected_seq=0,
            player_id=100,
            action={"type": "end_turn"},
            state_json="{}",
            deadline=None,
            recent=["x"],
        )
    after = await storage.matches.get_match(match.id)
    assert (after.seq, after.state, after.recent) == (before.seq, before.state, before.recent)
