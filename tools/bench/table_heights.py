"""How tall the public table stands on a phone, version by version, over a whole match.

Every request that posts or edits the table message (in the channel, through an
interaction's token, or as a click's message update) makes a version the channel
showed; its height is estimated at 400 px width with ``tools.sim.phone``. A
request carries only what it changes (an edit without ``embeds`` keeps them), so
each version is the last one with the request's fields laid over it. The table
may be posted anew during a match (its message id then changes), so every
message that was the table is followed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tools.sim import FakeDiscord, RecordedRequest
from tools.sim.phone import height_px

#: The parts of a message that take room on a phone (pictures aside, as the estimate leaves them out).
SHOWN = ("content", "embeds")


def _body(request: RecordedRequest) -> dict[str, Any] | None:
    """The message fields a request sets: a callback's ``data`` for a reply or an update, else its JSON."""
    body = request.json if isinstance(request.json, dict) else None
    if body is None:
        return None
    if request.route.startswith("/interactions/"):
        return (body.get("data") or {}) if body.get("type") in (4, 7) else None
    return body


def _target(request: RecordedRequest) -> int | None:
    """The message a request posted or edited (a delete shows nothing new)."""
    if request.method == "DELETE" or not request.ok:
        return None
    if request.message_id is not None:
        return request.message_id
    response = request.response
    if request.method == "POST" and isinstance(response, dict):
        if "resource" in response:  # a callback asked to return what it made
            response = (response.get("resource") or {}).get("message") or {}
        if "id" in response:
            return int(response["id"])
    return None


class TableHeights:
    """The estimated height of each version of one match's table message."""

    def __init__(self, world: FakeDiscord, channel_id: int, table_id: Callable[[], int | None]) -> None:
        self.world, self.channel_id = world, channel_id
        self._table_id = table_id
        self._ids: set[int] = set()
        #: What each table message shows now, as far as the requests so far say.
        self._shown: dict[int, dict[str, Any]] = {}
        self._mark = 0
        #: The height of every version, in the order they were shown.
        self.heights: list[int] = []

    def baseline(self) -> None:
        """Versions count from here; what the channel shows already is what later edits change."""
        self._mark = len(self.world.requests)
        for msg in self.world.channel_messages(self.channel_id):
            self._shown[msg.id] = {"content": msg.content, "embeds": list(msg.embeds)}

    def scan(self) -> None:
        """Measure every version the requests since the last scan gave a table message."""
        new = self.world.requests[self._mark :]
        self._mark = len(self.world.requests)
        current = self._table_id()
        if current is not None:
            self._ids.add(current)
        for request in new:
            target = _target(request)
            if target not in self._ids:
                continue
            body = _body(request)
            if body is None:
                continue
            shown = dict(self._shown.get(target) or {"content": "", "embeds": []})
            for key in SHOWN:
                if key in body:
                    shown[key] = body[key] or ("" if key == "content" else [])
            self._shown[target] = shown
            self.heights.append(height_px(shown))
