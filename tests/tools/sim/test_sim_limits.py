"""The stand-in's rate limits, as discord.py's real HTTP client meets them.

A throwaway client (no game) sends bursts through discord.py's own
``HTTPClient.request``; the stand-in answers from its limiter. Everything
runs on a virtual-time loop, so 5-second buckets pass without sleeping and
no test depends on how fast the machine is.
"""

from __future__ import annotations

import asyncio

import discord
import pytest
from discord.http import Route

from tools.sim import FakeDiscord, virtual_time
from tools.sim.ratelimit import RateLimits

APP = 1_300_000_000_000_000_001
GUILD = 1_300_000_000_000_000_100
CHANNEL = 1_300_000_000_000_000_200
OTHER = 1_300_000_000_000_000_201
AISYAH = 1_300_000_000_000_000_401


def scenario(body, *, limits: RateLimits | None = None):
    """Run ``body(world, client)`` against a rate-limited world on a virtual-time loop."""

    async def main():
        world = FakeDiscord(app_id=APP, rate_limits=limits or RateLimits())
        world.add_guild(GUILD, "Kedai")
        world.add_channel(GUILD, CHANNEL, "games")
        world.add_channel(GUILD, OTHER, "more-games")
        world.add_member(GUILD, AISYAH, "Aisyah")
        client = discord.Client(intents=discord.Intents.default())
        await world.connect(client)
        try:
            return await body(world, client)
        finally:
            await client.close()
            world.close()

    return virtual_time.run(main())


def posts(world: FakeDiscord, channel: int) -> list:
    return [r for r in world.requests if r.method == "POST" and r.path == f"/channels/{channel}/messages"]


def test_a_burst_in_one_channel_waits_for_the_bucket_and_every_post_arrives_in_order():
    async def body(world, client):
        channel = client.get_channel(CHANNEL)
        start = asyncio.get_running_loop().time()
        for i in range(12):
            await channel.send(f"post {i}")
        return asyncio.get_running_loop().time() - start

    world_box = {}

    async def wrapped(world, client):
        world_box["w"] = world
        return await body(world, client)

    elapsed = scenario(wrapped)
    world = world_box["w"]
    assert [m.content for m in world.channel_messages(CHANNEL)] == [f"post {i}" for i in range(12)]
    # 5 per 5 s: the 6th and 11th posts had to wait for a new window (virtual seconds, not real ones).
    assert elapsed >= 10.0
    # discord.py read the headers and waited before the bucket ran dry: no 429 at all.
    assert world.log.rate_limited() == []
    assert world.rest.rate_limits.invalid[429] == 0


def test_a_concurrent_burst_queues_on_the_bucket_discord_py_learned_from_the_headers():
    box = {}

    async def body(world, client):
        box["w"] = world
        channel = client.get_channel(CHANNEL)
        start = asyncio.get_running_loop().time()
        await asyncio.gather(*(channel.send(f"p{i}") for i in range(20)))
        box["elapsed"] = asyncio.get_running_loop().time() - start

    scenario(body)
    world = box["w"]
    assert sorted(m.content for m in world.channel_messages(CHANNEL)) == sorted(f"p{i}" for i in range(20))
    assert len([r for r in posts(world, CHANNEL) if r.status == 200]) == 20
    assert box["elapsed"] >= 15.0  # four 5-second windows
    assert world.log.rate_limited() == []


def test_a_429_carries_discord_s_body_and_headers():
    limits = RateLimits()
    limits.clock = lambda: 100.0
    for _ in range(5):
        assert limits.check("POST", "/channels/{channel_id}/messages", "42").refused is None
    decision = limits.check("POST", "/channels/{channel_id}/messages", "42")
    assert decision.status == 429
    assert decision.refused["retry_after"] == pytest.approx(5.0)
    assert decision.refused["global"] is False
    headers = decision.headers
    assert headers["X-RateLimit-Limit"] == "5" and headers["X-RateLimit-Remaining"] == "0"
    assert float(headers["X-RateLimit-Reset-After"]) == pytest.approx(5.0)
    assert headers["X-RateLimit-Scope"] == "user" and headers["Via"]
    assert headers["X-RateLimit-Bucket"]
    # Another channel has its own bucket.
    assert limits.check("POST", "/channels/{channel_id}/messages", "43").refused is None
    assert limits.invalid[429] == 1


def test_the_global_limit_holds_every_route_and_says_so():
    limits = RateLimits(global_per_second=3)
    limits.clock = lambda: 7.0
    for channel in ("1", "2", "3"):
        assert limits.check("POST", "/channels/{channel_id}/messages", channel).refused is None
    decision = limits.check("POST", "/channels/{channel_id}/messages", "4")
    assert decision.refused["global"] is True
    assert decision.headers["X-RateLimit-Global"] == "true"
    assert decision.headers["X-RateLimit-Scope"] == "global"
    assert limits.refused["global"] == 1


def test_discord_py_holds_all_requests_on_a_global_429_then_sends_them():
    box = {}

    async def body(world, client):
        box["w"] = world
        await asyncio.gather(*(client.get_channel(CHANNEL if i % 2 else OTHER).send(f"g{i}") for i in range(8)))

    scenario(body, limits=RateLimits(global_per_second=4))
    world = box["w"]
    delivered = [m.content for c in (CHANNEL, OTHER) for m in world.channel_messages(c)]
    assert sorted(delivered) == sorted(f"g{i}" for i in range(8))
    assert world.rest.rate_limits.refused["global"] >= 1


def test_interaction_endpoints_are_exempt_from_the_global_limit():
    limits = RateLimits(global_per_second=1)
    assert ("POST", "/interactions/{interaction_id}/{interaction_token}/callback") not in limits.routes
    box = {}

    async def body(world, client):
        box["w"] = world
        # Interaction replies never pass through the HTTP client the limiter guards.
        await client.http.request(Route("GET", "/users/@me"))

    scenario(body, limits=limits)
    assert all(not r.route.startswith("/interactions/") for r in box["w"].requests)


def test_a_dm_to_closed_dms_is_a_counted_invalid_request():
    box = {}

    async def body(world, client):
        box["w"] = world
        world.directory.close_dms(AISYAH)
        dm = await client.create_dm(discord.Object(AISYAH))
        with pytest.raises(discord.Forbidden):
            await dm.send("hello")

    scenario(body)
    world = box["w"]
    assert world.rest.rate_limits.invalid[403] == 1
    assert len([r for r in world.requests if r.status == 403]) == 1  # discord.py does not retry a 403


def test_edits_and_deletes_have_their_own_buckets():
    box = {}

    async def body(world, client):
        box["w"] = world
        channel = client.get_channel(CHANNEL)
        message = await channel.send("table")
        start = asyncio.get_running_loop().time()
        for i in range(6):
            await message.edit(content=f"table v{i}")
        box["edit_time"] = asyncio.get_running_loop().time() - start
        others = [await channel.send(f"x{i}") for i in range(4)]
        for m in others:
            await m.delete()

    scenario(body)
    world = box["w"]
    assert [m.content for m in world.channel_messages(CHANNEL)] == ["table v5"]
    assert box["edit_time"] >= 5.0  # the 6th edit waited for the edit bucket's next window
    assert world.log.rate_limited() == []
