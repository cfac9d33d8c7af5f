"""Each game's own bench figures are found in ``tools/bench/games/``, never listed: what finding them promises."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

from bot.kernel.module import all_games
from tools.bench.game_figures import FIGURES_PACKAGE, GameFigures, all_figures, figures_of
from tools.bench.jobs import JOBS
from tools.bench.report import own_figures_section


def test_every_module_of_the_package_declares_the_figures_of_a_registered_game() -> None:
    package = importlib.import_module(FIGURES_PACKAGE)
    names = [info.name for info in pkgutil.iter_modules(package.__path__)]
    declared = [importlib.import_module(f"{FIGURES_PACKAGE}.{name}").FIGURES for name in names]
    assert declared and all(isinstance(f, GameFigures) for f in declared), "a module there without FIGURES is lost"
    games = {g.name for g in all_games()}
    assert {f.game for f in declared} <= games
    assert len({f.game for f in declared}) == len(declared), "one module per game"


def test_they_come_in_a_stable_order_and_are_found_by_game() -> None:
    found = all_figures()
    assert found == sorted(found, key=lambda f: (f.order, f.game)) == all_figures()
    for figures in found:
        assert figures_of(figures.game) is figures
        assert str(7) in figures.describe(7), "the progress line says how many matches it plays"
    with pytest.raises(KeyError, match="no figures of its own"):
        figures_of("no such game")


def test_no_job_and_no_report_line_is_named_after_a_game() -> None:
    assert "figures" in JOBS and not set(JOBS) & {g.name for g in all_games()}
    assert own_figures_section({}) == [], "a game whose figures were not measured prints nothing"
