"""``python -m bot bench ai``: how strong each AI level is, per game, and what hard costs other matches.

Every pair of levels (and each level against uniform random) plays seeded games
straight through the engine with seats rotating; a game's figure is the first
level's score (wins plus half the draws, per game) with the number of games and the
seed range. Hard is held to a time budget per move (``--hard-ms``, 100 by default, of
the search's CPU time unless ``--clock wall``: other work on the machine must not weaken it)
and plays fewer games against easy and random than against normal; a game hard cannot search yet (no determinizer)
says so instead of repeating normal's figures. DRUMP's normal is also measured
against the rule-based baseline kept with the tests (``tests/ai/drump_baseline.py``).
The latency part runs in its own child process (see :mod:`tools.bench.ai_latency`).
``--hard-only`` plays hard against normal alone, and ``--processes`` splits those games over
several processes (each game is the one the whole run would play, with the same seed and seats).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.ai import registry
from bot.ai.arena import Hard, Tally, duel, play
from bot.ai.levels import EASY, HARD, NORMAL
from bot.ai.search import Budget
from bot.kernel.module import all_games, get_game
from bot.kernel.rng import Rng
from tools.bench.stats import summary

ROOT = Path(__file__).resolve().parents[2]
#: Games of normal alone whose every decision is timed (see :func:`normal_decision_ms`).
NORMAL_TIMED_GAMES = 20
#: (level, opponent) pairs of each table, weakest comparisons first.
PAIRS: tuple[tuple[str, str], ...] = (
    (EASY, "random"),
    (NORMAL, "random"),
    (HARD, "random"),
    (NORMAL, EASY),
    (HARD, EASY),
    (HARD, NORMAL),
)
BASELINE = ROOT / "tests" / "ai" / "drump_baseline.py"


def _progress(text: str) -> None:
    print(f"[bench ai] {text}", file=sys.stderr, flush=True)


def seat_policy(game_name: str, level: str, hard_ms: float, clock: str = "cpu") -> Any:
    if level == HARD:
        return Hard(game_name, Budget(ms=hard_ms, clock=clock))
    return registry.policy(game_name, level)


def baseline_policy() -> Any | None:
    """The tests' rule-based DRUMP baseline, when the tests are there to load it from."""
    if not BASELINE.exists():
        return None
    spec = importlib.util.spec_from_file_location("drump_baseline", BASELINE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.BaselinePolicy()


def duel_part(game_name: str, a: str, b: str, hard_ms: float, clock: str, seed: int, first: int, games: int) -> Tally:
    """Games ``first`` to ``first + games - 1`` of a duel, by names only (what a worker process runs)."""
    a_policy, b_policy = seat_policy(game_name, a, hard_ms, clock), seat_policy(game_name, b, hard_ms, clock)
    return duel(get_game(game_name), a_policy, b_policy, games, seed=seed, first=first)


def split_duel(
    game_name: str, a: str, b: str, games: int, *, hard_ms: float, clock: str, seed: int, processes: int
) -> Tally:
    """A duel's games split into contiguous parts over ``processes`` processes, their tallies added up.

    Hard's budget counts each process's own CPU time, so playing parts side by side does not shorten its search
    (give it no more processes than the machine has free cores: shared caches still slow each playout).
    """
    if processes <= 1 or games < 2:
        return duel_part(game_name, a, b, hard_ms, clock, seed, 0, games)
    parts = min(processes, games)
    bounds = [games * k // parts for k in range(parts + 1)]
    with ProcessPoolExecutor(parts) as pool:
        futures = [
            pool.submit(duel_part, game_name, a, b, hard_ms, clock, seed, bounds[k], bounds[k + 1] - bounds[k])
            for k in range(parts)
        ]
        tallies = [f.result() for f in futures]
    return sum(tallies[1:], tallies[0])


@dataclass
class _Timed:
    """A policy that times each of its choices (the bench's view of normal's decision time)."""

    policy: Any
    times: list[float] = field(default_factory=list)

    def choose(self, view: Any, legal: Any, rng: Rng) -> Any:
        started = time.perf_counter()
        action = self.policy.choose(view, legal, rng)
        self.times.append(time.perf_counter() - started)
        return action


def normal_decision_ms(game_name: str, games: int, seed: int) -> dict[str, float]:
    """How long normal takes to choose, per decision, over seeded games of normal alone at the largest table.

    Normal is the level that covers an absent person and answers inside the bot's own process, so it must stay
    a heuristic: this is the figure that shows it does not search.
    """
    game = get_game(game_name)
    timed = _Timed(registry.policy(game_name, NORMAL))
    seats = game.rules.max_players
    for s in range(seed, seed + games):
        play(game, [timed] * seats, s)
    return dict(summary(timed.times, 1000.0), seats=seats, games=games)


def level_tables(
    *,
    games: int,
    hard_games: int,
    hard_other_games: int,
    hard_ms: float,
    seed: int,
    only: list[str] | None = None,
    clock: str = "cpu",
    hard_only: bool = False,
    processes: int = 1,
) -> dict[str, Any]:
    """Each game's table: ``{"a vs b": tally}``; hard rows only where the game has a determinizer."""
    out: dict[str, Any] = {}
    pairs = ((HARD, NORMAL),) if hard_only else PAIRS
    for game in all_games():
        if only and game.name not in only:
            continue
        searchable = registry.sampler(game.name) is not None
        rows: dict[str, Any] = {}
        for a, b in sorted(pairs, key=lambda pair: pair != (HARD, NORMAL)):  # the costliest row first
            if HARD in (a, b) and not searchable:
                rows[f"{a} vs {b}"] = {"note": "hard plays normal here (no determinizer yet)"}
                continue
            n = (hard_games if b == NORMAL else hard_other_games) if a == HARD else games
            started = time.perf_counter()
            _progress(f"{game.name}: {a} vs {b}, {n} games")
            tally = split_duel(game.name, a, b, n, hard_ms=hard_ms, clock=clock, seed=seed, processes=processes)
            rows[f"{a} vs {b}"] = dict(tally.to_json(), seconds=round(time.perf_counter() - started, 1))
        if game.name == "drump" and not hard_only:
            base = baseline_policy()
            if base is not None:
                _progress(f"drump: normal vs baseline, {max(games, 500)} games")
                rows["normal vs baseline"] = duel(
                    game, registry.policy("drump", NORMAL), base, max(games, 500), seed=seed
                ).to_json()
        ordered = {f"{a} vs {b}": rows[f"{a} vs {b}"] for a, b in pairs}
        ordered.update((k, v) for k, v in rows.items() if k not in ordered)
        out[game.name] = {"title": game.title, "seats": game.rules.min_players, "rows": ordered}
        if not hard_only:
            out[game.name]["normal_ms"] = normal_decision_ms(game.name, NORMAL_TIMED_GAMES, seed)
    return out


async def run_ai(**params: Any) -> dict[str, Any]:
    """The bench job (``jobs.JOBS["ai"]``): the level tables, in a child process like every other job."""
    return level_tables(**params)


def render(results: dict[str, Any]) -> str:
    """Markdown tables as the README shows them."""
    lines: list[str] = []
    hard_ms = results["options"]["hard_ms"]
    for table in results["levels"].values():
        clock = results["options"].get("clock", "cpu")
        lines.append(f"**{table['title']}** ({table['seats']} seats; hard at {hard_ms:g} ms of {clock} time a move)")
        lines.append("")
        lines.append("| level vs level | games | wins | draws | losses | score [95% interval] | seeds |")
        lines.append("|---|---|---|---|---|---|---|")
        for pair, row in table["rows"].items():
            if "note" in row:
                lines.append(f"| {pair} | — | — | — | — | {row['note']} | — |")
                continue
            seeds = f"{row['seeds'][0]}–{row['seeds'][1]}" if row["seeds"] else ""
            low, high = row.get("interval", (row["score"], row["score"]))
            lines.append(
                f"| {pair} | {row['games']} | {row['wins']} | {row['draws']} | {row['losses']} | "
                f"{row['score'] * 100:.1f}% [{low * 100:.1f}%–{high * 100:.1f}%] | {seeds} |"
            )
        lines.append("")
        timed = table.get("normal_ms")
        if timed:
            lines.append(
                f"Normal's decisions ({timed['n']} in {timed['games']} games at {timed['seats']} seats), ms: "
                f"p50 {timed['p50']:.3f} / p99 {timed['p99']:.3f} / max {timed['max']:.2f}"
            )
            lines.append("")
    lat = results.get("latency")
    if lat:
        a, b = lat["latency_alone_ms"], lat["latency_beside_hard_ms"]
        lines.append(
            f"Move latency of {lat['human_matches']} people's matches, {lat['moves']} moves each way "
            f"(ms, p50 / p90 / p99 / max):"
        )
        lines.append("")
        lines.append(f"- alone: {a['p50']:.1f} / {a['p90']:.1f} / {a['p99']:.1f} / {a['max']:.1f}")
        lines.append(
            f"- beside {lat['hard_seats']} hard seats thinking {lat['think_ms']} ms a move "
            f"({lat['hard_searches_during']} searches meanwhile): "
            f"{b['p50']:.1f} / {b['p90']:.1f} / {b['p99']:.1f} / {b['max']:.1f}"
        )
    return "\n".join(lines)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bot bench ai",
        description=(
            "Win rates of the AI levels (each against each other and against random, per game) and the move "
            "latency of other matches while hard seats think. Prints Markdown tables and writes JSON."
        ),
    )
    p.add_argument("--games", type=int, default=300, help="games per pair without hard (default 300)")
    p.add_argument("--hard-games", type=int, default=300, help="games of hard against normal (default 300)")
    p.add_argument(
        "--hard-other-games", type=int, default=100, help="games of hard against easy and random (default 100)"
    )
    p.add_argument("--hard-ms", type=float, default=100.0, help="hard's time budget per move, ms (default 100)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    p.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="what hard's budget counts: CPU time of the search (default; steady on a busy machine) "
        "or wall time (what the bot uses)",
    )
    p.add_argument("--game", action="append", help="only this game (repeatable; default all)")
    p.add_argument("--hard-only", action="store_true", help="play only hard against normal")
    p.add_argument(
        "--processes",
        type=int,
        default=1,
        help="split each pair's games over this many processes (default 1; at most the free cores)",
    )
    p.add_argument("--latency-moves", type=int, default=300, help="timed moves each way (default 300; 0 skips)")
    p.add_argument("--latency-matches", type=int, default=20, help="people's matches timed (default 20)")
    p.add_argument("--hard-matches", type=int, default=3, help="matches of two hard seats each (default 3)")
    p.add_argument("--think-ms", type=int, default=1000, help="hard seats' budget in the latency run (default 1000)")
    p.add_argument("--out", default="data/bench-ai.json", help="where to write the JSON (default data/bench-ai.json)")
    return p


def main(argv: list[str]) -> int:
    from tools.bench.jobs import JobFailed, run_job

    args = parser().parse_args(argv)
    results: dict[str, Any] = {"options": {k: v for k, v in vars(args).items() if k != "out"}}
    started = time.perf_counter()
    try:
        results["levels"] = run_job(
            "ai",
            {
                "games": args.games,
                "hard_games": args.hard_games,
                "hard_other_games": args.hard_other_games,
                "clock": args.clock,
                "hard_ms": args.hard_ms,
                "seed": args.seed,
                "only": args.game,
                "hard_only": args.hard_only,
                "processes": args.processes,
            },
            timeout=24 * 3600.0,
        )
        results["levels"].pop("log_warnings", None)
        if args.latency_moves > 0:
            _progress(f"latency: {args.latency_moves} moves alone, then beside {args.hard_matches} hard matches")
            with tempfile.TemporaryDirectory(prefix="meja-bench-ai-") as tmp:
                results["latency"] = run_job(
                    "ai_latency",
                    {
                        "matches": args.latency_matches,
                        "moves": args.latency_moves,
                        "hard_matches": args.hard_matches,
                        "think_ms": args.think_ms,
                        "seed": args.seed,
                        "workdir": tmp,
                    },
                )
    except JobFailed as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    results["seconds"] = time.perf_counter() - started
    print(render(results))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"\nFigures written to {out} ({results['seconds']:.0f} s run).")
    return 0
