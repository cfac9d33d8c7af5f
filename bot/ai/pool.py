"""Worker processes for hard AI seats, so a search never holds up the event loop.

A search is CPU work for up to ``ai_think_ms``; on the loop it would delay every
other match's reply by as much. :class:`SearchPool` hands it to a
``ProcessPoolExecutor`` (started on the first hard move, with the engines imported
once per worker, see :mod:`bot.workers`) and awaits the answer. When the pool cannot be started or breaks,
:class:`PoolUnavailable` tells the caller to play normal instead.
"""

from __future__ import annotations

import atexit
from collections.abc import Mapping, Sequence
from typing import Any

from bot.kernel.contract import Action, PlayerId
from bot.workers import WORKER_NICENESS, PoolUnavailable, WorkerPool, default_workers, lower_priority

__all__ = ["GRACE_SECONDS", "WORKER_NICENESS", "PoolUnavailable", "SearchPool", "SHARED", "default_workers"]

#: Extra seconds a search may take past its budget (a queue behind other searches) before normal plays instead.
GRACE_SECONDS = 10.0


def _warm() -> None:
    """Lower the worker's priority and import every engine once, so a search spends its budget searching."""
    lower_priority()
    from bot.kernel.module import all_games

    all_games()


class SearchPool(WorkerPool):
    """A lazily started process pool that runs :func:`bot.ai.search.think`."""

    def __init__(self, workers: int | None = None) -> None:
        super().__init__("search", workers or default_workers(), _warm)

    async def think(
        self,
        game_name: str,
        view: Mapping[str, Any],
        legal: Sequence[Action],
        player: PlayerId,
        seed: int,
        think_ms: float,
    ) -> Action:
        """The search's move, computed in a worker; PoolUnavailable if no worker answers in time."""
        from bot.ai.search import think

        return await self.run(
            think_ms / 1000.0 + GRACE_SECONDS, think, game_name, dict(view), list(legal), player, seed, float(think_ms)
        )


#: The pool every match service shares (one set of workers per bot process).
SHARED = SearchPool()
atexit.register(SHARED.close)
