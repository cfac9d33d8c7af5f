"""FakeDiscord: one simulated Discord world that drives discord.py's real code.

A world holds one application (the bot), its guilds, channels, members, DM
channels and every message, and outlives bot objects: a test can close a bot
mid-match and attach a new one to the same world, like a process restart.

The world is composed here, and only here, of parts that each do one thing
and are given only what they use:

* ``directory`` (:class:`~tools.sim.directory.Directory`): the application,
  users, guilds, channels, members, roles and permissions;
* ``gateway`` (:class:`~tools.sim.gateway.Gateway`): the attached clients and
  every event dispatched to them (GUILD_CREATE, interactions, messages);
* ``people`` (:class:`~tools.sim.people.People`): what players do, checked as
  their client would check it, then sent through the gateway;
* ``rest`` (:class:`~tools.sim.rest.RestServer`): every REST call the bot makes,
  recorded and answered with the JSON Discord would send, or its error;
* ``log`` (:class:`~tools.sim.log.Log`): the requests, interactions and
  messages recorded, and the reads tests make of them;
* ``commands`` (:class:`~tools.sim.commands.CommandRegistry`): the
  application commands the bot registered;
* ``settler`` (:class:`~tools.sim.settle.Settler`): waiting until the bot is
  quiet, and raising what it swallowed meanwhile.

``FakeDiscord`` itself keeps the entry points tests use most (building the
world, connecting a bot, what players do, settling, reading messages) and
hands each to the part that owns it; the rest is reached through the parts.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

import discord

from tools.sim.commands import CommandRegistry
from tools.sim.directory import Directory, PermissionSpec
from tools.sim.errors import UnfinishedError
from tools.sim.gateway import Gateway
from tools.sim.ids import Snowflakes
from tools.sim.log import Log
from tools.sim.models import (
    GUILD_TEXT,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    InteractionRecord,
    RecordedRequest,
)
from tools.sim.people import People
from tools.sim.ratelimit import RateLimits
from tools.sim.rest import RestServer
from tools.sim.settle import Settler

#: Seconds a test waits for the bot's handlers to finish before calling it a hang. Only a guard: nothing is
#: asserted about how long they take (the 3 s answer deadline is ``response_deadline``), so it is generous
#: enough that a machine running the suite on every core is not mistaken for a hung handler.
SETTLE_TIMEOUT = 30.0


class FakeDiscord:
    """An in-process stand-in for Discord's API and gateway, for one application.

    Use as ``async with FakeDiscord(...) as world:`` or call ``close()``;
    closing undoes the patches on attached clients and on discord.py's shared
    webhook adapter.
    """

    def __init__(
        self,
        app_id: int = 1_100_000_000_000_000_001,
        bot_user_id: int | None = None,
        bot_name: str = "Meja",
        *,
        owner_id: int = 1_100_000_000_000_000_002,
        strict: bool = True,
        settle_timeout: float = SETTLE_TIMEOUT,
        response_deadline: float | None = 3.0,
        rate_limits: RateLimits | None = None,
    ) -> None:
        snowflake = Snowflakes()
        self.gateway = Gateway()
        self.directory = Directory(
            snowflake, self.gateway, app_id=app_id, bot_user_id=bot_user_id, bot_name=bot_name, owner_id=owner_id
        )
        self.log = Log(self.directory)
        self.commands = CommandRegistry(snowflake)
        self.settler = Settler(self.gateway.clients, timeout=settle_timeout, strict=strict)
        self.rest = RestServer(
            self.directory,
            self.log,
            self.commands,
            rate_limits=rate_limits,
            response_deadline=response_deadline,
            report_unknown=self.settler.note_unknown_route,
        )
        # ``self.settle``, not the settler's: a world that also runs bots elsewhere (remote.SharedDiscord)
        # waits for them too after each action.
        self.people = People(self.directory, self.log, self.commands, self.gateway, self.settle)
        self._closed = False

    # -- building the world -------------------------------------------------------
    def add_guild(
        self,
        guild_id: int,
        name: str = "Guild",
        owner_id: int | None = None,
        *,
        bot_permissions: PermissionSpec = None,
        locale: str = "en-US",
    ) -> FakeGuild:
        """A guild the bot is in, with @everyone as a plain member and a role for the bot."""
        return self.directory.add_guild(guild_id, name, owner_id, bot_permissions=bot_permissions, locale=locale)

    def add_channel(
        self,
        guild_id: int,
        channel_id: int,
        name: str = "general",
        *,
        type: int = GUILD_TEXT,
        topic: str | None = None,
        parent_id: int | None = None,
    ) -> FakeChannel:
        """A channel of ``guild_id`` (a text channel unless ``type`` says otherwise)."""
        return self.directory.add_channel(guild_id, channel_id, name, type=type, topic=topic, parent_id=parent_id)

    def add_member(
        self,
        guild_id: int,
        user_id: int,
        name: str | None = None,
        permissions: PermissionSpec = None,
        *,
        nick: str | None = None,
        bot: bool = False,
        locale: str = "en-US",
    ) -> FakeMember:
        """A member of ``guild_id``; ``permissions`` (names, an int or ``discord.Permissions``) adds to a plain
        member's through a role, as in a real guild."""
        return self.directory.add_member(guild_id, user_id, name, permissions, nick=nick, bot=bot, locale=locale)

    # -- attaching bots -------------------------------------------------------------
    async def connect(self, client: discord.Client, token: str = "sim-token") -> discord.Client:
        """Attach ``client``: run its real ``login()`` (and so ``setup_hook``), then feed GUILD_CREATE.

        Does not call ``start()``/``connect()``: there is no gateway socket and
        no READY, so ``wait_until_ready()`` never returns.
        """
        if self._closed:
            raise RuntimeError("this FakeDiscord is closed")
        self.rest.open()
        self.settler.watch()
        self.rest.attach(client)
        self.gateway.attach(client)
        await client.login(token)
        if client.loop is not asyncio.get_running_loop():
            raise RuntimeError("the client runs on another event loop; create and log it in on the test's loop")
        self.gateway.guilds_available(client, self.directory.guilds.values())
        return client

    def close(self) -> None:
        """Detach every client and restore discord.py's webhook adapter. Idempotent."""
        if self._closed:
            return
        self._closed = True
        for client in self.gateway.clients:
            self.rest.detach(client)
        self.rest.close()
        self.settler.unwatch()

    async def __aenter__(self) -> FakeDiscord:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        self.close()

    # -- what players do ------------------------------------------------------------
    async def slash(
        self,
        client: discord.Client,
        user_id: int,
        channel_id: int | None,
        command: str,
        subcommand: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        forge: bool = False,
        wait: bool = True,
    ) -> InteractionRecord:
        """``/command subcommand option:value`` typed by ``user_id`` in ``channel_id`` (None: their DM).

        See :meth:`tools.sim.people.People.slash`.
        """
        return await self.people.slash(
            client, user_id, channel_id, command, subcommand, options, forge=forge, wait=wait
        )

    async def click(
        self,
        client: discord.Client,
        user_id: int,
        message: FakeMessage | int,
        custom_id: str,
        *,
        forge: bool = False,
        wait: bool = True,
    ) -> InteractionRecord:
        """``user_id`` presses the button ``custom_id`` on ``message`` (AssertionError if absent or disabled)."""
        return await self.people.click(client, user_id, message, custom_id, forge=forge, wait=wait)

    async def select(
        self,
        client: discord.Client,
        user_id: int,
        message: FakeMessage | int,
        custom_id: str,
        values: list[Any],
        *,
        forge: bool = False,
        wait: bool = True,
    ) -> InteractionRecord:
        """``user_id`` picks ``values`` in the select ``custom_id`` (string, user, role, channel or mentionable)."""
        return await self.people.select(client, user_id, message, custom_id, values, forge=forge, wait=wait)

    async def submit_modal(
        self,
        client: discord.Client,
        user_id: int,
        opened_by: InteractionRecord,
        values: Mapping[str, str | list[str]],
        *,
        forge: bool = False,
        wait: bool = True,
    ) -> InteractionRecord:
        """Submit the modal the bot opened in answer to ``opened_by``; ``values`` maps input custom_id to text."""
        return await self.people.submit_modal(client, user_id, opened_by, values, forge=forge, wait=wait)

    async def post(
        self, client: discord.Client, user_id: int, channel_id: int | None, content: str, *, wait: bool = True
    ) -> FakeMessage:
        """A player writes a normal message (MESSAGE_CREATE), e.g. for prefix commands or ``wait_for('message')``."""
        return await self.people.post(client, user_id, channel_id, content, wait=wait)

    # -- waiting, and what is left undone -------------------------------------------
    async def settle(self, timeout: float | None = None, *, strict: bool | None = None) -> None:
        """Wait until the bot's handler tasks are done or waiting for a player, then raise what it swallowed.

        See :meth:`tools.sim.settle.Settler.settle`.
        """
        await self.settler.settle(timeout, strict=strict)

    def check_finished(self) -> None:
        """Raise ``UnfinishedError`` listing everything ``log.unfinished()`` finds. Shared fixtures call it."""
        problems = self.log.unfinished()
        if problems:
            raise UnfinishedError("the test left Discord in a state a player would notice:\n  " + "\n  ".join(problems))

    # -- what players see --------------------------------------------------------------
    def message(self, message_id: int) -> FakeMessage:
        """The message with this id as players see it now (ephemeral and deleted ones too)."""
        return self.log.message(message_id)

    def channel_messages(self, channel_id: int) -> list[FakeMessage]:
        """Current public messages of a channel, oldest first (edits applied, deletes removed)."""
        return self.log.channel_messages(channel_id)

    def dm_messages(self, user_id: int) -> list[FakeMessage]:
        """Messages in the bot's DM channel with ``user_id`` (empty if none was opened)."""
        return self.log.dm_messages(user_id)

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request any attached bot made, in order (``log.requests``)."""
        return self.log.requests

    @property
    def interactions(self) -> list[InteractionRecord]:
        """Every interaction sent, oldest first (``log.interactions``)."""
        return self.log.interactions

    def __repr__(self) -> str:
        return (
            f"<FakeDiscord app={self.directory.app_id} guilds={len(self.directory.guilds)}"
            f" requests={len(self.log.requests)}>"
        )
