"""The next question comes up on the picker under the table its player last used: no Take action, no new message.

A Drama Pukul 7 turn is several moves with a Plot Twist window after most of them, answered by the
others on DM prompts. The turn player who just moved is looking at their picker; when the window
closes, their next question is put there, through their last click's token (free of the global
limit), not in a DM they must go and open. One who moved longer ago than ``IN_EXCHANGE`` is told by a
DM prompt, which notifies. And answering windows on DM prompts between turns keeps the picker under
the table theirs: their next turn comes up on it.
"""

from __future__ import annotations

from typing import Any

from bot.frontend.delivery.decision_prompts import IN_EXCHANGE
from tests.frontend.any_table import MENTION, GameTable, open_table
from tools.sim import FakeMessage, seat

PASS = frozenset({"pass"})


def _asking(table: GameTable, message_id: int, decision: int) -> bool:
    """Whether the message (a picker) asks this decision's question."""
    message = table.world.message(message_id)
    return not message.deleted and any(
        c.startswith(f"pkb:{table.match_id}:{decision}:") or c.startswith(f"pks:{table.match_id}:{decision}:")
        for c in message.custom_ids()
    )


def _under_table(table: GameTable, player: int) -> FakeMessage | None:
    """The player's newest picker under the table (an ephemeral message of this match's)."""
    shown = [
        m
        for m in table.world.log.ephemeral_messages(player)
        if any(f":{table.match_id}:" in c for c in m.custom_ids()) or (m.content or "").startswith("✅")
    ]
    return shown[-1] if shown else None


def _dm_posts(table: GameTable, mark: int, player: int) -> list[Any]:
    dm = table.world.directory.users[player].dm_channel_id
    return [r for r in table.world.requests[mark:] if r.method == "POST" and f"/channels/{dm}/messages" == r.path]


def _mentions(table: GameTable, mark: int, player: int) -> int:
    """Public messages posted since ``mark`` (in the channel, or as an interaction's followup) mentioning ``player``."""
    posts = [r.json for r in table.world.requests[mark:] if r.method == "POST" and isinstance(r.json, dict)]
    bodies = [b.get("data") if isinstance(b.get("data"), dict) else b for b in posts]  # a reply's message is its data
    public = [b for b in bodies if not int(b.get("flags") or 0) & 64]
    return sum(str(player) in MENTION.findall(b.get("content") or "") for b in public)


async def _own_move_then_window(table: GameTable, *, pause: float) -> tuple[int, int, int] | None:
    """The turn player moves from their picker under the table; the others pass the window it opens (the last one
    ``pause`` seconds later). (player, the picker's message, requests mark) if the decision came back to the
    same turn player in the same turn after a window, else None."""
    live = await table.live()
    player, turn = live.waiting.turn, live.waiting.turn
    record = await table.act(player)
    if record.message is None or not record.ephemeral:
        return None
    picker, mark = record.message.id, len(table.world.requests)
    windows = 0
    while True:
        live = await table.live()
        if live is None or live.record.status != "active" or live.waiting.turn != turn:
            return None
        if not live.waiting.in_window:
            break
        windows += 1
        others = [p for p in live.waiting.actors if table.human(live, p)]
        if not others:
            await table.wait_for_bot()
            continue
        if len(others) == 1:
            table.clock.advance(pause)
        await table.act(others[0])
    if windows == 0 or live.waiting.actors != {player}:
        return None
    return player, picker, mark


async def _find(table: GameTable, pause: float) -> tuple[Any, int, int, int]:
    for _ in range(400):
        live = await table.live()
        assert live is not None and live.record.status == "active", "no window came back to its turn player"
        if (
            not live.waiting.in_window
            and table.human(live, live.waiting.turn)
            and live.waiting.actors == {live.waiting.turn}
        ):
            found = await _own_move_then_window(table, pause=pause)
            if found is not None:
                return (await table.live(), *found)
        else:
            await table.step()
    raise AssertionError("no window came back to its turn player")


