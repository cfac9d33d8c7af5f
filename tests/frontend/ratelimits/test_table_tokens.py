"""The table message is edited through interaction tokens, which Discord's global rate limit does not count.

Each scenario runs on a virtual-time loop, so a quarter of an hour passes
without real waiting; the stand-in forgets nothing and refuses a token older
than Discord's 15 minutes with a 401, which the bot must never earn.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from test_table_under_limits import limited_requests, limited_world, open_bot, quick_move, start_drump

from bot.frontend.ui import render
from bot.kernel.contract import Result
from tests.frontend.table_driver import CHANNEL
from tools.sim import virtual_time
from tools.sim.ratelimit import RateLimits


def channel_requests(world: Any, since: int = 0) -> list[Any]:
    """Limited requests in the match's channel itself (posts, edits, deletes of its messages)."""
    return [r for r in limited_requests(world, since) if r.path.startswith(f"/channels/{CHANNEL}/")]


def run(tmp_path: Path, scenario: Any) -> dict[str, Any]:
    box: dict[str, Any] = {}

    async def main() -> None:
        world = limited_world(RateLimits())
        bot = await open_bot(world, tmp_path / "m.sqlite3")
        try:
            live = await start_drump(world, bot)
            box.update(world=world, bot=bot, live=live)
            await scenario(world, bot, live, box)
            await world.settle()
        finally:
            await bot.close()
            world.close()

    virtual_time.run(main())
    return box


def shows_state(world: Any, bot: Any, live: Any) -> bool:
    table = world.message(live.record.message_id)
    return not table.deleted and live.game.title in (table.embeds[0].get("title") or "")


def test_a_match_played_by_clicks_never_edits_its_table_in_the_channel(tmp_path):
    async def scenario(world, bot, live, box):
        box["start"] = len(world.requests)
        while live.record.status == "active":
            await quick_move(world, bot, live, sorted(live.game.rules.actors(live.state))[0])
        await world.settle()

    box = run(tmp_path, scenario)
    world, live = box["world"], box["live"]
    assert live.record.status != "active"
    # Every table edit, pings and the result went through interaction tokens: nothing limited in the channel.
    assert channel_requests(world, box["start"]) == []
    assert world.rest.rate_limits.invalid == {}
    table = world.message(live.record.message_id)  # the last table shows the result
    assert Result.from_json(live.record.result).summary in table.embeds[0]["description"]


def test_ten_minutes_on_the_next_click_posts_the_table_anew_and_removes_the_old_one_through_its_token(tmp_path):
    async def scenario(world, bot, live, box):
        box["old"] = live.record.message_id
        await asyncio.sleep(10.5 * 60)  # the Start click's token has four and a half minutes left
        box["start"] = len(world.requests)
        await quick_move(world, bot, live, sorted(live.game.rules.actors(live.state))[0])
        await world.settle()

    box = run(tmp_path, scenario)
    world, bot, live = box["world"], box["bot"], box["live"]
    new, old = live.record.message_id, box["old"]
    assert new != old
    assert world.message(old).deleted
    public = [m for m in world.channel_messages(CHANNEL) if not m.ephemeral]
    assert new in [m.id for m in public[-2:]]  # at the bottom, beside the ping at most
    assert shows_state(world, bot, live)
    assert channel_requests(world, box["start"]) == []  # posted and deleted through interaction tokens
    assert world.rest.rate_limits.invalid == {}
    for player in live.record.players:  # each hand DM's "Go to the table" now leads to the new message
        links = [b.url for m in world.dm_messages(player) for b in m.buttons() if b.url]
        assert links and links[-1].endswith(f"/{CHANNEL}/{new}"), links


