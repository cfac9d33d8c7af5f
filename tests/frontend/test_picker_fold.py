"""An old picker is removed when its player opens a newer one, through the token alone: one live picker each."""

from __future__ import annotations

from urllib.parse import unquote

import discord

from tests.frontend.table_driver import Table


async def test_opening_a_new_picker_removes_the_previous_one(table: Table):
    await table.open_and_start()
    player = table.live().waiting.turn
    first = (await table.open_picker(player)).message
    assert first is not None and first.custom_ids(), "the first picker has no choices"
    second = (await table.open_picker(player)).message
    assert second is not None and second.id != first.id
    assert table.world.message(first.id).deleted
    assert second.custom_ids(), "the new picker must stay whole"
    delete = table.world.requests[-1]  # through the original-response route, and Discord took it
    assert delete.method == "DELETE" and unquote(delete.path).endswith("/messages/@original") and delete.status == 204
    for _ in range(3):  # however many are opened, the player sees one
        await table.open_picker(player)
    assert len(table.world.log.ephemeral_messages(player)) == 1


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
