"""``python -m tools.bench.yardsticks``: normal AI against the rule-based players the tests keep, every game.

Each game's ``tests/ai/rulebook_<game>.py`` holds rule-based players written from the rulebook alone, by
someone who had not read the normal policy: yardsticks normal is held to, so that beating one baseline it
was tuned against proves nothing. Normal plays one seat and a yardstick every other seat, normal's seat
rotating, over consecutive seeds (none chosen), straight through the engine. A game's figure is normal's
score (wins plus half the draws, per game) with its 95% interval; at more than two seats a fair share is
one over the seats.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from bot.ai import registry
from bot.ai.arena import Tally, duel
from bot.ai.levels import NORMAL
from bot.kernel.module import all_games, get_game

ROOT = Path(__file__).resolve().parents[2]


def rulebook_module(game_name: str) -> ModuleType | None:
    """The tests' rule-based players of a game, when the tests are there to load them from."""
    path = ROOT / "tests" / "ai" / f"rulebook_{game_name}.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location(f"rulebook_{game_name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def yardsticks(game_name: str) -> list[Any]:
    """One instance of every rule-based player of the game: a public class with a ``name`` and a ``choose`` (the
    players' private base classes left out)."""
    module = rulebook_module(game_name)
    if module is None:
        return []
    found = [
        value
        for value in vars(module).values()
        if isinstance(value, type)
        and value.__module__ == module.__name__
        and not value.__name__.startswith("_")
        and isinstance(getattr(value, "name", None), str)
        and callable(getattr(value, "choose", None))
    ]
    return [cls() for cls in sorted(found, key=lambda c: c.__name__)]


def interval(tally: Tally, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of the score (a game scores 1, ½ or 0), by the normal approximation."""
    n = tally.games
    if n == 0:
        return 0.0, 0.0
    mean = tally.score
    second = (tally.wins + 0.25 * tally.draws) / n
    sd = math.sqrt(max(0.0, second - mean * mean))
    half = z * sd / math.sqrt(n)
    return max(0.0, mean - half), min(1.0, mean + half)


def measure(*, games: int, seed: int, only: list[str] | None = None) -> dict[str, Any]:
    """Every game's rows: normal against each of its yardsticks."""
    out: dict[str, Any] = {}
    for game in all_games():
        if only and game.name not in only:
            continue
        seats = max(2, game.rules.min_players)  # two seats where the game allows them, else its smallest table
        rows = {}
        for stick in yardsticks(game.name):
            started = time.perf_counter()
            print(f"[yardsticks] {game.name}: normal vs {stick.name}, {games} games", file=sys.stderr, flush=True)
            tally = duel(get_game(game.name), registry.policy(game.name, NORMAL), stick, games, seed=seed, seats=seats)
            low, high = interval(tally)
            rows[stick.name] = dict(
                tally.to_json(), low=round(low, 4), high=round(high, 4), seconds=round(time.perf_counter() - started, 1)
            )
        out[game.name] = {"title": game.title, "seats": seats, "fair": 1 / seats, "rows": rows}
    return out


def render(results: dict[str, Any]) -> str:
    lines = ["| Game (seats) | normal against | games | wins / draws / losses | score [95% interval] | fair share |"]
    lines.append("|---|---|---|---|---|---|")
    for table in results.values():
        for name, row in table["rows"].items():
            lines.append(
                f"| {table['title']} ({table['seats']}) | {name} | {row['games']} | "
                f"{row['wins']} / {row['draws']} / {row['losses']} | "
                f"{row['score']:.1%} [{row['low']:.1%}–{row['high']:.1%}] | {table['fair']:.0%} |"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.bench.yardsticks", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1000, help="games per pairing (default 1000)")
    p.add_argument("--seed", type=int, default=1, help="the first seed (default 1)")
    p.add_argument("--game", action="append", help="only this game (repeatable)")
    p.add_argument("--out", help="write the JSON here too")
    args = p.parse_args(argv)
    results = measure(games=args.games, seed=args.seed, only=args.game)
    print(render(results))
    if args.out:
        Path(args.out).write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
