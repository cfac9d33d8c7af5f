"""Mat Goceng's public table fits one phone screen at its largest table (6 seats), at every edit of
seeded matches played through the real bot, and still shows every seat's name and public numbers."""

from __future__ import annotations

from typing import Any

import pytest

from tests.frontend.any_table import GameTable, open_table
from tests.frontend.phone import SCREEN_PX, height_px

CUP = "☕"


def _seat_line(text: str, name: str) -> str:
    """The line of the table that starts the seat named ``name`` (after its turn and punch marks), or ""."""
    return next((line for line in text.splitlines() if f"**{name}** " in line), "")


def _missing_seats(table: GameTable, live: Any) -> list[str] | None:
    """The seats the table as it stands does not show in one line with their stamina cups, silver and
    cards in hand (None when the table has no board yet)."""
    message = table.table_message()
    if not message.embeds or not message.embeds[0].get("fields"):
        return None
    text = "\n".join(f["value"] for e in message.embeds for f in e.get("fields") or ())
    state, missing = live.state, []
    for player in state.players:
        line = _seat_line(text, live.record.names[player])
        cups = CUP * state.stamina[player]
        if not (
            cups in line
            and cups + CUP not in line
            and f"🪙{state.coins[player]} " in line
            and f"🃏{len(state.hands[player])}" in line
        ):
            missing.append(line or live.record.names[player])
    return missing


@pytest.mark.slow
@pytest.mark.parametrize(("humans", "seed"), [(3, 1), (3, 2), (6, 2)])
async def test_the_table_fits_one_phone_screen_at_six_seats(tables, db_path, clock, humans, seed):
    table = await open_table(db_path, clock, "goceng", humans, 6 - humans, seed)
    tables.append(table)
    table.prefer = frozenset({"ask_help"})  # Extra Power windows (the tallest tables) at every chance
    await table.open_and_start()
    checked: list[list[str]] = []

    def look(live: Any) -> bool:
        missing = _missing_seats(table, live)
        if missing is not None:
            checked.append(missing)
        return False

    await table.play_out(until=look)

    versions = table.table_versions()
    assert len(versions) > 100
    heights = [height_px(m) for m in versions]
    tallest = versions[heights.index(max(heights))]
    assert max(heights) <= SCREEN_PX, (max(heights), tallest["embeds"])
    assert len(checked) > 50 and [m for m in checked if m] == []
    # The last version, the result, still names every seat with its outcome and its silver.
    live = await table.live()
    final = "\n".join(f["value"] for e in versions[-1]["embeds"] for f in e.get("fields") or ())
    for player in live.state.players:
        line = _seat_line(final, live.record.names[player])
        assert f"🪙{live.state.coins[player]}" in line and ("🏆" in line or "✖️" in line), line
