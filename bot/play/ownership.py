"""Which matches this process serves, when several bot processes share one database.

The matches are split into partitions by their server, with Discord's own shard formula
(:func:`partition_of`), so a server's matches, channels and settings stay with one process.
A process serves a partition while it holds that partition's lock (:class:`PartitionLocks`,
PostgreSQL's advisory locks on the store side). Only the owner of a partition loads, times,
moves and shows its matches; every other process lets its clicks go.

Every :data:`BALANCE_EVERY` seconds each process takes free partitions up to its fair share
(``ceil(partitions / members)``) and gives back what it holds beyond it, so a process that
starts gets its share and one that dies leaves its partitions to the others within a
second. Taking a partition over brings its matches up to date and times them (as a restart
does); handing one over first finishes what is in flight and forgets its matches. A process
whose locks are lost (its connection to the database ended) owns nothing any more and must
stop serving at once: another may already be serving its matches.

One process on its own (a SQLite file) owns every partition from the start, as before.
"""

from __future__ import annotations

import asyncio
import logging
import math
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

log = logging.getLogger(__name__)

#: Seconds between two looks at who shares the database and which partitions are free.
BALANCE_EVERY = 0.5


def partition_of(guild_id: int, partitions: int) -> int:
    """The partition of a server's matches: Discord's shard formula, so partitions can follow the gateway's shards."""
    return (guild_id >> 22) % partitions


@dataclass(frozen=True)
class Partitions:
    """Some of the partitions of the matches: which ones (``numbers``), of how many (``count``)."""

    numbers: frozenset[int]
    count: int

    def hold(self, guild_id: int) -> bool:
        """Whether the matches of server ``guild_id`` are in these partitions."""
        return partition_of(guild_id, self.count) in self.numbers


class PartitionLocks(Protocol):
    """The locks that say which process owns which partition (the store's side)."""

    #: Set once this process's locks are gone (its connection to the database ended).
    lost: asyncio.Event

    async def try_take(self, partition: int) -> bool: ...
    async def release(self, partition: int, after: int | None = None) -> None: ...
    async def handed_over_after(self, partition: int) -> int | None: ...
    async def members(self) -> int: ...
    async def join(self) -> None: ...
    async def leave(self) -> None: ...
    async def close(self) -> None: ...


class SoleOwner:
    """The locks of a database only one process uses (a SQLite file): every partition is this process's, always."""

    def __init__(self) -> None:
        self.lost = asyncio.Event()

    async def try_take(self, partition: int) -> bool:
        return True

    async def release(self, partition: int, after: int | None = None) -> None:
        return None

    async def handed_over_after(self, partition: int) -> int | None:
        return None

    async def members(self) -> int:
        return 1

    async def join(self) -> None:
        return None

    async def leave(self) -> None:
        return None

    async def close(self) -> None:
        return None


class Handover(Protocol):
    """What the process does as partitions come and go (the front end's: it loads, shows and times matches)."""

    async def take_over(self, partitions: frozenset[int]) -> None:
        """Serve these partitions from now: load their live matches, show what was never shown, set their timers."""
        ...

    async def hand_over(self, partitions: frozenset[int]) -> None:
        """Stop serving these partitions: let what is in flight finish, store what waits, forget their matches."""
        ...