async def _drama(db_path, clock, tables) -> GameTable:
    table = await open_table(db_path, clock, "drama", 3, 0, seed=2)
    tables.append(table)
    table.prefer = PASS  # every window is passed: the turn goes on
    await table.open_and_start()
    return table


async def test_after_a_window_the_turn_player_reads_their_next_question_on_the_picker_they_used(tables, db_path, clock):
    table = await _drama(db_path, clock, tables)
    live, player, picker, mark = await _find(table, pause=5)
    assert _asking(table, picker, live.decision), table.world.message(picker).text
    edit = next(r for r in reversed(table.world.requests) if r.method == "PATCH" and r.message_id == picker)
    assert edit.route.startswith("/webhooks/")  # through the click's token, not a limited channel edit
    assert _dm_posts(table, mark, player) == []  # no DM to go and open
    assert _mentions(table, mark, player) == 0


async def test_one_who_moved_longer_ago_is_told_by_a_dm_prompt(tables, db_path, clock):
    table = await _drama(db_path, clock, tables)
    live, player, picker, mark = await _find(table, pause=IN_EXCHANGE + 1)
    assert not _asking(table, picker, live.decision)
    assert _dm_posts(table, mark, player), "the decision was told by a DM, which notifies"


async def test_answering_on_a_dm_prompt_keeps_the_picker_under_the_table_for_the_next_turn(tables, db_path, clock):
    """A window answered with one tap on its DM prompt (a click on the prompt, the player's newest) leaves the
    picker under the table theirs: when their turn comes, the question comes up on it."""
    table = await _drama(db_path, clock, tables)
    answered = None
    for _ in range(600):
        live = await table.live()
        assert live is not None and live.record.status == "active", "no window answered on a prompt"
        if answered is not None and live.waiting.turn == answered and live.waiting.actors == {answered}:
            break
        picker_of = {p: _under_table(table, p) for p in table.humans}
        if answered is None and live.waiting.in_window:
            for player in sorted(live.waiting.actors):
                prompt = table.prompt_for(player, live.decision) if table.human(live, player) else None
                legal = live.game.rules.legal_actions(live.state, player)
                plays = [a for a in legal if a["type"] != "pass"]
                ready = prompt is not None and picker_of[player] is not None and plays
                if not ready or not seat.one_tap(prompt, legal, plays[0]):
                    continue
                record = await table.act(player, plays[0])
                assert record.message is not None and record.message.id == prompt.id  # answered on the prompt
                answered = player
                break
            else:
                await table.step()
            continue
        await table.step()
    else:
        raise AssertionError("the player's turn never came")
    live = await table.live()
    picker = _under_table(table, answered)
    assert picker is not None and _asking(table, picker.id, live.decision), "the turn did not come up on the picker"


async def test_a_picker_opened_on_a_dm_prompt_removes_the_one_under_the_table(tables, db_path, clock):
    """Respond… turns a DM prompt into the picker (Mat Goceng's Extra Power prompts have it): the one under the
    table goes (one live picker each)."""
    table = await open_table(db_path, clock, "goceng", 4, 0, seed=5)
    tables.append(table)
    await table.open_and_start()
    for _ in range(600):
        live = await table.live()
        assert live is not None and live.record.status == "active", "no prompt with Respond…"
        if live.waiting.in_window:
            for player in sorted(p for p in live.waiting.actors if table.human(live, p)):
                prompt = table.prompt_for(player, live.decision)
                under = _under_table(table, player)
                respond = [c for c in prompt.custom_ids() if c.startswith("act:")] if prompt is not None else []
                if under is None or under.deleted or not respond:
                    continue
                opened = await table.click(player, prompt, respond[0])
                assert opened.message is not None and opened.message.id == prompt.id
                assert table.world.message(under.id).deleted, "two live pickers"
                return
        await table.step()
    raise AssertionError("no prompt with Respond…")
