"""Drama Pukul 7 at a Discord table, through clicks only: whole matches at 2, 4 and 6 players, and the
Plot Twist moments people meet (a cancel of a cancel, a Cliffhanger in each timing, closed DMs, a
restart while a window is open, a player who walked away).

Scenarios arrange the hands just before the last hero is picked (the cached state, before any
window opens), so the windows that follow open, prompt and time out as they would in play.
"""

from __future__ import annotations

import re

import pytest

from bot.frontend.delivery.retry import TRIES
from bot.games.drama.state import CARDS, player
from tests.frontend.any_table import CHANNEL, STALE_TEXTS, open_table
from tests.games.drama.drama_helpers import card_id, clear_hand, give, stack_blue
from tools.sim import seat

#: Words only the engine uses: they must never reach a person.
INTERNAL = re.compile(r"turn_start|action_start|\(played\)|\(dengki\)|to_hand|\bpick_hero\b|\bend_turn\b")


async def _table(tables, db_path, clock, humans, ais, seed):
    table = await open_table(db_path, clock, "drama", humans, ais, seed)
    tables.append(table)
    return table


def _channel_texts(table) -> list[str]:
    return [snap.text for snap in table.watch.snaps]


# --- whole matches ------------------------------------------------------------------------


@pytest.mark.parametrize(("humans", "ais"), [(2, 0), (2, 2), (3, 3)], ids=["2p", "4p", "6p"])
@pytest.mark.slow
async def test_a_whole_match_reads_well_and_keeps_every_hand_secret(tables, db_path, clock, humans, ais):
    table = await _table(tables, db_path, clock, humans, ais, seed=7)
    await table.open_and_start()
    await table.play_out(until=lambda live: live.state.phase != "pick")
    live = await table.live()
    for pid in table.humans:  # the hand DM: a line per card, with what it does
        dm = next(m for m in table.world.dm_messages(pid) if m.embeds and "hand" in m.embeds[0].get("title", ""))
        for cid in player(live.state, pid).hand:
            assert f"🃏 **{CARDS.name(cid)}**" in dm.text, (CARDS.name(cid), dm.text[:300])
    tab = table.world.message(table.table_id)
    # the public table is text for a phone: a line per seat (name first, then Air Muka) and the Kedai; no fields
    description = tab.embeds[0]["description"]
    assert not tab.embeds[0].get("fields") and "🏪" in description
    assert len(re.findall(r"\*\*[^*\n]+\*\* \d/7 Air Muka", description)) == humans + ais, description
    await table.play_out()
    assert (await table.bot.storage.matches.get_match(table.match_id)).status == "finished"
    watch = table.watch
    assert watch.secret_checks > 0 and watch.leaks == [], watch.leaks[:2]
    assert watch.secret_mentions == []
    texts = _channel_texts(table)
    assert not [t for t in texts if INTERNAL.search(t)], [t[:200] for t in texts if INTERNAL.search(t)][:2]
    assert not [t for t in texts if re.search(r"• \S.* passes\.", t)]
    for text in texts:  # nothing Discord's markdown would reshape into a quote or a list
        assert not re.search(r"^(> |- )", text, re.M), text[:300]
    for pid in table.humans:
        assert watch.mentions[pid] <= watch.turns
    assert [c.text[:80] for c in table.clicks if any(s in c.text for s in STALE_TEXTS)] == []


# --- arranged moments ---------------------------------------------------------------------


async def _arranged(
    tables, db_path, clock, hands, *, humans=3, seed=11, draw=(), close_dms=(), faults=(), unreachable=()
):
    """A table of ``humans`` people whose hands are set just before the last hero pick.

    ``hands`` gives, in turn order from the first player, the cards each holds; ``draw``
    stacks the Deck Biru for the first player's Collecting. ``faults``: Discord fails these
    requests of the last pick; ``unreachable``: the players (by place in turn order) whose
    DMs Discord fails to take on every try then.
    """
    table = await _table(tables, db_path, clock, humans, 0, seed)
    for pid in close_dms:
        table.world.directory.close_dms(table.humans[pid])
    await table.open_and_start()
    live = await table.play_out(until=lambda lv: lv.state.phase == "pick" and len(lv.state.pick_queue) == 1)
    s = live.state
    ids = [p.id for p in s.players]
    first = ids.index(s.first)
    order = ids[first:] + ids[:first]
    for pid, names in zip(order, hands, strict=True):
        clear_hand(s, pid)
        if names:
            give(s, pid, *names)
    if draw:
        stack_blue(s, *draw)
    for method, route, *statuses in faults:  # Discord failing on its side for what the last pick sends
        table.world.rest.fail_next(method, route, *statuses)
    for place in unreachable:
        dm = table.world.directory.dm_channel(order[place]).id
        table.world.rest.fail_next(
            "POST", "/channels/{channel_id}/messages", *[503] * TRIES, where=lambda p, dm=dm: int(p["channel_id"]) == dm
        )
    await table.step()  # the last pick, by click: the first turn's window opens
    return table, order


