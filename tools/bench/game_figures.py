"""Figures only one game has, found rather than listed: the surface of a module in ``tools/bench/games/``.

Some games have figures of their own beside the ones every game gets (Drama's Plot Twist
windows, Laga's clicks per decision, Mat Goceng's bargaining). Each such game has one module
in ``tools/bench/games/`` exporting ``FIGURES``, a :class:`GameFigures`; the benchmark runs,
stores and prints whatever it finds there, so neither the jobs, the CLI nor the report names a
game. A game gets figures of its own by adding its module; a game without one simply has none.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

#: Where each game's own figures live: every module here that exports ``FIGURES`` is one.
FIGURES_PACKAGE = "tools.bench.games"


class RunFigures(Protocol):
    """Plays ``matches`` seeded whole matches (databases in ``workdir``) and returns their figures as JSON data."""

    def __call__(self, *, matches: int, seed: int, workdir: str) -> Awaitable[dict[str, Any]]: ...


@dataclass(frozen=True)
class GameFigures:
    """One game's own figures: how they are measured, announced and printed."""

    #: The game measured (its registry name), also the key of these figures in the results JSON.
    game: str
    #: The progress line of the run, given the whole matches to play (``--game-matches``).
    describe: Callable[[int], str]
    #: The measurement, run in a child process of its own (see ``jobs``).
    run: RunFigures
    #: The report's lines for the figures ``run`` returned.
    render: Callable[[dict[str, Any]], list[str]]
    #: Where these figures come among the games' own, in the run and in the report: lower first, ties by game
    #: (the first modules took 10, 20, 30: the order the report printed them in before they were found).
    order: int = 0


def all_figures() -> list[GameFigures]:
    """Every game's own figures, in run and report order; importing each module of the package once."""
    package = importlib.import_module(FIGURES_PACKAGE)
    found: dict[str, GameFigures] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        figures = getattr(importlib.import_module(f"{FIGURES_PACKAGE}.{info.name}"), "FIGURES", None)
        if not isinstance(figures, GameFigures):
            continue
        if figures.game in found:
            raise ValueError(f"two modules of {FIGURES_PACKAGE} measure {figures.game!r}")
        found[figures.game] = figures
    return sorted(found.values(), key=lambda f: (f.order, f.game))


def figures_of(game: str) -> GameFigures:
    """The own figures of ``game``; KeyError naming the games that have some otherwise."""
    found = {f.game: f for f in all_figures()}
    try:
        return found[game]
    except KeyError:
        raise KeyError(f"no figures of its own for {game!r}; games with some: {', '.join(sorted(found))}") from None


async def run_figures(*, game: str, matches: int, seed: int, workdir: str) -> dict[str, Any]:
    """The bench job (``jobs.JOBS["figures"]``): one game's own figures, in a child process like every other job."""
    return await figures_of(game).run(matches=matches, seed=seed, workdir=workdir)


__all__ = ["FIGURES_PACKAGE", "GameFigures", "RunFigures", "all_figures", "figures_of", "run_figures"]
