"""Every game at a Discord table with its matches on a PostgreSQL server, through real clicks and a restart.

The same bot as everywhere else, given a ``postgresql://`` URL instead of a file: a match is
opened, played, the bot restarted mid-match (a new process reading the server), and played to
its result. The store's contract is tested on both databases in tests/store; this shows the
whole bot runs on PostgreSQL, not only its store.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

import asyncpg
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


NOT_TAKEN = "That was not taken: the database could not store it just now, so nothing changed."


@contextmanager
def answer_lost_after_commit(statement: str) -> Iterator[list[str]]:
    """The next ``statement`` reaches the server and is committed there, then its connection is cut before the
    answer comes back (a network that drops at that moment): asyncpg raises what it raises for a cut connection.
    Yields the statements so cut (one at most)."""
    cut: list[str] = []
    real_execute = asyncpg.connection.Connection.execute

    async def execute(self, query: str, *args, **kwargs):
        status = await real_execute(self, query, *args, **kwargs)
        if not cut and query.startswith(statement):
            cut.append(query)
            self.terminate()
            raise asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation")
        return status

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(asyncpg.connection.Connection, "execute", execute)
        yield cut


@pytest.mark.parametrize("game", ["drump", "goceng"])
async def test_a_move_whose_commit_answer_is_lost_with_the_connection_stands(tables, postgres_url, clock, game, caplog):
    """Whether a commit cut off in flight was stored cannot be known from the cut itself: the bot reads the
    match back, finds the move stored, and tells the player it was taken (not "nothing changed")."""
    rules = get_game(game).rules
    table = await open_table(postgres_url, clock, game, rules.min_players, 0, seed=4)
    tables.append(table)
    await table.open_and_start()
    await table.play_out(until=lambda live: live.record.seq >= 3)
    live = await table.live()
    seq, mover = live.record.seq, next(p for p in sorted(live.waiting.actors) if table.human(live, p))
    before = table.table_message().text
    with caplog.at_level(logging.WARNING), answer_lost_after_commit("UPDATE matches SET state") as cut:
        reply = await table.act(mover)
    assert cut, "the move's commit was not cut"
    assert NOT_TAKEN not in reply.text and "Something went wrong" not in reply.text
    assert any("cut off but is stored" in r.getMessage() for r in caplog.records)
    stored = await table.bot.storage.matches.get_match(table.match_id)
    assert stored.seq >= seq + 1  # the move (and any automatic passes after it)
    held = await table.live()
    assert (held.record.seq, rules.state_to_json(held.state)) == (stored.seq, stored.state)
    log = await table.bot.storage.matches.action_log(table.match_id)
    rebuilt = replay(rules, stored.players, stored.seed, stored.options, [(a.player_id, a.action) for a in log])
    assert rules.state_to_json(rebuilt) == stored.state
    assert table.table_message().text != before  # the move is shown, as any move
    await table.play_out()
    assert (await table.bot.storage.matches.get_match(table.match_id)).status == "finished"


async def test_a_move_whose_commit_is_refused_is_still_not_taken(tables, postgres_url, clock, caplog):
    """The other side of the same check: a commit cut before the server took it is reported as not taken."""
    rules = get_game("drump").rules
    table = await open_table(postgres_url, clock, "drump", 2, 0, seed=4)
    tables.append(table)
    await table.open_and_start()
    live = await table.live()
    seq, mover = live.record.seq, live.waiting.turn
    real_execute = asyncpg.connection.Connection.execute

    async def execute(self, query: str, *args, **kwargs):
        if query.startswith("UPDATE matches SET state"):
            self.terminate()  # cut before the statement leaves: nothing reaches the server
            raise asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation")
        return await real_execute(self, query, *args, **kwargs)

    with caplog.at_level(logging.WARNING), pytest.MonkeyPatch.context() as patch:
        patch.setattr(asyncpg.connection.Connection, "execute", execute)
        reply = await table.act(mover)
    assert NOT_TAKEN in reply.text
    stored = await table.bot.storage.matches.get_match(table.match_id)
    held = await table.live()
    assert stored.seq == seq and (held.record.seq, rules.state_to_json(held.state)) == (seq, stored.state)
    await table.act(mover)  # the connection is back (a new one from the pool): the same move is taken
    assert (await table.bot.storage.matches.get_match(table.match_id)).seq > seq