async def _answer(table, pid, action):
    """``pid`` answers by clicks (the prompt's Respond… / Pass, else the table); returns the clicks made."""
    before = len(table.clicks)
    await table.act(pid, action)
    return table.clicks[before:]


async def test_a_cancel_of_a_cancel_through_the_prompts(tables, db_path, clock):
    table, (a, b, c) = await _arranged(
        tables,
        db_path,
        clock,
        [["Jumpa Bomoh"], ["Saksi Palsu"], ["Rupanya Kembar!"]],
        draw=("Menang Cabutan Bertuah",),
    )
    live = await table.live()
    assert live.waiting.actors == {a} and live.state.choice.kind == "start"  # nobody could answer: no wait
    await _answer(table, a, {"type": "collect"})
    live = await table.live()
    assert live.waiting.actors == {a} and live.state.phase == "action"
    await _answer(table, a, {"type": "play", "card": card_id("Jumpa Bomoh")})
    live = await table.live()
    assert live.waiting.in_window and live.waiting.actors == {b}
    prompt = table.prompt_for(b, live.record.decision_seq)
    assert prompt is not None and "plays Jumpa Bomoh. Plot Twist to respond?" in prompt.text.splitlines()[0]
    clicks = await _answer(table, b, {"type": "play", "card": card_id("Saksi Palsu"), "entry": 0})
    assert len(clicks) <= 3
    live = await table.live()
    assert live.waiting.actors == {c}
    question = table.prompt_for(c, live.record.decision_seq).text.splitlines()[0]
    assert "Saksi Palsu against" in question and "Jumpa Bomoh" in question, question
    hand = len(player(live.state, a).hand)
    clicks = await _answer(table, c, {"type": "play", "card": card_id("Rupanya Kembar!"), "entry": 1})
    assert len(clicks) <= 3
    live = await table.live()
    assert len(player(live.state, a).hand) == hand + 2  # the cancelled cancel did nothing: Jumpa Bomoh drew 2
    assert any("Saksi Palsu is cancelled" in line for line in live.record.recent)
    assert table.watch.leaks == []


async def test_a_cliffhanger_before_collecting_skips_the_whole_turn(tables, db_path, clock):
    table, (a, b, c) = await _arranged(tables, db_path, clock, [[], ["Cliffhanger"], []])
    live = await table.live()
    assert live.waiting.actors == {b} and live.waiting.in_window
    juta = player(live.state, a).juta
    clicks = await _answer(table, b, {"type": "play", "card": card_id("Cliffhanger")})
    assert len(clicks) <= 3
    live = await table.live()
    assert player(live.state, a).juta == juta and live.waiting.turn == b  # nothing collected; B's turn now
    assert any("skips the whole turn" in line for line in live.record.recent)


async def test_a_cliffhanger_in_the_action_phase_stops_cards_and_the_attack(tables, db_path, clock):
    table, (a, b, c) = await _arranged(
        tables, db_path, clock, [["Jumpa Bomoh"], ["Cliffhanger"], []], draw=("Menang Cabutan Bertuah",)
    )
    await _answer(table, b, {"type": "pass"})
    await _answer(table, a, {"type": "collect"})
    live = await table.live()
    assert live.state.window.kind == "action_start" and live.waiting.actors == {b}
    await _answer(table, b, {"type": "play", "card": card_id("Cliffhanger")})
    live = await table.live()
    assert live.waiting.actors == {a} and live.state.turn.silenced
    kinds = {x["type"] for x in live.game.rules.legal_actions(live.state, a)}
    assert "attack" not in kinds and "play" not in kinds and "end_turn" in kinds
    assert any("no more cards from hand and no attack" in line for line in live.record.recent)
    board = table.world.message(table.table_id).text
    assert "stopped by a Cliffhanger" in board


