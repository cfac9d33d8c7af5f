"""Timers through the real Discord path with a controllable clock: AI seats, reminders, timeouts,
the AI taking over an absent player's seat, reclaiming it, and all of it across a restart."""

from __future__ import annotations

import pytest

from bot.frontend.ui.components import LobbyButton, VoteButton
from bot.kernel.rng import Rng
from bot.play.settings import SETTINGS
from tests.frontend.table_driver import CHANNEL, GUEST, HOST, Table, ai_only_match, make_bot, tick


async def finish_turn(table: Table, player: int) -> None:
    """``player`` ends their turn through the picker, discarding if the rules ask."""
    for _ in range(10):
        live = table.live()
        if (
            live is None
            or player not in live.game.rules.actors(live.state)
            or live.game.rules.waiting(live.state).in_window
        ):
            return
        legal = live.game.rules.legal_actions(live.state, player)
        action = next((a for a in legal if a["type"] == "end_turn"), legal[0])
        await table.play(player, action)


@pytest.mark.slow
async def test_ai_seat_plays_a_whole_match_against_a_person(table: Table, clock):
    lobby = (await table.slash(HOST, "new")).message
    match_id = table.live().id
    refused = await table.click(GUEST, lobby, LobbyButton.custom_id_for(match_id, "add_ai"))
    assert refused.ephemeral and "Only the host" in refused.text
    await table.click(HOST, table.table_message(), LobbyButton.custom_id_for(match_id, "add_ai"))
    assert "AI 1" in table.table_message().text
    await table.click(HOST, table.table_message(), LobbyButton.custom_id_for(match_id, "start"))
    assert table.world.dm_messages(HOST), "the human gets a hand DM"
    rng = Rng.seeded(2)
    for _ in range(3000):
        live = table.live()
        if live is None:
            break
        actors = sorted(live.game.rules.actors(live.state))
        if HOST in actors:
            await table.play(HOST, rng.choice(live.game.rules.legal_actions(live.state, HOST)))
        else:
            seq = live.seq
            assert await tick(table, clock, 2) == 1
            assert table.live() is None or table.live().seq == seq + 1
    stored = await table.bot.storage.matches.get_match(match_id)
    assert stored.status == "finished"
    log = await table.bot.storage.matches.action_log(match_id)
    assert {a.player_id for a in log} == {HOST, -1}
    assert "AI 1" in table.table_message().text  # the seat the AI played, by its name


async def test_ai_waits_its_delay(table: Table, clock):
    await ai_only_match(table)
    assert await tick(table, clock, 1) == 0 and table.live().seq == 0
    assert await tick(table, clock, 1) == 1 and table.live().seq == 1


async def test_reminder_timeout_takeover_and_reclaim(table: Table, clock):
    """At the defaults an absent player's turn waits its clock (a reminder halfway), then the AI plays it and
    holds the seat until they click again: the table waits at most one turn's clock for anyone."""
    await table.open_and_start()
    live = table.live()
    away = live.game.rules.waiting(live.state).turn
    present = GUEST if away == HOST else HOST
    turn = SETTINGS["turn_seconds"].default
    assert turn <= 120 and SETTINGS["idle_takeover"].default == 1

    # Halfway through the turn: one reminder, in the channel and by DM, never twice.
    assert await tick(table, clock, turn / 2 - 1) == 0
    assert await tick(table, clock, 1) == 1
    ping = table.world.channel_messages(CHANNEL)[-1]
    assert f"<@{away}>" in ping.text and "waiting for you" in ping.text
    assert any("waiting for you" in m.text for m in table.world.dm_messages(away))
    dms_before = len(table.world.dm_messages(away))
    await tick(table, clock, turn / 4)
    assert len(table.world.dm_messages(away)) == dms_before

    # The deadline: the AI makes the move the clock ran out on, and holds the seat from then on.
    seq = table.live().seq
    await tick(table, clock, turn / 4)
    await table.world.settle()
    assert not any("waiting for you" in m.text for m in table.world.dm_messages(away))  # no line left behind
    live = table.live()
    log = await table.bot.storage.matches.action_log(live.id)
    assert table.live().seq == seq + 1 and log[-1].player_id == away
    assert any("Time ran out" in line for line in live.record.recent)  # the table's log
    stored = await table.bot.storage.matches.get_match(live.id)
    assert stored.timeouts == {away: 1} and stored.autopilot == [away]
    assert any("seems to be away" in line for line in live.record.recent)
    assert "The AI plays for Budi" in table.table_message().text  # said on the table while it lasts
    for _ in range(30):  # the AI ends that turn at its own pace
        if table.live().waiting.turn == present:
            break
        await tick(table, clock, SETTINGS["ai_delay_seconds"].default)
    assert table.live().waiting.turn == present

    await finish_turn(table, present)
    live = table.live()
    assert live.game.rules.waiting(live.state).turn == away
    seq = live.seq
    await tick(table, clock, 2)  # the AI plays for the absent player at AI pace
    assert table.live().seq == seq + 1
    log = await table.bot.storage.matches.action_log(live.id)
    assert log[-1].player_id == away

    # Their next click reclaims the seat.
    live = table.live()
    assert away in live.game.rules.actors(live.state), "the AI's first move of a turn does not end it"
    back = await table.open_picker(away)  # their next click, even just opening the picker
    assert back.ephemeral and "Welcome back" in back.text
    assert (await table.bot.storage.matches.get_match(live.id)).autopilot == []
    seq = table.live().seq
    await tick(table, clock, 5)
    assert table.live().seq == seq, "the AI no longer plays a reclaimed seat"


