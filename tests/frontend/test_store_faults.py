"""A write the database cannot take just now: the player is told it was not taken, and nothing changed.

The fault is real (another process holds the write lock). After each failed write the
match the service holds equals the stored one, the log replays to the stored state, the
player reads the truth without a traceback in the log, and the same click works once the
lock is gone.
"""

from __future__ import annotations

import logging

import pytest

from bot.frontend.delivery.retry import TRIES
from bot.frontend.ui.components import LobbyButton
from tests.frontend.any_table import close_table, open_table
from tests.frontend.faults import held_equals_stored, impatient, write_lock_held
from tests.frontend.table_driver import GUEST, HOST, Table

NOT_TAKEN = "That was not taken: the database could not store it just now, so nothing changed."


def _no_traceback(caplog) -> None:
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info], [
        r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info
    ]


async def test_a_move_that_cannot_be_stored_is_not_taken_and_the_same_move_works_after(table: Table, db_path, caplog):
    await table.open_and_start()
    live = table.live()
    match_id, mover = live.id, live.waiting.turn
    action = next(a for a in live.game.rules.legal_actions(live.state, mover) if a["type"] == "end_turn")
    await impatient(table.bot)
    with caplog.at_level(logging.WARNING), write_lock_held(db_path):
        reply = await table.play(mover, action)
    assert NOT_TAKEN in reply.text and reply.ephemeral
    _no_traceback(caplog)
    await held_equals_stored(table.bot, match_id)
    assert (await table.bot.storage.matches.get_match(match_id)).seq == 0
    reply = await table.play(mover, action)  # the lock is gone: the same move is taken
    assert NOT_TAKEN not in reply.text
    assert (await table.bot.storage.matches.get_match(match_id)).seq >= 1
    await held_equals_stored(table.bot, match_id)


async def test_a_join_that_cannot_be_stored_leaves_the_lobby_as_it_was(table: Table, db_path, caplog):
    lobby = (await table.slash(HOST, "new")).message
    match_id = table.live().id
    await impatient(table.bot)
    with caplog.at_level(logging.WARNING), write_lock_held(db_path):
        reply = await table.click(GUEST, lobby, LobbyButton.custom_id_for(match_id, "join"))
    assert NOT_TAKEN in reply.text and reply.ephemeral
    _no_traceback(caplog)
    await held_equals_stored(table.bot, match_id)
    # The next lobby write that works (an AI seat) does not store the join that was refused.
    await table.click(HOST, table.table_message(), LobbyButton.custom_id_for(match_id, "add_ai"))
    stored = await table.bot.storage.matches.get_match(match_id)
    assert GUEST not in stored.players and len(stored.players) == 2
    await held_equals_stored(table.bot, match_id)


@pytest.mark.parametrize("game", ["drama", "goceng"])  # eliminated from the game; an AI plays the seat on
async def test_a_leave_that_cannot_be_stored_changes_nothing_and_the_match_plays_on(game, db_path, clock, caplog):
    table = await open_table(db_path, clock, game, 3, 0)
    try:
        await table.open_and_start()
        live = await table.live()
        match_id, leaver = live.id, table.humans[-1]
        await impatient(table.bot)
        with caplog.at_level(logging.WARNING), write_lock_held(db_path):
            reply = await table.slash(leaver, "concede")
        assert NOT_TAKEN in reply.text
        _no_traceback(caplog)
        await held_equals_stored(table.bot, match_id)
        assert (await table.bot.storage.matches.get_match(match_id)).left == []
        reply = await table.slash(leaver, "concede")  # now it is taken, in one write with the state that says so
        stored = await table.bot.storage.matches.get_match(match_id)
        assert stored.left == [leaver] and NOT_TAKEN not in reply.text
        assert (leaver in stored.autopilot) == (game == "goceng")  # stored in the same write as the leave
        await held_equals_stored(table.bot, match_id)
        await table.play_out()
        stored = await table.bot.storage.matches.get_match(match_id)
        assert stored.status == "finished"
        await held_equals_stored(table.bot, match_id)
    finally:
        await close_table(table)


CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
TAKEN = "Your move was taken. Its reply could not be shown"


async def _end_turn_click(table: Table):
    """The mover's picker and its End turn button."""
    live = table.live()
    mover = live.waiting.turn
    picker = (await table.open_picker(mover)).message
    return mover, picker, next(b.custom_id for b in picker.buttons() if b.label == "End turn")


async def test_a_reply_that_fails_once_after_the_commit_is_sent_again(table: Table, caplog):
    await table.open_and_start()
    match_id = table.live().id
    mover, picker, end_turn = await _end_turn_click(table)
    table.world.rest.fail_next("POST", CALLBACK, 503)
    with caplog.at_level(logging.WARNING):
        reply = await table.click(mover, picker, end_turn)
    assert reply.responded and TAKEN not in reply.text and "Something went wrong" not in reply.text
    assert (await table.bot.storage.matches.get_match(match_id)).seq >= 1
    _no_traceback(caplog)


