"""Pictures drawn in a worker process, so drawing never holds the bot's interpreter lock.

A table or hand picture is several milliseconds of Python code; in a thread it would hold the
interpreter lock and every click waiting meanwhile would wait for it. :data:`SHARED` sends each
:class:`~bot.pictures.drawing.Drawing` (plain data, in the language of its message) to one worker
process (started at the first picture, niced, with the engines and Pillow imported once) and
awaits its PNG bytes. Where processes cannot be started, or the pool keeps breaking, pictures are
drawn in a thread as before: the bytes are the same either way.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
from collections.abc import Callable

from bot.pictures.drawing import Drawing, DrawingFailed, NotInWorker, draw_in_worker, warm
from bot.workers import PoolUnavailable, WorkerPool

log = logging.getLogger(__name__)

#: One worker draws every picture: drawing is a small share of a core, and the bot keeps the other one.
PICTURE_WORKERS = 1
#: Seconds a picture may wait for the worker (a queue behind other pictures) before it is drawn here instead.
DRAW_TIMEOUT = 10.0
#: Failures in a row (no start, broken, too slow) after which pictures are drawn in threads for good.
MAX_FAILURES = 3


class PicturePool(WorkerPool):
    def __init__(self, workers: int = PICTURE_WORKERS) -> None:
        super().__init__("picture", workers, warm)
        self._failures = 0

    async def draw(self, drawing: Callable[[], bytes | None]) -> bytes | None:
        """The picture's PNG bytes (None: nothing drawn), from the worker if it can, else from a thread."""
        if isinstance(drawing, Drawing) and not self.disabled:
            try:
                png = await self.run(DRAW_TIMEOUT, draw_in_worker, *drawing.worker_args())
                self._failures = 0
                return png
            except DrawingFailed as exc:
                log.error(
                    "could not draw match %s for %s:\n%s",
                    drawing.match_id,
                    "the table" if drawing.viewer is None else "a hand",
                    exc,
                )
                return None
            except NotInWorker:
                pass
            except PoolUnavailable as exc:
                self._failed(exc)
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if task is not None and task.cancelling():
                    raise
                return None  # the pool was shut down under it (the bot is closing): no picture
        return await asyncio.to_thread(drawing)

    def _failed(self, exc: PoolUnavailable) -> None:
        self._failures += 1
        if self._failures >= MAX_FAILURES:
            log.warning("pictures are drawn in threads from now on: %s", exc)
            self.disabled = True
            self.close()
        else:
            log.info("a picture is drawn in a thread: %s", exc)


#: The pool every table and picker shares (one worker per bot process); the bot closes it on shutdown.
SHARED = PicturePool()
atexit.register(SHARED.close)
