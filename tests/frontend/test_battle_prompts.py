"""A Mat Goceng battle between two humans: each exchange tells the battler whose move it is, privately.

The channel mentions a person at most once per turn, so from a battle's second exchange on the
battler to move is told privately: on the picker under the table they clicked under a minute ago (they
are looking at it), else by a DM prompt: the question first (the opponent, the fist to match) and the
choices right under it. Each player keeps one live prompt; the channel learns nothing from it.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.goceng.flow import line_end
from bot.games.goceng.view import fist_name
from tests.frontend.any_table import CHANNEL, MENTION, GameTable, open_table
from tools.sim import seat

#: Custom ids of the buttons a prompt carries: a picker's choices, or Take action / Respond.
PROMPT_IDS = ("pkb:", "pks:", "act:")


def live_prompts(table: GameTable, player: int) -> list[Any]:
    """The player's DM messages that still ask something of this match (buttons to answer with)."""
    return [
        m
        for m in table.world.dm_messages(player)
        if any(c.startswith(PROMPT_IDS) and f":{table.match_id}:" in c for c in m.custom_ids())
    ]


def asking_picker(table: GameTable, player: int, decision: int) -> Any | None:
    """The player's picker under the table, if it asks this decision's question (at its first step)."""
    asking = [
        m
        for m in table.world.log.ephemeral_messages(player)
        if any(
            c.startswith((f"pkb:{table.match_id}:{decision}:", f"pks:{table.match_id}:{decision}:"))
            for c in m.custom_ids()
        )
        and seat.shown_path(m) == ()
    ]
    return asking[-1] if asking else None


def human_battle(table: GameTable):
    """An ``until``: a battle between two humans, its first card played, a human to move."""

    def until(live: Any) -> bool:
        battle = live.state.battle
        return (
            battle is not None
            and battle.window is None
            and live.state.pending is None
            and all(table.human(live, p) for p in (battle.attacker, battle.defender))
            and bool(battle.lines[battle.attacker])
        )

    return until


async def play_card(table: GameTable, player: int, *, from_prompt: bool) -> None:
    """The battler plays their policy's card: from where they were told (the picker under the table, or their
    newest DM prompt), or from the table's Take action."""
    live = await table.live()
    legal = live.game.rules.legal_actions(live.state, player)
    action = table.choose(live, player)
    if not from_prompt:
        await table.act(player, action)
        return
    picker = asking_picker(table, player, live.decision)
    if picker is not None:
        await seat.click_through(table.world, table.bot, player, picker, legal, action, after_click=table._clicked)
        return
    prompt = live_prompts(table, player)[-1]
    if any(c.startswith(("pkb:", "pks:")) for c in prompt.custom_ids()):
        await seat.click_through(table.world, table.bot, player, prompt, legal, action, after_click=table._clicked)
        return
    opened = await table.click(player, prompt, seat.act_button(prompt))
    await seat.click_through(table.world, table.bot, player, opened.message, legal, action, after_click=table._clicked)


async def test_each_battle_exchange_tells_the_battler_to_move_privately(tables, db_path, clock):
    table = await open_table(db_path, clock, "goceng", 2, 1, seed=3)
    tables.append(table)
    await table.open_and_start()
    live = await table.play_out(until=human_battle(table))
    assert live is not None, "no battle between the two humans"
    exchanges = 0
    from_prompt = False
    while True:
        live = await table.live()
        battle = live.state.battle if live.record.status == "active" else None
        if battle is None or battle.window is not None or live.state.pending is not None:
            break
        holder = battle.holder
        if not table.human(live, holder) or not any(
            a["type"] == "play" for a in live.game.rules.legal_actions(live.state, holder)
        ):
            break
        opponent = battle.opponent(holder)
        end = line_end(battle, holder)
        # The battler to move was told: their picker under the table, newest DM prompt or channel mention names
        # the opponent and the fist.
        prompts = live_prompts(table, holder)
        pings = [m for m in table.world.channel_messages(CHANNEL) if str(holder) in MENTION.findall(m.content or "")]
        picker = asking_picker(table, holder, live.decision)
        told = [m.text for m in prompts[-1:]] + [m.text for m in pings[-1:]] + ([picker.text] if picker else [])
        assert any(live.name_of(opponent) in text for text in told), (exchanges, told)
        if end is not None and end != "any":
            assert any(fist_name(end) in text for text in told), (exchanges, end, told)
        for player in table.humans:  # one live prompt each, the older ones deleted or folded
            assert len(live_prompts(table, player)) <= 1, [m.text for m in live_prompts(table, player)]
        mark = len(table.world.requests)
        await play_card(table, holder, from_prompt=from_prompt)
        from_prompt = not from_prompt  # both ways of answering: the prompt, and the table
        posts = [
            r
            for r in table.world.requests[mark:]
            if r.method == "POST" and f"/channels/{CHANNEL}/" in r.path and "interactions" not in r.path
        ]
        assert posts == [], [r.path for r in posts]  # a battle card is one line on the table, nothing more
        exchanges += 1
    assert exchanges >= 2, exchanges
    assert table.watch.leaks == [], table.watch.leaks[:2]
    for player in table.humans:
        assert len(live_prompts(table, player)) <= 1