async def test_a_player_with_closed_dms_plays_from_the_table_and_nothing_leaks(tables, db_path, clock):
    table, (a, b, c) = await _arranged(tables, db_path, clock, [[], ["Cliffhanger"], ["Kena Pukau"]], close_dms=(1,))
    closed = table.humans[1]
    assert table.world.dm_messages(closed) == []
    await table.play_out()
    assert (await table.bot.storage.matches.get_match(table.match_id)).status == "finished"
    assert table.watch.leaks == [] and table.watch.secret_mentions == []
    assert table.world.dm_messages(closed) == []
    assert all(i.responded for i in table.world.interactions)


async def test_a_restart_while_a_window_is_open_keeps_the_prompt_working(tables, db_path, clock):
    table, (a, b, c) = await _arranged(tables, db_path, clock, [[], ["Cliffhanger"], []])
    live = await table.live()
    decision = live.record.decision_seq
    old_prompt = table.prompt_for(b, decision)
    assert old_prompt is not None
    await table.restart(db_path)
    live = await table.live()
    from tools.sim import seat

    # the prompt carries its answer: one tap on it, after the restart too, and the prompt shows what it did
    play = {"type": "play", "card": card_id("Cliffhanger")}
    tap = seat.one_tap(old_prompt, live.game.rules.legal_actions(live.state, b), play)
    assert tap is not None, old_prompt.custom_ids()
    answered = await table.click(b, old_prompt, tap)
    assert answered.message is not None and answered.message.id == old_prompt.id
    live = await table.live()
    assert live.waiting.turn == b and any("skips the whole turn" in line for line in live.record.recent)


async def test_after_a_restart_a_plot_twist_dm_comes_to_rest_and_is_not_deleted(tables, db_path, clock):
    """A restart forgets which prompt is a person's one Plot Twist DM. When the window open at the restart closes,
    their DM still comes to rest (edited, its buttons gone) instead of being deleted, so the next window edits
    it in place rather than posting a new one: no post and delete for every player after each restart."""
    table, (a, b, c) = await _arranged(
        tables, db_path, clock, [[], ["Cliffhanger", "Kena Pukau"], []], draw=("Menang Cabutan Bertuah",)
    )
    live = await table.live()
    assert live.waiting.actors == {b}
    prompt = table.prompt_for(b, live.record.decision_seq)
    assert prompt is not None
    await table.restart(db_path)
    mark = len(table.world.requests)
    live = await table.live()
    clock.advance(live.record.deadline - clock.now() + 0.5)
    await table.bot.scheduler.run_due()
    await table.world.settle()
    assert not (await table.live()).waiting.in_window
    rested = table.world.message(prompt.id)
    assert rested is not None and not rested.deleted, "the Plot Twist DM stays"
    assert "Nothing to answer now" in rested.text and not rested.custom_ids(), rested.text
    in_dm = f"/channels/{prompt.channel_id}/"
    assert not [r for r in table.world.requests[mark:] if r.method in ("POST", "DELETE") and in_dm in r.path]


async def test_a_player_who_let_a_window_time_out_is_not_waited_for_again(tables, db_path, clock):
    table, (a, b, c) = await _arranged(
        tables, db_path, clock, [[], ["Cliffhanger", "Kena Pukau"], []], draw=("Menang Cabutan Bertuah",)
    )
    live = await table.live()
    assert live.waiting.actors == {b} and live.record.deadline is not None
    seen = set(live.record.recent)
    clock.advance(live.record.deadline - clock.now() + 0.5)
    await table.bot.scheduler.run_due()
    await table.world.settle()
    live = await table.live()
    assert b in live.record.absent and live.waiting.actors == {a}
    # The window was secret: the table never learns who could have answered it; B is told privately.
    name = live.record.names[b]
    new = [line for line in live.record.recent if line not in seen]
    assert not [line for line in new if name in line or "Time ran out" in line or "did not answer" in line]
    assert not [m.text for m in table.world.channel_messages(CHANNEL) if "Time ran out" in m.text]
    assert any("You did not answer in time" in m.text for m in table.world.dm_messages(b))
    dms = len(table.world.dm_messages(b))
    await _answer(table, a, {"type": "collect"})  # the Action phase window: B could play Kena Pukau
    live = await table.live()
    assert not live.waiting.in_window and live.waiting.actors == {a}  # passed for at once, not waited on
    assert not [m for m in table.world.dm_messages(b)[dms:] if "You may respond" in m.text]
    # Back at their own turn B acts again, and is asked in windows from then on.
    await _answer(table, a, {"type": "end_turn"})
    live = await table.live()
    await table.play_out(until=lambda lv: lv.waiting.turn == b and not lv.waiting.in_window)
    live = await table.live()
    await _answer(table, b, live.game.rules.legal_actions(live.state, b)[0])
    assert b not in (await table.live()).record.absent