def test_a_table_no_token_reaches_any_more_is_edited_in_the_channel_without_a_401(tmp_path):
    async def scenario(world, bot, live, box):
        await asyncio.sleep(16 * 60)  # every token of the match has run out
        box["start"] = len(world.requests)
        async with bot.service.matches.lock(live.id):  # as at a restart's catch-up, with no click behind it
            assert await bot.announcer.refresh_table(live)
        box["edited"] = len(world.requests)
        await quick_move(world, bot, live, sorted(live.game.rules.actors(live.state))[0])
        await world.settle()

    box = run(tmp_path, scenario)
    world, bot, live = box["world"], box["bot"], box["live"]
    edits = [r for r in world.requests[box["start"] : box["edited"]] if r.method == "PATCH"]
    assert [r.path.startswith(f"/channels/{CHANNEL}/messages/") for r in edits] == [True]
    # The next click posted the table under its own token; the old one went in the channel (its token was dead).
    after = channel_requests(world, box["edited"])
    assert [r.method for r in after] == ["DELETE"]
    assert shows_state(world, bot, live)
    assert world.rest.rate_limits.invalid == {}


def test_reaches_whose_token_ran_out_are_dropped_so_ended_matches_hold_nothing():
    from types import SimpleNamespace

    from bot.frontend.delivery.table_tokens import REPOST_AFTER, SWEEP_EVERY, TableTokens

    def followup(message_id: int, token: str) -> Any:  # what discord.py's WebhookMessage carries of its token
        return SimpleNamespace(id=message_id, _state=SimpleNamespace(_webhook=SimpleNamespace(token=token)))

    async def main() -> None:
        tables = TableTokens()
        now = asyncio.get_running_loop().time
        for match in range(300):
            tables.posted(match, followup(1000 + match, f"old-{match}"), now())
        assert len(tables) == 300 and tables.holds_token("old-7")
        assert not tables.wants_repost(7, 1007)
        await asyncio.sleep(REPOST_AFTER + 1)
        assert tables.wants_repost(7, 1007) and tables.usable(7, 1007) is not None
        await asyncio.sleep(5 * 60)  # past the 14 minutes a token is used for
        assert tables.usable(7, 1007) is None and not tables.holds_token("old-7")
        for match in range(300, 300 + SWEEP_EVERY):
            tables.posted(match, followup(1000 + match, f"new-{match}"), now())
        assert len(tables) == SWEEP_EVERY  # the run-out reaches of matches never shown again are gone
        assert not tables.holds_token("old-8") and tables.holds_token("new-300")

    virtual_time.run(main())


def test_a_ping_no_click_in_the_channel_brings_is_a_followup_of_the_tables_token_while_it_lives(tmp_path):
    """An AI seat's move, a timer or a click in a DM has no interaction in the channel: the ping goes out
    through the interaction behind the table's reach; once that token has run out, in the channel, with no 401."""

    async def scenario(world, bot, live, box):
        announcer = bot.announcer
        player = sorted(live.game.rules.actors(live.state))[0]
        box["start"] = len(world.requests)
        async with bot.service.matches.lock(live.id):
            await announcer.pings.ping(live, render.mention_ping(live, player, own_turn=True), click=None)
        await world.settle()
        box["first"] = len(world.requests)
        await asyncio.sleep(16 * 60)  # the table's token has run out
        async with bot.service.matches.lock(live.id):
            await announcer.pings.ping(live, render.mention_ping(live, player, own_turn=True), click=None)
        await world.settle()

    box = run(tmp_path, scenario)
    world = box["world"]
    first = world.requests[box["start"] : box["first"]]
    posts = [r for r in first if r.method == "POST"]
    assert len(posts) == 1 and posts[0].route.startswith("/webhooks/")  # a followup of the table's token
    assert [r for r in first if r.path.startswith(f"/channels/{CHANNEL}/")] == []  # nothing limited in the channel
    later = channel_requests(world, box["first"])
    assert sorted(r.method for r in later) == ["DELETE", "POST"]  # the new ping, and the old one removed
    pings = [m for m in world.channel_messages(CHANNEL) if not m.deleted and "it's your turn" in m.text]
    assert len(pings) == 1
    assert world.rest.rate_limits.invalid == {}
