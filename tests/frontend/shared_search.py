"""The bot's own search pool with a hook before each search: what tests put in place of ``AiSeats.pool`` to
watch or hold hard seats' searches while the real search still answers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.ai.pool import SHARED
from bot.kernel.contract import Action, PlayerId


class SharedSearch:
    """Searches in the shared pool, after :meth:`before` (nothing here; subclasses watch or wait)."""

    async def before(self, seed: int) -> None:
        """Called with each decision's seed before it is searched."""

    async def think(
        self,
        game_name: str,
        view: Mapping[str, Any],
        legal: Sequence[Action],
        player: PlayerId,
        seed: int,
        think_ms: float,
    ) -> Action:
        await self.before(seed)
        return await SHARED.think(game_name, view, legal, player, seed, think_ms)
