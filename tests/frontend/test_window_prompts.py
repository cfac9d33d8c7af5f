"""Secret response windows in Discord: told privately, passed with one click, never named in the channel.

A four-person Drama Pukul 7 table, through discord.py's real code and the
stand-in for Discord. The seed is chosen (with the engine alone) so that the
first Plot Twist window has players who may play one and players who may only
pass; the driver then plays only by clicking what the bot sent.
"""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.frontend.ui.components import LobbyButton, PassButton, PrefButton
from bot.kernel.module import get_game
from bot.play import match_locks
from tests.frontend.table_driver import CHANNEL, GUEST, HOST, MODERATOR, STRANGER, make_bot, make_world
from tools.sim import seat

PLAYERS = [HOST, GUEST, STRANGER, MODERATOR]
GAME = get_game("drama")


def _seed_with_a_mixed_first_window() -> int:
    """A seed whose first window (heroes picked by their first option) has answerers and passers."""
    for seed in range(1, 500):
        s = GAME.rules.new_game(PLAYERS, seed)
        while s.phase == "pick":
            pid = s.pick_queue[0]
            GAME.rules.apply(s, pid, GAME.rules.legal_actions(s, pid)[0])
        waiting = GAME.rules.waiting(s)
        choosers = [p for p in waiting.actors if len(GAME.rules.legal_actions(s, p)) > 1]
        passers = [p for p in waiting.actors if len(GAME.rules.legal_actions(s, p)) == 1]
        if waiting.window is not None and len(choosers) >= 2 and passers:
            return seed
    raise AssertionError("no such seed")


@pytest.fixture
async def drama_table(db_path, clock):
    world = make_world()
    bot = make_bot(db_path, clock, seed=_seed_with_a_mixed_first_window())
    await world.connect(bot)
    yield world, bot
    if not bot.is_closed():
        await bot.close()
    world.close()


def _mentions(text: str) -> set[int]:
    return {int(m) for m in re.findall(r"<@!?(\d+)>", text)}


async def _open_first_window(world, bot):
    new = await world.slash(bot, HOST, CHANNEL, "drama", "new")
    await world.settle()
    live = next(iter(bot.service.matches._cache.values()))
    for pid in PLAYERS[1:]:
        await world.click(bot, pid, new.message, LobbyButton.custom_id_for(live.id, "join"))
        await world.settle()
    await world.click(bot, HOST, world.message(new.message.id), LobbyButton.custom_id_for(live.id, "start"))
    await world.settle()
    while live.state.phase == "pick":
        pid = live.state.pick_queue[0]
        legal = GAME.rules.legal_actions(live.state, pid)
        await seat.play(world, bot, pid, world.message(live.record.message_id), legal, legal[0])
    assert live.waiting.in_window
    return live


async def test_a_secret_window_is_told_privately_and_passed_with_one_click(drama_table):
    world, bot = drama_table
    live = await _open_first_window(world, bot)
    waiting = live.waiting
    choosers = sorted(waiting.actors)
    assert len(choosers) >= 2, "players with nothing to answer were passed for at once"
    assert all(len(GAME.rules.legal_actions(live.state, p)) > 1 for p in choosers)
    # Nobody in the channel is told who may answer: no mention, no name on the table's line.
    channel = [m for m in world.channel_messages(CHANNEL) if not m.deleted]
    for message in channel:
        assert not (_mentions(message.text) & set(choosers)), message.text
    table = world.message(live.record.message_id)
    assert "Responses open" in table.text
    status = next(line for line in table.text.splitlines() if "Responses open" in line)
    assert all(live.name_of(p) not in status for p in PLAYERS)
    # Each who may answer has a private prompt, the question first, with Respond / Pass / Pass until my turn.
    prompts = {}
    for pid in PLAYERS:
        found = [m for m in world.dm_messages(pid) if "You may respond" in m.text and m.custom_ids()]
        assert bool(found) == (pid in choosers), pid
        if found:
            prompts[pid] = found[-1]
            assert prompts[pid].text.startswith("⚡ **")  # the question first
            assert "respond" in prompts[pid].text.splitlines()[0]
            assert PassButton.on(prompts[pid].custom_ids(), live.id, live.decision)
    first, second = choosers[0], choosers[1]
    # One click passes; the prompt folds to one line; the others' prompts stay valid.
    decision = live.decision
    passed = await world.click(
        bot, first, prompts[first], PassButton.on(prompts[first].custom_ids(), live.id, decision)
    )
    await world.settle()
    assert passed.responded and prompts[first].custom_ids() == [] and "done" in prompts[first].text
    assert first not in live.waiting.actors
    assert live.decision == decision and PassButton.on(prompts[second].custom_ids(), live.id, decision)
    # "Pass until my turn" straight from the prompt.
    skip = await world.click(bot, second, prompts[second], PrefButton.custom_id_for(live.id, "skip", True))
    await world.settle()
    assert skip.responded and second in (await bot.storage.matches.get_match(live.id)).skipping
    assert second not in live.waiting.actors or live.decision != decision
    refusals = [i for i in world.interactions if "question is over" in i.text or "earlier turn" in i.text]
    assert refusals == []


