"""The stand-in refuses what Discord refuses: requests checked against Discord's own OpenAPI spec.

Each known-bad request is answered as Discord answers it (400, JSON code 50035, an ``errors``
tree naming the field), never with a KeyError or ValueError from inside the stand-in; each
known-good neighbour still passes. Requests go straight to ``world.rest.serve`` with
discord.py ``Route`` objects, so no bot is needed; interactions are registered by hand.
"""

from __future__ import annotations

import time
from typing import Any

import discord
import pytest
from discord.http import Route

from tools.sim import FakeDiscord, InteractionRecord, UnfinishedError

APP = 1_300_000_000_000_000_001
GUILD = 1_300_000_000_000_000_100
CHANNEL = 1_300_000_000_000_000_200
AISYAH = 1_300_000_000_000_000_401

SEND = "/channels/{channel_id}/messages"
EDIT = "/channels/{channel_id}/messages/{message_id}"
CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
FOLLOWUP = "/webhooks/{webhook_id}/{webhook_token}"
EDIT_ORIGINAL = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"


@pytest.fixture
async def world():
    async with FakeDiscord(app_id=APP, bot_name="Meja") as w:
        w.add_guild(GUILD, name="Kedai Kopi")
        w.add_channel(GUILD, CHANNEL, name="games")
        w.add_member(GUILD, AISYAH, "Aisyah")
        yield w


def pending(world: FakeDiscord, itype: int = 2) -> InteractionRecord:
    """An interaction delivered to nobody, so the test answers it itself."""
    iid = world.directory.snowflake()
    record = InteractionRecord(
        id=iid,
        token=f"token-{iid}",
        type=itype,
        user_id=AISYAH,
        channel_id=CHANNEL,
        guild_id=GUILD,
        name="probe",
        payload={},
        created_at=time.monotonic(),
    )
    world.log.add_interaction(record)
    return record


async def call(
    world: FakeDiscord, method: str, template: str, body: Any = None, params: dict[str, Any] | None = None, **path: Any
) -> Any:
    return await world.rest.serve(Route(method, template, **path), body, [], params)


async def send(world: FakeDiscord, body: Any, params: dict[str, Any] | None = None) -> Any:
    return await call(world, "POST", SEND, body, params, channel_id=CHANNEL)


async def refused(world: FakeDiscord, coro: Any, path: str, code: str | None = None, *, json_code: int = 50035) -> None:
    """``coro`` fails as Discord would: 400, ``json_code``, and an error at ``path`` in the errors tree."""
    with pytest.raises(discord.HTTPException) as caught:
        await coro
    exc = caught.value
    assert (exc.status, exc.code) == (400, json_code), exc
    node = world.requests[-1].response["errors"]
    for key in path.split("."):
        assert key in node, (path, world.requests[-1].response)
        node = node[key]
    if code is not None:
        assert node["_errors"][0]["code"] == code, node


def row(*children: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"type": 1, "components": list(children)}]


BAD_BUTTONS = [
    pytest.param(
        {"type": 2, "style": 5, "label": "Rules", "url": "https://example.com", "custom_id": "x"},
        "custom_id",
        id="link-with-custom-id",
    ),
    pytest.param({"type": 2, "style": 5, "label": "Rules", "url": "not a url"}, "url", id="link-bad-url"),
    pytest.param({"type": 2, "style": 5, "label": "Rules", "url": "ftp://example.com/x"}, "url", id="link-ftp-url"),
    pytest.param({"type": 2, "style": 5, "label": "Rules"}, "url", id="link-without-url"),
    pytest.param({"type": 2, "style": 9, "label": "?", "custom_id": "x"}, "style", id="unknown-style"),
    pytest.param({"type": 2, "label": "?", "custom_id": "x"}, "style", id="no-style"),
    pytest.param({"type": 2, "style": 1, "label": "Play"}, "custom_id", id="primary-without-custom-id"),
    pytest.param(
        {"type": 2, "style": 1, "label": "Play", "custom_id": "x", "url": "https://example.com"},
        "url",
        id="primary-with-url",
    ),
    pytest.param({"type": 2, "style": 6, "custom_id": "x"}, "sku_id", id="premium-without-sku"),
    pytest.param({"type": 2, "style": 1, "label": 7, "custom_id": "x"}, "label", id="label-not-string"),
    pytest.param(
        {"type": 2, "style": 1, "label": "Play", "custom_id": "x", "disabled": "no"}, "disabled", id="disabled-not-bool"
    ),
]


@pytest.mark.parametrize("button, field", BAD_BUTTONS)
async def test_bad_buttons_are_refused(world: FakeDiscord, button: dict[str, Any], field: str) -> None:
    await refused(world, send(world, {"content": "x", "components": row(button)}), f"components.0.components.0.{field}")
    assert world.channel_messages(CHANNEL) == []


