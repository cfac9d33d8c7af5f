"""Mat Goceng in Discord, through clicks only: whole matches at 3 and 6 players, secret identities,
quiet battles, and the Extra Power negotiation (offers, revisions, withdrawals, counter-offers)."""

from __future__ import annotations

import pytest

from bot.frontend.ui import render
from bot.games.goceng.cards import load_cards
from tests.frontend.any_table import CHANNEL, GUILD, open_table
from tests.frontend.goceng_table import help_asked, negotiation_ahead, offers_of, prompt_pick, waiting_at, watch_dms
from tools.sim import seat


async def _open(tables, db_path, clock, humans, ais, seed=1):
    table = await open_table(db_path, clock, "goceng", humans, ais, seed)
    tables.append(table)
    return table


@pytest.mark.parametrize(("humans", "ais"), [(3, 0), (3, 3)])
@pytest.mark.slow
async def test_a_whole_match_keeps_every_identity_secret_and_battles_quiet(tables, db_path, clock, humans, ais):
    table = await _open(tables, db_path, clock, humans, ais, seed=humans + ais)
    table.prefer = frozenset({"ask_help"})  # negotiations at every chance
    dm_leaks = watch_dms(table)
    await table.open_and_start()
    live = await table.live()
    cards = load_cards().characters
    for player in table.humans:  # the identity DM: character, objective in full, what winning means
        dm = table.world.dm_messages(player)[0]
        character = cards[live.state.characters[player]]
        assert f"Your character: 🎭 **{character.name}**" in dm.text and character.objective in dm.text
        assert "You win if" in dm.text and "Kedai Kopi" in dm.content and f"<#{CHANNEL}>" in dm.content
        assert f"match #{table.match_id}" in dm.content
    await table.play_out()
    stored = await table.bot.storage.matches.get_match(table.match_id)
    assert stored.status == "finished"
    watch = table.watch
    assert watch.secret_checks > 0 and watch.leaks == [], watch.leaks[:2]
    assert dm_leaks == [], [(r, c, t[:200]) for r, c, t in dm_leaks[:2]]
    assert dm_leaks.known_seen >= humans
    assert watch.windows_seen["secret"] > 0
    # A battle card is a line on the table, never a mention: at most one mention per player per turn.
    for player in table.humans:
        assert watch.mentions[player] <= watch.turns, (player, watch.mentions[player], watch.turns)
        assert max(n for (p, _), n in watch.mentions_by_turn.items() if p == player) <= 1
    assert watch.secret_mentions == []
    final = table.world.message(table.table_id).text
    assert " win" in final or "No winner" in final
    live = await table.live()
    for player in live.state.players:  # each seat says whether it won, as which character, and its silver
        seat = next(line for line in final.splitlines() if f"**{live.record.names[player]}** (" in line)
        assert seat[0] in "🏆✖" and f"🪙{live.state.coins[player]}" in seat, seat
    assert "Draw" not in final


async def _on_picker(table, player, picker, action):
    """Click ``action`` through on ``picker`` (the message the player asked from, brought up to date)."""
    live = await table.live()
    legal = live.game.rules.legal_actions(live.state, player)
    message = table.world.message(picker.id)
    return await seat.click_through(table.world, table.bot, player, message, legal, action, after_click=table._clicked)


def _negotiation_dms(table, player):
    """The player's DMs of the match that are not their hand DM (the first one)."""
    return table.world.dm_messages(player)[1:]


