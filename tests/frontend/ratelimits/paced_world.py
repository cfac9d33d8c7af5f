"""A discord.py client paced by the bot's pacer, in a world enforcing Discord's limits (virtual time)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.frontend.delivery.ratelimit import GlobalPacer, install_pacer
from tools.sim import FakeDiscord, virtual_time
from tools.sim.ratelimit import RateLimits


async def paced_client(guild: int, channels: list[int]) -> tuple[FakeDiscord, discord.Client, GlobalPacer]:
    """The world (one guild with ``channels``), the connected client and its pacer, past login's window."""
    world = FakeDiscord(rate_limits=RateLimits())
    world.add_guild(guild, "Kedai Kopi")
    for channel in channels:
        world.add_channel(guild, channel, f"c{channel}")
    client = discord.Client(intents=discord.Intents.default())
    await world.connect(client)
    pacer = install_pacer(client.http)
    await asyncio.sleep(1.0)  # login's requests belong to an earlier window
    return world, client, pacer


def run_paced(guild: int, channels: list[int], body: Callable[..., Awaitable[None]]) -> dict[str, Any]:
    """Run ``await body(world, client, pacer, box)`` in a paced world on the virtual-time loop; returns ``box``.

    The client and the world are closed afterwards whatever happens, and what the body put in
    ``box`` is left to assert on once the loop has ended.
    """
    box: dict[str, Any] = {}

    async def main() -> None:
        world, client, pacer = await paced_client(guild, channels)
        try:
            await body(world, client, pacer, box)
        finally:
            await client.close()
            world.close()

    virtual_time.run(main())
    return box
