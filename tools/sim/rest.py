"""The REST side of the world: every request an attached bot makes is recorded here and answered.

``transport`` (and, under rate limits, ``session``) hand each request to a
:class:`RestServer`. It records it in the log first, so a test sees every
request, refused ones included; then checks the query and body against
Discord's published schema, finds the endpoint's handler (``api`` and
``api_app``) and answers with the JSON Discord would send, or the error it
would raise. A route the stand-in does not serve is reported to whoever
watches for swallowed failures (``settle``), because a bot may catch it.

Under rate limits, the limiter decides first: a refused request is recorded
with status 429 and not served.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

import discord
from discord.http import Route

from tools.sim import api, api_app, schema, session, transport, validate
from tools.sim.commands import CommandRegistry
from tools.sim.directory import Directory
from tools.sim.errors import APIError, UnknownRouteError
from tools.sim.log import Log
from tools.sim.models import RecordedRequest
from tools.sim.ratelimit import RateLimits

#: Every endpoint the stand-in serves: the channel side and the application's own.
ROUTES: api.Routes = {**api.ROUTES, **api_app.ROUTES}

#: A fault that is no answer at all: the request times out (discord.py raises the ``TimeoutError`` aiohttp would).
TIMEOUT = 0


@dataclass
class Fault:
    """Discord failing on its side for some requests to one route: an error status, or no answer (``TIMEOUT``).

    ``where``: only requests whose path parameters it accepts (e.g. one channel's). ``every``: 0 fails the
    next such request once; n fails every n-th one for the rest of the world's life.
    """

    answer: int
    where: Callable[[dict[str, str]], bool] | None = None
    every: int = 0
    seen: int = 0

    def hits(self, params: dict[str, str]) -> bool:
        """Whether this request meets the fault (counting it, for a recurring fault)."""
        if self.where is not None and not self.where(params):
            return False
        if not self.every:
            return True
        self.seen += 1
        return self.seen % self.every == 0


class RestServer:
    """Answers the requests of one world's bots from its directory, log and registered commands.

    It is the ``Backend`` each endpoint handler is given, and the ``Server`` the
    transport routes to.
    """

    def __init__(
        self,
        directory: Directory,
        log: Log,
        commands: CommandRegistry,
        *,
        rate_limits: RateLimits | None,
        response_deadline: float | None,
        report_unknown: Callable[[UnknownRouteError], None],
    ) -> None:
        self.directory = directory
        self.log = log
        self.commands = commands
        #: Discord's rate limits, enforced on the bot's HTTP client when set (None: unlimited).
        self.rate_limits = rate_limits
        #: Seconds a bot has for the initial response, as on Discord (None: unlimited).
        self.response_deadline = response_deadline
        self._report_unknown = report_unknown
        #: Faults to answer instead of serving, by (method, route template), oldest first (``fail_next``).
        self.faults: dict[tuple[str, str], list[Fault]] = {}

    def fail_next(
        self, method: str, route: str, *answers: int, where: Callable[[dict[str, str]], bool] | None = None
    ) -> None:
        """Answer the next requests to ``method route`` (discord.py's template, e.g.
        ``/interactions/{webhook_id}/{webhook_token}/callback``) with these error statuses (or ``TIMEOUT``),
        serving nothing. ``where``: only requests whose path parameters it accepts count."""
        self.faults.setdefault((method, route), []).extend(Fault(answer, where) for answer in answers)

    def fail_every(self, method: str, route: str, every: int, answer: int) -> None:
        """From now on, every ``every``-th request to ``method route`` fails with ``answer`` (a status, ``TIMEOUT``)."""
        self.faults.setdefault((method, route), []).append(Fault(answer, every=every))

    # -- plugging into discord.py ------------------------------------------------------
    def open(self) -> None:
        """Take interaction responses from discord.py's shared webhook adapter (idempotent)."""
        transport.install_webhook(self)

    def close(self) -> None:
        """Stop taking interaction responses; the last open world restores discord.py's adapter."""
        transport.uninstall_webhook(self)

    def attach(self, client: discord.Client) -> None:
        """Answer ``client``'s REST requests: through its real HTTP client when rate limits apply."""
        if self.rate_limits is not None:
            session.attach_limited(self, client)
        else:
            transport.attach_http(self, client)

    def detach(self, client: discord.Client) -> None:
        """Give ``client`` its own HTTP request method back (a closed world serves nobody)."""
        transport.detach_http(self, client)

    # -- answering ----------------------------------------------------------------------
    async def serve(
        self, route: Route, body: Any, uploads: list[tuple[str, bytes]], params: dict[str, Any] | None
    ) -> Any:
        """Answer one request like Discord would, and record it."""
        # A real request always suspends the caller; doing the same lets concurrent
        # handlers interleave as in production (and races such as a double reply show up).
        await asyncio.sleep(0)
        record, error = self._answer(route, body, uploads, params)
        if isinstance(error, TimeoutError):
            raise error
        if error is not None:
            raise error.to_discord(route.method, route.url) from None
        return record.response

    async def serve_limited(
        self, route: Route, body: Any, uploads: list[tuple[str, bytes]], params: dict[str, Any] | None
    ) -> tuple[int, dict[str, str], Any]:
        """Answer one request of a rate-limited world: (status, headers, JSON body) for ``SimSession``.

        A request the limiter refuses is recorded too (status 429), and is not served.
        """
        await asyncio.sleep(0)
        limits = self.rate_limits
        assert limits is not None
        decision = limits.check(route.method, route.path, str(route.major_parameters))
        if decision.refused is not None:
            record = self.log.new_request(route, body, uploads, params)
            record.kind = "rate_limited"
            record.status, record.response = 429, decision.refused
            return 429, decision.headers, decision.refused
        record, error = self._answer(route, body, uploads, params)
        if isinstance(error, TimeoutError):
            raise error
        if error is not None:
            return error.status, decision.headers, error.body()
        return record.status, decision.headers, record.response

    def cdn(self, url: str) -> bytes:
        """An attachment's bytes, downloaded from its CDN URL."""
        data = self.log.attachment(url)
        if data is None:
            failure = UnknownRouteError(f"GET {url}: not an attachment of this world")
            self._report_unknown(failure)
            raise failure
        return data

    def knows_token(self, token: str | None) -> bool:
        """Whether this world issued the interaction token (the webhook adapter is shared by all worlds)."""
        return token in self.log.by_token

    def _answer(
        self, route: Route, body: Any, uploads: list[tuple[str, bytes]], params: dict[str, Any] | None
    ) -> tuple[RecordedRequest, APIError | TimeoutError | None]:
        """Record and serve one request: the record (status and response set) and the error answered, if any
        (a ``TimeoutError``: no answer came)."""
        record = self.log.new_request(route, body, uploads, params)
        fault = self._fault_for(route, record.path)
        if fault is not None:  # a fault a test asked for: answered instead of serving, nothing done
            if fault.answer == TIMEOUT:
                record.status = TIMEOUT  # no status: no answer came
                return record, TimeoutError(f"{route.method} {record.path}: no answer")
            error = APIError(fault.answer, 0, HTTPStatus(fault.answer).phrase)
            record.status, record.response = fault.answer, error.body()
            return record, error
        handler = ROUTES.get((route.method, route.path))
        if handler is None:
            failure = UnknownRouteError(
                f"the simulated Discord does not serve {route.method} {route.path} ({record.path})"
            )
            self._report_unknown(failure)
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

    def _fault_for(self, route: Route, path: str) -> Fault | None:
        """The fault this request meets, if a test asked for one (a one-off fault is used up)."""
        faults = self.faults.get((route.method, route.path))
        if not faults:
            return None
        params = api.path_params(route.path, path)
        for fault in faults:
            if fault.hits(params):
                if not fault.every:
                    faults.remove(fault)
                return fault
        return None
