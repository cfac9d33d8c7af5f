"""Which kind of Discord request a recorded request is, as the benchmark counts them.

The stand-in labels requests by endpoint, so an edit of a hand DM and an
edit of the table message are both "edit". For the cost of a move the
difference matters (DMs are per player and rate limited separately), so the
benchmark classifies by what the request touches: the interaction itself
(reply), the interaction's webhook (followup), a DM channel (dm), or a
server channel (edit, message, delete).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tools.sim import FakeDiscord, RecordedRequest

#: Every kind, in the order the report lists them.
KINDS = ("reply", "followup", "edit", "message", "delete", "dm", "other")


def kind_of(world: FakeDiscord, request: RecordedRequest) -> str:
    route = request.route
    if route.startswith("/interactions/"):
        return "reply"
    if route.startswith("/webhooks/"):
        return "followup"
    if route == "/users/@me/channels":
        return "dm"
    if route.startswith("/channels/{channel_id}"):
        channel_id = int(request.path.split("/")[2])
        channel = world.directory.channels.get(channel_id)
        if channel is not None and channel.is_dm:
            return "dm"
        if request.method == "PATCH":
            return "edit"
        if request.method == "POST" and route == "/channels/{channel_id}/messages":
            return "message"
        if request.method == "DELETE":
            return "delete"
    return "other"
