"""DRUMP in Discord, end to end, through discord.py's real code and the in-process stand-in."""

from __future__ import annotations

import dataclasses

import pytest

from bot.frontend.ui.components import ActButton, HandButton, LobbyButton, PickButton, PickSelect
from bot.frontend.ui.render import legal_fingerprint
from bot.games.drump.cards import label
from bot.kernel.rng import Rng
from tests.frontend.table_driver import CHANNEL, GUEST, HOST, MODERATOR, STRANGER, Table, make_bot


def _hidden_cards(live) -> set[str]:
    """Cards a spectator may not know right now: hands and face-down zone cards."""
    hidden: set[str] = set()
    for side in live.state.sides:
        hidden.update(side.hand)
        for cards, ups in zip(side.zones, side.up, strict=True):
            hidden.update(c for c, up in zip(cards, ups, strict=True) if not up)
    return hidden


def _public_cards(live) -> set[str]:
    seen: set[str] = set(live.state.drop)
    for side in live.state.sides:
        seen.update(p for p in side.parts if p)
        for cards, ups in zip(side.zones, side.up, strict=True):
            seen.update(c for c, up in zip(cards, ups, strict=True) if up)
    return seen


def _dm_edits(table: Table, player: int) -> int:
    """Edits made to the player's hand DM so far."""
    dm = table.world.dm_messages(player)[0]
    return sum(1 for r in table.world.requests if r.method == "PATCH" and r.path.endswith(f"/{dm.id}"))


@pytest.mark.slow
async def test_full_match_from_new_to_result(table: Table):
    table_msg = await table.open_and_start()
    live = table.live()
    assert live is not None and "to play" in table_msg.text
    # Each player got a DM naming the server, the channel and the match, with their own hand.
    for player in (HOST, GUEST):
        dms = table.world.dm_messages(player)
        assert len(dms) == 1
        text = dms[0].text
        assert "Kedai Kopi" in text and f"<#{CHANNEL}>" in text and f"match #{live.id}" in text
        seat = live.state.players.index(player)
        assert all(label(c) in text for c in live.state.sides[seat].hand)

    ever_public: set[str] = set()
    never_public_seen: list[str] = []
    rng = Rng.seeded(99)

    def check_channel() -> None:
        current = table.live()
        if current is None:
            return
        ever_public.update(_public_cards(current))
        secret = _hidden_cards(current) - ever_public
        text = table.channel_text()
        never_public_seen.extend(c for c in secret if label(c) in text)

    def choose(live, player, legal):
        attacks = [a for a in legal if a["type"] in ("attack", "summon", "place")]
        return rng.choice(attacks) if attacks and rng.random() < 0.6 else rng.choice(legal)

    dm_edits_before_end: dict[int, int] = {}

    def check_and_count() -> None:
        check_channel()
        if table.live() is not None:
            for player in (HOST, GUEST):
                dm_edits_before_end[player] = _dm_edits(table, player)

    await table.play_out(choose, after_move=check_and_count)
    assert never_public_seen == [], f"hidden cards shown in the channel: {never_public_seen}"
    # The end edits each hand DM once (marked over) and the match leaves nothing in the announcer.
    assert {p: _dm_edits(table, p) - dm_edits_before_end[p] for p in (HOST, GUEST)} == {HOST: 1, GUEST: 1}
    announcer = table.bot.announcer
    assert not announcer.hands.holds(live.id)
    assert all(
        "This match is over." in table.world.message(m.id).text
        for p in (HOST, GUEST)
        for m in table.world.dm_messages(p)[:1]
    )

    stored = await table.bot.storage.matches.get_match(live.id)
    assert stored.status == "finished" and stored.result is not None
    assert len(await table.bot.storage.matches.action_log(live.id)) == stored.seq > 10
    final = table.table_message()
    assert "Take action" not in [b.label for b in final.buttons()]
    channel = table.channel_text()
    assert f"match #{live.id} is over" in channel
    assert all(i.responded for i in table.world.interactions), "an interaction went unanswered"
    # Clicks are routed by the DynamicItem templates alone: no sent view piles up in memory.
    assert table.bot.persistent_views == []


