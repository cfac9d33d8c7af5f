"""Server-wide commands: /settings validation, /stats and /leaderboard from stored results, /history."""

from __future__ import annotations

from bot.frontend.ui.components import LobbyButton
from bot.kernel.rng import Rng
from tests.frontend.table_driver import ADMIN, CHANNEL, GUEST, GUILD, HOST, STRANGER, Table


async def settings(table: Table, user: int, forge: bool = False, **options):
    record = await table.world.slash(table.bot, user, CHANNEL, "settings", None, options, forge=forge)
    await table.world.settle()
    return record


async def test_settings_need_manage_server_and_valid_values(table: Table):
    refused = await settings(table, GUEST, forge=True, window_seconds=30)
    assert refused.ephemeral and "Manage Server" in refused.text
    shown = await settings(table, ADMIN)
    assert "window_seconds` = **20**" in shown.text and "5–300" in shown.text
    bad = await settings(table, ADMIN, window_seconds=2, turn_seconds=99999, ai_delay_seconds=3)
    assert "Nothing was changed" in bad.text
    assert (
        "window_seconds must be between 5 and 300" in bad.text
        and "turn_seconds must be between 30 and 3600" in bad.text
    )
    assert await table.bot.storage.preferences.guild_settings(GUILD) == {}
    good = await settings(table, ADMIN, window_seconds=45, count_ai_matches=True)
    assert "Settings saved" in good.text and "window_seconds` = **45**" in good.text
    assert await table.bot.storage.preferences.guild_settings(GUILD) == {"window_seconds": 45, "count_ai_matches": 1}


async def _concede_match(table: Table, loser: int) -> int:
    await table.open_and_start()
    match_id = table.live().id
    await table.slash(loser, "concede")
    return match_id


async def test_stats_and_leaderboard_count_finished_human_matches(table: Table, clock):
    await _concede_match(table, GUEST)  # host wins
    await _concede_match(table, GUEST)  # host wins
    await _concede_match(table, HOST)  # guest wins
    await table.open_and_start()  # an abandoned match counts for no one
    await table.slash(HOST, "end")
    # A match against an AI seat: not counted unless the server allows it.
    lobby = (await table.slash(HOST, "new")).message
    ai_match = table.live().id
    await table.click(HOST, lobby, LobbyButton.custom_id_for(ai_match, "add_ai"))
    await table.click(HOST, table.table_message(), LobbyButton.custom_id_for(ai_match, "start"))
    await table.slash(HOST, "concede")

    stats = await table.world.slash(table.bot, STRANGER, CHANNEL, "stats", None, {"player": HOST})
    await table.world.settle()
    assert "played 3, won 2 (67%)" in stats.text
    board = await table.world.slash(table.bot, STRANGER, CHANNEL, "leaderboard", None, {"game": "drump"})
    await table.world.settle()
    assert board.text.index(f"<@{HOST}>: 2 won of 3") < board.text.index(f"<@{GUEST}>: 1 won of 3")

    await settings(table, ADMIN, count_ai_matches=True)
    stats = await table.world.slash(table.bot, HOST, CHANNEL, "stats", None, {})
    await table.world.settle()
    assert "played 4, won 2 (50%)" in stats.text


async def test_history_of_a_finished_match_replays_its_log(table: Table):
    await table.open_and_start()
    match_id = table.live().id
    rng = Rng.seeded(31)
    await table.play_out(lambda live, player, legal: rng.choice(legal))
    early = await table.world.slash(table.bot, HOST, CHANNEL, "history", None, {"match": 999})
    await table.world.settle()
    assert "no match #999" in early.text
    record = await table.world.slash(table.bot, STRANGER, CHANNEL, "history", None, {"match": match_id})
    await table.world.settle()
    assert record.ephemeral and f"match #{match_id}: history" in record.text
    assert "Warning" not in record.text
    assert "ends the turn" in record.text


async def test_history_of_a_running_match_is_closed(table: Table):
    await table.open_and_start()
    match_id = table.live().id
    record = await table.world.slash(table.bot, HOST, CHANNEL, "history", None, {"match": match_id})
    await table.world.settle()
    assert "has not finished" in record.text
