"""Every registered game at a Discord table, from ``/<game> new`` to the result, through real clicks.

Parametrised over :func:`bot.kernel.contract.all_games` (a new game is covered the day
it registers; ``any_table.hidden_texts`` then asks for its secrets), at the
game's minimum player count (all humans) and at its maximum (three humans,
the rest AI, so windows with several humans happen while the run stays short).
"""

from __future__ import annotations

import json

import pytest

from bot.frontend.ui import render
from bot.frontend.ui.components import PassButton, PickButton
from bot.kernel.contract import replay
from bot.kernel.module import all_games
from tests.frontend.any_table import (
    CHANNEL,
    HUMANS,
    STALE_TEXTS,
    STRANGER,
    GameTable,
    hidden_texts,
    open_table,
)

GAMES = [g.name for g in all_games()]
#: Moves that open a response window, chosen whenever legal where a test needs a window.
OPENERS = {"goceng": frozenset({"ask_help"}), "drump": frozenset({"attack"})}


def _sizes() -> list[tuple[str, int, int]]:
    """(game, humans, AI seats): the minimum count all human, and the maximum with three humans."""
    out = []
    for game in all_games():
        out.append((game.name, game.rules.min_players, 0))
        top = min(6, game.rules.max_players)
        if top > game.rules.min_players:
            humans = min(3, top)
            out.append((game.name, humans, top - humans))
    return out


async def _open(tables, db_path, clock, game, humans, ais, seed=1) -> GameTable:
    table = await open_table(db_path, clock, game, humans, ais, seed)
    tables.append(table)
    return table


@pytest.mark.parametrize(("game", "humans", "ais"), _sizes(), ids=lambda v: str(v))
@pytest.mark.slow
async def test_a_whole_match_through_clicks_keeps_secrets_and_mentions_quiet(tables, db_path, clock, game, humans, ais):
    table = await _open(tables, db_path, clock, game, humans, ais)
    await table.open_and_start()
    live = await table.live()
    # Each human got their private view by DM, with what only they may see.
    for player in table.humans:
        dm = table.world.dm_messages(player)[0].text
        assert all(text in dm for text in hidden_texts(live, player)), (player, hidden_texts(live, player))
    await table.play_out()

    stored = await table.bot.storage.matches.get_match(table.match_id)
    assert stored.status == "finished" and stored.result is not None
    final = table.world.message(table.table_id)
    assert "Take action" not in [b.label for b in final.buttons()]
    live = await table.live()
    result_head = render.result_text(
        live, live.game.rules.result(live.game.rules.state_from_json(stored.state))
    ).splitlines()[0]
    assert result_head in final.text, final.text[-400:]
    assert all(i.responded for i in table.world.interactions), "an interaction went unanswered"
    assert not any("Something went wrong" in c.text for c in table.clicks)
    log = await table.bot.storage.matches.action_log(table.match_id)
    assert len(log) == stored.seq
    rebuilt = replay(
        live.game.rules, stored.players, stored.seed, stored.options, [(a.player_id, a.action) for a in log]
    )
    assert live.game.rules.state_to_json(rebuilt) == stored.state

    watch = table.watch
    assert watch.secret_checks > 0, "nothing secret was ever looked for: hidden_texts is wrong"
    assert watch.leaks == [], [(s, t[:200]) for s, t in watch.leaks[:3]]
    assert watch.secret_mentions == [], watch.secret_mentions[:3]
    # Mentions: at most one per player per turn on average.
    for player in table.humans:
        assert watch.mentions[player] <= watch.turns, (player, watch.mentions[player], watch.turns)
    assert sum(watch.mentions.values()) <= watch.turns * len(table.humans)
    # The driver always answered the question in front of it: no click was ever stale.
    assert [c.text[:80] for c in table.clicks if any(s in c.text for s in STALE_TEXTS)] == []


def _in_window_with_humans(table: GameTable, need: int):
    def until(live) -> bool:
        waiting = live.waiting
        if waiting.window is None:
            return False
        # responders: a window's decider (Mat Goceng's battler) has a prompt of its choices, no Pass
        humans = [p for p in waiting.actors if table.human(live, p) and p != waiting.window.decider]
        if len(humans) < need:
            return False
        decision = live.record.decision_seq
        if waiting.window.public:
            return table.ping_for(decision) is not None or len(humans) > 1
        return all(table.prompt_for(p, decision) is not None for p in humans)

    return until


#: Games with response windows (Laga Jakarta's out-of-turn choices are moves, asked as such).
WINDOW_GAMES = [g for g in GAMES if g != "laga"]