GOOD_BUTTONS = [
    {"type": 2, "style": 5, "label": "Rules", "url": "https://example.com/rules"},
    {"type": 2, "style": 1, "label": "Play", "custom_id": "play"},
    {"type": 2, "style": 4, "label": "Quit", "custom_id": "quit", "disabled": True, "emoji": {"name": "🛑"}},
]


@pytest.mark.parametrize("button", GOOD_BUTTONS)
async def test_good_buttons_pass(world: FakeDiscord, button: dict[str, Any]) -> None:
    await send(world, {"content": "x", "components": row(button)})
    assert len(world.channel_messages(CHANNEL)) == 1


@pytest.mark.parametrize("stamp", ["yesterday", "2026-13-01T00:00:00Z", "1700000000", 1700000000])
async def test_bad_embed_timestamp(world: FakeDiscord, stamp: Any) -> None:
    await refused(world, send(world, {"embeds": [{"title": "t", "timestamp": stamp}]}), "embeds.0.timestamp")


async def test_good_embed_timestamp(world: FakeDiscord) -> None:
    await send(world, {"embeds": [{"title": "t", "timestamp": "2026-12-01T11:26:10.123456+00:00", "color": 0xFF00}]})
    await send(world, {"embeds": [{"title": "t", "timestamp": "2026-12-01T11:26:10Z"}]})


WRONG_TYPES = [
    pytest.param({"content": 5}, "content", "BASE_TYPE_STRING", id="content-int"),
    pytest.param({"content": "x", "tts": "yes"}, "tts", "BASE_TYPE_BOOLEAN", id="tts-string"),
    pytest.param({"content": "x", "flags": "4"}, "flags", "NUMBER_TYPE_COERCE", id="flags-string"),
    pytest.param({"embeds": {"title": "t"}}, "embeds", "LIST_TYPE_CONVERT", id="embeds-dict"),
    pytest.param({"embeds": [{"title": "t", "color": "red"}]}, "embeds.0.color", None, id="color-string"),
    pytest.param({"embeds": [{"title": "t", "color": 0x1000000}]}, "embeds.0.color", "NUMBER_TYPE_MAX", id="color-big"),
    pytest.param(
        {"embeds": [{"title": "t", "url": "nowhere"}]}, "embeds.0.url", "URL_TYPE_INVALID_URL", id="embed-url"
    ),
    pytest.param(
        {"embeds": [{"fields": [{"name": "a", "value": 1}]}]}, "embeds.0.fields.0.value", None, id="field-int"
    ),
    pytest.param(
        {"content": "x", "components": row({"type": 3, "custom_id": "s", "options": "a,b"})},
        "components.0.components.0.options",
        "LIST_TYPE_CONVERT",
        id="options-string",
    ),
    pytest.param(
        {"content": "x", "components": [{"type": 99, "components": []}]},
        "components.0.type",
        "UNION_TYPE_CHOICES",
        id="unknown-component-type",
    ),
    pytest.param(
        {"content": "x", "message_reference": {"message_id": "abc"}},
        "message_reference.message_id",
        "STRING_TYPE_REGEX",
        id="reference-not-snowflake",
    ),
    pytest.param({"content": "x", "nonce": {"a": 1}}, "nonce", None, id="nonce-dict"),
    pytest.param(
        {"content": "x", "allowed_mentions": {"parse": ["everyone", "friends"]}},
        "allowed_mentions.parse.1",
        "BASE_TYPE_CHOICES",
        id="parse-unknown",
    ),
    pytest.param(
        {"content": "x", "allowed_mentions": {"users": [1, 1]}},
        "allowed_mentions.users",
        "SET_TYPE_ALREADY_CONTAINS_VALUE",
        id="users-duplicate",
    ),
]


@pytest.mark.parametrize("body, path, code", WRONG_TYPES)
async def test_wrong_types_are_refused(world: FakeDiscord, body: dict[str, Any], path: str, code: str | None) -> None:
    await refused(world, send(world, body), path, code)


async def test_snowflakes_as_integers_are_tolerated(world: FakeDiscord) -> None:
    """discord.py sends a few ids as JSON integers; Discord accepts both (spec notes)."""
    await call(world, "POST", "/users/@me/channels", {"recipient_id": AISYAH})
    first = await send(world, {"content": "x"})
    await send(
        world,
        {
            "content": "reply",
            "message_reference": {"message_id": int(first["id"])},
            "allowed_mentions": {"users": [AISYAH], "replied_user": False},
        },
    )