async def test_a_targeted_plot_twist_is_one_tap_on_the_prompt(tables, db_path, clock):
    table, (a, b, c) = await _arranged(
        tables, db_path, clock, [["Jumpa Bomoh"], ["Anak Tiri Kaki Curi", "Cliffhanger"], ["Jumpa Bomoh"]]
    )
    live = await table.live()
    assert b in live.waiting.actors
    prompt = table.prompt_for(b, live.record.decision_seq)
    mark = len(table.world.interactions)
    # The prompt carries its answers: the question, then each Plot Twist with what it does, then a button for
    # each answer, the targeted one's targets at once (one tap for the card and its target), and Pass.
    labels = {button.label for button in prompt.buttons()}
    names = live.record.names
    assert {f"Anak Tiri Kaki Curi › {names[a]}", f"Anak Tiri Kaki Curi › {names[c]}", "Cliffhanger"} <= labels, labels
    assert not any(label == "Respond…" for label in labels)
    lines = prompt.content.splitlines()
    assert lines[0].startswith("⚡ **")  # the question first
    for card in ("Anak Tiri Kaki Curi", "Cliffhanger"):
        assert sum(line.startswith(f"**{card}** · Plot Twist · ") for line in lines) == 1, lines
    legal = live.game.rules.legal_actions(live.state, b)
    tap = seat.one_tap(prompt, legal, {"type": "play", "card": card_id("Anak Tiri Kaki Curi"), "target": a})
    assert tap is not None
    await table.click(b, prompt, tap)
    live = await table.live()
    assert any("Anak Tiri Kaki Curi" in line for line in live.record.recent)
    mine = [r for r in table.world.interactions[mark:] if r.user_id == b]
    assert len(mine) == 1, [r.name for r in mine]


async def test_a_window_prompt_that_discord_fails_to_take_is_sent_again(tables, db_path, clock, caplog):
    """A 503 on the DM that asks a player to respond: sent again, so the player is asked and not passed for."""
    with caplog.at_level("WARNING"):
        table, (a, b, c) = await _arranged(
            tables,
            db_path,
            clock,
            [[], ["Cliffhanger", "Kena Pukau"], []],
            faults=[("POST", "/channels/{channel_id}/messages", 503, 503)],
        )
    live = await table.live()
    assert live.waiting.actors == {b} and live.waiting.in_window
    assert [m for m in table.world.dm_messages(b) if "You may respond" in m.text]
    assert "trying again" in caplog.text and not [r for r in caplog.records if r.levelname == "ERROR"]
    failed = [r for r in table.world.requests if r.status == 503]
    assert len(failed) == 2  # the faults were met, and what they hit went out on a later try


async def test_a_player_whose_window_prompt_could_not_be_delivered_is_not_marked_absent(tables, db_path, clock, caplog):
    """Discord fails the prompt's DM on every try: the window runs out on B, who never heard of it, so B is
    not taken for gone (later windows still wait for B). The other test of this file shows the same
    timeout marks B absent when the prompt did reach B."""
    with caplog.at_level("WARNING"):
        table, (a, b, c) = await _arranged(
            tables,
            db_path,
            clock,
            [[], ["Cliffhanger", "Kena Pukau"], []],
            draw=("Menang Cabutan Bertuah",),
            unreachable=[1],
        )
    live = await table.live()
    assert live.waiting.actors == {b} and live.waiting.in_window
    assert not [m for m in table.world.dm_messages(b) if "You may respond" in m.text]
    assert "could not send a window prompt" in caplog.text
    clock.advance(live.record.deadline - clock.now() + 0.5)
    await table.bot.scheduler.run_due()
    await table.world.settle()
    live = await table.live()
    assert live.waiting.actors == {a} and b not in live.record.absent
    assert b not in (await table.bot.storage.matches.get_match(live.id)).absent
    assert not any("You did not answer in time" in m.text for m in table.world.dm_messages(b))
    await _answer(table, a, {"type": "collect"})  # the Action phase window: B could play Kena Pukau
    live = await table.live()
    assert live.waiting.in_window and live.waiting.actors == {b}  # waited for, and asked this time
    assert [m for m in table.world.dm_messages(b) if "You may respond" in m.text]