async def test_second_new_in_the_channel_is_refused_naming_the_match(table: Table):
    first = await table.slash(HOST, "new")
    match_id = table.live().id
    second = await table.slash(GUEST, "new")
    assert second.ephemeral and f"DRUMP match #{match_id}" in second.text
    assert len(table.world.channel_messages(CHANNEL)) == 1 and first.message is not None


async def test_start_needs_the_host_and_two_players(table: Table):
    lobby = (await table.slash(HOST, "new")).message
    match_id = table.live().id
    early = await table.click(HOST, lobby, LobbyButton.custom_id_for(match_id, "start"), forge=True)
    assert early.ephemeral and "needs exactly 2 players" in early.text
    await table.click(GUEST, lobby, LobbyButton.custom_id_for(match_id, "join"))
    by_guest = await table.click(GUEST, table.table_message(), LobbyButton.custom_id_for(match_id, "start"))
    assert by_guest.ephemeral and "Only the host" in by_guest.text
    assert (await table.bot.storage.matches.get_match(match_id)).status == "lobby"


async def test_dm_closed_player_is_told_to_pull_and_play_goes_on(table: Table):
    table.world.directory.close_dms(GUEST)
    await table.open_and_start()
    assert table.world.dm_messages(GUEST) == []
    assert "/drump hand" in table.channel_text()
    live = table.live()
    assert GUEST in (await table.bot.storage.matches.get_match(live.id)).dm_closed
    hand = await table.slash(GUEST, "hand")
    assert hand.ephemeral
    seat = live.state.players.index(GUEST)
    assert all(label(c) in hand.text for c in live.state.sides[seat].hand)
    button = await table.click(GUEST, table.table_message(), HandButton.custom_id_for(live.id))
    assert button.ephemeral and all(label(c) in button.text for c in live.state.sides[seat].hand)
    player = live.game.rules.waiting(live.state).turn
    await table.play(player, live.game.rules.legal_actions(live.state, player)[0])
    assert table.live().seq == 1


async def test_refusals_stale_buttons_and_strangers(table: Table):
    table_msg = await table.open_and_start()
    live = table.live()
    player = live.game.rules.waiting(live.state).turn
    other = GUEST if player == HOST else HOST
    act = ActButton.custom_id_for(live.id, 0)
    stranger = await table.click(STRANGER, table_msg, act)
    assert stranger.ephemeral and "not playing" in stranger.text
    waiting = await table.click(other, table_msg, act)
    assert waiting.ephemeral and "not your turn" in waiting.text
    ping = next(m for m in table.world.channel_messages(CHANNEL) if act in m.custom_ids() and m.id != table_msg.id)
    picker = (await table.open_picker(player)).message
    old_option = next(cid for cid in picker.custom_ids() if cid.startswith("pkb:"))
    place = next(a for a in live.game.rules.legal_actions(live.state, player) if a["type"] == "place")
    await table.play(player, place)
    # Opening a new picker removed the old one: no old buttons that look live.
    assert picker.deleted
    assert act not in table.table_message().custom_ids()
    # An old Take action never refuses: it opens the picker at today's question.
    reopened = await table.click(player, ping, act)
    assert reopened.ephemeral and reopened.message is not None
    assert any(cid.startswith(f"pkb:{live.id}:1:") for cid in reopened.message.custom_ids())
    # An option of a picker built for an earlier question is not applied: the picker is redrawn.
    stale_pick = await table.click(player, await _message_with(table, [old_option]), old_option)
    assert "question changed" in stale_pick.text and "earlier turn" not in stale_pick.text
    assert table.live().seq == 1


