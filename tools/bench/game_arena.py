"""One game's figures arena: a fresh world of seats and a bot on its own database, closed after use.

Each game's own figures (a module of ``tools/bench/games/``, see ``game_figures``) plays
its own seeded whole matches through the real bot; what they share is this setup and
teardown, so a change to how a benchmark bot is built reaches every game at once.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from tools.bench.arena import Arena, make_bot
from tools.bench.tracker import HANDLERS, HandlerTracker
from tools.bench.whole import build_world


@asynccontextmanager
async def game_arena(
    name: str, *, players: int, matches: int, seed: int, workdir: str, handlers: tuple[str, ...] = HANDLERS
) -> AsyncIterator[Arena]:
    """``matches`` channels of ``players`` members each, served by one bot on ``workdir/name.sqlite3``.

    A database left by an earlier run is removed first, so figures never include old matches.
    """
    world, seats = build_world(players, matches)
    db_path = str(Path(workdir) / f"{name}.sqlite3")
    for leftover in Path(workdir).glob(f"{name}.sqlite3*"):
        leftover.unlink()
    bot = make_bot(db_path, seed)
    await world.connect(bot)
    try:
        yield Arena(world, bot, db_path, seats, HandlerTracker(bot.handlers, handlers))
    finally:
        if not bot.is_closed():
            await bot.close()
        world.close()
