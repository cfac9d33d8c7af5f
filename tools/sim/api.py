"""The REST endpoints the stand-in serves for users, channels, messages and guilds.

Handlers are keyed by discord.py's own route templates (``Route.path``), so a
route is matched exactly as the library names it, parameters are read back
from the concrete URL, and anything not listed here raises
``UnknownRouteError`` instead of quietly returning ``{}``. The application's
own endpoints (commands, interaction responses) are in :mod:`tools.sim.api_app`,
which shares this module's helpers; :mod:`tools.sim.rest` serves both tables.

Each handler receives the :class:`Backend` (the state it reads and changes),
the recorded request (to set its ``kind`` and link it to an interaction), the
path parameters, the JSON body, the uploaded files and the query parameters,
and returns the JSON Discord would return (None for 204). Failures raise
``APIError``; ``tools.sim.rest.RestServer`` converts them to the discord.py
exception a real response would produce.
"""

from __future__ import annotations

import mimetypes
import re
from collections.abc import Callable
from typing import Any, Protocol
from urllib.parse import unquote

import discord

from tools.sim import errors as err, validate
from tools.sim.commands import CommandRegistry
from tools.sim.directory import Directory
from tools.sim.log import Log
from tools.sim.models import (
    COMPONENTS_V2,
    CREATE_FLAGS,
    EDIT_FLAGS,
    EPHEMERAL,
    LOADING,
    SUPPRESS_EMBEDS,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeUser,
    InteractionRecord,
    RecordedRequest,
    copy_json,
)


class Backend(Protocol):
    """What an endpoint reads and changes (``tools.sim.rest.RestServer`` provides it)."""

    directory: Directory
    log: Log
    commands: CommandRegistry
    #: Seconds a bot has for the initial response, as on Discord (None: unlimited).
    response_deadline: float | None


#: A route's ``{name}`` parameters, read back from the concrete path.
PathParams = dict[str, str]
#: Uploaded files as ``(filename, bytes)``, in the order the request carries them.
Uploads = list[tuple[str, bytes]]
#: The query parameters (None when the request has none).
Query = dict[str, Any] | None
Handler = Callable[[Backend, RecordedRequest, PathParams, Any, Uploads, Query], Any]
Routes = dict[tuple[str, str], Handler]
#: This module's endpoints, by ``(method, route template)``.
ROUTES: Routes = {}
_PATTERNS: dict[str, re.Pattern[str]] = {}
_MENTION = re.compile(r"<@!?(\d+)>")


def route(method: str, template: str, table: Routes = ROUTES) -> Callable[[Handler], Handler]:
    """Register the decorated handler for ``method template`` in ``table``."""

    def register(fn: Handler) -> Handler:
        table[(method, template)] = fn
        return fn

    return register


def path_params(template: str, path: str) -> dict[str, str]:
    """Read ``{name}`` parameters of ``template`` back from a concrete path."""
    pattern = _PATTERNS.get(template)
    if pattern is None:
        regex = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template))
        pattern = _PATTERNS[template] = re.compile(regex + r"\Z")
    match = pattern.match(path)
    return {k: unquote(v) for k, v in match.groupdict().items()} if match else {}


def _truthy(params: dict[str, Any] | None, key: str, default: bool) -> bool:
    if not params or key not in params:
        return default
    return str(params[key]).lower() in ("1", "true")


# -- messages ---------------------------------------------------------------


def _mentions(users: dict[int, FakeUser], content: str) -> list[dict[str, Any]]:
    out = []
    for uid in dict.fromkeys(int(m) for m in _MENTION.findall(content or "")):
        user = users.get(uid)
        if user is not None:
            out.append(user.to_json())
    return out


def _attachments(
    snowflake: Callable[[], int],
    channel_id: int,
    body: dict[str, Any] | None,
    uploads: list[tuple[str, bytes]],
    existing: list[dict[str, Any]] | None,
    files: dict[str, bytes],
) -> list[dict[str, Any]] | None:
    """The attachment list after a create/edit, or None if the body leaves it unchanged."""

    def new(filename: str, data: bytes, description: str | None = None) -> dict[str, Any]:
        aid = snowflake()
        url = f"https://cdn.discordapp.com/attachments/{channel_id}/{aid}/{filename}"
        files[filename] = data
        att = {
            "id": str(aid),
            "filename": filename,
            "size": len(data),
            "url": url,
            "proxy_url": url,
            "content_type": mimetypes.guess_type(filename)[0] or "application/octet-stream",
        }
        if description:
            att["description"] = description
        return att

    if body is not None and "attachments" in body:
        by_id = {a["id"]: a for a in existing or []}
        result = []
        for a in body["attachments"] or []:
            key = str(a.get("id"))
            if key in by_id:
                result.append(by_id[key])
            elif key.isdigit() and int(key) < len(uploads):
                name, data = uploads[int(key)]
                result.append(new(a.get("filename") or name, data, a.get("description")))
        return result
    if uploads:
        return list(existing or []) + [new(name, data) for name, data in uploads]
    return None


