"""An old picker is removed when its player opens a newer one, through the token alone: one live picker each."""

from __future__ import annotations

from urllib.parse import unquote

import discord

from tests.frontend.table_driver import Table
from tools.sim import FakeMessage, seat


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
        "in_channel": bool,
    }  # a new reply: no message clicked


async def _play_turn(table: Table, player: int) -> FakeMessage:
    """``player`` ends their turn through the picker (discarding as asked); the picker message they used."""
    picker = None
    while table.live() is not None and player in table.live().waiting.actors:
        legal = table.live().game.rules.legal_actions(table.live().state, player)
        action = next((a for a in legal if a["type"] == "end_turn"), legal[0])
        record = await table.play(player, action)
        picker = record.message
    assert picker is not None
    return picker


async def test_the_picker_a_player_last_used_asks_their_next_turn_in_place(table: Table):
    """When a turn starts, the picker its player last used in the channel asks the new question in place (its
    last click's token edits it): one tap on it plays, with no Take action. Free of the global limit."""
    await table.open_and_start()
    a = table.live().waiting.turn
    picker = await _play_turn(table, a)
    assert not any(c.startswith("pkb:") for c in table.world.message(picker.id).custom_ids())  # folded: "✅ …"
    b = table.live().waiting.turn
    assert b != a
    await _play_turn(table, b)
    live = table.live()
    assert live.waiting.turn == a
    shown = table.world.message(picker.id)
    assert not shown.deleted and any(c.startswith(f"pkb:{live.id}:{live.decision}:") for c in shown.custom_ids())
    assert "what do you do" in shown.embeds[0]["title"].lower(), shown.embeds[0]["title"]
    edit = next(r for r in reversed(table.world.requests) if r.method == "PATCH" and r.message_id == picker.id)
    assert edit.route.startswith("/webhooks/")  # through the token, not a limited channel edit
    mark, seq = len(table.world.interactions), live.seq
    legal = live.game.rules.legal_actions(live.state, a)
    await seat.click_through(table.world, table.bot, a, shown, legal, next(x for x in legal if x["type"] == "end_turn"))
    assert table.live().seq == seq + 1  # played from it
    assert not any(r.name.startswith("act:") for r in table.world.interactions[mark:])  # no Take action


async def test_a_picker_whose_token_ran_out_is_left_as_it_is(table: Table, clock):
    await table.open_and_start()
    a = table.live().waiting.turn
    picker = await _play_turn(table, a)
    clock.advance(15 * 60)
    await _play_turn(table, table.live().waiting.turn)
    assert not any(c.startswith("pkb:") for c in table.world.message(picker.id).custom_ids())