async def test_double_click_applies_once(table: Table):
    await table.open_and_start()
    live = table.live()
    player = live.game.rules.waiting(live.state).turn
    legal = live.game.rules.legal_actions(live.state, player)
    end_turn = next(a for a in legal if a["type"] == "end_turn")
    picker = (await table.open_picker(player)).message
    button = next(b.custom_id for b in picker.buttons() if b.label and "End" in b.label)
    first = await table.world.click(table.bot, player, picker, button, wait=False)
    second = await table.world.click(table.bot, player, picker, button, wait=False)
    await table.world.settle()
    assert end_turn["type"] == "end_turn"
    log = await table.bot.storage.matches.action_log(live.id)
    assert [a.action["type"] for a in log].count("end_turn") == 1
    assert first.responded and second.responded
    assert "question" in (first.text + second.text)


async def _message_with(table: Table, buttons: list[str], select: str | None = None):
    """Have the bot post components with arbitrary custom_ids, so clicks on them reach discord.py's dispatch.

    Discord only delivers clicks on components a message really has; this is
    how a forged or outdated id can still arrive (an old client, a crafted
    payload), and the bot must answer it without changing anything.
    """
    import discord

    view = discord.ui.View(timeout=None)
    for cid in buttons:
        view.add_item(discord.ui.Button(label=cid[:80], custom_id=cid))
    if select:
        view.add_item(discord.ui.Select(custom_id=select, options=[discord.SelectOption(label="x", value="x")]))
    sent = await table.bot.get_partial_messageable(CHANNEL).send(content="forged", view=view)
    return table.world.message(sent.id)


async def test_forged_and_malformed_custom_ids_change_nothing(table: Table):
    await table.open_and_start()
    live = table.live()
    player = live.game.rules.waiting(live.state).turn
    before = (await table.bot.storage.matches.get_match(live.id)).state
    legal = legal_fingerprint(live.game.rules.legal_actions(live.state, player))
    forged = [
        PickButton.custom_id_for(live.id, 0, legal, (), 99),  # out-of-range choice
        PickButton.custom_id_for(live.id, 0, legal, (0, 77), 0),  # impossible path
        PickButton.custom_id_for(live.id, 0, "abcdef", (), 0),  # choices that were never offered
        PickButton.custom_id_for(live.id, 7, legal, (), 0),  # a decision that never was
        PickButton.custom_id_for(999_999, 0, legal, (), 0),  # no such match
        LobbyButton.custom_id_for(live.id, "join"),  # a lobby that has closed
    ]
    select_id = PickSelect.custom_id_for(live.id, 0, legal, (0,))
    message = await _message_with(table, forged, select_id)
    for cid in forged:
        record = await table.click(player, message, cid)
        assert record.ephemeral, cid
        assert any(w in record.text for w in ("no longer available", "question", "over", "closed")), (cid, record.text)
    bad_value = await table.select(player, message, select_id, ["x"])
    assert bad_value.ephemeral and "not valid" in bad_value.text
    after = (await table.bot.storage.matches.get_match(live.id)).state
    assert after == before and table.live().seq == 0


async def test_end_needs_host_or_manage_channels(table: Table):
    await table.open_and_start()
    live = table.live()
    refused = await table.slash(STRANGER, "end")
    assert refused.ephemeral and "Only the host" in refused.text
    ended = await table.slash(MODERATOR, "end")
    assert not ended.ephemeral and "counts for no one" in ended.text
    assert (await table.bot.storage.matches.get_match(live.id)).status == "abandoned"


async def test_concede_gives_the_opponent_the_win(table: Table):
    await table.open_and_start()
    live = table.live()
    conceded = await table.slash(GUEST, "concede")
    assert "Aisyah wins" in conceded.text
    stored = await table.bot.storage.matches.get_match(live.id)
    assert stored.status == "finished" and stored.result["winners"] == [HOST]
    final = table.world.message(stored.message_id).text  # the winner, and no "to play" left above it
    assert "Aisyah wins" in final and "to play" not in final


