"""The store's contract, held by every supported database: the SQLite file and a real PostgreSQL server.

Each test runs once per store (the ``any_storage`` and ``location`` fixtures): one live match per
channel, a move stored as one guarded statement with its log row, a log that replays to the stored
state, what each match showed, settings, preferences, records and leaderboards, and the two faults
(a unique rule's Conflict; nothing stored by a refused write).
"""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.kernel.contract import replay
from bot.kernel.module import get_game
from bot.kernel.rng import Rng
from bot.play.record import ABANDONED, ACTIVE, FINISHED, LOBBY, ChannelBusy, StaleMove
from bot.store.sql import Conflict
from bot.store.storage import Storage

#: Discord-sized ids: past 2**53 and 2**32, as real ones are.
GUILD, CHANNEL = 1_200_000_000_000_000_001, 1_200_000_000_000_000_002
HOST, GUEST, AI = 1_300_000_000_000_000_001, 1_300_000_000_000_000_002, -1


async def _lobby(storage: Storage, channel: int = CHANNEL, guild: int = GUILD, game: str = "drump"):
    return await storage.matches.create_match(
        guild_id=guild, channel_id=channel, game=game, host_id=HOST, host_name="Aisyah", seed=2**62 + 7
    )


async def _started(storage: Storage, channel: int = CHANNEL, players=(HOST, GUEST), guild: int = GUILD):
    game = get_game("drump")
    match = await _lobby(storage, channel, guild)
    match.players[:] = list(players)
    match.names.update({p: f"P{p % 1000}" for p in players})
    state = game.rules.new_game(match.players, match.seed)
    await storage.matches.start_match(match, game.rules.state_to_json(state), deadline=1234.5)
    return match, state


async def _move(storage: Storage, match, state, seq: int, rng: Rng, **extra) -> int:
    rules = get_game("drump").rules
    player = sorted(rules.actors(state))[0]
    action = rng.choice(rules.legal_actions(state, player))
    rules.apply(state, player, action)
    return await storage.matches.record_action(
        match.id,
        expected_seq=seq,
        player_id=player,
        action=action,
        state_json=rules.state_to_json(state),
        deadline=None,
        recent=[f"move {seq + 1}"],
        **extra,
    )


# --- matches ---------------------------------------------------------------------------------


async def test_a_lobby_is_stored_with_its_host_and_read_back_whole(any_storage):
    match = await _lobby(any_storage)
    again = await any_storage.matches.get_match(match.id)
    assert again == match
    assert (again.status, again.guild_id, again.channel_id, again.players) == (LOBBY, GUILD, CHANNEL, [HOST])
    assert again.names == {HOST: "Aisyah"} and again.seed == 2**62 + 7
    match.players.append(GUEST)
    match.names[GUEST] = "Budi"
    match.options["rounds"] = 3
    match.table_options["full_windows"] = True
    await any_storage.matches.save_lobby(match)
    again = await any_storage.matches.get_match(match.id)
    assert (again.players, again.names, again.options, again.table_options) == (
        [HOST, GUEST],
        {HOST: "Aisyah", GUEST: "Budi"},
        {"rounds": 3},
        {"full_windows": True},
    )
    assert await any_storage.matches.get_match(match.id + 1000) is None


async def test_one_live_match_per_channel(any_storage):
    first = await _lobby(any_storage)
    with pytest.raises(ChannelBusy) as busy:
        await _lobby(any_storage)
    assert busy.value.match.id == first.id
    other = await _lobby(any_storage, channel=CHANNEL + 1)
    assert other.id != first.id
    assert await any_storage.matches.end_match(first.id, status=ABANDONED, reason="cancelled")
    assert not await any_storage.matches.end_match(first.id, status=ABANDONED, reason="cancelled")  # not live now
    again = await _lobby(any_storage)
    assert again.id not in (first.id, other.id)
    assert (await any_storage.matches.live_match_in_channel(CHANNEL)).id == again.id
    assert [m.id for m in await any_storage.matches.live_matches()] == sorted([other.id, again.id])


