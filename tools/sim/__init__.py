"""An in-process stand-in for Discord's API and gateway.

It drives discord.py's real code (login, command tree, views, dynamic items,
interaction responses) offline: gateway-shaped payloads go in through
discord.py's own parsers, and every REST request comes out through a
recorder that answers like Discord would. Tests, the offline demo and the
benchmark all use it; see :class:`FakeDiscord`.

Typical use::

    async with FakeDiscord(app_id=APP, bot_name="Meja") as world:
        world.add_guild(GUILD, name="Kedai Kopi", owner_id=OWNER)
        world.add_channel(GUILD, CHANNEL, name="games")
        world.add_member(GUILD, AISYAH, "Aisyah")
        bot = MyBot()
        await world.connect(bot)                  # real login() + setup_hook(), then GUILD_CREATE
        try:
            inter = await world.slash(bot, AISYAH, CHANNEL, "drump", "new", options={"seats": 4})
            assert inter.response_type == 4 and "DRUMP" in inter.text
            await world.click(bot, AISYAH, inter.message, "drump:join")
        finally:
            await bot.close()

Rarer reads and knobs live on the world's parts (see ``tools.sim.world``):
``world.log.requests_of("dm")``, ``world.log.edits_of(id)``,
``world.directory.close_dms(user)``, ``world.settler.forget_errors()``,
``world.rest.rate_limits``, ``world.commands.registered``.
"""

from tools.sim.components import ButtonInfo, OptionInfo, SelectInfo
from tools.sim.errors import APIError, HandlerError, SettleTimeout, UnfinishedError, UnknownRouteError
from tools.sim.models import (
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeUser,
    InteractionRecord,
    RecordedRequest,
)
from tools.sim.world import FakeDiscord

__all__ = [
    "APIError",
    "ButtonInfo",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMember",
    "FakeMessage",
    "FakeUser",
    "HandlerError",
    "InteractionRecord",
    "OptionInfo",
    "RecordedRequest",
    "SelectInfo",
    "SettleTimeout",
    "UnfinishedError",
    "UnknownRouteError",
]
