"""A move's reply is built while its commit runs, sent only once it is done, and never held up by a picture.

Commit first, then show: the reply to the click that applies a move may be
rendered while the SQLite commit is in its worker thread, but no request for it
leaves before the commit returned. The new hand picture on that reply follows in a
second edit, so drawing it never delays the answer, and it never lands on a
picker that a newer one replaced.
"""

from __future__ import annotations

import asyncio
import threading

from bot.frontend.ui import render
from bot.frontend.ui.components import PickButton
from bot.frontend.ui.picker import walk
from bot.pictures.drawing import draw_hand
from tests.frontend.table_driver import Table
from tools.sim import seat


def _mover(table: Table) -> int:
    return table.live().waiting.turn


async def _open_end_turn(table: Table, player: int) -> tuple[object, str]:
    picker = (await table.open_picker(player)).message
    return picker, next(b.custom_id for b in picker.buttons() if b.label == "End turn")


async def _place_without_last_click(table: Table, player: int):
    """Open the picker and click through a card placement up to (not including) its last click.

    Returns the picker message and a coroutine function making that last click without waiting.
    A placement leaves the player at their turn with one card fewer: a new hand picture is due.
    """
    live = table.live()
    legal = live.game.rules.legal_actions(live.state, player)
    action = next(a for a in legal if a["type"] == "place")
    message = (await table.open_picker(player)).message
    path: tuple[int, ...] = ()
    while True:
        step = walk(legal, path)
        index = next(c.index for c in step.choices if action.get(c.key) == c.value)
        if walk(legal, path + (index,)).action is not None:
            break
        message = (await seat.choose(table.world, table.bot, player, message, path, index)).message
        path += (index,)
    fingerprint = next(c for c in message.custom_ids() if c.startswith(("pkb:", "pks:"))).split(":")[3]
    button = PickButton.custom_id_for(live.id, live.decision, fingerprint, path, index)

    async def last_click():
        if button in message.custom_ids():
            return await table.world.click(table.bot, player, message, button, wait=False)
        select = next(s for s in message.selects() if str(index) in s.values)
        return await table.world.select(table.bot, player, message, select.custom_id, [str(index)], wait=False)

    return message, last_click


async def _until(condition, seconds: float = 5.0) -> None:
    """Wait (without timing anything) until ``condition()`` holds; fails the test if it never does."""
    for _ in range(int(seconds / 0.01)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the condition never held")


async def test_the_movers_reply_is_built_during_the_commit_and_sent_only_after_it(table: Table):
    await table.open_and_start()
    player = _mover(table)
    picker, end_turn = await _open_end_turn(table, player)
    storage, handlers = table.bot.storage, table.bot.handlers.picking
    entered, go = asyncio.Event(), asyncio.Event()
    committed_at: list[float] = []
    real_commit, real_after_pick = storage.matches.record_action, handlers._after_pick

    async def held_commit(*args, **kwargs):
        entered.set()
        await go.wait()
        try:
            return await real_commit(*args, **kwargs)
        finally:
            committed_at.append(asyncio.get_running_loop().time())

    built_while_held: list[bool] = []

    def after_pick(*args, **kwargs):
        built_while_held.append(entered.is_set() and not go.is_set())
        return real_after_pick(*args, **kwargs)

    storage.matches.record_action = held_commit
    handlers._after_pick = after_pick
    moving = await table.world.click(table.bot, player, picker, end_turn, wait=False)
    await asyncio.wait_for(entered.wait(), 2)
    await _until(lambda: bool(built_while_held))
    assert built_while_held == [True]  # the reply was built with the commit still running
    assert not moving.requests and not moving.responded  # ...and nothing of it was sent
    go.set()
    await table.world.settle()
    assert moving.responded and committed_at
    assert moving.requests[0].at >= committed_at[0]  # sent after the commit returned
    assert len(built_while_held) == 1  # built once: no automatic pass followed the move


async def test_a_failed_commit_sends_nothing_of_the_reply_built_meanwhile(table: Table):
    await table.open_and_start()
    player = _mover(table)
    picker, end_turn = await _open_end_turn(table, player)
    storage = table.bot.storage
    seq, match_id = table.live().record.seq, table.live().id

    async def failing(*args, **kwargs):
        raise OSError("disk full")

    storage.matches.record_action = failing
    moving = await table.click(player, picker, end_turn)
    table.world.settler.forget_errors()
    assert "Something went wrong" in moving.text  # the player is told, not shown the unstored move
    assert "End turn" in [b.label for b in table.world.message(picker.id).buttons()] or moving.message is None
    held = await table.bot.service.matches.load(match_id)  # read again: the failure dropped the held copy
    assert held.record.seq == seq and (await storage.matches.get_match(match_id)).seq == seq


async def test_the_reply_does_not_wait_for_its_new_hand_picture(table: Table, monkeypatch):
    await table.open_and_start()
    player = _mover(table)
    picker, last_click = await _place_without_last_click(table, player)
    before = list(table.world.message(picker.id).attachments)
    ids_before = picker.custom_ids()
    assert before, "the picker shows the hand before the move"
    gate = _gate_drawing(monkeypatch)
    moving = await last_click()
    try:
        await _until(lambda: moving.responded)
        shown = table.world.message(picker.id)
        assert shown.custom_ids() != ids_before and "✅" in shown.content  # the next question is on screen
        assert shown.attachments == before  # the picture it had stays until the new one is drawn
    finally:
        gate.set()
    await table.world.settle()
    after = table.live()
    assert player in after.waiting.actors  # a placement leaves the turn with its player
    shown = table.world.message(picker.id)
    hands = [a for a in shown.attachments if a["filename"].startswith("hand-")]
    assert len(hands) == 1 and shown.embeds[0]["image"]["url"] == hands[0]["url"] and shown.attachments != before
    assert shown.files[hands[0]["filename"]] == draw_hand(
        after.game, after.game.rules.view(after.state, player), after.record.names
    )


def _gate_drawing(monkeypatch) -> threading.Event:
    """Every picture drawn from now on waits for the returned event (set it before settling)."""
    gate = threading.Event()
    real_drawing = render.drawing

    def gated(live, viewer, *, own_copy=False):
        draw = real_drawing(live, viewer, own_copy=own_copy)

        def held():
            gate.wait(5)
            return draw()

        return held

    monkeypatch.setattr(render, "drawing", gated)
    return gate


async def test_a_hand_picture_never_lands_on_a_picker_replaced_meanwhile(table: Table, monkeypatch):
    await table.open_and_start()
    player = _mover(table)
    picker, last_click = await _place_without_last_click(table, player)
    real_drawing = render.drawing
    gate = _gate_drawing(monkeypatch)
    moving = await last_click()
    try:
        await _until(lambda: moving.responded)
        monkeypatch.setattr(render, "drawing", real_drawing)
        assert player in table.live().waiting.actors  # a placement leaves the turn with its player
        act = next(c for c in table.table_message().custom_ids() if c.startswith("act:"))
        newer = await table.world.click(table.bot, player, table.table_message(), act, wait=False)
        await _until(lambda: newer.responded)
    finally:
        gate.set()
    await table.world.settle()
    assert [r for r in moving.requests[1:] if r.files] == []  # no picture for a reply a newer picker replaced
    assert table.world.message(picker.id).deleted  # removed by the newer picker