@pytest.mark.parametrize(
    "mentions, ok",
    [
        ({"parse": ["users"], "users": [str(AISYAH)]}, False),
        ({"parse": ["roles"], "roles": ["1"]}, False),
        ({"parse": ["users"]}, True),
        ({"parse": [], "users": [str(AISYAH)]}, True),
        ({"parse": ["everyone", "roles"], "users": [str(AISYAH)]}, True),
    ],
)
async def test_allowed_mentions_parse_is_exclusive(world: FakeDiscord, mentions: dict[str, Any], ok: bool) -> None:
    body = {"content": f"<@{AISYAH}>", "allowed_mentions": mentions}
    if ok:
        await send(world, body)
        return
    await refused(world, send(world, body), "allowed_mentions", "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE")
    # The same rule on an edit, and inside an interaction response's data.
    msg = await send(world, {"content": "x"})
    await refused(world, call(world, "PATCH", EDIT, body, channel_id=CHANNEL, message_id=msg["id"]), "allowed_mentions")
    inter = pending(world)
    await refused(
        world,
        call(world, "POST", CALLBACK, {"type": 4, "data": body}, webhook_id=inter.id, webhook_token=inter.token),
        "data.allowed_mentions",
    )
    inter.expect_unanswered = True


@pytest.mark.parametrize(
    "params, name",
    [
        ({"lmit": "5"}, "lmit"),
        ({"limit": "abc"}, "limit"),
        ({"limit": "500"}, "limit"),
        ({"limit": "0"}, "limit"),
        ({"before": "-3"}, "before"),
    ],
)
async def test_bad_query_parameters(world: FakeDiscord, params: dict[str, Any], name: str) -> None:
    await refused(world, call(world, "GET", SEND, None, params, channel_id=CHANNEL), name)


async def test_unknown_query_parameter_on_a_message_create(world: FakeDiscord) -> None:
    await refused(world, send(world, {"content": "x"}, {"wait": "true"}), "wait", "UNKNOWN_QUERY_PARAMETER")


async def test_good_query_parameters(world: FakeDiscord) -> None:
    first = await send(world, {"content": "a"})
    await send(world, {"content": "b"})
    assert len(await call(world, "GET", SEND, None, {"limit": 1, "before": first["id"]}, channel_id=CHANNEL)) == 0
    assert len(await call(world, "GET", SEND, None, {"limit": "100", "after": first["id"]}, channel_id=CHANNEL)) == 1
    inter = pending(world)
    result = await call(
        world,
        "POST",
        CALLBACK,
        {"type": 4, "data": {"content": "hi"}},
        {"with_response": "true"},
        webhook_id=inter.id,
        webhook_token=inter.token,
    )
    assert result["resource"]["message"]["content"] == "hi"
    await call(
        world, "POST", FOLLOWUP, {"content": "more"}, {"wait": "true"}, webhook_id=APP, webhook_token=inter.token
    )
    world.check_finished()


async def test_bad_callback_bodies(world: FakeDiscord) -> None:
    inter = pending(world)
    hook = {"webhook_id": inter.id, "webhook_token": inter.token}
    await refused(world, call(world, "POST", CALLBACK, {"type": "4", "data": {"content": "x"}}, **hook), "type")
    await refused(
        world, call(world, "POST", CALLBACK, {"type": 4, "data": {"content": "x", "flags": "64"}}, **hook), "data.flags"
    )
    await refused(
        world,
        call(world, "POST", CALLBACK, {"type": 4, "data": {"embeds": [{"timestamp": "now"}]}}, **hook),
        "data.embeds.0.timestamp",
    )
    await refused(
        world,
        call(
            world,
            "POST",
            CALLBACK,
            {
                "type": 9,
                "data": {
                    "title": 5,
                    "custom_id": "m",
                    "components": [
                        {"type": 1, "components": [{"type": 4, "custom_id": "n", "style": 1, "label": "Name"}]}
                    ],
                },
            },
            **hook,
        ),
        "data.title",
    )
    assert inter.failed and world.log.unfinished()
    await call(world, "POST", CALLBACK, {"type": 4, "data": {"content": "fine", "flags": 64}}, **hook)
    assert inter.ephemeral
    world.check_finished()


async def test_ephemeral_on_a_channel_message_is_ignored_and_reported(world: FakeDiscord) -> None:
    """Discord posts such a message for everyone (only interaction responses can be ephemeral)."""
    msg = await send(world, {"content": "secret hand", "flags": 64})
    assert not msg["flags"] & 64 and not world.message(int(msg["id"])).ephemeral
    with pytest.raises(UnfinishedError, match="EPHEMERAL cannot be set on a channel message"):
        world.check_finished()
    world.log.misuses.clear()
    await send(world, {"content": "quiet", "flags": 4096 | 4})
    world.check_finished()