async def test_a_negotiation_through_dm_prompts(tables, db_path, clock):
    """Two helpers compete; one revises, the other withdraws; a counter is refused, an offer accepted;
    in a later window a counter is taken. The battler sees each offer arrive on the picker they asked
    from (no DM); each helper has one negotiation DM for the whole match, edited in place, that
    notifies again only for a counter-offer they must answer away from it."""
    table = await _open(tables, db_path, clock, 4, 0, seed=5)
    dm_leaks = watch_dms(table)
    await table.open_and_start()
    live = await table.play_out(until=negotiation_ahead(2))
    assert live is not None
    battler = live.state.battle.holder
    helpers = sorted(p for p in live.state.players if p not in (live.state.battle.attacker, live.state.battle.defender))
    a, b = helpers
    asked = await table.act(battler, {"type": "ask_help"}, via="table")
    picker = asked.message
    live = await table.live()
    assert live.waiting.actors == {battler, a, b}  # everyone outside the battle is asked; the battler may take none
    assert table.world.message(table.table_id).text.count("<@") <= 1
    before = len(table.world.dm_messages(battler))
    assert [len(_negotiation_dms(table, h)) for h in (a, b)] == [1, 1]  # each helper's negotiation DM, posted

    high = offers_of(live, a)[-1]
    await prompt_pick(table, a, high)
    shown = table.world.message(picker.id).text
    # The offer comes up where the battler waits (the picker they asked from), its card named: no DM at all.
    assert len(table.world.dm_messages(battler)) == before
    assert "1 offer for your line" in shown
    name = live.record.names[a]
    assert any(line.startswith(f"🤝 Offers: {name} ") and "→" in line for line in shown.splitlines())  # its card
    table_text = table.world.message(table.table_id).text
    offers_line = f"└ 🤝 offers: {name} 🪙{high['price']}"
    assert offers_line in table_text and f"{name} offers a card: {high['price']} silver" in table_text
    assert all("→" not in line for line in table_text.splitlines() if "offers" in line)  # the card stays private

    b_dm = _negotiation_dms(table, b)[0]
    await prompt_pick(table, b, offers_of(await table.live(), b)[0])
    live = await table.live()
    assert "2 offers for your line" in table.world.message(picker.id).text
    assert len(table.world.dm_messages(battler)) == before

    lower = max(
        (o for o in offers_of(live, a) if o["card"] == high["card"] and o["price"] < high["price"]),
        key=lambda o: o["price"],
    )
    await table.act(a, lower, via="table")  # a revision, from a's own picker under the table
    await table.act(b, {"type": "withdraw"})
    live = await table.live()
    assert [o["player"] for o in live.state.battle.window.stack] == [a]
    assert "1 offer for your line" in table.world.message(picker.id).text
    assert _negotiation_dms(table, b) == [b_dm] and not b_dm.deleted  # one DM, edited, never a second

    assert lower["price"] > 0
    a_dms = len(table.world.dm_messages(a))
    await _on_picker(table, battler, picker, {"type": "counter", "helper": a, "price": 0})
    # a must decide something new and is not looking at their DM: a new one notifies them (the old one goes)
    assert "sell?" in table.world.dm_messages(a)[-1].text
    assert len(table.world.dm_messages(a)) == a_dms
    await prompt_pick(table, a, {"type": "refuse_counter"})
    assert "refuses: still" in table.world.message(table.table_id).text
    live = await table.live()
    coins = dict(live.state.coins)
    await _on_picker(table, battler, picker, {"type": "accept", "helper": a})
    live = await table.live()
    assert live.state.battle is None or live.state.battle.window is None
    assert coins[battler] - live.state.coins[battler] == lower["price"]
    await table.world.settle()
    for helper in (a, b):  # at rest: how the window ended, no buttons, nothing else left behind
        (rest,) = _negotiation_dms(table, helper)
        assert f"takes {live.name_of(a)}'s" in rest.text and "Nothing to answer now" in rest.text
        assert not rest.custom_ids()
    assert dm_leaks == []

    # a later window: the same negotiation DMs ask again, edited in place; a counter-offer taken closes the deal
    live = await table.play_out(until=negotiation_ahead(1))
    assert live is not None
    battler = live.state.battle.holder
    resting = {p: _negotiation_dms(table, p) for p in table.humans if p != battler}
    await table.act(battler, {"type": "ask_help"})
    live = await table.live()
    for player in sorted(live.waiting.actors - {battler}):
        if resting[player]:
            assert _negotiation_dms(table, player) == resting[player]  # edited, not posted: no new notification
            assert any(c.startswith("pass:") for c in resting[player][0].custom_ids())
    helper = next(p for p in sorted(live.waiting.actors) if offers_of(live, p))
    for other in sorted(live.waiting.actors - {helper, battler}):
        await prompt_pick(table, other, {"type": "decline"})
    await prompt_pick(table, helper, offers_of(await table.live(), helper)[-1])
    live = await table.live()
    price = live.state.battle.window.stack[0]["price"]
    coins = dict(live.state.coins)
    await table.act(battler, {"type": "counter", "helper": helper, "price": 0})
    await prompt_pick(table, helper, {"type": "take_counter"})
    live = await table.live()
    assert live.state.coins[battler] == coins[battler] and price > 0
    assert any("takes the counter-offer of 0 silver" in line for line in (await table.live()).record.recent)
    assert dm_leaks == []
    assert all(i.responded for i in table.world.interactions)


