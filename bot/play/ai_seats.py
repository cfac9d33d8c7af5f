"""An AI seat's move: its level's policy, or hard's search in the worker pool.

The match service asks :meth:`AiSeats.choose` for every AI move. The seat's level
comes from the match's ``table_options`` (:mod:`bot.ai.levels`); a person's seat the
AI plays while they are away plays normal. Every level decides from the seat's view
and legal actions only. Hard searches for ``ai_think_ms`` in a worker process and
plays normal when the pool is unavailable or the game has no determinizer. The search
is anything with :class:`SearchPool`'s ``think``: the bot's own pool, or search workers
on other machines (:class:`bot.play.remote_search.RemoteSearch`, ``AI_SEARCH=remote``).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from bot.ai import registry
from bot.ai.levels import HARD, NORMAL, level_of
from bot.ai.pool import SHARED, PoolUnavailable
from bot.kernel.contract import Action, PlayerId
from bot.kernel.rng import Rng
from bot.play.match_types import LiveMatch, is_ai

log = logging.getLogger(__name__)

#: Used when a server has no ``ai_think_ms`` setting.
DEFAULT_THINK_MS = 1000


def move_seed(seed: int, seq: int) -> int:
    """The seeded randomness of one AI decision: from the match seed and the move number, so it replays."""
    return (seed ^ ((seq + 1) * 0x9E3779B97F4A7C15)) & ((1 << 64) - 1)


class Search(Protocol):
    """Where hard searches run: :class:`SearchPool` in this process's workers, or a remote search beside it.

    PoolUnavailable tells the seat to play normal instead."""

    async def think(
        self,
        game_name: str,
        view: Mapping[str, Any],
        legal: Sequence[Action],
        player: PlayerId,
        seed: int,
        think_ms: float,
    ) -> Action: ...


class AiSeats:
    """Chooses AI seats' moves; counts the moves decided per level (``decided``, read by tests and the bench)."""

    def __init__(self, pool: Search | None = None) -> None:
        self.pool: Search = pool if pool is not None else SHARED
        self.decided: Counter[str] = Counter()

    def level(self, live: LiveMatch, player: PlayerId) -> str:
        return level_of(live.record.table_options, player) if is_ai(player) else NORMAL

    async def choose(self, live: LiveMatch, player: PlayerId, settings: Mapping[str, Any] | Any) -> Action:
        """``player``'s move at their seat's level (call with the match lock held)."""
        game = live.game
        legal = game.rules.legal_actions(live.state, player)
        view = game.rules.view(live.state, player)
        seed = move_seed(live.record.seed, live.record.seq)
        level = self.level(live, player)
        if level == HARD and len(legal) > 1 and registry.sampler(game.name) is not None:
            try:
                think_ms = _setting(settings, "ai_think_ms", DEFAULT_THINK_MS)
                action = await self.pool.think(game.name, view, legal, player, seed, think_ms)
                if action in legal:
                    self.decided[HARD] += 1
                    return action
                log.warning("a hard search returned an illegal move in match #%s; playing normal", live.id)
            except PoolUnavailable as exc:
                log.warning("hard AI plays normal in match #%s: %s", live.id, exc)
            level = NORMAL
        self.decided[level] += 1
        return registry.policy(game.name, level).choose(view, legal, Rng.seeded(seed))


def _setting(settings: Any, key: str, default: int) -> int:
    try:
        return int(settings[key])
    except (KeyError, TypeError):
        return default
