"""An old picker is folded to one line when its player opens a newer one, through the token alone."""

from __future__ import annotations

from urllib.parse import unquote

import discord

from tests.frontend.table_driver import Table


async def test_opening_a_new_picker_folds_the_previous_one(table: Table):
    await table.open_and_start()
    player = table.live().waiting.turn
    first = (await table.open_picker(player)).message
    assert first is not None and first.custom_ids(), "the first picker has no choices"
    second = (await table.open_picker(player)).message
    assert second is not None and second.id != first.id
    folded = table.world.message(first.id)
    assert folded.text == "↪️ Replaced by a newer picker." and folded.custom_ids() == []
    assert second.custom_ids(), "the new picker must stay whole"
    edit = table.world.requests[-1]  # the fold went through the original-response route, and Discord took it
    assert edit.method == "PATCH" and unquote(edit.path).endswith("/messages/@original") and edit.status == 200


async def test_pickers_keep_no_interaction_objects(table: Table):
    """Only the application id and token per player: an interaction holds its whole payload and message."""
    await table.open_and_start()
    player = table.live().waiting.turn
    await table.open_picker(player)
    kept = list(table.bot.pickers._open.values())
    assert len(kept) == 1
    assert not any(isinstance(value, discord.Interaction) for value in vars(type(kept[0])).values())
    assert {slot: type(getattr(kept[0], slot)) for slot in kept[0].__slots__} == {
        "application_id": int,
        "token": str,
        "at": float,
        "message_id": type(None),
    }  # a new reply: no message clicked
