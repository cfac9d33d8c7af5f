"""A simulated Discord full of live DRUMP matches, served by the real bot.

The world is shaped like a sharded bot's: many servers with a few game
channels each and two players per channel, every user distinct, so no cache
is shared by accident between matches. Every match is opened the way
players open one, through the bot's real handlers: ``/drump new``, Join,
Start (the table message, hand DMs and first ping come from Start itself).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from bot.frontend.client import GameBot
from bot.frontend.ui.components import LobbyButton
from bot.play.clock import ManualClock
from tools.bench import prune
from tools.bench.tracker import HandlerTracker
from tools.sim import FakeDiscord, FakeMessage, InteractionRecord

GAME = "drump"
CHANNELS_PER_GUILD = 10
_GUILD_BASE = 8_100_000_000_000_000_000
_CHANNEL_BASE = 8_200_000_000_000_000_000
_USER_BASE = 8_300_000_000_000_000_000
#: The clock never moves: no deadline, reminder or AI wake-up fires during a run.
CLOCK_START = 1_800_000_000.0
#: Tokens kept for a ping the bot still holds are looked at again after this many forgets.
RETRY_HELD = 100
#: Generous: a handler that has not returned by then is stuck, and the run should say so.
HANDLER_TIMEOUT = 30.0


@dataclass
class Seat:
    """One channel of the world and the two players who play there."""

    guild_id: int
    channel_id: int
    players: tuple[int, int]
    match_id: int | None = None


@dataclass
class Arena:
    world: FakeDiscord
    bot: GameBot
    db_path: str
    seats: list[Seat]
    tracker: HandlerTracker
    by_match: dict[int, Seat] = field(default_factory=dict)
    #: Each user's latest interaction, whose token stays valid (see ``_finish``).
    latest: dict[int, InteractionRecord] = field(default_factory=dict)
    #: Keep every token valid (as Discord does for 15 minutes), for runs shorter than that.
    keep_tokens: bool = False
    _held: list[InteractionRecord] = field(default_factory=list)
    _forgets: int = 0

    @property
    def service(self) -> Any:
        return self.bot.service

    def attach(self, bot: GameBot) -> None:
        """Serve the world with ``bot`` from now on (after a restart)."""
        self.bot = bot
        self.tracker = HandlerTracker(bot.handlers)

    async def send(
        self, user: int, message: FakeMessage, custom_id: str, value: str | None = None
    ) -> InteractionRecord:
        """A click (or, with ``value``, a select choice), returned once the bot's handler is done."""
        if value is None:
            record = await self.world.click(self.bot, user, message, custom_id, wait=False)
        else:
            record = await self.world.select(self.bot, user, message, custom_id, [value], wait=False)
        return await self._finish(record, custom_id)

    async def _finish(self, record: InteractionRecord, what: str) -> InteractionRecord:
        """Wait for the handler; then forget the token of the user's interaction before this one.

        The bot keeps each player's newest picker interaction and edits it through its
        token when the next picker opens (folding the old one away), as Discord allows
        for 15 minutes. So the latest token of each user stays known to the stand-in and
        only older ones are forgotten: one token per player, never a growing log.
        """
        await asyncio.wait_for(self.tracker.expect(record.id), HANDLER_TIMEOUT)
        previous = self.latest.get(record.user_id)
        self.latest[record.user_id] = record
        if previous is not None and previous is not record and not self.keep_tokens:
            self._forget(previous)
        if not record.requests:
            raise RuntimeError(f"the bot never answered {what!r}")
        return record

    def _forget(self, record: InteractionRecord) -> None:
        """Forget a token unless the bot still uses it (a ping it deletes, a table it edits through it).

        Held ones are looked at again every ``RETRY_HELD`` forgets, so none is kept for long.
        """
        announcer = self.bot.announcer
        self._held.append(record)
        self._forgets += 1
        if self._forgets % RETRY_HELD and len(self._held) > 1:
            still = self._held[:-1]
            candidates = [record]
        else:
            still, candidates = [], self._held
        for each in candidates:
            if announcer.holds_token(each.token):
                still.append(each)
            else:
                prune.forget_interaction(self.world, each)
        self._held = still

    async def create_match(self, seat: Seat) -> int:
        """``/drump new`` by the host, Join by the guest, Start by the host."""
        host, guest = seat.players
        record = await self.world.slash(self.bot, host, seat.channel_id, GAME, "new", wait=False)
        lobby = (await self._finish(record, f"/{GAME} new")).message
        if lobby is None:
            raise RuntimeError(f"/{GAME} new did not post a lobby: {record.text}")
        match_id = int(next(c for c in lobby.custom_ids() if c.startswith("lobby:")).split(":")[1])
        await self.send(guest, lobby, LobbyButton.custom_id_for(match_id, "join"))
        await self.send(host, lobby, LobbyButton.custom_id_for(match_id, "start"))
        seat.match_id = match_id
        self.by_match[match_id] = seat
        return match_id

    async def fill(self) -> None:
        """A live match in every seat."""
        for i, seat in enumerate(self.seats, 1):
            await self.create_match(seat)
            if i % 100 == 0:
                prune.sweep(self.world)
        prune.sweep(self.world)

    async def close(self) -> None:
        if not self.bot.is_closed():
            await self.bot.close()
        self.world.close()


def build_world(n_seats: int) -> tuple[FakeDiscord, list[Seat]]:
    """Guilds of ``CHANNELS_PER_GUILD`` channels, two members per channel."""
    world = FakeDiscord(settle_timeout=30.0)
    seats: list[Seat] = []
    for i in range(n_seats):
        guild_id = _GUILD_BASE + i // CHANNELS_PER_GUILD
        if guild_id not in world.directory.guilds:
            world.add_guild(guild_id, f"Server {i // CHANNELS_PER_GUILD}")
        channel_id = _CHANNEL_BASE + i
        world.add_channel(guild_id, channel_id, f"meja-{i}")
        players = (_USER_BASE + 2 * i, _USER_BASE + 2 * i + 1)
        for user in players:
            world.add_member(guild_id, user, f"P{user % 100000}")
        seats.append(Seat(guild_id, channel_id, players))
    return world, seats


def make_bot(db_path: str, seed: int) -> GameBot:
    counter = iter(range(seed * 1_000_003, seed * 1_000_003 + 10_000_000))
    return GameBot(database=db_path, clock=ManualClock(CLOCK_START), seeds=lambda: next(counter))


async def open_arena(n_seats: int, db_path: str, seed: int) -> Arena:
    """The world and a connected bot with no match yet (the "empty bot" of the memory figure)."""
    world, seats = build_world(n_seats)
    bot = make_bot(db_path, seed)
    await world.connect(bot)
    assert bot.loop is asyncio.get_running_loop()
    return Arena(world, bot, db_path, seats, HandlerTracker(bot.handlers))
