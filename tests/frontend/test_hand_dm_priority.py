"""Which hand-DM edits are news: whole matches through the real bot, every edit's pacer priority watched.

A hand DM showing what someone else did waits at the pacer's news priority (after tables, prompts and
pings, before tidying), because its player relies on it. One whose player is the one the match waits on
outside a window (their turn: the ping brings them to a picker that shows their hand as it is) only
catches up, at the background priority, like one showing their own moves.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.frontend.delivery import ratelimit
from tests.frontend.any_table import open_table
from tests.frontend.hand_edits import watch_hand_edits

Priority = ratelimit.Priority


async def _watched_match(db_path: Any, clock: Any, monkeypatch: Any, game: str, humans: int) -> list[tuple]:
    """Play a seeded match to the end; each hand-DM edit as (priority, whether its player decides now)."""
    box: dict[str, Any] = {}

    def deciding(player: int) -> bool:
        table = box["table"]
        live = table.bot.service.matches._cache.get(table.match_id)
        return live is not None and live.waiting.window is None and player in live.waiting.actors

    edits = watch_hand_edits(monkeypatch, lambda: box["table"].world, deciding)
    table = await open_table(db_path, clock, game, humans, 0, seed=3)
    box["table"] = table
    await table.open_and_start()
    await table.play_out()
    return [(edit.priority, edit.noted) for edit in edits]


@pytest.mark.parametrize(("game", "humans"), [("drump", 2), ("goceng", 4)])
async def test_a_hand_dm_edit_is_news_unless_its_player_is_the_one_deciding(db_path, clock, monkeypatch, game, humans):
    edits = await _watched_match(db_path, clock, monkeypatch, game, humans)
    assert edits
    assert all(priority is not Priority.URGENT for priority, _ in edits)
    # The player the match waits on sees their hand where they decide: their DM only catches up.
    assert all(priority is Priority.BACKGROUND for priority, decides in edits if decides)
    assert any(decides for _, decides in edits)  # DRUMP's draw at a turn's start, say
    if game == "goceng":  # a helper whose card was taken, a seat that lost coins: told as news
        assert any(priority is Priority.NEWS and not decides for priority, decides in edits)
