"""Discord's rules as the stand-in enforces them, seen through a second throwaway bot.

Covers what the first file does not: payload limits (Invalid Form Body),
settling while a handler waits for a player, wait_for on messages, DMs as an
interaction context, Components V2 layouts, uploads, command sync, game
tasks, and concurrent clicks.
"""

from __future__ import annotations

import asyncio

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tools.sim import FakeDiscord, SettleTimeout

APP = 1_300_000_000_000_000_001
GUILD = 1_300_000_000_000_000_100
CHANNEL = 1_300_000_000_000_000_200
AISYAH = 1_300_000_000_000_000_401
BUDI = 1_300_000_000_000_000_402


class Prompt(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=30)
        self.answered_by: str | None = None

    @discord.ui.button(label="Siap", custom_id="rules:ready")
    async def ready(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.answered_by = interaction.user.display_name
        await interaction.response.defer()
        self.stop()


class Play(discord.ui.Button):
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"played {self.custom_id}", ephemeral=True)


class Table(discord.ui.LayoutView):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        container = discord.ui.Container(
            discord.ui.TextDisplay("## Giliran Aisyah"),
            discord.ui.Section(
                discord.ui.TextDisplay("Kartu: 7H"), accessory=Play(label="Main 7H", custom_id="rules:play:7H")
            ),
            discord.ui.ActionRow(Play(label="Lewat", custom_id="rules:pass")),
        )
        self.add_item(container)


class Join(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.seated: list[int] = []

    @discord.ui.button(label="Duduk", custom_id="rules:join")
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.seated.append(interaction.user.id)
        await interaction.response.edit_message(content=f"{len(self.seated)} seated")


class Rival(discord.ui.UserSelect):
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"rival: {self.values[0].display_name}")


rules = app_commands.Group(name="rules", description="Rule checks")


@rules.command(name="hand", description="Show a hand as a select")
async def hand(interaction: discord.Interaction, cards: int) -> None:
    view = discord.ui.View()
    view.add_item(
        discord.ui.Select(
            custom_id="rules:hand",
            options=[discord.SelectOption(label=f"Card {i}", value=str(i)) for i in range(cards)],
        )
    )
    try:
        await interaction.response.send_message("Your hand", view=view, ephemeral=True)
    except discord.HTTPException as exc:
        interaction.client.failures.append(exc)
        await interaction.response.send_message("Hand too large", ephemeral=True)


@rules.command(name="prompt", description="Waits for a click")
async def prompt(interaction: discord.Interaction) -> None:
    view = Prompt()
    await interaction.response.send_message("Ready?", view=view)
    await view.wait()
    await interaction.followup.send(f"Ready: {view.answered_by}")


