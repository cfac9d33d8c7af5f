"""A logged-in bot on a fresh simulated server, per test, on the test's own event loop."""

from __future__ import annotations

import asyncio

import pytest

from table_driver import Table, make_bot, make_world


@pytest.fixture
async def table(db_path, clock):
    world = make_world()
    bot = make_bot(db_path, clock)
    await world.connect(bot)
    assert bot.loop is asyncio.get_running_loop()
    yield Table(world, bot)
    try:
        # Fail a test that leaves an interaction unanswered or a "thinking" defer never completed.
        world.check_finished()
    finally:
        if not bot.is_closed():
            await bot.close()
        world.close()