async def test_two_processes_opening_a_lobby_in_one_channel_at_once_get_one(location, clock):
    """Two stores on one database (two bot processes): one lobby is stored, the other is told the channel is busy."""
    first, second = await Storage.open(location, clock=clock), await Storage.open(location, clock=clock)
    try:
        results = await asyncio.gather(
            *(_lobby(store) for store in (first, second, first, second)), return_exceptions=True
        )
        made = [r for r in results if not isinstance(r, BaseException)]
        busy = [r for r in results if isinstance(r, ChannelBusy)]
        assert len(made) == 1 and len(busy) == 3, results
        assert {b.match.id for b in busy} == {made[0].id}
    finally:
        await first.close()
        await second.close()


async def test_starting_a_match_is_refused_once_it_left_its_lobby(any_storage):
    match, _ = await _started(any_storage)
    stored = await any_storage.matches.get_match(match.id)
    assert (stored.status, stored.seq, stored.decision_seq, stored.deadline) == (ACTIVE, 0, 0, 1234.5)
    assert stored.decision_started == any_storage.database.clock()
    with pytest.raises(StaleMove):
        await any_storage.matches.start_match(match, "{}", None)
    assert (await any_storage.matches.get_match(match.id)).state == stored.state


async def test_a_move_is_guarded_by_its_sequence_number_and_stored_whole(any_storage):
    match, state = await _started(any_storage)
    seq = await _move(
        any_storage,
        match,
        state,
        0,
        Rng.seeded(1),
        timeouts={GUEST: 2},
        autopilot=[GUEST],
        skipping=[HOST],
        absent=[GUEST],
        left=[],
    )
    assert seq == 1
    before = await any_storage.matches.get_match(match.id)
    assert (before.seq, before.recent, before.timeouts, before.autopilot) == (1, ["move 1"], {GUEST: 2}, [GUEST])
    assert (before.skipping, before.absent, before.left, before.decision_seq) == ([HOST], [GUEST], [], 1)
    with pytest.raises(StaleMove):
        await any_storage.matches.record_action(
            match.id, expected_seq=0, player_id=HOST, action={"type": "x"}, state_json="{}", deadline=None, recent=[]
        )
    after = await any_storage.matches.get_match(match.id)
    assert after == before
    assert [a.seq for a in await any_storage.matches.action_log(match.id)] == [1]


async def test_a_move_in_the_same_window_round_keeps_the_decision_and_left_is_kept_unless_given(any_storage):
    match, state = await _started(any_storage)
    await _move(any_storage, match, state, 0, Rng.seeded(2), left=[GUEST])
    started = (await any_storage.matches.get_match(match.id)).decision_started
    any_storage.database.clock.advance(30)
    await _move(any_storage, match, state, 1, Rng.seeded(3), new_decision=False)
    same_round = await any_storage.matches.get_match(match.id)
    assert (same_round.decision_seq, same_round.decision_started, same_round.left) == (1, started, [GUEST])
    await _move(any_storage, match, state, 2, Rng.seeded(4))
    assert (await any_storage.matches.get_match(match.id)).decision_seq == 3


async def test_two_processes_moving_one_match_at_once_store_each_move_once(location, clock):
    """The guard holds across connections: of two moves expecting the same number, one is stored, one is stale."""
    first, second = await Storage.open(location, clock=clock), await Storage.open(location, clock=clock)
    try:
        match, state = await _started(first)
        seq = 0
        for round_ in range(8):
            attempts = [
                store.matches.record_action(
                    match.id,
                    expected_seq=seq,
                    player_id=HOST,
                    action={"type": "try", "by": n},
                    state_json=json.dumps({"round": round_, "by": n}),
                    deadline=None,
                    recent=[],
                )
                for n, store in enumerate((first, second, first, second))
            ]
            results = await asyncio.gather(*attempts, return_exceptions=True)
            stored = [r for r in results if not isinstance(r, BaseException)]
            assert stored == [seq + 1] and sum(isinstance(r, StaleMove) for r in results) == 3, results
            seq += 1
        log = await second.matches.action_log(match.id)
        assert [a.seq for a in log] == list(range(1, 9))
        final = await second.matches.get_match(match.id)
        assert json.loads(final.state)["by"] == log[-1].action["by"]  # the state is the logged move's
    finally:
        await first.close()
        await second.close()


