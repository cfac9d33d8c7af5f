"""Partition locks on a real PostgreSQL server: one owner per partition, members counted, gone with the connection."""

from __future__ import annotations

import asyncio

import pytest

from bot.play.record import StoreUnavailable
from bot.store.partition_locks import PartitionLocks, namespace


async def test_a_partition_has_one_owner_until_it_is_released(postgres_url):
    first, second = await PartitionLocks.open(postgres_url), await PartitionLocks.open(postgres_url)
    try:
        assert await first.members() == 0  # counted once they join
        await first.join()
        await second.join()
        await second.join()  # once is enough
        assert await first.members() == 2 and await second.members() == 2
        assert await first.try_take(3) is True
        assert await first.try_take(3) is True  # held already: still this process's
        assert await second.try_take(3) is False
        assert await second.try_take(4) is True
        await first.release(3)
        await first.release(3)  # it was taken twice: both holds go
        assert await second.try_take(3) is True
        assert await first.try_take(4) is False
    finally:
        await first.close()
        await second.close()


async def test_a_process_that_closes_or_is_cut_off_frees_its_partitions_and_knows_it(postgres_url):
    first, second, third = [await PartitionLocks.open(postgres_url) for _ in range(3)]
    try:
        for locks in (first, second, third):
            await locks.join()
        assert await first.try_take(0) and await second.try_take(1)
        assert await third.members() == 3
        await first.close()
        assert await third.try_take(0) is True and await third.members() == 2
        second.cut()  # as a dead network: the server ends its session
        await asyncio.wait_for(second.lost.wait(), 1)
        for _ in range(100):  # the server frees its locks as soon as it sees the session end
            if await third.try_take(1):
                break
            await asyncio.sleep(0.01)
        else:
            pytest.fail("the partition of a process cut off was never freed")
        with pytest.raises(StoreUnavailable):
            await second.try_take(2)
        assert await third.members() == 1
    finally:
        for locks in (first, second, third):
            await locks.close()


async def test_two_installations_in_two_schemas_of_one_database_never_meet(postgres_server, postgres_url):
    import asyncpg

    admin = await asyncpg.connect(postgres_server.url())
    await admin.execute("CREATE SCHEMA IF NOT EXISTS another_install")
    await admin.close()
    other_url = postgres_server.url(search_path="another_install")
    assert namespace("another_install") != namespace(postgres_url.rsplit("=", 1)[1])
    mine = await PartitionLocks.open(postgres_url)
    theirs = await PartitionLocks.open(other_url)
    try:
        await mine.join()
        await theirs.join()
        assert await mine.try_take(0) and await theirs.try_take(0)
        assert await mine.members() == 1 and await theirs.members() == 1
    finally:
        await mine.close()
        await theirs.close()


async def test_every_process_on_a_database_splits_its_matches_the_same_way(postgres_url):
    from bot.store.partition_locks import PartitionsMismatch

    first = await PartitionLocks.open(postgres_url, 16)
    try:
        second = await PartitionLocks.open(postgres_url, 16)
        await second.close()
        with pytest.raises(PartitionsMismatch, match="PARTITIONS=16"):
            await PartitionLocks.open(postgres_url, 8)
        await first.join()
        assert await first.members() == 1  # the refused one never counted
    finally:
        await first.close()
