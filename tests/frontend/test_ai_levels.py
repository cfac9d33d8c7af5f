"""AI levels through the real Discord path: the host picks a level in the lobby, the lobby shows it,
and the seat plays at it, also after a restart."""

from __future__ import annotations

from bot.ai.levels import HARD, level_of
from bot.frontend.ui.components import AddAISelect, LobbyButton
from tests.frontend.table_driver import GUEST, HOST, Table, make_bot


async def _tick(table: Table, clock, seconds: float) -> int:
    clock.advance(seconds)
    fired = await table.bot.scheduler.run_due()
    await table.world.settle()
    return fired


async def test_only_the_host_adds_an_ai_at_a_level_and_the_lobby_shows_it(table: Table):
    lobby = (await table.slash(HOST, "new")).message
    match_id = table.live().id
    select = AddAISelect.custom_id_for(match_id)
    assert [o.value for o in table.table_message().select(select).options] == ["easy", "normal", "hard"]
    refused = await table.select(GUEST, lobby, select, ["hard"])
    assert refused.ephemeral and "Only the host" in refused.text
    assert len(table.live().record.players) == 1
    await table.select(HOST, table.table_message(), select, ["hard"])
    assert "Hard AI" in table.table_message().text
    assert level_of(table.live().record.table_options, -1) == HARD
    await table.click(HOST, table.table_message(), LobbyButton.custom_id_for(match_id, "remove_ai"))
    assert "Hard AI" not in table.table_message().text
    assert table.live().record.table_options.get("ai_levels") is None
    await table.click(HOST, table.table_message(), LobbyButton.custom_id_for(match_id, "add_ai"))
    assert "Normal AI" in table.table_message().text, "the Add AI button seats a normal AI"
    assert table.table_message().select(select).disabled, "a full lobby takes no more AI"


async def test_a_forged_level_is_refused_and_changes_nothing(table: Table):
    lobby = (await table.slash(HOST, "new")).message
    refused = await table.select(HOST, lobby, AddAISelect.custom_id_for(table.live().id), ["godlike"], forge=True)
    assert refused.ephemeral and "AI level" in refused.text
    assert len(table.live().record.players) == 1


async def test_a_hard_seat_searches_and_keeps_its_level_after_a_restart(table: Table, db_path, clock):
    lobby = (await table.slash(HOST, "new")).message
    match_id = table.live().id
    await table.click(HOST, lobby, LobbyButton.custom_id_for(match_id, "leave"))
    await table.select(HOST, table.table_message(), AddAISelect.custom_id_for(match_id), ["hard"])
    await table.click(HOST, table.table_message(), LobbyButton.custom_id_for(match_id, "add_ai"))
    await table.bot.service.settings.change(table.live().record.guild_id, "ai_think_ms", 100)
    await table.click(HOST, table.table_message(), LobbyButton.custom_id_for(match_id, "start"))

    await table.bot.close()
    fresh = make_bot(db_path, clock, seed=777)
    await table.world.connect(fresh)
    table.bot = fresh
    await table.world.settle()

    live = table.live() or await fresh.service.matches.load(match_id)
    assert level_of(live.record.table_options, -1) == HARD and level_of(live.record.table_options, -2) == "normal"
    seats = fresh.service.ai
    for _ in range(40):
        if seats.decided[HARD]:
            break
        await _tick(table, clock, 3)
    assert seats.decided[HARD] >= 1, seats.decided
    assert seats.decided["normal"] >= 1, seats.decided
    stored = await fresh.storage.matches.get_match(match_id)
    assert stored.seq >= 2
