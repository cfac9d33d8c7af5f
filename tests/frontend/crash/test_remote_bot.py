"""The cross-process stand-in itself: a kill lands exactly at the request it names, and Discord outlives it."""

from __future__ import annotations

import pytest

from tests.frontend.crash.crash_world import GAME, CrashWorld
from tools.sim.remote import ChildDied

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("when", ["before", "after"])
async def test_a_kill_at_a_request_lands_before_or_after_discord_served_it(tmp_path, when):
    cw = CrashWorld(str(tmp_path / "matches.sqlite3"))
    channel = cw.add_channel()
    bot = await cw.start_bot(seed=1)
    try:
        served_before = len(cw.world.requests)
        bot.kill_switch = lambda route, body: when if route.path.endswith("/callback") else None
        with pytest.raises(ChildDied):
            await cw.new(channel)
        assert bot.is_closed() and bot.killed_at is not None and bot.killed_at[2] == when
        served = cw.world.requests[served_before:]
        posted = [m for m in cw.world.channel_messages(channel.id) if m.custom_ids()]
        if when == "before":  # Discord never got the reply: nothing shown, the click unanswered
            assert served == [] and posted == [] and cw.world.interactions[-1].response_type is None
        else:  # Discord showed the lobby; the bot never heard back
            assert [r.kind for r in served] == ["reply"] and len(posted) == 1
        assert cw.live_in(channel) is not None, "the lobby was committed before its reply was sent"
    finally:
        await bot.close()
    fresh = await cw.start_bot(seed=2)  # the same world and database, a new process
    try:
        record = await cw.world.slash(fresh, channel.host, channel.id, GAME, "board")
        assert record.response_type is not None and "lobby" in record.text
    finally:
        await fresh.close()
        cw.world.close()
