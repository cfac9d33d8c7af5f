"""One match's slow wake-up never holds up another's, through the real Discord path.

Two DRUMP matches of AI seats in two channels of one server: in the first a hard seat searches (its search
held until the test lets it finish, as a busy search pool would), and the second's AI move, due meanwhile, is
played and shown on its table all the same. Fired one after the other, the second would wait for the search.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.frontend.ui.components import AddAISelect, LobbyButton
from bot.play.match_types import LiveMatch
from tests.frontend.shared_search import SharedSearch
from tests.frontend.table_driver import CHANNEL, GUILD, HOST, Table, tick

SECOND_CHANNEL = 7_000_000_000_000_003
THINK_MS = 400
PAUSE = 2.0
#: Seconds the test waits for what should happen at once (a bound, never a measurement).
SOON = 5.0


class HeldSearch(SharedSearch):
    """The bot's own search pool, held: a search starts when asked and answers only once ``go`` is set."""

    def __init__(self) -> None:
        self.asked = asyncio.Event()
        self.go = asyncio.Event()

    async def before(self, seed: int) -> None:
        self.asked.set()
        await self.go.wait()


async def ai_match(table: Table, channel: int, level: str) -> int:
    """A started DRUMP match of two AI seats at ``level`` in ``channel`` (the host opens it and leaves)."""
    lobby = (await table.slash(HOST, "new", channel=channel)).message
    assert lobby is not None
    match_id = max(table.bot.service.matches._cache)
    await table.click(HOST, lobby, LobbyButton.custom_id_for(match_id, "leave"))
    for _ in range(2):
        await table.select(HOST, table.world.message(lobby.id), AddAISelect.custom_id_for(match_id), [level])
    await table.click(HOST, table.world.message(lobby.id), LobbyButton.custom_id_for(match_id, "start"))
    return match_id


def live(table: Table, match_id: int) -> LiveMatch:
    found = table.bot.service.matches.cached(match_id)
    assert found is not None
    return found


async def test_an_ai_move_is_not_held_up_by_another_matchs_search(table: Table, clock):
    table.world.add_channel(GUILD, SECOND_CHANNEL, "meja-dua")
    service = table.bot.service
    await service.settings.change(GUILD, "ai_think_ms", THINK_MS)
    await service.settings.change(GUILD, "ai_delay_seconds", int(PAUSE))
    thinking = await ai_match(table, CHANNEL, "hard")
    first = live(table, thinking)
    if len(first.game.rules.legal_actions(first.state, sorted(first.waiting.actors)[0])) < 2:
        pytest.skip("the hard seat's first decision is forced: nothing to search")
    waiting = await ai_match(table, SECOND_CHANNEL, "normal")
    search = HeldSearch()
    service.ai.pool = search
    second_table = live(table, waiting).record.message_id
    assert second_table is not None
    edits_before = len(table.world.log.edits_of(second_table))

    # Both wake-ups are due: the hard seat's (early, to search) and the normal seat's, after it in time.
    due = asyncio.create_task(tick(table, clock, PAUSE))
    async with asyncio.timeout(SOON):
        await search.asked.wait()
        while live(table, waiting).seq < 1 or waiting in table.bot.scheduler.running():  # moved, and shown
            await asyncio.sleep(0.01)
    assert live(table, thinking).seq == 0, "the hard seat moved before its search answered"
    # the sweep for matches without a wake-up leaves a match whose wake-up is running to it
    assert await table.bot.handlers.timers.rearm_forgotten() == 0
    assert thinking not in table.bot.scheduler.pending()
    assert len(table.world.log.edits_of(second_table)) > edits_before, "the move was not shown on its table"

    search.go.set()
    async with asyncio.timeout(SOON):
        await due
    assert live(table, thinking).seq == 1  # the pause was over: its answer is played as soon as it is ready
