"""DRUMP's public table fits one phone screen at every edit of seeded matches, through the real bot."""

from __future__ import annotations

import re

import pytest

from tests.frontend.any_table import close_table, open_table
from tests.frontend.phone import SCREEN_PX, height_px

PLAY = "\u25b6\ufe0f "
SEAT = re.compile(r" \u00b7 hand \d+ \u00b7 (\d+ pts: |\*\*DRUMP\*\* |no parts yet$)")


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "attacks"), [(3, False), (2, True), (8, False)])
async def test_the_drump_table_fits_one_phone_screen_at_every_edit(db_path, clock, seed, attacks):
    table = await open_table(db_path, clock, "drump", 2, 0, seed)
    try:
        if attacks:  # attacks whenever legal: block windows, re-attacks, discards
            table.prefer = frozenset({"attack"})
        await table.open_and_start()
        await table.play_out()
        live = await table.live()
        names = [live.name_of(p) for p in live.record.players]
        seen = [(m, m["embeds"][0].get("description") or "") for m in table.table_versions()]
        tables = [(message, text) for message, text in seen if "Zones" in text]  # the board is on it
        assert len(tables) > 40
        tallest = max(tables, key=lambda seen: height_px(seen[0]))
        assert height_px(tallest[0]) <= SCREEN_PX, tallest[1]
        for _, text in tables:  # each seat in a line: its name first, hand size and score (or no parts yet)
            lines = [line.removeprefix(PLAY) for line in text.splitlines()]
            for name in names:
                seat = [line for line in lines if line.startswith(f"**{name}** \u00b7 hand ")]
                assert len(seat) == 1 and SEAT.search(seat[0]), text
            assert sum(line.startswith("Zones \u2460 ") for line in lines) == 2, text  # then its zones
        if attacks:
            assert any("\u2694" in text for _, text in tables)  # an attack's line was measured too
    finally:
        await close_table(table)
