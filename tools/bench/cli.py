"""``python -m bot bench``: run every measurement, print one table, write the same figures as JSON.

Order of work: the floor, then each size (largest first, with the restart
measured on the largest), then whole DRUMP matches for the storage figure,
then whole matches of every registered game (mentions, turns, DM prompts,
requests), then the figures some games have of their own (``tools/bench/games/``),
then each game's own size run at its largest table (memory per live
match, move latency), each in a fresh child process; the engines run last in this process. Progress
goes to stderr so the table on stdout stays clean to paste.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.kernel.module import all_games
from tools.bench import machine
from tools.bench.capacity_report import WARMUP
from tools.bench.engines import run_engines
from tools.bench.game_figures import all_figures
from tools.bench.game_sizes import targets as game_size_targets
from tools.bench.jobs import JobFailed, run_job
from tools.bench.pictures import run_pictures
from tools.bench.report import render
from tools.bench.targets import check

DEFAULT_OUT = "data/bench.json"
#: Moves played in each match of a game's size run before its memory is read: mid-game states.
OPENING_MOVES = 4


def _sizes(text: str) -> list[int]:
    try:
        sizes = sorted({int(part) for part in text.split(",") if part.strip()}, reverse=True)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected numbers separated by commas, got {text!r}") from None
    if not sizes or min(sizes) < 1:
        raise argparse.ArgumentTypeError("every size must be at least 1")
    return sizes


def _capacity_run(args: argparse.Namespace, matches: int, workdir: str, processes: int = 1) -> dict[str, Any]:
    """One capacity run of ``matches`` live matches, served by ``processes`` bot processes on one token."""
    return run_job(
        "capacity",
        {
            "matches": matches,
            "warmup": args.capacity_warmup,
            "window": args.capacity_seconds,
            "seed": args.seed,
            "workdir": workdir,
            "processes": processes,
        },
    )


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bot bench",
        description=(
            "Performance figures of the bot: move latency against a bare discord.py floor, throughput, "
            "Discord requests, storage, memory, restart, channel mentions per game and engine speed. "
            "Prints a table and writes JSON."
        ),
    )
    p.add_argument(
        "--matches",
        type=_sizes,
        default=_sizes("100,1000"),
        metavar="N[,N...]",
        help="live matches held at once, one run per size; the restart reloads the largest (default 100,1000)",
    )
    p.add_argument(
        "--moves", type=_positive, default=2000, metavar="M", help="timed moves per size, one at a time (default 2000)"
    )
    p.add_argument(
        "--busy-moves", type=_positive, default=1000, help="moves per size in the saturation phase (default 1000)"
    )
    p.add_argument("--seed", type=int, default=1, metavar="S", help="seed of shuffles, deals and choices (default 1)")
    p.add_argument("--warmup", type=int, default=200, help="untimed moves before timing, per size (default 200)")
    p.add_argument(
        "--concurrency", type=_positive, default=8, help="players clicking at once in the saturation phase (default 8)"
    )
    p.add_argument("--floor-clicks", type=_positive, default=2000, help="timed clicks on the floor bot (default 2000)")
    p.add_argument(
        "--finished", type=_positive, default=10, help="matches played to the end for the storage figure (default 10)"
    )
    p.add_argument(
        "--game-matches",
        type=_positive,
        default=4,
        metavar="K",
        help="whole seeded matches per game and table size for the mention and request figures of "
        "every game (default 4; more for steadier averages)",
    )
    p.add_argument(
        "--ai-seats",
        type=int,
        default=2,
        metavar="A",
        help="AI seats at the largest table of each multi-player game (default 2; 0 for all humans)",
    )
    p.add_argument(
        "--game-sizes",
        type=_count,
        default=200,
        metavar="N",
        help="live matches of each game at its largest table for its memory and latency figures "
        "(default 200; 0 to skip)",
    )
    p.add_argument(
        "--game-size-moves",
        type=_positive,
        default=300,
        metavar="M",
        help="timed single clicks per game in those runs, a floor click before each (default 300)",
    )
    p.add_argument(
        "--capacity",
        type=_sizes,
        default=_sizes("100,400,1000"),
        metavar="N[,N...]",
        help="live matches of every game held against the rate-limited stand-in, one run each, "
        "people answering in 3-15 s on a virtual clock (default 100,400,1000)",
    )
    p.add_argument(
        "--capacity-seconds",
        type=float,
        default=90.0,
        metavar="S",
        help="virtual seconds measured per capacity run, after the warm-up (default 90: long "
        "enough for the Plot Twist and Extra Power prompts of matches well under way)",
    )
    p.add_argument(
        "--capacity-warmup",
        type=float,
        default=WARMUP,
        metavar="S",
        help=f"virtual seconds of each capacity run before the window measured (default {WARMUP:.0f}: the "
        "matches all start in the same second, and the storm of every player's first window DM passes first; "
        "what players waited during it is reported as the start)",
    )
    p.add_argument(
        "--capacity-shared",
        type=_sizes,
        default=_sizes("1000"),
        metavar="N[,N...]",
        help="loads of the capacity runs served again by two bot processes sharing the token and the database, "
        "taking their request slots from one shared ledger of the global rate (default 1000)",
    )
    p.add_argument(
        "--store-seconds",
        type=float,
        default=5.0,
        metavar="S",
        help="seconds of storing moves on each store, alone and 50 matches at once (default 5)",
    )
    p.add_argument(
        "--engine-seconds", type=float, default=1.0, help="CPU seconds of random games per engine (default 1.0)"
    )
    p.add_argument("--out", default=DEFAULT_OUT, help=f"where to write the JSON (default {DEFAULT_OUT})")
    p.add_argument("--workdir", default=None, help="where the benchmark databases go (default: a temporary folder)")
    return p


def _progress(text: str) -> None:
    print(f"[bench] {text}", file=sys.stderr, flush=True)


def collect(args: argparse.Namespace, workdir: str) -> dict[str, Any]:
    started = time.perf_counter()
    results: dict[str, Any] = {
        "machine": machine.describe(),
        "options": {k: v for k, v in vars(args).items() if k not in ("out", "workdir")},
        "sizes": {},
    }
    _progress(f"floor: {args.floor_clicks} clicks on a bare discord.py bot")
    results["floor"] = run_job(
        "floor",
        {
            "clicks": args.floor_clicks,
            "warmup": max(50, args.floor_clicks // 10),
            "concurrency": args.concurrency,
            "workdir": workdir,
        },
    )
    largest = max(args.matches)
    for n in args.matches:
        _progress(
            f"{n} live matches: {args.warmup} warm-up + {args.moves} timed moves + {args.busy_moves} at "
            f"saturation" + (", then a restart" if n == largest else "")
        )
        results["sizes"][str(n)] = run_job(
            "size",
            {
                "matches": n,
                "moves": args.moves,
                "busy_moves": args.busy_moves,
                "warmup": args.warmup,
                "concurrency": args.concurrency,
                "seed": args.seed,
                "workdir": workdir,
                "restart": n == largest,
            },
        )
    _progress(f"storage: {args.finished} matches played to the end")
    results["finished"] = run_job("finished", {"matches": args.finished, "seed": args.seed, "workdir": workdir})
    _progress("stores: commits per second on SQLite and on PostgreSQL")
    results["stores"] = run_job("stores", {"workdir": workdir, "seconds": args.store_seconds})
    _progress(f"every game: {args.game_matches} whole matches per game and table size")
    results["whole"] = run_job(
        "whole",
        {"matches": args.game_matches, "ai_seats": max(0, args.ai_seats), "seed": args.seed, "workdir": workdir},
    )
    for figures in all_figures():
        if figures.game in results:
            raise ValueError(f"the figures of {figures.game!r} would overwrite the run's own {figures.game!r}")
        _progress(figures.describe(args.game_matches))
        results[figures.game] = run_job(
            "figures", {"game": figures.game, "matches": args.game_matches, "seed": args.seed, "workdir": workdir}
        )
    if args.game_sizes > 0:
        results["game_sizes"] = {"matches": args.game_sizes, "games": {}}
        for game in all_games():
            _progress(
                f"{game.title}: {args.game_sizes} live matches at its largest table, "
                f"{args.game_size_moves} timed clicks"
            )
            results["game_sizes"]["games"][game.name] = run_job(
                "game_size",
                {
                    "game": game.name,
                    "matches": args.game_sizes,
                    "opening": OPENING_MOVES,
                    "moves": args.game_size_moves,
                    "warmup": max(10, args.game_size_moves // 6),
                    "seed": args.seed,
                    "workdir": workdir,
                },
            )
    results["capacity"] = {"runs": {}}
    for n in sorted(args.capacity):
        _progress(
            f"capacity: {n} live matches of every game under Discord's rate limits, "
            f"{args.capacity_seconds:.0f} virtual seconds"
        )
        results["capacity"]["runs"][str(n)] = _capacity_run(args, n, workdir)
    results["capacity"]["holds_up_to"] = max(
        (int(n) for n, run in results["capacity"]["runs"].items() if run["holds"]), default=0
    )
    results["capacity"]["two_processes"] = {}
    for n in sorted(args.capacity_shared):
        _progress(f"capacity: {n} live matches served by two processes on one token")
        results["capacity"]["two_processes"][str(n)] = _capacity_run(args, n, workdir, processes=2)
    _progress("engines: random games of every registered game")
    results["engines"] = run_engines(seconds=args.engine_seconds, seed=args.seed)
    _progress("pictures: every game's table drawn after every move of whole random matches")
    results["pictures"] = run_pictures(seed=args.seed)
    results["seconds"] = time.perf_counter() - started
    results["machine"]["load_average_at_end"] = machine.load_average()
    return results


def main(argv: list[str] | None = None) -> int:
    if argv and argv[0] == "soak":  # the memory soak: minutes long, its own command
        from tools.bench.soak import main as soak

        return soak(argv[1:])
    if argv and argv[0] == "whole":  # only the whole matches of every game: seconds, not minutes
        from tools.bench.whole_cli import main as whole

        return whole(argv[1:])
    if argv and argv[0] == "stores":  # commits per second on each store: seconds
        from tools.bench.store_commits import main as stores

        return stores(argv[1:])
    if argv and argv[0] == "hard":  # hard against normal over many sittings, game by game in a ledger
        from tools.bench.hard_ledger import main as hard

        return hard(argv[1:])
    if argv and argv[0] == "ai":  # the AI levels' win rates and hard seats' cost to other matches
        from tools.bench.ai_figures import main as ai

        return ai(argv[1:])
    args = parser().parse_args(argv)
    try:
        if args.workdir:
            Path(args.workdir).mkdir(parents=True, exist_ok=True)
            results = collect(args, args.workdir)
        else:
            with tempfile.TemporaryDirectory(prefix="meja-bench-") as tmp:
                results = collect(args, tmp)
    except JobFailed as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    targets = check(results) + game_size_targets(results)
    results["targets"] = [t.to_json() for t in targets]
    print(render(results, targets))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2, sort_keys=False) + "\n")
    print(f"\nFigures written to {out} ({results['seconds']:.0f} s run).")
    return 0
