"""What the store keeps off the database thread: announced marks stored together, per-user messages kept.

Each statement is a round trip to aiosqlite's one thread, and each write outside a
transaction is a disk sync with ``synchronous=FULL``; a move's own commit waits
behind whatever is ahead of it there. These tests hold the two ways the store
asks less of that thread to what a reader of the database must still see.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3

import pytest

from bot.frontend.compose import compose
from bot.frontend.delivery.shown import ShownMessages
from bot.play.service import MatchService
from bot.store import announced_marks
from bot.store.announced_marks import AnnouncedMarks
from bot.store.storage import Storage


async def _active(storage: Storage, channel: int) -> int:
    match = await storage.matches.create_match(
        guild_id=1, channel_id=channel, game="drump", host_id=100, host_name="Aisyah", seed=channel
    )
    match.players.append(200)
    await storage.matches.start_match(match, "{}", None)
    return match.id


def _stored_marks(db_path) -> dict[int, int | None]:
    """announced_seq of every match, read from the file by another connection, as a restart would."""
    with sqlite3.connect(db_path) as raw:
        return dict(raw.execute("SELECT id, announced_seq FROM matches").fetchall())


class _CountingConnection:
    """Counts the statements a storage gives its connection, by first word (watching its database)."""

    def __init__(self, storage: Storage) -> None:
        self.statements: list[str] = []
        storage.database.watch(lambda sql: self.statements.append(sql.split()[0].upper()))


# --- announced marks ----------------------------------------------------------------------


async def test_marks_of_one_moment_are_stored_together_in_one_transaction(storage, db_path, monkeypatch):
    monkeypatch.setattr(storage.shown._announced, "_delay", 0.05)
    ids = [await _active(storage, channel) for channel in (10, 11, 12)]
    counter = _CountingConnection(storage)
    for seq, match_id in enumerate(ids, 1):
        storage.shown.mark_announced(match_id, seq)
    assert all(_stored_marks(db_path)[m] in (None, 0) for m in ids)  # nothing written yet
    assert counter.statements == []
    await asyncio.sleep(0.2)
    assert _stored_marks(db_path) == {ids[0]: 1, ids[1]: 2, ids[2]: 3}
    assert counter.statements == ["BEGIN", "UPDATE", "COMMIT"]  # one transaction: one disk sync


async def test_a_waiting_mark_is_what_the_store_reads_at_once(storage, db_path):
    match_id = await _active(storage, 10)
    storage.shown.mark_announced(match_id, 4)
    assert (await storage.matches.get_match(match_id)).announced_seq == 4
    assert [m.announced_seq for m in await storage.matches.live_matches()] == [4]
    assert _stored_marks(db_path)[match_id] != 4  # not in the file until the flush


async def test_the_newest_mark_of_a_match_wins(storage, db_path):
    match_id = await _active(storage, 10)
    storage.shown.mark_announced(match_id, 1)
    storage.shown.mark_announced(match_id, 2)
    await storage.shown.flush_announced()
    assert _stored_marks(db_path)[match_id] == 2


async def test_closing_stores_waiting_marks_and_later_ones_are_dropped(db_path, clock):
    storage = await Storage.open(db_path, clock=clock)
    match_id = await _active(storage, 10)
    storage.shown.mark_announced(match_id, 3)  # the flusher sleeps its whole delay: close must not wait for it
    await asyncio.wait_for(storage.close(), announced_marks.DELAY / 2)
    assert _stored_marks(db_path)[match_id] == 3
    storage.shown.mark_announced(match_id, 4)  # after close: nothing is scheduled on a closed database
    assert storage.shown._announced._flusher is None


async def test_a_mark_given_while_a_flush_runs_is_stored_by_the_next(storage, db_path, monkeypatch):
    monkeypatch.setattr(storage.shown._announced, "_delay", 0.01)
    first, second = await _active(storage, 10), await _active(storage, 11)
    started, release = asyncio.Event(), asyncio.Event()
    store = storage.shown._announced._store

    async def slow_store(marks: dict[int, int]) -> None:
        started.set()
        await release.wait()
        await store(marks)

    monkeypatch.setattr(storage.shown._announced, "_store", slow_store)
    storage.shown.mark_announced(first, 1)
    await asyncio.wait_for(started.wait(), 1)
    storage.shown.mark_announced(second, 5)  # the flush of the first is under way
    release.set()
    for _ in range(100):
        if _stored_marks(db_path)[second] == 5:
            break
        await asyncio.sleep(0.01)
    assert _stored_marks(db_path) == {first: 1, second: 5}


async def test_a_failed_store_keeps_its_marks_for_the_next_flush(storage, db_path, monkeypatch, caplog):
    match_id = await _active(storage, 10)
    store = storage.shown._announced._store

    async def broken(marks: dict[int, int]) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(storage.shown._announced, "_store", broken)
    storage.shown.mark_announced(match_id, 2)
    with caplog.at_level(logging.ERROR, logger="bot.store.announced_marks"):
        await storage.shown.flush_announced()
    assert "announced marks failed" in caplog.text
    assert (await storage.matches.get_match(match_id)).announced_seq == 2  # still waiting, still read
    monkeypatch.setattr(storage.shown._announced, "_store", store)
    await storage.shown.flush_announced()
    assert _stored_marks(db_path)[match_id] == 2


async def test_a_crash_loses_at_most_the_marks_of_the_last_moment(db_path, clock):
    """Another process opening the file before the flush (a restart after a crash) finds the older mark:
    its catch-up shows that match again. After the flush it finds the new one."""
    storage = await Storage.open(db_path, clock=clock)
    try:
        match_id = await _active(storage, 10)
        storage.shown.mark_announced(match_id, 1)
        await storage.shown.flush_announced()
        storage.shown.mark_announced(match_id, 2)
        restarted = await Storage.open(db_path, clock=clock)
        try:
            assert (await restarted.matches.get_match(match_id)).announced_seq == 1
            await asyncio.sleep(announced_marks.DELAY * 2)
            assert (await restarted.matches.get_match(match_id)).announced_seq == 2
        finally:
            await restarted.close()
    finally:
        await storage.close()


async def test_marks_wait_on_their_own_without_a_store_call():
    stored: list[dict[int, int]] = []

    async def store(marks: dict[int, int]) -> None:
        stored.append(dict(marks))

    marks = AnnouncedMarks(store, delay=0.01)
    marks.mark(1, 1)
    marks.mark(2, 7)
    assert marks.waiting(2) == 7 and stored == []
    await asyncio.sleep(0.05)
    assert stored == [{1: 1, 2: 7}] and marks.waiting(2) is None
    await marks.close()


# --- single writes and reads: one round trip each -----------------------------------------


async def test_a_single_write_is_one_statement_and_keeps_its_guard(storage):
    match_id = await _active(storage, 10)
    counter = _CountingConnection(storage)
    assert await storage.matches.mark_reminded(match_id) is True
    assert await storage.matches.mark_reminded(match_id) is False  # the guard's rowcount still answers
    assert counter.statements == ["UPDATE", "UPDATE"]  # no BEGIN / COMMIT around one statement


# --- per-user messages of a live match -----------------------------------------------------

HOST, GUEST = 101, 202


@pytest.fixture
def service(storage, clock):
    seeds = iter(range(1000, 2000))
    return compose(storage, clock, seeds=lambda: next(seeds)).service


@pytest.fixture
def shown(storage):
    return ShownMessages(storage.shown)


async def _started(service: MatchService):
    live = await service.lobby.open(guild_id=1, channel_id=50, game_name="drump", host_id=HOST, host_name="Aisyah")
    await service.lobby.join(live.id, GUEST, "Budi")
    async with service.matches.lock(live.id):
        return await service.lobby.start(live.id, HOST)


def _stored_messages(db_path, match_id: int) -> list[tuple[str, int, int, int]]:
    with sqlite3.connect(db_path) as raw:
        return raw.execute(
            "SELECT kind, user_id, channel_id, message_id FROM match_messages WHERE match_id = ?"
            " ORDER BY kind, user_id",
            (match_id,),
        ).fetchall()


async def test_a_live_matchs_messages_are_read_once_then_kept_as_written(service, shown, storage, db_path):
    live = await _started(service)
    await shown.remember(live, "hand", HOST, 5, 50)
    counter = _CountingConnection(storage)
    assert await shown.sent(live, "hand") == {HOST: (5, 50)}
    assert counter.statements == ["SELECT"]
    await shown.remember(live, "hand", GUEST, 6, 60)
    await shown.remember(live, "hand", HOST, 5, 51)
    await shown.forget(live, "hand", GUEST)
    assert await shown.sent(live, "hand") == {HOST: (5, 51)}
    assert counter.statements == ["SELECT", "INSERT", "INSERT", "DELETE"]  # the second look-up asked nothing
    assert _stored_messages(db_path, live.id) == [("hand", HOST, 5, 51)]  # and the file says the same


async def test_a_look_up_given_before_a_write_is_kept_with_the_write(service, shown):
    live = await _started(service)
    read = asyncio.ensure_future(shown.sent(live, "prompt"))
    write = asyncio.ensure_future(shown.remember(live, "prompt", HOST, 5, 50))
    assert await read == {}  # given first: it ran before the write
    await write
    assert await shown.sent(live, "prompt") == {HOST: (5, 50)}


async def test_what_is_returned_is_a_copy(service, shown):
    live = await _started(service)
    await shown.remember(live, "ping", 0, 5, 50)
    sent = await shown.sent(live, "ping")
    sent.clear()
    assert await shown.sent(live, "ping") == {0: (5, 50)}


async def test_a_match_that_is_over_keeps_nothing_and_is_still_read(service, shown, storage):
    live = await _started(service)
    await shown.remember(live, "hand", HOST, 5, 50)
    assert await shown.sent(live, "hand") == {HOST: (5, 50)}
    async with service.matches.lock(live.id):
        await service.leaving.leave(live.id, GUEST)
    counter = _CountingConnection(storage)
    assert await shown.sent(live, "hand") == {HOST: (5, 50)}  # its last DMs still find their message
    assert counter.statements == ["SELECT"] and live.id not in shown._sent
    assert await shown.sent(live, "hand") == {HOST: (5, 50)}
    assert counter.statements == ["SELECT", "SELECT"]  # read each time, nothing kept


async def test_a_restarted_service_reads_what_the_first_wrote(db_path, clock):
    first = await Storage.open(db_path, clock=clock)
    live = await _started(compose(first, clock, seeds=lambda: 1).service)
    await ShownMessages(first.shown).remember(live, "hand", HOST, 5, 50)
    await first.close()
    second = await Storage.open(db_path, clock=clock)
    try:
        service = compose(second, clock).service
        again = await service.matches.load(live.id)
        assert await ShownMessages(second.shown).sent(again, "hand") == {HOST: (5, 50)}
    finally:
        await second.close()
