"""The match service's AI seats: each seat plays its level, hard falls back to normal without a pool,
and a bad level is refused in the lobby with nothing stored."""

from __future__ import annotations

import pytest

from bot.ai.levels import EASY, HARD, NORMAL, level_of
from bot.ai.pool import PoolUnavailable, SearchPool
from bot.matches import MatchError, MatchService

HOST = 101


async def _ai_match(service: MatchService, levels: tuple[str, str]):
    live = await service.open_lobby(guild_id=1, channel_id=50, game_name="drump", host_id=HOST, host_name="Aisyah")
    await service.leave(live.id, HOST)
    for level in levels:
        await service.add_ai(live.id, HOST, level)
    async with service.lock(live.id):
        return await service.start(live.id, HOST)


@pytest.fixture
def service(storage, clock):
    seeds = iter(range(4000, 5000))
    return MatchService(storage, clock, seeds=lambda: next(seeds))


async def test_a_bad_level_is_refused_and_nothing_is_seated(service):
    live = await service.open_lobby(guild_id=1, channel_id=50, game_name="drump", host_id=HOST, host_name="Aisyah")
    with pytest.raises(MatchError, match="AI level"):
        await service.add_ai(live.id, HOST, "impossible")
    stored = await service.storage.get_match(live.id)
    assert stored.players == [HOST] and "ai_levels" not in stored.table_options


async def test_levels_are_stored_per_seat_and_each_seat_plays_its_own(service):
    live = await _ai_match(service, (EASY, HARD))
    stored = await service.storage.get_match(live.id)
    assert level_of(stored.table_options, -1) == EASY and level_of(stored.table_options, -2) == HARD
    service.ai.pool = SearchPool()
    service.ai.pool.disabled = True  # no worker processes: hard must still move, as normal
    for _ in range(30):
        actor = sorted(live.waiting.actors)[0]
        async with service.lock(live.id):
            outcomes = await service.ai_move(live.id, actor)
        if outcomes[-1].finished:
            break
    assert service.ai.decided[EASY] > 0 and service.ai.decided[NORMAL] > 0
    assert service.ai.decided[HARD] == 0


async def test_a_disabled_pool_says_so():
    pool = SearchPool()
    pool.disabled = True
    with pytest.raises(PoolUnavailable):
        await pool.think("drump", {}, [], -1, 1, 100)