def resolve_attachment_urls(
    misuses: list[str], embeds: list[dict[str, Any]], attachments: list[dict[str, Any]], what: str
) -> None:
    """Embed URLs ``attachment://name`` become the named attachment's CDN URL, as Discord returns them.

    A name the message has no attachment for is a misuse: Discord shows no image there.
    """
    by_name = {a["filename"]: a for a in attachments}
    for embed in embeds:
        for key in ("image", "thumbnail", "footer", "author"):
            part = embed.get(key)
            field_name = "url" if key in ("image", "thumbnail") else "icon_url"
            if not isinstance(part, dict) or not str(part.get(field_name, "")).startswith("attachment://"):
                continue
            name = part[field_name][len("attachment://") :]
            att = by_name.get(name)
            if att is None:
                misuses.append(
                    f"{what}: embed {key} {part[field_name]} names no attachment of the message;"
                    " Discord shows nothing there"
                )
                continue
            part[field_name] = att["url"]
            if key in ("image", "thumbnail"):
                part["proxy_url"] = att["proxy_url"]


def _reference(ref: dict[str, Any] | None, channel: FakeChannel) -> dict[str, Any] | None:
    """A reply's message_reference as Discord returns it: string snowflakes, channel and guild filled in."""
    if not ref:
        return None
    out = {
        "type": ref.get("type", 0),
        "message_id": str(ref["message_id"]),
        "channel_id": str(ref.get("channel_id") or channel.id),
    }
    if channel.guild_id is not None:
        out["guild_id"] = str(ref.get("guild_id") or channel.guild_id)
    return out


_FLAG_NAMES = {
    2: "SUPPRESS_EMBEDS",
    6: "EPHEMERAL",
    7: "LOADING",
    12: "SUPPRESS_NOTIFICATIONS",
    13: "IS_VOICE_MESSAGE",
    15: "IS_COMPONENTS_V2",
}


def ignore_flags(
    misuses: list[str], req: RecordedRequest, flags: Any, allowed: int, what: str, already: int = 0
) -> int:
    """``flags`` without the bits Discord silently drops on ``what``; each dropped bit is a misuse.

    Discord does not answer an error for them (so neither does the stand-in), but a bot that sets
    EPHEMERAL on a channel message, or a create-only flag on an edit, believes something that is
    not so; they are noted in ``misuses`` (the log's), and ``FakeDiscord.check_finished`` fails the
    test with them.
    """
    flags = int(flags or 0)
    dropped = flags & ~allowed & ~already
    if dropped:
        names = [_FLAG_NAMES.get(bit, f"1<<{bit}") for bit in range(32) if dropped >> bit & 1]
        misuses.append(
            f"{req.method} {req.path}: flags {'|'.join(names)} cannot be set on {what}; Discord ignores them"
        )
    return flags & (allowed | already)


def create_message(
    directory: Directory,
    log: Log,
    channel: FakeChannel,
    body: dict[str, Any],
    uploads: list[tuple[str, bytes]],
    *,
    author: dict[str, Any] | None = None,
    type: int = 0,
    visible_to: int | None = None,
    inter: InteractionRecord | None = None,
    extra_flags: int = 0,
    store: bool = True,
) -> FakeMessage:
    """A new message from a create body (channel POST, interaction reply or followup, or a player's post).

    Stored in ``log`` (unless ``store`` is False); the author is the bot unless ``author`` says otherwise.
    """
    body = body or {}
    flags = (body.get("flags") or 0) | extra_flags
    if not flags & LOADING:
        validate.check_message(body, attachments=len(uploads))
    msg = FakeMessage(
        id=directory.snowflake(),
        channel_id=channel.id,
        guild_id=channel.guild_id,
        author=author or directory.bot_user.to_json(),
        content=body.get("content") or "",
        embeds=copy_json(body.get("embeds") or []),
        components=list(body.get("components") or []),
        flags=flags & (EPHEMERAL | LOADING | SUPPRESS_EMBEDS | COMPONENTS_V2 | (1 << 12)),
        type=type,
        tts=bool(body.get("tts", False)),
        nonce=body.get("nonce"),
        message_reference=_reference(body.get("message_reference"), channel),
    )
    msg.mentions = _mentions(directory.users, msg.content)
    msg.attachments = _attachments(directory.snowflake, channel.id, body, uploads, None, msg.files) or []
    resolve_attachment_urls(log.misuses, msg.embeds, msg.attachments, "a message create")
    if inter is not None:
        msg.webhook_id = directory.app_id
        msg.application_id = directory.app_id
        msg.interaction_id = inter.id
        meta: dict[str, Any] = {
            "id": str(inter.id),
            "type": inter.type,
            "user": directory.users[inter.user_id].to_json(),
            "authorizing_integration_owners": inter.payload.get("authorizing_integration_owners", {}),
        }
        if inter.source is not None:
            meta["interacted_message_id"] = str(inter.source.id)
        if inter.original is not None:
            meta["original_response_message_id"] = str(inter.original.id)
        msg.interaction_metadata = meta
    if visible_to is not None:
        msg.visible_to = visible_to
        msg.flags |= EPHEMERAL
    if store:
        log.store(msg, channel)
    return msg


