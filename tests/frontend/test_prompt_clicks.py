"""A window prompt as its player answers it, at a Mat Goceng table (the game whose window has rounds):
Respond… turns the prompt into the picker, what a click touched is edited later through that click's
token (free of the global rate limit), and a new round that leaves a player's choices as they were
leaves their prompt alone, its Pass still passing."""

from __future__ import annotations

import discord
import pytest

from bot.frontend.ui.components import PassButton
from tests.frontend.any_table import close_table, open_table
from tests.frontend.goceng_table import help_asked, offers_of, prompt_pick, waiting_at
from tools.sim import seat


@pytest.fixture
async def table(db_path, clock):
    opened = await open_table(db_path, clock, "goceng", 4, 0, 5)
    await opened.open_and_start()
    yield opened
    await close_table(opened)


def _dm_channel(table, player: int) -> int:
    return table.world.directory.users[player].dm_channel_id


def _touching(table, mark: int, message_id: int) -> list:
    return [r for r in table.world.requests[mark:] if r.message_id == message_id]


def _posts_to(table, mark: int, player: int) -> list:
    channel = f"/channels/{_dm_channel(table, player)}/messages"
    return [r for r in table.world.requests[mark:] if r.method == "POST" and r.path == channel]


async def test_respond_turns_the_prompt_into_the_picker_and_its_removal_goes_through_the_click(table):
    battler, a, b = await help_asked(table)
    live = await table.live()
    prompt = table.prompt_for(b, live.decision)
    dms = len(table.world.dm_messages(b))

    opened = await table.click(b, prompt, f"act:{table.match_id}:{live.decision}")
    assert opened.message is not None and opened.message.id == prompt.id  # edited in place, nothing new
    assert len(table.world.dm_messages(b)) == dms
    assert any(c.startswith(("pkb:", "pks:")) for c in table.world.message(prompt.id).custom_ids())

    mark = len(table.world.requests)
    await seat.click_through(
        table.world,
        table.bot,
        b,
        table.world.message(prompt.id),
        live.game.rules.legal_actions(live.state, b),
        offers_of(live, b)[-1],
        after_click=table._clicked,
    )
    await table.world.settle()
    live = await table.live()
    assert b in live.waiting.actors  # their offer stands: they may still change or withdraw it
    shown = table.world.message(prompt.id)
    assert any(f":{live.decision}:" in c for c in shown.custom_ids() if c.startswith(("pkb:", "pks:")))
    assert _posts_to(table, mark, b) == [], "the mover was prompted again; their reply shows what follows"
    assert not [r for r in _touching(table, mark, prompt.id) if r.route.startswith("/channels/")]  # the clicks' own

    await prompt_pick(table, a, {"type": "decline"})
    mark = len(table.world.requests)
    await prompt_pick(table, battler, {"type": "no_help"})
    await table.world.settle()
    rested = _touching(table, mark, prompt.id)
    assert rested and all(r.method == "PATCH" and r.route.startswith("/webhooks/") for r in rested)
    # The window is over: b's negotiation DM rests until the next window asks again, saying how it ended,
    # with nothing left to press; it is the only DM of the match besides b's hand.
    shown = table.world.message(prompt.id)
    assert not shown.deleted and not shown.custom_ids() and "takes no offer" in shown.text.lower(), shown.text
    assert [m.id for m in table.world.dm_messages(b)][1:] == [prompt.id]


async def test_a_new_round_that_leaves_a_helpers_choices_leaves_their_prompt_and_its_pass_passes(table):
    battler, a, b = await help_asked(table)
    live = await table.live()
    decision = live.decision
    prompt = table.prompt_for(a, decision)
    passing = PassButton.on(prompt.custom_ids(), table.match_id, decision)
    assert passing is not None and passing != PassButton.custom_id_for(
        table.match_id, decision
    )  # it names its question

    mark = len(table.world.requests)
    await prompt_pick(table, b, offers_of(live, b)[-1])
    assert (await table.live()).decision == decision  # an offer asks nobody new: the round goes on
    await prompt_pick(table, b, {"type": "stand"})  # b's part is done...
    await prompt_pick(table, battler, {"type": "counter", "helper": b, "price": 0})  # ...a counter asks b anew
    await table.world.settle()
    live = await table.live()
    assert live.decision != decision and a in live.waiting.actors
    assert _touching(table, mark, prompt.id) == [] and _posts_to(table, mark, a) == []

    seq = live.record.seq
    passed = await table.click(a, prompt, passing)
    assert "done" in passed.text, passed.text
    live = await table.live()
    assert live.record.seq == seq + 1 and a not in live.waiting.actors
    last = (await table.bot.storage.matches.action_log(table.match_id))[-1]
    assert last.player_id == a and last.action["type"] == "decline"  # the helper's pass, in today's round