@pytest.mark.parametrize("game", WINDOW_GAMES)
@pytest.mark.slow
async def test_restart_mid_window_old_buttons_answer_and_the_deadline_fires(tables, db_path, clock, game):
    size = max(3, min(6, (await _gamesize(game))[0]))
    size = min(size, (await _gamesize(game))[1])
    table = await _open(tables, db_path, clock, game, size, 0, seed=2)
    table.prefer = OPENERS.get(game, frozenset())
    await table.open_and_start()
    live = await table.play_out(until=_in_window_with_humans(table, 1))
    assert live is not None, "the match ended without a window that waits on a human"
    waiting = live.waiting
    decision, seq = live.record.decision_seq, live.record.seq
    humans = sorted(p for p in waiting.actors if table.human(live, p) and p != waiting.window.decider)
    old_table = table.world.message(table.table_id)
    old_prompts = {p: table.prompt_for(p, decision) or table.ping_for(decision) for p in humans}
    assert all(old_prompts.values()), "a human who may respond was told nothing"
    deadline = live.record.deadline
    assert deadline is not None

    await table.restart(db_path)
    live = await table.live()
    assert live.record.seq == seq and live.record.decision_seq == decision
    assert table.bot.scheduler.pending().get(table.match_id) is not None
    # An old table button, and the old prompt's Respond…, still open the picker at today's question:
    # an ephemeral one from the channel; the DM prompt itself becomes it. (A prompt that carries its answers
    # has no Respond…: its answers are today's question already.)
    act = next(c for c in old_table.custom_ids() if c.startswith("act:"))
    old_prompt = old_prompts[humans[0]]
    respond = f"act:{table.match_id}:{decision}"
    for message, cid in ((old_table, act), (old_prompt, respond)):
        if cid not in message.custom_ids():
            assert any(c.startswith("pkb:") and f":{decision}:" in c for c in message.custom_ids())
            continue
        opened = await table.click(humans[0], message, cid)
        assert opened.message is not None, opened.text
        assert opened.ephemeral if message.channel_id == CHANNEL else opened.message.id == message.id
        assert any(c.startswith("pk") and f":{decision}:" in c for c in opened.message.custom_ids())
    if len(humans) > 1:  # a second human passes from the old prompt, sent before the restart
        other = humans[1]
        passed = await table.click(
            other, old_prompts[other], PassButton.on(old_prompts[other].custom_ids(), table.match_id, decision)
        )
        assert passed.responded and "done" in passed.text, passed.text
        assert (await table.bot.storage.matches.get_match(table.match_id)).seq > seq
    # Nobody else answers: the window's deadline, set before the restart, still fires.
    clock.advance(max(0.0, deadline - clock.now()) + 0.5)
    await table.bot.scheduler.run_due()
    await table.world.settle()
    after = await table.live()
    assert after is None or after.record.decision_seq != decision, "the window outlived its deadline"
    timed_out = [a for a in await table.bot.storage.matches.action_log(table.match_id) if a.seq > seq]
    assert timed_out, "nothing happened at the deadline"
    # The first human's old prompt was folded, or (a negotiation DM, which the restart did not make forget
    # what it is) came to rest: no button left that looks live.
    prompt = old_prompts[humans[0]]
    assert prompt.deleted or (
        PassButton.on(prompt.custom_ids(), table.match_id, decision) is None
        and ("over" in prompt.text or "Nothing to answer now" in prompt.text)
    ), prompt.text
    # And the match plays on to the end from there.
    await table.play_out()
    assert (await table.bot.storage.matches.get_match(table.match_id)).status == "finished"


async def _gamesize(name: str) -> tuple[int, int]:
    game = next(g for g in all_games() if g.name == name)
    return game.rules.min_players, game.rules.max_players


@pytest.mark.parametrize("game", GAMES)
async def test_strangers_waiting_players_stale_options_and_double_clicks(tables, db_path, clock, game):
    low, _ = await _gamesize(game)
    table = await _open(tables, db_path, clock, game, low, 0, seed=3)
    await table.open_and_start()
    live = await table.live()
    while not any(table.human(live, p) for p in live.waiting.actors) or live.waiting.in_window:
        await table.step()
        live = await table.live()
    player = sorted(live.waiting.actors)[0]
    idle = next(p for p in table.humans if p not in live.waiting.actors)
    tab = table.world.message(table.table_id)
    act = next(c for c in tab.custom_ids() if c.startswith("act:"))
    stranger = await table.click(STRANGER, tab, act)
    assert stranger.ephemeral and "not playing" in stranger.text
    waiting = await table.click(idle, tab, act)
    assert waiting.ephemeral and ("not your turn" in waiting.text or "Nothing is waiting" in waiting.text)
    assert (await table.live()).record.seq == live.record.seq

    # Double click on a one-step option: applied once, both clicks answered.
    from bot.frontend.ui.picker import walk

    picker = (await table.click(player, tab, act)).message
    legal = live.game.rules.legal_actions(live.state, player)
    action = legal[0]
    path: tuple[int, ...] = ()
    while True:  # click down the picker to the step whose option makes the move
        step = walk(legal, path)
        index = next(c.index for c in step.choices if action.get(c.key) == c.value)
        if walk(legal, path + (index,)).action is not None:
            break
        picker = (await table.world_choose(player, picker, path, index)).message
        path = path + (index,)
    seq = live.record.seq
    button = PickButton.custom_id_for(
        table.match_id, live.record.decision_seq, render.picker_print(live, legal), path, index
    )
    if button in picker.custom_ids():
        first = await table.world.click(table.bot, player, picker, button, wait=False)
        second = await table.world.click(table.bot, player, picker, button, wait=False)
    else:
        button = None
        select = next(s for s in picker.selects() if any(o.value == str(index) for o in s.options))
        first = await table.world.select(table.bot, player, picker, select.custom_id, [str(index)], wait=False)
        second = await table.world.select(table.bot, player, picker, select.custom_id, [str(index)], wait=False)
    await table.world.settle()
    await table.observe()
    assert first.responded and second.responded
    log = [a for a in await table.bot.storage.matches.action_log(table.match_id) if a.seq > seq]
    assert log[0].player_id == player and log[0].action == action
    assert sum(1 for a in log if a.player_id == player and a.action == action) == 1
    # The second click met a question that had moved on: redrawn or folded, never applied.
    assert any(s in second.text for s in STALE_TEXTS) or any(s in first.text for s in STALE_TEXTS)

    # An option of a picker built for an earlier question changes nothing.
    stale_at = (await table.live()).record.seq if await table.live() else None
    if stale_at is not None and button is not None:
        forged = await _message_with_any(table, [button])
        record = await table.click(player, forged, button)
        assert record.ephemeral and any(s in record.text for s in STALE_TEXTS), record.text
        assert (await table.bot.storage.matches.get_match(table.match_id)).seq == stale_at


