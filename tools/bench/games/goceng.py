"""Mat Goceng's figures over whole seeded 4-player matches: clicks and the Extra Power negotiation.

Matches are played as :mod:`tools.bench.whole` plays them (people clicking the real picker, AI seats
on the bot's timers), at 4 players of whom 2 are AI seats, so that people and AI bargain with each
other. A person answers from the DM prompt that asked them (the battler's offer notification
carries their choices; a helper's Respond… opens them), otherwise from the table's Take action.

What is counted:

* **Clicks per battle card**: clicks of a person's ``play`` move, from the first click to the last.
* **Clicks to make an offer** (``offer``, a revision included) and **to accept one** (``accept``,
  or ``take_counter`` for a helper agreeing to a counter-offer).
* **Mentions per player per turn**: channel mentions / (human seats x turns), as in ``whole``.
* **How often AI seats negotiate**: of the windows an AI seat was asked in, the share where it
  offered; AI revisions; of the windows an AI battler had offers in, the share where it countered;
  counters an AI helper answered, and how many it took.
* **Whether AI helpers weigh their objective**: over seeded games of normal AI seats at 3 to 6 players,
  played straight through the engine (``next_mover`` orders the seats as the platform does), each first
  answer of an AI helper holding a fitting card is sorted by what the battler's win is worth to its
  objective from its own view (``bot.games.goceng.ai.stake``): it works against it, serves it, or is even
  (nothing it knows tips it). The figures: the share of each it declined, the mean price when it offered.

Run alone: ``python -m tools.bench.games.goceng [--matches N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from bot.frontend.ui.components import LobbyButton
from bot.games.goceng.ai import stake
from bot.kernel.contract import Action, next_mover
from bot.kernel.module import get_game
from bot.kernel.rng import Rng
from bot.play.match_types import MoveOutcome
from bot.play.record import ACTIVE
from tools.bench import prune
from tools.bench.arena import Arena
from tools.bench.game_arena import game_arena
from tools.bench.game_figures import GameFigures
from tools.bench.player import Driver
from tools.bench.whole import _GUILD, MAX_STEPS, ChannelWatch, MatchFigures, open_match, summarise

PLAYERS, AI_SEATS = 4, 2
#: AI games per whole match of the negotiation figures, for the helpers' figures (they are cheap).
HELPING_GAMES_PER_MATCH = 25
_BARGAIN = ("offer", "stand", "withdraw", "decline", "counter", "take_counter", "refuse_counter", "accept", "no_help")


@dataclass
class Bargains:
    """What one or more matches showed of the negotiation."""

    clicks: dict[str, list[int]] = field(
        default_factory=lambda: {k: [] for k in ("play", "offer", "accept", "take_counter", "counter")}
    )
    windows: int = 0
    ai_asked: int = 0
    ai_offered: int = 0
    ai_revisions: int = 0
    ai_battler_windows: int = 0
    ai_battler_countered: int = 0
    ai_counters_answered: int = 0
    ai_counters_taken: int = 0
    deals: int = 0
    moves: Counter = field(default_factory=Counter)  # type: ignore[type-arg]


class WindowLog:
    """Follows each Extra Power window from the committed moves: who was asked, who offered, who countered."""

    def __init__(self, bargains: Bargains) -> None:
        self.b = bargains
        self.asked: set[int] = set()
        self.offered: set[int] = set()
        self.battler: int | None = None
        self.had_offers = False
        self.countered = False

    def _close(self) -> None:
        if self.battler is None:
            return
        b = self.b
        b.ai_asked += sum(1 for p in self.asked if p < 0)
        b.ai_offered += sum(1 for p in self.offered if p < 0)
        if self.battler < 0 and self.had_offers:
            b.ai_battler_windows += 1
            b.ai_battler_countered += self.countered
        self.battler = None

    def on_move(self, outcome: MoveOutcome) -> None:
        kind = outcome.action.get("type")
        player = outcome.player
        if kind == "ask_help":
            self._close()
            self.b.windows += 1
            self.battler, self.asked, self.offered = player, set(outcome.after.actors), set()
            self.had_offers = self.countered = False
        if kind in _BARGAIN:
            self.b.moves[(kind, "ai" if player < 0 else "person")] += 1
        if kind == "offer":
            if player < 0 and player in self.offered:
                self.b.ai_revisions += 1
            self.offered.add(player)
            self.had_offers = True
        if kind == "counter":
            self.countered = True
        if kind in ("take_counter", "refuse_counter") and player < 0:
            self.b.ai_counters_answered += 1
            self.b.ai_counters_taken += kind == "take_counter"
        if kind in ("accept", "take_counter"):
            self.b.deals += 1
        if not outcome.after.in_window:
            self._close()


async def _play(arena: Arena, seat: Any, rng: Rng, bargains: Bargains) -> MatchFigures:
    game = get_game("goceng")
    figures = MatchFigures(game=game.name, players=PLAYERS, humans=PLAYERS - AI_SEATS)
    world, bot = arena.world, arena.bot
    match_id, lobby = await open_match(arena, seat, game, PLAYERS - AI_SEATS, AI_SEATS)
    watch = ChannelWatch(world, seat.channel_id, figures)
    watch.baseline()
    log = WindowLog(bargains)
    bot.announcer.move_listeners += [watch.on_move, log.on_move]
    driver = Driver(arena, rng)
    policy = game.policies["normal"]()
    try:
        await arena.send(seat.players[0], lobby, LobbyButton.custom_id_for(match_id, "start"))
        live = arena.service.matches._cache[match_id]
        watch.started(live.waiting.turn)
        await bot.scheduler.run_due()

        def choose(player: int, legal: list[Action]) -> Action:
            return policy.choose(live.game.rules.view(live.state, player), legal, rng)

        for _ in range(MAX_STEPS):
            if live.record.status != ACTIVE:
                break
            people = [p for p in sorted(live.waiting.actors) if not live.ai_controls(p)]
            window = live.waiting.window
            if window is not None and window.decider in people and len(people) > 1:
                people.remove(window.decider)  # the battler hears the people's offers first
            if not people:
                if not await bot.scheduler.run_due():
                    pending = bot.scheduler.pending().get(match_id)
                    if pending is None:
                        raise RuntimeError(f"goceng match #{match_id} waits on nobody: {live.waiting}")
                    arena.service.clock.advance(max(0.0, pending - arena.service.clock.now()))
                    await bot.scheduler.run_due()
                watch.scan()
                continue
            player = people[0]
            sample = await driver.play_move(match_id, player=player, choose=choose)
            if sample.action in bargains.clicks:
                bargains.clicks[sample.action].append(sample.setup_clicks + 1)
            watch.scan()
            await bot.scheduler.run_due()
            watch.scan()
        else:
            raise RuntimeError(f"goceng match #{match_id} did not end in {MAX_STEPS} steps")
        await world.settle()
        watch.scan()
        log._close()
    finally:
        bot.announcer.move_listeners.remove(watch.on_move)
        bot.announcer.move_listeners.remove(log.on_move)
        driver.forget_players(seat.players)
    return figures


#: Moves one game may take before the run gives up on it (an AI table ends far sooner).
HELPING_MAX_MOVES = 20_000
#: The buckets, in the order the report lists them.
HELPING_BUCKETS = ("against", "even", "serves")


def _bucket(worth: float) -> str:
    return "against" if worth < 0 else "serves" if worth > 0 else "even"


def helping_figures(*, games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` seeded AI games (3 to 6 players in turn) and sort every first answer of an AI helper."""
    rules = get_game("goceng").rules
    policy = get_game("goceng").policies["normal"]()
    asked: Counter[str] = Counter()
    declined: Counter[str] = Counter()
    prices: dict[str, list[int]] = defaultdict(list)
    for i in range(games):
        state = rules.new_game(list(range(1, 3 + i % 4 + 1)), seed * 1_000 + i)
        rng = Rng.seeded(seed * 7_919 + i)
        answered: set[tuple[int, int]] = set()
        for _ in range(HELPING_MAX_MOVES):
            if rules.is_over(state):
                break
            player = next_mover(rules, state)
            assert player is not None, "an AI table waits on nobody"
            view, legal = rules.view(state, player), rules.legal_actions(state, player)
            action = policy.choose(view, legal, rng)
            battle = state.battle
            window = battle.window if battle is not None else None
            first = window is not None and player != battle.holder and (state.windows, player) not in answered
            if first and any(a["type"] == "offer" for a in legal):
                answered.add((state.windows, player))
                players = {p["id"]: p for p in view["players"]}
                opponent = battle.defender if battle.holder == battle.attacker else battle.attacker
                kind = _bucket(stake(players[player]["character"], players, battle.holder, opponent))
                asked[kind] += 1
                if action["type"] == "decline":
                    declined[kind] += 1
                elif action["type"] == "offer":
                    prices[kind].append(action["price"])
            rules.apply(state, player, action)
    return {
        "games": games,
        "asked": {k: asked[k] for k in HELPING_BUCKETS},
        "declined": {k: declined[k] / asked[k] if asked[k] else 0.0 for k in HELPING_BUCKETS},
        "mean_price": {k: sum(prices[k]) / len(prices[k]) if prices[k] else 0.0 for k in HELPING_BUCKETS},
    }


