"""The Discord driver of tests/discord, for the picture tests that go through discord.py's real code."""

from __future__ import annotations

import pytest

from tests.frontend.table_driver import Table, make_bot, make_world


@pytest.fixture
async def table(db_path, clock):
    world = make_world()
    bot = make_bot(db_path, clock)
    await world.connect(bot)
    driven = Table(world, bot)
    yield driven
    try:
        world.check_finished()  # no unanswered interaction, no misuse (e.g. an embed naming a missing upload)
    finally:
        for each in {id(bot): bot, id(driven.bot): driven.bot}.values():
            if not each.is_closed():
                await each.close()
            elif each.storage is not None:
                await each.storage.close()
                each.storage = None
        world.close()
