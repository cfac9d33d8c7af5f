"""Turns to IDENTIFY on a real PostgreSQL server: one bucket's IDENTIFYs spaced across processes, buckets apart,
a turn freed by its holder's end, and two bots' own ``before_identify_hook`` taking turns.

The time a turn is taken is read as ``take`` returns, before its release starts waiting out the spacing: the next
turn in the bucket cannot come sooner than the spacing after it, whatever the machine's load."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.store import identify_turns
from bot.store.identify_turns import IdentifyTurns

#: The spacing the tests wait out (the real one is 5 s).
SPACING = 0.5


@pytest.fixture(autouse=True)
def short_spacing(monkeypatch):
    monkeypatch.setattr(identify_turns, "SPACING", SPACING)
    monkeypatch.setattr(identify_turns, "POLL", 0.01)


async def _turn_times(takers: list[IdentifyTurns], buckets: list[int]) -> list[float]:
    """Each taker takes its bucket's turn at once; when each got it, in seconds from the start, in order."""
    start = time.monotonic()

    async def take(taker: IdentifyTurns, bucket: int) -> float:
        await taker.take(bucket)
        return time.monotonic() - start

    return sorted(await asyncio.gather(*(take(t, b) for t, b in zip(takers, buckets, strict=True))))


async def test_processes_asking_for_one_bucket_at_once_take_turns_a_spacing_apart(postgres_url):
    takers = [await IdentifyTurns.open(postgres_url) for _ in range(3)]
    try:
        times = await _turn_times(takers, [0, 0, 0])
        assert times[0] < SPACING / 2  # the first goes at once
        assert all(later - earlier >= SPACING for earlier, later in zip(times, times[1:], strict=False)), times
    finally:
        for taker in takers:
            await taker.close()


async def test_one_processes_own_shards_of_a_bucket_take_turns_too(postgres_url):
    """The server's lock is reentrant within one session: the process queues its own shards as well."""
    taker = await IdentifyTurns.open(postgres_url)
    try:
        times = await _turn_times([taker, taker], [1, 1])
        assert times[1] - times[0] >= SPACING, times
    finally:
        await taker.close()


async def test_different_buckets_do_not_wait_for_each_other(postgres_url):
    first, second = await IdentifyTurns.open(postgres_url), await IdentifyTurns.open(postgres_url)
    try:
        await first.take(0)  # bucket 0 is busy for the next SPACING seconds
        times = await _turn_times([second, first, second], [1, 2, 3])
        assert times[-1] < SPACING / 2, times
    finally:
        await first.close()
        await second.close()


@pytest.mark.parametrize("end", ["close", "cut"])
async def test_a_holder_that_closes_or_dies_frees_its_turn(postgres_url, monkeypatch, end):
    monkeypatch.setattr(identify_turns, "SPACING", 60.0)  # the holder would keep the turn for a minute
    holder, waiter = await IdentifyTurns.open(postgres_url), await IdentifyTurns.open(postgres_url)
    try:
        await holder.take(0)
        waiting = asyncio.create_task(waiter.take(0))
        await asyncio.sleep(0.2)
        assert not waiting.done()
        if end == "close":
            await holder.close()
        else:
            holder.cut()  # as a process killed: the server ends its session, and its locks with it
        await asyncio.wait_for(waiting, 5)
    finally:
        await holder.close()
        await waiter.close()


async def test_a_wait_cut_short_leaves_the_bucket_to_the_others(postgres_url):
    """A shard whose connect timed out while it waited for its turn holds nothing, here or on the server."""
    holder, waiter, third = [await IdentifyTurns.open(postgres_url) for _ in range(3)]
    try:
        await holder.take(0)
        waiting = asyncio.create_task(waiter.take(0))
        await asyncio.sleep(0.05)
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        times = await _turn_times([third, waiter], [0, 0])  # the holder's turn ends, then each in turn
        assert SPACING / 2 < times[0] and times[1] - times[0] >= SPACING, times
    finally:
        for taker in (holder, waiter, third):
            await taker.close()


async def test_two_installations_in_two_schemas_do_not_wait_for_each_other(postgres_server, postgres_url):
    import asyncpg

    admin = await asyncpg.connect(postgres_server.url())
    await admin.execute("CREATE SCHEMA IF NOT EXISTS another_identify")
    await admin.close()
    mine = await IdentifyTurns.open(postgres_url)
    theirs = await IdentifyTurns.open(postgres_server.url(search_path="another_identify"))
    try:
        times = await _turn_times([mine, theirs], [0, 0])
        assert times[-1] < SPACING / 2, times
    finally:
        await mine.close()
        await theirs.close()


async def test_a_sqlite_file_takes_no_turns(storage):
    """One process on a file: the bot keeps discord.py's own spacing of its shards."""
    assert await storage.identify_turns() is None


async def test_two_bots_on_one_database_take_turns_in_their_own_before_identify_hook(postgres_url, clock):
    from bot.frontend.client import GameBot
    from tests.frontend.any_table import make_world

    world = make_world(2)
    bots = [GameBot(database=postgres_url, clock=clock, partitions=4, balance_every=None) for _ in range(2)]
    try:
        for bot in bots:
            await world.connect(bot)
            bot.max_concurrency = 2  # what Discord's /gateway/bot would say (the stand-in does not serve it)
        start = time.monotonic()

        async def identify(bot: GameBot, shard_id: int, initial: bool) -> float:
            await bot.before_identify_hook(shard_id, initial=initial)
            return time.monotonic() - start

        # Each process's first shard (initial: discord.py's own hook would not wait at all), shards 0 and 2
        # sharing bucket 0, and shard 1 in bucket 1.
        first, second, other_bucket = await asyncio.gather(
            identify(bots[0], 0, True), identify(bots[1], 2, True), identify(bots[1], 1, False)
        )
        assert min(first, second) < SPACING / 2 and abs(second - first) >= SPACING, (first, second)
        assert other_bucket < SPACING / 2
    finally:
        for bot in bots:
            await bot.close()
        world.close()