async def test_a_battler_with_closed_dms_negotiates_through_the_table(tables, db_path, clock):
    table = await _open(tables, db_path, clock, 4, 0, seed=7)
    closed = table.humans[0]
    table.world.directory.close_dms(closed)
    await table.open_and_start()
    live = await table.play_out(until=negotiation_ahead(1, battler=closed))
    assert live is not None
    asked = await table.act(closed, {"type": "ask_help"})
    live = await table.live()
    helper = next(p for p in sorted(live.waiting.actors) if offers_of(live, p))
    for other in sorted(live.waiting.actors - {helper, closed}):
        await prompt_pick(table, other, {"type": "decline"})
    offer = offers_of(await table.live(), helper)[0]
    before = {m.id for m in table.world.channel_messages(CHANNEL)}
    await prompt_pick(table, helper, offer)
    assert table.world.dm_messages(closed) == []
    # The channel calls them for the window (no DM can notify them), the offer quoted.
    called = [m for m in table.world.channel_messages(CHANNEL) if f"<@{closed}>" in (m.content or "")]
    assert called and called[-1].id not in before and "offers a card" in called[-1].text
    # No DM can tell them: the picker they asked from shows the offer as it arrives, its Accept right there.
    live = await table.live()
    picker = table.world.message(asked.message.id)
    assert seat.one_tap(picker, live.game.rules.legal_actions(live.state, closed), {"type": "accept", "helper": helper})
    assert live.name_of(helper) in picker.text
    # The ephemeral route: Take action on the table opens the picker with the offer to accept.
    record = await table.act(closed, {"type": "accept", "helper": helper}, via="table")
    assert record.ephemeral
    live = await table.live()
    assert live.state.battle is None or live.state.battle.window is None
    assert f"takes {live.name_of(helper)}'s" in table.world.message(table.table_id).text


async def test_a_restart_mid_negotiation_keeps_the_offers_and_the_old_prompt_answers(tables, db_path, clock):
    table = await _open(tables, db_path, clock, 4, 0, seed=5)
    await table.open_and_start()
    live = await table.play_out(until=negotiation_ahead(1))
    battler = live.state.battle.holder
    await table.act(battler, {"type": "ask_help"})
    live = await table.live()
    helper = next(p for p in sorted(live.waiting.actors) if offers_of(live, p))
    offer = offers_of(live, helper)[0]
    await prompt_pick(table, helper, offer)
    prompt = waiting_at(table, battler)  # the picker the battler asked from, the offer on it
    assert prompt is not None and any(c.startswith("pkb:") for c in prompt.custom_ids())
    await table.restart(db_path)
    live = await table.live()
    assert live.state.battle.window.stack[0]["player"] == helper  # the offer survived the restart
    # The picker shown before the restart still answers: its choices are those of the stored state.
    fingerprint = render.picker_print(live, live.game.rules.legal_actions(live.state, battler))
    ids = [c for c in table.world.message(prompt.id).custom_ids() if c.startswith("pkb:")]
    assert ids and all(c.split(":")[3] == fingerprint for c in ids)
    await prompt_pick(table, battler, {"type": "accept", "helper": helper})
    live = await table.live()
    assert live.state.battle is None or live.state.battle.window is None
    assert all(i.responded for i in table.world.interactions)
    assert not any("Something went wrong" in c.text for c in table.clicks)


async def test_a_battle_card_is_one_line_on_the_table_and_pings_nobody(tables, db_path, clock):
    table = await _open(tables, db_path, clock, 3, 0, seed=2)
    await table.open_and_start()

    def battling(live):
        battle = live.state.battle
        return (
            battle is not None
            and battle.window is None
            and live.state.pending is None
            and battle.lines[battle.attacker]
            and any(a["type"] == "play" for a in live.game.rules.legal_actions(live.state, battle.holder))
        )

    live = await table.play_out(until=battling)
    holder = live.state.battle.holder
    assert live.waiting.turn == live.state.active  # a battle card is no new turn for the platform
    card = next(a for a in live.game.rules.legal_actions(live.state, holder) if a["type"] == "play")
    posts = [r for r in table.world.requests if r.method == "POST"]
    mark = len(table.world.requests)
    await table.act(holder, card, via="table")
    new_posts = [
        r
        for r in table.world.requests[mark:]
        if r.method == "POST" and "/channels/" in r.path and str(CHANNEL) in r.path and "interactions" not in r.path
    ]
    assert new_posts == [], [r.path for r in new_posts]  # the table is edited; no message, no mention
    text = table.world.message(table.table_id).text
    played = live.game.presenter.event_line({"type": "play", "player": holder, "card": card["card"]}, live.record.names)
    assert text.count(played) == 1 and posts


