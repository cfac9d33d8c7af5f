"""Where the stand-in plugs into discord.py: two request methods, nothing else.

discord.py sends all REST traffic through ``HTTPClient.request`` (login,
messages, DMs, command sync) except interaction responses, which go through
``AsyncWebhookAdapter.request`` on a process-wide default adapter. Replacing
exactly these two entry points (as instance attributes, so the classes stay
untouched) keeps everything above them real: payload building, view
storage, response bookkeeping, exception types.

The webhook adapter is shared by every client in the process, so it is
patched once while any world is open and each request is routed to the world
that issued the interaction token.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
from typing import TYPE_CHECKING, Any, Iterable, Sequence

import discord
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from tools.sim.errors import UnknownRouteError

if TYPE_CHECKING:
    from tools.sim.world import FakeDiscord

_open_worlds: list["FakeDiscord"] = []
_saved_request: dict[str, Any] = {}


def default_webhook_adapter() -> AsyncWebhookAdapter:
    """The adapter discord.py uses when nothing was set in the context (read in an empty context)."""
    return contextvars.Context().run(async_context.get)


def parse_multipart(form: Iterable[dict[str, Any]] | None, files: Sequence[discord.File] | None
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


def attach_http(world: "FakeDiscord", client: discord.Client) -> None:
    """Serve ``client.http.request`` (and CDN downloads) from ``world``."""
    http = client.http

    async def request(route: Route, *, files: Sequence[discord.File] | None = None,
                      form: Iterable[dict[str, Any]] | None = None, **kwargs: Any) -> Any:
        if form:
            body, uploads = parse_multipart(form, files)
        else:
            body, uploads = kwargs.get("json"), []
        return await world._serve(route, body, uploads, kwargs.get("params"))

    async def get_from_cdn(url: str) -> bytes:
        return world._cdn(url)

    request.__sim_world__ = world  # type: ignore[attr-defined]
    http.request = request  # type: ignore[method-assign]
    # Without rate limits the stand-in has no global limit: the bot need not pace itself (bot.ratelimit).
    http.no_global_rate_limit = True  # type: ignore[attr-defined]
    http.get_from_cdn = get_from_cdn  # type: ignore[method-assign]


def detach_http(world: "FakeDiscord", client: discord.Client) -> None:
    http = client.http
    if getattr(http.__dict__.get("request"), "__sim_world__", None) is world:
        del http.request
        http.__dict__.pop("no_global_rate_limit", None)
        http.__dict__.pop("get_from_cdn", None)


async def _webhook_request(route: Route, session: Any = None, *, payload: dict[str, Any] | None = None,
                           multipart: list[dict[str, Any]] | None = None,
                           files: Sequence[discord.File] | None = None,
                           params: dict[str, Any] | None = None, **_: Any) -> Any:
    if multipart:
        body, uploads = parse_multipart(multipart, files)
    else:
        body, uploads = payload, []
    world = _world_for(route)
    limits = world.rate_limits
    if limits is not None and route.path.startswith("/webhooks/") and route.webhook_token:
        while (wait := limits.webhook_wait(route.webhook_token)) > 0:
            await asyncio.sleep(wait)  # discord.py's webhook adapter waits out an exhausted bucket itself
    return await world._serve(route, body, uploads, params)


def _world_for(route: Route) -> "FakeDiscord":
    if len(_open_worlds) == 1:
        return _open_worlds[0]
    for world in _open_worlds:
        if world._knows_token(route.webhook_token):
            return world
    raise UnknownRouteError(f"{route.method} {route.path}: no open simulated world issued this webhook token")


def install_webhook(world: "FakeDiscord") -> None:
    """Route interaction responses to ``world`` until ``uninstall_webhook``."""
    if world in _open_worlds:
        return
    if not _open_worlds:
        adapter = default_webhook_adapter()
        _saved_request["adapter"] = adapter
        _saved_request["had_own"] = "request" in adapter.__dict__
        _saved_request["own"] = adapter.__dict__.get("request")
        adapter.request = _webhook_request  # type: ignore[method-assign]
    _open_worlds.append(world)


def uninstall_webhook(world: "FakeDiscord") -> None:
    if world not in _open_worlds:
        return
    _open_worlds.remove(world)
    if not _open_worlds:
        adapter = _saved_request.pop("adapter")
        if _saved_request.pop("had_own"):
            adapter.request = _saved_request.pop("own")  # type: ignore[method-assign]
        else:
            _saved_request.pop("own", None)
            adapter.__dict__.pop("request", None)
