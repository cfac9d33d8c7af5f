"""The application's own endpoints: slash command registration, interaction responses, followups.

Split from :mod:`tools.sim.api` (channels, messages, users, guilds) so each
module serves one side of Discord's API. This module builds on that one's
helpers (creating and editing messages) and keeps its own ``ROUTES`` table;
:mod:`tools.sim.rest` serves both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tools.sim import api, errors as err, validate
from tools.sim.api import (
    Backend,
    Handler,
    PathParams,
    Query,
    Routes,
    Uploads,
    _guild,
    _truthy,
    apply_edit,
    create_message,
    ignore_flags,
)
from tools.sim.log import now
from tools.sim.models import (
    EPHEMERAL,
    INTERACTION_CREATE_FLAGS,
    LOADING,
    FakeMessage,
    InteractionRecord,
    RecordedRequest,
)

#: The application's endpoints, by ``(method, route template)``.
ROUTES: Routes = {}


def route(method: str, template: str) -> Callable[[Handler], Handler]:
    """Register the decorated handler in this module's table."""
    return api.route(method, template, ROUTES)


# -- application commands ---------------------------------------------------


def _command_json(
    srv: Backend, data: dict[str, Any], guild_id: int | None, old: dict[str, Any] | None
) -> dict[str, Any]:
    cmd = dict(data)
    cmd["id"] = old["id"] if old else str(srv.directory.snowflake())
    cmd["application_id"] = str(srv.directory.app_id)
    cmd["version"] = str(srv.directory.snowflake())
    cmd.setdefault("type", 1)
    cmd.setdefault("description", "")
    cmd.setdefault("options", [])
    cmd.setdefault("nsfw", False)
    dmp = cmd.get("default_member_permissions")
    cmd["default_member_permissions"] = None if dmp is None else str(dmp)
    if guild_id is not None:
        cmd["guild_id"] = str(guild_id)
    return cmd


def _commands(srv: Backend, p: dict[str, str]) -> tuple[dict[str, dict[str, Any]], int | None]:
    if int(p["application_id"]) != srv.directory.app_id:
        raise err.missing_access()
    guild_id = int(p["guild_id"]) if "guild_id" in p else None
    if guild_id is not None:
        _guild(srv, str(guild_id))
    return srv.commands.registered.setdefault(guild_id, {}), guild_id