def render_helping(figures: dict[str, Any]) -> str:
    """One line: how often AI helpers decline, by what the battler's win means to them."""
    f, what = figures, {"against": "works against", "even": "is even to", "serves": "serves"}
    parts = [
        f"{f['declined'][k]:.0%} of {f['asked'][k]:,} where the battler's win {what[k]} their objective"
        + (f" (asking {f['mean_price'][k]:.1f} silver when they offer)" if f["declined"][k] < 1 else "")
        for k in HELPING_BUCKETS
    ]
    return f"  AI helpers with a fitting card ({f['games']} AI games) decline " + "; ".join(parts)


def _mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


def _share(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


async def run_goceng(*, matches: int, seed: int, workdir: str) -> dict[str, Any]:
    bargains = Bargains()
    played: list[MatchFigures] = []
    async with game_arena("goceng", players=PLAYERS, matches=matches, seed=seed, workdir=workdir) as arena:
        await arena.service.settings.change(_GUILD, "ai_delay_seconds", 0)
        for i, seat in enumerate(arena.seats):
            played.append(await _play(arena, seat, Rng.seeded(seed * 7_919 + i), bargains))
            prune.sweep(arena.world)
    whole = summarise(played)
    b = bargains
    return {
        "matches": matches,
        "players": PLAYERS,
        "ai_seats": AI_SEATS,
        "clicks_per_battle_card": _mean(b.clicks["play"]),
        "clicks_to_make_an_offer": _mean(b.clicks["offer"]),
        "clicks_to_accept_an_offer": _mean(b.clicks["accept"]),
        "clicks_to_take_a_counter": _mean(b.clicks["take_counter"]),
        "clicks_to_counter": _mean(b.clicks["counter"]),
        "mentions_per_player_per_turn": whole["mentions_per_player_per_turn"],
        "max_mentions_one_player_one_turn": whole["max_mentions_one_player_one_turn"],
        "turns_per_match": whole["turns_per_match"],
        "windows_per_match": b.windows / max(1, matches),
        "deals_per_window": _share(b.deals, b.windows),
        "ai_offers_when_asked": _share(b.ai_offered, b.ai_asked),
        "ai_revisions_per_match": b.ai_revisions / max(1, matches),
        "ai_battler_counters": _share(b.ai_battler_countered, b.ai_battler_windows),
        "ai_counters_taken": _share(b.ai_counters_taken, b.ai_counters_answered),
        "ai_counters_answered": b.ai_counters_answered,
        "negotiation_moves": {f"{k} ({who})": v for (k, who), v in sorted(b.moves.items())},
        "ai_helping": helping_figures(games=HELPING_GAMES_PER_MATCH * matches, seed=seed),
    }


def render(figures: dict[str, Any]) -> list[str]:
    """The figures as lines for the benchmark report."""
    f = figures
    return [
        "",
        f"Mat Goceng, {f['matches']} seeded {f['players']}-player matches ({f['ai_seats']} AI seats):",
        f"  clicks per battle card {f['clicks_per_battle_card']:.2f}; to make an offer "
        f"{f['clicks_to_make_an_offer']:.2f}; to accept one {f['clicks_to_accept_an_offer']:.2f}; "
        f"to counter {f['clicks_to_counter']:.2f}; to take a counter {f['clicks_to_take_a_counter']:.2f}",
        f"  mentions per player per turn {f['mentions_per_player_per_turn']:.2f} "
        f"(at most {f['max_mentions_one_player_one_turn']} for one player in one turn); "
        f"{f['turns_per_match']:.1f} turns and {f['windows_per_match']:.1f} Extra Power windows per match, "
        f"{f['deals_per_window']:.0%} of them closed with a deal",
        f"  AI seats: offer in {f['ai_offers_when_asked']:.0%} of the windows they are asked in, "
        f"revise {f['ai_revisions_per_match']:.1f} offers per match, counter in "
        f"{f['ai_battler_counters']:.0%} of their own windows with offers, take "
        f"{f['ai_counters_taken']:.0%} of {f['ai_counters_answered']} counters made to them",
        render_helping(f["ai_helping"]),
    ]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.bench.games.goceng", description=__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=8)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="meja-goceng-") as tmp:
        figures = asyncio.run(run_goceng(matches=args.matches, seed=args.seed, workdir=tmp))
    print("\n".join(render(figures)))
    print(json.dumps(figures, indent=1))
    return 0


FIGURES = GameFigures(
    game="goceng",
    run=run_goceng,
    render=render,
    order=30,
    describe=lambda matches: f"Mat Goceng: {matches} whole 4-player matches for the negotiation figures",
)


if __name__ == "__main__":
    raise SystemExit(main())
