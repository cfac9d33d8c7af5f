"""Drive the real bot through the in-process Discord stand-in, the way players would.

Every move goes through messages the bot really sent: the table's "Take
action" button, then the buttons and selects of the ephemeral picker. The
driver reads the engine's legal actions only to decide *which* option a
player clicks, never to act behind the bot's back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.frontend.client import GameBot
from bot.frontend.ui.components import LobbyButton
from bot.kernel.contract import Action
from bot.play.clock import ManualClock
from tools.sim import FakeDiscord, FakeMessage, InteractionRecord, seat

GUILD, CHANNEL = 7_000_000_000_000_001, 7_000_000_000_000_002
HOST, GUEST, STRANGER, MODERATOR = (
    7_100_000_000_000_001,
    7_100_000_000_000_002,
    7_100_000_000_000_003,
    7_100_000_000_000_004,
)
ADMIN = 7_100_000_000_000_009
NAMES = {HOST: "Aisyah", GUEST: "Budi", STRANGER: "Citra", MODERATOR: "Dewi", ADMIN: "Eka"}
PERMISSIONS = {MODERATOR: "manage_channels", ADMIN: "manage_guild"}


def make_world() -> FakeDiscord:
    world = FakeDiscord()
    world.add_guild(GUILD, "Kedai Kopi")
    world.add_channel(GUILD, CHANNEL, "meja-drump")
    for user, name in NAMES.items():
        world.add_member(GUILD, user, name, permissions=PERMISSIONS.get(user))
    return world


def make_bot(db_path: Any, clock: ManualClock, seed: int = 1234) -> GameBot:
    seeds = iter(range(seed, seed + 1000))
    return GameBot(database=str(db_path), clock=clock, seeds=lambda: next(seeds))


@dataclass
class Table:
    world: FakeDiscord
    bot: GameBot

    async def slash(self, user: int, sub: str, channel: int = CHANNEL) -> InteractionRecord:
        record = await self.world.slash(self.bot, user, channel, "drump", sub)
        await self.world.settle()
        return record

    async def click(self, user: int, message: FakeMessage, custom_id: str, **kw: Any) -> InteractionRecord:
        record = await self.world.click(self.bot, user, message, custom_id, **kw)
        await self.world.settle()
        return record

    async def select(
        self, user: int, message: FakeMessage, custom_id: str, values: list[str], **kw: Any
    ) -> InteractionRecord:
        record = await self.world.select(self.bot, user, message, custom_id, values, **kw)
        await self.world.settle()
        return record

    # --- reading -------------------------------------------------------------------
    def live(self) -> Any:
        return next(iter(self.bot.service.matches._cache.values()), None)

    def table_message(self) -> FakeMessage:
        """The match's one public message (the lobby, then the table): the newest match's."""
        live = self.live()
        if live is not None and live.record.message_id is not None:
            message = self.world.message(live.record.message_id)
            if not message.deleted:
                return message
        for message in reversed(self.world.channel_messages(CHANNEL)):
            if any(cid.startswith(("lobby:", "hand:")) for cid in message.custom_ids()) or (
                message.embeds and (message.embeds[0].get("title") or "").startswith("DRUMP · match #")
            ):
                return message
        raise AssertionError("no table message in the channel")

    def channel_text(self) -> str:
        return "\n".join(m.text for m in self.world.channel_messages(CHANNEL))

    # --- a whole match -------------------------------------------------------------
    async def open_and_start(self) -> FakeMessage:
        new = await self.slash(HOST, "new")
        lobby = new.message
        assert lobby is not None and not new.ephemeral
        await self.click(GUEST, lobby, LobbyButton.custom_id_for(self.live().id, "join"))
        await self.click(HOST, lobby, LobbyButton.custom_id_for(self.live().id, "start"))
        return self.table_message()

    async def open_picker(self, player: int) -> InteractionRecord:
        table = self.table_message()
        act = next(cid for cid in table.custom_ids() if cid.startswith("act:"))
        return await self.click(player, table, act)

    async def play(self, player: int, action: Action) -> InteractionRecord:
        """Open the picker and click through it to ``action``; returns the last interaction."""
        live = self.live()
        legal = live.game.rules.legal_actions(live.state, player)
        return await seat.play(self.world, self.bot, player, self.table_message(), legal, action)

    async def play_out(
        self,
        choose: Callable[[Any, int, list[Action]], Action],
        limit: int = 2000,
        after_move: Callable[[], None] | None = None,
    ) -> None:
        for _ in range(limit):
            live = self.live()
            if live is None:
                return
            player = sorted(live.game.rules.actors(live.state))[0]
            await self.play(player, choose(live, player, live.game.rules.legal_actions(live.state, player)))
            if after_move:
                after_move()
        raise AssertionError("the match did not end")


async def tick(table: Table, clock: Any, seconds: float) -> int:
    """Move time on and let every due timer fire, as the scheduler's loop would; how many fired."""
    clock.advance(seconds)
    fired = await table.bot.scheduler.run_due()
    await table.world.settle()
    return fired


async def ai_only_match(table: Table) -> int:
    """A started match of two AI seats (the host opens it and leaves): its only wake-ups are the AI's moves."""
    lobby = (await table.slash(HOST, "new")).message
    match_id = table.live().id
    await table.click(HOST, lobby, LobbyButton.custom_id_for(match_id, "leave"))
    for _ in range(2):
        await table.click(HOST, table.table_message(), LobbyButton.custom_id_for(match_id, "add_ai"))
    await table.click(HOST, table.table_message(), LobbyButton.custom_id_for(match_id, "start"))
    return match_id
