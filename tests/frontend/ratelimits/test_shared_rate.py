"""Several processes on one token take their request slots from one ledger in the database, and together keep
to the one global rate: what one process leaves unused is the other's, and urgent requests of either go ahead of
background ones of both.

The pacers are the real ones (``GlobalPacer.share_with``) and the ledger is the real one
(``bot.store.rate_slots``) on a real database: a SQLite file on the virtual-time loop, where the
ledger's clock is the loop's (as in the capacity benchmark), and a throwaway PostgreSQL server in
real time, as in production.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from bot.frontend.delivery.ratelimit import BURST, RATE, GlobalPacer, Priority
from bot.play.record import StoreUnavailable
from bot.store.rate_slots import RateSlots
from bot.store.storage import Storage
from tests.frontend.ratelimits.test_pacer_priority import Served, at_most_per_second, within_rate
from tools.sim import virtual_time

INTERVAL = 1.0 / RATE


async def _pacers(path: Path, count: int = 2) -> tuple[list[GlobalPacer], list[Storage]]:
    """``count`` processes' pacers, each with its own connection to one database and its ledger."""
    loop = asyncio.get_running_loop()
    stores = [await Storage.open(path, clock=loop.time) for _ in range(count)]
    pacers = []
    for store in stores:
        pacer = GlobalPacer()
        pacer.share_with(RateSlots(store.database, loop.time))
        pacers.append(pacer)
    return pacers, stores


async def _close(stores: list[Storage]) -> None:
    for store in stores:
        await store.close()


def test_two_processes_together_keep_to_the_one_rate_and_burst(tmp_path):
    served = Served()

    async def main() -> None:
        (first, second), stores = await _pacers(tmp_path / "shared.sqlite3")
        asks = [served.request(first, f"a{i}") for i in range(90)] + [
            served.request(second, f"b{i}") for i in range(90)
        ]
        await asyncio.gather(*asks)
        await _close(stores)

    virtual_time.run(main())
    assert len(served.order) == 180
    assert within_rate(served.times())  # both together: the one rate and the one burst
    assert at_most_per_second(served.times(), 50)
    took = {who: [name for name in served.order if name[0] == who] for who in "ab"}
    assert took["a"] == [f"a{i}" for i in range(90)] and took["b"] == [f"b{i}" for i in range(90)]
    # Both busy: they take turns, so both are done at about the same time (about 4 s for 180 at 45 a second).
    assert served.at["a89"] == pytest.approx(served.at["b89"], abs=0.2)
    assert max(served.times()) == pytest.approx((180 - BURST) / RATE, abs=0.2)


def test_the_rate_one_process_leaves_unused_is_the_others(tmp_path):
    """With fixed half shares the busy process would take 4 s for 180 requests; from the ledger, 4 s is what
    one process alone takes: the whole rate is its while the other sends nothing."""
    served = Served()

    async def main() -> None:
        (busy, idle), stores = await _pacers(tmp_path / "shared.sqlite3")
        await asyncio.gather(*[served.request(busy, f"a{i}") for i in range(180)])
        assert idle.waiting() == 0
        await _close(stores)

    virtual_time.run(main())
    assert within_rate(served.times())
    assert max(served.times()) == pytest.approx((180 - BURST) / RATE, abs=0.2)


def test_urgent_requests_of_one_process_go_ahead_of_background_ones_of_the_other(tmp_path):
    served = Served()

    async def main() -> None:
        (tidying, playing), stores = await _pacers(tmp_path / "shared.sqlite3")
        loop = asyncio.get_running_loop()
        background = [loop.create_task(served.request(tidying, f"b{i}", Priority.BACKGROUND)) for i in range(60)]
        await asyncio.sleep(0.3)  # the tidy-ups are under way: some served, most waiting
        urgent = [loop.create_task(served.request(playing, f"u{i}")) for i in range(20)]
        await asyncio.gather(*background, *urgent)
        await _close(stores)

    virtual_time.run(main())
    assert within_rate(served.times())
    last_urgent = max(served.at[f"u{i}"] for i in range(20))
    # The 20 urgent ones took 20 slots in a row, give or take the one or two background slots already taken.
    assert last_urgent - served.asked["u0"] <= 22 * INTERVAL
    later_background = [name for name in served.order if name.startswith("b") and served.at[name] > served.asked["u0"]]
    assert sum(1 for name in later_background if served.at[name] < last_urgent) <= 2
    assert len(served.order) == 80  # nothing dropped


