"""Players and DRUMP matches in a simulated Discord that outlives its bot process, and what the database holds.

Every step is done the way players do it, on messages the bot really
posted: ``/drump new``, Join and Start on the lobby message, Take action on
the table message and the picker's buttons down to the move. The database
is read directly (the bot is another process), only after the bot has
settled or died, to choose moves and to check what was committed.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.frontend.ui.components import LobbyButton
from bot.kernel.contract import Action, replay
from bot.kernel.module import get_game
from tools.sim import FakeMessage, InteractionRecord, seat
from tools.sim.remote import RemoteBot, SharedDiscord

GUILD = 7_300_000_000_000_001
_CHANNEL_BASE = 7_310_000_000_000_000
_USER_BASE = 7_320_000_000_000_000
GAME = "drump"
HERE = str(Path(__file__).resolve().parent)


@dataclass
class Channel:
    id: int
    host: int
    guest: int
    #: An unposted lobby blocks it (for a minute of the bot's clock, which never moves here).
    retired: bool = False
    #: The server it is in (its partition decides which process serves its matches).
    guild: int = GUILD


@dataclass
class Stored:
    """One ``matches`` row, as the crash checks need it."""

    id: int
    channel_id: int
    status: str
    players: list[int]
    seq: int
    state: str | None
    message_id: int | None
    announced_seq: int | None
    decision_seq: int
    seed: int
    options: dict[str, Any]
    names: dict[int, str]

    def public_board(self) -> str:
        """What the table message must show of the stored state: the engine's public rendering."""
        game = get_game(GAME)
        return game.presenter.board(game.rules.view(game.rules.state_from_json(self.state), None), self.names).text


