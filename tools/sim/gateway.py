"""The gateway: the bots attached to a world, and every event dispatched to them.

Discord pushes events to a bot over its gateway socket; the stand-in has no
socket and hands the same payloads to discord.py's own parsers
(``client._connection.parse_*``). This module is the only place that does:
GUILD_CREATE when a bot connects or joins a guild, CHANNEL_CREATE,
GUILD_MEMBER_ADD and GUILD_ROLE_CREATE as the directory changes, and the
INTERACTION_CREATE / MESSAGE_CREATE that players cause. What a client is
sent depends on its intents, as on Discord.

A client stays in the list after it is closed (a restart attaches a new one
to the same world); only live clients hear about changes.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

import discord

from tools.sim.models import FakeChannel, FakeGuild, FakeMember, FakeMessage, FakeRole


class Gateway:
    """The clients attached to the world, and what each of them is told."""

    def __init__(self) -> None:
        #: Every client ever attached, closed ones included, oldest first.
        self.clients: list[discord.Client] = []
        #: Whether the attached clients are several processes of one bot, each with a gateway session of its
        #: own on the same shard (as Discord allows): every interaction then reaches every live one of them,
        #: whichever a test names, and one of them must answer it.
        self.duplicate_sessions = False
        #: Clients whose session is up (``login()`` and so ``setup_hook`` done, their guilds sent): as on
        #: Discord, where a bot's gateway connects once ``setup_hook`` has run, only these hear interactions.
        self._sessions: list[discord.Client] = []

    # -- the attached clients ------------------------------------------------------------
    def attach(self, client: discord.Client) -> None:
        """From now on ``client`` hears what happens (attaching twice changes nothing)."""
        if client not in self.clients:
            self.clients.append(client)

    def detach(self, client: discord.Client) -> None:
        """Forget ``client``: it hears nothing more (a closed world no longer patches it)."""
        if client in self.clients:
            self.clients.remove(client)

    def live(self) -> list[discord.Client]:
        """The attached clients that are not closed."""
        return [c for c in self.clients if not c.is_closed()]

    def check(self, client: discord.Client) -> None:
        """Refuse to act for a client that was never attached or is closed (a test's mistake)."""
        if client not in self.clients:
            raise RuntimeError("call `await world.connect(client)` first")
        if client.is_closed():
            raise RuntimeError("this client was closed; attach a new one")

    # -- what changed in the directory (the directory's Announcer) -----------------------
    def guilds_available(self, client: discord.Client, guilds: Iterable[FakeGuild]) -> None:
        """A freshly connected client learns of every guild it is in, as after READY."""
        if client not in self._sessions:
            self._sessions.append(client)
        for guild in guilds:
            client._connection.parse_guild_create(guild.to_json(gateway=True, available=True))

    def guild_created(self, guild: FakeGuild) -> None:
        for client in self.live():
            client._connection.parse_guild_create(guild.to_json(gateway=True))

    def channel_created(self, channel: FakeChannel) -> None:
        for client in self.live():
            if client.intents.guilds:
                client._connection.parse_channel_create(dict(channel.to_json()))

    def member_added(self, member: FakeMember) -> None:
        for client in self.live():
            if client.intents.members:
                data = member.to_json()
                data["guild_id"] = str(member.guild_id)
                client._connection.parse_guild_member_add(data)

    def role_created(self, guild: FakeGuild, role: FakeRole) -> None:
        for client in self.live():
            client._connection.parse_guild_role_create({"guild_id": str(guild.id), "role": role.to_json()})

    # -- what players do ---------------------------------------------------------------
    def interaction_create(self, client: discord.Client, payload: dict[str, Any]) -> None:
        if not self.duplicate_sessions:
            client._connection.parse_interaction_create(payload)
            return
        for session in self.live():
            if session in self._sessions:
                session._connection.parse_interaction_create(copy.deepcopy(payload))

    def message_create(
        self, client: discord.Client, msg: FakeMessage, member: FakeMember | None, bot_user_id: int
    ) -> bool:
        """MESSAGE_CREATE for a message a person wrote, as ``client``'s intents let it see it.

        ``member`` is the author's membership in a guild channel (None in a DM). Returns False
        when the client's intents do not receive such messages at all (nothing is sent).
        """
        intents = client.intents
        in_guild = msg.guild_id is not None
        if not in_guild and not intents.dm_messages or in_guild and not intents.guild_messages:
            return False
        data = msg.to_json(bot_user_id)
        if member is not None:
            data["guild_id"] = str(msg.guild_id)
            data["member"] = member.to_json(with_user=False)
            mentioned = any(int(m["id"]) == bot_user_id for m in msg.mentions)
            if not intents.message_content and not mentioned:
                data.update(content="", embeds=[], components=[], attachments=[])
        client._connection.parse_message_create(data)
        return True