def test_urgent_requests_of_one_process_go_ahead_of_news_of_the_other(tmp_path):
    """As in one process: a table edit of either goes before a hand DM of either (two busy processes simply taking
    turns would let one's hand DMs hold up the other's tables)."""
    served = Served()

    async def main() -> None:
        (telling, playing), stores = await _pacers(tmp_path / "shared.sqlite3")
        loop = asyncio.get_running_loop()
        news = [loop.create_task(served.request(telling, f"n{i}", Priority.NEWS)) for i in range(60)]
        await asyncio.sleep(0.3)  # the hand DMs are under way: some served, most waiting
        urgent = [loop.create_task(served.request(playing, f"u{i}")) for i in range(20)]
        await asyncio.gather(*news, *urgent)
        await _close(stores)

    virtual_time.run(main())
    assert within_rate(served.times())
    asked = served.asked["u0"]
    last_urgent = max(served.at[f"u{i}"] for i in range(20))
    assert last_urgent - asked <= 23 * INTERVAL  # 20 slots in a row, but for the news slots already taken
    news_meanwhile = [n for n in served.order if n.startswith("n") and asked < served.at[n] < last_urgent]
    assert len(news_meanwhile) <= 2
    assert len(served.order) == 80  # and the news all went after


def test_news_goes_oldest_first_across_the_processes(tmp_path):
    """Hand DMs of two busy processes go in the order they began to wait, as in one process (two busy processes
    simply taking turns would serve a newcomer's as soon as an old backlog's)."""
    served = Served()

    async def main() -> None:
        (early, late), stores = await _pacers(tmp_path / "shared.sqlite3")
        loop = asyncio.get_running_loop()
        first = [loop.create_task(served.request(early, f"e{i}", Priority.NEWS)) for i in range(40)]
        await asyncio.sleep(0.3)  # a backlog of the early ones waits
        second = [loop.create_task(served.request(late, f"l{i}", Priority.NEWS)) for i in range(10)]
        await asyncio.gather(*first, *second)
        await _close(stores)

    virtual_time.run(main())
    assert within_rate(served.times())
    assert len(served.order) == 50
    # Every early one that was waiting when the late ones came goes before them, but for a slot or two.
    waiting_then = [n for n in served.order if n.startswith("e") and served.at[n] > served.asked["l0"]]
    first_late = served.at["l0"]
    assert sum(1 for n in waiting_then if served.at[n] > first_late) <= 2


@pytest.mark.parametrize("fault", [StoreUnavailable("the server is restarting"), TypeError("a bug in the ledger")])
def test_while_the_ledger_cannot_be_used_a_process_paces_alone_at_a_quarter_of_the_rate(fault):
    """Unreachable (a fault of the moment) or failing (a bug): either way no request waits for ever."""

    class Unreachable:
        def __init__(self) -> None:
            self.now = asyncio.get_running_loop().time
            self.asked = 0

        async def take(
            self,
            interval: float,
            tolerance: float,
            priority: int,
            *,
            queue: bool,
            oldest: float | None = None,
            next_oldest: float | None = None,
        ) -> float | None:
            self.asked += 1
            raise fault

        async def give_back(self, interval: float) -> None:
            raise fault

        def free_now(self, tolerance: float) -> bool:
            return False

    served = Served()

    async def main() -> None:
        pacer = GlobalPacer()
        ledger = Unreachable()
        pacer.share_with(ledger)
        started = asyncio.get_running_loop().time()
        await asyncio.gather(*[served.request(pacer, f"a{i}") for i in range(20)])
        assert ledger.asked == 20
        assert asyncio.get_running_loop().time() - started == pytest.approx(20 * INTERVAL * 4, rel=0.05)

    virtual_time.run(main())
    assert len(served.order) == 20


async def test_on_postgresql_two_processes_keep_to_the_one_rate_in_real_time(postgres_url):
    """The production ledger: two processes' pacers on one PostgreSQL server, on the wall clock."""
    stores = [await Storage.open(postgres_url) for _ in range(2)]
    pacers = []
    for store in stores:
        pacer = GlobalPacer()
        pacer.share_with(RateSlots(store.database, time.time))
        pacers.append(pacer)
    at: list[float] = []

    async def request(pacer: GlobalPacer) -> None:
        await pacer.wait()
        at.append(time.monotonic())

    try:
        started = time.monotonic()
        await asyncio.gather(*[request(pacers[i % 2]) for i in range(70)])
        took = time.monotonic() - started
    finally:
        await _close(stores)
    assert at_most_per_second(at, 50)
    assert took >= (70 - BURST) / RATE - 0.05  # never faster than the one rate, for both together
    assert took < (70 - BURST) / RATE + 1.0  # and not held back by the sharing (a round trip a slot)
