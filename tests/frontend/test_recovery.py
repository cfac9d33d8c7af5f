"""Nothing stuck, nothing unanswered: crashes between a commit and its announcement, and busy locks.

A crash is simulated by committing through the real handlers with the
announcement steps patched out, closing the bot, and connecting a fresh bot
to the same database, as a restarted process would.
"""

from __future__ import annotations

import asyncio

import pytest

import bot.frontend.handlers.answers as answers_module
from bot.frontend.ui.components import LobbyButton
from tests.frontend.table_driver import CHANNEL, GUEST, HOST, STRANGER, Table, make_bot


async def _restart(table: Table, db_path, clock) -> None:
    await table.bot.close()
    fresh = make_bot(db_path, clock, seed=777)
    await table.world.connect(fresh)
    table.bot = fresh
    await table.world.settle()


async def _nothing(*args, **kwargs):
    return None


async def _end_turn(table: Table, player: int, *, wait: bool = True):
    """``player`` opens the picker from the table and clicks End turn."""
    picker = (await table.open_picker(player)).message
    end_turn = next(b.custom_id for b in picker.buttons() if b.label == "End turn")
    if wait:
        return await table.click(player, picker, end_turn)
    return await table.world.click(table.bot, player, picker, end_turn, wait=False)


def _turns(table: Table) -> tuple[int, int]:
    """Who moves now, and the other player."""
    first = table.live().waiting.turn
    return first, GUEST if first == HOST else HOST


def _mentions(table: Table, user: int) -> int:
    """Notifications naming ``user`` (the table message itself names whose turn it is)."""
    table_id = table.table_message().id
    return sum(f"<@{user}>" in m.text for m in table.world.channel_messages(CHANNEL) if m.id != table_id)


async def _pass_turn(table: Table, player: int) -> None:
    """``player`` ends their turn (discarding down to the hand limit if asked)."""
    while table.live().waiting.turn == player:
        live = table.live()
        legal = live.game.rules.legal_actions(live.state, player)
        await table.play(player, next((a for a in legal if a["type"] == "end_turn"), legal[0]))


def _channel_writes(table: Table) -> int:
    return len([r for r in table.world.requests if r.method in ("POST", "PATCH") and str(CHANNEL) in r.path])


# --- 1. a move committed, the process died before the table was edited -------------------
async def test_a_move_committed_before_a_crash_is_shown_after_the_restart(table: Table, db_path, clock):
    await table.open_and_start()
    match_id = table.live().id
    first, second = _turns(table)
    before = table.table_message().text
    table.bot.announcer.after_moves = _nothing  # the process dies right after each commit
    await _pass_turn(table, first)
    stored = await table.bot.storage.matches.get_match(match_id)
    assert stored.seq >= 1 and stored.announced_seq == 0
    assert table.table_message().text == before and _mentions(table, second) == 0

    await _restart(table, db_path, clock)
    shown = table.table_message()
    assert shown.id == stored.message_id and shown.text != before
    assert table.live().waiting.turn == second and "Take action" in [b.label for b in shown.buttons()]
    assert _mentions(table, second) == 1, "the player now to move was not told"
    assert (await table.bot.storage.matches.get_match(match_id)).announced_seq == stored.seq

    # Nothing pending: a second restart edits nothing and mentions nobody again.
    writes = _channel_writes(table)
    await _restart(table, db_path, clock)
    assert _channel_writes(table) == writes and _mentions(table, second) == 1
    # And the match plays on from the table.
    await _pass_turn(table, second)
    assert table.live().seq > stored.seq


async def test_a_table_deleted_while_down_is_posted_again(table: Table, db_path, clock):
    old = await table.open_and_start()
    match_id = table.live().id
    table.bot.announcer.after_moves = _nothing
    await _pass_turn(table, _turns(table)[0])
    table.world.people.delete_message(old)
    await _restart(table, db_path, clock)
    fresh = table.table_message()
    assert fresh.id != old.id and "Take action" in [b.label for b in fresh.buttons()]
    assert (await table.bot.storage.matches.get_match(match_id)).message_id == fresh.id


# --- 2. a start committed while the lobby message still shows the lobby ----------------------
async def test_a_start_committed_before_a_crash_reaches_its_table_dms_and_timers(table: Table, db_path, clock):
    new = await table.slash(HOST, "new")
    lobby = new.message
    match_id = table.live().id
    await table.click(GUEST, lobby, LobbyButton.custom_id_for(match_id, "join"))
    table.bot.handlers.answers.edit_clicked = _nothing  # dies after the commit, before the lobby becomes the table
    table.bot.announcer.announce_start = _nothing
    start = await table.click(HOST, lobby, LobbyButton.custom_id_for(match_id, "start"))
    start.expect_unanswered = True  # the process "died" before it could answer
    assert (await table.bot.storage.matches.get_match(match_id)).status == "active"
    assert "lobby:" in " ".join(table.world.message(lobby.id).custom_ids())
    assert table.world.dm_messages(HOST) == []

    await _restart(table, db_path, clock)
    shown = table.world.message(lobby.id)
    assert "Take action" in [b.label for b in shown.buttons()], shown.custom_ids()
    assert not any(c.startswith("lobby:") for c in shown.custom_ids())
    for player in (HOST, GUEST):
        assert len(table.world.dm_messages(player)) == 1, "no hand DM after the restart"
    assert table.bot.scheduler.pending().get(match_id) is not None
    first, _ = _turns(table)
    assert _mentions(table, first) == 1
    await _end_turn(table, first)
    assert table.live().seq == 1


