"""The deadline scheduler wakes matches side by side: one slow wake-up never holds up another match's.

These run the scheduler's own loop on real time (a deadline a few milliseconds ahead), the way the bot runs
it, with wake-up handlers that say when they ran and, for the slow one, wait until the test lets them go.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.play.clock import ManualClock, SystemClock
from bot.play.scheduler import MOST_AT_ONCE, DeadlineScheduler

#: Seconds a test waits for something that should happen at once (a generous bound, never a measurement).
SOON = 2.0


class Wakes:
    """Wake-up handlers: each records its match when it starts; the matches in ``slow`` then wait for ``go``."""

    def __init__(self, slow: set[int] | None = None) -> None:
        self.started: list[int] = []
        self.finished: list[int] = []
        self.slow = slow or set()
        self.go = asyncio.Event()
        self.at_once = 0
        self.most_at_once = 0
        self.changed = asyncio.Event()

    async def fire(self, match_id: int) -> None:
        self.started.append(match_id)
        self.at_once += 1
        self.most_at_once = max(self.most_at_once, self.at_once)
        self.changed.set()
        try:
            if match_id in self.slow:
                await self.go.wait()
        finally:
            self.at_once -= 1
        self.finished.append(match_id)
        self.changed.set()

    async def until(self, condition: Callable[[], bool]) -> None:
        async with asyncio.timeout(SOON):
            while not condition():
                self.changed.clear()
                await self.changed.wait()


async def test_a_slow_wake_up_does_not_hold_up_another_match():
    clock = SystemClock()
    wakes = Wakes(slow={1})
    scheduler = DeadlineScheduler(clock, wakes.fire)
    scheduler.start()
    try:
        scheduler.set(1, clock.now())  # due first, and it takes long (a hard seat searching, say)
        scheduler.set(2, clock.now() + 0.01)
        await wakes.until(lambda: 2 in wakes.finished)
        assert wakes.finished == [2] and wakes.started == [1, 2], "match 2 waited for match 1"
        assert scheduler.running() == {1}

        scheduler.set(1, clock.now())  # match 1 is due again while its wake-up still runs: it waits for it
        await asyncio.sleep(0.05)
        assert wakes.started == [1, 2], "a match had two wake-ups at once"
        wakes.go.set()
        await wakes.until(lambda: wakes.started == [1, 2, 1] and len(wakes.finished) == 3)
        assert not scheduler.pending() and not scheduler.running()
    finally:
        await scheduler.stop()


async def test_run_due_fires_every_match_side_by_side_and_waits_for_them_all():
    clock = ManualClock()
    wakes = Wakes(slow={1, 2})
    scheduler = DeadlineScheduler(clock, wakes.fire)
    for match_id in (1, 2, 3):
        scheduler.set(match_id, clock.now() + match_id)
    clock.advance(5)
    run = asyncio.create_task(scheduler.run_due())
    await wakes.until(lambda: wakes.finished == [3])
    assert wakes.started == [1, 2, 3] and not run.done(), "run_due returned before its wake-ups were done"
    wakes.go.set()
    assert await run == 3
    assert sorted(wakes.finished) == [1, 2, 3] and not scheduler.running()


async def more_due_than_slots(extra: int) -> tuple[DeadlineScheduler, Wakes, range, asyncio.Task[int]]:
    """``MOST_AT_ONCE + extra`` slow matches due in order, ``run_due`` running, every slot taken."""
    clock = ManualClock()
    matches = range(1, MOST_AT_ONCE + extra + 1)
    wakes = Wakes(slow=set(matches))
    scheduler = DeadlineScheduler(clock, wakes.fire)
    for match_id in matches:
        scheduler.set(match_id, clock.now() + match_id / 1000)
    clock.advance(1)
    run = asyncio.create_task(scheduler.run_due())
    await wakes.until(lambda: len(wakes.started) == MOST_AT_ONCE)
    return scheduler, wakes, matches, run


async def test_wake_ups_at_once_are_bounded_and_the_rest_wait_their_turn():
    scheduler, wakes, matches, run = await more_due_than_slots(5)
    await asyncio.sleep(0.05)
    assert wakes.started == list(matches)[:MOST_AT_ONCE], "more than MOST_AT_ONCE ran, or not the oldest first"
    wakes.go.set()
    assert await run == len(matches)
    assert wakes.started == list(matches) and wakes.most_at_once == MOST_AT_ONCE


async def test_a_failed_wake_up_is_tried_again_without_stopping_the_others():
    clock = ManualClock()
    fired: list[int] = []

    async def fire(match_id: int) -> None:
        fired.append(match_id)
        if match_id == 1:
            raise OSError("disk full")

    scheduler = DeadlineScheduler(clock, fire)
    scheduler.set(1, clock.now())
    scheduler.set(2, clock.now())
    assert await scheduler.run_due() == 2
    assert fired == [1, 2] and list(scheduler.pending()) == [1], "the failed wake-up was not kept for later"


async def test_a_wake_up_waiting_for_a_slot_is_withdrawn_when_its_match_is_forgotten():
    """A match handed to another process (or ended) while its wake-up waits for a slot is not woken here."""
    scheduler, wakes, matches, run = await more_due_than_slots(1)
    last = matches[-1]
    assert last in scheduler.running()  # due, waiting for a slot
    scheduler.set(last, None)
    wakes.go.set()
    assert await run == len(matches) - 1, "run_due counted the withdrawn wake-up as fired"
    assert last not in wakes.started and not scheduler.running() and not scheduler.pending()
