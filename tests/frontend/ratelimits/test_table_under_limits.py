"""The real bot against a stand-in that enforces Discord's rate limits.

Every scenario runs on a virtual-time loop (``tools.sim.virtual_time``): a
5-second bucket or a slow commit passes without real waiting, and nothing
here depends on how fast the machine is. No test asserts a duration.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import discord

from bot.frontend.client import GameBot
from bot.frontend.delivery.ratelimit import GlobalPacer, install_pacer
from bot.frontend.ui.components import LobbyButton
from bot.play.clock import ManualClock
from tests.frontend.hand_edits import watch_hand_edits
from tests.frontend.table_driver import CHANNEL, GUEST, GUILD, HOST, NAMES
from tools.bench.tracker import HandlerTracker
from tools.sim import FakeDiscord, virtual_time
from tools.sim.ratelimit import RateLimits, RouteLimit
from tools.sim.seat import act_button, next_pick, shown_path


def limited_world(limits: RateLimits) -> FakeDiscord:
    world = FakeDiscord(rate_limits=limits, settle_timeout=600.0)
    world.add_guild(GUILD, "Kedai Kopi")
    world.add_channel(GUILD, CHANNEL, "meja-drump")
    for user, name in NAMES.items():
        world.add_member(GUILD, user, name)
    return world


async def open_bot(world: FakeDiscord, db_path: Path) -> GameBot:
    seeds = iter(range(99, 1099))
    bot = GameBot(database=str(db_path), clock=ManualClock(), seeds=lambda: next(seeds))
    await world.connect(bot)
    await bot.service.settings.change(GUILD, "pictures", 0)
    return bot


async def start_drump(world: FakeDiscord, bot: GameBot) -> Any:
    new = await world.slash(bot, HOST, CHANNEL, "drump", "new")
    match_id = bot.service.matches._cache and next(iter(bot.service.matches._cache))
    await world.click(bot, GUEST, new.message, LobbyButton.custom_id_for(match_id, "join"))
    await world.click(bot, HOST, new.message, LobbyButton.custom_id_for(match_id, "start"))
    await world.settle()
    return bot.service.matches._cache[match_id]


_TRACKERS: dict[int, HandlerTracker] = {}


async def answered(bot: GameBot, record: Any) -> Any:
    """Wait for the click's handler only, not for the table edit it asked for (that runs in the background)."""
    tracker = _TRACKERS.get(id(bot))
    if tracker is None:
        tracker = _TRACKERS[id(bot)] = HandlerTracker(bot.handlers)
    await tracker.expect(record.id)
    return record


async def quick_move(world: FakeDiscord, bot: GameBot, live: Any, player: int) -> None:
    """A person clicking through the picker as fast as the replies come, never waiting for the table."""
    legal = live.game.rules.legal_actions(live.state, player)
    action = legal[0]
    table = world.message(live.record.message_id)
    record = await answered(bot, await world.click(bot, player, table, act_button(table), wait=False))
    message, path = record.message, shown_path(record.message)
    while True:
        pick = next_pick(message, legal, path, action)
        if pick.value is None:
            record = await world.click(bot, player, message, pick.custom_id, wait=False)
        else:
            record = await world.select(bot, player, message, pick.custom_id, [pick.value], wait=False)
        record = await answered(bot, record)
        if pick.final:
            return
        message, path = record.message, pick.path


def table_edits(world: FakeDiscord, message_id: int) -> list[Any]:
    """Edits of one message: in its channel, or through an interaction token (by id, or as its ``@original``)."""
    return world.log.edits_of(message_id)


def limited_requests(world: FakeDiscord, since: int = 0) -> list[Any]:
    """Requests the global limit counts: everything but the interaction callback and webhook."""
    return [r for r in world.requests[since:] if not r.path.startswith(("/interactions/", "/webhooks/"))]


def test_a_burst_of_moves_in_one_channel_ends_on_the_final_table_with_nothing_dropped_or_shown_early(tmp_path):
    # A slow channel and slow tokens: one edit per 3 s, so moves pile up while the table's edit waits.
    limits = RateLimits()
    limits.routes[("PATCH", "/channels/{channel_id}/messages/{message_id}")] = RouteLimit("slow-edit", 1, 3.0)
    limits.webhook = RouteLimit("slow-webhook", 1, 3.0)
    box: dict[str, Any] = {}

    async def main() -> None:
        world = limited_world(limits)
        bot = await open_bot(world, tmp_path / "m.sqlite3")
        try:
            live = await start_drump(world, bot)
            storage = bot.storage
            committing: set[int] = set()
            rendered_while_committing: list[int] = []
            record_action = storage.matches.record_action

            async def slow_commit(match_id: int, **kwargs: Any) -> Any:
                committing.add(match_id)
                try:
                    await asyncio.sleep(1.0)  # a slow disk: the move is applied in memory, not stored yet
                    return await record_action(match_id, **kwargs)
                finally:
                    committing.discard(match_id)

            storage.matches.record_action = slow_commit
            announcer = bot.announcer
            prepare = announcer.table_show.prepare

            async def spy_prepare(target: Any, **kwargs: Any) -> Any:
                if target.id in committing:
                    rendered_while_committing.append(target.record.seq)
                return await prepare(target, **kwargs)

            announcer.table_show.prepare = spy_prepare
            render_hand = announcer.hands._render
            hand_renders: list[int] = []

            async def spy_render_hand(target: Any, player: int, **kwargs: Any) -> Any:
                hand_renders.append(player)
                if target.id in committing:
                    rendered_while_committing.append(target.record.seq)
                return await render_hand(target, player, **kwargs)

            announcer.hands._render = spy_render_hand
            start = len(world.requests)
            moves = 0
            for _ in range(12):
                if live.record.status != "active":
                    break
                player = sorted(live.game.rules.actors(live.state))[0]
                await quick_move(world, bot, live, player)
                moves += 1
            await world.settle()
            box.update(
                world=world,
                live=live,
                moves=moves,
                start=start,
                early=rendered_while_committing,
                hand_renders=len(hand_renders),
                expected=await prepare(live),
                folded=announcer.refresher.folded,
            )
        finally:
            await bot.close()
            world.close()

    virtual_time.run(main())
    world, live = box["world"], box["live"]
    table = world.message(live.record.message_id)
    # The table ends showing the final state: what rendering the stored match now gives.
    assert table.embeds[0]["description"] == box["expected"].embed.to_dict()["description"]
    assert table.embeds[0].get("fields", []) == box["expected"].embed.to_dict().get("fields", [])
    # Quick moves were folded: fewer table edits than moves.
    edits = [r for r in table_edits(world, live.record.message_id) if r.seq >= box["start"]]
    assert box["moves"] >= 6 and box["folded"] > 0
    assert 0 < len([r for r in edits if r.ok]) < box["moves"]
    # Nothing rendered (table or hand DM) while a move was applied but not committed.
    assert box["early"] == [] and box["hand_renders"] > 0
    # Nothing dropped: every request made after the start was served or waited out and served.
    assert not world.settler.errors
    failed = [r for r in world.requests[box["start"] :] if r.status >= 400 and r.status != 429]
    assert failed == []
    assert world.rest.rate_limits.refused["global"] == 0