def apply_edit(
    directory: Directory,
    log: Log,
    msg: FakeMessage,
    body: dict[str, Any] | None,
    uploads: list[tuple[str, bytes]],
    req: RecordedRequest | None = None,
) -> FakeMessage:
    """Apply a PATCH / type-7 body to a stored message, in place, after validating the result.

    Flags an edit cannot set are misuses noted in ``log`` when ``req`` (the edit's request) is given.
    """
    if req is not None:
        req.message_id = msg.id
    body = body or {}
    content = msg.content
    embeds = msg.embeds
    components = msg.components
    flags = msg.flags & ~LOADING
    if "content" in body:
        content = body["content"] or ""
    if "embeds" in body:
        embeds = copy_json(body["embeds"] or [])
    if "components" in body:
        components = list(body["components"] or [])
    if body.get("flags") is not None:
        wanted = (
            ignore_flags(log.misuses, req, body["flags"], EDIT_FLAGS, "an edit", already=msg.flags & ~LOADING)
            if req is not None
            else body["flags"]
        )
        flags = (flags & ~SUPPRESS_EMBEDS) | (wanted & EDIT_FLAGS)
    files: dict[str, bytes] = {}
    attachments = _attachments(directory.snowflake, msg.channel_id, body, uploads, msg.attachments, files)
    validate.check_message(
        {"content": content, "embeds": embeds, "components": components, "flags": flags},
        attachments=len(msg.attachments if attachments is None else attachments),
    )
    msg.content, msg.embeds, msg.components, msg.flags = content, embeds, components, flags
    if attachments is not None:
        msg.attachments = attachments
        msg.files.update(files)
    if "embeds" in body:
        resolve_attachment_urls(log.misuses, msg.embeds, msg.attachments, "a message edit")
    msg.mentions = _mentions(directory.users, content)
    msg.edited_at = discord.utils.utcnow()
    msg.edits += 1
    return msg


# -- login --------------------------------------------------------------------


