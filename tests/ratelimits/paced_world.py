"""A discord.py client paced by the bot's pacer, in a world enforcing Discord's limits (virtual time)."""

from __future__ import annotations

import asyncio

import discord

from bot.ratelimit import GlobalPacer, install_pacer
from bot.sim import FakeDiscord
from bot.sim.ratelimit import RateLimits


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