class Ownership:
    """The partitions this process owns, kept at its fair share, and the loop that keeps them so."""

    def __init__(
        self,
        locks: PartitionLocks,
        partitions: int,
        handover: Handover,
        *,
        every: float = BALANCE_EVERY,
        on_lost: Callable[[], Awaitable[None]] | None = None,
        rng: random.Random | None = None,
        wait_to_join: bool = False,
    ) -> None:
        if partitions < 1:
            raise ValueError("there must be at least one partition")
        self.partitions = partitions
        self._locks = locks
        self._handover = handover
        self._every = every
        self._on_lost = on_lost
        #: Served now: taken over in full, not being handed over.
        self._serving: set[int] = set()
        #: Each process tries the free partitions in an order of its own, so two starting together
        #: mostly take different ones.
        self._order = list(range(partitions))
        (rng or random.Random()).shuffle(self._order)
        #: While set, the process takes nothing from the others (it serves only if nobody does): it has not heard
        #: interactions long enough yet to answer those of a partition handed over to it (see ``may_join``).
        self._waiting_to_join = wait_to_join
        self._loop: asyncio.Task[None] | None = None
        self._balancing = asyncio.Lock()
        #: Told of every change of what is served (the pacer's share, tests).
        self.watchers: list[Callable[[frozenset[int]], None]] = []
        #: The newest interaction taken for a partition here (the front end's intake tells), noted when it is
        #: handed over so that the next owner answers only what came later.
        self.last_taken: Callable[[int], int | None] = lambda partition: None
        #: Partitions taken over from a process that handed them over: the newest interaction it took for each.
        #: (A partition whose owner died has none: whatever came meanwhile may have been answered already.)
        self.handed_over_after: dict[int, int] = {}

    @property
    def serving(self) -> frozenset[int]:
        return frozenset(self._serving)

    def owns_partition(self, partition: int) -> bool:
        return partition in self._serving and not self._locks.lost.is_set()

    def owns_guild(self, guild_id: int) -> bool:
        """Whether this process serves the matches of server ``guild_id`` now."""
        return self.owns_partition(partition_of(guild_id, self.partitions))

    @property
    def lost(self) -> asyncio.Event:
        return self._locks.lost

    async def balance(self) -> None:
        """One look: give back what is beyond the fair share, then take free partitions up to it."""
        async with self._balancing:
            if self._locks.lost.is_set():
                await self._lose_everything()
                return
            if self._waiting_to_join and await self._locks.members() > 0:
                return  # others serve the database: this process waits its turn (a dead one's partitions are theirs)
            await self._locks.join()  # counted from the first look on (a drained process left: it looks no more)
            share = math.ceil(self.partitions / max(1, await self._locks.members()))
            excess = sorted(self._serving, key=self._order.index)[share:]
            if excess:
                await self._give_back(frozenset(excess))
            gained: set[int] = set()
            for partition in self._order:
                if len(self._serving) + len(gained) >= share:
                    break
                if partition not in self._serving and await self._locks.try_take(partition):
                    gained.add(partition)
            if gained:
                for partition in gained:
                    after = await self._locks.handed_over_after(partition)
                    if after is None:
                        self.handed_over_after.pop(partition, None)
                    else:
                        self.handed_over_after[partition] = after
                try:
                    await self._handover.take_over(frozenset(gained))
                except BaseException:
                    for partition in gained:  # not served: let another process have them
                        await self._locks.release(partition)
                    raise
                self._serving |= gained
                log.info(
                    "now serving %d of %d partitions (took %s)", len(self._serving), self.partitions, sorted(gained)
                )
                self._told()

    async def _give_back(self, partitions: frozenset[int]) -> None:
        self._serving -= partitions  # no new click is taken for them from here on
        self._told()
        try:
            await self._handover.hand_over(partitions)
        finally:
            for partition in partitions:
                await self._locks.release(partition, after=self.last_taken(partition))
        log.info("handed over partitions %s; serving %d", sorted(partitions), len(self._serving))

    async def close(self) -> None:
        """Stop looking, and let every partition go (closing the locks' connection releases them all)."""
        self.stop_balancing()
        await self._locks.close()

    async def drain(self) -> None:
        """Hand every partition over, one at a time, then hold none (a deploy stopping this process).

        The process first stops counting as a member, so the others take each partition as it is let go."""
        self.stop_balancing()
        async with self._balancing:
            await self._locks.leave()
            for partition in sorted(self._serving, key=self._order.index):
                await self._give_back(frozenset({partition}))

    async def _lose_everything(self) -> None:
        if self._serving:
            self._serving.clear()
            self._told()
        if self._on_lost is not None:
            callback, self._on_lost = self._on_lost, None
            await callback()

    def may_join(self) -> None:
        """The process has heard interactions long enough: it takes its share from its next look on."""
        self._waiting_to_join = False

    def start_balancing(self) -> None:
        """Look again every few tenths of a second, in the background, until stopped."""
        if self._loop is None:
            self._loop = asyncio.get_running_loop().create_task(self._balance_forever(), name="ownership")

    def stop_balancing(self) -> None:
        if self._loop is not None:
            self._loop.cancel()
            self._loop = None

    async def _balance_forever(self) -> None:
        while True:
            try:
                await asyncio.wait_for(self._locks.lost.wait(), self._every)
            except TimeoutError:
                pass
            try:
                await self.balance()
            except asyncio.CancelledError:
                raise
            except Exception:  # a database fault of the moment: the next look tries again
                log.exception("balancing the partitions failed; trying again shortly")
            if self._locks.lost.is_set() and not self._serving:
                return

    def _told(self) -> None:
        serving = self.serving
        for watcher in self.watchers:
            watcher(serving)


__all__ = ["BALANCE_EVERY", "Handover", "Ownership", "PartitionLocks", "Partitions", "SoleOwner", "partition_of"]
