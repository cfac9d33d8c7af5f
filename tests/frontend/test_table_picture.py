"""The table is text; its Picture button draws the board for whoever asks, privately, described in words.

Through the real bot in every game: the table message carries no picture at any edit (a phone shows text at a
readable size, and it is always current), a Picture click answers the clicking person alone with a PNG drawn from
the board as it stands, whose description (alt text) is the board in words, naming every seat. With the server's
``pictures`` setting off the button is not offered.
"""

from __future__ import annotations

import pytest

from bot.frontend.ui.components import PictureButton
from bot.kernel.module import all_games, get_game
from tests.frontend.any_table import GUILD, STRANGER, close_table, open_table


@pytest.mark.parametrize("game", [g.name for g in all_games()])
async def test_the_table_is_text_and_its_picture_is_drawn_on_demand_with_the_board_as_alt_text(game, db_path, clock):
    table = await open_table(db_path, clock, game, get_game(game).rules.min_players, 0, seed=6)
    try:
        await table.open_and_start()
        await table.play_out(until=lambda live: live.seq >= 12)
        live = await table.live()
        message = table.world.message(live.record.message_id)
        edits = [r for r in table.world.requests if r.message_id == message.id and r.method == "PATCH"]
        assert edits and not any(r.files for r in edits) and not message.attachments  # the table is text
        picture = PictureButton.custom_id_for(live.id)
        assert picture in message.custom_ids()
        drawn = await table.click(STRANGER, message, picture)
        assert drawn.ephemeral and drawn.message is not None
        (attachment,) = drawn.message.attachments
        assert attachment["filename"].endswith(".png") and drawn.message.files[attachment["filename"]][:4] == b"\x89PNG"
        alt = attachment["description"]
        assert all(name in alt for name in live.record.names.values()), alt
        assert "**" not in alt  # read out, not marked up
    finally:
        await close_table(table)


async def test_with_pictures_off_the_table_offers_none(db_path, clock):
    table = await open_table(db_path, clock, "drump", 2, 0, seed=6)
    try:
        await table.bot.service.settings.change(GUILD, "pictures", 0)
        await table.open_and_start()
        live = await table.live()
        assert PictureButton.custom_id_for(live.id) not in table.world.message(live.record.message_id).custom_ids()
    finally:
        await close_table(table)
