"""Who and where: the application, its users, guilds, channels, members, roles and what each may do.

Everything else in the world looks people and places up here: the REST
endpoints (may the bot post in this channel?), the gateway payloads (the
member and permissions an interaction carries) and the slash-command
options a player names (a user, role or channel becomes resolved JSON).

A change a connected bot would hear about (a guild joined, a channel or
member added, a role created) is announced through an :class:`Announcer`,
the gateway, so the directory itself never touches a client.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

import discord

from tools.sim.commands import Resolved
from tools.sim.ids import to_id
from tools.sim.models import DM, GUILD_TEXT, FakeChannel, FakeGuild, FakeMember, FakeRole, FakeUser

#: What @everyone may do in a fresh guild: a plain member.
PLAIN_MEMBER = discord.Permissions(
    view_channel=True,
    send_messages=True,
    read_message_history=True,
    add_reactions=True,
    embed_links=True,
    attach_files=True,
    use_external_emojis=True,
    use_application_commands=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    connect=True,
    speak=True,
    change_nickname=True,
    create_instant_invite=True,
).value
#: The bot's own role unless ``add_guild(bot_permissions=...)`` says otherwise.
DEFAULT_BOT_PERMISSIONS = (
    PLAIN_MEMBER | discord.Permissions(manage_messages=True, manage_threads=True, create_private_threads=True).value
)
ALL_PERMISSIONS = discord.Permissions.all().value

PermissionSpec = discord.Permissions | int | str | Iterable[str] | None


def permission_bits(spec: PermissionSpec) -> int:
    """The bits of a permission given as ``discord.Permissions``, an int, a name or a list of names."""
    if spec is None:
        return 0
    if isinstance(spec, discord.Permissions):
        return spec.value
    if isinstance(spec, int):
        return spec
    names = [spec] if isinstance(spec, str) else list(spec)
    return discord.Permissions(**{name: True for name in names}).value


class Announcer(Protocol):
    """Tells connected bots what changed in the directory (``tools.sim.gateway.Gateway`` does)."""

    def guild_created(self, guild: FakeGuild) -> None: ...

    def channel_created(self, channel: FakeChannel) -> None: ...

    def member_added(self, member: FakeMember) -> None: ...

    def role_created(self, guild: FakeGuild, role: FakeRole) -> None: ...


class Directory:
    """The application and the people and places it can reach, with their permissions.

    Also the world's :class:`tools.sim.commands.Resolver`: resolving an option's id
    is a look-up here.
    """

    def __init__(
        self,
        snowflake: Callable[[], int],
        announce: Announcer,
        *,
        app_id: int,
        bot_user_id: int | None,
        bot_name: str,
        owner_id: int,
    ) -> None:
        #: Mints every id the world creates (roles, channels, messages, interactions, commands).
        self.snowflake = snowflake
        self._announce = announce
        self.app_id = app_id
        self.users: dict[int, FakeUser] = {}
        self.guilds: dict[int, FakeGuild] = {}
        #: Every channel by id: guild channels and DM channels alike.
        self.channels: dict[int, FakeChannel] = {}
        self.bot_user = self.add_user(bot_user_id or app_id, bot_name, bot=True)
        #: The application's owner, and the owner of guilds added without one.
        self.owner_id = owner_id
        self.add_user(owner_id, "owner")

    # -- building the world -------------------------------------------------------
    def add_user(
        self, user_id: int, name: str, *, global_name: str | None = None, bot: bool = False, locale: str = "en-US"
    ) -> FakeUser:
        """A Discord account (members are added with ``add_member``, which calls this)."""
        user = self.users.get(user_id)
        if user is None:
            user = self.users[user_id] = FakeUser(user_id, name, global_name=global_name, bot=bot, locale=locale)
        return user

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
        owner_id = owner_id or self.owner_id
        guild = FakeGuild(guild_id, name, owner_id, locale=locale)
        guild.roles[guild_id] = FakeRole(guild_id, "@everyone", PLAIN_MEMBER)
        bot_role = FakeRole(
            self.snowflake(),
            self.bot_user.name,
            DEFAULT_BOT_PERMISSIONS if bot_permissions is None else permission_bits(bot_permissions),
            position=1,
            managed=True,
            bot_id=self.bot_user.id,
        )
        guild.roles[bot_role.id] = bot_role
        self.guilds[guild_id] = guild
        guild.members[self.bot_user.id] = FakeMember(self.bot_user, guild_id, [bot_role.id])
        if owner_id not in self.users:
            self.add_user(owner_id, f"owner-{owner_id}")
        guild.members.setdefault(owner_id, FakeMember(self.users[owner_id], guild_id))
        self._announce.guild_created(guild)
        return guild

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
        guild = self.guilds[guild_id]
        channel = FakeChannel(
            channel_id, type, name, guild_id=guild_id, position=len(guild.channels), topic=topic, parent_id=parent_id
        )
        guild.channels[channel_id] = channel
        self.channels[channel_id] = channel
        self._announce.channel_created(channel)
        return channel

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
        """A member of ``guild_id``; ``permissions`` adds to a plain member's.

        ``permissions`` may be a ``discord.Permissions``, an int, a permission
        name (``"manage_channels"``) or a list of names; the member gets a role
        granting them, as in a real guild.
        """
        guild = self.guilds[guild_id]
        user = self.add_user(user_id, name or f"user-{user_id}", bot=bot, locale=locale)
        roles = []
        extra = permission_bits(permissions) & ~PLAIN_MEMBER
        if extra:
            roles.append(self._role_for(guild, extra).id)
        member = FakeMember(user, guild_id, roles, nick=nick)
        guild.members[user_id] = member
        self._announce.member_added(member)
        return member

    def _role_for(self, guild: FakeGuild, bits: int) -> FakeRole:
        """The guild's role granting exactly ``bits``, made (and announced) if there is none yet."""
        for role in guild.roles.values():
            if role.permissions == bits and not role.managed and role.id != guild.id:
                return role
        perms = discord.Permissions(bits)
        label = "Administrator" if perms.administrator else "+" + ",".join(n for n, v in perms if v)
        role = FakeRole(self.snowflake(), label, bits, position=len(guild.roles))
        guild.roles[role.id] = role
        self._announce.role_created(guild, role)
        return role

    def close_dms(self, user_id: int) -> None:
        """From now on DMs to this user fail like Discord's: 403, code 50007."""
        self.users[user_id].dms_open = False

    def open_dms(self, user_id: int) -> None:
        """DMs to this user work again."""
        self.users[user_id].dms_open = True

    def dm_channel(self, user_id: int) -> FakeChannel:
        """The bot's DM channel with ``user_id``, opened on first use as Discord does."""
        user = self.users[user_id]
        if user.dm_channel_id is None:
            channel = FakeChannel(self.snowflake(), DM, None, recipient_id=user_id)
            self.channels[channel.id] = channel
            user.dm_channel_id = channel.id
        return self.channels[user.dm_channel_id]

    # -- permissions --------------------------------------------------------------
    def member_permissions(self, guild_id: int, user_id: int) -> int:
        """Guild-level permissions (the stand-in models no channel overwrites)."""
        guild = self.guilds[guild_id]
        if user_id == guild.owner_id:
            return ALL_PERMISSIONS
        member = guild.members.get(user_id)
        if member is None:
            return 0
        bits = guild.roles[guild.id].permissions
        for role_id in member.role_ids:
            bits |= guild.roles[role_id].permissions
        return ALL_PERMISSIONS if bits & discord.Permissions.administrator.flag else bits

    def bot_can(self, guild_id: int, permission: str) -> bool:
        """Whether the bot holds ``permission`` (a ``discord.Permissions`` attribute name) in the guild."""
        return getattr(discord.Permissions(self.member_permissions(guild_id, self.bot_user.id)), permission)

    # -- resolving snowflake options (the Resolver) -----------------------------------
    def resolve_user(self, value: Any, guild_id: int | None, resolved: Resolved) -> str:
        uid = to_id(value)
        user = self.users.get(uid)
        assert user is not None, f"no user {uid} in this world"
        resolved.users[str(uid)] = user.to_json()
        if guild_id is not None:
            member = self.guilds[guild_id].members.get(uid)
            if member is not None:
                resolved.members[str(uid)] = member.to_json(
                    with_user=False, permissions=self.member_permissions(guild_id, uid)
                )
        return str(uid)

    def resolve_role(self, value: Any, guild_id: int | None, resolved: Resolved) -> str:
        rid = to_id(value)
        role = self.guilds[guild_id].roles.get(rid) if guild_id is not None else None
        assert role is not None, f"no role {rid} in guild {guild_id}"
        resolved.roles[str(rid)] = role.to_json()
        return str(rid)

    def resolve_channel(
        self, value: Any, guild_id: int | None, resolved: Resolved, channel_types: list[int] | None
    ) -> str:
        cid = to_id(value)
        channel = self.channels.get(cid)
        assert channel is not None and channel.guild_id == guild_id, f"no channel {cid} in guild {guild_id}"
        assert not channel_types or channel.type in channel_types, (
            f"channel {cid} has type {channel.type}, not {channel_types}"
        )
        data = channel.to_json(permissions=self.member_permissions(guild_id, self.bot_user.id) if guild_id else None)
        resolved.channels[str(cid)] = data
        return str(cid)
