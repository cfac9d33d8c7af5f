"""Other matches' move latency while hard AI seats think: the search must not hold up the event loop.

Live DRUMP matches between people are played one move at a time through the real bot
(as the size benchmark does), first with nothing else going on, then while matches of
two hard AI seats each play on in the background (each AI move searching for
``think_ms`` in the worker pool). The two latency summaries should match.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.ai.levels import HARD
from bot.frontend.ui.components import AddAISelect, LobbyButton
from bot.kernel.rng import Rng
from bot.play.record import ACTIVE
from tools.bench.arena import GAME, Arena, Seat, open_arena
from tools.bench.load import one_at_a_time
from tools.bench.player import Driver
from tools.bench.stats import summary


async def _hard_match(arena: Arena, seat: Seat, think_ms: int) -> int:
    """A match of two hard AI seats in ``seat``'s channel (its host only watches), started."""
    host = seat.players[0]
    service = arena.service
    await service.settings.change(seat.guild_id, "ai_delay_seconds", 0)
    await service.settings.change(seat.guild_id, "ai_think_ms", think_ms)
    record = await arena.world.slash(arena.bot, host, seat.channel_id, GAME, "new", wait=False)
    lobby = (await arena._finish(record, f"/{GAME} new")).message
    assert lobby is not None
    match_id = int(next(c for c in lobby.custom_ids() if c.startswith("lobby:")).split(":")[1])
    await arena.send(host, lobby, LobbyButton.custom_id_for(match_id, "leave"))
    for _ in range(2):
        await arena.world.select(
            arena.bot, host, arena.world.message(lobby.id), AddAISelect.custom_id_for(match_id), [HARD]
        )  # waits until settled: nothing else runs while the hard matches open
    await arena.send(host, arena.world.message(lobby.id), LobbyButton.custom_id_for(match_id, "start"))
    return match_id


async def _keep_thinking(arena: Arena, match_id: int, stop: asyncio.Event) -> int:
    """Fire the match's AI wake-ups (as the scheduler would) until ``stop`` or the end; returns moves made."""
    moves = 0
    while not stop.is_set():
        live = await arena.service.matches.load(match_id)
        if live is None or live.record.status != ACTIVE:
            break
        before = live.record.seq
        await arena.bot.handlers.timers.on_timer(match_id)
        after = await arena.service.matches.load(match_id)
        moves += 1 if after is None or after.record.seq != before else 0
        await asyncio.sleep(0)
    return moves


async def run_ai_latency(
    *, matches: int, moves: int, hard_matches: int, think_ms: int, seed: int, workdir: str
) -> dict[str, Any]:
    """Latency of people's moves in ``matches`` matches, alone and beside ``hard_matches`` hard AI matches."""
    db_path = str(Path(workdir) / "ai-latency.sqlite3")
    for leftover in Path(workdir).glob("ai-latency.sqlite3*"):
        leftover.unlink()
    arena = await open_arena(matches + hard_matches, db_path, seed)
    try:
        hard_seats = arena.seats[matches:]
        arena.seats = arena.seats[:matches]
        for seat in arena.seats:
            await arena.create_match(seat)
        driver = Driver(arena, Rng.seeded(seed + 1))
        rng = Rng.seeded(seed)
        await one_at_a_time(driver, arena, max(20, moves // 10), rng, record_requests=False)
        alone = await one_at_a_time(driver, arena, moves, rng, record_requests=False)
        hard_ids = [await _hard_match(arena, seat, think_ms) for seat in hard_seats]
        seats_ai = arena.service.ai
        searched_before = seats_ai.decided[HARD]
        stop = asyncio.Event()
        thinkers = [asyncio.create_task(_keep_thinking(arena, mid, stop)) for mid in hard_ids]
        await asyncio.sleep(think_ms / 1000.0)  # the searches are under way before timing starts
        beside = await one_at_a_time(driver, arena, moves, rng, record_requests=False)
        stop.set()
        ai_moves = sum(await asyncio.gather(*thinkers))
        return {
            "human_matches": matches,
            "hard_matches": hard_matches,
            "hard_seats": 2 * hard_matches,
            "think_ms": think_ms,
            "moves": moves,
            "latency_alone_ms": summary((s.latency for s in alone.samples), 1000.0),
            "latency_beside_hard_ms": summary((s.latency for s in beside.samples), 1000.0),
            "hard_moves_during": ai_moves,
            "hard_searches_during": seats_ai.decided[HARD] - searched_before,
            "seconds_beside_hard": beside.seconds,
        }
    finally:
        await arena.close()
