"""Laga Jakarta at a table of four: how many clicks a move takes, and how often a player is mentioned.

Seeded whole 4-player matches through the real bot and the stand-in, every seat a person
clicking the real picker (``player.Driver``: Take action once, then the picker that stays
open with the next question), each choosing with the game's own policy from their view.
Counted from Start to the end of each match:

* **Clicks per move**: clicks (Take action included) per committed decision, overall and by
  what was decided (the move on the ring, a resource choice, the cards seen, ...).
* **Clicks per turn**: every click of every seat, per turn of the game.
* **Mentions per player per turn**: channel mentions / (seats x turns), as ``whole`` counts them.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from typing import Any

from bot.frontend.ui.components import LobbyButton
from bot.kernel.contract import Action
from bot.kernel.module import get_game
from bot.kernel.rng import Rng
from bot.play.record import ACTIVE
from tools.bench import prune
from tools.bench.arena import Arena
from tools.bench.game_arena import game_arena
from tools.bench.game_figures import GameFigures
from tools.bench.player import Driver
from tools.bench.whole import MAX_STEPS, ChannelWatch, MatchFigures, open_match

PLAYERS = 4
#: Decisions grouped as a player thinks of them (the action types of each).
DECISIONS = {
    "move on the ring": ("sow", "gps"),
    "resources to take": ("take",),
    "cards seen": ("look", "hire", "hire_free", "keep"),
    "Dream to complete": ("complete",),
    "Stasiun copy": ("copy",),
    "end of turn": ("end",),
    "step done": ("done",),
    "ability": (
        "transform",
        "swap",
        "raid",
        "call",
        "seduce",
        "deactivate",
        "bury",
        "psychic",
        "peek",
        "activate",
        "steal",
    ),
    "News or salary": ("news", "salary"),
}
KIND = {t: kind for kind, types in DECISIONS.items() for t in types}


async def _play(arena: Arena, seat: Any, rng: Rng) -> tuple[MatchFigures, Counter[str], Counter[str]]:
    game = get_game("laga")
    figures = MatchFigures(game=game.name, players=PLAYERS, humans=PLAYERS)
    world, bot = arena.world, arena.bot
    match_id, lobby = await open_match(arena, seat, game, PLAYERS, 0)
    watch = ChannelWatch(world, seat.channel_id, figures)
    watch.baseline()
    bot.announcer.move_listeners.append(watch.on_move)
    driver = Driver(arena, rng)
    policy = game.policies["normal"]()
    clicks: Counter[str] = Counter()
    decisions: Counter[str] = Counter()
    try:
        await arena.send(seat.players[0], lobby, LobbyButton.custom_id_for(match_id, "start"))
        live = arena.service.matches._cache[match_id]
        watch.started(live.waiting.turn)
        watch.scan()

        def choose(player: int, legal: list[Action]) -> Action:
            return policy.choose(live.game.rules.view(live.state, player), legal, rng)

        for _ in range(MAX_STEPS):
            if live.record.status != ACTIVE:
                break
            player = sorted(live.waiting.actors)[0]
            sample = await driver.play_move(match_id, player=player, choose=choose)
            kind = KIND.get(sample.action, sample.action)
            clicks[kind] += sample.setup_clicks + 1
            decisions[kind] += 1
            watch.scan()
        else:
            raise RuntimeError(f"laga match #{match_id} did not end in {MAX_STEPS} steps")
        await world.settle()
        watch.scan()
    finally:
        bot.announcer.move_listeners.remove(watch.on_move)
        driver.forget_players(seat.players)
    return figures, clicks, decisions


async def run_laga(*, matches: int, seed: int, workdir: str) -> dict[str, Any]:
    """``matches`` seeded whole matches of Laga Jakarta at four seats; their click and mention figures."""
    start = time.perf_counter()
    clicks: Counter[str] = Counter()
    decisions: Counter[str] = Counter()
    turns = mentions = 0
    async with game_arena("laga", players=PLAYERS, matches=matches, seed=seed, workdir=workdir) as arena:
        for i, seat in enumerate(arena.seats):
            figures, c, d = await _play(arena, seat, Rng.seeded(seed * 1_000_003 + i))
            clicks.update(c)
            decisions.update(d)
            turns += figures.turns
            mentions += figures.mentions
            prune.sweep(arena.world)
    total_clicks, total_decisions = sum(clicks.values()), sum(decisions.values())
    return {
        "matches": matches,
        "players": PLAYERS,
        "turns_per_match": turns / max(1, matches),
        "clicks_per_move": total_clicks / max(1, total_decisions),
        "clicks_per_turn": total_clicks / max(1, turns),
        "mentions_per_player_per_turn": mentions / max(1, PLAYERS * turns),
        "by_decision": {
            k: {"decisions": decisions[k], "clicks_per_decision": clicks[k] / decisions[k]}
            for k in sorted(decisions, key=lambda k: -decisions[k])
        },
        "seconds": time.perf_counter() - start,
    }


def render(laga: dict[str, Any]) -> list[str]:
    """The report's lines for these figures."""
    lines = [
        "",
        f"Laga Jakarta, {laga['matches']} seeded whole matches at {laga['players']} seats, every seat "
        "clicking the picker:",
        f"  clicks per move {laga['clicks_per_move']:.2f} · clicks per turn {laga['clicks_per_turn']:.2f} · "
        f"mentions per player per turn {laga['mentions_per_player_per_turn']:.2f} · "
        f"turns per match {laga['turns_per_match']:.1f}",
    ]
    lines += [
        f"  {kind}: {row['decisions']} decisions, {row['clicks_per_decision']:.2f} clicks each"
        for kind, row in laga["by_decision"].items()
    ]
    return lines


def main() -> None:  # pragma: no cover - a quick look: python -m tools.bench.games.laga
    import json
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        print(json.dumps(asyncio.run(run_laga(matches=4, seed=1, workdir=tmp)), indent=2))


FIGURES = GameFigures(
    game="laga",
    run=run_laga,
    render=render,
    order=20,
    describe=lambda matches: f"Laga Jakarta: {matches} whole matches at four seats (clicks per move and turn)",
)


if __name__ == "__main__":
    main()
