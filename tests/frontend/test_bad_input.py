"""Bad input, fuzzed: every forged or malformed click and slash option is answered, and changes nothing.

Discord only delivers clicks on components a message really has, but a
crafted payload or an old client can send anything: ids that match no
template (or another bot's), ids too long, numbers past what SQLite stores,
digits that are not ASCII, values a select never offered, options outside
their range. Each must get one private answer that says what is wrong (never
the generic "Something went wrong", never "This interaction failed"), and the
database must be byte for byte what it was.
"""

from __future__ import annotations

import json
import random
import sqlite3

import discord
import pytest

from bot.config import ConfigError, from_env
from bot.frontend.ui.components import (
    COMPONENTS,
    SNOWFLAKE,
    SNOWFLAKE_LIMIT,
    ActButton,
    HandButton,
    LanguageSelect,
    LobbyButton,
    MyOptionsButton,
    OptionsButton,
    OptionSelect,
    PanelPageButton,
    PassButton,
    PickButton,
    PickSelect,
    PlayerOptionSelect,
    PrefButton,
    is_snowflake,
    snowflake,
)
from bot.frontend.ui.lobby_view import host_options
from bot.frontend.ui.render import legal_fingerprint
from bot.store.storage import Storage
from tests.frontend.table_driver import ADMIN, CHANNEL, GUEST, GUILD, HOST, STRANGER, Table

NO_LONGER_VALID = "This button is no longer valid."
GENERIC = "Something went wrong"
TOO_BIG = (str(SNOWFLAKE_LIMIT), "99999999999999999999", str(2**64), "1" * 20, "0" * 21)
NOT_ASCII = ("٣", "١٢", "²", "۱", "１", "𝟙")


async def _snapshot(table: Table) -> bytes:
    """Every row of every table, as bytes: what "nothing changed" means.

    The announced marks still waiting to be stored (a quarter of a second after the table went
    out, see ``bot.store.announced_marks``) are stored first: the snapshot is of what the bot has
    committed, not of when its write-behind happened to run.
    """
    await table.bot.storage.shown.flush_announced()
    with sqlite3.connect(table.bot.database) as raw:  # a reader of its own sees every committed row
        names = [r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        dump = {
            name: [tuple(row) for row in raw.execute(f"SELECT * FROM {name} ORDER BY rowid")]
            for name in names
            if name != "sqlite_sequence"
        }
    return json.dumps(dump, sort_keys=True, default=repr).encode()


async def _posted(table: Table, custom_ids: list[str], selects: list[str] = ()) -> object:
    """A message from the bot carrying these custom ids, routed like the bot's own (its view is not kept)."""
    rows = []
    for start in range(0, len(custom_ids), 5):
        rows.append(
            {
                "type": 1,
                "components": [
                    {"type": 2, "style": 2, "label": str(i), "custom_id": cid}
                    for i, cid in enumerate(custom_ids[start : start + 5], start)
                ],
            }
        )
    for cid in selects:
        rows.append(
            {"type": 1, "components": [{"type": 3, "custom_id": cid, "options": [{"label": "x", "value": "x"}]}]}
        )
    messages = []
    for start in range(0, len(rows), 5):  # five action rows a message
        route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=CHANNEL)
        sent = await table.bot.http.request(route, json={"content": "forged", "components": rows[start : start + 5]})
        messages.append(table.world.message(int(sent["id"])))
    return messages


def _message_for(messages: list, custom_id: str):
    return next(m for m in messages if custom_id in m.custom_ids())


def _check(record, custom_id: str, expected: str | tuple[str, ...] | None = None) -> None:
    """One private answer, specific (never the generic error), and only one."""
    assert record.responded, f"{custom_id!r}: unanswered"
    assert record.ephemeral, (custom_id, record.text)
    assert GENERIC not in record.text, (custom_id, record.text)
    assert record.text.strip(), custom_id
    assert record.followups == [], f"{custom_id!r}: answered twice: {record.text!r}"
    if expected is not None:
        wanted = (expected,) if isinstance(expected, str) else expected
        assert any(w in record.text for w in wanted), (custom_id, record.text)


