"""A logged-in bot on a fresh simulated server, per test, on the test's own event loop.

Every bot and every simulated Discord a test creates (a restart swaps in a
second bot; some tests build their own world) is tracked and closed at the
end of the test, whatever the test did with it, so no database connection,
thread or task outlives its test.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.frontend.client import GameBot
from tests.frontend.any_table import GameTable, close_table
from tests.frontend.table_driver import Table, make_bot, make_world
from tools.sim import FakeDiscord


@pytest.fixture(autouse=True)
async def close_every_bot_and_world(monkeypatch):
    bots: list[GameBot] = []
    worlds: list[FakeDiscord] = []
    bot_init, world_init = GameBot.__init__, FakeDiscord.__init__

    def track_bot(self, *args, **kwargs):
        bot_init(self, *args, **kwargs)
        bots.append(self)

    def track_world(self, *args, **kwargs):
        world_init(self, *args, **kwargs)
        worlds.append(self)

    monkeypatch.setattr(GameBot, "__init__", track_bot)
    monkeypatch.setattr(FakeDiscord, "__init__", track_world)
    yield
    for bot in bots:
        if not bot.is_closed():
            await bot.close()
        elif bot.storage is not None:  # closed before its storage opened, or a failed start
            await bot.storage.close()
            bot.storage = None
    for world in worlds:
        world.close()


@pytest.fixture
async def table(db_path, clock):
    world = make_world()
    bot = make_bot(db_path, clock)
    await world.connect(bot)
    assert bot.loop is asyncio.get_running_loop()
    driven = Table(world, bot)
    yield driven
    try:
        # Fail a test that leaves an interaction unanswered or a "thinking" defer never completed.
        world.check_finished()
    finally:
        # ``driven.bot`` may be a bot a restart swapped in; the tracker above closes every one of them.
        for each in {id(bot): bot, id(driven.bot): driven.bot}.values():
            if not each.is_closed():
                await each.close()
        world.close()


@pytest.fixture
async def tables():
    """Tables a test opens (``open_table``) and appends here, each closed after the test."""
    opened: list[GameTable] = []
    yield opened
    for table in opened:
        await close_table(table)
