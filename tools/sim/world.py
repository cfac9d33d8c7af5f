"""FakeDiscord: one simulated Discord world that drives discord.py's real code.

A world holds one application (the bot), its guilds, channels, members, DM
channels and every message, and outlives bot objects: a test can close a bot
mid-match and attach a new one to the same world, like a process restart.

Inbound, the world builds gateway payloads (GUILD_CREATE, INTERACTION_CREATE,
MESSAGE_CREATE) and hands them to discord.py's own parsers. Outbound, every
REST call the bot makes lands in ``_serve`` (see ``transport``), is recorded
in ``requests``, and is answered from the world's state with the JSON Discord
would send, or the error it would raise.
"""

from __future__ import annotations

import asyncio
import logging
import time
import traceback
from typing import Any, Iterable

import discord
from discord.http import Route

from tools.sim import api, schema, session, settle as settling, transport, validate
from tools.sim.commands import Resolver
from tools.sim.errors import APIError, HandlerError, UnfinishedError, UnknownRouteError
from tools.sim.gateway import GatewayMixin
from tools.sim.ids import Snowflakes
from tools.sim.ratelimit import RateLimits
from tools.sim.models import (DM, GUILD_TEXT, FakeChannel, FakeGuild, FakeMember, FakeMessage, FakeRole, FakeUser, InteractionRecord, RecordedRequest)

#: What @everyone may do in a fresh guild: a plain member.
PLAIN_MEMBER = discord.Permissions(
    view_channel=True, send_messages=True, read_message_history=True, add_reactions=True, embed_links=True,
    attach_files=True, use_external_emojis=True, use_application_commands=True, send_messages_in_threads=True,
    create_public_threads=True, connect=True, speak=True, change_nickname=True, create_instant_invite=True,
).value
#: The bot's own role unless ``add_guild(bot_permissions=...)`` says otherwise.
DEFAULT_BOT_PERMISSIONS = PLAIN_MEMBER | discord.Permissions(
    manage_messages=True, manage_threads=True, create_private_threads=True).value
ALL_PERMISSIONS = discord.Permissions.all().value

PermissionSpec = discord.Permissions | int | str | Iterable[str] | None


def _permission_bits(spec: PermissionSpec) -> int:
    if spec is None:
        return 0
    if isinstance(spec, discord.Permissions):
        return spec.value
    if isinstance(spec, int):
        return spec
    names = [spec] if isinstance(spec, str) else list(spec)
    return discord.Permissions(**{name: True for name in names}).value



class _ErrorLog(logging.Handler):
    """Collects the exceptions discord.py logs instead of raising ("Ignoring exception in ...")."""

    def __init__(self, world: "FakeDiscord") -> None:
        super().__init__(logging.ERROR)
        self.world = world

    def emit(self, record: logging.LogRecord) -> None:
        self.world.errors.append(record)
        self.world._unreported_errors.append(record)


