"""Discord's rate limits as the stand-in enforces them, when a world is given ``rate_limits=``.

What is modelled (Discord's documented defaults; see the project's notes on Discord's limits):

* **Global**: 50 requests per second per bot token, over every request that
  goes through the bot's HTTP client. Interaction endpoints (the callback, and
  the interaction webhook's followups and edits) are exempt; they do not pass
  through here at all.
* **Per route**, counted per top-level resource (the channel of a message
  route): posting 5 per 5 s, editing 5 per 5 s, deleting 5 per 1 s, reactions
  1 per 0.25 s; DM channels are channels, so a DM channel has its own buckets.
  Other routes get a generous default so login and command sync never trip.
* **An interaction's webhook** (its followups, and edits and deletes of its
  messages) is exempt from the global limit but has a bucket of its own per
  token, 5 requests per 5 s here (Discord documents that per-route limits
  still apply without giving the figure; this is the channels' message rate).
  discord.py waits on that bucket by itself before a 429 (its webhook adapter
  reads ``X-RateLimit-Remaining``), so the stand-in, which replaces that
  adapter's request method, waits the same way (:meth:`RateLimits.webhook_wait`).
* A refused request is a **429** whose JSON body carries ``message``,
  ``retry_after`` (seconds, float) and ``global``, with the headers Discord
  sends (``X-RateLimit-Limit``, ``-Remaining``, ``-Reset``, ``-Reset-After``,
  ``-Bucket``, ``-Scope``, ``Retry-After``, ``X-RateLimit-Global`` for the
  global limit, and ``Via``, without which discord.py takes a 429 for a
  Cloudflare ban). Accepted requests carry the same ``X-RateLimit-*`` headers,
  so discord.py's own buckets learn the limits and wait before a 429.
* **Invalid requests** (401, 403, and 429 other than ``shared`` scope) are
  counted, as Discord counts them towards its 10,000 per 10 minutes ban.

Windows are fixed (a bucket refills all at once at its reset), as Discord's are.
The clock is injectable; by default it is the running loop's ``time()``, which
on :class:`~tools.sim.virtual_time.VirtualTimeLoop` is virtual.
"""

from __future__ import annotations

import asyncio
import hashlib
import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

#: Unix time at loop time 0, for the absolute ``X-RateLimit-Reset`` header.
EPOCH = 1_800_000_000.0


@dataclass(frozen=True)
class RouteLimit:
    """``limit`` requests per ``per`` seconds, per value of the route's top-level resource."""

    name: str
    limit: int
    per: float

    @property
    def bucket_hash(self) -> str:
        """An opaque id like Discord's ``X-RateLimit-Bucket`` (stable per kind of route)."""
        return hashlib.sha1(self.name.encode()).hexdigest()[:32]


POST = RouteLimit("message-create", 5, 5.0)
EDIT = RouteLimit("message-edit", 5, 5.0)
DELETE = RouteLimit("message-delete", 5, 1.0)
REACTION = RouteLimit("reaction", 1, 0.25)
DEFAULT = RouteLimit("default", 50, 1.0)
WEBHOOK = RouteLimit("interaction-webhook", 5, 5.0)

#: discord.py's route templates (method, ``Route.path``) and their per-route limit.
ROUTE_LIMITS: dict[tuple[str, str], RouteLimit] = {
    ("POST", "/channels/{channel_id}/messages"): POST,
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): EDIT,
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"): DELETE,
    ("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"): REACTION,
    ("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"): REACTION,
}

#: Statuses Discord counts as invalid requests.
INVALID = (401, 403, 429)


@dataclass
class _Window:
    limit: int
    per: float
    remaining: int = 0
    reset_at: float = -math.inf

    def roll(self, now: float) -> None:
        if now >= self.reset_at - 1e-9:  # a request made at the reset instant (clock rounding) is in the new window
            self.remaining = self.limit
            self.reset_at = now + self.per


@dataclass
class Decision:
    """What the stand-in answers before serving: the headers, and a 429 body if refused."""

    headers: dict[str, str]
    refused: dict[str, object] | None = None

    @property
    def status(self) -> int:
        return 429 if self.refused is not None else 200


