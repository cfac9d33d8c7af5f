"""The simulated world's state: users, guilds, channels, messages, requests.

These are plain records: the directory (``tools.sim.directory``) holds the
users, guilds and channels, the log (``tools.sim.log``) the messages,
requests and interactions. Messages are stored once and mutated in place by
edits, so a ``FakeMessage`` a test holds always shows what a player would
see now. JSON for discord.py is built from them on demand (see ``to_json``)
rather than stored, so there is one source of truth and no copy to keep in
sync.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from tools.sim import components as comp

EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_EMBEDS = 1 << 2
COMPONENTS_V2 = 1 << 15
SUPPRESS_NOTIFICATIONS = 1 << 12
VOICE_MESSAGE = 1 << 13
#: Flags a new channel message may set (developer docs, Create Message); Discord ignores the rest.
CREATE_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | VOICE_MESSAGE | COMPONENTS_V2
#: An interaction reply or followup may also be ephemeral.
INTERACTION_CREATE_FLAGS = CREATE_FLAGS | EPHEMERAL
#: Flags an edit may change (Edit Message: only SUPPRESS_EMBEDS, and IS_COMPONENTS_V2 may be added).
EDIT_FLAGS = SUPPRESS_EMBEDS | COMPONENTS_V2

# Channel types the stand-in models.
GUILD_TEXT = 0
DM = 1
GUILD_CATEGORY = 4


def iso(moment: dt.datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def copy_json(value: Any) -> Any:
    """Copy nested JSON made of dicts and lists.

    Used only for embeds: discord.py's ``Embed`` keeps references to the
    dicts it is built from and to the lists it serialises, so sharing them
    would let a bot mutating an ``Embed`` object rewrite history.
    """
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value


@dataclass(eq=False)
class FakeUser:
    """A Discord account. ``dms_open`` False makes DMs fail with 403/50007."""

    id: int
    name: str
    global_name: str | None = None
    bot: bool = False
    locale: str = "en-US"
    dms_open: bool = True
    dm_channel_id: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
            "collectibles": None,
            "primary_guild": None,
        }

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(eq=False)
class FakeRole:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass(eq=False)
class FakeMember:
    """A user's membership of one guild."""

    user: FakeUser
    guild_id: int
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC))

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def mention(self) -> str:
        return f"<@{self.user.id}>"

    def to_json(self, *, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "roles": [str(r) for r in self.role_ids],
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
            "unusual_dm_activity_until": None,
        }
        if with_user:
            data["user"] = self.user.to_json()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel (or category), or a DM channel with one recipient."""

    id: int
    type: int
    name: str | None
    guild_id: int | None = None
    recipient_id: int | None = None
    position: int = 0
    topic: str | None = None
    parent_id: int | None = None
    #: Public messages, oldest first (ephemeral messages never live in a channel).
    messages: dict[int, FakeMessage] = field(default_factory=dict)

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def last_message_id(self) -> int | None:
        return next(reversed(self.messages), None) if self.messages else None

    def to_json(self, *, recipient: FakeUser | None = None, permissions: int | None = None) -> dict[str, Any]:
        last = self.last_message_id
        if self.type == DM:
            data: dict[str, Any] = {
                "id": str(self.id),
                "type": DM,
                "last_message_id": None if last is None else str(last),
                "recipients": [recipient.to_json()] if recipient is not None else [],
                "flags": 0,
            }
        else:
            data = {
                "id": str(self.id),
                "type": self.type,
                "guild_id": str(self.guild_id),
                "name": self.name,
                "position": self.position,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None if self.parent_id is None else str(self.parent_id),
                "topic": self.topic,
                "rate_limit_per_user": 0,
                "last_message_id": None if last is None else str(last),
                "flags": 0,
            }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner_id: int
    locale: str = "en-US"
    roles: dict[int, FakeRole] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    channels: dict[int, FakeChannel] = field(default_factory=dict)
    created_at: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC))

    def to_json(self, *, gateway: bool, available: bool = False) -> dict[str, Any]:
        """The guild object: as REST returns it, or (``gateway``) as GUILD_CREATE carries it, members and all.

        ``available`` marks the GUILD_CREATE that follows a connection (``unavailable: false``).
        """
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "region": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.locale,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "features": [],
            "roles": [r.to_json() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "max_members": 500000,
            "premium_progress_bar_enabled": False,
        }
        if gateway:
            members = list(self.members.values())
            data.update(
                joined_at=self.created_at.isoformat(),
                large=False,
                member_count=len(members),
                members=[m.to_json() for m in members],
                channels=[c.to_json() for c in self.channels.values()],
                threads=[],
                voice_states=[],
                presences=[],
                stage_instances=[],
                guild_scheduled_events=[],
                soundboard_sounds=[],
            )
            if available:
                data["unavailable"] = False
        return data


@dataclass(eq=False)
class FakeMessage:
    """One message as the API stores it; edits change it in place.

    ``visible_to`` is set for ephemeral messages: only that user sees (and may
    click) them, and they are not part of any channel's history.
    """

    id: int
    channel_id: int
    author: dict[str, Any]
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    guild_id: int | None = None
    attachments: list[dict[str, Any]] = field(default_factory=list)
    #: Uploaded file bytes by filename (what a player could download).
    files: dict[str, bytes] = field(default_factory=dict)
    mentions: list[dict[str, Any]] = field(default_factory=list)
    created_at: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC))
    edited_at: dt.datetime | None = None
    #: How many times the message was edited (PATCH or type-7 update).
    edits: int = 0
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    #: Id of the interaction whose response or followup created this message.
    interaction_id: int | None = None
    visible_to: int | None = None
    deleted: bool = False
    pinned: bool = False
    tts: bool = False
    nonce: str | int | None = None
    message_reference: dict[str, Any] | None = None
    reactions: dict[str, set[int]] = field(default_factory=dict)

    # -- what a player sees -------------------------------------------------
    @property
    def author_id(self) -> int:
        return int(self.author["id"])

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred "thinking..." placeholder."""
        return bool(self.flags & LOADING)

    @property
    def text(self) -> str:
        """Content, then every embed's author/title/description/fields/footer, then V2 text displays."""
        parts = [self.content] if self.content else []
        for embed in self.embeds:
            parts.extend(comp.embed_text(embed))
        parts.extend(comp.text_displays(self.components))
        return "\n".join(parts)

    def custom_ids(self) -> list[str]:
        return comp.custom_ids(self.components)

    def buttons(self) -> list[comp.ButtonInfo]:
        return comp.buttons(self.components)

    def selects(self) -> list[comp.SelectInfo]:
        return comp.selects(self.components)

    def button(self, label: str) -> comp.ButtonInfo:
        """The button with this label (AssertionError if absent or ambiguous)."""
        found = [b for b in self.buttons() if b.label == label]
        assert len(found) == 1, f"expected one button labelled {label!r}, found {[b.label for b in self.buttons()]}"
        return found[0]

    def select(self, custom_id: str | None = None) -> comp.SelectInfo:
        """The select with this custom_id, or the only select when None."""
        found = [s for s in self.selects() if custom_id is None or s.custom_id == custom_id]
        assert len(found) == 1, f"expected one select {custom_id or ''}, found {[s.custom_id for s in self.selects()]}"
        return found[0]

    # -- wire format ----------------------------------------------------------
    def to_json(self, me: int | None = None) -> dict[str, Any]:
        """The REST message object; ``me`` is the viewing bot's user id (for reactions).

        Embeds are copied because discord.py aliases them.
        """
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author,
            "content": self.content,
            "timestamp": iso(self.created_at),
            "edited_timestamp": iso(self.edited_at),
            "tts": self.tts,
            "mention_everyone": False,
            "mentions": self.mentions,
            "mention_roles": [],
            "attachments": self.attachments,
            "embeds": copy_json(self.embeds),
            "pinned": self.pinned,
            "type": self.type,
            "flags": self.flags,
            "components": self.components,
        }
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        if self.message_reference is not None:
            data["message_reference"] = self.message_reference
        if self.nonce is not None:
            data["nonce"] = self.nonce
        if self.reactions:
            data["reactions"] = [
                {
                    "emoji": _reaction_emoji(key),
                    "count": len(users),
                    "count_details": {"burst": 0, "normal": len(users)},
                    "me": me in users,
                    "me_burst": False,
                    "burst_colors": [],
                }
                for key, users in self.reactions.items()
                if users
            ]
        return data

    def __repr__(self) -> str:
        flags = " ephemeral" if self.ephemeral else ""
        return f"<FakeMessage id={self.id} channel={self.channel_id}{flags} text={self.text[:40]!r}>"