async def _help_asked(tables, db_path, clock):
    """A 4-player table whose battler has just asked for Extra Power: (table, battler, helper, other helper)."""
    table = await _open(tables, db_path, clock, 4, 0, seed=5)
    await table.open_and_start()
    return (table, *await help_asked(table))


async def test_the_battler_reads_an_offer_on_their_picker_and_the_hand_dm_keeps_it_for_its_next_edit(
    tables, db_path, clock
):
    """The picker the battler asked from shows an offer as it arrives, with its private line (which card): the
    hand DM is not edited for it too, and shows it from its next edit on."""
    table, battler, a, b = await _help_asked(tables, db_path, clock)
    (hand,) = table.world.dm_messages(battler)
    edits = len(table.world.log.edits_of(hand.id))

    await prompt_pick(table, a, offers_of(await table.live(), a)[-1])
    picker = waiting_at(table, battler)
    assert picker is not None and table.world.dm_messages(battler) == [hand]
    card = next(line for line in picker.text.splitlines() if "'s offer:" in line).split(": ", 1)[1]
    assert len(table.world.log.edits_of(hand.id)) == edits, "the hand DM was edited for what the prompt said"
    assert card not in table.world.message(hand.id).text

    await prompt_pick(table, b, {"type": "decline"})
    await prompt_pick(table, battler, {"type": "accept", "helper": a})  # their own move: no edit for it either
    await table.play_out(until=lambda _: len(table.world.log.edits_of(hand.id)) > edits)
    assert len(table.world.log.edits_of(hand.id)) > edits
    assert card in table.world.message(hand.id).text  # the offer's line, kept for the DM's next edit


async def test_a_negotiation_that_sells_nothing_edits_no_helper_hand_dm(tables, db_path, clock):
    """A window's offers are its prompts' to tell (``Game.lasting_view``): an offer made and not taken leaves
    the helper's hand as it was, so their hand DM is not edited for it, and no hand DM lists the offers."""
    table, battler, a, b = await _help_asked(tables, db_path, clock)
    hand = next(m for m in table.world.dm_messages(a) if "Mat Goceng match" in (m.content or ""))
    edits = len(table.world.log.edits_of(hand.id))

    await prompt_pick(table, a, offers_of(await table.live(), a)[-1])
    await prompt_pick(table, b, {"type": "decline"})
    picker = waiting_at(table, battler)
    assert picker is not None and "'s offer:" in picker.text  # the battler reads the card on their picker
    await prompt_pick(table, battler, {"type": "no_help"})
    await table.world.settle()

    assert (await table.live()).state.battle is None or (await table.live()).state.battle.window is None
    assert len(table.world.log.edits_of(hand.id)) == edits, "the helper's hand DM was edited for an offer not taken"
    for player in (a, b, battler):
        for message in table.world.dm_messages(player):
            if "Mat Goceng match" in (message.content or ""):
                assert "🤝" not in table.world.message(message.id).text


async def test_the_battler_takes_no_offer_before_any_arrives(tables, db_path, clock):
    """The rulings: the battler may close the window at any time. Their prompt asks it from the start."""
    table = await _open(tables, db_path, clock, 4, 0, seed=5)
    await table.open_and_start()
    live = await table.play_out(until=negotiation_ahead(1))
    battler = live.state.battle.holder
    dms = len(table.world.dm_messages(battler))
    asked = await table.act(battler, {"type": "ask_help"})
    assert asked.message is not None and "take no offer" in asked.message.text.lower(), asked.text
    assert len(table.world.dm_messages(battler)) == dms  # their picker asks it: no DM yet
    live = await table.live()
    legal = live.game.rules.legal_actions(live.state, battler)
    await seat.click_through(table.world, table.bot, battler, asked.message, legal, {"type": "no_help"})
    live = await table.live()
    assert live.state.battle is None or live.state.battle.window is None  # closed, no offer taken
    log = await table.bot.storage.matches.action_log(table.match_id)
    assert [a.action["type"] for a in log if a.player_id == battler][-2:] == ["ask_help", "no_help"]


