"""``python -m tools.bench.yardsticks``: normal AI against the rule-based players the tests keep, every game.

Each game's ``tests/ai/rulebook_<game>.py`` holds rule-based players written from the rulebook alone, by
someone who had not read the normal policy: yardsticks normal is held to, so that beating one baseline it
was tuned against proves nothing. A ``rulebook_<game>_<author>.py`` beside it holds players another author
wrote apart from both (so that no author's blind spots are the only test). Normal plays one seat and a
yardstick every other seat, normal's seat rotating, over consecutive seeds (none chosen), straight through
the engine. A game's figure is normal's score (wins plus half the draws, per game; a shared win counts as a
win, as :func:`bot.ai.arena.duel` counts it) with its 95% interval.

The fair share each score is held to is the yardstick's own: the score one seat gets when that yardstick
plays every seat (its mirror match, over the same seeds, every seat counted). That is what normal's seat
would score if normal played exactly like the yardstick, so beating it means doing better in that seat than
the yardstick itself would. One over the seats is not that share wherever a game can end with shared wins
or with nobody winning (a game of secret objectives may have both), and it differs by yardstick: a player
that shields an ally or lets a rival's objective hold wins more often alongside copies of itself.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from bot.ai import registry
from bot.ai.arena import Tally, duel, play
from bot.ai.levels import NORMAL
from bot.kernel.module import GameModule, all_games, get_game

ROOT = Path(__file__).resolve().parents[2]


def rulebook_modules(game_name: str) -> list[ModuleType]:
    """The tests' rule-based players of a game (``tests/ai/rulebook_<game>.py`` and any
    ``rulebook_<game>_<author>.py`` written apart from it), when the tests are there to load them from."""
    found = []
    for path in sorted((ROOT / "tests" / "ai").glob(f"rulebook_{game_name}*.py")):
        if path.stem != f"rulebook_{game_name}" and not path.stem.startswith(f"rulebook_{game_name}_"):
            continue
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        found.append(module)
    return found


def yardsticks(game_name: str) -> list[Any]:
    """One instance of every rule-based player of the game: a public class with a ``name`` and a ``choose`` (the
    players' private base classes left out)."""
    found = [
        value
        for module in rulebook_modules(game_name)
        for value in vars(module).values()
        if isinstance(value, type)
        and value.__module__ == module.__name__
        and not value.__name__.startswith("_")
        and isinstance(getattr(value, "name", None), str)
        and callable(getattr(value, "choose", None))
    ]
    return [cls() for cls in sorted(found, key=lambda c: (c.__module__, c.__name__))]


def mirror(game: GameModule, player: Any, games: int, *, seed: int, seats: int) -> Tally:
    """``player`` in every seat over ``games`` seeded games, each seat's outcome counted: the fair share (as a
    score) of one seat among equals. A win shared by several seats is a win for each, as in :func:`duel`; a
    game nobody wins is a loss for every seat; a draw is half for every seat."""
    tally = Tally()
    for i in range(games):
        result = play(game, [player] * seats, seed + i)
        tally.seeds.append(seed + i)
        if result is None or result.is_draw:
            tally.draws += seats
            continue
        won = sum(1 for p in range(1, seats + 1) if p in result.winners)
        tally.wins += won
        tally.losses += seats - won
    return tally


def measure(*, games: int, seed: int, only: list[str] | None = None) -> dict[str, Any]:
    """Every game's rows: normal against each of its yardsticks, and that yardstick's mirror share (``fair``)."""
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
            low, high = tally.interval()
            fair = mirror(get_game(game.name), stick, games, seed=seed, seats=seats).score
            rows[stick.name] = dict(
                tally.to_json(),
                low=round(low, 4),
                high=round(high, 4),
                fair=round(fair, 4),
                seconds=round(time.perf_counter() - started, 1),
            )
        out[game.name] = {"title": game.title, "seats": seats, "rows": rows}
    return out


def render(results: dict[str, Any]) -> str:
    lines = [
        "| Game (seats) | normal against | games | wins / draws / losses | score [95% interval] "
        "| fair share (its mirror) |"
    ]
    lines.append("|---|---|---|---|---|---|")
    for table in results.values():
        for name, row in table["rows"].items():
            lines.append(
                f"| {table['title']} ({table['seats']}) | {name} | {row['games']} | "
                f"{row['wins']} / {row['draws']} / {row['losses']} | "
                f"{row['score']:.1%} [{row['low']:.1%}–{row['high']:.1%}] | {row['fair']:.1%} |"
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
