"""``python -m bot bench whole``: only the whole matches of every game, printed as the full run prints them.

The whole-match figures (mentions, turns, DM prompts, requests per move, and what
a phone player feels: table height, taps, new DMs, stale answers) take seconds
with a match or two per game and size, against the many minutes of the full run:
enough to see what a change to the bot did to them.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from tools.bench.jobs import JobFailed, run_job
from tools.bench.report import whole_section


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bot bench whole",
        description="Whole seeded matches of every game: mentions, requests, table height, taps, DMs, stale answers.",
    )
    p.add_argument("--game-matches", type=int, default=2, metavar="K", help="matches per game and size (default 2)")
    p.add_argument("--ai-seats", type=int, default=2, metavar="A", help="AI seats at the largest table (default 2)")
    p.add_argument("--seed", type=int, default=1, metavar="S", help="seed of shuffles, deals and choices (default 1)")
    p.add_argument("--out", default=None, help="also write the figures as JSON here")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.game_matches < 1:
        print("error: --game-matches must be at least 1", file=sys.stderr)
        return 2
    params = {"matches": args.game_matches, "ai_seats": max(0, args.ai_seats), "seed": args.seed}
    try:
        with tempfile.TemporaryDirectory(prefix="meja-bench-") as tmp:
            whole = run_job("whole", {**params, "workdir": tmp})
    except JobFailed as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print("\n".join(whole_section({"whole": whole})).lstrip("\n"))
    if args.out:
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(whole, indent=2) + "\n")
    return 0
