"""Pictures in Discord, through discord.py's real code and the in-process stand-in: the table message is text,
``/drump board`` (like the table's Picture button) returns the board drawn as it stands, described in words, and
the ``pictures`` server setting turns them off."""

from __future__ import annotations

import io

from PIL import Image

from bot.kernel.rng import Rng
from bot.pictures.drawing import draw_hand, draw_table
from tests.frontend.table_driver import ADMIN, CHANNEL, GUEST, GUILD, HOST, Table
from tools.sim import seat


def _picture(message) -> bytes:
    """The table.png a message carries, checked to be what its embed shows."""
    names = [a["filename"] for a in message.attachments]
    assert names == ["table.png"], names
    attachment = message.attachments[0]
    assert message.embeds[0]["image"]["url"] == attachment["url"]
    data = message.files["table.png"]
    assert Image.open(io.BytesIO(data)).format == "PNG"
    return data


async def test_the_table_is_text_and_board_returns_the_picture_as_it_stands(table: Table):
    message = await table.open_and_start()
    live = table.live()
    assert message.attachments == [] and "image" not in message.embeds[0]  # a phone reads the text
    board = await table.slash(GUEST, "board")
    reply = board.messages[-1]
    drawn = draw_table(live.game, live.game.rules.view(live.state, None), live.record.names)
    assert board.ephemeral and _picture(reply) == drawn and "to play" in reply.text
    assert all(name in reply.attachments[0]["description"] for name in live.record.names.values())  # alt text

    rng = Rng.seeded(3)
    for _ in range(6):  # the next /board draws the board as it is then
        player = sorted(live.game.rules.actors(live.state))[0]
        await table.play(player, rng.choice(live.game.rules.legal_actions(live.state, player)))
        live = table.live()
    later = (await table.slash(GUEST, "board")).messages[-1]
    assert _picture(later) == draw_table(live.game, live.game.rules.view(live.state, None), live.record.names)
    assert table.table_message().attachments == []


async def test_the_pictures_setting_turns_them_off(table: Table):
    message = await table.open_and_start()
    record = await table.world.slash(table.bot, ADMIN, CHANNEL, "settings", None, {"pictures": False})
    await table.world.settle()
    assert "`pictures` = **0**" in record.text
    assert await table.bot.storage.preferences.guild_settings(GUILD) == {"pictures": 0}

    board = await table.slash(HOST, "board")
    reply = board.messages[-1]
    assert reply.attachments == [] and "image" not in reply.embeds[0] and "to play" in reply.text
    # The next refresh of the table takes the picture off the message.
    assert await table.bot.announcer.refresh_table(table.live())
    message = table.world.message(message.id)
    assert message.attachments == [] and "image" not in message.embeds[0]


async def test_hand_command_sends_the_hand_picture_privately(table: Table):
    await table.open_and_start()
    live = table.live()
    record = await table.slash(HOST, "hand")
    files = [a["filename"] for m in record.messages for a in m.attachments]
    assert files == ["hand.png"] and record.ephemeral
    picture = next(m for m in record.messages if m.attachments)
    assert picture.visible_to == HOST  # the hand goes to its owner only
    assert picture.files["hand.png"] == draw_hand(live.game, live.game.rules.view(live.state, HOST), live.record.names)


async def test_each_hand_dm_carries_its_owners_hand_picture(table: Table):
    await table.open_and_start()
    live = table.live()
    for player in (HOST, GUEST):
        dm = table.world.dm_messages(player)[0]
        assert [a["filename"] for a in dm.attachments] == ["hand.png"]
        assert dm.embeds[0]["image"]["url"] == dm.attachments[0]["url"]
        assert dm.files["hand.png"] == draw_hand(live.game, live.game.rules.view(live.state, player), live.record.names)
    assert table.world.dm_messages(HOST)[0].files["hand.png"] != table.world.dm_messages(GUEST)[0].files["hand.png"]


async def test_with_pictures_off_the_hand_dm_loses_its_picture(table: Table):
    await table.open_and_start()
    await table.world.slash(table.bot, ADMIN, CHANNEL, "settings", None, {"pictures": False})
    await table.world.settle()
    live = table.live()
    assert await table.bot.announcer.hands.push(live, HOST, force=True)
    dm = table.world.message(table.world.dm_messages(HOST)[0].id)
    assert dm.attachments == [] and "image" not in dm.embeds[0]


def _hand_picture(message) -> tuple[str, bytes]:
    """The one hand picture a private picker carries, checked to be what its embed shows."""
    hands = [a for a in message.attachments if a["filename"].startswith("hand-")]
    assert len(hands) == 1, message.attachments
    assert message.embeds[0]["image"]["url"] == hands[0]["url"]
    return hands[0]["filename"], message.files[hands[0]["filename"]]


async def test_the_picker_shows_your_own_hand_and_uploads_it_only_when_it_changes(table: Table):
    await table.open_and_start()
    live = table.live()
    player = sorted(live.game.rules.actors(live.state))[0]
    other = GUEST if player == HOST else HOST
    legal = live.game.rules.legal_actions(live.state, player)
    seq = live.record.seq
    opened = await table.open_picker(player)
    name, png = _hand_picture(opened.message)
    own = draw_hand(live.game, live.game.rules.view(live.state, player), live.record.names)
    assert png == own and png != draw_hand(live.game, live.game.rules.view(live.state, other), live.record.names)

    # A move of several steps: every step before the move keeps the picture without uploading it.
    action = next(a for a in legal if len(a) >= 3)

    steps_before_the_move = []

    async def seen(record) -> None:
        if table.live().record.seq == seq:
            assert _hand_picture(record.message) == (name, png)
            steps_before_the_move.append(record)

    before = len(table.world.requests)
    await seat.click_through(table.world, table.bot, player, opened.message, legal, action, after_click=seen)
    during = [f for r in table.world.requests[before:] for f in r.files]
    assert steps_before_the_move, "the move took a single click"
    after = table.live()
    if player in after.game.rules.actors(after.state):  # the picker goes on at the next question
        picker = table.world.message(opened.message.id)
        new_name, new_png = _hand_picture(picker)
        assert new_png == draw_hand(after.game, after.game.rules.view(after.state, player), after.record.names)
        assert during.count(new_name) == (0 if new_name == name else 1)
    assert during.count(name) == 0  # the unchanged picture was never uploaded again


async def test_a_folded_picker_drops_its_hand_picture(table: Table):
    await table.open_and_start()
    rng = Rng.seeded(5)
    for _ in range(40):
        live = table.live()
        player = sorted(live.game.rules.actors(live.state))[0]
        record = await table.play(player, rng.choice(live.game.rules.legal_actions(live.state, player)))
        after = table.live()
        if after is not None and player not in after.game.rules.actors(after.state):
            picker = table.world.message(record.message.id)
            assert picker.attachments == [] and not picker.embeds, picker.attachments
            return
    raise AssertionError("no move handed the turn on")


async def test_with_pictures_off_the_picker_has_no_picture(table: Table):
    await table.open_and_start()
    await table.world.slash(table.bot, ADMIN, CHANNEL, "settings", None, {"pictures": False})
    await table.world.settle()
    live = table.live()
    player = sorted(live.game.rules.actors(live.state))[0]
    opened = await table.open_picker(player)
    assert opened.message.attachments == [] and "image" not in opened.message.embeds[0]
