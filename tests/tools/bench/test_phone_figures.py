"""The whole-match counters of what a phone player feels count what they say, on one short real match.

A two-seat DRUMP match is played through the real bot and the stand-in exactly as
``python -m bot bench`` plays it (``whole.play_match``); the counters are then
checked against the stand-in's own logs: every interaction, every DM message,
every edit of the table.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.frontend.ui.components import ActButton, LobbyButton
from bot.kernel.module import get_game
from bot.kernel.rng import Rng
from bot.play.match_types import PLAYER
from tools.bench import prune, whole
from tools.bench.arena import Arena, make_bot
from tools.bench.phone_report import spent_on
from tools.bench.stale import count_stale, stale_reason
from tools.bench.tracker import HandlerTracker
from tools.sim.phone import height_px

SEED = 5
#: ``/drump new``, Join, Start: the lobby's interactions.
LOBBY_TAPS = 3


@pytest.fixture
async def arena(tmp_path: Path) -> AsyncIterator[Arena]:
    world, seats = whole.build_world(2, 1)
    db_path = str(tmp_path / "whole.sqlite3")
    bot = make_bot(db_path, SEED)
    await world.connect(bot)
    arena = Arena(world, bot, db_path, seats, HandlerTracker(bot.handlers))
    await arena.service.settings.change(seats[0].guild_id, "ai_delay_seconds", 0)
    try:
        yield arena
    finally:
        await arena.close()


async def _drump_match(arena: Arena) -> whole.MatchFigures:
    return await whole.play_match(arena, arena.seats[0], get_game("drump"), 2, 2, Rng.seeded(SEED))


@pytest.mark.slow
async def test_taps_count_every_interaction_after_start_and_leave_the_lobby_out(arena: Arena) -> None:
    figures = await _drump_match(arena)
    taps = figures.taps
    played = arena.world.interactions[LOBBY_TAPS:]
    assert len(played) == figures.clicks - 1, "the driver's own count, Start aside, agrees"
    selects = [r for r in played if (r.payload.get("data") or {}).get("values") is not None]
    assert taps.taps == len(played) + len(selects), "a select's choice is two taps (open, choose), all else one"
    applied = sum(n // 2 if "(select" in kind else n for kind, n in taps.kinds.items() if "applies the move" in kind)
    assert applied == figures.moves[PLAYER], "each move a person decided ends with the tap that applied it"
    assert 0 < taps.own_turn_taps <= taps.taps and sum(taps.own_turn_kinds.values()) == taps.own_turn_taps
    summary = whole.summarise([figures])
    assert summary["taps_per_move"] == pytest.approx(taps.taps / figures.moves[PLAYER])
    assert figures.own_turns == figures.turns, "both DRUMP seats are people"
    assert summary["taps_per_own_turn"] == pytest.approx(taps.own_turn_taps / figures.own_turns)


@pytest.mark.slow
async def test_new_dms_count_messages_not_their_edits(arena: Arena, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prune, "drop_message", lambda world, message: None)  # the log keeps every message to count
    figures = await _drump_match(arena)
    world = arena.world
    dm_channels = {world.directory.users[p].dm_channel_id for p in arena.seats[0].players}
    posted = [m for m in world.log.messages.values() if m.channel_id in dm_channels]
    edits = [r for r in world.requests if r.method == "PATCH" and r.message_id in {m.id for m in posted}]
    assert edits, "the hand DMs are edited during a match"
    assert figures.new_dms == len(posted) >= 2, "one hand DM each at least, and no edit counted"
    assert whole.summarise([figures])["new_dms_per_person_per_match"] == pytest.approx(len(posted) / 2)


@pytest.mark.slow
async def test_every_version_of_the_table_is_measured(arena: Arena) -> None:
    figures = await _drump_match(arena)
    world = arena.world
    table = next(m for m in world.channel_messages(arena.seats[0].channel_id) if "act:" not in str(m.components))
    start = next(r for r in world.interactions if r.name.endswith(":start")).requests[0].seq  # the lobby's are not
    changes = [r for r in world.requests[start:] if r.ok and r.method in ("PATCH", "POST") and r.message_id == table.id]
    assert len(changes) > 10 and len(figures.table_heights) == len(changes), "one version per edit of the table"
    assert figures.table_heights[-1] == height_px(table), "the last version is the final table as shown"
    heights = whole.summarise([figures])["table_height_px"]
    assert heights["max"] == max(figures.table_heights) and min(figures.table_heights) <= heights["median"]


@pytest.mark.slow
async def test_a_click_on_an_old_picker_is_counted_stale(arena: Arena) -> None:
    """A person opens the picker and looks away; their turn times out and the AI moves for them; back, they tap the
    picker still on their screen. The bot answers that the question is over (or changed): one stale answer."""
    world, seat, bot = arena.world, arena.seats[0], arena.bot
    match_id, lobby = await whole.open_match(arena, seat, get_game("drump"), 2, 0)
    await arena.send(seat.players[0], lobby, LobbyButton.custom_id_for(match_id, "start"))
    live = arena.service.matches._cache[match_id]
    player, decision = sorted(live.waiting.actors)[0], live.decision
    table = world.message(live.record.message_id)
    before = len(world.interactions)
    old = (await arena.send(player, table, ActButton.custom_id_for(match_id, decision))).message
    assert old is not None
    old_pick = next(cid for cid in old.custom_ids() if cid.startswith("pkb:") and not cid.endswith(":back"))
    clock = arena.service.clock
    for _ in range(10):  # the reminder, then the turn's deadline
        if arena.service.matches._cache[match_id].decision != decision:
            break
        clock.advance(max(0.0, bot.scheduler.pending()[match_id] - clock.now()))
        await bot.scheduler.run_due()
        await world.settle()
    assert arena.service.matches._cache[match_id].decision != decision, "the turn timed out"
    assert old_pick in old.custom_ids() and not old.deleted, "the old picker is still on the person's screen"
    assert count_stale(world.interactions[before:]) == {}, "opening the picker was current"
    record = await world.click(bot, player, old, old_pick)
    await world.settle()
    reason = stale_reason(record)
    assert reason in ("question over", "question changed"), record.text
    assert count_stale(world.interactions[before:]) == {reason: 1}


def test_an_own_turns_taps_are_grouped_by_what_they_are_for() -> None:
    kinds = {
        "Take action / Respond": 1.5,
        "pick type attack (button)": 0.5,
        "pick type pay (button)": 0.25,
        "pick card (button)": 0.25,
        "pick type collect (button, applies the move)": 1.0,
        "pick target (button, applies the move)": 2.0,
        "Back": 0.125,
    }
    assert spent_on(kinds) == {
        "apply the move": 3.0,
        "open the picker": 1.5,
        "choose the kind of move": 0.75,
        "choose its details": 0.25,
        "Back": 0.125,
    }


@pytest.mark.slow
async def test_a_drama_turn_costs_at_most_five_taps(tmp_path: Path) -> None:
    """The target, as the bench measures it: seeded Drama Pukul 7 matches at 3 seats and at 6 (2 AI), people
    choosing with the game's policy and tapping what they were just shown."""
    plan = [(3, 3), (3, 3), (6, 4), (6, 4)]
    world, seats = whole.build_world(6, len(plan))
    bot = make_bot(str(tmp_path / "whole.sqlite3"), SEED)
    await world.connect(bot)
    arena = Arena(world, bot, str(tmp_path / "whole.sqlite3"), seats, HandlerTracker(bot.handlers))
    try:
        await arena.service.settings.change(seats[0].guild_id, "ai_delay_seconds", 0)
        played = [
            await whole.play_match(arena, seat, get_game("drama"), players, humans, Rng.seeded(1_000_003 + i))
            for i, ((players, humans), seat) in enumerate(zip(plan, seats, strict=True))
        ]
    finally:
        await arena.close()
    summary = whole.summarise(played)
    assert summary["own_turns_per_match"] > 10
    assert summary["taps_per_own_turn"] <= 5, summary["own_turn_taps_by_kind"]
