"""The simulated Discord drives discord.py's real code: a tiny throwaway bot proves it.

The bot below exists only for these tests. It uses every mechanism the real
games rely on: an app_commands.Group, a persistent View (timeout=None,
registered in setup_hook), a DynamicItem, a select menu, deferrals,
followups, DMs and modals.
"""

from __future__ import annotations

import asyncio
import re

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.http import Route

from tools.sim import FakeDiscord, HandlerError, UnknownRouteError

APP = 1_200_000_000_000_000_001
GUILD = 1_200_000_000_000_000_100
CHANNEL = 1_200_000_000_000_000_200
OWNER = 1_200_000_000_000_000_300
AISYAH = 1_200_000_000_000_000_401
BUDI = 1_200_000_000_000_000_402


class Board(discord.ui.View):
    """Persistent: every item has an explicit custom_id and the view never times out."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Tambah", custom_id="demo:add", style=discord.ButtonStyle.primary)
    async def add(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        count = int(interaction.message.content.rsplit(" ", 1)[1]) + 1
        await interaction.response.edit_message(content=f"Count {count}")  # type 7

    @discord.ui.button(label="Reset", custom_id="demo:reset")
    async def reset(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()  # type 6
        await interaction.message.edit(content="Count 0")  # PATCH /channels/.../messages/...

    @discord.ui.select(
        custom_id="demo:colour",
        placeholder="Warna",
        options=[
            discord.SelectOption(label="Merah", value="red"),
            discord.SelectOption(label="Biru", value="blue"),
        ],
    )
    async def colour(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        interaction.client.picked.append(select.values[0])
        await interaction.response.send_message(f"Picked {select.values[0]}", ephemeral=True)


class Seat(discord.ui.DynamicItem[discord.ui.Button], template=r"demo:seat:(?P<seat>\d+)"):
    def __init__(self, seat: int) -> None:
        super().__init__(discord.ui.Button(label=f"Seat {seat}", custom_id=f"demo:seat:{seat}"))
        self.seat = seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Seat {self.seat} taken by {interaction.user.display_name}")


class Confirm(discord.ui.View):
    """A short-lived prompt sent as an ephemeral reply."""

    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.button(label="Yakin", custom_id="demo:confirm")
    async def confirm(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        button.disabled = True
        await interaction.response.edit_message(content="Confirmed", view=self)


class Nickname(discord.ui.Modal, title="Nama meja"):
    name = discord.ui.TextInput(label="Nama", custom_id="demo:name", max_length=20)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Table renamed to {self.name.value}")


demo = app_commands.Group(name="demo", description="Demo commands")


@demo.command(name="secret", description="An ephemeral reply")
async def secret(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("Only you can see this", ephemeral=True, view=Confirm())


@demo.command(name="board", description="Post a public board")
async def board(interaction: discord.Interaction) -> None:
    await interaction.channel.send("Count 0", view=Board())
    await interaction.response.send_message("Board posted", ephemeral=True)


@demo.command(name="slow", description="Defer, then follow up")
@app_commands.describe(rounds="How many rounds")
async def slow(interaction: discord.Interaction, rounds: app_commands.Range[int, 1, 5] = 1) -> None:
    await interaction.response.defer(thinking=True)
    await interaction.followup.send(f"Done after {rounds} rounds")
    await interaction.followup.send("And one more thing", ephemeral=True)


@demo.command(name="invite", description="DM someone")
async def invite(interaction: discord.Interaction, user: discord.User) -> None:
    try:
        await user.send(f"{interaction.user.display_name} invites you to a game")
    except discord.Forbidden as exc:
        interaction.client.dm_failures.append((type(exc), exc.status, exc.code))
        await interaction.response.send_message(f"Cannot DM {user.display_name} (code {exc.code})", ephemeral=True)
    else:
        await interaction.response.send_message(f"Invited {user.display_name}", ephemeral=True)


@demo.command(name="seats", description="Seats as dynamic buttons")
async def seats(interaction: discord.Interaction) -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(Seat(1))
    view.add_item(Seat(2))
    await interaction.response.send_message("Pick a seat", view=view)


@demo.command(name="twice", description="Answers twice at once (a bug)")
async def twice(interaction: discord.Interaction) -> None:
    results = await asyncio.gather(
        interaction.response.send_message("first"),
        interaction.response.send_message("second"),
        return_exceptions=True,
    )
    interaction.client.double_replies.extend(results)


@demo.command(name="emojis", description="Uses an endpoint the stand-in does not serve")
async def emojis(interaction: discord.Interaction) -> None:
    try:
        await interaction.guild.fetch_emojis()
    except Exception:  # a careless bot swallowing everything
        pass
    await interaction.response.send_message("no emojis")


@demo.command(name="rename", description="Opens a modal")
async def rename(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(Nickname())


@demo.command(name="boom", description="Raises")
async def boom(interaction: discord.Interaction) -> None:
    raise ValueError("kaboom")


@app_commands.command(name="admin", description="Managers only")
@app_commands.default_permissions(manage_guild=True)
async def admin(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(f"manage_guild={interaction.permissions.manage_guild}", ephemeral=True)


class DemoBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default())
        self.picked: list[str] = []
        self.dm_failures: list[tuple[type, int, int]] = []
        self.double_replies: list[object] = []

    async def setup_hook(self) -> None:
        self.tree.add_command(demo)
        self.tree.add_command(admin)
        self.add_view(Board())
        self.add_dynamic_items(Seat)


@pytest.fixture
async def world():
    async with FakeDiscord(app_id=APP, bot_user_id=APP, bot_name="Meja", owner_id=OWNER) as w:
        w.add_guild(GUILD, name="Kedai Kopi", owner_id=OWNER)
        w.add_channel(GUILD, CHANNEL, name="games")
        w.add_member(GUILD, AISYAH, "Aisyah")
        w.add_member(GUILD, BUDI, "Budi", permissions="manage_guild")
        yield w
        w.check_finished()


@pytest.fixture
async def bot(world: FakeDiscord):
    client = DemoBot()
    await world.connect(client)
    assert client.loop is asyncio.get_running_loop()
    try:
        yield client
    finally:
        await client.close()


async def test_login_and_guild_cache(world: FakeDiscord, bot: DemoBot) -> None:
    assert bot.user.id == APP and bot.application_id == APP
    guild = bot.get_guild(GUILD)
    assert guild is not None and guild.name == "Kedai Kopi"
    assert guild.get_channel(CHANNEL).name == "games"
    assert guild.me is not None
    assert [r.route for r in world.requests[:2]] == ["/users/@me", "/oauth2/applications/@me"]


async def test_slash_ephemeral_reply(world: FakeDiscord, bot: DemoBot) -> None:
    inter = await world.slash(bot, AISYAH, CHANNEL, "demo", "secret")
    assert inter.response_type == 4 and inter.ephemeral
    assert inter.text == "Only you can see this"
    assert world.channel_messages(CHANNEL) == []
    assert world.log.ephemeral_messages(AISYAH) == [inter.message]
    # Its button is clickable by its owner only, and the message carries flags 64.
    with pytest.raises(AssertionError, match="only visible"):
        await world.click(bot, BUDI, inter.message, "demo:confirm")
    click = await world.click(bot, AISYAH, inter.message, "demo:confirm")
    assert click.payload["message"]["flags"] & 64
    assert click.response_type == 7 and click.message is inter.message
    assert inter.message.text == "Confirmed" and inter.message.buttons()[0].disabled
    with pytest.raises(AssertionError, match="disabled"):
        await world.click(bot, AISYAH, inter.message, "demo:confirm")


async def test_public_board_edited_by_update_and_patch(world: FakeDiscord, bot: DemoBot) -> None:
    await world.slash(bot, AISYAH, CHANNEL, "demo", "board")
    [board_msg] = world.channel_messages(CHANNEL)
    assert board_msg.text == "Count 0" and board_msg.author_id == APP
    assert board_msg.custom_ids() == ["demo:add", "demo:reset", "demo:colour"]
    assert world.log.requests_of("message")[-1].path == f"/channels/{CHANNEL}/messages"

    for expected in ("Count 1", "Count 2"):
        inter = await world.click(bot, BUDI, board_msg, "demo:add")
        assert inter.response_type == 7
        assert world.channel_messages(CHANNEL)[0].text == expected

    inter = await world.click(bot, AISYAH, board_msg, "demo:reset")
    assert inter.response_type == 6
    patch = world.log.requests_of("edit", method="PATCH")[-1]
    assert patch.route == "/channels/{channel_id}/messages/{message_id}" and patch.json["content"] == "Count 0"
    assert board_msg.text == "Count 0" and board_msg.edits == 3
    assert len(world.channel_messages(CHANNEL)) == 1


async def test_select_value_reaches_callback(world: FakeDiscord, bot: DemoBot) -> None:
    await world.slash(bot, AISYAH, CHANNEL, "demo", "board")
    [board_msg] = world.channel_messages(CHANNEL)
    assert board_msg.select("demo:colour").values == ["red", "blue"]
    inter = await world.select(bot, AISYAH, board_msg, "demo:colour", ["blue"])
    assert bot.picked == ["blue"]
    assert inter.ephemeral and inter.text == "Picked blue"
    with pytest.raises(AssertionError, match="not an option"):
        await world.select(bot, AISYAH, board_msg, "demo:colour", ["green"])


async def test_defer_then_followups(world: FakeDiscord, bot: DemoBot) -> None:
    inter = await world.slash(bot, AISYAH, CHANNEL, "demo", "slow", options={"rounds": 3})
    assert inter.response_type == 5 and not inter.ephemeral
    # The first followup replaces the "thinking" placeholder; the second is a new (ephemeral) message.
    assert [m.text for m in inter.messages] == ["Done after 3 rounds", "And one more thing"]
    assert not inter.message.loading
    assert [m.ephemeral for m in inter.messages] == [False, True]
    assert [r.kind for r in inter.requests] == ["reply", "followup", "followup"]
    assert world.channel_messages(CHANNEL) == [inter.message]
    with pytest.raises(AssertionError, match="max_value"):
        await world.slash(bot, AISYAH, CHANNEL, "demo", "slow", options={"rounds": 9})


async def test_dm_and_closed_dms(world: FakeDiscord, bot: DemoBot) -> None:
    inter = await world.slash(bot, AISYAH, CHANNEL, "demo", "invite", options={"user": BUDI})
    assert inter.text == "Invited Budi"
    [dm] = world.dm_messages(BUDI)
    assert dm.text == "Aisyah invites you to a game"
    assert [r.kind for r in world.requests[-3:]] == ["dm", "dm", "reply"]

    world.directory.close_dms(AISYAH)
    inter = await world.slash(bot, BUDI, CHANNEL, "demo", "invite", options={"user": AISYAH})
    assert bot.dm_failures == [(discord.Forbidden, 403, 50007)]
    assert inter.text == "Cannot DM Aisyah (code 50007)"
    assert world.dm_messages(AISYAH) == []
    assert world.log.requests_of("dm")[-1].status == 403


async def test_honest_clicks_and_forged_ids(world: FakeDiscord, bot: DemoBot) -> None:
    await world.slash(bot, AISYAH, CHANNEL, "demo", "board")
    [board_msg] = world.channel_messages(CHANNEL)
    with pytest.raises(AssertionError, match="not on message"):
        await world.click(bot, AISYAH, board_msg, "demo:seat:1")
    # Forged ids reach the bot. discord.py itself drops a dynamic item that is not on the message...
    inter = await world.click(bot, AISYAH, board_msg, "demo:seat:7", forge=True)
    assert inter.failed
    assert world.log.unfinished() == [f"{inter!r}: never answered (the player sees 'This interaction failed')"]
    inter.expect_unanswered = True  # dropping a forgery unanswered is what this test wants
    # ...but a persistent view answers its custom_id on ANY message: the forgery a bot must guard against.
    seats = await world.slash(bot, AISYAH, CHANNEL, "demo", "seats")
    inter = await world.click(bot, AISYAH, seats.message, "demo:reset", forge=True)
    assert inter.response_type == 6 and seats.message.text == "Count 0"


async def test_dynamic_items(world: FakeDiscord, bot: DemoBot) -> None:
    inter = await world.slash(bot, AISYAH, CHANNEL, "demo", "seats")
    assert [b.label for b in inter.message.buttons()] == ["Seat 1", "Seat 2"]
    taken = await world.click(bot, BUDI, inter.message, inter.message.button("Seat 2").custom_id)
    assert taken.text == "Seat 2 taken by Budi" and not taken.ephemeral


async def test_unknown_route_fails_loudly(world: FakeDiscord, bot: DemoBot) -> None:
    with pytest.raises(UnknownRouteError, match="/guilds/{guild_id}/audit-logs"):
        await bot.http.request(Route("GET", "/guilds/{guild_id}/audit-logs", guild_id=GUILD))
    assert len(world.settler.forget_errors()) == 1
    # Even when the bot swallows the exception, settle() raises it.
    with pytest.raises(UnknownRouteError, match="emojis"):
        await world.slash(bot, AISYAH, CHANNEL, "demo", "emojis")


async def test_double_acknowledgement_is_rejected(world: FakeDiscord, bot: DemoBot) -> None:
    inter = await world.slash(bot, AISYAH, CHANNEL, "demo", "twice")
    first, second = bot.double_replies
    assert isinstance(second, discord.HTTPException) and second.code == 40060 and second.status == 400
    assert inter.text == "first"
    assert [r.status for r in inter.requests] == [200, 400]


async def test_handler_exceptions_surface(world: FakeDiscord, bot: DemoBot) -> None:
    with pytest.raises(HandlerError, match="kaboom"):
        await world.slash(bot, AISYAH, CHANNEL, "demo", "boom")
    assert world.interactions[-1].failed
    world.interactions[-1].expect_unanswered = True  # the handler crashed on purpose


async def test_modal_round_trip(world: FakeDiscord, bot: DemoBot) -> None:
    opened = await world.slash(bot, AISYAH, CHANNEL, "demo", "rename")
    assert opened.response_type == 9 and opened.modal["title"] == "Nama meja"
    submitted = await world.submit_modal(bot, AISYAH, opened, {"demo:name": "Meja Satu"})
    assert submitted.text == "Table renamed to Meja Satu"
    with pytest.raises(AssertionError, match="too long"):
        await world.submit_modal(bot, AISYAH, opened, {"demo:name": "x" * 21})


async def test_command_permissions_and_options(world: FakeDiscord, bot: DemoBot) -> None:
    # Discord hides a command from members without its default_member_permissions.
    with pytest.raises(AssertionError, match="cannot use /admin"):
        await world.slash(bot, AISYAH, CHANNEL, "admin")
    inter = await world.slash(bot, BUDI, CHANNEL, "admin")
    assert inter.text == "manage_guild=True"
    assert (await world.slash(bot, OWNER, CHANNEL, "admin")).text == "manage_guild=True"
    with pytest.raises(AssertionError, match="unknown option"):
        await world.slash(bot, AISYAH, CHANNEL, "demo", "slow", options={"speed": 2})
    with pytest.raises(AssertionError, match="needs a subcommand"):
        await world.slash(bot, AISYAH, CHANNEL, "demo")


async def test_second_bot_answers_old_messages(world: FakeDiscord) -> None:
    first = DemoBot()
    await world.connect(first)
    assert first.loop is asyncio.get_running_loop()
    try:
        await world.slash(first, AISYAH, CHANNEL, "demo", "board")
        seats_inter = await world.slash(first, AISYAH, CHANNEL, "demo", "seats")
    finally:
        await first.close()
    [board_msg, seats_msg] = world.channel_messages(CHANNEL)

    second = DemoBot()
    await world.connect(second)
    assert second.loop is asyncio.get_running_loop()
    try:
        with pytest.raises(RuntimeError, match="closed"):
            await world.click(first, BUDI, board_msg, "demo:add")
        inter = await world.click(second, BUDI, board_msg, "demo:add")
        assert inter.response_type == 7 and board_msg.text == "Count 1"
        taken = await world.click(second, BUDI, seats_msg, "demo:seat:1")
        assert taken.text == "Seat 1 taken by Budi"
        assert seats_inter.message is seats_msg
    finally:
        await second.close()


async def test_close_restores_webhook_adapter() -> None:
    from tools.sim.transport import default_webhook_adapter

    adapter = default_webhook_adapter()
    assert "request" not in adapter.__dict__
    async with FakeDiscord(app_id=APP) as w:
        w.add_guild(GUILD)
        client = DemoBot()
        try:
            await w.connect(client)
            assert client.loop is asyncio.get_running_loop()
            assert "request" in adapter.__dict__ and "request" in client.http.__dict__
        finally:
            await client.close()
    assert "request" not in adapter.__dict__ and "request" not in client.http.__dict__
