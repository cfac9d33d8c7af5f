"""Every game at its largest table: resident memory per live match and move latency against the floor.

The size runs (``scale``) load DRUMP only. Here one child process per game
(see ``jobs``: memory only means something from a fresh interpreter) opens
``matches`` live matches of that game at the most seats it allows (6 for the
multi-player games, 2 for DRUMP), every seat a person, through the bot's real
handlers (``/<game> new``, Join, Start), and plays ``opening`` moves in each
so the states are mid-game (hands dealt, boards and discards filling, pictures
on as the server default has them). Then:

* **Memory per live match**: resident memory with the N matches live, less
  the empty bot's (the same world and bot, one warm-up match already played
  so one-off costs such as lazy imports and caches are not spread over the N),
  divided by N, both read once the background work of the last moves is done.
  Bounded caches (recent hand pictures, SQLite's page cache, malloc's arenas)
  fill with the first matches and are spread over N; resident memory is also
  read at N/2, so the second half's cost per match (what one more match adds
  once they are full) is reported beside it. The stand-in's own objects
  (``sim_memory``: Discord's memory in real life) are sized at the same
  moments, so the bot's share can be told apart.
  With ``trace``, ``tracemalloc`` also names the source lines
  that hold what the N matches added (it slows the run; only to find out why).
* **Move latency**: single picker clicks one at a time, each in a match
  chosen afresh, a floor click (``floor.Floor``) before every one in the same
  process, so the ratio compares like with like on a busy machine. A match
  that ends is replaced by a new one in its channel outside the timing.

Moves are chosen by the game's own policy from the mover's view (as in the
whole-match figures), so they look like play; that choice is made before the
click and is not timed.
"""

from __future__ import annotations

import time
import tracemalloc
from typing import Any

from bot.frontend.ui.components import LobbyButton
from bot.kernel.contract import Action
from bot.kernel.module import GameModule, all_games
from bot.kernel.rng import Rng
from tools.bench import prune
from tools.bench.arena import Arena, Seat
from tools.bench.floor import Floor
from tools.bench.game_arena import game_arena
from tools.bench.machine import rss_bytes
from tools.bench.player import Driver, MoveSample
from tools.bench.scale import view_store
from tools.bench.sim_memory import sim_bytes
from tools.bench.stats import summary
from tools.bench.targets import Target, commit_alone_ms
from tools.bench.whole import open_match, table_sizes

#: The issue's targets, per game: resident memory per live match (KB) and move latency p50 / floor p50.
MEMORY_LIMIT_KB = 100.0
LATENCY_RATIO_LIMIT = 3.0
#: Forget the stand-in's logs this often (clicks), so they never count as the bot's memory.
SWEEP_EVERY = 100
#: Source lines kept from a ``trace`` run.
TRACE_LINES = 15


def largest_table(game: GameModule) -> int:
    return max(table_sizes(game))


class Mover:
    """Opens matches of one game in the arena's seats and plays the next move of any of them."""

    def __init__(self, arena: Arena, game: GameModule, rng: Rng) -> None:
        self.arena, self.game, self.rng = arena, game, rng
        self.driver = Driver(arena, rng)
        self.policy = game.policies["normal"]()
        self.replaced = 0

    async def open(self, seat: Seat) -> int:
        """``/<game> new``, Join by every other seat, Start: a live match with every seat a person."""
        match_id, lobby = await open_match(self.arena, seat, self.game, len(seat.players), 0)
        await self.arena.send(seat.players[0], lobby, LobbyButton.custom_id_for(match_id, "start"))
        return match_id

    async def move(self, seat: Seat) -> MoveSample:
        """The first person who may act in the seat's match plays the policy's choice through the picker."""
        assert seat.match_id is not None
        live = self.arena.service.matches._cache[seat.match_id]
        player = sorted(live.waiting.actors)[0]

        def choose(who: int, legal: list[Action]) -> Action:
            return self.policy.choose(live.game.rules.view(live.state, who), legal, self.rng)

        sample = await self.driver.play_move(seat.match_id, player=player, choose=choose)
        if sample.finished:
            self.driver.forget_players(seat.players)
            prune.drop_finished(self.arena.world, seat.channel_id, seat.players)
            await self.open(seat)
            self.replaced += 1
        return sample


def top_allocations(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot, matches: int) -> dict[str, Any]:
    """What the live matches added, by source line and by file, in bytes per live match."""

    def rows(key: str) -> list[dict[str, Any]]:
        stats = after.compare_to(before, key)[:TRACE_LINES]
        return [
            {
                "where": str(s.traceback[0]),
                "bytes_per_match": s.size_diff / matches,
                "blocks_per_match": s.count_diff / matches,
            }
            for s in stats
        ]

    total = sum(s.size_diff for s in after.compare_to(before, "filename"))
    return {"traced_bytes_per_match": total / matches, "by_line": rows("lineno"), "by_file": rows("filename")}


async def _at_rest(arena: Arena) -> None:
    """Let the background work of the last moves (table edits, hand DMs) finish, then forget the stand-in's logs:
    what the bot holds for idle live matches, not a picture still on its way to Discord."""
    await arena.world.settle()
    prune.sweep(arena.world)


