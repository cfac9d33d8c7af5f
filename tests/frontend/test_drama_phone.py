"""Drama's public table fits one phone screen at its largest table (6 seats), at every edit of whole
seeded matches played through the real bot, and still shows each seat's name and public numbers."""

from __future__ import annotations

import re

import pytest

from tests.frontend.any_table import close_table, open_table
from tests.frontend.phone import SCREEN_PX, height_px

SEAT = re.compile(r"\*\*(?P<name>[^*]+)\*\* (?P<air>\d)/7 Air Muka 💰(?P<juta>\d+) ✋(?P<hand>\d+)")


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 4])
async def test_the_table_stays_within_one_phone_screen_at_six_seats(db_path, clock, seed):
    table = await open_table(db_path, clock, "drama", 3, 3, seed)
    try:
        await table.open_and_start()
        await table.play_out()
        edits = [m for m in table.table_versions() if m["embeds"][0].get("description")]
        assert len(edits) > 50
        tallest = max(edits, key=height_px)
        assert height_px(tallest) <= SCREEN_PX, tallest["embeds"][0]["description"]
        playing = [m for m in edits if "🎬" in m["embeds"][0]["description"]]
        assert playing
        for message in playing:  # each seat: its name, Air Muka, Juta and hand size, or that it is out
            text = message["embeds"][0]["description"]
            seats = [m["name"] for m in SEAT.finditer(text)] + re.findall(r"❌ \*\*([^*]+)\*\*", text)
            assert len(seats) == 6, text
    finally:
        await close_table(table)
