"""Where the stand-in plugs into discord.py: two request methods, nothing else.

discord.py sends all REST traffic through ``HTTPClient.request`` (login,
messages, DMs, command sync) except interaction responses, which go through
``AsyncWebhookAdapter.request`` on a process-wide default adapter. Replacing
exactly these two entry points (as instance attributes, so the classes stay
untouched) keeps everything above them real: payload building, view
storage, response bookkeeping, exception types.

The webhook adapter is shared by every client in the process, so it is
patched once while any world is open and each request is routed to the
server (one per world) that issued the interaction token.

Requests are answered by a :class:`Server`, the world's REST side
(``tools.sim.rest.RestServer``); this module knows nothing else of the world.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import discord
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from tools.sim.errors import UnknownRouteError
from tools.sim.ratelimit import RateLimits


class Server(Protocol):
    """What answers the requests of one world (``tools.sim.rest.RestServer``)."""

    #: Discord's rate limits when enforced (then the webhook adapter waits out exhausted buckets).
    rate_limits: RateLimits | None

    async def serve(
        self, route: Route, body: Any, uploads: list[tuple[str, bytes]], params: dict[str, Any] | None
    ) -> Any: ...

    def cdn(self, url: str) -> bytes: ...

    def knows_token(self, token: str | None) -> bool: ...


_open_servers: list[Server] = []
_saved_request: dict[str, Any] = {}


def default_webhook_adapter() -> AsyncWebhookAdapter:
    """The adapter discord.py uses when nothing was set in the context (read in an empty context)."""
    return contextvars.Context().run(async_context.get)


def parse_multipart(
    form: Iterable[dict[str, Any]] | None, files: Sequence[discord.File] | None
) -> tuple[dict[str, Any] | None, list[tuple[str, bytes]]]:
    """Split discord.py's multipart fields into the JSON body and ``(filename, bytes)`` uploads."""
    body: dict[str, Any] | None = None
    uploads: list[tuple[str, bytes]] = []
    for part in form or ():
        if part["name"] == "payload_json":
            body = json.loads(part["value"])
        elif part["name"].startswith("files["):
            fp = part["value"]
            data = fp.read() if hasattr(fp, "read") else bytes(fp)
            uploads.append((part.get("filename") or part["name"], data))
    if body is None and files:
        body = {}
    return body, uploads


def attach_http(server: Server, client: discord.Client) -> None:
    """Serve ``client.http.request`` (and CDN downloads) from ``server``."""
    http = client.http

    async def request(
        route: Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: Iterable[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> Any:
        if form:
            body, uploads = parse_multipart(form, files)
        else:
            body, uploads = kwargs.get("json"), []
        return await server.serve(route, body, uploads, kwargs.get("params"))

    async def get_from_cdn(url: str) -> bytes:
        return server.cdn(url)

    request.__sim_server__ = server  # type: ignore[attr-defined]
    http.request = request  # type: ignore[method-assign]
    # Without rate limits the stand-in has no global limit: the bot need not pace itself (bot.ratelimit).
    http.no_global_rate_limit = True  # type: ignore[attr-defined]
    http.get_from_cdn = get_from_cdn  # type: ignore[method-assign]


def detach_http(server: Server, client: discord.Client) -> None:
    """Give ``client`` back its own request method, if ``server`` still serves it."""
    http = client.http
    if getattr(http.__dict__.get("request"), "__sim_server__", None) is server:
        del http.request
        http.__dict__.pop("no_global_rate_limit", None)
        http.__dict__.pop("get_from_cdn", None)


async def _webhook_request(
    route: Route,
    session: Any = None,
    *,
    payload: dict[str, Any] | None = None,
    multipart: list[dict[str, Any]] | None = None,
    files: Sequence[discord.File] | None = None,
    params: dict[str, Any] | None = None,
    **_: Any,
) -> Any:
    if multipart:
        body, uploads = parse_multipart(multipart, files)
    else:
        body, uploads = payload, []
    server = _server_for(route)
    limits = server.rate_limits
    if limits is not None and route.path.startswith("/webhooks/") and route.webhook_token:
        while (wait := limits.webhook_wait(route.webhook_token)) > 0:
            await asyncio.sleep(wait)  # discord.py's webhook adapter waits out an exhausted bucket itself
    return await server.serve(route, body, uploads, params)


def _server_for(route: Route) -> Server:
    if len(_open_servers) == 1:
        return _open_servers[0]
    for server in _open_servers:
        if server.knows_token(route.webhook_token):
            return server
    raise UnknownRouteError(f"{route.method} {route.path}: no open simulated world issued this webhook token")


def install_webhook(server: Server) -> None:
    """Route interaction responses to ``server`` until ``uninstall_webhook``."""
    if server in _open_servers:
        return
    if not _open_servers:
        adapter = default_webhook_adapter()
        _saved_request["adapter"] = adapter
        _saved_request["had_own"] = "request" in adapter.__dict__
        _saved_request["own"] = adapter.__dict__.get("request")
        adapter.request = _webhook_request  # type: ignore[method-assign]
    _open_servers.append(server)


def uninstall_webhook(server: Server) -> None:
    """Stop routing to ``server``; the last one out restores discord.py's adapter."""
    if server not in _open_servers:
        return
    _open_servers.remove(server)
    if not _open_servers:
        adapter = _saved_request.pop("adapter")
        if _saved_request.pop("had_own"):
            adapter.request = _saved_request.pop("own")  # type: ignore[method-assign]
        else:
            _saved_request.pop("own", None)
            adapter.__dict__.pop("request", None)