def _malformed(live_id: int, legal: str) -> list[str]:
    """Ids no template claims: random bytes, wrong shapes, other bots' ids, numbers out of bounds."""
    rng = random.Random(20261201)
    ids = [
        ":",
        "::",
        "hand",
        "hand:",
        "hand:-1",
        "hand:+1",
        "hand: 1",
        f"hand:{live_id} ",
        f"HAND:{live_id}",
        f"hand:{live_id}:",
        f"hand:0x{live_id:x}",
        f"act:{live_id}",
        f"act:{live_id}:",
        f"act:{live_id}:0:0",
        f"act:{live_id}:1234567890",
        f"lobby:{live_id}:explode",
        f"pref:{live_id}:skip:maybe",
        f"pkb:{live_id}:0:{legal}:{'.'.join(['0'] * 13)}:0",  # a 13-deep path
        f"pkb:{live_id}:0:{legal.upper()}::0",
        f"pkb:{live_id}:0:{legal}::1234",
        f"pkb:{live_id}:0:{legal}:.:0",
        f"pks:{live_id}:0:{legal}::10",
        "persistent_view:green",
        "ticket-close-123",
        "role_toggle:7100000000000000001",
        "8f14e45f-ceea-467f-a0e6-7b2b9d5c1e42",
        "help_menu.page.2",
        '{"a": 1}',
        "%s%s%n",
        "../../etc/passwd",
        "\x00\x01\x02",
        "🂡🂢🂣",
        "hand:" + "9" * 90,
    ]
    for big in TOO_BIG:
        ids += [
            f"hand:{big}",
            f"act:{big}:0",
            f"pass:{big}:0",
            f"lobby:{big}:join",
            f"pref:{big}:ask:on",
            f"pkb:{big}:0:{legal}::0",
            f"lopt:{big}",
            f"lmine:{big}",
            f"lpage:{big}:host:0",
            f"lpage:{live_id}:{big}:0",
            f"lset:{big}:rounds",
            f"lpset:{live_id}:{big}:hero",
        ]
    for digit in NOT_ASCII:
        ids += [
            f"hand:{digit}",
            f"act:{live_id}:{digit}",
            f"pkb:{live_id}:0:{legal}:{digit}:0",
            f"pkb:{live_id}:0:{legal}::{digit}",
            f"lpage:{live_id}:host:{digit}",
        ]
    for _ in range(40):  # random printable and unprintable bytes, up to Discord's 100 characters
        ids.append(
            "".join(
                chr(rng.choice([rng.randrange(32, 127), rng.randrange(0, 0x2FFF)]))
                for _ in range(rng.randrange(1, 101))
            )
        )
    return list(dict.fromkeys(i for i in ids if i and len(i) <= 100))


def test_snowflake_template_takes_exactly_the_ids_below_2_63():
    import re

    pattern = re.compile(SNOWFLAKE)
    rng = random.Random(7)
    samples = [
        0,
        1,
        9,
        10,
        2**62,
        SNOWFLAKE_LIMIT - 1,
        SNOWFLAKE_LIMIT,
        SNOWFLAKE_LIMIT + 1,
        10**19 - 1,
        10**19,
        10**20,
        *(SNOWFLAKE_LIMIT + d for d in range(-50, 50)),
    ]
    samples += [rng.randrange(0, 10 ** rng.randrange(1, 22)) for _ in range(3000)]
    for value in samples:
        assert bool(pattern.fullmatch(str(value))) == (value < SNOWFLAKE_LIMIT), value
    for text in NOT_ASCII + ("", "-1", "+1", " 1", "1 ", "1\n"):
        assert pattern.fullmatch(text) is None, text
        with pytest.raises(ValueError):
            snowflake(text)
    assert snowflake(str(SNOWFLAKE_LIMIT - 1)) == SNOWFLAKE_LIMIT - 1
    assert [is_snowflake(v) for v in (0, 1, SNOWFLAKE_LIMIT - 1, SNOWFLAKE_LIMIT, -1, True, "1")] == [
        False,
        True,
        True,
        False,
        False,
        False,
        False,
    ]
    # No template takes a non-ASCII digit or a number past a snowflake, anywhere.
    for item in COMPONENTS:
        assert "\\d" not in item.__discord_ui_compiled_template__.pattern, item


async def test_forged_and_malformed_clicks_are_answered_and_change_nothing(table: Table):
    await table.open_and_start()
    live = table.live()
    player = live.game.rules.waiting(live.state).turn
    legal = legal_fingerprint(live.game.rules.legal_actions(live.state, player))
    before = await _snapshot(table)
    malformed = _malformed(live.id, legal)
    messages = await _posted(table, malformed)
    for cid in malformed:  # on a message, as a crafted client would send them
        _check(await table.click(player, _message_for(messages, cid), cid), cid, NO_LONGER_VALID)
    # Longer than Discord allows, empty, or not on the message clicked at all: still answered.
    for cid in (
        "x" * 101,
        "hand:" + "1" * 96,
        "é" * 4000,
        "",
        HandButton.custom_id_for(live.id),
        ActButton.custom_id_for(live.id, 0),
    ):
        _check(await table.click(player, messages[0], cid, forge=True), cid[:40], NO_LONGER_VALID)
    assert await _snapshot(table) == before
    assert table.live().seq == 0
    assert all(i.responded for i in table.world.interactions), "an interaction went unanswered"


