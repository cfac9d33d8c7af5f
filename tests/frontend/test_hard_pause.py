"""A hard AI seat thinks during the AI pause, through the real Discord path.

Its search starts as early before the pause's end as the search takes (``ai_think_ms``), so its move lands
when any AI move would (``ai_delay_seconds`` after the last), not a search's length later; and an answer
thought out for a position the match has moved past is never played.
"""

from __future__ import annotations

import pytest

from bot.ai.levels import HARD, level_of
from bot.frontend.ui.components import AddAISelect, LobbyButton
from bot.play.ai_seats import move_seed
from bot.play.match_types import AI
from tests.frontend.shared_search import SharedSearch
from tests.frontend.table_driver import HOST, Table, tick

THINK_MS = 400
PAUSE = 2.0


class WatchedSearch(SharedSearch):
    """The bot's own search pool, watched: the seeds of the decisions it is asked to search."""

    def __init__(self) -> None:
        self.seeds: list[int] = []

    async def before(self, seed: int) -> None:
        self.seeds.append(seed)


async def hard_match(table: Table) -> tuple[int, WatchedSearch]:
    """A started DRUMP match of two hard AI seats (the host opens it and leaves), hard thinking THINK_MS."""
    lobby = (await table.slash(HOST, "new")).message
    match_id = table.live().id
    await table.click(HOST, lobby, LobbyButton.custom_id_for(match_id, "leave"))
    for _ in range(2):  # each choice of a level seats an AI at it
        await table.select(HOST, table.table_message(), AddAISelect.custom_id_for(match_id), ["hard"])
    assert {level_of(table.live().record.table_options, seat) for seat in (-1, -2)} == {HARD}
    guild = table.live().record.guild_id
    await table.bot.service.settings.change(guild, "ai_think_ms", THINK_MS)
    await table.bot.service.settings.change(guild, "ai_delay_seconds", int(PAUSE))
    await table.click(HOST, table.table_message(), LobbyButton.custom_id_for(match_id, "start"))
    live = table.live()
    mover = sorted(live.waiting.actors)[0]
    if len(live.game.rules.legal_actions(live.state, mover)) < 2:
        pytest.skip("the first decision is forced: nothing to search")
    search = WatchedSearch()
    table.bot.service.ai.pool = search
    return match_id, search


async def test_a_hard_seat_searches_during_the_pause_and_moves_at_its_end(table: Table, clock):
    match_id, search = await hard_match(table)
    start = table.live()
    seed, mover = start.record.seed, sorted(start.waiting.actors)[0]

    assert await tick(table, clock, PAUSE - THINK_MS / 1000 - 0.1) == 0 and not search.seeds
    await tick(table, clock, 0.1)  # the pause less the search's length: it searches now
    assert search.seeds == [move_seed(seed, 0)]
    assert table.live().seq == 0, "the answer waits for the pause's end"

    await tick(table, clock, THINK_MS / 1000)  # the pause is over: the answer is played, not searched again
    assert table.live().seq == 1 and search.seeds == [move_seed(seed, 0)]
    log = await table.bot.storage.matches.action_log(match_id)
    assert [(a.seq, a.player_id) for a in log] == [(1, mover)]


async def test_an_answer_the_match_moved_past_is_not_played(table: Table, clock):
    match_id, search = await hard_match(table)
    live = table.live()
    seed, mover = live.record.seed, sorted(live.waiting.actors)[0]
    legal = live.game.rules.legal_actions(live.state, mover)

    await tick(table, clock, PAUSE - THINK_MS / 1000)  # searched; the answer waits for the pause's end
    assert search.seeds == [move_seed(seed, 0)] and table.live().seq == 0
    service = table.bot.service
    moved = legal[-1]
    async with service.matches.lock(match_id):  # the match moves on meanwhile (as a timeout would move it)
        await service.moves.act(match_id, mover, moved, decision=None, by=AI)
    await table.bot.handlers.timers.schedule(table.live())

    for _ in range(10):
        if table.live() is None or table.live().seq >= 2:
            break
        await tick(table, clock, PAUSE)
    log = await table.bot.storage.matches.action_log(match_id)
    assert log[0].action == moved
    # the second move was searched from the position after the first, never the first's stale answer
    assert search.seeds[:2] == [move_seed(seed, 0), move_seed(seed, 1)]
    assert [a.seq for a in log[:2]] == [1, 2]