@dataclass
class RateLimits:
    """The limits one bot token is held to, and what it ran into."""

    global_per_second: int = 50
    routes: dict[tuple[str, str], RouteLimit] = field(default_factory=lambda: dict(ROUTE_LIMITS))
    default: RouteLimit = DEFAULT
    #: Seconds, monotonic; None reads the running loop's clock.
    clock: Callable[[], float] | None = None
    #: False: every request is accepted without rate-limit headers (a benchmark's set-up phase).
    enabled: bool = True
    #: 429s answered, by scope ("user" for a route bucket, "global").
    refused: Counter[str] = field(default_factory=Counter)
    #: Invalid requests by status (401, 403, 429), as Discord counts them.
    invalid: Counter[int] = field(default_factory=Counter)
    #: Requests accepted past the limiter (served, whatever their status).
    accepted: int = 0
    #: The per-token bucket of interaction webhooks, and how often (and how long) a request waited for it.
    webhook: RouteLimit = WEBHOOK
    webhook_waits: int = 0
    webhook_wait_seconds: float = 0.0
    _webhook_buckets: dict[str, _Window] = field(default_factory=dict)
    _buckets: dict[tuple[str, str], _Window] = field(default_factory=dict)
    _global: _Window | None = None

    def now(self) -> float:
        return self.clock() if self.clock is not None else asyncio.get_running_loop().time()

    def limit_of(self, method: str, template: str) -> RouteLimit:
        return self.routes.get((method, template), self.default)

    def check(self, method: str, template: str, major: str) -> Decision:
        """Take a token for one request, or refuse it with Discord's 429 (which takes none)."""
        if not self.enabled:
            return Decision({})
        now = self.now()
        limit = self.limit_of(method, template)
        bucket = self._buckets.get((limit.name, major))
        if bucket is None:
            bucket = self._buckets[(limit.name, major)] = _Window(limit.limit, limit.per)
        bucket.roll(now)
        if self._global is None:
            self._global = _Window(self.global_per_second, 1.0)
        glob = self._global
        glob.roll(now)
        if bucket.remaining <= 0:
            return self._refuse(bucket, limit, now, scope="user")
        if glob.remaining <= 0:
            return self._refuse(glob, limit, now, scope="global", route_bucket=bucket)
        bucket.remaining -= 1
        glob.remaining -= 1
        self.accepted += 1
        return Decision(self._headers(bucket, limit, now))

    def webhook_wait(self, token: str) -> float:
        """Take a slot of ``token``'s webhook bucket: 0, or the seconds to wait for its reset first.

        The caller sleeps that long and asks again, as discord.py does after a response
        that said the bucket had nothing left. Buckets of tokens past their 15 minutes are dropped.
        """
        if not self.enabled:
            return 0.0
        now = self.now()
        bucket = self._webhook_buckets.get(token)
        if bucket is None:
            if len(self._webhook_buckets) > 10_000:
                self._webhook_buckets = {k: b for k, b in self._webhook_buckets.items() if b.reset_at > now}
            bucket = self._webhook_buckets[token] = _Window(self.webhook.limit, self.webhook.per)
        bucket.roll(now)
        if bucket.remaining <= 0:
            wait = max(0.001, bucket.reset_at - now)
            self.webhook_waits += 1
            self.webhook_wait_seconds += wait
            return wait
        bucket.remaining -= 1
        return 0.0

    def record_status(self, status: int) -> None:
        """Count a served request's status if Discord counts it as invalid (401 and 403)."""
        if status in INVALID:
            self.invalid[status] += 1

    def _headers(self, bucket: _Window, limit: RouteLimit, now: float) -> dict[str, str]:
        reset_after = max(0.0, bucket.reset_at - now)
        return {
            "X-RateLimit-Limit": str(bucket.limit),
            "X-RateLimit-Remaining": str(max(0, bucket.remaining)),
            "X-RateLimit-Reset": f"{EPOCH + bucket.reset_at:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": limit.bucket_hash,
        }

    def _refuse(
        self, window: _Window, limit: RouteLimit, now: float, *, scope: str, route_bucket: _Window | None = None
    ) -> Decision:
        retry_after = max(0.001, window.reset_at - now)
        headers = self._headers(route_bucket or window, limit, now)
        headers.update(
            {
                "X-RateLimit-Scope": scope,
                "Retry-After": str(math.ceil(retry_after)),
                "Via": "1.1 google",
            }
        )
        if scope == "global":
            headers["X-RateLimit-Global"] = "true"
        self.refused[scope] += 1
        if scope != "shared":
            self.invalid[429] += 1
        body = {
            "message": "You are being rate limited.",
            "retry_after": round(retry_after, 3),
            "global": scope == "global",
            "code": 0,
        }
        return Decision(headers, body)