async def _until_block_window(table: Table, rng: Rng) -> None:
    for _ in range(300):
        live = table.live()
        if live.game.rules.waiting(live.state).in_window:
            return
        player = sorted(live.game.rules.actors(live.state))[0]
        legal = live.game.rules.legal_actions(live.state, player)
        attacks = [a for a in legal if a["type"] == "attack"]
        await table.play(
            player,
            attacks[0]
            if attacks
            else rng.choice([a for a in legal if a["type"] in ("place", "end_turn", "discard")] or legal),
        )
    raise AssertionError("no attack happened")


async def test_block_window_prompts_and_times_out(table: Table, clock):
    await table.open_and_start()
    await _until_block_window(table, Rng.seeded(3))
    live = table.live()
    defender = sorted(live.game.rules.actors(live.state))[0]
    ping = table.world.channel_messages(CHANNEL)[-1]
    assert f"<@{defender}>" in ping.text and "<t:" in ping.text and ping.button("Respond")
    # The ping says what is to be blocked: the attack's own line, as the table told it.
    attack = live.record.recent[-1]
    assert f"> {attack}" in ping.text and "zone" in attack, (attack, ping.text)
    seq = live.seq
    clock.advance(10)
    assert await table.bot.scheduler.run_due() == 0
    clock.advance(11)
    assert await table.bot.scheduler.run_due() == 1
    await table.world.settle()
    log = await table.bot.storage.matches.action_log(live.id)
    assert log[-1].action == {"type": "no_block"} and log[-1].seq == seq + 1
    assert any("Time ran out" in line for line in table.live().record.recent)  # the table's log
    assert not live.game.rules.waiting(table.live().state).in_window


@pytest.mark.slow
async def test_restart_mid_match_and_finish_from_old_buttons(table: Table, db_path, clock):
    await table.open_and_start()
    live = table.live()
    rng = Rng.seeded(8)
    for _ in range(6):
        current = table.live()
        player = sorted(current.game.rules.actors(current.state))[0]
        await table.play(player, rng.choice(current.game.rules.legal_actions(current.state, player)))
    old_table = table.table_message()
    seq_before = table.live().seq
    await table.bot.close()
    fresh = make_bot(db_path, clock)
    await table.world.connect(fresh)
    table.bot = fresh
    await table.world.settle()
    assert table.live() is not None and table.live().seq == seq_before
    assert table.table_message().id == old_table.id
    await table.play_out(lambda live, player, legal: rng.choice(legal))
    assert (await fresh.storage.matches.get_match(live.id)).status == "finished"


async def test_block_window_that_passes_while_the_bot_is_down(table: Table, db_path, clock):
    await table.open_and_start()
    await _until_block_window(table, Rng.seeded(3))
    match_id, seq = table.live().id, table.live().seq
    await table.bot.close()
    clock.advance(60)
    fresh = make_bot(db_path, clock)
    await table.world.connect(fresh)
    table.bot = fresh
    await table.world.settle()
    log = await fresh.storage.matches.action_log(match_id)
    assert log[-1].action == {"type": "no_block"} and log[-1].seq == seq + 1
    assert len([a for a in log if a.seq == seq + 1]) == 1


async def test_a_deleted_table_message_is_posted_again(table: Table):
    old = await table.open_and_start()
    live = table.live()
    table.world.people.delete_message(old)  # a moderator removes the table message
    player = live.game.rules.waiting(live.state).turn
    ping = table.world.channel_messages(CHANNEL)[-1]
    picker = (await table.click(player, ping, ActButton.custom_id_for(live.id, 0))).message
    end_turn = next(b.custom_id for b in picker.buttons() if b.label == "End turn")
    await table.click(player, picker, end_turn)
    assert table.live().seq == 1
    fresh = table.table_message()
    assert fresh.id != old.id and "Take action" in [b.label for b in fresh.buttons()]
    assert (await table.bot.storage.matches.get_match(live.id)).message_id == fresh.id
    await table.world.settle()
    for user in live.record.players:  # each hand DM's "Go to the table" leads to the table posted again
        links = [b.url for m in table.world.dm_messages(user) for b in m.buttons() if b.url]
        assert links and links[-1].endswith(f"/{CHANNEL}/{fresh.id}"), links