async def test_a_pass_whose_question_changed_shows_the_question_now_and_passes_nothing(table):
    battler, a, b = await help_asked(table)
    live = await table.live()
    old = live.decision
    await prompt_pick(table, b, offers_of(live, b)[-1])
    await prompt_pick(table, b, {"type": "stand"})
    await prompt_pick(table, battler, {"type": "counter", "helper": b, "price": 0})  # asks b anew: a new round
    live = await table.live()
    assert live.decision != old and a in live.waiting.actors
    view = discord.ui.View(timeout=None)
    view.add_item(PassButton.make(table.match_id, old, "Decline", "000000"))  # another question's print
    stale = await table.bot.get_partial_messageable(_dm_channel(table, a)).send(content="an old prompt", view=view)
    seq = live.record.seq

    record = await table.click(
        a, table.world.message(stale.id), PassButton.custom_id_for(table.match_id, old, "000000")
    )
    assert "question changed" in record.text, record.text
    shown = table.world.message(stale.id)
    assert any(f":{live.decision}:" in c for c in shown.custom_ids() if c.startswith(("pkb:", "pks:")))
    assert (await table.live()).record.seq == seq


async def test_the_battlers_picker_shows_each_new_offer_in_place_through_their_click(table):
    """The battler asked for help from their picker: each offer comes up on it as it arrives, edited through their
    click's token (free of the global rate limit), with no DM; a helper's quiet decline changes nothing there."""
    battler, a, b = await help_asked(table)
    picker = waiting_at(table, battler)
    assert picker is not None
    dms = len(table.world.dm_messages(battler))
    mark = len(table.world.requests)
    await prompt_pick(table, a, offers_of(await table.live(), a)[-1])
    assert "1 offer" in table.world.message(picker.id).text
    await prompt_pick(table, b, offers_of(await table.live(), b)[-1])  # a second offer: the same picker shows both
    await table.world.settle()
    assert "2 offers" in table.world.message(picker.id).text
    touched = _touching(table, mark, picker.id)
    assert len(touched) == 2 and all(r.method == "PATCH" and r.route.startswith("/webhooks/") for r in touched)
    assert len(table.world.dm_messages(battler)) == dms and _posts_to(table, mark, battler) == []


async def test_a_helpers_half_made_offer_survives_rival_offers_a_stand_and_a_counter(table):
    """Helper a opens their picker at the offer (Respond…); meanwhile b offers, stands, and the battler counters b
    (a new round). a's choices did not change, so a's next click (the price) still makes a's offer."""
    battler, a, b = await help_asked(table)
    live = await table.live()
    decision = live.decision
    prompt = table.prompt_for(a, decision)
    await table.click(a, prompt, f"act:{table.match_id}:{decision}")  # Respond…: the prompt is a's picker
    legal_a = live.game.rules.legal_actions(live.state, a)
    wanted = offers_of(live, a)[-1]
    assert seat.shown_path(table.world.message(prompt.id)), "the picker opens at the offer, its prices shown"

    await prompt_pick(table, b, offers_of(live, b)[-1])
    await prompt_pick(table, b, {"type": "stand"})
    await prompt_pick(table, battler, {"type": "counter", "helper": b, "price": 0})
    live = await table.live()
    assert live.decision != decision, "the counter started a new round"

    picker = table.world.message(prompt.id)
    clicks = len(table.clicks)
    await seat.click_through(table.world, table.bot, a, picker, legal_a, wanted, after_click=table._clicked)
    assert not [c.text for c in table.clicks[clicks:] if "question changed" in c.text or "over" in c.text]
    live = await table.live()
    assert any(o["player"] == a and o["price"] == wanted["price"] for o in live.state.battle.window.stack)


async def test_a_helper_sells_at_a_counter_offer_with_one_click_from_the_notification(table):
    """A yes or no is one tap: the countered helper's prompt carries "Sell for 0 silver" beside Refuse (its Pass)
    and Respond… (for a new price)."""
    battler, a, b = await help_asked(table)
    live = await table.live()
    await prompt_pick(table, b, offers_of(live, b)[-1])
    await prompt_pick(table, b, {"type": "stand"})
    await prompt_pick(table, battler, {"type": "counter", "helper": b, "price": 0})
    live = await table.live()
    prompt = table.world.dm_messages(b)[-1]
    sell = seat.one_tap(prompt, live.game.rules.legal_actions(live.state, b), {"type": "take_counter"})
    assert sell is not None and any(c.startswith("act:") for c in prompt.custom_ids()), prompt.custom_ids()
    coins = live.state.coins[battler]
    await table.click(b, prompt, sell)
    live = await table.live()
    assert live.state.battle is None or live.state.battle.window is None  # the deal is done, at 0 silver
    assert live.state.coins[battler] == coins