async def test_create_only_flag_on_an_edit_is_ignored_and_reported(world: FakeDiscord) -> None:
    msg = await send(world, {"content": "x", "flags": 4096})
    edited = await call(
        world, "PATCH", EDIT, {"content": "y", "flags": 4096 | 4}, channel_id=CHANNEL, message_id=msg["id"]
    )
    assert edited["flags"] & 4  # SUPPRESS_EMBEDS may change; the already-set SUPPRESS_NOTIFICATIONS is harmless
    world.check_finished()
    await call(world, "PATCH", EDIT, {"flags": 64}, channel_id=CHANNEL, message_id=msg["id"])
    with pytest.raises(UnfinishedError, match="EPHEMERAL cannot be set on an edit"):
        world.check_finished()
    world.log.misuses.clear()
    inter = pending(world)
    await call(
        world, "POST", CALLBACK, {"type": 4, "data": {"content": "x"}}, webhook_id=inter.id, webhook_token=inter.token
    )
    await call(
        world, "PATCH", EDIT_ORIGINAL, {"content": "z", "flags": 4096}, webhook_id=APP, webhook_token=inter.token
    )
    assert world.log.misuses and "SUPPRESS_NOTIFICATIONS cannot be set on an edit" in world.log.misuses[0]
    world.log.misuses.clear()


async def test_unanswered_and_unfinished_interactions_fail_the_test(world: FakeDiscord) -> None:
    silent = pending(world)
    thinking = pending(world)
    done = pending(world)
    await call(world, "POST", CALLBACK, {"type": 5}, webhook_id=thinking.id, webhook_token=thinking.token)
    await call(
        world, "POST", CALLBACK, {"type": 5, "data": {"flags": 64}}, webhook_id=done.id, webhook_token=done.token
    )
    await call(world, "PATCH", EDIT_ORIGINAL, {"content": "ready"}, webhook_id=APP, webhook_token=done.token)
    problems = world.log.unfinished()
    assert problems == [
        f"{silent!r}: never answered (the player sees 'This interaction failed')",
        f"{thinking!r}: deferred (type 5) and never followed up or edited",
    ]
    with pytest.raises(UnfinishedError, match="never answered"):
        world.check_finished()
    await call(world, "POST", FOLLOWUP, {"content": "here"}, webhook_id=APP, webhook_token=thinking.token)
    silent.expect_unanswered = True
    world.check_finished()


async def test_ephemeral_followup_after_a_public_defer_is_reported(world: FakeDiscord) -> None:
    inter = pending(world)
    await call(world, "POST", CALLBACK, {"type": 5}, webhook_id=inter.id, webhook_token=inter.token)
    msg = await call(
        world, "POST", FOLLOWUP, {"content": "your cards", "flags": 64}, webhook_id=APP, webhook_token=inter.token
    )
    assert not msg["flags"] & 64
    with pytest.raises(UnfinishedError, match="stays public"):
        world.check_finished()
    world.log.misuses.clear()


ODD_BODIES = [
    None,
    [],
    "x",
    5,
    {},
    {"content": None},
    {"components": [{"type": 1}]},
    {"components": [{"type": 1, "components": [{"type": 2}]}]},
    {"components": [{}]},
    {"components": [{"type": 1, "components": [{"type": 3, "custom_id": "s", "options": [{}]}]}]},
    {"embeds": [{"fields": [{}]}]},
    {"embeds": [None]},
    {"message_reference": {}},
    {"attachments": [{}]},
    {"attachments": [{"id": "9"}]},
    {"type": 7},
    {"type": 9, "data": {}},
    {"type": 4, "data": None},
    {"type": 4, "data": []},
    {"recipient_id": "abc"},
    {"recipient_id": None},
    {"allowed_mentions": []},
    {"flags": -1, "content": "x"},
    {"content": "x", "sticker_ids": ["a"]},
]


@pytest.mark.parametrize("body", ODD_BODIES, ids=repr)
async def test_odd_bodies_get_discord_errors_not_crashes(world: FakeDiscord, body: Any) -> None:
    """Whatever arrives, the answer is an HTTP error (or success), never a KeyError/ValueError inside the stand-in."""
    msg = await send(world, {"content": "seed"})
    inter = pending(world, itype=3)
    inter.source = world.message(int(msg["id"]))
    inter.expect_unanswered = True
    attempts = [
        call(world, "POST", SEND, body, channel_id=CHANNEL),
        call(world, "PATCH", EDIT, body, channel_id=CHANNEL, message_id=msg["id"]),
        call(world, "POST", "/users/@me/channels", body),
        call(world, "POST", CALLBACK, body, webhook_id=inter.id, webhook_token=inter.token),
        call(world, "POST", FOLLOWUP, body, webhook_id=APP, webhook_token=inter.token),
        call(world, "PATCH", EDIT_ORIGINAL, body, webhook_id=APP, webhook_token=inter.token),
    ]
    for attempt in attempts:
        try:
            await attempt
        except discord.HTTPException as exc:
            assert 400 <= exc.status < 500, exc
    world.log.misuses.clear()
