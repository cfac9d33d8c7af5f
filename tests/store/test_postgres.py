"""What only the PostgreSQL store has: its placeholders, its migrations as a deploy step, outages of the server,
and the copy of a SQLite file into it (checked by replay). All against a real server (tools/throwaway_postgres.py)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from bot.kernel.module import all_games, get_game
from bot.kernel.rng import Rng
from bot.play.record import ABANDONED, StoreUnavailable
from bot.store.copy import TABLES, CopyRefused, CopyReport, _compare, _replay_all, copy_sqlite_to_postgres
from bot.store.pg_migrations import SCHEMA_VERSION
from bot.store.postgres import migrate, to_postgres
from bot.store.sql import SchemaMismatch
from bot.store.storage import Storage

ROOT = Path(__file__).resolve().parents[2]


def test_placeholders_become_numbered_and_casts_are_left_alone():
    assert to_postgres("UPDATE t SET a = ?, b = ? WHERE id = ?") == ("UPDATE t SET a = $1, b = $2 WHERE id = $3", ())
    assert to_postgres("SELECT :x::bigint, :y, :x FROM t WHERE a::text = :y") == (
        "SELECT $1::bigint, $2, $1 FROM t WHERE a::text = $2",
        ("x", "y"),
    )
    with pytest.raises(ValueError, match="mixes"):
        to_postgres("SELECT ? , :x")


async def _fresh_schema(postgres_server) -> str:
    """A URL on an empty schema of its own (not migrated)."""
    name = f"e_{os.urandom(6).hex()}"
    admin = await asyncpg.connect(postgres_server.url())
    try:
        await admin.execute(f"CREATE SCHEMA {name}")
    finally:
        await admin.close()
    return postgres_server.url(search_path=name)


async def test_a_database_not_migrated_is_refused_with_what_to_run(postgres_server, clock):
    url = await _fresh_schema(postgres_server)
    with pytest.raises(SchemaMismatch, match="python -m bot migrate"):
        await Storage.open(url, clock=clock)
    assert await migrate(url) == (0, SCHEMA_VERSION)
    store = await Storage.open(url, clock=clock)
    assert await store.database.schema_version() == SCHEMA_VERSION
    await store.close()


async def test_migrations_started_together_run_once(postgres_server):
    url = await _fresh_schema(postgres_server)
    results = await asyncio.gather(*(migrate(url) for _ in range(4)))
    assert sorted(results) == [(0, SCHEMA_VERSION)] + [(SCHEMA_VERSION, SCHEMA_VERSION)] * 3


async def test_a_newer_schema_is_refused_by_the_bot_and_by_migrate(postgres_url, clock):
    admin = await asyncpg.connect(postgres_url)
    await admin.execute("UPDATE schema_version SET version = $1", SCHEMA_VERSION + 1)
    await admin.close()
    with pytest.raises(SchemaMismatch, match="newer"):
        await Storage.open(postgres_url, clock=clock)
    with pytest.raises(SchemaMismatch, match="newer"):
        await migrate(postgres_url)


async def test_a_bot_on_a_database_not_migrated_stops_and_says_what_to_run(postgres_server, clock, monkeypatch, capsys):
    from bot import __main__ as entry
    from bot.frontend import client
    from bot.frontend.client import GameBot
    from tools.sim import FakeDiscord

    url = await _fresh_schema(postgres_server)
    world = FakeDiscord()
    try:
        with pytest.raises(SchemaMismatch, match="python -m bot migrate") as refused:
            await world.connect(GameBot(database=url, clock=clock))  # login, then setup_hook opens the store
    finally:
        world.close()

    def run(database: str, token: str, dev_guild_id: int | None, partitions: int, ai_search: str) -> None:
        assert database == url and ai_search == "local"
        raise refused.value

    monkeypatch.setattr(client, "run", run)  # the real run needs Discord; what it raised is above
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    monkeypatch.setenv("DATABASE_URL", url)
    assert entry.main([]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "python -m bot migrate" in err and "Traceback" not in err


def test_migrate_is_a_command_that_needs_no_token(postgres_server):
    url = asyncio.run(_fresh_schema(postgres_server))
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"} | {"DATABASE_URL": url}
    run = [sys.executable, "-m", "bot", "migrate"]
    first = subprocess.run(run, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert first.returncode == 0 and f"from version 0 to {SCHEMA_VERSION}" in first.stdout, first.stderr
    again = subprocess.run(run, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert again.returncode == 0 and "up to date" in again.stdout, again.stderr
    wrong = subprocess.run(
        run, cwd=ROOT, env=env | {"DATABASE_URL": "mysql://x"}, capture_output=True, text=True, timeout=60
    )
    assert wrong.returncode == 2 and "DATABASE_URL must be a PostgreSQL URL" in wrong.stderr


async def test_while_the_server_is_down_the_store_says_so_and_stores_nothing_then_goes_on(clock):
    from tools.throwaway_postgres import ThrowawayPostgres

    server = ThrowawayPostgres.start()  # its own server: this test stops it
    try:
        url = server.url()
        await migrate(url)
        store = await Storage.open(url, clock=clock)
        try:
            match = await store.matches.create_match(
                guild_id=1, channel_id=2, game="drump", host_id=3, host_name="Aisyah", seed=4
            )
            server.stop_server()
            with pytest.raises(StoreUnavailable):
                await store.matches.end_match(match.id, status=ABANDONED, reason="cancelled")
            with pytest.raises(StoreUnavailable):
                await store.matches.get_match(match.id)
            server.start_server()
            again = await store.matches.get_match(match.id)  # the pool connects anew
            assert again is not None and again.status == "lobby"  # the refused write stored nothing
            assert await store.matches.end_match(match.id, status=ABANDONED, reason="cancelled")
        finally:
            await store.close()
    finally:
        server.stop()


# --- copying a SQLite file into PostgreSQL --------------------------------------------------------


async def _community(path: Path, clock) -> dict[str, int]:
    """A SQLite file as a community leaves it: finished, live, lobby and abandoned matches of every game,
    settings, preferences, messages. Returns how many rows each table holds."""
    store = await Storage.open(path, clock=clock)
    try:
        channel = 100
        for game in all_games():
            rules = get_game(game.name).rules
            for moves in (10_000, 12, 0):  # to the end, mid-game, just started
                channel += 1
                seats = [7_000 + channel * 10 + i for i in range(rules.min_players - 1)] + [-1]
                match = await store.matches.create_match(
                    guild_id=55, channel_id=channel, game=game.name, host_id=seats[0], host_name="Aisyah", seed=channel
                )
                match.players[:] = seats
                match.names.update({p: f"P{p}" for p in seats})
                state = rules.new_game(seats, match.seed, match.options)
                await store.matches.start_match(match, rules.state_to_json(state), deadline=clock.now() + 60)
                rng, seq = Rng.seeded(channel), 0
                while seq < moves and not rules.is_over(state):
                    player = sorted(rules.actors(state))[0]
                    action = rng.choice(rules.legal_actions(state, player))
                    rules.apply(state, player, action)
                    over = rules.is_over(state)
                    result = {"winners": list(rules.result(state).winners)} if over else None
                    clock.advance(1.5)
                    seq = await store.matches.record_action(
                        match.id,
                        expected_seq=seq,
                        player_id=player,
                        action=action,
                        state_json=rules.state_to_json(state),
                        deadline=None if over else clock.now() + 60,
                        recent=[f"{player} moved"],
                        result=result,
                    )
                store.shown.mark_announced(match.id, seq)
                await store.shown.set_message(match.id, 9_100_000_000_000_000_000 + channel)
                await store.shown.save_user_message(match.id, "hand", seats[0], 5_000 + channel, 6_000 + channel)
                await store.shown.mark_dm_closed(match.id, seats[0])
        gone = await store.matches.create_match(
            guild_id=55, channel_id=999, game="drump", host_id=1, host_name="Budi", seed=1
        )
        await store.matches.end_match(gone.id, status=ABANDONED, reason="cancelled")
        await store.matches.create_match(guild_id=55, channel_id=998, game="laga", host_id=2, host_name="Citra", seed=2)
        await store.preferences.set_guild_setting(55, "window_seconds", 45)
        await store.preferences.set_user_pref(7_001, "language", "ms")
        await store.shown.flush_announced()
        counts = {}
        for table in TABLES:
            counts[table] = (await store.database.rows(f"SELECT count(*) FROM {table}"))[0][0]
        return counts
    finally:
        await store.close()


async def test_a_sqlite_file_is_copied_whole_and_every_match_replays(tmp_path, postgres_url, clock):
    path = tmp_path / "community.sqlite3"
    counts = await _community(path, clock)
    assert counts["actions"] > 100 and counts["matches"] == 3 * len(all_games()) + 2
    report = await copy_sqlite_to_postgres(str(path), postgres_url)
    assert report.complete, report.lines()
    assert report.rows == counts
    assert report.replayed == 3 * len(all_games())
    # Read through each store, every match and log is the same; a new lobby's id follows the copied ones.
    source, target = await Storage.open(path, clock=clock), await Storage.open(postgres_url, clock=clock)
    try:
        for match in await source.matches.finished_matches() + await source.matches.live_matches():
            assert await target.matches.get_match(match.id) == match
            assert await target.matches.action_log(match.id) == await source.matches.action_log(match.id)
            assert await target.shown.user_messages(match.id, "hand") == await source.shown.user_messages(
                match.id, "hand"
            )
        assert await target.records.leaderboard(55, "drump", count_ai=True) == await source.records.leaderboard(
            55, "drump", count_ai=True
        )
        assert await target.preferences.guild_settings(55) == {"window_seconds": 45}
        fresh = await target.matches.create_match(
            guild_id=55, channel_id=5_000, game="drump", host_id=1, host_name="Budi", seed=3
        )
        assert fresh.id == counts["matches"] + 1
    finally:
        await source.close()
        await target.close()
    with pytest.raises(CopyRefused, match="already holds matches"):
        await copy_sqlite_to_postgres(str(path), postgres_url)


async def test_the_copys_check_finds_a_changed_row_and_a_state_its_log_does_not_give(tmp_path, postgres_url, clock):
    path = tmp_path / "community.sqlite3"
    await _community(path, clock)
    assert (await copy_sqlite_to_postgres(str(path), postgres_url)).complete
    target = await asyncpg.connect(postgres_url)
    source = await Storage.open(path, clock=clock)
    try:
        await target.execute("UPDATE guild_settings SET value = '30'")
        await target.execute("UPDATE matches SET state = replace(state, '\"rng\"', '\"rng\" ') WHERE id = 1")
        report = CopyReport(rows={t: (await source.database.rows(f"SELECT count(*) FROM {t}"))[0][0] for t in TABLES})
        schema = await target.fetchval("SELECT current_schema()")
        await _compare(source.database, target, schema, report)
        await _replay_all(target, report)
        assert ("guild_settings", (55, "window_seconds")) in report.different
        assert ("matches", (1,)) in report.different
        assert [m for m, _ in report.not_replayed] == [1] and not report.complete
    finally:
        await target.close()
        await source.close()


def test_copy_is_a_command_that_says_what_it_did(tmp_path, postgres_url, clock):
    path = tmp_path / "community.sqlite3"
    asyncio.run(_community(path, clock))
    run = [sys.executable, "-m", "bot", "copy", str(path), postgres_url]
    done = subprocess.run(run, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "replay to their stored state" in done.stdout and "set DATABASE_URL" in done.stdout
    again = subprocess.run(run, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert again.returncode == 2 and "already holds matches" in again.stderr
    wrong = subprocess.run([sys.executable, "-m", "bot", "copy", str(path)], cwd=ROOT, capture_output=True, text=True)
    assert wrong.returncode == 2 and "usage" in wrong.stderr


async def test_every_process_hears_when_someones_preferences_change(postgres_url, clock):
    """Each process keeps the preferences it read; one that stores a change tells all the others."""
    from bot.play.people import People

    first, second = await Storage.open(postgres_url, clock=clock), await Storage.open(postgres_url, clock=clock)
    try:
        people = People(first.preferences)
        heard: list[int] = []

        def changed(user_id: int) -> None:
            heard.append(user_id)
            people.forget(user_id)

        await first.watch_preferences(changed, people.forget_everyone)
        assert await people.prefs(42) == {}  # read, and kept
        await People(second.preferences).set_pref(42, "language", "ms")  # another process
        for _ in range(100):
            if heard:
                break
            await asyncio.sleep(0.01)
        assert heard == [42]
        assert await people.prefs(42) == {"language": "ms"}
    finally:
        await first.close()
        await second.close()


async def test_a_lost_listening_connection_is_opened_again_and_what_was_kept_is_read_again(postgres_url, clock):
    """The connection hearing other processes' changes is cut (a server restart, a network): changes made while
    it was down never arrive, so the process drops every copy it kept, listens again, and hears what comes next."""
    from bot.play.people import People

    first, second = await Storage.open(postgres_url, clock=clock), await Storage.open(postgres_url, clock=clock)
    try:
        people, other = People(first.preferences), People(second.preferences)
        heard: list[int] = []
        missed: list[bool] = []

        def changed(user_id: int) -> None:
            heard.append(user_id)
            people.forget(user_id)

        def forget_everyone() -> None:
            missed.append(True)
            people.forget_everyone()

        await first.watch_preferences(changed, forget_everyone)
        assert await people.prefs(7) == {} and await people.prefs(8) == {}  # read, and kept
        listener = first.database._listener
        assert listener is not None
        await _terminate(postgres_url, listener.get_server_pid())
        await other.set_pref(7, "language", "ms")  # most likely while nobody listens
        for _ in range(300):
            if missed:
                break
            await asyncio.sleep(0.01)
        assert missed == [True]  # opened again, and told that changes may have gone unheard
        assert await people.prefs(7) == {"language": "ms"}  # read again, whether or not the change was heard
        heard.clear()
        await other.set_pref(8, "language", "id")
        for _ in range(100):
            if heard:
                break
            await asyncio.sleep(0.01)
        assert heard == [8] and await people.prefs(8) == {"language": "id"}  # heard on the new connection
    finally:
        await first.close()
        await second.close()


async def _terminate(url: str, pid: int) -> None:
    """End one server session, as a restart or an administrator would."""
    import asyncpg

    admin = await asyncpg.connect(url)
    try:
        await admin.execute("SELECT pg_terminate_backend($1)", pid)
    finally:
        await admin.close()


@pytest.mark.parametrize(
    "statement", ["SELECT tat FROM rate_slots", "UPDATE rate_slots SET tat = tat + 1 RETURNING tat"]
)
async def test_a_read_cut_off_is_tried_again_but_a_write_returning_rows_never(postgres_url, clock, statement):
    """A connection cut as a statement's answer comes back: a read is asked again on a new connection; a write is
    not (the server may have done it already: a second try could do it twice), and the store says so."""
    import asyncpg

    store = await Storage.open(postgres_url, clock=clock)
    real_fetch = asyncpg.connection.Connection.fetch
    sent: list[str] = []

    async def fetch(self, query: str, *args, **kwargs):
        rows = await real_fetch(self, query, *args, **kwargs)
        if query.startswith(("SELECT tat", "UPDATE rate_slots")):
            sent.append(query)
            if len(sent) == 1:  # the first answer is lost with its connection
                self.terminate()
                raise asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation")
        return rows

    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(asyncpg.connection.Connection, "fetch", fetch)
            if statement.startswith("SELECT"):
                assert [row[0] for row in await store.database.rows(statement)] == [0.0]
                assert len(sent) == 2
            else:
                with pytest.raises(StoreUnavailable):
                    await store.database.rows(statement)
                assert len(sent) == 1
        assert [row[0] for row in await store.database.rows("SELECT tat FROM rate_slots")] == [
            0.0 if statement.startswith("SELECT") else 1.0  # the write was done, once
        ]
    finally:
        await store.close()
