"""Pictures drawn in the worker process: the same bytes as drawn here, a thread when no worker can draw.

Each test that starts workers closes them again; the bot's own pool stops with the bot.
"""

from __future__ import annotations

import asyncio
import time
from multiprocessing.connection import wait as wait_for_exit

import pytest

from bot import workers
from bot.frontend.ui import picture_pool
from bot.frontend.ui.picture_pool import MAX_FAILURES, PicturePool
from bot.kernel import i18n
from bot.kernel.module import all_games
from bot.pictures.drawing import Drawing, draw_hand, draw_table
from tests.frontend.table_driver import Table

#: A shipped language other than English: a picture must be drawn in the language of its message.
LANGUAGE = "ms"
GAMES = all_games()


def _case(game, viewer_of=lambda players: None):
    players = list(range(1, game.rules.min_players + 1))
    state = game.rules.new_game(players, 11)
    names = {p: f"Pemain {p}" for p in players}
    return game.rules.view(state, viewer_of(players)), names, viewer_of(players)


def _inline(game, view, names, viewer, locale: str = LANGUAGE) -> bytes | None:
    with i18n.use_locale(locale):
        return (draw_table if viewer is None else draw_hand)(game, view, names)


@pytest.fixture
async def pool():
    made = PicturePool()
    yield made
    made.close()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
async def test_a_picture_from_the_worker_is_the_picture_drawn_here(pool: PicturePool, game):
    for viewer_of in (lambda players: None, lambda players: players[0]):
        view, names, viewer = _case(game, viewer_of)
        with i18n.use_locale(LANGUAGE):
            drawing = Drawing.of(game.name, viewer, view, names, 1)
        png = await pool.draw(drawing)
        assert pool.processes(), "drawn by a worker process"
        assert png is not None and png == _inline(game, view, names, viewer)


async def test_the_worker_draws_in_the_language_of_the_message(pool: PicturePool):
    drawn_in = {}
    for game in GAMES:
        view, names, viewer = _case(game)
        for locale in ("en", LANGUAGE):
            with i18n.use_locale(locale):
                drawing = Drawing.of(game.name, viewer, view, names, 1)
            drawn_in[game.name, locale] = await pool.draw(drawing)
            assert drawn_in[game.name, locale] == _inline(game, view, names, viewer, locale)
    differ = [g.name for g in GAMES if drawn_in[g.name, "en"] != drawn_in[g.name, LANGUAGE]]
    assert differ, "some table picture has words, drawn in each language"


async def test_a_broken_worker_falls_back_to_a_thread_and_is_replaced(pool: PicturePool):
    game = GAMES[0]
    view, names, viewer = _case(game)
    drawing = Drawing.of(game.name, viewer, view, names, 1)
    expected = _inline(game, view, names, viewer, i18n.SOURCE_LOCALE)
    assert await pool.draw(drawing) == expected
    (worker,) = pool.processes()
    worker.kill()
    worker.join()
    assert await pool.draw(drawing) == expected  # the pool broke under this picture: drawn in a thread
    assert pool.processes() == [] and not pool.disabled
    assert await pool.draw(drawing) == expected
    (replaced,) = pool.processes()
    assert replaced.pid != worker.pid  # a new worker draws the next picture


class _NoProcesses:
    """A ProcessPoolExecutor where processes are forbidden (some test or sandbox environments)."""

    made = 0

    def __init__(self, *args, **kwargs) -> None:
        type(self).made += 1
        raise PermissionError("processes are not allowed here")


async def test_where_no_worker_can_start_pictures_are_drawn_in_threads(pool: PicturePool, monkeypatch):
    monkeypatch.setattr(workers, "ProcessPoolExecutor", _NoProcesses)
    monkeypatch.setattr(_NoProcesses, "made", 0)
    game = GAMES[-1]
    view, names, viewer = _case(game, lambda players: players[-1])
    with i18n.use_locale(LANGUAGE):
        drawing = Drawing.of(game.name, viewer, view, names, 1)
    for _ in range(MAX_FAILURES + 2):
        assert await pool.draw(drawing) == _inline(game, view, names, viewer)
    assert pool.disabled and _NoProcesses.made == MAX_FAILURES  # no more attempts once given up


async def test_a_drawing_error_gives_no_picture_and_the_worker_goes_on(pool: PicturePool, caplog):
    game = GAMES[0]
    assert await pool.draw(Drawing.of(game.name, None, [1], {}, 7)) is None  # not a view: the drawing raises
    assert "could not draw match 7" in caplog.text and pool.processes() and not pool.disabled
    view, names, viewer = _case(game)
    assert await pool.draw(Drawing.of(game.name, viewer, view, names, 1)) == _inline(game, view, names, viewer, "en")


async def test_the_bots_shutdown_stops_the_picture_worker(table: Table):
    await table.open_and_start()
    await table.world.settle()
    running = picture_pool.SHARED.processes()
    assert running and all(p.is_alive() for p in running), "the table picture was drawn by the worker"
    await table.bot.close()
    assert picture_pool.SHARED.processes() == []
    assert await asyncio.to_thread(_all_exit, running, 30.0), "every worker process exited"


def _all_exit(processes, timeout: float) -> bool:
    """Whether every process exits within ``timeout`` seconds.

    Watched through each process's sentinel (readable once it has exited), not ``join``/``is_alive``:
    the executor's own thread reaps its workers, and a second ``waitpid`` racing it can see a worker
    that is already gone as alive.
    """
    deadline = time.monotonic() + timeout
    for process in processes:
        if not wait_for_exit([process.sentinel], max(0.0, deadline - time.monotonic())):
            return False
    return True