@pytest.mark.parametrize("who, command", [(GUEST, "concede"), (HOST, "end")])
async def test_a_match_ended_by_command_closes_the_hand_dms_and_leaves_nothing_behind(table: Table, who, command):
    old = await table.open_and_start()
    live = table.live()
    table.world.people.delete_message(old)  # and its final table is posted anew, the match already over
    await table.slash(who, command)
    await table.world.settle()
    assert table.table_message().id != old.id and table.live() is None
    for user in live.record.players:
        assert "This match is over." in table.world.dm_messages(user)[-1].text
    assert not table.bot.announcer.hands.holds(live.id)  # no hand DM asked for, nothing kept


async def test_an_unexpected_error_still_answers_the_player(table: Table, monkeypatch):
    await table.open_and_start()
    live = table.live()
    player = live.game.rules.waiting(live.state).turn

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    presenter = dataclasses.replace(live.game.presenter, choice_label=broken)
    monkeypatch.setattr(live, "game", dataclasses.replace(live.game, presenter=presenter))
    record = await table.open_picker(player)
    assert record.responded and record.ephemeral and "Something went wrong" in record.text
    assert (await table.bot.service.matches.load(live.id)).seq == 0  # as stored: nothing changed


async def test_a_dm_catching_up_what_its_player_sees_where_they_decide_waits_while_the_token_is_busy(table: Table):
    """A hand DM edit that would only show what its player sees where they decide goes out only while the
    token has room: their own moves (the picker they clicked showed them), and the card drawn at the start of
    their turn (the picker their ping brings them to shows it). Under load it waits for the next change that
    is news to them, or for room."""
    await table.open_and_start()
    live = table.live()
    first = live.state.players[live.state.turn]
    second = next(p for p in (HOST, GUEST) if p != first)
    pacer = table.bot.announcer.pacer
    busy = [True]
    pacer.free_now = lambda: not busy[0]  # as if the token's slots were all spoken for
    second_dm = table.world.dm_messages(second)[0]
    before_second = (_dm_edits(table, second), second_dm.text)
    legal = live.game.rules.legal_actions(live.state, first)
    await table.play(first, next(a for a in legal if a["type"] == "place"))
    await table.play(first, {"type": "end_turn"})
    await table.world.settle()
    # The second player's turn began with a draw the first player's move made: the match waits on them, and
    # their picker shows the card, so with the token busy their DM waits.
    assert live.game.rules.waiting(live.state).actors == {second}
    assert (_dm_edits(table, second), second_dm.text) == before_second, "a turn's draw took a busy token's slot"
    assert table.bot.announcer.hands.deferred >= 1
    first_dm = table.world.dm_messages(first)[0]
    before = (_dm_edits(table, first), first_dm.text)
    # The second player's own move asks the first's DM again: it would only catch up the first's own moves.
    legal = live.game.rules.legal_actions(live.state, second)
    await table.play(second, next(a for a in legal if a["type"] == "place"))
    await table.world.settle()
    assert (_dm_edits(table, first), first_dm.text) == before, "a catch-up went out with the token busy"
    # With room again, the next move sends it: the DM shows the hand as it is.
    busy[0] = False
    legal = live.game.rules.legal_actions(live.state, second)
    await table.play(second, next((a for a in legal if a["type"] == "place"), legal[-1]))
    await table.world.settle()
    assert _dm_edits(table, first) == before[0] + 1
    assert all(label(c) in first_dm.text for c in live.state.sides[live.state.players.index(first)].hand)
