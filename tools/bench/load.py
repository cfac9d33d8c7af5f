"""Moves at scale: latency one move at a time, then throughput at saturation.

Both phases run against the same N live matches, visiting them in a freshly
shuffled order on every pass, so consecutive moves hit different matches
(no warm per-match cache helps) and every match stays live: one that
finishes is replaced by a new one in its channel, outside the timing.

* **Latency** (and requests per move): one move in flight at a time, like
  the floor, so the figure is the bot's own cost of a move with N matches
  loaded; a floor click goes before each move, in the same process, so the
  ratio compares like with like even while other work loads the machine.
* **Saturation**: ``concurrency`` players click at once, each cycling over
  its own share of the matches, as fast as the bot answers; moves per second
  is the throughput, and the latencies under that load are reported too.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.kernel.rng import Rng
from tools.bench import prune
from tools.bench.arena import Arena, Seat
from tools.bench.floor import Floor
from tools.bench.kinds import KINDS, kind_of
from tools.bench.player import Driver, MoveSample
from tools.bench.stats import summary

#: Forget the stand-in's logs this often (moves), so they never count as the bot's memory.
SWEEP_EVERY = 100


class CommitTimer:
    """Times ``MatchRows.record_action`` (one move's transaction) by wrapping it on the instance."""

    def __init__(self, storage: Any) -> None:
        self.samples: list[float] = []
        original: Callable[..., Awaitable[int]] = storage.matches.record_action

        async def timed(*args: Any, **kwargs: Any) -> int:
            start = time.perf_counter()
            try:
                return await original(*args, **kwargs)
            finally:
                self.samples.append(time.perf_counter() - start)

        storage.matches.record_action = timed


class DatabaseCounter:
    """Counts what the bot asks of SQLite, watching every statement the store's database runs.

    Every statement is a round trip to the database thread (and a wait for the loop to hear back);
    every commit of a write is a disk sync with ``synchronous=FULL``, and one thread does them all in
    turn, so on a slow disk the commits per move bound the moves per second long before the CPU does.
    A write outside ``BEGIN`` ... ``COMMIT`` is a transaction (and a commit) of its own.
    """

    def __init__(self, storage: Any) -> None:
        self.round_trips = 0
        self.reads = 0
        self.commits = 0
        self._open = False
        storage.database.watch(self._count)

    def _count(self, sql: str) -> None:
        verb = sql.lstrip()[:8].upper()
        self.round_trips += 1
        if verb.startswith("BEGIN"):
            self._open = True
        elif verb.startswith(("COMMIT", "ROLLBACK")):
            self.commits += verb.startswith("COMMIT")
            self._open = False
        elif verb.startswith(("SELECT", "PRAGMA")):
            self.reads += 1
        elif not self._open:
            self.commits += 1

    def snapshot(self) -> tuple[int, int, int]:
        return self.round_trips, self.reads, self.commits

    def per_move(self, since: tuple[int, int, int], moves: int) -> dict[str, float]:
        """Round trips, reads and commits per move since ``snapshot()`` returned ``since``."""
        n = max(1, moves)
        trips, reads, commits = (now - then for now, then in zip(self.snapshot(), since, strict=True))
        return {"round_trips": trips / n, "reads": reads / n, "commits": commits / n}


@dataclass
class Phase:
    """The moves of one phase and how long they took (handler time only, floor clicks excluded)."""

    samples: list[MoveSample] = field(default_factory=list)
    seconds: float = 0.0
    #: CPU time of the process over the phase (saturated phase only): what the moves cost the
    #: machine, whatever else ran on it.
    cpu_seconds: float = 0.0
    #: Floor click latencies taken between the moves (one before each), when a floor was given.
    floor: list[float] = field(default_factory=list)
    #: And the CPU time of each of those floor clicks.
    floor_cpu: list[float] = field(default_factory=list)


async def _play(driver: Driver, arena: Arena, seat: Seat, *, record_requests: bool) -> MoveSample:
    assert seat.match_id is not None
    sample = await driver.play_move(seat.match_id, record_requests=record_requests)
    if sample.finished:
        driver.forget_players(seat.players)
        prune.drop_finished(arena.world, seat.channel_id, seat.players)
        await arena.create_match(seat)
    return sample


async def one_at_a_time(
    driver: Driver, arena: Arena, moves: int, rng: Rng, *, record_requests: bool, floor: Floor | None = None
) -> Phase:
    """``moves`` moves, each started when the previous one's handler (announcements included) is done.

    With a ``floor``, one floor click goes before every move, so the two
    samples are taken under the same conditions, moment by moment.
    """
    phase = Phase()
    order = list(arena.seats)
    while len(phase.samples) < moves:
        rng.shuffle(order)
        for seat in order[: moves - len(phase.samples)]:
            if floor is not None:
                phase.floor.append(await floor.click())
                phase.floor_cpu.append(floor.cpu[-1])
            arena.world.requests.clear()
            start = time.perf_counter()
            phase.samples.append(await _play(driver, arena, seat, record_requests=record_requests))
            phase.seconds += time.perf_counter() - start
            if len(phase.samples) % SWEEP_EVERY == 0:
                prune.sweep(arena.world)
    return phase


async def saturated(driver: Driver, arena: Arena, moves: int, concurrency: int, rng: Rng) -> Phase:
    """``concurrency`` players moving as fast as answered, until ``moves`` moves are done."""
    phase = Phase()
    seats = list(arena.seats)
    rng.shuffle(seats)
    workers = max(1, min(concurrency, len(seats)))

    async def player(share: list[Seat]) -> None:
        while len(phase.samples) < moves:
            rng.shuffle(share)
            for seat in share:
                if len(phase.samples) >= moves:
                    return
                phase.samples.append(await _play(driver, arena, seat, record_requests=False))
                if len(phase.samples) % SWEEP_EVERY == 0:
                    prune.sweep(arena.world)

    start, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(player(seats[i::workers]) for i in range(workers)))
    phase.seconds = time.perf_counter() - start
    phase.cpu_seconds = time.process_time() - cpu
    return phase


def request_figures(arena: Arena, samples: list[MoveSample]) -> dict[str, Any]:
    """Requests per move by kind (mean and max), in total, and in total without DMs."""
    per_move = [Counter(kind_of(arena.world, r) for r in s.requests) for s in samples]
    n = max(1, len(per_move))
    by_kind = {
        k: {"mean": sum(c[k] for c in per_move) / n, "max": max((c[k] for c in per_move), default=0)} for k in KINDS
    }
    totals = [sum(c.values()) for c in per_move]
    without_dm = [sum(v for k, v in c.items() if k != "dm") for c in per_move]
    clicks = [s.setup_clicks + 1 for s in samples]
    return {
        "by_kind": by_kind,
        "total": {"mean": sum(totals) / n, "max": max(totals, default=0)},
        "total_without_dm": {"mean": sum(without_dm) / n, "max": max(without_dm, default=0)},
        "interactions_per_move": {"mean": sum(clicks) / n, "max": max(clicks, default=0)},
    }


def latency_by_action(samples: list[MoveSample]) -> dict[str, dict[str, float]]:
    groups: dict[str, list[float]] = {}
    for s in samples:
        groups.setdefault(s.action, []).append(s.latency)
    return {k: summary(v, 1000.0) for k, v in sorted(groups.items())}
