"""What the world recorded, and the reads tests make of it.

Discord keeps every message; a test also wants every request the bot made
and every interaction a player sent, with what was answered to each. They
are kept here, in the order they happened, so that a test can look back:
``world.log.requests_of("dm")``, ``world.log.edits_of(message_id)``, and
what a player was left waiting on (``unfinished``). The REST endpoints and
the players' actions write it; nothing here talks to a bot.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Protocol

from discord.http import Route

from tools.sim.models import FakeChannel, FakeMessage, FakeUser, InteractionRecord, RecordedRequest


def now() -> float:
    """When something is recorded: the loop's clock (virtual on a virtual-time loop), else real time."""
    try:
        return asyncio.get_running_loop().time()
    except RuntimeError:
        return time.monotonic()


class Places(Protocol):
    """Where messages live (``tools.sim.directory.Directory``): channels by id, and users for their DMs."""

    channels: dict[int, FakeChannel]
    users: dict[int, FakeUser]


class Log:
    """Every request, interaction and message of one world, oldest first."""

    def __init__(self, places: Places) -> None:
        self._places = places
        #: Every request any attached bot made, in order.
        self.requests: list[RecordedRequest] = []
        #: Every interaction sent, oldest first.
        self.interactions: list[InteractionRecord] = []
        #: The interactions whose token still reaches Discord, by token.
        self.by_token: dict[str, InteractionRecord] = {}
        #: Every message by id, deleted ones included.
        self.messages: dict[int, FakeMessage] = {}
        #: Ephemeral messages by the user who sees them (they belong to no channel).
        self.ephemeral: dict[int, list[FakeMessage]] = {}
        #: Requests Discord accepts but silently does not honour (e.g. EPHEMERAL on a channel message).
        self.misuses: list[str] = []

    # -- writing ------------------------------------------------------------------------
    def new_request(
        self, route: Route, body: Any, uploads: list[tuple[str, bytes]], params: dict[str, Any] | None
    ) -> RecordedRequest:
        """Record a request as it arrives (its status and response are set once it is answered)."""
        path = route.url[len(Route.BASE) :]
        record = RecordedRequest(
            seq=len(self.requests),
            at=now(),
            method=route.method,
            path=path,
            route=route.path,
            json=body,
            params=params,
            files=[n for n, _ in uploads],
        )
        self.requests.append(record)
        return record

    def add_interaction(self, record: InteractionRecord) -> None:
        """An interaction was sent: its token now reaches Discord."""
        self.by_token[record.token] = record
        self.interactions.append(record)

    def store(self, msg: FakeMessage, channel: FakeChannel) -> None:
        """A new message: in its channel, or (ephemeral) shown to one user only."""
        self.messages[msg.id] = msg
        if msg.visible_to is not None:
            self.ephemeral.setdefault(msg.visible_to, []).append(msg)
        else:
            channel.messages[msg.id] = msg

    def delete(self, msg: FakeMessage) -> None:
        """The message is gone from its channel; a test holding it sees ``deleted``."""
        msg.deleted = True
        channel = self._places.channels.get(msg.channel_id)
        if channel is not None:
            channel.messages.pop(msg.id, None)

    # -- reading --------------------------------------------------------------------------
    def message(self, message_id: int) -> FakeMessage:
        return self.messages[message_id]

    def attachment(self, url: str) -> bytes | None:
        """The bytes behind an attachment's CDN URL, or None if no message of this world has it."""
        for msg in self.messages.values():
            for att in msg.attachments:
                if att["url"] == url or att["proxy_url"] == url:
                    return msg.files[att["filename"]]
        return None

    def channel_messages(self, channel_id: int) -> list[FakeMessage]:
        """Current public messages of a channel, oldest first (edits applied, deletes removed)."""
        return list(self._places.channels[channel_id].messages.values())

    def dm_messages(self, user_id: int) -> list[FakeMessage]:
        """Messages in the bot's DM channel with ``user_id`` (empty if none was opened)."""
        channel_id = self._places.users[user_id].dm_channel_id
        return [] if channel_id is None else self.channel_messages(channel_id)

    def ephemeral_messages(self, user_id: int) -> list[FakeMessage]:
        """Ephemeral messages shown to ``user_id``, oldest first (not deleted)."""
        return [m for m in self.ephemeral.get(user_id, []) if not m.deleted]

    def edits_of(self, message_id: int) -> list[RecordedRequest]:
        """Every edit of the message, in its channel or through an interaction token."""
        return [r for r in self.requests if r.method == "PATCH" and r.message_id == message_id]

    def requests_of(self, kind: str | None = None, *, method: str | None = None) -> list[RecordedRequest]:
        """The requests of one ``kind`` ("reply", "dm", "edit"...) and/or HTTP ``method``, oldest first."""
        return [r for r in self.requests if (kind is None or r.kind == kind) and (method is None or r.method == method)]

    def rate_limited(self) -> list[RecordedRequest]:
        """The requests refused with a 429, oldest first."""
        return [r for r in self.requests if r.status == 429]

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
            elif (
                inter.response_type == 5
                and inter.original is not None
                and inter.original.loading
                and not inter.original.deleted
            ):
                out.append(f"{inter!r}: deferred (type 5) and never followed up or edited")
        return out + list(self.misuses)
