"""The floor: a bare discord.py bot answering a button click with an edit.

No game, no database, no rendering: one DynamicItem button whose callback
edits the message it is on, served by the same in-process Discord stand-in
as the real bot. Whatever a click costs here is discord.py's own dispatch
plus the stand-in, the least any bot answering a click can spend; the real
move latencies are printed as multiples of it, which holds up on a noisy
machine far better than milliseconds do.
"""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any

import discord
from discord.ext import commands

from tools.sim import FakeDiscord

GUILD, USER = 8_400_000_000_000_000_001, 8_400_000_000_000_000_002
_CHANNEL_BASE = 8_400_000_000_000_001_000


class FloorButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"floor:(?P<n>\d+)"):
    """A restart-proof button, like the bot's own: matched by custom_id, then edits its message."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"floor:{n}", label="Press"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> FloorButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(content=f"Pressed (interaction {interaction.id}).")
        interaction.client.answered(interaction.id)  # type: ignore[attr-defined]


class FloorBot(commands.Bot):
    """The smallest bot that answers a component: guilds intent, one dynamic item."""

    def __init__(self) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None)
        self._waiting: dict[int, asyncio.Future[None]] = {}

    async def setup_hook(self) -> None:
        self.add_dynamic_items(FloorButton)

    def expect(self, interaction_id: int) -> asyncio.Future[None]:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[interaction_id] = future
        return future

    def answered(self, interaction_id: int) -> None:
        future = self._waiting.pop(interaction_id, None)
        if future is not None and not future.done():
            future.set_result(None)


class Floor:
    """The floor bot in a world of its own, ready to be clicked; ``open`` then ``click``, ``close``.

    It can share an event loop with the game bot, so a size run interleaves
    floor clicks with its moves and both see the same machine at the same
    moment: on a shared machine that keeps the ratio honest.
    """

    def __init__(self, channels: int = 10) -> None:
        self.world = FakeDiscord()
        self.bot = FloorBot()
        self.channels = channels
        self.messages: list[Any] = []
        #: Process CPU time of each click from dispatch until answered, seconds.
        self.cpu: list[float] = []
        self._clicks = 0

    async def open(self) -> Floor:
        self.world.add_guild(GUILD, "Floor")
        self.world.add_member(GUILD, USER, "Presser")
        await self.world.connect(self.bot)
        for i in range(self.channels):
            channel_id = _CHANNEL_BASE + i
            self.world.add_channel(GUILD, channel_id, f"floor-{i}")
            view = discord.ui.View(timeout=None)
            view.add_item(FloorButton(0))
            sent = await self.bot.get_partial_messageable(channel_id, guild_id=GUILD).send("Press me.", view=view)
            self.messages.append(self.world.message(sent.id))
        return self

    async def click(self, message: Any | None = None) -> float:
        """One click, returned when answered; its latency (dispatch to reply request) in seconds."""
        self._clicks += 1
        target = message if message is not None else self.messages[self._clicks % len(self.messages)]
        cpu = time.process_time()
        record = await self.world.click(self.bot, USER, target, "floor:0", wait=False)
        await asyncio.wait_for(self.bot.expect(record.id), 30.0)
        self.cpu.append(time.process_time() - cpu)
        self.world.log.by_token.pop(record.token, None)  # the stand-in's log, not the bot's memory
        if self._clicks % 200 == 0:
            self.world.requests.clear()
            self.world.interactions.clear()
        return record.requests[0].at - record.created_at

    async def close(self) -> None:
        await self.world.settle()
        await self.bot.close()
        self.world.close()


async def measure_floor(clicks: int, warmup: int, concurrency: int) -> dict[str, Any]:
    """Latencies of ``clicks`` clicks one at a time, then clicks per second with ``concurrency`` at once."""
    floor = await Floor(channels=max(10, concurrency)).open()
    try:
        for _ in range(warmup):
            await floor.click()
        latencies = [await floor.click() for _ in range(clicks)]
        busy: list[float] = []

        async def presser(message: Any) -> None:
            while len(busy) < clicks:
                busy.append(await floor.click(message))

        start, cpu = time.perf_counter(), time.process_time()
        await asyncio.gather(*(presser(floor.messages[i]) for i in range(concurrency)))
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        return {
            "latencies": latencies,
            "busy_latencies": busy,
            "clicks_per_s": len(busy) / seconds,
            "clicks_per_cpu_s": len(busy) / cpu if cpu else 0.0,
        }
    finally:
        await floor.close()
