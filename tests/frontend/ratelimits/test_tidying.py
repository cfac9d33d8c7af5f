"""Tidy-ups (folding old prompts, removing old pings) never hold up a request somebody waits for.

They are handed over and made later, at the pacer's background priority, with Discord's limits
on in the stand-in (virtual time: nothing here depends on the machine). The caller never waits
for them; urgent requests asked later still go first; an error is logged and the rest go on;
past the backlog the oldest is dropped unsent and counted, so an overloaded token's tidy-ups do
not pile up without end.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from bot.frontend.delivery.tidying import Tidying
from tests.frontend.ratelimits.paced_world import run_paced

GUILD = 1_330_000_000_000_000_100
CHANNEL = 1_330_000_000_000_000_200


def _run(body: Any) -> dict[str, Any]:
    """Run ``body(world, client, pacer, box)`` against a paced client of ten channels; returns ``box``."""
    return run_paced(GUILD, [CHANNEL + i for i in range(10)], body)


def test_a_tidy_up_waits_for_every_urgent_request_and_never_for_its_caller():
    async def body(world: Any, client: discord.Client, pacer: Any, box: dict[str, Any]) -> None:
        channels = [client.get_channel(CHANNEL + i) for i in range(10)]
        start = len(world.requests)
        tidying = Tidying()
        loop = asyncio.get_running_loop()
        # More urgent posts than a burst are waiting for their slots already...
        first = [asyncio.ensure_future(channels[1 + i % 9].send(f"urgent {i}")) for i in range(10)]
        await asyncio.sleep(0)
        asked = loop.time()
        tidying.add("test", "post a tidy-up", [lambda: channels[0].send("tidy")])
        box["returned_after"] = loop.time() - asked
        box["pending"] = tidying.pending()
        # ...and more are asked after the tidy-up: they go first too.
        later = [asyncio.ensure_future(channels[1 + i % 9].send(f"urgent {i}")) for i in range(10, 20)]
        await asyncio.gather(*first, *later)
        while tidying.pending():
            await asyncio.sleep(0.05)
        box["posts"] = [r.json["content"] for r in world.requests[start:] if r.method == "POST" and r.ok]

    box = _run(body)
    assert box["returned_after"] == 0.0 and box["pending"] == 1
    assert box["posts"][-1] == "tidy" and len(box["posts"]) == 21  # nothing dropped, the tidy-up last


def test_a_failed_tidy_up_is_logged_and_the_next_one_goes_out(caplog: Any):
    async def body(world: Any, client: discord.Client, pacer: Any, box: dict[str, Any]) -> None:
        channel = client.get_channel(CHANNEL)
        gone = await channel.send("to delete twice")
        await gone.delete()
        tidying = Tidying()
        start = len(world.requests)
        tidying.add("test", "remove a message", [gone.delete, lambda: channel.send("after")])
        while tidying.pending():
            await asyncio.sleep(0.05)
        box["requests"] = [(r.method, r.status) for r in world.requests[start:]]

    with caplog.at_level(logging.WARNING, logger="bot.frontend.delivery.tidying"):
        box = _run(body)
    assert box["requests"] == [("DELETE", 404), ("POST", 200)]
    assert any("could not remove a message" in r.getMessage() for r in caplog.records)


def test_past_the_backlog_the_oldest_tidy_ups_are_dropped_unsent_and_counted():
    async def body(world: Any, client: discord.Client, pacer: Any, box: dict[str, Any]) -> None:
        channels = [client.get_channel(CHANNEL + i) for i in range(10)]
        tidying = Tidying(backlog=5)
        start = len(world.requests)
        # Urgent demand fills the pacer, so the tidy-ups wait; eight are asked with room for five.
        urgent = [asyncio.ensure_future(channels[i % 10].send(f"urgent {i}")) for i in range(60)]
        await asyncio.sleep(0)
        for i in range(8):
            tidying.add(f"t{i}", "post a tidy-up", [lambda i=i: channels[i % 10].send(f"tidy {i}")])
        box["dropped"], box["pending"] = tidying.dropped, tidying.pending()
        await asyncio.gather(*urgent)
        while tidying.pending():
            await asyncio.sleep(0.05)
        box["tidy"] = [
            r.json["content"]
            for r in world.requests[start:]
            if r.method == "POST" and r.ok and r.json["content"].startswith("tidy")
        ]

    box = _run(body)
    assert box["dropped"] == 3 and box["pending"] == 5
    assert box["tidy"] == [f"tidy {i}" for i in range(3, 8)]  # the three oldest never went out