@route("GET", "/users/@me")
def get_me(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    data = srv.directory.bot_user.to_json()
    data.update(verified=True, mfa_enabled=False, email=None, locale="en-US", bot=True)
    return data


@route("GET", "/oauth2/applications/@me")
def get_application(
    srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query
) -> Any:
    return {
        "id": str(srv.directory.app_id),
        "name": srv.directory.bot_user.name,
        "icon": None,
        "description": "",
        "summary": "",
        "type": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "flags": 0,
        "owner": srv.directory.users[srv.directory.owner_id].to_json(),
        "team": None,
        "bot": srv.directory.bot_user.to_json(),
        "rpc_origins": [],
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "role_connections_verification_url": None,
        "tags": [],
        "approximate_guild_count": len(srv.directory.guilds),
        "integration_types_config": {"0": {}},
    }


@route("GET", "/users/{user_id}")
def get_user(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    user = srv.directory.users.get(int(p["user_id"]))
    if user is None:
        raise err.unknown_user()
    return user.to_json()


# -- channels and messages ---------------------------------------------------


def _channel(srv: Backend, channel_id: str) -> FakeChannel:
    channel = srv.directory.channels.get(int(channel_id))
    if channel is None:
        raise err.unknown_channel()
    if channel.guild_id is not None and not srv.directory.bot_can(channel.guild_id, "view_channel"):
        raise err.missing_access()
    return channel


def _channel_message(srv: Backend, p: dict[str, str]) -> tuple[FakeChannel, FakeMessage]:
    channel = _channel(srv, p["channel_id"])
    msg = channel.messages.get(int(p["message_id"]))
    if msg is None:
        raise err.unknown_message()
    return channel, msg


@route("POST", "/users/@me/channels")
def open_dm(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    req.kind = "dm"
    if not isinstance(body, dict) or body.get("recipient_id") is None:
        raise err.form_error("recipient_id", "BASE_TYPE_REQUIRED", "This field is required")
    user = srv.directory.users.get(int(body["recipient_id"]))
    if user is None:
        raise err.unknown_user()
    channel = srv.directory.dm_channel(user.id)
    return channel.to_json(recipient=user)


@route("GET", "/channels/{channel_id}")
def get_channel(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    channel = _channel(srv, p["channel_id"])
    recipient = srv.directory.users.get(channel.recipient_id) if channel.is_dm else None
    return channel.to_json(recipient=recipient)


@route("POST", "/channels/{channel_id}/messages")
def send_message(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    channel = _channel(srv, p["channel_id"])
    if channel.is_dm:
        req.kind = "dm"
        user = srv.directory.users[channel.recipient_id]
        if not user.dms_open or user.bot:
            raise err.cannot_dm()
    else:
        req.kind = "message"
        if not srv.directory.bot_can(channel.guild_id, "send_messages"):
            raise err.missing_permissions()
    body = dict(body or {})
    # Only interaction responses can be ephemeral or "thinking"; Discord ignores those bits here
    # (the message is posted for everyone), which the stand-in reports as a misuse.
    body["flags"] = ignore_flags(srv.log.misuses, req, body.get("flags"), CREATE_FLAGS, "a channel message")
    ref = body.get("message_reference")
    if ref and ref.get("fail_if_not_exists", True) and int(ref["message_id"]) not in channel.messages:
        raise err.form_error("message_reference", "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message")
    msg = create_message(srv.directory, srv.log, channel, body, uploads, type=19 if ref else 0)
    return msg.to_json(srv.directory.bot_user.id)


@route("GET", "/channels/{channel_id}/messages")
def history(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    channel = _channel(srv, p["channel_id"])
    params = params or {}
    limit = int(params.get("limit", 50))
    msgs = list(channel.messages.values())
    if "before" in params:
        msgs = [m for m in msgs if m.id < int(params["before"])]
    if "after" in params:
        msgs = [m for m in msgs if m.id > int(params["after"])][:limit]
    msgs = msgs[-limit:]
    return [m.to_json(srv.directory.bot_user.id) for m in reversed(msgs)]


@route("GET", "/channels/{channel_id}/messages/{message_id}")
def get_message(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    return _channel_message(srv, p)[1].to_json(srv.directory.bot_user.id)


@route("PATCH", "/channels/{channel_id}/messages/{message_id}")
def edit_message(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    req.kind = "edit"
    channel, msg = _channel_message(srv, p)
    if msg.author_id != srv.directory.bot_user.id:
        raise err.not_author()
    return apply_edit(srv.directory, srv.log, msg, body, uploads, req).to_json(srv.directory.bot_user.id)


@route("DELETE", "/channels/{channel_id}/messages/{message_id}")
def delete_message(
    srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query
) -> Any:
    channel, msg = _channel_message(srv, p)
    if (
        msg.author_id != srv.directory.bot_user.id
        and not channel.is_dm
        and not srv.directory.bot_can(channel.guild_id, "manage_messages")
    ):
        raise err.missing_permissions()
    req.message_id = msg.id
    srv.log.delete(msg)
    return None


@route("POST", "/channels/{channel_id}/typing")
def typing(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    _channel(srv, p["channel_id"])
    return None


@route("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me")
def add_reaction(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    _, msg = _channel_message(srv, p)
    msg.reactions.setdefault(p["emoji"], set()).add(srv.directory.bot_user.id)
    return None


@route("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me")
def remove_reaction(
    srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query
) -> Any:
    _, msg = _channel_message(srv, p)
    msg.reactions.get(p["emoji"], set()).discard(srv.directory.bot_user.id)
    return None


@route("PUT", "/channels/{channel_id}/messages/pins/{message_id}")
def pin(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    _channel_message(srv, p)[1].pinned = True
    return None


@route("DELETE", "/channels/{channel_id}/messages/pins/{message_id}")
def unpin(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    _channel_message(srv, p)[1].pinned = False
    return None


# -- guilds -------------------------------------------------------------------


def _guild(srv: Backend, guild_id: str) -> FakeGuild:
    guild = srv.directory.guilds.get(int(guild_id))
    if guild is None:
        raise err.unknown_guild()
    return guild


@route("GET", "/guilds/{guild_id}")
def get_guild(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    data = _guild(srv, p["guild_id"]).to_json(gateway=False)
    data["approximate_member_count"] = len(srv.directory.guilds[int(p["guild_id"])].members)
    return data


@route("GET", "/guilds/{guild_id}/channels")
def get_guild_channels(
    srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query
) -> Any:
    return [c.to_json() for c in _guild(srv, p["guild_id"]).channels.values()]


@route("GET", "/guilds/{guild_id}/members/{member_id}")
def get_member(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    member = _guild(srv, p["guild_id"]).members.get(int(p["member_id"]))
    if member is None:
        raise err.unknown_member()
    return member.to_json()