async def test_a_prompt_from_a_round_that_ended_folds_instead_of_acting(drama_table):
    world, bot = drama_table
    live = await _open_first_window(world, bot)
    choosers = sorted(live.waiting.actors)
    prompts = {p: [m for m in world.dm_messages(p) if "You may respond" in m.text][-1] for p in choosers}
    decision = live.decision
    for pid in choosers:  # everyone answers through their prompt: the round ends
        await world.click(bot, pid, prompts[pid], PassButton.on(prompts[pid].custom_ids(), live.id, decision))
        await world.settle()
    assert live.decision != decision
    seq = live.record.seq
    # Every prompt of the round that ended is folded: no live-looking buttons left behind.
    assert all(prompts[p].custom_ids() == [] for p in choosers)
    assert live.record.seq == seq


async def test_pickers_of_a_finished_match_are_let_go(drama_table):
    world, bot = drama_table
    live = await _open_first_window(world, bot)
    assert len(bot.pickers) > 0  # the hero pickers are kept to fold them later
    for pid in PLAYERS:
        if live.record.status != "active":
            break
        await world.slash(bot, pid, CHANNEL, "drama", "concede")
        await world.settle()
    assert live.record.status == "finished"
    assert len(bot.pickers) == 0


async def test_tidying_a_rounds_prompts_never_holds_up_the_match(drama_table, clock):
    """Bringing the round's prompts to rest (their buttons taken away) only tidies up: Discord being slow to
    take those edits leaves the match free for its next move."""
    world, bot = drama_table
    live = await _open_first_window(world, bot)
    choosers = sorted(live.waiting.actors)
    prompts = {p: [m for m in world.dm_messages(p) if "You may respond" in m.text][-1] for p in choosers}
    held = {str(prompts[p].id) for p in choosers}
    gate, asked = asyncio.Event(), []
    inner = bot.http.request

    def tidies(route) -> bool:
        return route.method in ("PATCH", "DELETE") and route.url.rsplit("/", 1)[-1] in held

    async def request(route, **kwargs):  # Discord takes no edit or removal of these prompts until the gate opens
        if tidies(route):
            asked.append(route.url)
            await gate.wait()
        return await inner(route, **kwargs)

    bot.http.request = request
    decision = live.decision
    clock.advance(live.record.deadline - clock.now() + 0.5)
    timer = asyncio.ensure_future(bot.scheduler.run_due())  # the window times out: its round is over
    lock = bot.service.matches.lock(live.id)
    try:
        for _ in range(500):  # the rest of the round's announcements (hand DMs, the table) finish meanwhile
            if timer.done() and match_locks.is_free(lock) and asked:
                break
            await asyncio.sleep(0.01)
        assert timer.done() and match_locks.is_free(lock), "tidying a prompt up waiting for Discord holds the match"
        assert live.decision != decision
        assert asked and all(prompts[p].custom_ids() for p in choosers)  # asked for, not taken yet
    finally:
        gate.set()
        await timer
    await world.settle()
    assert all(prompts[p].deleted or not prompts[p].custom_ids() for p in choosers)  # no live-looking buttons left
