"""Several bot processes in one virtual-time loop, sharing the partitions of the matches.

The capacity run asks what one bot token carries when two processes serve it, each
pacing at its share of the token's global rate. On PostgreSQL a process owns a partition
while it holds that partition's advisory lock (``bot.store.partition_locks``); but a
PostgreSQL socket has no place on the virtual clock (the loop would jump minutes while a
query is on the wire). So the processes of that run keep their locks in one
:class:`LockTable` in memory, with the same contract as the server's locks
(``bot.play.ownership.PartitionLocks``): one holder per partition, the members counted,
the hand-over notes kept until read. Ownership itself, the intake filter and the shared rate
ledger (``bot.store.rate_slots``, in the one database file the processes share, on the loop's
virtual clock instead of the wall clock) are the real ones; the real locks are tested on a real
server (``tests/store/test_partition_locks.py``, ``tests/frontend/test_processes.py``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from bot.frontend.client import GameBot
from bot.play.ownership import PartitionLocks
from bot.store.rate_slots import RateSlots
from bot.store.storage import Storage


class LockTable:
    """What a PostgreSQL server keeps of the processes' locks: who holds which partition, who is a member,
    and the newest interaction each partition's last owner took (read once by the next owner)."""

    def __init__(self) -> None:
        self.holders: dict[int, TableLocks] = {}
        self.members: set[TableLocks] = set()
        self.notes: dict[int, int] = {}


class TableLocks:
    """One process's locks in a :class:`LockTable` (``bot.play.ownership.PartitionLocks``)."""

    def __init__(self, table: LockTable) -> None:
        self.table = table
        self.lost = asyncio.Event()

    async def try_take(self, partition: int) -> bool:
        holder = self.table.holders.setdefault(partition, self)
        return holder is self

    async def release(self, partition: int, after: int | None = None) -> None:
        if self.table.holders.get(partition) is self:
            del self.table.holders[partition]
            if after is not None:
                self.table.notes[partition] = after

    async def handed_over_after(self, partition: int) -> int | None:
        return self.table.notes.pop(partition, None)

    async def members(self) -> int:
        return len(self.table.members)

    async def join(self) -> None:
        self.table.members.add(self)

    async def leave(self) -> None:
        self.table.members.discard(self)

    async def close(self) -> None:
        """As a closed connection: every lock it held is free, and it counts no more."""
        for partition in [p for p, holder in self.table.holders.items() if holder is self]:
            del self.table.holders[partition]
        await self.leave()


class SharingProcess(GameBot):
    """A ``GameBot`` whose partition locks are in ``table``, shared with the other processes of the run."""

    def __init__(self, table: LockTable, **kwargs: Any) -> None:
        super().__init__(balance_every=None, **kwargs)  # the run shares the partitions out by hand, once
        self.lock_table = table

    async def _partition_locks(self, storage: Storage) -> PartitionLocks:
        return TableLocks(self.lock_table)

    def _rate_slots(self, storage: Storage) -> RateSlots:
        return RateSlots(storage.database, asyncio.get_running_loop().time)


async def share_out(processes: Sequence[GameBot]) -> None:
    """Each live process looks twice (giving back, then taking): every partition ends up served by exactly one."""
    live = [process for process in processes if not process.is_closed()]
    for _ in range(2):
        for process in live:
            await process.ownership.balance()
    served = [process.ownership.serving for process in live]
    everything = frozenset(range(live[0].partitions))
    if frozenset().union(*served) != everything or sum(map(len, served)) != len(everything):
        raise RuntimeError(f"the partitions were not shared out: {served}")


__all__ = ["LockTable", "SharingProcess", "TableLocks", "share_out"]