async def test_a_lobby_never_posted_gives_way_to_a_new_one(table: Table, clock):
    service = table.bot.service
    orphan = await service.lobby.open(
        guild_id=table.world.directory.channels[CHANNEL].guild_id,
        channel_id=CHANNEL,
        game_name="drump",
        host_id=HOST,
        host_name="Aisyah",
    )
    refused = await table.slash(HOST, "new")
    assert refused.ephemeral and "end" in refused.text and f"#{orphan.id}" in refused.text
    clock.advance(61)
    opened = await table.slash(STRANGER, "new")
    assert not opened.ephemeral and opened.message is not None
    assert (await table.bot.storage.matches.get_match(orphan.id)).status == "abandoned"
    assert table.live().record.host_id == STRANGER


async def test_a_lobby_never_posted_can_be_ended_at_once(table: Table):
    service = table.bot.service
    await service.lobby.open(
        guild_id=table.world.directory.channels[CHANNEL].guild_id,
        channel_id=CHANNEL,
        game_name="drump",
        host_id=HOST,
        host_name="Aisyah",
    )
    ended = await table.slash(HOST, "end")
    assert ended.responded and "ended" in ended.text
    opened = await table.slash(HOST, "new")
    assert not opened.ephemeral and opened.message is not None


# --- 3. clicks that wait for a busy lock: deferred, then answered by editing -----------------
@pytest.fixture
def impatient(monkeypatch):
    monkeypatch.setattr(answers_module, "LOCK_PATIENCE", 0.02)


async def _busy(table: Table, match_id: int, seconds: float = 0.1) -> asyncio.Task:
    lock = table.bot.service.matches.lock(match_id)
    await lock.acquire()

    async def release() -> None:
        await asyncio.sleep(seconds)
        lock.release()

    return asyncio.get_running_loop().create_task(release())


async def test_start_join_and_picks_under_contention_edit_the_clicked_message(table: Table, impatient):
    new = await table.slash(HOST, "new")
    lobby = new.message
    match_id = table.live().id
    release = await _busy(table, match_id)
    joined = await table.click(GUEST, lobby, LobbyButton.custom_id_for(match_id, "join"))
    await release
    assert joined.deferred and not joined.ephemeral and f"<@{GUEST}>" in table.world.message(lobby.id).text

    release = await _busy(table, match_id)
    started = await table.click(HOST, lobby, LobbyButton.custom_id_for(match_id, "start"))
    await release
    assert started.response_type == 6, started
    shown = table.world.message(lobby.id)
    assert "Take action" in [b.label for b in shown.buttons()]
    assert len(table.world.dm_messages(GUEST)) == 1

    first, _ = _turns(table)
    release = await _busy(table, match_id)
    opened = await table.open_picker(first)
    await release
    assert opened.ephemeral and opened.message is not None and "End turn" in [b.label for b in opened.message.buttons()]
    picker = opened.message
    end_turn = next(b.custom_id for b in picker.buttons() if b.label == "End turn")
    release = await _busy(table, match_id)
    picked = await table.click(first, picker, end_turn)
    await release
    assert picked.response_type == 6 and "End turn" not in [b.label for b in picker.buttons()]
    assert table.live().seq == 1
    assert not any("Something went wrong" in i.text for i in table.world.interactions)
    assert all(i.responded for i in table.world.interactions)


# --- 4. nothing about a move goes out before it is committed ----------------------------------
async def test_pickers_hands_and_boards_wait_for_the_commit(table: Table, impatient):
    await table.open_and_start()
    match_id = table.live().id
    storage = table.bot.storage
    entered, go = asyncio.Event(), asyncio.Event()
    real = storage.matches.record_action

    async def slow(*args, **kwargs):
        entered.set()
        await go.wait()
        return await real(*args, **kwargs)

    storage.matches.record_action = slow

    first, second = _turns(table)
    moving = await _end_turn(table, first, wait=False)
    await asyncio.wait_for(entered.wait(), 2)
    assert table.live().state.phase != "main"  # applied to the cached state (a discard), not committed yet
    world, bot = table.world, table.bot
    act = next(cid for cid in table.table_message().custom_ids() if cid.startswith("act:"))
    hand = next(cid for cid in table.table_message().custom_ids() if cid.startswith("hand:"))
    guest_act = await world.click(bot, first, table.table_message(), act, wait=False)
    guest_hand = await world.click(bot, second, table.table_message(), hand, wait=False)
    board = await world.slash(bot, STRANGER, CHANNEL, "drump", "board", wait=False)
    await asyncio.sleep(0.1)
    for record in (guest_act, guest_hand, board):
        assert not record.responded or record.deferred, record
        assert not record.text, record.text  # nothing shown from the uncommitted move
    go.set()
    await world.settle()
    assert moving.responded and (await storage.matches.get_match(match_id)).seq == 1
    # Once committed, the picker is for the committed decision, and the others show the committed state.
    assert guest_act.message is not None and any(
        c.startswith("pk") and c.split(":")[2] == "1" for c in guest_act.message.custom_ids()
    ), guest_act.text
    assert guest_hand.text and board.text


