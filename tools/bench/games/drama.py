"""Drama Pukul 7 at a table of four people: what playing costs them, over seeded whole matches.

Four human seats play whole matches through the real bot and the stand-in, the
way people click: on their turn "Take action" on the table, then the picker (and
on in that picker while it shows their next question); in a Plot Twist window
the DM prompt, "Pass" (one click) or "Respond…" then the picker. Each seat
chooses with the game's own policy from its own view. The clock moves only
when the match waits out a timer.

Figures:

* **Clicks per turn for the turn player**: their clicks during their own turns,
  per turn; **for the others**: every other seat's clicks in those turns (Plot
  Twist answers), per seat per turn.
* **Mentions per player per turn**: ``<@id>`` mentions the bot adds to public
  channel messages, per human seat per turn (as ``bench.whole`` counts them).
* **Seconds a window stays open when nobody can answer**: checked after every
  click and timer, a Plot Twist window whose every remaining actor can only pass
  is a window waiting on nobody; the simulated seconds until it closes are
  summed (the target is 0: the automatic pass answers for them at once).

Run alone: ``python -m tools.bench.games.drama --matches 4 --seed 1``; ``python -m
bot bench`` runs it too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

from bot.frontend.ui.components import LobbyButton, PassButton, PickButton
from bot.frontend.ui.picker import walk
from bot.frontend.ui.render import picker_print
from bot.kernel.contract import Action
from bot.kernel.module import get_game
from bot.kernel.rng import Rng
from bot.play.record import ACTIVE
from tools.bench import prune
from tools.bench.arena import Arena
from tools.bench.game_arena import game_arena
from tools.bench.game_figures import GameFigures
from tools.bench.player import act_on
from tools.bench.tracker import HANDLERS
from tools.bench.whole import MAX_STEPS, ChannelWatch, MatchFigures, open_match
from tools.sim import FakeMessage
from tools.sim.seat import next_pick, one_tap, shown_path

PLAYERS = 4


@dataclass
class DramaMatch:
    turns: int = 0
    turn_clicks: int = 0
    other_clicks: int = 0
    mentions: int = 0
    windows: int = 0
    idle_windows: int = 0
    idle_seconds: float = 0.0
    moves: int = 0
    seconds: float = 0.0


@dataclass
class _IdleWatch:
    """A window round that waits on nobody able to answer, from when it was first seen."""

    rounds: dict[Any, float] = field(default_factory=dict)
    open_round: Any = None

    def check(self, live: Any, now: float, figures: DramaMatch) -> None:
        waiting = live.waiting if live.record.status == ACTIVE else None
        current = waiting.round if waiting is not None and waiting.window is not None else None
        if self.open_round is not None and current != self.open_round:
            figures.idle_seconds += now - self.rounds[self.open_round]
            self.open_round = None
        if current is None or current in self.rounds:
            return
        game, state = live.game, live.state
        stuck = all(game.rules.legal_actions(state, p) == [game.rules.timeout_action(state, p)] for p in waiting.actors)
        if stuck:
            figures.idle_windows += 1
            self.rounds[current] = now
            self.open_round = current


def _prompt(arena: Arena, player: int, match_id: int, decision: int) -> FakeMessage | None:
    """The player's DM prompt for this window round, if the bot sent one."""
    for message in reversed(arena.world.dm_messages(player)):
        if PassButton.on(message.custom_ids(), match_id, decision):
            return message
    return None


def _open_picker(
    pickers: dict[int, FakeMessage], player: int, match_id: int, decision: int, fingerprint: str
) -> FakeMessage | None:
    """The picker the player's last move left showing this very question, if any (no click to open it)."""
    message = pickers.get(player)
    if message is not None and any(
        c.startswith(("pkb:", "pks:")) and f":{match_id}:{decision}:{fingerprint}:" in c for c in message.custom_ids()
    ):
        return message
    return None


async def _click_move(arena: Arena, live: Any, player: int, action: Action, pickers: dict[int, FakeMessage]) -> int:
    """``player`` makes ``action`` as a person would; returns the clicks it took.

    A person goes on in the picker their last move left open when it shows the next question;
    otherwise they use the window's DM prompt (Pass, or Respond…) or the table's Take action.
    """
    match_id, decision = live.id, live.decision
    legal = live.game.rules.legal_actions(live.state, player)
    fingerprint = picker_print(live, legal)
    clicks, message = 0, _open_picker(pickers, player, match_id, decision, fingerprint)
    prompt = _prompt(arena, player, match_id, decision) if live.waiting.in_window else None
    if prompt is not None and action == live.game.rules.timeout_action(live.state, player):
        await arena.send(player, prompt, PassButton.on(prompt.custom_ids(), match_id, decision))
        return 1
    tap = one_tap(prompt, legal, action) if prompt is not None else None
    if prompt is not None and tap is not None:  # the prompt carries the answer: one tap
        await arena.send(player, prompt, tap)
        return 1
    if message is None:
        source = prompt or arena.world.message(live.record.message_id)
        record = await arena.send(player, source, act_on(source, match_id, decision))
        clicks, message = 1, record.message
    path = shown_path(message)
    while path and action not in walk(legal, path).candidates:
        record = await arena.send(
            player, message, PickButton.custom_id_for(match_id, decision, fingerprint, path, "back")
        )
        clicks, message, path = clicks + 1, record.message, path[:-1]
    while True:
        pick = next_pick(message, legal, path, action)
        if pick.value is None:
            record = await arena.send(player, message, pick.custom_id)
        else:
            record = await arena.send(player, message, pick.custom_id, pick.value)
        clicks += 1
        if pick.final:
            if record.message is not None:
                pickers[player] = record.message
            return clicks
        message, path = record.message, pick.path