async def test_the_action_log_replays_to_the_stored_state(any_storage):
    game = get_game("drump")
    match, state = await _started(any_storage)
    rng, seq = Rng.seeded(7), 0
    while not game.rules.is_over(state) and seq < 80:
        seq = await _move(any_storage, match, state, seq, rng)
    stored = await any_storage.matches.get_match(match.id)
    log = await any_storage.matches.action_log(match.id)
    assert [a.seq for a in log] == list(range(1, seq + 1))
    assert all(a.at == any_storage.database.clock() for a in log)
    rebuilt = replay(game.rules, stored.players, stored.seed, stored.options, [(a.player_id, a.action) for a in log])
    assert game.rules.state_to_json(rebuilt) == stored.state  # byte for byte, as stored


async def test_a_move_whose_log_row_cannot_be_written_stores_nothing(any_storage):
    match, state = await _started(any_storage)
    async with any_storage.database.writing():  # a stray row where the move's log row must go
        await any_storage.database.run(
            "INSERT INTO actions (match_id, seq, player_id, action, at) VALUES (?, 1, 1, '{}', 0)", (match.id,)
        )
    before = await any_storage.matches.get_match(match.id)
    with pytest.raises(Conflict):
        await _move(any_storage, match, state, 0, Rng.seeded(1))
    after = await any_storage.matches.get_match(match.id)
    assert (after.seq, after.state, after.recent) == (before.seq, before.state, before.recent)


async def test_the_finishing_move_stores_the_result_and_the_match_leaves_the_live_ones(any_storage):
    match, state = await _started(any_storage)
    any_storage.shown.mark_announced(match.id, 0)  # its start went out
    await any_storage.shown.flush_announced()
    result = {"winners": [HOST], "summary": "Aisyah wins"}
    await _move(any_storage, match, state, 0, Rng.seeded(5), result=result)
    done = await any_storage.matches.get_match(match.id)
    assert (done.status, done.result, done.end_reason) == (FINISHED, result, "played")
    assert await any_storage.matches.live_matches() == []
    assert [m.id for m in await any_storage.matches.finished_matches()] == [match.id]
    assert [m.id for m in await any_storage.matches.finished_matches(GUILD)] == [match.id]
    assert await any_storage.matches.finished_matches(GUILD + 1) == []
    # Its final move was never shown (no announced mark past it): a restart finds it.
    assert [m.id for m in await any_storage.matches.unannounced_finishes()] == [match.id]
    any_storage.shown.mark_announced(match.id, 1)
    await any_storage.shown.flush_announced()
    assert await any_storage.matches.unannounced_finishes() == []


async def test_idle_seats_reminders_and_conceding(any_storage):
    match, _ = await _started(any_storage, players=(HOST, AI))
    await any_storage.matches.save_idle(match.id, {AI: 1}, [AI])
    await any_storage.matches.save_seats(match.id, left=[HOST], skipping=[AI], autopilot=[AI, HOST])
    assert await any_storage.matches.mark_reminded(match.id) is True
    assert await any_storage.matches.mark_reminded(match.id) is False
    stored = await any_storage.matches.get_match(match.id)
    assert (stored.timeouts, stored.left, stored.skipping, stored.autopilot) == ({AI: 1}, [HOST], [AI], [AI, HOST])
    assert stored.reminded
    assert not await any_storage.matches.end_match(match.id, status=FINISHED, reason="conceded", expected_seq=5)
    assert await any_storage.matches.end_match(
        match.id, status=FINISHED, reason="conceded", result={"winners": [AI]}, expected_seq=0
    )
    ended = await any_storage.matches.get_match(match.id)
    assert (ended.status, ended.end_reason, ended.result, ended.deadline) == (
        FINISHED,
        "conceded",
        {"winners": [AI]},
        None,
    )


# --- what each match showed --------------------------------------------------------------------


async def test_what_a_match_showed_is_stored_with_it(any_storage):
    match, _ = await _started(any_storage)
    await any_storage.shown.set_message(match.id, 9_000_000_000_000_000_001)
    await any_storage.shown.save_user_message(match.id, "hand", HOST, 11, 21)
    await any_storage.shown.save_user_message(match.id, "hand", GUEST, 12, 22)
    await any_storage.shown.save_user_message(match.id, "hand", HOST, 11, 23)  # a new DM replaces the old
    await any_storage.shown.save_user_message(match.id, "ping", 0, CHANNEL, 24)
    await any_storage.shown.forget_user_message(match.id, "hand", GUEST)
    await any_storage.shown.mark_dm_closed(match.id, GUEST)
    await any_storage.shown.mark_dm_closed(match.id, GUEST)
    await any_storage.shown.mark_dm_closed(match.id + 1000, GUEST)  # no such match: nothing
    assert await any_storage.shown.user_messages(match.id, "hand") == {HOST: (11, 23)}
    assert await any_storage.shown.user_messages(match.id, "ping") == {0: (CHANNEL, 24)}
    stored = await any_storage.matches.get_match(match.id)
    assert (stored.message_id, stored.dm_closed) == (9_000_000_000_000_000_001, [GUEST])


