"""The match service's AI seats: each seat plays its level, hard falls back to normal without a pool,
and a bad level is refused in the lobby with nothing stored."""

from __future__ import annotations

import pytest

from bot.ai.levels import EASY, HARD, NORMAL, level_of
from bot.ai.pool import PoolUnavailable, SearchPool
from bot.frontend.compose import compose
from bot.play.match_types import MatchError
from bot.play.service import MatchService

HOST = 101


async def _ai_match(service: MatchService, levels: tuple[str, str]):
    live = await service.lobby.open(guild_id=1, channel_id=50, game_name="drump", host_id=HOST, host_name="Aisyah")
    await service.lobby.leave(live.id, HOST)
    for level in levels:
        await service.lobby.add_ai(live.id, HOST, level)
    async with service.matches.lock(live.id):
        return await service.lobby.start(live.id, HOST)


@pytest.fixture
def service(storage, clock):
    seeds = iter(range(4000, 5000))
    return compose(storage, clock, seeds=lambda: next(seeds)).service


async def test_a_bad_level_is_refused_and_nothing_is_seated(service):
    live = await service.lobby.open(guild_id=1, channel_id=50, game_name="drump", host_id=HOST, host_name="Aisyah")
    with pytest.raises(MatchError, match="AI level"):
        await service.lobby.add_ai(live.id, HOST, "impossible")
    stored = await service.store.get_match(live.id)
    assert stored.players == [HOST] and "ai_levels" not in stored.table_options


async def test_levels_are_stored_per_seat_and_each_seat_plays_its_own(service):
    live = await _ai_match(service, (EASY, HARD))
    stored = await service.store.get_match(live.id)
    assert level_of(stored.table_options, -1) == EASY and level_of(stored.table_options, -2) == HARD
    service.ai.pool = SearchPool()
    service.ai.pool.disabled = True  # no worker processes: hard must still move, as normal
    for _ in range(30):
        actor = sorted(live.waiting.actors)[0]
        async with service.matches.lock(live.id):
            outcomes = await service.moves.ai_move(live.id, actor)
        if outcomes[-1].finished:
            break
    assert service.ai.decided[EASY] > 0 and service.ai.decided[NORMAL] > 0
    assert service.ai.decided[HARD] == 0


async def test_a_disabled_pool_says_so():
    pool = SearchPool()
    pool.disabled = True
    with pytest.raises(PoolUnavailable):
        await pool.think("drump", {}, [], -1, 1, 100)


async def test_a_hard_search_runs_off_the_event_loop_while_other_matches_play(service):
    import asyncio

    from bot.ai.pool import SHARED

    hard = await _ai_match(service, (HARD, HARD))
    await service.settings.change(1, "ai_think_ms", 1000)
    other = await service.lobby.open(guild_id=1, channel_id=51, game_name="drump", host_id=7, host_name="Citra")
    await service.lobby.join(other.id, 8, "Dewi")
    async with service.matches.lock(other.id):
        await service.lobby.start(other.id, 7)
    service.ai.pool = SHARED
    actor = sorted(hard.waiting.actors)[0]
    if len(hard.game.rules.legal_actions(hard.state, actor)) < 2:
        pytest.skip("the first decision is forced; nothing to search")

    async def hard_move():
        async with service.matches.lock(hard.id):
            return await service.moves.ai_move(hard.id, actor)

    thinking = asyncio.create_task(hard_move())
    played = 0
    for _ in range(5):  # moves in the other match, each committed while the search goes on
        await asyncio.sleep(0)
        person = sorted(other.waiting.actors)[0]
        legal = other.game.rules.legal_actions(other.state, person)
        async with service.matches.lock(other.id):
            await service.moves.act(other.id, person, legal[-1], decision=other.decision)
        played += 1
        assert not thinking.done(), "a search finished within a few quick moves elsewhere"
    outcomes = await thinking
    assert played == 5 and outcomes and service.ai.decided[HARD] == 1
