"""A request built after its slot comes: one slot per request, as fresh as the moment it goes.

Hand DMs wait for their slot before they are rendered (``ratelimit.slot_first``), so a
DM that waited shows the state of when it went out. These tests hold the pacer to
that: the request made in the block takes the slot waited for (no second wait),
a slot left unused goes back, and with no pacer installed nothing waits. All on
the virtual-time loop, so no figure depends on the machine.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.frontend.delivery import ratelimit
from bot.frontend.delivery.ratelimit import BURST, RATE, GlobalPacer, Priority, slot_first
from tests.frontend.ratelimits.paced_world import run_paced
from tools.sim import virtual_time

INTERVAL = 1.0 / RATE
GUILD = 1_320_000_000_000_000_100
CHANNEL = 1_320_000_000_000_000_200


def test_a_request_built_in_the_block_uses_its_slot_and_shows_the_state_when_it_goes():
    async def body(world: Any, client: Any, pacer: GlobalPacer, box: dict[str, Any]) -> None:
        loop = asyncio.get_running_loop()
        start, began = len(world.requests), loop.time()
        state = {"version": 0}

        async def advance() -> None:  # the state moves on while the refreshes wait for their slots
            for _ in range(200):
                await asyncio.sleep(INTERVAL / 2)
                state["version"] += 1

        async def refresh(channel: int) -> None:
            async with slot_first(pacer):
                await client.get_channel(channel).send(f"{state['version']}")

        ticking = asyncio.create_task(advance())
        await asyncio.gather(*(refresh(c) for c in channels))
        ticking.cancel()
        box.update(world=world, start=start, began=began, waits=pacer.waits)

    channels = [CHANNEL + i for i in range(30)]
    box = run_paced(GUILD, channels, body)
    world = box["world"]
    sent = [r for r in world.requests[box["start"] :] if r.method == "POST"]
    assert len(sent) == 30 and all(r.ok for r in sent) and world.log.rate_limited() == []
    # One slot each: the last went out about (30 - burst) intervals after the first asked, not twice that.
    assert sent[-1].at - box["began"] <= (30 - BURST + 1) * INTERVAL + 1e-6
    # Built after the wait: a later request shows a later state, and the last ones a state well past the start.
    shown = [int(r.json["content"]) for r in sent]
    assert shown == sorted(shown) and shown[-1] >= 2 * (30 - BURST) - 2
    assert box["waits"][Priority.BACKGROUND].count >= 30 - BURST


def test_a_slot_the_block_leaves_unused_is_given_back():
    box: dict[str, float] = {}

    async def main() -> None:
        pacer = GlobalPacer()
        pacer.installed = True  # as install_pacer leaves it, without a client
        loop = asyncio.get_running_loop()
        for _ in range(100):
            async with slot_first(pacer):
                pass  # nothing to send after all
        before = loop.time()
        await pacer.wait(Priority.URGENT)
        box["urgent_waited"] = loop.time() - before

    virtual_time.run(main())
    # Unused slots went back: an urgent request after them waits no longer than the burst allows.
    assert box["urgent_waited"] <= INTERVAL + 1e-6


def test_a_second_request_in_the_block_waits_for_a_slot_of_its_own():
    box: dict[str, Any] = {}

    async def main() -> None:
        pacer = GlobalPacer()
        pacer.installed = True
        loop = asyncio.get_running_loop()
        for _ in range(BURST):
            await pacer.wait()  # the burst is spent: every slot from here comes one interval apart
        start = loop.time()
        async with slot_first(pacer):
            got = loop.time()
            held = ratelimit._held.get()  # noqa: SLF001 - the slot this block holds
            assert held == [True]
            held[0] = False  # a request used it
            await pacer.wait(ratelimit.current_priority())  # the next one waits its turn
            box.update(first=got - start, second=loop.time() - start, priority=ratelimit.current_priority())

    virtual_time.run(main())
    assert abs(box["first"] - INTERVAL) < 1e-6 and abs(box["second"] - 2 * INTERVAL) < 1e-6
    assert box["priority"] is Priority.BACKGROUND


def test_with_no_pacer_installed_nothing_waits():
    box: dict[str, float] = {}

    async def main() -> None:
        pacer = GlobalPacer()  # never installed: the client it would pace has no global limit
        loop = asyncio.get_running_loop()
        start = loop.time()
        for _ in range(100):
            async with slot_first(pacer):
                await asyncio.sleep(0)
        box["waited"] = loop.time() - start
        box["waits"] = pacer.waited

    virtual_time.run(main())
    assert box == {"waited": 0.0, "waits": 0}