def _reaction_emoji(key: str) -> dict[str, Any]:
    if ":" in key:
        name, _, emoji_id = key.partition(":")
        return {"id": emoji_id, "name": name}
    return {"id": None, "name": key}


@dataclass(eq=False)
class RecordedRequest:
    """One request the bot made, in the order it was made."""

    seq: int
    at: float
    method: str
    #: Concrete path, e.g. ``/channels/42/messages``.
    path: str
    #: discord.py's route template, e.g. ``/channels/{channel_id}/messages``.
    route: str
    json: Any
    params: dict[str, Any] | None
    #: "reply", "followup", "edit", "dm", "message" or "other".
    kind: str = "other"
    status: int = 0
    response: Any = None
    files: list[str] = field(default_factory=list)
    interaction_id: int | None = None
    #: The message an edit or a delete changed, whatever its route: in its channel, or through an
    #: interaction token by id or as ``@original``.
    message_id: int | None = None

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    def __repr__(self) -> str:
        return f"<RecordedRequest #{self.seq} {self.method} {self.path} {self.kind} -> {self.status}>"


@dataclass(eq=False)
class InteractionRecord:
    """One interaction a test sent and everything the bot answered to it."""

    id: int
    token: str
    #: Interaction type: 2 slash command, 3 component, 5 modal submit.
    type: int
    user_id: int
    channel_id: int
    guild_id: int | None
    #: Command path ("drump new") or the component / modal custom_id.
    name: str
    payload: dict[str, Any]
    #: For components (and modals opened from one): the message the player used.
    source: FakeMessage | None = None
    #: 4 message, 5 deferred, 6 deferred update, 7 update message, 9 modal; None if unanswered.
    response_type: int | None = None
    response_ephemeral: bool = False
    #: The @original message: the reply (4/5) or the component's message (6/7).
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    #: The modal the bot opened (type 9 response data).
    modal: dict[str, Any] | None = None
    requests: list[RecordedRequest] = field(default_factory=list)
    #: The loop's clock (``tools.sim.log.now()``) when the interaction was delivered (Discord allows 3 s to respond).
    created_at: float = 0.0
    #: Set by a test that means the bot to leave this interaction unanswered (exempt from ``check_finished``).
    expect_unanswered: bool = False

    @property
    def responded(self) -> bool:
        return self.response_type is not None

    @property
    def failed(self) -> bool:
        """What Discord shows as "This interaction failed": no response at all."""
        return self.response_type is None

    @property
    def deferred(self) -> bool:
        return self.response_type in (5, 6)

    @property
    def ephemeral(self) -> bool:
        return self.response_ephemeral

    @property
    def message(self) -> FakeMessage | None:
        """The reply (4/5) or the updated component message (6/7)."""
        return self.original

    @property
    def messages(self) -> list[FakeMessage]:
        """Original response message (if any) then followups, excluding deleted ones."""
        out: list[FakeMessage] = []
        if self.original is not None and not self.original.deleted:
            out.append(self.original)
        for m in self.followups:
            if not m.deleted and m is not self.original:
                out.append(m)
        return out

    @property
    def text(self) -> str:
        return "\n".join(m.text for m in self.messages if m.text)

    def __repr__(self) -> str:
        return (
            f"<InteractionRecord {self.name!r} type={self.type} response={self.response_type}"
            f" ephemeral={self.ephemeral}>"
        )