async def test_a_final_move_committed_before_a_crash_shows_the_result_after_the_restart(table: Table, db_path, clock):
    await table.open_and_start()
    match_id = table.live().id
    announcer = table.bot.announcer
    real = announcer.after_moves

    async def dies_at_the_end(outcomes, **kwargs):
        if not outcomes[-1].finished:
            await real(outcomes, **kwargs)

    announcer.after_moves = dies_at_the_end
    await table.play_out(lambda live, player, legal: next((a for a in legal if a["type"] == "end_turn"), legal[0]))
    stored = await table.bot.storage.matches.get_match(match_id)
    assert stored.status == "finished" and stored.announced_seq < stored.seq
    table_id = stored.message_id
    assert "Take action" in [b.label for b in table.world.message(table_id).buttons()]

    await _restart(table, db_path, clock)
    final = table.world.message(table_id)
    assert "Take action" not in [b.label for b in final.buttons()]
    assert "is over" in table.channel_text()
    assert (await table.bot.storage.matches.get_match(match_id)).announced_seq == stored.seq
    writes = _channel_writes(table)
    await _restart(table, db_path, clock)
    assert _channel_writes(table) == writes


async def test_commands_under_contention_answer_in_their_thinking_message(table: Table, impatient):
    await table.open_and_start()
    match_id = table.live().id
    release = await _busy(table, match_id)
    board = await table.slash(STRANGER, "board")
    await release
    assert board.deferred and board.ephemeral and "DRUMP" in board.text
    release = await _busy(table, match_id)
    refused = await table.slash(STRANGER, "end")  # not the host: the reason is told privately
    await release
    assert refused.ephemeral and not refused.deferred
    assert "host" in refused.text and (await table.bot.storage.matches.get_match(match_id)).status == "active"
    release = await _busy(table, match_id)
    ended = await table.slash(HOST, "end")
    await release
    assert not ended.ephemeral and "ended" in ended.text
    assert all(i.responded for i in table.world.interactions)


# --- 4. a stored match this build cannot read --------------------------------------------------
#: Damaged copies of a live match, each in a channel of its own: what is broken in each, as SQL.
DAMAGED = {
    "state": "state = '{not json'",
    "game": "game = 'poker'",
    "row": "players = '['",
}


def _rows(db_path, ids) -> list[tuple]:
    import sqlite3

    with sqlite3.connect(db_path) as db:
        return db.execute(f"SELECT * FROM matches WHERE id IN ({','.join('?' * len(ids))}) ORDER BY id", ids).fetchall()


async def test_a_match_that_cannot_be_read_is_skipped_and_left_as_stored_while_the_others_resume(
    table: Table, db_path, clock, caplog
):
    import sqlite3

    await table.open_and_start()
    match_id = table.live().id
    await table.bot.close()
    with sqlite3.connect(db_path) as db:
        columns = [row[1] for row in db.execute("PRAGMA table_info(matches)") if row[1] not in ("id", "channel_id")]
        damaged = []
        for channel, damage in enumerate(DAMAGED.values(), start=CHANNEL + 1):
            copied = db.execute(
                f"INSERT INTO matches (channel_id, {', '.join(columns)})"
                f" SELECT ?, {', '.join(columns)} FROM matches WHERE id = ?",
                (channel, match_id),
            )
            damaged.append(copied.lastrowid)
            db.execute(f"UPDATE matches SET {damage} WHERE id = ?", (copied.lastrowid,))
    before = _rows(db_path, damaged)

    with caplog.at_level("WARNING"):
        fresh = make_bot(db_path, clock, seed=777)
        await table.world.connect(fresh)
        table.bot = fresh
        await table.world.settle()

    # The bot started, and the match it can read plays on from its table.
    first, second = _turns(table)
    await _pass_turn(table, first)
    assert table.live().waiting.turn == second
    # Each damaged match is named once, with why, and once more in the line that counts them.
    for damaged_id, what in zip(
        damaged, ("state does not decode", "'poker' is not in this build", "row is damaged"), strict=True
    ):
        told = [r.getMessage() for r in caplog.records if f"match #{damaged_id} cannot be read" in r.getMessage()]
        assert len(told) == 1 and what in told[0], told
    counted = [r.getMessage() for r in caplog.records if "cannot be read by this build" in r.getMessage()]
    assert counted == [
        f"3 stored match(es) cannot be read by this build and were skipped, left as stored: "
        f"{', '.join(f'#{i}' for i in damaged)}"
    ]
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
    # Nothing of them changed in the file, and a look-up of one answers as if it were not there.
    assert await table.bot.service.matches.load(damaged[0]) is None
    assert _rows(db_path, damaged) == before
