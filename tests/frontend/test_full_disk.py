"""A disk with no space left: no move, join or wake-up is half-stored, each is told or tried again, and all of it
works once there is space again.

The fault is real: the database lives on a filesystem of its own that a file fills to the last byte, so SQLite
meets the ``ENOSPC`` a full disk gives.
"""

from __future__ import annotations

import logging

import pytest

from bot.frontend.ui.components import LobbyButton
from bot.play.scheduler import RETRY_FIRST
from tests.frontend.faults import disk_full, held_equals_stored, small_disk
from tests.frontend.table_driver import GUEST, HOST, Table, ai_only_match, tick

NOT_TAKEN = "That was not taken: the database could not store it just now, so nothing changed."


@pytest.fixture
def disk(tmp_path):
    with small_disk(tmp_path / "disk") as where:
        yield where


@pytest.fixture
def db_path(disk):
    return disk / "matches.sqlite3"


def _tracebacks(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


async def test_a_move_on_a_full_disk_is_not_taken_and_the_same_move_works_once_there_is_space(
    table: Table, disk, caplog
):
    await table.open_and_start()
    live = table.live()
    match_id, mover = live.id, live.waiting.turn
    action = next(a for a in live.game.rules.legal_actions(live.state, mover) if a["type"] == "end_turn")
    with caplog.at_level(logging.WARNING), disk_full(disk):
        reply = await table.play(mover, action)
        assert NOT_TAKEN in reply.text and reply.ephemeral
        await held_equals_stored(table.bot, match_id)
        assert (await table.bot.storage.matches.get_match(match_id)).seq == 0
    assert not _tracebacks(caplog), _tracebacks(caplog)
    reply = await table.play(mover, action)
    assert NOT_TAKEN not in reply.text
    assert (await table.bot.storage.matches.get_match(match_id)).seq >= 1
    await held_equals_stored(table.bot, match_id)


async def test_a_join_on_a_full_disk_is_not_taken_and_works_once_there_is_space(table: Table, disk, caplog):
    lobby = (await table.slash(HOST, "new")).message
    match_id = table.live().id
    with caplog.at_level(logging.WARNING), disk_full(disk):
        reply = await table.click(GUEST, lobby, LobbyButton.custom_id_for(match_id, "join"))
        assert NOT_TAKEN in reply.text
        await held_equals_stored(table.bot, match_id)
    assert not _tracebacks(caplog), _tracebacks(caplog)
    await table.click(GUEST, table.table_message(), LobbyButton.custom_id_for(match_id, "join"))
    assert GUEST in (await table.bot.storage.matches.get_match(match_id)).players


async def test_an_ai_move_due_on_a_full_disk_is_tried_again_until_there_is_space(table: Table, clock, disk):
    match_id = await ai_only_match(table)
    with disk_full(disk):
        assert await tick(table, clock, 2) == 1  # the AI's move: it cannot be stored
        assert match_id in table.bot.scheduler.pending(), "a failed wake-up was dropped"
        assert (await table.bot.service.matches.load(match_id)).seq == 0
        await held_equals_stored(table.bot, match_id)
        assert await tick(table, clock, RETRY_FIRST) == 1  # tried again: still full
    await tick(table, clock, 2 * RETRY_FIRST)
    assert (await table.bot.service.matches.load(match_id)).seq >= 1  # space again: the AI moved
    await held_equals_stored(table.bot, match_id)