async def test_a_reply_that_cannot_go_out_after_the_commit_says_the_move_was_taken_and_the_match_goes_on(
    table: Table, caplog
):
    await table.open_and_start()
    match_id = table.live().id
    before = table.table_message().text
    mover, picker, end_turn = await _end_turn_click(table)
    table.world.rest.fail_next("POST", CALLBACK, *[503] * TRIES)  # every try of the reply fails
    with caplog.at_level(logging.WARNING):
        reply = await table.click(mover, picker, end_turn)
    assert TAKEN in reply.text and "Something went wrong" not in reply.text
    _no_traceback(caplog)
    stored = await table.bot.storage.matches.get_match(match_id)
    assert stored.seq >= 1 and stored.announced_seq is not None
    # The move is shown on the table at once, and the match's next wake-up is set, as after any move.
    assert table.table_message().text != before
    assert match_id in table.bot.scheduler.pending()


async def test_a_table_edit_that_discord_fails_to_take_is_sent_again(table: Table, caplog):
    await table.open_and_start()
    before = table.table_message().text
    live = table.live()
    mover = live.waiting.turn
    action = next(a for a in live.game.rules.legal_actions(live.state, mover) if a["type"] == "end_turn")
    for route in (
        "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
        "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
        "/channels/{channel_id}/messages/{message_id}",
    ):
        table.world.rest.fail_next("PATCH", route, 503)
    with caplog.at_level(logging.WARNING):
        reply = await table.play(mover, action)
    assert "Something went wrong" not in reply.text and TAKEN not in reply.text
    assert [r for r in table.world.requests if r.status == 503 and r.method == "PATCH"]
    assert table.table_message().text != before  # shown all the same, on a later try
    assert "trying again" in caplog.text
    _no_traceback(caplog)


async def test_a_preference_that_cannot_be_stored_is_not_kept_in_memory_either(table: Table, db_path, caplog):
    """ "Pass until my turn" refused by the database: the player is told, and no pass is made for them later."""
    await table.open_and_start()
    live = table.live()
    match_id, waiting = live.id, next(p for p in live.record.players if p != live.waiting.turn)
    hand = (await table.slash(waiting, "hand")).message
    skip = next(cid for cid in hand.custom_ids() if cid == f"pref:{match_id}:skip:on")
    await impatient(table.bot)
    with caplog.at_level(logging.WARNING), write_lock_held(db_path):
        reply = await table.click(waiting, hand, skip)
    assert NOT_TAKEN in reply.text
    _no_traceback(caplog)
    await held_equals_stored(table.bot, match_id)
    assert (await table.bot.service.matches.load(match_id)).record.skipping == []
    assert (await table.bot.storage.matches.get_match(match_id)).skipping == []
    await table.click(waiting, (await table.slash(waiting, "hand")).message, skip)  # taken now
    assert (await table.bot.storage.matches.get_match(match_id)).skipping == [waiting]
    await held_equals_stored(table.bot, match_id)


async def test_an_ai_seat_that_cannot_be_stored_is_not_seated(table: Table, db_path, caplog):
    lobby = (await table.slash(HOST, "new")).message
    match_id = table.live().id
    await impatient(table.bot)
    with caplog.at_level(logging.WARNING), write_lock_held(db_path):
        reply = await table.click(HOST, lobby, LobbyButton.custom_id_for(match_id, "add_ai"))
    assert NOT_TAKEN in reply.text
    _no_traceback(caplog)
    await held_equals_stored(table.bot, match_id)
    await table.click(GUEST, table.table_message(), LobbyButton.custom_id_for(match_id, "join"))
    stored = await table.bot.storage.matches.get_match(match_id)
    assert stored.players == [HOST, GUEST]  # the refused AI seat never comes back with a later write
    await held_equals_stored(table.bot, match_id)


async def test_a_leave_whose_state_write_fails_stores_no_part_of_it(db_path, clock, caplog):
    """The seat's leaving and the state that says so are one write: when it fails, neither is stored."""
    from bot.play.record import StoreUnavailable

    table = await open_table(db_path, clock, "goceng", 3, 0)
    try:
        await table.open_and_start()
        match_id, leaver = (await table.live()).id, table.humans[-1]
        rows = table.bot.storage.matches
        record_action = rows.record_action

        async def refused(*args, **kwargs):
            raise StoreUnavailable("database or disk is full")

        rows.record_action = refused
        with caplog.at_level(logging.WARNING):
            reply = await table.slash(leaver, "concede")
        rows.record_action = record_action
        assert NOT_TAKEN in reply.text
        stored = await rows.get_match(match_id)
        assert stored.left == [] and leaver not in stored.autopilot
        await held_equals_stored(table.bot, match_id)
    finally:
        await close_table(table)