async def test_a_negotiation_reminds_only_a_battler_with_an_offer_to_weigh_and_leaves_no_line(tables, db_path, clock):
    """Halfway through the window: helpers are never reminded (their silence is an answer, and a window that comes
    back each exchange would remind them each time); the battler is, once an offer waits on them. The reminder
    DM goes once the window is over: nothing piles up in anyone's DMs."""
    table, battler, a, b = await _help_asked(tables, db_path, clock)
    live = await table.live()
    dms = {p: [m.id for m in table.world.dm_messages(p)] for p in table.humans}
    clock.advance((live.record.deadline - clock.now()) / 2 + 1)
    await table.bot.scheduler.run_due()
    await table.world.settle()
    assert {p: [m.id for m in table.world.dm_messages(p)] for p in table.humans} == dms  # no offer: nobody to remind

    await prompt_pick(table, a, offers_of(await table.live(), a)[-1])
    await table.bot.scheduler.run_due()
    await table.world.settle()
    reminder = table.world.dm_messages(battler)[-1]
    assert "waiting for you" in reminder.text and reminder.id not in dms[battler]
    for helper in (a, b):
        assert not any("waiting for you" in m.text for m in table.world.dm_messages(helper))

    await prompt_pick(table, battler, {"type": "accept", "helper": a})
    await table.world.settle()
    assert table.world.message(reminder.id) is None or table.world.message(reminder.id).deleted
    assert [m.id for m in table.world.dm_messages(battler)] == dms[battler]


async def _asked_then_away(tables, db_path, clock, *, closed: bool):
    """A 4-player table with a long negotiation window; the battler asks for help, then looks away for 90 s.
    (battler, a helper with a fitting card, the picker asked from)."""
    table = await _open(tables, db_path, clock, 4, 0, seed=7 if closed else 5)
    await table.bot.service.settings.change(GUILD, "negotiation_seconds", 300)
    if closed:
        table.world.directory.close_dms(table.humans[0])
    await table.open_and_start()
    live = await table.play_out(until=negotiation_ahead(1, battler=table.humans[0] if closed else None))
    battler = live.state.battle.holder
    asked = await table.act(battler, {"type": "ask_help"}, via="table")
    clock.advance(90)
    live = await table.live()
    helper = next(p for p in sorted(live.waiting.actors) if offers_of(live, p))
    return table, battler, helper, asked.message


async def test_a_battler_who_looked_away_is_told_of_offers_by_one_dm_edited_as_they_come(tables, db_path, clock):
    table, battler, helper, picker = await _asked_then_away(tables, db_path, clock, closed=False)
    dms = [m.id for m in table.world.dm_messages(battler)]
    await prompt_pick(table, helper, offers_of(await table.live(), helper)[-1])
    told = table.world.dm_messages(battler)
    assert len(told) == len(dms) + 1 and "You decide" in told[-1].text  # a new DM: it notifies
    assert "1 offer for your line" in table.world.message(picker.id).text  # and the picker is up to date too
    live = await table.live()
    other = next((p for p in sorted(live.waiting.actors - {battler, helper}) if offers_of(live, p)), None)
    if other is not None:
        await prompt_pick(table, other, offers_of(live, other)[-1])
    else:
        await prompt_pick(table, helper, offers_of(live, helper)[0])  # a revision
    assert [m.id for m in table.world.dm_messages(battler)] == [m.id for m in told]  # edited, not a second DM
    live = await table.live()
    assert render.picker_print(live, live.game.rules.legal_actions(live.state, battler)) in " ".join(
        table.world.message(told[-1].id).custom_ids()
    )


async def test_a_battler_with_closed_dms_who_looked_away_is_called_once_in_the_channel(tables, db_path, clock):
    table, battler, helper, picker = await _asked_then_away(tables, db_path, clock, closed=True)
    assert table.world.dm_messages(battler) == []
    mentions = len([m for m in table.world.channel_messages(CHANNEL) if f"<@{battler}>" in (m.content or "")])
    await prompt_pick(table, helper, offers_of(await table.live(), helper)[-1])
    calls = [m for m in table.world.channel_messages(CHANNEL) if f"<@{battler}>" in (m.content or "")]
    assert len(calls) == mentions + 1 and "offers a card" in calls[-1].text
    assert "1 offer for your line" in table.world.message(picker.id).text
    await prompt_pick(table, helper, offers_of(await table.live(), helper)[0])  # a revision: no second call
    again = [m for m in table.world.channel_messages(CHANNEL) if f"<@{battler}>" in (m.content or "")]
    assert len(again) <= len(calls)