@pytest.mark.slow
async def test_a_whole_match_mentions_each_person_at_most_once_a_turn_on_average(tables, db_path, clock):
    table = await open_table(db_path, clock, "goceng", 2, 1, seed=3)
    tables.append(table)
    await table.open_and_start()
    await table.play_out()
    watch = table.watch
    assert watch.turns > 0 and watch.leaks == [] and watch.secret_mentions == []
    average = sum(watch.mentions[p] for p in table.humans) / (len(table.humans) * watch.turns)
    assert average <= 1, average
    for player in table.humans:  # no prompt, nor an answer left on one, is left behind once the match is over
        assert live_prompts(table, player) == [], [m.text for m in live_prompts(table, player)]
        answers = [m.text for m in table.world.dm_messages(player) if (m.content or "").startswith("✅")]
        assert answers == [], answers


async def _battle_on_prompts(table, clock, pause: float) -> list[tuple[int, int]]:
    """Both battlers answer on their DM prompts, ``pause`` seconds after each question; for each exchange that
    passes the turn to the other battler, the battler to move and how many new DMs told them (a battler who
    moves again, a card's effect giving them the next play too, reads the question in their own reply)."""
    told = []
    while True:
        live = await table.live()
        battle = live.state.battle if live.record.status == "active" else None
        if battle is None or battle.window is not None or live.state.pending is not None:
            return told
        holder = battle.holder
        if not table.human(live, holder) or not any(
            a["type"] == "play" for a in live.game.rules.legal_actions(live.state, holder)
        ):
            return told
        clock.advance(pause)
        mark = len(table.world.requests)
        await play_card(table, holder, from_prompt=True)
        live = await table.live()
        battle = live.state.battle if live.record.status == "active" else None
        if battle is not None and table.human(live, battle.holder) and battle.holder != holder:
            dm = table.world.directory.users[battle.holder].dm_channel_id
            posts = [r for r in table.world.requests[mark:] if r.method == "POST" and f"/channels/{dm}/" in r.path]
            told.append((battle.holder, len(posts)))


async def test_a_battler_still_in_the_exchange_reads_the_next_question_on_the_prompt_they_answered(
    tables, db_path, clock
):
    """One who answered on their prompt under a minute ago is looking at it: the next question is put there,
    through their click (no new DM, free of the global limit); one away longer gets a new DM, which notifies."""
    table = await open_table(db_path, clock, "goceng", 2, 1, seed=3)
    tables.append(table)
    await table.open_and_start()
    assert await table.play_out(until=human_battle(table)) is not None
    mark = len(table.world.requests)
    quick = await _battle_on_prompts(table, clock, pause=5)
    assert len(quick) >= 2, quick
    assert all(n == 0 for _, n in quick[2:]), quick  # once both answered on a prompt, each question goes there
    edits = [r for r in table.world.requests[mark:] if r.method == "PATCH" and "/webhooks/" in r.route]
    assert edits, "the question was put on the prompt through the battler's click"
    for player in table.humans:
        assert len(live_prompts(table, player)) <= 1


async def test_a_battler_away_from_the_exchange_gets_a_new_dm(tables, db_path, clock):
    table = await open_table(db_path, clock, "goceng", 2, 1, seed=3)
    tables.append(table)
    await table.open_and_start()
    assert await table.play_out(until=human_battle(table)) is not None
    slow = await _battle_on_prompts(table, clock, pause=90)
    assert len(slow) >= 2, slow
    assert all(n >= 1 for _, n in slow[1:]), slow  # each question a new DM: it notifies