class FakeDiscord(GatewayMixin, Resolver):
    """An in-process stand-in for Discord's API and gateway, for one application.

    Use as ``async with FakeDiscord(...) as world:`` or call ``close()``;
    closing undoes the patches on attached clients and on discord.py's shared
    webhook adapter.
    """

    def __init__(self, app_id: int = 1_100_000_000_000_000_001, bot_user_id: int | None = None,
                 bot_name: str = "Meja", *, owner_id: int = 1_100_000_000_000_000_002,
                 strict: bool = True, settle_timeout: float = 5.0,
                 response_deadline: float | None = 3.0, rate_limits: RateLimits | None = None) -> None:
        self.app_id = app_id
        #: Discord's rate limits, enforced on the bot's HTTP client when set (None: unlimited, as before).
        self.rate_limits = rate_limits
        #: Seconds a bot has for the initial response, as on Discord (None: unlimited).
        self.response_deadline = response_deadline
        self.snowflake = Snowflakes()
        self.strict = strict
        self.settle_timeout = settle_timeout
        self.users: dict[int, FakeUser] = {}
        self.guilds: dict[int, FakeGuild] = {}
        self._channels: dict[int, FakeChannel] = {}
        self._messages: dict[int, FakeMessage] = {}
        self._ephemeral: dict[int, list[FakeMessage]] = {}
        self._interactions: dict[str, InteractionRecord] = {}
        #: Every interaction sent, oldest first.
        self.interactions: list[InteractionRecord] = []
        #: Every request any attached bot made, in order.
        self.requests: list[RecordedRequest] = []
        #: Commands the bot registered: ``{None: global, guild_id: guild}``, each ``{command_id: json}``.
        self.registered_commands: dict[int | None, dict[str, dict[str, Any]]] = {}
        #: Exceptions discord.py logged from handlers (LogRecords with ``exc_info``).
        self.errors: list[logging.LogRecord] = []
        self._unreported_errors: list[logging.LogRecord] = []
        self._unknown_routes: list[UnknownRouteError] = []
        #: Requests Discord accepts but silently does not honour (e.g. EPHEMERAL on a channel message).
        self.misuses: list[str] = []
        self._local_command_ids: dict[tuple[str, int | None], int] = {}
        self._clients: list[discord.Client] = []
        self._error_log: _ErrorLog | None = None
        self._closed = False
        self.bot_user = self.add_user(bot_user_id or app_id, bot_name, bot=True)
        self.owner_id = owner_id
        self.add_user(owner_id, "owner")

    # -- building the world -------------------------------------------------------
    def add_user(self, user_id: int, name: str, *, global_name: str | None = None, bot: bool = False,
                 locale: str = "en-US") -> FakeUser:
        """A Discord account (members are added with ``add_member``, which calls this)."""
        user = self.users.get(user_id)
        if user is None:
            user = self.users[user_id] = FakeUser(user_id, name, global_name=global_name, bot=bot, locale=locale)
        return user

    def add_guild(self, guild_id: int, name: str = "Guild", owner_id: int | None = None, *,
                  bot_permissions: PermissionSpec = None, locale: str = "en-US") -> FakeGuild:
        """A guild the bot is in, with @everyone as a plain member and a role for the bot."""
        owner_id = owner_id or self.owner_id
        guild = FakeGuild(guild_id, name, owner_id, locale=locale)
        guild.roles[guild_id] = FakeRole(guild_id, "@everyone", PLAIN_MEMBER)
        bot_role = FakeRole(self.snowflake(), self.bot_user.name,
                            DEFAULT_BOT_PERMISSIONS if bot_permissions is None else _permission_bits(bot_permissions),
                            position=1, managed=True, bot_id=self.bot_user.id)
        guild.roles[bot_role.id] = bot_role
        self.guilds[guild_id] = guild
        guild.members[self.bot_user.id] = FakeMember(self.bot_user, guild_id, [bot_role.id])
        if owner_id not in self.users:
            self.add_user(owner_id, f"owner-{owner_id}")
        guild.members.setdefault(owner_id, FakeMember(self.users[owner_id], guild_id))
        for client in self._live_clients():
            client._connection.parse_guild_create(self._guild_json(guild, gateway=True))
        return guild

    def add_channel(self, guild_id: int, channel_id: int, name: str = "general", *, type: int = GUILD_TEXT,
                    topic: str | None = None, parent_id: int | None = None) -> FakeChannel:
        guild = self.guilds[guild_id]
        channel = FakeChannel(channel_id, type, name, guild_id=guild_id, position=len(guild.channels),
                              topic=topic, parent_id=parent_id)
        guild.channels[channel_id] = channel
        self._channels[channel_id] = channel
        for client in self._live_clients():
            if client.intents.guilds:
                client._connection.parse_channel_create(dict(channel.to_json()))
        return channel

    def add_member(self, guild_id: int, user_id: int, name: str | None = None, permissions: PermissionSpec = None,
                   *, nick: str | None = None, bot: bool = False, locale: str = "en-US") -> FakeMember:
        """A member of ``guild_id``; ``permissions`` adds to a plain member's.

        ``permissions`` may be a ``discord.Permissions``, an int, a permission
        name (``"manage_channels"``) or a list of names; the member gets a role
        granting them, as in a real guild.
        """
        guild = self.guilds[guild_id]
        user = self.add_user(user_id, name or f"user-{user_id}", bot=bot, locale=locale)
        roles = []
        extra = _permission_bits(permissions) & ~PLAIN_MEMBER
        if extra:
            roles.append(self._role_for(guild, extra).id)
        member = FakeMember(user, guild_id, roles, nick=nick)
        guild.members[user_id] = member
        for client in self._live_clients():
            if client.intents.members:
                data = member.to_json()
                data["guild_id"] = str(guild_id)
                client._connection.parse_guild_member_add(data)
        return member

    def _role_for(self, guild: FakeGuild, bits: int) -> FakeRole:
        for role in guild.roles.values():
            if role.permissions == bits and not role.managed and role.id != guild.id:
                return role
        perms = discord.Permissions(bits)
        label = "Administrator" if perms.administrator else "+" + ",".join(n for n, v in perms if v)
        role = FakeRole(self.snowflake(), label, bits, position=len(guild.roles))
        guild.roles[role.id] = role
        for client in self._live_clients():
            client._connection.parse_guild_role_create({"guild_id": str(guild.id), "role": role.to_json()})
        return role

    def close_dms(self, user_id: int) -> None:
        """From now on DMs to this user fail like Discord's: 403, code 50007."""
        self.users[user_id].dms_open = False

    def open_dms(self, user_id: int) -> None:
        self.users[user_id].dms_open = True

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

    def _bot_can(self, guild_id: int, permission: str) -> bool:
        return getattr(discord.Permissions(self.member_permissions(guild_id, self.bot_user.id)), permission)

    # -- attaching bots -------------------------------------------------------------
    async def connect(self, client: discord.Client, token: str = "sim-token") -> discord.Client:
        """Attach ``client``: run its real ``login()`` (and so ``setup_hook``), then feed GUILD_CREATE.

        Does not call ``start()``/``connect()``: there is no gateway socket and
        no READY, so ``wait_until_ready()`` never returns.
        """
        if self._closed:
            raise RuntimeError("this FakeDiscord is closed")
        transport.install_webhook(self)
        if self._error_log is None:
            self._error_log = _ErrorLog(self)
            logging.getLogger("discord").addHandler(self._error_log)
        if self.rate_limits is not None:
            session.attach_limited(self, client)
        else:
            transport.attach_http(self, client)
        if client not in self._clients:
            self._clients.append(client)
        await client.login(token)
        if client.loop is not asyncio.get_running_loop():
            raise RuntimeError("the client runs on another event loop; create and log it in on the test's loop")
        for guild in self.guilds.values():
            client._connection.parse_guild_create(self._guild_json(guild, gateway=True, available=True))
        return client

    def unfinished(self) -> list[str]:
        """Interactions a player is left waiting on, and requests Discord would silently not honour.

        An interaction with no callback at all shows "This interaction failed"; one deferred with
        type 5 ("thinking") and never followed up or edited keeps its placeholder forever.
        Interactions the test marked with ``expect_unanswered`` (e.g. forged clicks the bot must
        drop) are exempt.
        """
        out = []
        for inter in self.interactions:
            if inter.expect_unanswered:
                continue
            if inter.response_type is None:
                out.append(f"{inter!r}: never answered (the player sees 'This interaction failed')")
            elif inter.response_type == 5 and inter.original is not None and inter.original.loading \
                    and not inter.original.deleted:
                out.append(f"{inter!r}: deferred (type 5) and never followed up or edited")
        return out + list(self.misuses)

    def check_finished(self) -> None:
        """Raise ``UnfinishedError`` listing everything ``unfinished()`` finds. Shared fixtures call it."""
        problems = self.unfinished()
        if problems:
            raise UnfinishedError("the test left Discord in a state a player would notice:\n  " + "\n  ".join(problems))

    def close(self) -> None:
        """Detach every client and restore discord.py's webhook adapter. Idempotent."""
        if self._closed:
            return
        self._closed = True
        for client in self._clients:
            transport.detach_http(self, client)
        transport.uninstall_webhook(self)
        if self._error_log is not None:
            logging.getLogger("discord").removeHandler(self._error_log)
            self._error_log = None

    async def __aenter__(self) -> "FakeDiscord":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        self.close()

    def _live_clients(self) -> list[discord.Client]:
        return [c for c in self._clients if not c.is_closed()]

    def _check_client(self, client: discord.Client) -> None:
        if client not in self._clients:
            raise RuntimeError("call `await world.connect(client)` first")
        if client.is_closed():
            raise RuntimeError("this client was closed; attach a new one")

    # -- gateway payloads -------------------------------------------------------------
    def _guild_json(self, guild: FakeGuild, *, gateway: bool, available: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(guild.id), "name": guild.name, "icon": None, "splash": None, "discovery_splash": None,
            "banner": None, "description": None, "owner_id": str(guild.owner_id), "region": None,
            "afk_channel_id": None, "afk_timeout": 300, "verification_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0,
            "premium_tier": 0, "premium_subscription_count": 0, "preferred_locale": guild.locale,
            "system_channel_id": None, "system_channel_flags": 0, "rules_channel_id": None,
            "public_updates_channel_id": None, "vanity_url_code": None, "features": [],
            "roles": [r.to_json() for r in guild.roles.values()], "emojis": [], "stickers": [],
            "max_members": 500000, "premium_progress_bar_enabled": False,
        }
        if gateway:
            members = list(guild.members.values())
            data.update(
                joined_at=guild.created_at.isoformat(), large=False, member_count=len(members),
                members=[m.to_json() for m in members], channels=[c.to_json() for c in guild.channels.values()],
                threads=[], voice_states=[], presences=[], stage_instances=[], guild_scheduled_events=[],
                soundboard_sounds=[],
            )
            if available:
                data["unavailable"] = False
        return data

    def _dm_channel(self, user_id: int) -> FakeChannel:
        user = self.users[user_id]
        if user.dm_channel_id is None:
            channel = FakeChannel(self.snowflake(), DM, None, recipient_id=user_id)
            self._channels[channel.id] = channel
            user.dm_channel_id = channel.id
        return self._channels[user.dm_channel_id]

    async def settle(self, timeout: float | None = None, *, strict: bool | None = None) -> None:
        """Wait until the bot's handler tasks (and ``game:*`` tasks) are done or waiting for a player.

        Then raise what the bot may have swallowed: ``UnknownRouteError`` for
        an endpoint the stand-in does not serve, and (when ``strict``)
        ``HandlerError`` for exceptions discord.py logged from handlers.
        """
        await settling.settle(self._clients, self.settle_timeout if timeout is None else timeout)
        if self._unknown_routes:
            failures = list(self._unknown_routes)
            self._unknown_routes.clear()
            raise UnknownRouteError("; ".join(str(f) for f in failures))
        if (self.strict if strict is None else strict) and self._unreported_errors:
            records = list(self._unreported_errors)
            self._unreported_errors.clear()
            parts = []
            for r in records:
                text = r.getMessage()
                if r.exc_info:
                    text += "\n" + "".join(traceback.format_exception(*r.exc_info))
                parts.append(text)
            raise HandlerError("discord.py logged handler errors:\n" + "\n".join(parts))

    def forget_errors(self) -> list[UnknownRouteError | logging.LogRecord]:
        """Take the failures ``settle`` has not raised yet (for tests that provoke them on purpose)."""
        taken: list[UnknownRouteError | logging.LogRecord] = [*self._unknown_routes, *self._unreported_errors]
        self._unknown_routes.clear()
        self._unreported_errors.clear()
        return taken

    # -- what players see --------------------------------------------------------------
    def channel_messages(self, channel_id: int) -> list[FakeMessage]:
        """Current public messages of a channel, oldest first (edits applied, deletes removed)."""
        return list(self._channels[channel_id].messages.values())

    def dm_messages(self, user_id: int) -> list[FakeMessage]:
        """Messages in the bot's DM channel with ``user_id`` (empty if none was opened)."""
        channel_id = self.users[user_id].dm_channel_id
        return [] if channel_id is None else self.channel_messages(channel_id)

    def ephemeral_messages(self, user_id: int) -> list[FakeMessage]:
        """Ephemeral messages shown to ``user_id``, oldest first (not deleted)."""
        return [m for m in self._ephemeral.get(user_id, []) if not m.deleted]

    def message(self, message_id: int) -> FakeMessage:
        return self._messages[message_id]

    def edits_of(self, message_id: int) -> list[RecordedRequest]:  # in its channel or through a token
        return [r for r in self.requests if r.method == "PATCH" and r.message_id == message_id]

    def requests_of(self, kind: str | None = None, *, method: str | None = None) -> list[RecordedRequest]:
        return [r for r in self.requests if (kind is None or r.kind == kind) and (method is None or r.method == method)]

    # -- the REST side ------------------------------------------------------------------
    def _knows_token(self, token: str | None) -> bool:
        return token in self._interactions

    def _store(self, msg: FakeMessage, channel: FakeChannel) -> None:
        self._messages[msg.id] = msg
        if msg.visible_to is not None:
            self._ephemeral.setdefault(msg.visible_to, []).append(msg)
        else:
            channel.messages[msg.id] = msg

    def delete_message(self, msg: FakeMessage) -> None:
        """Someone (a moderator, say) deletes a message. No gateway event is sent: the bot finds out on its next edit."""
        self._delete(msg)

    def _delete(self, msg: FakeMessage) -> None:
        msg.deleted = True
        channel = self._channels.get(msg.channel_id)
        if channel is not None:
            channel.messages.pop(msg.id, None)

    def _cdn(self, url: str) -> bytes:
        for msg in self._messages.values():
            for att in msg.attachments:
                if att["url"] == url or att["proxy_url"] == url:
                    return msg.files[att["filename"]]
        err = UnknownRouteError(f"GET {url}: not an attachment of this world")
        self._unknown_routes.append(err)
        raise err

    async def _serve(self, route: Route, body: Any, uploads: list[tuple[str, bytes]],
                     params: dict[str, Any] | None) -> Any:
        """Answer one request like Discord would, and record it."""
        # A real request always suspends the caller; doing the same lets concurrent
        # handlers interleave as in production (and races such as a double reply show up).
        await asyncio.sleep(0)
        record, error = self._answer(route, body, uploads, params)
        if error is not None:
            raise error.to_discord(route.method, route.url) from None
        return record.response

    async def _serve_limited(self, route: Route, body: Any, uploads: list[tuple[str, bytes]],
                             params: dict[str, Any] | None) -> tuple[int, dict[str, str], Any]:
        """Answer one request of a rate-limited world: (status, headers, JSON body) for ``SimSession``.

        A request the limiter refuses is recorded too (status 429), and is not served.
        """
        await asyncio.sleep(0)
        limits = self.rate_limits
        assert limits is not None
        decision = limits.check(route.method, route.path, str(route.major_parameters))
        if decision.refused is not None:
            record = self._record(route, body, uploads, params)
            record.kind = "rate_limited"
            record.status, record.response = 429, decision.refused
            return 429, decision.headers, decision.refused
        record, error = self._answer(route, body, uploads, params)
        if error is not None:
            return error.status, decision.headers, error.body()
        return record.status, decision.headers, record.response

    def rate_limited(self) -> list[RecordedRequest]:
        """The requests refused with a 429, oldest first."""
        return [r for r in self.requests if r.status == 429]

    def _record(self, route: Route, body: Any, uploads: list[tuple[str, bytes]],
                params: dict[str, Any] | None) -> RecordedRequest:
        path = route.url[len(Route.BASE):]
        record = RecordedRequest(seq=len(self.requests), at=self._now(), method=route.method, path=path,
                                 route=route.path, json=body, params=params, files=[n for n, _ in uploads])
        self.requests.append(record)
        return record

    def _now(self) -> float:
        """When a request is recorded: the loop's clock (virtual on a virtual-time loop), else real time."""
        try:
            return asyncio.get_running_loop().time()
        except RuntimeError:
            return time.monotonic()

    def _answer(self, route: Route, body: Any, uploads: list[tuple[str, bytes]],
                params: dict[str, Any] | None) -> tuple[RecordedRequest, APIError | None]:
        """Record and serve one request: the record (status and response set) and the error answered, if any."""
        record = self._record(route, body, uploads, params)
        handler = api.ROUTES.get((route.method, route.path))
        if handler is None:
            failure = UnknownRouteError(f"the simulated Discord does not serve {route.method} {route.path} "
                                        f"({record.path})")
            self._unknown_routes.append(failure)
            raise failure
        try:
            schema.check_query(route.method, route.path, params)
            schema.check_body(route.method, route.path, body)
            if isinstance(body, dict):
                validate.check_allowed_mentions(body.get("allowed_mentions"))
                if isinstance(body.get("data"), dict):
                    validate.check_allowed_mentions(body["data"].get("allowed_mentions"), "data.allowed_mentions")
            result = handler(self, record, api.path_params(route.path, record.path), body, uploads, params)
        except APIError as exc:
            record.status = exc.status
            record.response = exc.body()
            if self.rate_limits is not None:
                self.rate_limits.record_status(exc.status)
            return record, exc
        record.status = 204 if result is None else 200
        record.response = result
        return record, None

    def __repr__(self) -> str:
        return f"<FakeDiscord app={self.app_id} guilds={len(self.guilds)} requests={len(self.requests)}>"