async def play_match(arena: Arena, seat: Any, rng: Rng) -> DramaMatch:
    game = get_game("drama")
    figures = DramaMatch()
    mentions = MatchFigures(game="drama", players=PLAYERS, humans=PLAYERS)
    world, bot = arena.world, arena.bot
    match_id, lobby = await open_match(arena, seat, game, PLAYERS, 0)
    watch = ChannelWatch(world, seat.channel_id, mentions)
    watch.baseline()
    idle = _IdleWatch()
    pickers: dict[int, FakeMessage] = {}

    def on_move(outcome: Any) -> None:
        watch.on_move(outcome)
        if outcome.new_decision and outcome.after.window is not None:
            figures.windows += 1

    bot.announcer.move_listeners.append(on_move)
    clock = arena.service.clock
    policy = game.policies["normal"]()
    started = time.perf_counter()
    try:
        await arena.send(seat.players[0], lobby, LobbyButton.custom_id_for(match_id, "start"))
        live = arena.service.matches._cache[match_id]
        watch.started(live.waiting.turn)
        for _ in range(MAX_STEPS):
            idle.check(live, clock.now(), figures)
            if live.record.status != ACTIVE:
                break
            actors = sorted(live.waiting.actors)
            if not actors:
                raise RuntimeError(f"drama match #{match_id} waits on nobody: {live.waiting}")
            player = actors[0]
            turn = live.waiting.turn
            action = policy.choose(
                game.rules.view(live.state, player), game.rules.legal_actions(live.state, player), rng
            )
            clicks = await _click_move(arena, live, player, action, pickers)
            if player == turn:
                figures.turn_clicks += clicks
            else:
                figures.other_clicks += clicks
            await bot.scheduler.run_due()
            watch.scan()
        else:
            raise RuntimeError(f"drama match #{match_id} did not end in {MAX_STEPS} steps")
        await world.settle()
        watch.scan()
    finally:
        bot.announcer.move_listeners.remove(on_move)
    figures.turns, figures.mentions = mentions.turns, mentions.mentions
    figures.moves = sum(mentions.moves.values())
    figures.seconds = time.perf_counter() - started
    return figures


def summarise(matches: list[DramaMatch]) -> dict[str, Any]:
    turns = sum(m.turns for m in matches)
    n = max(1, len(matches))
    return {
        "matches": len(matches),
        "players": PLAYERS,
        "turns_per_match": turns / n,
        "moves_per_match": sum(m.moves for m in matches) / n,
        "clicks_per_turn_turn_player": sum(m.turn_clicks for m in matches) / max(1, turns),
        "clicks_per_turn_per_other_player": sum(m.other_clicks for m in matches) / max(1, turns * (PLAYERS - 1)),
        "mentions_per_player_per_turn": sum(m.mentions for m in matches) / max(1, turns * PLAYERS),
        "window_rounds_per_match": sum(m.windows for m in matches) / n,
        "windows_waiting_on_nobody": sum(m.idle_windows for m in matches),
        "window_seconds_waiting_on_nobody": sum(m.idle_seconds for m in matches),
        "seconds_per_match": sum(m.seconds for m in matches) / n,
    }


async def run_drama(*, matches: int, seed: int, workdir: str) -> dict[str, Any]:
    """``matches`` seeded whole four-player matches, all seats people."""
    async with game_arena(
        "drama", players=PLAYERS, matches=matches, seed=seed, workdir=workdir, handlers=HANDLERS + ("picking.on_pass",)
    ) as arena:
        played = []
        for i, seat in enumerate(arena.seats):
            played.append(await play_match(arena, seat, Rng.seeded(seed * 1_000_003 + i)))
            prune.sweep(arena.world)
        return summarise(played)


def section(d: dict[str, Any]) -> list[str]:
    """The report's lines for these figures."""
    return [
        "",
        f"Drama Pukul 7, {d['matches']} seeded whole matches of {d['players']} people "
        f"({d['turns_per_match']:.1f} turns, {d['moves_per_match']:.0f} moves per match)",
        f"  clicks per turn: turn player {d['clicks_per_turn_turn_player']:.2f}, "
        f"each other player {d['clicks_per_turn_per_other_player']:.2f}",
        f"  channel mentions per player per turn: {d['mentions_per_player_per_turn']:.2f}",
        f"  Plot Twist window rounds per match: {d['window_rounds_per_match']:.1f}; "
        f"waiting on nobody able to answer: {d['windows_waiting_on_nobody']}, "
        f"open {d['window_seconds_waiting_on_nobody']:.1f} s in all (target 0)",
    ]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.bench.games.drama", description=__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=4, help="seeded whole matches (default 4)")
    p.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="meja-drama-") as tmp:
        figures = asyncio.run(run_drama(matches=args.matches, seed=args.seed, workdir=tmp))
    print(json.dumps(figures, indent=2) if args.json else "\n".join(section(figures)).strip())
    return 0


FIGURES = GameFigures(
    game="drama",
    run=run_drama,
    render=section,
    order=10,
    describe=lambda matches: f"Drama Pukul 7: {matches} whole matches of four people",
)


if __name__ == "__main__":
    raise SystemExit(main())
