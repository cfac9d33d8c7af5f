"""Laga's public table on a phone, through the real bot at its largest table (six seats, three of them
people): every version of the table message stays short and still shows every seat's name and numbers."""

from __future__ import annotations

import re

import pytest

from tests.frontend.any_table import close_table, open_table
from tests.frontend.phone import SCREEN_PX, height_px

SEAT = re.compile(r"\*\*(?P<name>[^*]+)\*\*(?: [♀♂])? · -?\d+ pts · 🪙\d+ 💜\d+ ⭐\d+\n💼 .+ L\d.* 🌙\d+ ✅\d+")


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
async def test_the_six_seat_table_stays_short_and_shows_every_seat(db_path, clock, seed):
    table = await open_table(db_path, clock, "laga", 3, 3, seed)
    try:
        await table.open_and_start()
        await table.play_out()
        live = await table.live()
        names = [live.record.names[p] if p > 0 else None for p in live.record.players]
        versions = table.table_versions()
        running = [m for m in versions if "**Last moves**" in (m["embeds"][0].get("description") or "")]
        assert len(running) > 50
        heights = [height_px(m) for m in versions]
        assert max(heights) <= SCREEN_PX, max(heights)
        for m in running:
            seats = SEAT.findall(m["embeds"][0]["description"])
            assert len(seats) == 6, m["embeds"][0]["description"]
            assert all(n is None or n in seats for n in names), (names, seats)
            assert "💜 " in m["embeds"][0]["description"]  # the icons said in words, once
        final = versions[-1]["embeds"][0]["description"]
        assert "wins" in final and "↻" not in final and "📰" not in final  # the result over the seats alone
    finally:
        await close_table(table)