async def test_valid_looking_ids_with_bad_values_get_their_own_refusal(table: Table):
    await table.open_and_start()
    live = table.live()
    player = live.game.rules.waiting(live.state).turn
    other = GUEST if player == HOST else HOST
    legal = legal_fingerprint(live.game.rules.legal_actions(live.state, player))
    biggest = SNOWFLAKE_LIMIT - 1
    cases = [
        (player, HandButton.custom_id_for(biggest), None),
        (player, HandButton.custom_id_for(0), None),
        (player, ActButton.custom_id_for(biggest, 0), None),
        (player, PassButton.custom_id_for(biggest, 0), None),
        (player, PassButton.custom_id_for(live.id, 999_999_999), None),
        (player, PrefButton.custom_id_for(biggest, "skip", True), None),
        (player, PassButton.custom_id_for(live.id, 999_999_999, "abcdef"), None),
        (player, PassButton.custom_id_for(biggest, 0, "000000"), None),
        (player, LobbyButton.custom_id_for(biggest, "join"), None),
        (player, LobbyButton.custom_id_for(live.id, "start"), None),
        (player, PickButton.custom_id_for(biggest, 0, legal, (), 0), None),
        (player, PickButton.custom_id_for(live.id, 999_999_999, legal, (), 0), None),
        (player, PickButton.custom_id_for(live.id, 0, legal, (999, 999), 999), None),
        (player, PickButton.custom_id_for(live.id, 0, legal, tuple([0] * 12), 0), None),
        (player, OptionsButton.custom_id_for(live.id), "lobby is closed"),
        (player, MyOptionsButton.custom_id_for(biggest), "lobby is closed"),
        (player, PanelPageButton.custom_id_for(live.id, str(biggest), 99), "lobby is closed"),
        # Strangers, and players pressing what is not theirs.
        (STRANGER, ActButton.custom_id_for(live.id, 0), "not playing"),
        (STRANGER, HandButton.custom_id_for(live.id), "not playing"),
        (STRANGER, PassButton.custom_id_for(live.id, 0), None),
        (STRANGER, PrefButton.custom_id_for(live.id, "skip", True), None),
        (STRANGER, PickButton.custom_id_for(live.id, 0, legal, (), 0), None),
        (STRANGER, LobbyButton.custom_id_for(live.id, "cancel"), None),
        (other, PickButton.custom_id_for(live.id, 0, legal, (), 0), None),
    ]
    before = await _snapshot(table)
    messages = await _posted(table, list(dict.fromkeys(cid for _, cid, _ in cases)))
    for user, cid, expected in cases:
        _check(await table.click(user, _message_for(messages, cid), cid), cid, expected)
        assert NO_LONGER_VALID not in (await _last_text(table)), cid  # the handler answered, not the fallback
    assert await _snapshot(table) == before
    assert table.live().seq == 0


async def _last_text(table: Table) -> str:
    return table.world.interactions[-1].text


async def test_select_values_never_offered_are_refused(table: Table):
    await table.open_and_start()
    live = table.live()
    player = live.game.rules.waiting(live.state).turn
    legal = legal_fingerprint(live.game.rules.legal_actions(live.state, player))
    select = PickSelect.custom_id_for(live.id, 0, legal, ())
    lobby_select = OptionSelect.custom_id_for(live.id, "rounds")
    player_select = PlayerOptionSelect.custom_id_for(live.id, player, "hero")
    before = await _snapshot(table)
    messages = await _posted(table, [], [select, lobby_select, player_select])
    values = [
        ["²"],
        ["٣"],
        ["１"],
        ["9" * 4000],
        ["-1"],
        ["+1"],
        [" 0"],
        [""],
        [],
        ["x"],
        ["1e3"],
        ["0x1"],
        ["9999"],
        [str(SNOWFLAKE_LIMIT)],
        ["999", "0"],
    ]
    for value in values:
        record = await table.select(player, _message_for(messages, select), select, value, forge=True)
        _check(record, f"{select} {value!r}", ("not valid", "question", "no longer"))
        for cid in (lobby_select, player_select):
            _check(
                await table.select(player, _message_for(messages, cid), cid, value, forge=True), cid, "lobby is closed"
            )
    assert await _snapshot(table) == before and table.live().seq == 0