def _bulk(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    table, guild_id = _commands(srv, p)
    for i, data in enumerate(body or []):
        validate.check_command(data, str(i))
    old = {(c["name"], c.get("type", 1)): c for c in table.values()}
    table.clear()
    for data in body or []:
        cmd = _command_json(srv, data, guild_id, old.get((data["name"], data.get("type", 1))))
        table[cmd["id"]] = cmd
    return list(table.values())


def _list(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    return list(_commands(srv, p)[0].values())


def _upsert(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    table, guild_id = _commands(srv, p)
    validate.check_command(body)
    old = next(
        (c for c in table.values() if c["name"] == body["name"] and c.get("type", 1) == body.get("type", 1)), None
    )
    cmd = _command_json(srv, body, guild_id, old)
    table[cmd["id"]] = cmd
    return cmd


def _one(srv: Backend, p: PathParams) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    table, _ = _commands(srv, p)
    cmd = table.get(p["command_id"])
    if cmd is None:
        raise err.unknown_command()
    return table, cmd


def _get_one(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    return _one(srv, p)[1]


def _edit_one(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    table, cmd = _one(srv, p)
    cmd.update(body or {})
    return cmd


def _delete_one(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    table, cmd = _one(srv, p)
    del table[cmd["id"]]
    return None


for _prefix in ("/applications/{application_id}", "/applications/{application_id}/guilds/{guild_id}"):
    route("PUT", _prefix + "/commands")(_bulk)
    route("GET", _prefix + "/commands")(_list)
    route("POST", _prefix + "/commands")(_upsert)
    route("GET", _prefix + "/commands/{command_id}")(_get_one)
    route("PATCH", _prefix + "/commands/{command_id}")(_edit_one)
    route("DELETE", _prefix + "/commands/{command_id}")(_delete_one)


# -- interactions ---------------------------------------------------------------

_ALLOWED_RESPONSES = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 5: {4, 5, 6, 7}}
#: Seconds an interaction's token reaches its webhook (followups, edits, deletes) after the interaction.
TOKEN_LIFETIME = 15 * 60.0


def _interaction(srv: Backend, req: RecordedRequest, p: PathParams, *, callback: bool) -> InteractionRecord:
    inter = srv.log.by_token.get(p["webhook_token"])
    if callback:
        if inter is None or inter.id != int(p["webhook_id"]):
            raise err.unknown_interaction()
    elif inter is None or int(p["webhook_id"]) != srv.directory.app_id:
        raise err.unknown_webhook()
    elif now() - inter.created_at > TOKEN_LIFETIME:
        raise err.invalid_webhook_token()
    req.interaction_id = inter.id
    inter.requests.append(req)
    return inter


@route("POST", "/interactions/{webhook_id}/{webhook_token}/callback")
def interaction_callback(
    srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query
) -> Any:
    req.kind = "reply"
    inter = _interaction(srv, req, p, callback=True)
    if inter.response_type is not None:
        raise err.already_acknowledged()
    deadline = srv.response_deadline
    if deadline is not None and now() - inter.created_at > deadline:
        # Too late: Discord has already shown "This interaction failed" and forgotten the token.
        raise err.unknown_interaction()
    if not isinstance(body, dict) or body.get("type") is None:
        raise err.form_error("type", "BASE_TYPE_REQUIRED", "This field is required")
    rtype = body.get("type")
    data = body.get("data") or {}
    if rtype not in _ALLOWED_RESPONSES.get(inter.type, set()) or (rtype == 7 and inter.source is None):
        raise err.form_error(
            "type",
            "INTERACTION_RESPONSE_TYPE_INVALID",
            f"Interaction response type {rtype} is not valid for interaction type {inter.type}",
        )
    channel = srv.directory.channels[inter.channel_id]
    msg: FakeMessage | None = None
    ephemeral = bool((data.get("flags") or 0) & EPHEMERAL)
    if rtype in (4, 5) and data.get("flags") is not None:
        allowed = INTERACTION_CREATE_FLAGS if rtype == 4 else EPHEMERAL
        data = dict(data, flags=ignore_flags(srv.log.misuses, req, data["flags"], allowed, f"a type {rtype} response"))
    if rtype == 4:
        msg = create_message(
            srv.directory,
            srv.log,
            channel,
            data,
            uploads,
            type=20 if inter.type == 2 else 0,
            visible_to=inter.user_id if ephemeral else None,
            inter=inter,
        )
    elif rtype == 5:
        msg = create_message(
            srv.directory,
            srv.log,
            channel,
            {},
            [],
            type=20 if inter.type == 2 else 0,
            extra_flags=LOADING,
            visible_to=inter.user_id if ephemeral else None,
            inter=inter,
        )
    elif rtype in (6, 7):
        msg = inter.source
        if rtype == 7:
            apply_edit(srv.directory, srv.log, msg, data, uploads, req)
        ephemeral = msg.ephemeral if msg is not None else False
    elif rtype == 9:
        validate.check_modal(data)
        inter.modal = data
    inter.response_type = rtype
    inter.response_ephemeral = ephemeral
    inter.original = msg
    if not _truthy(params, "with_response", False):
        return None
    info: dict[str, Any] = {"id": str(inter.id), "type": inter.type}
    result: dict[str, Any] = {"interaction": info}
    if msg is not None:
        info.update(
            response_message_id=str(msg.id),
            response_message_loading=rtype == 5,
            response_message_ephemeral=msg.ephemeral,
        )
        if rtype in (4, 5, 7):
            result["resource"] = {"type": rtype, "message": msg.to_json(srv.directory.bot_user.id)}
    return result


@route("POST", "/webhooks/{webhook_id}/{webhook_token}")
def followup(srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query) -> Any:
    req.kind = "followup"
    inter = _interaction(srv, req, p, callback=False)
    if inter.response_type is None:
        raise err.unknown_webhook()
    body = body or {}
    original = inter.original
    if inter.response_type == 5 and original is not None and original.loading:
        # The first followup after a "thinking" defer replaces the placeholder, keeping its visibility.
        validate.check_message(body, attachments=len(uploads))
        if (body.get("flags") or 0) & EPHEMERAL and not original.ephemeral:
            srv.log.misuses.append(
                f"{req.method} {req.path}: an ephemeral followup after a public defer replaces"
                " the 'thinking' message, which stays public; Discord ignores EPHEMERAL here"
            )
        msg = apply_edit(srv.directory, srv.log, original, {k: v for k, v in body.items() if k != "flags"}, uploads)
    else:
        channel = srv.directory.channels[inter.channel_id]
        if body.get("flags") is not None:
            body = dict(
                body, flags=ignore_flags(srv.log.misuses, req, body["flags"], INTERACTION_CREATE_FLAGS, "a followup")
            )
        ephemeral = bool((body.get("flags") or 0) & EPHEMERAL)
        msg = create_message(
            srv.directory, srv.log, channel, body, uploads, visible_to=inter.user_id if ephemeral else None, inter=inter
        )
    inter.followups.append(msg)
    return msg.to_json(srv.directory.bot_user.id) if _truthy(params, "wait", True) else None


def _webhook_message(srv: Backend, req: RecordedRequest, p: PathParams) -> tuple[InteractionRecord, FakeMessage]:
    inter = _interaction(srv, req, p, callback=False)
    message_id = p.get("message_id", "@original")
    if message_id == "@original":
        msg = inter.original
    else:
        msg = next((m for m in [inter.original, *inter.followups] if m is not None and m.id == int(message_id)), None)
    if msg is None or msg.deleted:
        raise err.unknown_message()
    return inter, msg


for _template in (
    "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
    "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
):

    @route("GET", _template)
    def get_webhook_message(
        srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query
    ) -> Any:
        return _webhook_message(srv, req, p)[1].to_json(srv.directory.bot_user.id)

    @route("PATCH", _template)
    def edit_webhook_message(
        srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query
    ) -> Any:
        req.kind = "edit"
        _, msg = _webhook_message(srv, req, p)
        return apply_edit(srv.directory, srv.log, msg, body, uploads, req).to_json(srv.directory.bot_user.id)

    @route("DELETE", _template)
    def delete_webhook_message(
        srv: Backend, req: RecordedRequest, p: PathParams, body: Any, uploads: Uploads, params: Query
    ) -> Any:
        _, msg = _webhook_message(srv, req, p)
        req.message_id = msg.id
        srv.log.delete(msg)
        return None
