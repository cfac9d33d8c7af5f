"""The bot's own pacer serves urgent requests before background ones, within the same rate.

Everything runs on a virtual-time loop (``tools.sim.virtual_time``): slots a
fraction of a second apart pass without real waiting, and every time read
here is the loop's virtual clock, so no test depends on how fast the
machine is. A request is one ``pacer.wait()``; the last test sends real ones
through discord.py's HTTP client to the stand-in with Discord's limits on.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.frontend.delivery import ratelimit
from bot.frontend.delivery.ratelimit import BURST, RATE, GlobalPacer, Priority
from tests.frontend.ratelimits.paced_world import run_paced
from tools.sim import virtual_time

INTERVAL = 1.0 / RATE
GUILD = 1_300_000_000_000_000_100
CHANNEL = 1_300_000_000_000_000_200
#: Earlier than a timer by more than the loop's clock resolution, within the pacer's tolerance for "due now".
JUST_BEFORE = 1e-7


class Served:
    """Who got a slot, in the order and at the (virtual) time they got it."""

    def __init__(self) -> None:
        self.order: list[str] = []
        self.at: dict[str, float] = {}
        self.asked: dict[str, float] = {}

    async def request(self, pacer: GlobalPacer, name: str, priority: Priority | None = None) -> None:
        loop = asyncio.get_running_loop()
        self.asked[name] = loop.time()
        await pacer.wait(priority)
        self.order.append(name)
        self.at[name] = loop.time()

    def times(self) -> list[float]:
        return [self.at[name] for name in self.order]


def within_rate(times: list[float]) -> bool:
    """No stretch of time holds more slots than the burst plus the rate allow (the pacer's own promise)."""
    times = sorted(times)
    return all(
        j - i + 1 <= BURST + (times[j] - times[i]) * RATE + 1e-6
        for i in range(len(times))
        for j in range(i, len(times))
    )


def at_most_per_second(times: list[float], limit: int) -> bool:
    times = sorted(times)
    return all(sum(1 for t in times if start <= t < start + 1.0) <= limit for start in times)


def test_urgent_requests_overtake_a_background_burst_and_nothing_is_dropped():
    served = Served()

    async def main() -> None:
        pacer = GlobalPacer()
        background = [asyncio.create_task(served.request(pacer, f"b{i}", Priority.BACKGROUND)) for i in range(50)]
        await asyncio.sleep(0.2)  # the burst is under way: some served, most waiting
        urgent = [asyncio.create_task(served.request(pacer, f"u{i}")) for i in range(5)]
        await asyncio.gather(*background, *urgent)
        served.stats = pacer.waits  # type: ignore[attr-defined]

    virtual_time.run(main())
    assert sorted(served.order) == sorted([f"b{i}" for i in range(50)] + [f"u{i}" for i in range(5)])
    urgent = [n for n in served.order if n.startswith("u")]
    background = [n for n in served.order if n.startswith("b")]
    # Each priority in order of arrival.
    assert urgent == [f"u{i}" for i in range(5)]
    assert background == [f"b{i}" for i in range(50)]
    # The urgent five took the next five slots: served within five intervals of asking, before
    # the background requests that had waited longer.
    assert all(served.at[n] - served.asked[n] <= 5 * INTERVAL + 1e-6 for n in urgent)
    first_urgent = served.order.index("u0")
    assert served.order[first_urgent : first_urgent + 5] == urgent
    assert first_urgent < 20  # ahead of 30-odd background requests still waiting
    # One rate for both: never more than the pacer allows, never more than Discord's 50 in a second.
    assert within_rate(served.times())
    assert at_most_per_second(served.times(), 50)
    # The background requests' waits are counted apart, the urgent ones' too.
    waits = served.stats  # type: ignore[attr-defined]
    assert waits[Priority.BACKGROUND].count == 50 - BURST
    assert waits[Priority.BACKGROUND].longest > 1.0
    assert waits[Priority.URGENT].count == 5 and waits[Priority.URGENT].longest <= 5 * INTERVAL + 1e-6


def test_news_waits_behind_urgent_requests_and_goes_ahead_of_background_ones():
    """A hand DM showing another player's move (news) is served after every urgent request waiting and
    before every background one, however long the background ones have waited."""
    served = Served()

    async def main() -> None:
        pacer = GlobalPacer()
        tasks = [asyncio.create_task(served.request(pacer, f"b{i}", Priority.BACKGROUND)) for i in range(20)]
        await asyncio.sleep(0)
        tasks += [asyncio.create_task(served.request(pacer, f"n{i}", Priority.NEWS)) for i in range(10)]
        tasks += [asyncio.create_task(served.request(pacer, f"u{i}")) for i in range(10)]
        await asyncio.gather(*tasks)

    virtual_time.run(main())
    assert served.order == (
        [f"b{i}" for i in range(BURST)]
        + [f"u{i}" for i in range(10)]
        + [f"n{i}" for i in range(10)]
        + [f"b{i}" for i in range(BURST, 20)]
    )
    assert within_rate(served.times())


def test_background_requests_take_every_slot_no_urgent_request_wants():
    served = Served()

    async def main() -> None:
        pacer = GlobalPacer()
        tasks = [asyncio.create_task(served.request(pacer, f"b{i}", Priority.BACKGROUND)) for i in range(90)]
        await asyncio.gather(*tasks)

    virtual_time.run(main())
    times = served.times()
    assert within_rate(times)
    # Alone, background requests go at the full rate: the burst, then one slot every interval.
    assert times[-1] == pytest.approx((90 - BURST) * INTERVAL, abs=1e-6)


def test_no_background_request_is_served_while_an_urgent_one_waits():
    served = Served()

    async def main() -> None:
        pacer = GlobalPacer()
        tasks = [asyncio.create_task(served.request(pacer, f"b{i}", Priority.BACKGROUND)) for i in range(20)]
        await asyncio.sleep(0)
        tasks += [asyncio.create_task(served.request(pacer, f"u{i}")) for i in range(30)]
        await asyncio.gather(*tasks)

    virtual_time.run(main())
    # The burst went to the first five background requests (nobody else had asked yet); then all
    # thirty urgent ones, then the other background ones.
    assert served.order == (
        [f"b{i}" for i in range(BURST)] + [f"u{i}" for i in range(30)] + [f"b{i}" for i in range(BURST, 20)]
    )
    assert within_rate(served.times())


def test_the_context_chooses_the_priority_and_no_context_is_urgent():
    served = Served()

    async def main() -> None:
        pacer = GlobalPacer(burst=1)
        await pacer.wait()  # the burst is spent: everything below queues

        async def hand_dm(name: str) -> None:
            with ratelimit.background():
                assert ratelimit.current_priority() is Priority.BACKGROUND
                await served.request(pacer, name)

        async def urgent_from_background(name: str) -> None:
            with ratelimit.background():
                with ratelimit.urgent():
                    await served.request(pacer, name)

        tasks = [
            asyncio.create_task(hand_dm("hand")),
            asyncio.create_task(urgent_from_background("nested")),
            asyncio.create_task(served.request(pacer, "table")),
        ]
        await asyncio.gather(*tasks)
        assert ratelimit.current_priority() is Priority.URGENT  # the context ended with the block

    virtual_time.run(main())
    assert served.order == ["nested", "table", "hand"]


def test_a_waiter_cancelled_before_its_slot_leaves_the_queue_and_costs_nobody_a_slot():
    served = Served()

    async def main() -> None:
        pacer = GlobalPacer()
        tasks = {f"r{i}": asyncio.create_task(served.request(pacer, f"r{i}", Priority(i % 2))) for i in range(40)}
        await asyncio.sleep(0)
        for i in range(10, 40, 3):
            tasks[f"r{i}"].cancel()
        results = await asyncio.gather(*tasks.values(), return_exceptions=True)
        served.cancelled = sum(isinstance(r, asyncio.CancelledError) for r in results)  # type: ignore[attr-defined]
        served.left = pacer.waiting()  # type: ignore[attr-defined]

    virtual_time.run(main())
    assert served.cancelled == 10 and served.left == 0  # type: ignore[attr-defined]
    assert len(served.order) == 30
    # The thirty left were served as fast as thirty alone would be: no cancelled slot was held empty.
    assert max(served.times()) == pytest.approx((30 - BURST) * INTERVAL, abs=1e-6)
    assert within_rate(served.times())


def test_a_waiter_cancelled_after_its_slot_came_passes_it_on():
    served = Served()

    async def main() -> None:
        loop = asyncio.get_running_loop()
        pacer = GlobalPacer(burst=1)
        await pacer.wait()
        victim = asyncio.create_task(served.request(pacer, "victim"))
        after = asyncio.create_task(served.request(pacer, "after", Priority.BACKGROUND))
        await asyncio.sleep(0)
        # Just before the pacer's own timer: the victim's slot is due, the victim not yet served.
        await asyncio.sleep(INTERVAL - JUST_BEFORE - loop.time())
        pacer._serve(loop)  # the slot is handed to the victim ...
        victim.cancel()  # ... which is cancelled before it could use it
        await asyncio.gather(victim, after, return_exceptions=True)
        # With nobody waiting, a slot handed to a cancelled waiter is free again.
        lone = asyncio.create_task(served.request(pacer, "lone"))
        await asyncio.sleep(2 * INTERVAL - JUST_BEFORE - loop.time())
        pacer._serve(loop)
        lone.cancel()
        await asyncio.gather(lone, return_exceptions=True)
        await served.request(pacer, "next")

    virtual_time.run(main())
    assert served.order == ["after", "next"]
    assert served.at["after"] == pytest.approx(INTERVAL, abs=1e-6)  # the victim's slot, not the one after
    # The lone waiter's slot was given back: the next request has it, not the one after it.
    assert served.at["next"] == pytest.approx(2 * INTERVAL, abs=1e-6)


def test_suspended_the_pacer_lets_everything_through_and_resumed_it_paces_again_with_a_full_burst():
    served = Served()

    async def main() -> None:
        loop = asyncio.get_running_loop()
        pacer = GlobalPacer()
        early = [asyncio.create_task(served.request(pacer, f"early{i}")) for i in range(10)]
        await asyncio.sleep(0)
        pacer.suspend()  # the waiters queued already go too
        await asyncio.gather(*early)
        await asyncio.gather(*(served.request(pacer, f"set-up{i}", Priority(i % 2)) for i in range(200)))
        assert loop.time() == 0.0
        waited = pacer.waited
        pacer.resume()
        await asyncio.gather(*(served.request(pacer, f"paced{i}") for i in range(20)))
        served.waited_in_set_up = waited  # type: ignore[attr-defined]

    virtual_time.run(main())
    assert len(served.order) == 230 and served.waited_in_set_up == 10 - BURST  # type: ignore[attr-defined]
    paced = [served.at[f"paced{i}"] for i in range(20)]
    assert within_rate(paced)
    assert sum(1 for t in paced if t == 0.0) == BURST


def test_a_mixed_burst_through_discord_py_meets_no_429_and_the_urgent_posts_go_first():
    async def body(world: Any, client: Any, pacer: GlobalPacer, box: dict[str, Any]) -> None:
        start = len(world.requests)

        async def refresh(channel: int) -> None:
            with ratelimit.background():
                await client.get_channel(channel).send(f"hand {channel}")

        async def table(channel: int) -> None:
            await client.get_channel(channel).send(f"table {channel}")

        # Each channel's background refresh asks first, its table post right after.
        sends = [send(c) for c in channels for send in (refresh, table)]
        results = await asyncio.gather(*sends, return_exceptions=True)
        box.update(world=world, start=start, results=results, waits=pacer.waits)

    channels = [CHANNEL + i for i in range(40)]
    box = run_paced(GUILD, channels, body)
    world = box["world"]
    assert [r for r in box["results"] if isinstance(r, Exception)] == []
    for channel in channels:
        assert sorted(m.content for m in world.channel_messages(channel)) == [f"hand {channel}", f"table {channel}"]
    sent = [r for r in world.requests[box["start"] :] if r.method == "POST"]
    assert len(sent) == 80 and all(r.ok for r in sent)
    assert world.log.rate_limited() == [] and world.rest.rate_limits.refused["global"] == 0
    assert at_most_per_second([r.at for r in sent], 50)
    # Every table post went before the background ones but the few the burst let through at once.
    kinds = ["table" if r.json["content"].startswith("table") else "hand" for r in sent]
    last_table = max(i for i, k in enumerate(kinds) if k == "table")
    assert kinds[:last_table].count("hand") <= BURST
    assert box["waits"][Priority.BACKGROUND].longest > box["waits"][Priority.URGENT].longest


def test_free_now_says_whether_a_request_would_go_at_once():
    """Work that may as well wait (a DM catching up its player's own moves) asks first: free only with a slot
    free and nobody waiting, at any priority."""
    seen: dict[str, bool] = {}

    async def main() -> None:
        pacer = GlobalPacer()
        pacer.installed = True
        seen["idle"] = pacer.free_now()
        burst = [asyncio.create_task(pacer.wait(Priority.BACKGROUND)) for _ in range(BURST + 3)]
        await asyncio.sleep(0)
        seen["burst spent, three waiting"] = pacer.free_now()
        await asyncio.gather(*burst)
        seen["the last served just now"] = pacer.free_now()
        await asyncio.sleep(BURST * INTERVAL)
        seen["a while later"] = pacer.free_now()
        pacer.suspend()
        seen["suspended"] = pacer.free_now()

    virtual_time.run(main())
    assert seen == {
        "idle": True,
        "burst spent, three waiting": False,
        "the last served just now": False,
        "a while later": True,
        "suspended": True,
    }
