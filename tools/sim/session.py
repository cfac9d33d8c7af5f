"""The stand-in behind discord.py's real HTTP client, for worlds that enforce rate limits.

Without rate limits the stand-in replaces ``HTTPClient.request`` whole (see
``transport``). With them, discord.py's own ``HTTPClient.request`` must run:
it is what reads the ``X-RateLimit-*`` headers, keeps per-bucket state,
sleeps before a bucket runs dry, waits out a 429's ``retry_after`` and holds
every request on a global 429. So only its aiohttp session is replaced, by
:class:`SimSession`, whose responses come from the world: first the rate
limiter's decision, then the endpoint's answer.

The request body is not parsed back from aiohttp's wire format: a thin
wrapper around ``HTTPClient.request`` hands the route and body to the
session through a context variable (set per call, so concurrent requests
never see each other's).

Requests are answered by a :class:`LimitedServer`, the world's REST side
(``tools.sim.rest.RestServer``).
"""

from __future__ import annotations

import contextvars
import json
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import discord
from discord.http import HTTPClient, Route
from multidict import CIMultiDict, CIMultiDictProxy

from tools.sim.transport import parse_multipart


class LimitedServer(Protocol):
    """What answers the requests of a rate-limited world (``tools.sim.rest.RestServer``)."""

    async def serve_limited(
        self, route: Route, body: Any, uploads: list[tuple[str, bytes]], params: dict[str, Any] | None
    ) -> tuple[int, dict[str, str], Any]: ...

    def cdn(self, url: str) -> bytes: ...


_SESSION_ATTR = "_HTTPClient__session"
_current: contextvars.ContextVar[tuple[Route, Any, list[tuple[str, bytes]], Any] | None] = contextvars.ContextVar(
    "sim_request", default=None
)


class SimResponse:
    """What ``HTTPClient.request`` reads from an ``aiohttp.ClientResponse``."""

    def __init__(self, method: str, url: str, status: int, headers: dict[str, str], data: Any) -> None:
        self.method = method
        self.url = url
        self.status = status
        self.reason = _REASONS.get(status, "")
        merged = dict(headers)
        self._text = ""
        if data is not None:
            merged["Content-Type"] = "application/json"
            self._text = json.dumps(data)
        self.headers = CIMultiDictProxy(CIMultiDict(merged))

    async def text(self, encoding: str | None = None) -> str:
        return self._text

    async def __aenter__(self) -> SimResponse:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        return None


_REASONS = {
    200: "OK",
    204: "No Content",
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    429: "Too Many Requests",
    500: "Internal Server Error",
}


class SimSession:
    """Stands in for the aiohttp session of one client: every request is answered by the world's server."""

    closed = False

    def __init__(self, server: LimitedServer, token: str | None) -> None:
        self.server = server
        self.token = token

    def request(self, method: str, url: str, **kwargs: Any) -> _Pending:
        return _Pending(self, method, url, kwargs)

    async def close(self) -> None:
        self.closed = True


class _Pending:
    """``session.request(...)`` is used as ``async with``; the answer is made on entering."""

    def __init__(self, session: SimSession, method: str, url: str, kwargs: dict[str, Any]) -> None:
        self.session, self.method, self.url, self.kwargs = session, method, url, kwargs

    async def __aenter__(self) -> SimResponse:
        current = _current.get()
        if current is None:
            raise RuntimeError(f"{self.method} {self.url}: a request that did not come through HTTPClient.request")
        route, body, uploads, params = current
        status, headers, data = await self.session.server.serve_limited(route, body, uploads, params)
        return SimResponse(self.method, self.url, status, headers, data)

    async def __aexit__(self, *exc: Any) -> None:
        return None


def attach_limited(server: LimitedServer, client: discord.Client) -> None:
    """Serve ``client`` through its real ``HTTPClient.request`` and a :class:`SimSession`."""
    http = client.http

    async def request(
        route: Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: Iterable[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> Any:
        session = http.__dict__.get(_SESSION_ATTR)
        if not isinstance(session, SimSession):
            if session is not None and hasattr(session, "close"):
                await session.close()  # the real aiohttp session login() made: never used
            http.__dict__[_SESSION_ATTR] = SimSession(server, http.token)
        if form:
            body, uploads = parse_multipart(list(form), files)
            form = _rewindable(form)
        else:
            body, uploads = kwargs.get("json"), []
        token = _current.set((route, body, uploads, kwargs.get("params")))
        try:
            return await HTTPClient.request(http, route, files=files, form=form, **kwargs)
        finally:
            _current.reset(token)

    async def get_from_cdn(url: str) -> bytes:
        return server.cdn(url)

    request.__sim_server__ = server  # type: ignore[attr-defined]
    http.request = request  # type: ignore[method-assign]
    http.get_from_cdn = get_from_cdn  # type: ignore[method-assign]


def _rewindable(form: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The form again for discord.py to build (parse_multipart read the file parts)."""
    out = []
    for part in form:
        value = part.get("value")
        if hasattr(value, "seek"):
            try:
                value.seek(0)
            except (OSError, ValueError):
                pass
        out.append(part)
    return out
