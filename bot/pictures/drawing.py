"""A picture to draw as plain data, and what a worker process runs to draw it.

Drawing a table or a hand takes several milliseconds of Python (Pillow) code; done in a thread
of the bot's process it holds the interpreter lock, and clicks wait meanwhile. So a picture is
taken as a :class:`Drawing` (the game's name, the view and names frozen as pickled bytes at the
moment the picture is due, and the language it is drawn in: the language of the message it goes
on) which a worker process can draw from (:func:`draw_in_worker`), and which can also be drawn
here (calling it) when no worker is available. Both ways give the same bytes.

Pure like the rest of the package: no discord, no asyncio (the pool itself is ``bot.frontend.ui.picture_pool``).
"""

from __future__ import annotations

import importlib
import logging
import pickle
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.kernel import i18n
from bot.kernel.module import GameModule, get_game

log = logging.getLogger(__name__)


class DrawingFailed(RuntimeError):
    """The game's drawing raised in the worker (the traceback as text, as the error may not pickle)."""


class NotInWorker(LookupError):
    """The worker does not know this game (one registered at run time only): draw it in the bot's process."""


@dataclass(frozen=True)
class Drawing:
    """One picture to draw: the table (spectator view) or ``viewer``'s hand, in ``locale``."""

    game_name: str
    viewer: int | None
    #: ``pickle.dumps((view, names))`` taken when the picture was due: its own copy, whatever the state does next.
    frozen: bytes
    locale: str
    match_id: int

    @classmethod
    def of(
        cls, game_name: str, viewer: int | None, view: Mapping[str, Any], names: Mapping[int, str], match_id: int
    ) -> Drawing:
        """Freeze ``view`` and ``names`` now, in the current language (raises if they are not plain data)."""
        frozen = pickle.dumps((view, dict(names)), protocol=pickle.HIGHEST_PROTOCOL)
        return cls(game_name, viewer, frozen, i18n.get_locale(), match_id)

    def worker_args(self) -> tuple[str, int | None, bytes, str, str]:
        """The arguments of :func:`draw_in_worker`: plain data only."""
        return self.game_name, self.viewer, self.frozen, self.locale, str(i18n.locales_dir())

    def __call__(self) -> bytes | None:
        """Draw it in this process; an error is logged and gives None (a picture never costs a move)."""
        try:
            return _draw(self.game_name, self.viewer, self.frozen, self.locale)
        except Exception:
            log.exception(
                "could not draw match %s for %s", self.match_id, "the table" if self.viewer is None else "a hand"
            )
            return None


def _draw(game_name: str, viewer: int | None, frozen: bytes, locale: str) -> bytes | None:
    view, names = pickle.loads(frozen)
    picture = picture_module(game_name)
    if picture is None:
        return None
    draw = picture.table if viewer is None else picture.hand
    with i18n.use_locale(locale):
        return draw(view, names)


def picture_module(game_name: str) -> Any | None:
    """The game's picture module (imported here, with Pillow, the first time), or None for a text-only game."""
    where = get_game(game_name).picture
    return importlib.import_module(where) if where is not None else None


def draw_table(game: GameModule, view: Mapping[str, Any], names: Mapping[int, str]) -> bytes | None:
    """The public table as a PNG, drawn from the spectator view only; None for a game drawn as text only."""
    picture = picture_module(game.name)
    return picture.table(view, names) if picture is not None else None


def draw_hand(game: GameModule, view: Mapping[str, Any], names: Mapping[int, str]) -> bytes | None:
    """A player's own hand as a PNG, drawn from their own view; None for a game drawn as text only."""
    picture = picture_module(game.name)
    return picture.hand(view, names) if picture is not None else None


def draw_in_worker(game_name: str, viewer: int | None, frozen: bytes, locale: str, locales: str) -> bytes | None:
    """What a worker runs: the picture's PNG bytes (or None), from the catalogues the bot reads."""
    if Path(locales) != i18n.locales_dir():
        i18n.set_locales_dir(Path(locales))
    try:
        get_game(game_name)
    except KeyError as exc:
        raise NotInWorker(str(exc)) from None
    try:
        return _draw(game_name, viewer, frozen, locale)
    except Exception:
        import traceback

        raise DrawingFailed(traceback.format_exc()) from None


def warm() -> None:
    """A worker's start: a lower priority, then every game and its picture module imported once."""
    from bot.kernel.module import all_games
    from bot.workers import lower_priority

    lower_priority()
    for game in all_games():
        picture_module(game.name)