async def _message_with_any(table: GameTable, buttons: list[str]):
    import discord

    view = discord.ui.View(timeout=None)
    for cid in buttons:
        view.add_item(discord.ui.Button(label=cid[:80], custom_id=cid))
    sent = await table.bot.get_partial_messageable(CHANNEL).send(content="an old picker", view=view)
    return table.world.message(sent.id)


@pytest.mark.slow
async def test_four_humans_answer_every_drama_window_in_time_without_a_stale_click(tables, db_path, clock):
    """Drama Pukul 7, four human seats; each window actor answers from their DM prompt or the table."""
    table = await _open(tables, db_path, clock, "drama", 4, 0, seed=4)
    await table.open_and_start()
    answered_in_windows = several = 0
    vias = ("prompt", "table")
    for _ in range(3000):
        live = await table.live()
        if live is None or live.record.status != "active":
            break
        waiting = live.waiting
        if waiting.window is None:
            await table.step()
            continue
        # Every human actor of the round answers in turn, each from the prompt in front of them.
        actors = sorted(p for p in waiting.actors if table.human(live, p))
        several += len(actors) > 1
        for index, player in enumerate(actors):
            current = await table.live()
            if current is None or current.record.status != "active" or player not in current.waiting.actors:
                continue
            deadline = current.record.deadline
            assert deadline is None or clock.now() < deadline
            via = vias[(answered_in_windows + index) % 2]
            if via == "prompt":
                assert table.prompt_for(player, current.record.decision_seq) is not None, (
                    "a window actor got no DM prompt"
                )
            await table.act(player, via=via)
            answered_in_windows += 1
    assert (await table.bot.storage.matches.get_match(table.match_id)).status == "finished"
    assert answered_in_windows > 5 and several > 0
    stale = [c.text[:120] for c in table.clicks if any(s in c.text for s in STALE_TEXTS)]
    assert stale == []
    assert all(i.responded for i in table.world.interactions)
    assert HUMANS[0] in table.humans


@pytest.mark.slow
async def test_goceng_negotiation_with_always_ask_humans_stays_secret(tables, db_path, clock):
    """Mat Goceng's Extra Power window, with every human on "always ask me" (set by clicking My hand, then
    the switch), so the battler is not passed for at once: helpers are told privately, the channel names
    nobody, and the match plays to the end."""
    table = await _open(tables, db_path, clock, "goceng", 3, 1, seed=5)
    table.prefer = OPENERS["goceng"]
    await table.open_and_start()
    for player in table.humans:
        mine = await table.click(player, table.world.message(table.table_id), f"hand:{table.match_id}")
        switched = await table.click(player, mine.message, f"pref:{table.match_id}:ask:on")
        assert switched.responded and f"pref:{table.match_id}:ask:off" in switched.message.custom_ids()
    await table.play_out()
    watch = table.watch
    assert (await table.bot.storage.matches.get_match(table.match_id)).status == "finished"
    assert watch.windows_seen["secret"] > 0 and watch.multi_human_windows > 0
    assert watch.secret_mentions == [] and watch.leaks == []
    prompts = [r for r in table.world.log.requests_of("dm") if "You may respond" in json.dumps(r.json)]
    assert prompts, "no helper was told privately"
    # Each prompt was removed once its window closed: nothing of them is left in anyone's DMs.
    left = [m.text[:60] for p in table.humans for m in table.world.dm_messages(p) if "You may respond" in m.text]
    assert left == [], left
    assert [c.text[:80] for c in table.clicks if any(s in c.text for s in STALE_TEXTS)] == []
