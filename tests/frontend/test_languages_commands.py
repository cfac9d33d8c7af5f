"""Choosing languages: ``/settings language``, ``/language``, Discord's locale as a hint, and the slash
commands localised in the payload discord.py really syncs. On pseudo catalogues (a rule per language),
so what each reader got is plain to see: Malay words reversed, Indonesian words rotated."""

from __future__ import annotations

from typing import Any

import pytest

from bot.kernel import i18n
from bot.locales.pseudo import RULES, pseudo, write_pseudo_catalogues
from tests.frontend.table_driver import ADMIN, CHANNEL, GUEST, GUILD, HOST, Table, make_bot, make_world

MS, ID = RULES["ms"], RULES["id"]


@pytest.fixture
async def table(tmp_path, db_path, clock):
    write_pseudo_catalogues(tmp_path)
    i18n.set_locales_dir(tmp_path)  # before the bot starts: its commands are synced with the catalogues
    world = make_world()
    world.directory.users[GUEST].locale = "id"
    bot = make_bot(db_path, clock)
    await world.connect(bot)
    yield Table(world, bot)
    i18n.set_locales_dir(None)


async def _command(table: Table, user: int, name: str, forge: bool = False, **options: Any):
    record = await table.world.slash(table.bot, user, CHANNEL, name, None, options, forge=forge)
    await table.world.settle()
    return record


async def test_the_server_language_is_a_setting_and_the_channel_speaks_it(table: Table):
    refused = await _command(table, ADMIN, "settings", forge=True, language="xx")
    assert "language must be one of en, ms, id." in refused.text
    assert await table.bot.storage.preferences.guild_settings(GUILD) == {}
    saved = await _command(table, ADMIN, "settings", language="ms")
    assert saved.ephemeral and "Bahasa Melayu" in saved.text
    assert await table.bot.storage.preferences.guild_settings(GUILD) == {"language": "ms"}
    lobby = (await table.slash(HOST, "new")).message
    assert (
        lobby is not None
        and pseudo("Press **Join** to take a seat; the host presses **Start** when everyone is in.", MS) in lobby.text
    )
    assert pseudo("Join", MS) in [b.label for b in lobby.buttons()]
    # A refusal only the host sees is in the host's language: the server's, as they chose none.
    again = await table.slash(HOST, "new")
    assert again.ephemeral and pseudo("This channel already has a lobby", MS) in again.text


async def test_a_player_chooses_their_own_language_for_what_only_they_see(table: Table):
    await _command(table, ADMIN, "settings", language="ms")
    shown = await _command(table, HOST, "language")
    assert shown.ephemeral and "Bahasa Melayu" in shown.text
    chose = await _command(table, HOST, "language", choice="en")
    assert "**English**" in chose.text
    assert (await table.bot.storage.preferences.user_prefs(HOST)).get("language") == "en"
    lobby = (await table.slash(HOST, "new")).message
    assert lobby is not None and pseudo("Join", MS) in [b.label for b in lobby.buttons()]  # the channel: Malay
    again = await table.slash(HOST, "new")
    assert again.ephemeral and "This channel already has a lobby" in again.text  # the host: English
    back = await _command(table, HOST, "language", choice="server")
    assert back.ephemeral and (await table.bot.storage.preferences.user_prefs(HOST)).get("language") is None
    forged = await _command(table, HOST, "language", forge=True, choice="klingon")
    assert pseudo("There is no language called", MS) + " klingon" in forged.text  # back to the server's


async def test_an_indonesian_discord_client_reads_indonesian_until_its_player_chooses(table: Table):
    await _command(table, ADMIN, "settings", language="ms")
    lobby = (await table.slash(HOST, "new")).message
    assert lobby is not None
    joined = await table.click(GUEST, lobby, f"lobby:{table.live().id}:join")
    assert not joined.ephemeral and pseudo("Start", MS) in [b.label for b in table.world.message(lobby.id).buttons()]
    refusal = await table.click(GUEST, table.world.message(lobby.id), f"lobby:{table.live().id}:start")
    assert refusal.ephemeral and pseudo("Only the host can start the match.", ID) in refusal.text
    await _command(table, GUEST, "language", choice="ms")
    refusal = await table.click(GUEST, table.world.message(lobby.id), f"lobby:{table.live().id}:start")
    assert pseudo("Only the host can start the match.", MS) in refusal.text


async def test_slash_commands_are_synced_with_indonesian_descriptions_and_english_names(table: Table):
    synced = [r for r in table.world.requests if r.method == "PUT" and r.route.endswith("/commands")]
    assert synced
    commands = {c["name"]: c for c in synced[-1].json}
    stats = commands["stats"]
    assert stats["description"] == "A player's record per game on this server."
    assert stats["description_localizations"] == {"id": pseudo("A player's record per game on this server.", ID)}
    assert not stats.get("name_localizations")
    drama = commands["drama"]
    assert drama["description_localizations"]["id"] == pseudo(
        "Play Drama Pukul 7: heroes, Plot Twists and a drama at seven o'clock.", ID
    )
    new = next(o for o in drama["options"] if o["name"] == "new")
    heroes = next(o for o in new["options"] if o["name"] == "heroes")
    assert heroes["description_localizations"]["id"] == pseudo(heroes["description"], ID)
    assert all(c["name_localizations"] == {"id": pseudo(c["name"], ID)} for c in heroes["choices"])
    settings = commands["settings"]
    language = next(o for o in settings["options"] if o["name"] == "language")
    assert [c["name"] for c in language["choices"]] == ["English", "Bahasa Melayu", "Bahasa Indonesia"]
    assert not any(c.get("name_localizations") for c in language["choices"])  # each language's own name
    mine = next(o for o in commands["language"]["options"] if o["name"] == "choice")
    assert mine["choices"][-1]["name_localizations"] == {"id": pseudo("The server's language", ID)}