async def test_timers_across_a_restart_fire_once(table: Table, db_path, clock):
    await table.open_and_start()
    match_id = table.live().id
    await tick(table, clock, 90)  # the reminder goes out
    reminders = [m for m in table.world.requests if m.method == "POST" and "waiting for you" in str(m.json)]
    await table.bot.close()
    clock.advance(200)  # the deadline passes while the bot is down
    fresh = make_bot(db_path, clock)
    await table.world.connect(fresh)
    table.bot = fresh
    await table.world.settle()
    log = await fresh.storage.matches.action_log(match_id)
    timed_out = [a for a in log if a.seq == 1]
    assert len(timed_out) == 1 and any("Time ran out" in line for line in table.live().record.recent)
    again = [m for m in table.world.requests if m.method == "POST" and "waiting for you" in str(m.json)]
    assert len(again) == len(reminders), "the reminder was sent again after the restart"
    assert await fresh.scheduler.run_due() == 0
    assert len(await fresh.storage.matches.action_log(match_id)) == len(log)


async def test_the_others_vote_to_let_the_ai_play_an_absent_seat_at_once(table: Table, clock):
    """The reminder offers the others a vote; their majority (one of one, at a table of two) hands the seat over
    at once: stored, said on the table, the AI moves at its pace, and the player's next click takes it back."""
    await table.open_and_start()
    live = table.live()
    away = live.waiting.turn
    present = GUEST if away == HOST else HOST
    await tick(table, clock, SETTINGS["turn_seconds"].default / 2)  # the reminder
    reminder = table.world.channel_messages(CHANNEL)[-1]
    vote = VoteButton.custom_id_for(live.id, live.decision, away)
    assert "waiting for you" in reminder.text and vote in reminder.custom_ids()
    refused = await table.click(away, reminder, vote)  # not theirs to vote on
    assert refused.ephemeral and "Only the other people" in refused.text
    assert (await table.bot.storage.matches.get_match(live.id)).autopilot == []
    voted = await table.click(present, reminder, vote)
    assert voted.ephemeral and "The AI plays for" in voted.text
    assert (await table.bot.storage.matches.get_match(live.id)).autopilot == [away]
    assert "The AI plays for" in table.table_message().text
    seq = table.live().seq
    await tick(table, clock, SETTINGS["ai_delay_seconds"].default)
    assert table.live().seq > seq and (await table.bot.storage.matches.action_log(live.id))[-1].player_id == away
    assert away in table.live().waiting.actors  # the AI's first move of a turn does not end it
    back = await table.open_picker(away)  # their click takes the seat back
    assert "Welcome back" in back.text
    assert (await table.bot.storage.matches.get_match(live.id)).autopilot == []
