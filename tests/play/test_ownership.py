"""Processes sharing one database split its partitions fairly, and a dead one's partitions go to the others.

The locks are the real ones (PostgreSQL's advisory locks on a throwaway server); what a process does
as partitions come and go is recorded, and each test checks no partition is ever served twice.
"""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from bot.play.ownership import Ownership, Partitions, SoleOwner, partition_of
from bot.store.partition_locks import PartitionLocks

COUNT = 8


class Recorded:
    """What one process was told to take over and hand over, in order."""

    def __init__(self) -> None:
        self.taken: list[frozenset[int]] = []
        self.handed: list[frozenset[int]] = []

    async def take_over(self, partitions: frozenset[int]) -> None:
        self.taken.append(partitions)

    async def hand_over(self, partitions: frozenset[int]) -> None:
        self.handed.append(partitions)


async def _process(url: str, seed: int, **kwargs) -> tuple[Ownership, Recorded, PartitionLocks]:
    locks = await PartitionLocks.open(url)
    recorded = Recorded()
    return Ownership(locks, COUNT, recorded, rng=random.Random(seed), **kwargs), recorded, locks


def _disjoint_and_whole(*owners: Ownership) -> None:
    served = [owner.serving for owner in owners]
    assert sum(len(s) for s in served) == COUNT and frozenset().union(*served) == frozenset(range(COUNT)), served


def test_a_servers_matches_are_in_one_partition_by_discords_shard_formula():
    assert partition_of(0, 8) == 0
    guild = 81_384_788_765_712_384  # Discord's own example: shard 3 of 4 (its docs' "Sharding formula")
    assert partition_of(guild, 4) == (guild >> 22) % 4
    assert Partitions(frozenset({partition_of(guild, 8)}), 8).hold(guild)
    assert not Partitions(frozenset({(partition_of(guild, 8) + 1) % 8}), 8).hold(guild)


async def test_alone_on_a_sqlite_file_a_process_owns_everything_at_once():
    recorded = Recorded()
    owner = Ownership(SoleOwner(), COUNT, recorded)
    await owner.balance()
    assert owner.serving == frozenset(range(COUNT)) and recorded.taken == [frozenset(range(COUNT))]
    await owner.balance()
    assert len(recorded.taken) == 1 and recorded.handed == []


async def test_a_second_process_gets_half_and_a_dead_one_leaves_all_to_the_other(postgres_url):
    first, first_did, first_locks = await _process(postgres_url, 1)
    await first.balance()  # alone: everything
    assert first.serving == frozenset(range(COUNT))
    lost = asyncio.Event()

    async def on_lost() -> None:
        lost.set()

    second, second_did, second_locks = await _process(postgres_url, 2, on_lost=on_lost)
    try:
        await second.balance()  # its share is half, but every partition is held
        assert second.serving == frozenset()
        await first.balance()  # gives back what is beyond its share
        assert len(first.serving) == COUNT // 2 and first_did.handed == [frozenset(range(COUNT)) - first.serving]
        await second.balance()
        _disjoint_and_whole(first, second)
        assert second_did.taken == [second.serving]
        await first.balance()
        await second.balance()  # balanced: nothing moves
        assert len(first_did.handed) == 1 and len(second_did.taken) == 1

        second_locks.cut()  # the second's connection dies: it owns nothing, and says so
        await asyncio.wait_for(second.lost.wait(), 1)
        assert not any(second.owns_partition(p) for p in range(COUNT))
        await second.balance()
        assert second.serving == frozenset() and lost.is_set()
        for _ in range(100):
            await first.balance()
            if len(first.serving) == COUNT:
                break
            await asyncio.sleep(0.01)
        assert first.serving == frozenset(range(COUNT))
    finally:
        await first.close()
        await second.close()


async def test_the_survivor_serves_everything_within_a_second_of_the_owners_death(postgres_url):
    first, _, first_locks = await _process(postgres_url, 3, every=0.1)
    second, _, _ = await _process(postgres_url, 4, every=0.1)
    try:
        await first.balance()
        await second.balance()
        first.start_balancing()
        second.start_balancing()
        for _ in range(100):
            if len(first.serving) == len(second.serving) == COUNT // 2:
                break
            await asyncio.sleep(0.05)
        _disjoint_and_whole(first, second)
        cut_at = time.monotonic()
        first_locks.cut()
        while len(second.serving) < COUNT:
            assert time.monotonic() - cut_at < 1.0, f"the survivor serves {sorted(second.serving)} after 1 s"
            await asyncio.sleep(0.01)
        assert first.serving == frozenset()
    finally:
        await first.close()
        await second.close()


async def test_draining_hands_every_partition_over_one_at_a_time(postgres_url):
    first, first_did, _ = await _process(postgres_url, 5)
    await first.balance()
    assert first.serving == frozenset(range(COUNT))
    second, second_did, _ = await _process(postgres_url, 6)
    try:
        await first.drain()
        assert first.serving == frozenset() and sorted(len(h) for h in first_did.handed) == [1] * COUNT
        await second.balance()
        assert second.serving == frozenset(range(COUNT))
    finally:
        await first.close()
        await second.close()


async def test_a_take_over_that_fails_lets_the_partitions_go(postgres_url):
    class Failing(Recorded):
        async def take_over(self, partitions: frozenset[int]) -> None:
            raise RuntimeError("the store could not be read")

    locks = await PartitionLocks.open(postgres_url)
    other = await PartitionLocks.open(postgres_url)
    owner = Ownership(locks, COUNT, Failing())
    try:
        with pytest.raises(RuntimeError):
            await owner.balance()
        assert owner.serving == frozenset()
        assert all([await other.try_take(p) for p in range(COUNT)])  # nothing was kept held
    finally:
        await owner.close()
        await other.close()
