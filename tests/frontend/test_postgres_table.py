"""Every game at a Discord table with its matches on a PostgreSQL server, through real clicks and a restart.

The same bot as everywhere else, given a ``postgresql://`` URL instead of a file: a match is
opened, played, the bot restarted mid-match (a new process reading the server), and played to
its result. The store's contract is tested on both databases in tests/store; this shows the
whole bot runs on PostgreSQL, not only its store.
"""

from __future__ import annotations

import pytest

from bot.frontend.ui import render
from bot.kernel.contract import replay
from bot.kernel.module import all_games, get_game
from tests.frontend.any_table import open_table

GAMES = [g.name for g in all_games()]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.slow
async def test_a_whole_match_on_postgresql_survives_a_restart(tables, postgres_url, clock, game):
    rules = get_game(game).rules
    table = await open_table(postgres_url, clock, game, rules.min_players, 0, seed=3)
    tables.append(table)
    assert table.bot.storage.database.dialect == "postgresql"
    await table.open_and_start()
    live = await table.play_out(until=lambda live: live.record.seq >= 8)
    assert live is not None, "the match ended before its restart"
    seq, state = live.record.seq, rules.state_to_json(live.state)

    await table.restart(postgres_url)
    live = await table.live()
    assert (live.record.seq, rules.state_to_json(live.state)) == (seq, state)
    await table.play_out()

    stored = await table.bot.storage.matches.get_match(table.match_id)
    assert stored.status == "finished" and stored.result is not None
    log = await table.bot.storage.matches.action_log(table.match_id)
    assert [a.seq for a in log] == list(range(1, stored.seq + 1))
    rebuilt = replay(rules, stored.players, stored.seed, stored.options, [(a.player_id, a.action) for a in log])
    assert rules.state_to_json(rebuilt) == stored.state
    live = await table.live()
    head = render.result_text(live, rules.result(rules.state_from_json(stored.state))).splitlines()[0]
    assert head in table.world.message(stored.message_id).text  # the table as the restarted bot keeps it
    assert all(i.responded for i in table.world.interactions), "an interaction went unanswered"
    assert not any("Something went wrong" in c.text for c in table.clicks)