async def test_announced_marks_wait_then_are_stored_together(any_storage, location, clock):
    first, _ = await _started(any_storage)
    second, _ = await _started(any_storage, channel=CHANNEL + 1)
    any_storage.shown.mark_announced(first.id, 3)
    any_storage.shown.mark_announced(second.id, 4)
    any_storage.shown.mark_announced(first.id, 5)  # the newest mark of a match wins
    assert (await any_storage.matches.get_match(first.id)).announced_seq == 5  # read as stored at once
    other = await Storage.open(location, clock=clock)  # another process reads only what is stored
    try:
        assert (await other.matches.get_match(first.id)).announced_seq in (None, 0)
        await any_storage.shown.flush_announced()
        assert [(await other.matches.get_match(m)).announced_seq for m in (first.id, second.id)] == [5, 4]
    finally:
        await other.close()


# --- settings, preferences, records ------------------------------------------------------------


async def test_settings_and_preferences_round_trip_and_replace(any_storage):
    assert await any_storage.preferences.guild_settings(GUILD) == {}
    await any_storage.preferences.set_guild_setting(GUILD, "window_seconds", 30)
    await any_storage.preferences.set_guild_setting(GUILD, "window_seconds", 45)
    await any_storage.preferences.set_guild_setting(GUILD, "language", "ms")
    assert await any_storage.preferences.guild_settings(GUILD) == {"window_seconds": 45, "language": "ms"}
    await any_storage.preferences.set_user_pref(HOST, "always_ask", {"drump": True})
    assert await any_storage.preferences.user_prefs(HOST) == {"always_ask": {"drump": True}}
    assert await any_storage.preferences.user_prefs(GUEST) == {}


async def _finished(storage: Storage, channel: int, players: tuple[int, ...], winners: list[int], game="drump"):
    match = await _lobby(storage, channel, game=game)
    match.players[:] = list(players)
    await storage.matches.start_match(match, "{}", None)
    await storage.matches.record_action(
        match.id,
        expected_seq=0,
        player_id=players[0],
        action={"type": "end"},
        state_json="{}",
        deadline=None,
        recent=[],
        result={"winners": winners},
    )


async def test_records_and_leaderboards_count_finished_matches(any_storage):
    third = HOST + 7
    await _finished(any_storage, 1, (HOST, GUEST), [HOST])
    await _finished(any_storage, 2, (HOST, GUEST), [GUEST])
    await _finished(any_storage, 3, (HOST, GUEST, third), [HOST, third])  # a shared win
    await _finished(any_storage, 4, (HOST, AI), [HOST])  # with an AI seat
    await _finished(any_storage, 5, (GUEST, HOST), [GUEST], game="laga")
    await _lobby(any_storage, 6)  # never finished: never counted
    records = await any_storage.records.player_records(GUILD, HOST, count_ai=False)
    assert [(r.game, r.played, r.won) for r in records] == [("drump", 3, 2), ("laga", 1, 0)]
    with_ai = await any_storage.records.player_records(GUILD, HOST, count_ai=True)
    assert [(r.game, r.played, r.won) for r in with_ai] == [("drump", 4, 3), ("laga", 1, 0)]
    assert await any_storage.records.player_records(GUILD + 1, HOST, count_ai=True) == []
    board = await any_storage.records.leaderboard(GUILD, "drump", count_ai=False)
    assert [(r.player_id, r.played, r.won) for r in board] == [(HOST, 3, 2), (third, 1, 1), (GUEST, 3, 1)]
    board = await any_storage.records.leaderboard(GUILD, "drump", count_ai=True, min_played=2, limit=1)
    assert [(r.player_id, r.played, r.won) for r in board] == [(HOST, 4, 3)]  # AI seats never on the board