@rules.command(name="guess", description="Waits for a chat message")
async def guess(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("Say a number")

    def check(m: discord.Message) -> bool:
        return m.author.id == interaction.user.id and m.content.isdigit()

    msg = await interaction.client.wait_for("message", check=check, timeout=30)
    await interaction.followup.send(f"You said {msg.content}")


@rules.command(name="table", description="A Components V2 layout")
async def table(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(view=Table())


@rules.command(name="card", description="Uploads a card image")
async def card(interaction: discord.Interaction) -> None:
    embed = discord.Embed(title="7H").set_image(url="attachment://7h.png")
    await interaction.channel.send(embed=embed, file=discord.File(__import__("io").BytesIO(b"PNG7H"), "7h.png"))
    embed.title = "changed after sending"  # must not rewrite the message already sent
    embed.add_field(name="late", value="field")
    await interaction.response.send_message("sent", ephemeral=True)


@rules.command(name="peek", description="Downloads the card back")
async def peek(interaction: discord.Interaction, message_id: str) -> None:
    msg = await interaction.channel.fetch_message(int(message_id))
    data = await msg.attachments[0].read()
    await interaction.response.send_message(f"{msg.attachments[0].filename}: {data.decode()}")


@rules.command(name="join", description="A seat-taking message")
async def join(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("0 seated", view=Join())


@rules.command(name="rival", description="Pick a rival")
async def rival(interaction: discord.Interaction) -> None:
    view = discord.ui.View()
    view.add_item(Rival(custom_id="rules:rival"))
    await interaction.response.send_message("Pick a rival", view=view)


@rules.command(name="timer", description="Starts a short game timer")
async def timer(interaction: discord.Interaction, forever: bool = False) -> None:
    channel = interaction.channel

    async def ring() -> None:
        await asyncio.sleep(3600 if forever else 0.01)
        await channel.send("Time is up")

    interaction.client.timer = asyncio.create_task(ring(), name="game:timer")
    await interaction.response.send_message("Timer started")


@rules.command(name="late", description="Thinks too long before answering")
async def late(interaction: discord.Interaction) -> None:
    await asyncio.sleep(0.05)
    try:
        await interaction.response.send_message("finally")
    except discord.NotFound as exc:
        interaction.client.failures.append(exc)


@rules.command(name="where", description="Where am I")
async def where(interaction: discord.Interaction) -> None:
    place = "DM" if interaction.guild is None else interaction.guild.name
    await interaction.response.send_message(f"{place} / {type(interaction.channel).__name__}")


deep = app_commands.Group(name="deep", description="Nested group", parent=rules)


@deep.command(name="set", description="Options of every snowflake kind")
@app_commands.choices(
    mode=[app_commands.Choice(name="Cepat", value="fast"), app_commands.Choice(name="Santai", value="slow")]
)
async def deep_set(
    interaction: discord.Interaction,
    mode: app_commands.Choice[str],
    where: discord.TextChannel,
    role: discord.Role,
    ratio: float = 0.5,
) -> None:
    await interaction.response.send_message(f"{mode.value} in #{where.name} for @{role.name} at {ratio}")


class RulesBot(commands.Bot):
    def __init__(self) -> None:
        intents = discord.Intents.default()
        intents.message_content = True
        super().__init__(command_prefix="!", intents=intents)
        self.failures: list[discord.HTTPException] = []
        self.timer: asyncio.Task | None = None

    async def setup_hook(self) -> None:
        self.tree.add_command(rules)

        @self.command(name="ping")
        async def ping(ctx: commands.Context) -> None:
            await ctx.reply("pong")


@pytest.fixture
async def world():
    async with FakeDiscord(app_id=APP, bot_name="Meja") as w:
        w.add_guild(GUILD, name="Kedai Kopi")
        w.add_channel(GUILD, CHANNEL, name="games")
        w.add_member(GUILD, AISYAH, "Aisyah")
        w.add_member(GUILD, BUDI, "Budi")
        yield w
        w.check_finished()


@pytest.fixture
async def bot(world: FakeDiscord):
    client = RulesBot()
    await world.connect(client)
    assert client.loop is asyncio.get_running_loop()
    try:
        yield client
    finally:
        if client.timer is not None:
            client.timer.cancel()
        await client.close()


async def test_select_limits_are_enforced(world: FakeDiscord, bot: RulesBot) -> None:
    ok = await world.slash(bot, AISYAH, CHANNEL, "rules", "hand", options={"cards": 25})
    assert len(ok.message.select("rules:hand").options) == 25
    too_many = await world.slash(bot, AISYAH, CHANNEL, "rules", "hand", options={"cards": 26})
    [exc] = bot.failures
    assert exc.status == 400 and exc.code == 50035 and "components.0.components.0.options" in exc.text
    assert too_many.text == "Hand too large"


async def test_settle_returns_while_waiting_for_a_player(world: FakeDiscord, bot: RulesBot) -> None:
    inter = await world.slash(bot, AISYAH, CHANNEL, "rules", "prompt")  # handler is parked in view.wait()
    assert inter.text == "Ready?"
    await world.click(bot, BUDI, inter.message, "rules:ready")
    assert inter.text == "Ready?\nReady: Budi"


async def test_wait_for_message(world: FakeDiscord, bot: RulesBot) -> None:
    inter = await world.slash(bot, AISYAH, CHANNEL, "rules", "guess")
    await world.post(bot, BUDI, CHANNEL, "7")  # someone else: ignored by the check
    await world.post(bot, AISYAH, CHANNEL, "tujuh")  # not a number: ignored
    await world.post(bot, AISYAH, CHANNEL, "7")
    assert inter.followups[0].text == "You said 7"


async def test_prefix_command(world: FakeDiscord, bot: RulesBot) -> None:
    await world.post(bot, AISYAH, CHANNEL, "!ping")
    reply = world.channel_messages(CHANNEL)[-1]
    assert reply.text == "pong" and reply.message_reference["message_id"] == str(world.channel_messages(CHANNEL)[0].id)


async def test_dm_context(world: FakeDiscord, bot: RulesBot) -> None:
    inter = await world.slash(bot, AISYAH, None, "rules", "where")
    assert inter.text == "DM / DMChannel"
    assert inter.payload["context"] == 1 and "user" in inter.payload and "member" not in inter.payload
    assert (await world.slash(bot, AISYAH, CHANNEL, "rules", "where")).text == "Kedai Kopi / TextChannel"


async def test_components_v2_layout(world: FakeDiscord, bot: RulesBot) -> None:
    inter = await world.slash(bot, AISYAH, CHANNEL, "rules", "table")
    msg = inter.message
    assert msg.flags & (1 << 15) and "Giliran Aisyah" in msg.text and "Kartu: 7H" in msg.text
    assert msg.custom_ids() == ["rules:play:7H", "rules:pass"]
    played = await world.click(bot, AISYAH, msg, "rules:play:7H")
    assert played.text == "played rules:play:7H"


async def test_uploads_and_embed_aliasing(world: FakeDiscord, bot: RulesBot) -> None:
    await world.slash(bot, AISYAH, CHANNEL, "rules", "card")
    [card_msg] = world.channel_messages(CHANNEL)
    assert card_msg.files == {"7h.png": b"PNG7H"} and card_msg.attachments[0]["size"] == 5
    assert card_msg.embeds[0]["title"] == "7H" and "fields" not in card_msg.embeds[0]
    assert world.log.requests_of("message")[-1].files == ["7h.png"]
    peek = await world.slash(bot, AISYAH, CHANNEL, "rules", "peek", options={"message_id": str(card_msg.id)})
    assert peek.text == "7h.png: PNG7H"


async def test_concurrent_clicks(world: FakeDiscord, bot: RulesBot) -> None:
    inter = await world.slash(bot, AISYAH, CHANNEL, "rules", "join")
    first = await world.click(bot, AISYAH, inter.message, "rules:join", wait=False)
    second = await world.click(bot, BUDI, inter.message, "rules:join", wait=False)
    await world.settle()
    assert first.response_type == second.response_type == 7
    assert inter.message.text == "2 seated"


async def test_user_select(world: FakeDiscord, bot: RulesBot) -> None:
    inter = await world.slash(bot, AISYAH, CHANNEL, "rules", "rival")
    picked = await world.select(bot, AISYAH, inter.message, "rules:rival", [BUDI])
    assert picked.text == "rival: Budi"


async def test_game_tasks_are_awaited(world: FakeDiscord, bot: RulesBot) -> None:
    await world.slash(bot, AISYAH, CHANNEL, "rules", "timer")
    assert world.channel_messages(CHANNEL)[-1].text == "Time is up"
    world.settler.timeout = 0.05
    with pytest.raises(SettleTimeout, match="game:timer"):
        await world.slash(bot, AISYAH, CHANNEL, "rules", "timer", options={"forever": True})


async def test_command_sync_is_served_and_used(world: FakeDiscord, bot: RulesBot) -> None:
    synced = await bot.tree.sync()
    assert [c.name for c in synced] == ["rules"]
    [registered] = world.commands.registered[None].values()
    again = await bot.tree.sync()
    assert again[0].id == synced[0].id == int(registered["id"])  # re-sync keeps ids, like Discord
    inter = await world.slash(bot, AISYAH, CHANNEL, "rules", "where")
    assert inter.payload["data"]["id"] == registered["id"]
    # Once synced, Discord (and so the stand-in) only knows the registered commands.
    with pytest.raises(AssertionError, match="not a registered command"):
        await world.slash(bot, AISYAH, CHANNEL, "ping")
    guild_synced = await bot.tree.sync(guild=discord.Object(GUILD))
    assert guild_synced == [] and world.commands.registered[GUILD] == {}


async def test_response_deadline(world: FakeDiscord, bot: RulesBot) -> None:
    world.rest.response_deadline = 0.02  # Discord's is 3 s; shortened to keep the test fast
    inter = await world.slash(bot, AISYAH, CHANNEL, "rules", "late")
    [exc] = bot.failures
    assert exc.code == 10062 and inter.failed
    inter.expect_unanswered = True  # answered too late on purpose


async def test_nested_group_and_snowflake_options(world: FakeDiscord, bot: RulesBot) -> None:
    options = {"mode": "fast", "where": CHANNEL, "role": GUILD, "ratio": 1.5}
    inter = await world.slash(bot, AISYAH, CHANNEL, "rules", "deep set", options=options)
    assert inter.text == "fast in #games for @@everyone at 1.5"
    assert inter.payload["data"]["options"][0]["options"][0]["name"] == "set"
    with pytest.raises(AssertionError, match="not one of the choices"):
        await world.slash(bot, AISYAH, CHANNEL, "rules", "deep set", options={**options, "mode": "turbo"})
    with pytest.raises(AssertionError, match="is a group"):
        await world.slash(bot, AISYAH, CHANNEL, "rules", "deep", options=options)


async def test_command_sync_refuses_what_discord_would(world: FakeDiscord, bot: RulesBot) -> None:
    """Registration enforces the spec's limits: a 101-character description is a 400 Invalid Form Body."""
    long = app_commands.Command(name="wordy", description="d" * 101, callback=_noop)
    bot.tree.add_command(long)
    with pytest.raises(discord.HTTPException) as refused:
        await bot.tree.sync()
    assert refused.value.status == 400 and refused.value.code == 50035 and "description" in str(refused.value)
    bot.tree.remove_command("wordy")
    many = app_commands.Command(name="many", description="Too many choices", callback=_pick)
    many._params["pick"].choices = [app_commands.Choice(name=str(i), value=str(i)) for i in range(26)]
    bot.tree.add_command(many)
    with pytest.raises(discord.HTTPException, match="25 or fewer"):
        await bot.tree.sync()
    bot.tree.remove_command("many")
    assert [c.name for c in await bot.tree.sync()] == ["rules"]


async def _noop(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("ok")


async def _pick(interaction: discord.Interaction, pick: str) -> None:
    await interaction.response.send_message(pick)
