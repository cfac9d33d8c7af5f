"""Restart: how long a fresh bot takes to reload every live match and answer a click.

The old bot is closed and a new ``GameBot`` attached to the same simulated
Discord and the same database file, as a process restart would: its
``setup_hook`` opens the database, reloads every live match (state JSON
decoded, deadlines rescheduled) and syncs commands, then the guilds arrive.
"Ready" is measured to the reply of the first click on a table message sent
before the restart, since that is when a player sees the bot is back.
"""

from __future__ import annotations

import time
from typing import Any

from bot.frontend.ui.components import ActButton
from tools.bench.arena import Arena, make_bot


async def measure_restart(arena: Arena, seed: int) -> dict[str, Any]:
    expected = len(arena.service.matches)
    await arena.bot.close()
    bot = make_bot(arena.db_path, seed + 1)
    start, cpu = time.monotonic(), time.process_time()  # monotonic: the clock the stand-in stamps requests with
    await arena.world.connect(bot)
    reloaded_at, cpu = time.monotonic(), time.process_time() - cpu
    arena.attach(bot)
    loaded = len(bot.service.matches)
    if loaded != expected:
        raise RuntimeError(f"the fresh bot reloaded {loaded} live matches, expected {expected}")
    seat = arena.seats[len(arena.seats) // 2]
    assert seat.match_id is not None
    live = arena.service.matches._cache[seat.match_id]
    player = sorted(live.game.rules.actors(live.state))[0]
    table = arena.world.message(live.record.message_id)
    record = await arena.send(player, table, ActButton.custom_id_for(seat.match_id, live.decision))
    first_reply = record.requests[0].at
    return {
        "matches": loaded,
        "reload_s": reloaded_at - start,
        "reload_cpu_s": cpu,
        "first_reply_ms": (first_reply - record.created_at) * 1000.0,
        "ready_s": first_reply - start,
    }