def test_the_bot_keeps_under_the_global_limit_where_discord_py_alone_storms_into_429s():
    def burst(paced: bool) -> tuple[int, int, int]:
        async def main() -> tuple[int, int, int]:
            world = FakeDiscord(rate_limits=RateLimits(global_per_second=10))
            world.add_guild(GUILD, "Kedai Kopi")
            channels = [CHANNEL + i for i in range(40)]
            for channel in channels:
                world.add_channel(GUILD, channel, f"c{channel}")
            client = discord.Client(intents=discord.Intents.default())
            await world.connect(client)
            if paced:
                install_pacer(client.http, GlobalPacer(rate=9.0, burst=1))
            await asyncio.sleep(1.0)  # login's requests belong to an earlier window
            try:
                results = await asyncio.gather(
                    *(client.get_channel(c).send(f"hello {c}") for c in channels), return_exceptions=True
                )
                failures = sum(isinstance(r, Exception) for r in results)
                delivered = sum(len(world.channel_messages(c)) for c in channels)
                return delivered, failures, len(world.log.rate_limited())
            finally:
                await client.close()
                world.close()

        return virtual_time.run(main())

    delivered, failures, refused = burst(paced=True)
    assert (delivered, failures, refused) == (40, 0, 0)
    # The contrast that makes the pacer necessary: discord.py learns of the global limit only from
    # 429s, releases every held request at once after each, and meets it again: more 429s (each an
    # invalid request towards Discord's ban) than there were messages.
    delivered, failures, refused = burst(paced=False)
    assert refused > 40


def test_a_dm_refused_with_403_is_not_tried_again(tmp_path):
    box: dict[str, Any] = {}

    async def main() -> None:
        world = limited_world(RateLimits())
        world.directory.close_dms(GUEST)
        bot = await open_bot(world, tmp_path / "m.sqlite3")
        try:
            live = await start_drump(world, bot)
            for _ in range(10):
                if live.record.status != "active":
                    break
                await quick_move(world, bot, live, sorted(live.game.rules.actors(live.state))[0])
                await world.settle()
            box.update(world=world, dm=world.directory.users[GUEST].dm_channel_id)
        finally:
            await bot.close()
            world.close()

    virtual_time.run(main())
    world = box["world"]
    to_guest = [r for r in world.requests if box["dm"] and r.path.startswith(f"/channels/{box['dm']}/")]
    assert [r.status for r in to_guest] == [403]
    assert world.rest.rate_limits.invalid[403] == 1


def test_a_hand_dm_edit_goes_behind_the_tables_and_a_turns_draw_only_catches_up(tmp_path, monkeypatch):
    """Hand DMs never take an urgent slot from tables, prompts and pings; and DRUMP's draw at the start of a
    turn, dealt by the other player's ended turn, only catches up (background): the player it was dealt to
    is the one the match waits on, and the picker their ping brings them to shows the card. (What someone
    else did to a player who is not deciding goes as news: ``tests/frontend/test_hand_dm_priority.py``.)"""
    from bot.frontend.delivery import ratelimit

    box: dict[str, Any] = {"move": None}
    watched = watch_hand_edits(monkeypatch, lambda: box["world"], lambda player: box["move"])

    async def main() -> None:
        world = limited_world(RateLimits())
        box["world"] = world
        bot = await open_bot(world, tmp_path / "m.sqlite3")
        try:
            live = await start_drump(world, bot)
            for _ in range(16):
                if live.record.status != "active":
                    break
                mover = sorted(live.game.rules.actors(live.state))[0]
                box["move"] = (mover, live.game.rules.legal_actions(live.state, mover)[0]["type"])
                await quick_move(world, bot, live, mover)
                await world.settle()
        finally:
            await bot.close()
            world.close()

    virtual_time.run(main())
    edits = [(edit.priority, edit.player, edit.noted) for edit in watched]
    drawn = [priority for priority, owner, (mover, kind) in edits if kind == "end_turn" and owner != mover]
    assert drawn and set(drawn) == {ratelimit.Priority.BACKGROUND}
    assert ratelimit.Priority.URGENT not in {priority for priority, _, _ in edits}