def _rows(db_path: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Rows read by a connection of the test's own: the SQLite file, or the PostgreSQL database of a URL."""
    if not db_path.startswith("postgresql://"):
        with sqlite3.connect(db_path) as db:
            return db.execute(sql, params).fetchall()

    async def read() -> list[tuple[Any, ...]]:
        import asyncpg

        from bot.store.postgres import to_postgres

        connection = await asyncpg.connect(db_path)
        try:
            return [tuple(row) for row in await connection.fetch(to_postgres(sql)[0], *params)]
        finally:
            await connection.close()

    # The test's loop is running (and serving the bots): this read gets a loop of its own, in a thread.
    with concurrent.futures.ThreadPoolExecutor(1) as reader:
        return reader.submit(asyncio.run, read()).result()


def stored_matches(db_path: str) -> dict[int, Stored]:
    rows = _rows(
        db_path,
        "SELECT id, channel_id, status, players, seq, state, message_id, announced_seq, "
        "decision_seq, seed, options, names FROM matches",
    )
    return {
        r[0]: Stored(
            r[0],
            r[1],
            r[2],
            json.loads(r[3]),
            r[4],
            r[5],
            r[6],
            r[7],
            r[8],
            r[9],
            json.loads(r[10]),
            {int(k): v for k, v in json.loads(r[11]).items()},
        )
        for r in rows
    }


def action_log(db_path: str, match_id: int) -> list[tuple[int, Action]]:
    rows = _rows(db_path, "SELECT player_id, action FROM actions WHERE match_id = ? ORDER BY seq", (match_id,))
    return [(player, json.loads(action)) for player, action in rows]


def replays_exactly(db_path: str, match: Stored) -> bool:
    game = get_game(GAME)
    log = action_log(db_path, match.id)
    rebuilt = replay(game.rules, match.players, match.seed, match.options, log)
    return len(log) == match.seq and game.rules.state_to_json(rebuilt) == match.state


@dataclass
class CrashWorld:
    db_path: str
    world: SharedDiscord = field(default_factory=lambda: SharedDiscord(settle_timeout=120.0, response_deadline=None))
    channels: list[Channel] = field(default_factory=list)
    bot: RemoteBot | None = None
    #: The servers the players are in (the first holds every channel not given one): several servers fall in
    #: several partitions, so that processes sharing the database each serve some of the matches.
    guilds: tuple[int, ...] = (GUILD,)

    def __post_init__(self) -> None:
        for n, guild in enumerate(self.guilds):
            self.world.add_guild(guild, "Kedai Kopi" if n == 0 else f"Kedai Kopi {n + 1}")

    def add_channel(self, guild: int | None = None) -> Channel:
        n = len(self.channels)
        guild = self.guilds[0] if guild is None else guild
        channel = Channel(_CHANNEL_BASE + n, _USER_BASE + 2 * n, _USER_BASE + 2 * n + 1, guild=guild)
        self.world.add_channel(guild, channel.id, f"meja-{n}")  # reaches a running bot as CHANNEL_CREATE
        for user, name in ((channel.host, f"Host{n}"), (channel.guest, f"Guest{n}")):
            self.world.add_member(guild, user, name)
        self.channels.append(channel)
        return channel

    async def start_bot(self, seed: int, *, standby: bool = False, partitions: int | None = None) -> RemoteBot:
        """A bot process on the database. ``standby``: another one already serves it; this one waits its turn
        (the test goes on talking to the one serving). ``partitions``: how many the matches are split into
        (``crash_bot.PARTITIONS`` if not given)."""
        kwargs: dict[str, Any] = {"database_path": self.db_path, "seed": seed}
        if partitions is not None:
            kwargs["partitions"] = partitions
        started = await self.world.spawn("crash_bot:make_bot", kwargs, import_path=HERE)
        if not standby:
            self.bot = started
        await self.world.settle()
        return started

    # --- reading ---------------------------------------------------------------
    def matches(self) -> dict[int, Stored]:
        return stored_matches(self.db_path)

    def live_in(self, channel: Channel) -> Stored | None:
        return next(
            (m for m in self.matches().values() if m.channel_id == channel.id and m.status in ("lobby", "active")), None
        )

    def lobby_message(self, match_id: int) -> FakeMessage | None:
        """The lobby's message in its channel, found by its buttons (its id may not have been stored)."""
        prefix = f"lobby:{match_id}:"
        for message in self.world.log.messages.values():
            if not message.deleted and any(cid.startswith(prefix) for cid in message.custom_ids()):
                return message
        return None

    def table_message(self, match: Stored) -> FakeMessage:
        assert match.message_id is not None, f"match #{match.id} is active but has no table message"
        message = self.world.message(match.message_id)
        assert not message.deleted, f"the table message of match #{match.id} was deleted"
        return message

    # --- what players do (each returns once the bot settled; raises ChildDied if it died) --------
    async def new(self, channel: Channel) -> InteractionRecord:
        return await self.world.slash(self._bot(), channel.host, channel.id, GAME, "new")

    async def lobby_click(self, channel: Channel, match_id: int, what: str) -> InteractionRecord:
        message = self.lobby_message(match_id)
        assert message is not None, f"the lobby of match #{match_id} is nowhere in the channel"
        user = channel.guest if what == "join" else channel.host
        return await self.world.click(self._bot(), user, message, LobbyButton.custom_id_for(match_id, what))

    async def concede(self, channel: Channel) -> InteractionRecord:
        return await self.world.slash(self._bot(), channel.host, channel.id, GAME, "concede")

    async def open_picker(self, match: Stored, player: int) -> InteractionRecord:
        table = self.table_message(match)
        return await self.world.click(self._bot(), player, table, seat.act_button(table))

    def actor_and_legal(self, match: Stored) -> tuple[int, list[Action]]:
        game = get_game(GAME)
        state = game.rules.state_from_json(match.state)
        player = sorted(game.rules.actors(state))[0]
        return player, game.rules.legal_actions(state, player)

    async def pick(self, player: int, picker: FakeMessage, pick: seat.Pick) -> InteractionRecord:
        """One picker click towards an action (``seat.next_pick``): a button, or a select's option."""
        if pick.value is None:
            record = await self.world.click(self._bot(), player, picker, pick.custom_id)
        else:
            record = await self.world.select(self._bot(), player, picker, pick.custom_id, [pick.value])
        await self.world.settle()
        return record

    def _bot(self) -> RemoteBot:
        assert self.bot is not None and not self.bot.is_closed()
        return self.bot
