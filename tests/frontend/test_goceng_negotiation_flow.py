"""A whole Extra Power negotiation at 4 and 6 seats, every person answering within the window, scripted click by
click: every helper starts an offer at once (their card picked, the price still to choose) while the others
offer, revise, withdraw and are countered. Nobody's click is answered "no longer current", every half-made
offer is made as its helper meant it, and each person's DMs hold what they should: the hand and one
negotiation DM for a helper, nothing new for the battler."""

from __future__ import annotations

import pytest

from tests.frontend.any_table import close_table, open_table
from tests.frontend.goceng_table import negotiation_ahead, offers_of, prompt_pick, waiting_at
from tools.bench.stale import count_stale
from tools.sim import seat
from tools.sim.models import FakeMessage


async def _half_pick(table, player: int, action: dict) -> FakeMessage:
    """Respond… on the player's negotiation DM, then every click towards ``action`` but the last: the picker as
    a person leaves it while they think about the price."""
    live = await table.live()
    legal = live.game.rules.legal_actions(live.state, player)
    prompt = table.prompt_for(player, live.decision)
    assert prompt is not None, f"{player} has no prompt for the window"
    record = await table.click(player, prompt, seat.act_button(prompt))
    message = record.message
    path = seat.shown_path(message)
    while True:
        pick = seat.next_pick(message, legal, path, action)
        if pick.final:
            return message
        if pick.value is None:
            record = await table.world.click(table.bot, player, message, pick.custom_id)
        else:
            record = await table.world.select(table.bot, player, message, pick.custom_id, [pick.value])
        await table.world.settle()
        await table._clicked(record)
        message, path = record.message, pick.path


async def _finish(table, player: int, picker: FakeMessage, action: dict) -> None:
    """The last click of a half-made offer, on the picker as it is now (what was picked stays picked)."""
    live = await table.live()
    legal = live.game.rules.legal_actions(live.state, player)
    shown = table.world.message(picker.id)
    await seat.click_through(table.world, table.bot, player, shown, legal, action, after_click=table._clicked)


@pytest.mark.parametrize(("players", "seed"), [(4, 5), (6, 3)])
async def test_every_half_made_offer_survives_the_others_and_nobody_is_told_their_click_is_stale(
    db_path, clock, players, seed
):
    table = await open_table(db_path, clock, "goceng", players, 0, seed)
    try:
        await table.open_and_start()
        live = await table.play_out(until=negotiation_ahead(2))
        assert live is not None, "no negotiation with two fitting helpers"
        battler = live.state.battle.holder
        start = len(table.clicks)
        asked = await table.act(battler, {"type": "ask_help"}, via="table")
        live = await table.live()
        helpers = sorted(p for p in live.waiting.actors if p != battler)
        assert len(helpers) == players - 2
        sellers = [h for h in helpers if offers_of(live, h)]
        assert len(sellers) >= 2
        dms = {p: len(table.world.dm_messages(p)) for p in table.humans}

        # Every seller picks a card and stops at the price; those with nothing to sell decline at once.
        wanted = {h: offers_of(live, h)[-1] for h in sellers}
        half = {h: await _half_pick(table, h, wanted[h]) for h in sellers}
        for other in helpers:
            if other not in sellers:
                await prompt_pick(table, other, {"type": "decline"})

        first, second, *rest = sellers
        # The first finishes, then revises to a lower price from a new picker; the battler counters it.
        await _finish(table, first, half.pop(first), wanted[first])
        live = await table.live()
        lower = [o for o in offers_of(live, first) if o["card"] == wanted[first]["card"]]
        cheaper = max((o for o in lower if o["price"] < wanted[first]["price"]), key=lambda o: o["price"])
        assert cheaper["price"] > 0, "a price to counter"
        await table.act(first, cheaper, via="table")
        await prompt_pick(table, battler, {"type": "counter", "helper": first, "price": 0})
        # Meanwhile the others finish what they started; one of them withdraws again.
        for helper in [second, *rest]:
            await _finish(table, helper, half.pop(helper), wanted[helper])
        await table.act(second, {"type": "withdraw"}, via="table")
        live = await table.live()
        standing = {o["player"]: o for o in live.state.battle.window.stack}
        assert set(standing) == {first, *rest}
        assert all(standing[h]["price"] == wanted[h]["price"] for h in rest)  # each offer as its helper meant it
        assert standing[first]["price"] == cheaper["price"] and standing[first]["counter"] == 0

        await prompt_pick(table, first, {"type": "take_counter"})  # the deal closes at the counter-offer
        live = await table.live()
        assert live.state.battle is None or live.state.battle.window is None
        assert count_stale(table.clicks[start:]) == {}, [c.text for c in table.clicks[start:] if "over" in c.text]

        await table.world.settle()
        # The battler followed it all on the picker they asked from: no DM. Each helper has one negotiation DM.
        assert len(table.world.dm_messages(battler)) == dms[battler]
        assert table.world.message(asked.message.id) is not None
        for helper in helpers:  # at rest, how the window ended (the one who closed it: their own answer)
            (rest_dm,) = table.world.dm_messages(helper)[1:]
            assert "for 0 silver" in rest_dm.text and not rest_dm.custom_ids()
            assert "Nothing to answer now" in rest_dm.text or helper == first
        assert waiting_at(table, battler) is None  # the picker shows the deal done, nothing left to press
        assert all(i.responded for i in table.world.interactions)
    finally:
        await close_table(table)