async def _timed_clicks(mover: Mover, seats: list[Seat], clicks: int, floor: Floor | None) -> dict[str, list[float]]:
    """``clicks`` moves one at a time over the seats in a fresh order each pass; a floor click before each."""
    got: dict[str, list[float]] = {"latency": [], "cpu": [], "floor": [], "floor_cpu": []}
    order = list(seats)
    done = 0
    while done < clicks:
        mover.rng.shuffle(order)
        for seat in order[: clicks - done]:
            if floor is not None:
                got["floor"].append(await floor.click())
                got["floor_cpu"].append(floor.cpu[-1])
            sample = await mover.move(seat)
            got["latency"].append(sample.latency)
            got["cpu"].append(sample.cpu)
            done += 1
            if done % SWEEP_EVERY == 0:
                prune.sweep(mover.arena.world)
    return got


async def run_game_size(
    *,
    game: str,
    matches: int,
    opening: int,
    moves: int,
    warmup: int,
    seed: int,
    workdir: str,
    trace: bool = False,
    pictures: bool = True,
) -> dict[str, Any]:
    """``matches`` live matches of ``game`` at its largest table, ``opening`` moves in each; see the module."""
    chosen = next(g for g in all_games() if g.name == game)
    players = largest_table(chosen)
    floor = await Floor().open()
    try:
        async with game_arena(
            f"sizes-{game}", players=players, matches=matches + 1, seed=seed, workdir=workdir
        ) as arena:
            mover = Mover(arena, chosen, Rng.seeded(seed))
            if not pictures:  # for comparison only: the figures are taken with the server default (on)
                await arena.service.settings.change(arena.seats[0].guild_id, "pictures", 0)
            first, seats = arena.seats[0], arena.seats[1:]
            first.match_id = await mover.open(first)  # the warm-up match stays live, inside "empty"
            for _ in range(opening):
                await mover.move(first)
            await _at_rest(arena)
            rss_empty, sim_empty = rss_bytes(), sim_bytes(arena.world)
            if trace:
                tracemalloc.start(1)
                before = tracemalloc.take_snapshot()
            started = time.perf_counter()
            half = matches // 2
            rss_half, sim_half = rss_empty, sim_empty
            for i, seat in enumerate(seats, 1):
                seat.match_id = await mover.open(seat)
                for _ in range(opening):
                    await mover.move(seat)
                if i % 20 == 0:
                    prune.sweep(arena.world)
                if i == half and not trace:
                    await _at_rest(arena)
                    rss_half, sim_half = rss_bytes(), sim_bytes(arena.world)
            await _at_rest(arena)
            fill_seconds = time.perf_counter() - started
            rss_live, sim_live = rss_bytes(), sim_bytes(arena.world)
            traced = None
            if trace:
                traced = top_allocations(before, tracemalloc.take_snapshot(), matches)
                tracemalloc.stop()
            await _timed_clicks(mover, seats, warmup, floor)
            timed = await _timed_clicks(mover, seats, moves, floor)
            prune.sweep(arena.world)
            await arena.world.settle()  # raises what handlers logged instead of raising
            result: dict[str, Any] = {
                "game": game,
                "title": chosen.title,
                "players": players,
                "matches": matches,
                "opening_moves": opening,
                "pictures": pictures,
                "fill_seconds": fill_seconds,
                "memory": {
                    "rss_empty_bytes": rss_empty,
                    "rss_live_bytes": rss_live,
                    "rss_per_live_match_bytes": (rss_live - rss_empty) / matches,
                    "rss_half_bytes": rss_half,
                    "rss_per_added_match_bytes": (rss_live - rss_half) / (matches - half),
                    "stand_in_per_live_match_bytes": (sim_live - sim_empty) / matches,
                    "stand_in_per_added_match_bytes": (sim_live - sim_half) / (matches - half),
                    "view_store": view_store(arena.bot),
                },
                "latency_ms": summary(timed["latency"], 1000.0),
                "floor_ms": summary(timed["floor"], 1000.0),
                "cpu_ms": summary(timed["cpu"], 1000.0),
                "floor_cpu_ms": summary(timed["floor_cpu"], 1000.0),
                "matches_replaced": mover.replaced,
                "live_matches_at_end": len(arena.service.matches),
            }
            if traced is not None:
                result["tracemalloc"] = traced
            return result
    finally:
        await floor.close()


def latency_ratio(entry: dict[str, Any], commit_ms: float = 0.0) -> float:
    """Move p50 over the floor's p50 (plus ``commit_ms``, one stored commit alone, when given)."""
    floor = entry["floor_ms"]["p50"] + commit_ms
    return entry["latency_ms"]["p50"] / floor if floor else float("nan")


def targets(results: dict[str, Any]) -> list[Target]:
    """Per game: memory per live match, and move latency p50 against the floor plus one stored commit alone
    (both measured in the same run), at its largest table."""
    commit = commit_alone_ms(results)
    if commit is None:
        return []
    out: list[Target] = []
    for name, entry in sorted(((results.get("game_sizes") or {}).get("games") or {}).items()):
        where = f"{name}, {entry['players']} seats, {entry['matches']} matches"
        memory = entry["memory"]
        # What one more live match costs the bot once its bounded caches are full: the second half's
        # growth, less the stand-in's own objects (Discord's side, not the bot's).
        added = memory["rss_per_added_match_bytes"] - memory["stand_in_per_added_match_bytes"]
        out.append(
            Target(f"bot memory per added live match, stand-in aside ({where})", added / 1000.0, MEMORY_LIMIT_KB, "KB")
        )
        out.append(
            Target(
                f"move latency p50 / floor-plus-commit p50 ({where})",
                latency_ratio(entry, commit),
                LATENCY_RATIO_LIMIT,
                "x",
            )
        )
    return out
