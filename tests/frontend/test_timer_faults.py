"""A wake-up that fails is tried again until it works, and a match that lost its wake-up gets it back.

The fault is real: another process holds the database's write lock (as a backup tool
or a second bot on the same file would), so the AI seat's move cannot be stored.
"""

from __future__ import annotations

from bot.play.scheduler import RETRY_FIRST, SWEEP_EVERY
from tests.frontend.faults import held_equals_stored, impatient, write_lock_held
from tests.frontend.table_driver import Table, ai_only_match, tick


async def _live(table: Table, match_id: int):
    """The match as the service holds it (read again from the store if a failure made it drop its copy)."""
    return await table.bot.service.matches.load(match_id)


async def test_a_wake_up_that_fails_on_a_locked_database_is_tried_again_until_it_works(table: Table, clock, db_path):
    match_id = await ai_only_match(table)
    await impatient(table.bot)
    with write_lock_held(db_path):
        assert await tick(table, clock, 2) == 1  # the AI's move: it cannot be stored
        assert (await _live(table, match_id)).seq == 0
        await held_equals_stored(table.bot, match_id)
        assert match_id in table.bot.scheduler.pending(), "a failed wake-up was dropped"
        assert await tick(table, clock, RETRY_FIRST) == 1  # tried again, still locked: the next try waits longer
        assert (await _live(table, match_id)).seq == 0
        assert table.bot.scheduler.pending()[match_id] > clock.now() + RETRY_FIRST
    await tick(table, clock, 2 * RETRY_FIRST)
    assert (await _live(table, match_id)).seq >= 1  # the lock is gone: the AI moved
    await held_equals_stored(table.bot, match_id)
    await tick(table, clock, 2)
    assert (await _live(table, match_id)).seq >= 2  # and goes on at its own pace


async def test_a_live_match_that_lost_its_wake_up_gets_it_back_at_the_next_sweep(table: Table, clock):
    match_id = await ai_only_match(table)
    table.bot.scheduler.set(match_id, None)  # lost, whatever the cause
    assert await tick(table, clock, 10) == 0 and table.live().seq == 0
    await tick(table, clock, SWEEP_EVERY)  # the sweep finds it without a wake-up and points it at the AI's move
    assert match_id in table.bot.scheduler.pending()
    await tick(table, clock, 2)
    assert table.live().seq >= 1