async def test_lobby_controls_refuse_bad_values_and_strangers(table: Table):
    lobby = (await table.slash(HOST, "new")).message
    live = table.live()
    options = host_options(live)
    biggest = SNOWFLAKE_LIMIT - 1
    before = await _snapshot(table)
    setting = OptionSelect.custom_id_for(live.id, options[0].name)
    cases = [
        (STRANGER, OptionsButton.custom_id_for(live.id)),
        (GUEST, OptionsButton.custom_id_for(live.id)),
        (STRANGER, MyOptionsButton.custom_id_for(live.id)),
        (STRANGER, PanelPageButton.custom_id_for(live.id, "host", 0)),
        (STRANGER, PanelPageButton.custom_id_for(live.id, str(HOST), 0)),
        (HOST, PanelPageButton.custom_id_for(live.id, str(biggest), 0)),
        (STRANGER, LobbyButton.custom_id_for(live.id, "start")),
        (STRANGER, LobbyButton.custom_id_for(live.id, "cancel")),
        (STRANGER, LobbyButton.custom_id_for(live.id, "remove_ai")),
    ]
    messages = await _posted(
        table,
        list(dict.fromkeys(cid for _, cid in cases)),
        [
            setting,
            OptionSelect.custom_id_for(live.id, "no_such_option"),
            PlayerOptionSelect.custom_id_for(live.id, HOST, "no_such_option"),
            PlayerOptionSelect.custom_id_for(live.id, biggest, options[0].name),
            LanguageSelect.custom_id_for(live.id),
            LanguageSelect.custom_id_for(biggest),
        ],
    )
    for user, cid in cases:
        _check(await table.click(user, _message_for(messages, cid), cid), cid)
    for cid in [
        setting,
        OptionSelect.custom_id_for(live.id, "no_such_option"),
        PlayerOptionSelect.custom_id_for(live.id, HOST, "no_such_option"),
        PlayerOptionSelect.custom_id_for(live.id, biggest, options[0].name),
        LanguageSelect.custom_id_for(live.id),
        LanguageSelect.custom_id_for(biggest),
    ]:
        for user in (HOST, STRANGER):
            for value in (["²"], ["no-such-value"], ["9" * 500], [""], []):
                _check(await table.select(user, _message_for(messages, cid), cid, value, forge=True), cid)
    assert await _snapshot(table) == before
    assert lobby.id == table.table_message().id


@pytest.mark.parametrize("match", [SNOWFLAKE_LIMIT, 2**64, 10**30, 0, -1, -(2**63) - 1, "abc", 1.5])
async def test_history_of_an_impossible_match_number_is_refused(table: Table, match):
    before = await _snapshot(table)
    record = await table.world.slash(table.bot, HOST, CHANNEL, "history", None, {"match": match}, forge=True)
    await table.world.settle()
    _check(record, repr(match), "A match number is a whole number from 1")
    assert await _snapshot(table) == before


async def test_history_of_the_largest_id_is_no_such_match(table: Table):
    record = await table.world.slash(table.bot, HOST, CHANNEL, "history", None, {"match": SNOWFLAKE_LIMIT - 1})
    await table.world.settle()
    _check(record, "largest", "There is no match")


@pytest.mark.parametrize("game", ["nosuchgame", "", "DRUMP", "drump ", "x" * 300, 7])
async def test_leaderboard_of_an_unknown_game_is_refused(table: Table, game):
    before = await _snapshot(table)
    record = await table.world.slash(table.bot, STRANGER, CHANNEL, "leaderboard", None, {"game": game}, forge=True)
    await table.world.settle()
    _check(record, repr(game), "There is no game called")
    assert await _snapshot(table) == before


@pytest.mark.parametrize("value", [10**30, SNOWFLAKE_LIMIT, -1, 0, "abc", 2.5])
async def test_settings_out_of_range_change_nothing(table: Table, value):
    before = await _snapshot(table)
    record = await table.world.slash(table.bot, ADMIN, CHANNEL, "settings", None, {"window_seconds": value}, forge=True)
    await table.world.settle()
    _check(record, repr(value), "Nothing was changed")
    assert await _snapshot(table) == before
    assert await table.bot.storage.preferences.guild_settings(GUILD) == {}


def test_database_synchronous_is_a_setting_defaulting_to_full():
    assert from_env({"DISCORD_TOKEN": "a"}).database_synchronous == "FULL"
    assert from_env({"DISCORD_TOKEN": "a", "DATABASE_SYNCHRONOUS": "normal"}).database_synchronous == "NORMAL"
    for bad in ("OFF", "EXTRA", "1", "fast"):
        with pytest.raises(ConfigError, match="DATABASE_SYNCHRONOUS"):
            from_env({"DISCORD_TOKEN": "a", "DATABASE_SYNCHRONOUS": bad})


@pytest.mark.parametrize("mode, level", [(None, 2), ("FULL", 2), ("NORMAL", 1)])
async def test_storage_opens_with_the_chosen_synchronous(db_path, monkeypatch, mode, level):
    monkeypatch.delenv("DATABASE_SYNCHRONOUS", raising=False)
    storage = await Storage.open(db_path, synchronous=mode)
    try:
        assert await storage.database.synchronous() == level
    finally:
        await storage.close()
    monkeypatch.setenv("DATABASE_SYNCHRONOUS", "NORMAL")
    storage = await Storage.open(db_path)
    try:
        assert await storage.database.synchronous() == 1
    finally:
        await storage.close()
