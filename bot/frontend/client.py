"""The bot object: opens the database, routes restart-proof components, loads the game cogs.

Start-up order matters for restarts: the component router is set up and
every live match reloaded inside ``setup_hook``, before any gateway event
can arrive, so a click on a message sent before the restart is answered,
and a deadline that passed while the bot was down fires at once.
"""

from __future__ import annotations

import logging
from typing import Callable

import discord
from discord.ext import commands

from bot.play.clock import Clock, SystemClock
from bot.frontend.command_translator import CatalogueTranslator, LocalisedTree
from bot.frontend.handlers.community import Community
from bot.kernel.i18n import t, use_locale
from bot.frontend.compose import compose
from bot.play.scheduler import DeadlineScheduler
from bot.store.sqlite import Storage
from bot.frontend.handlers.table import Table
from bot.frontend.ui import picture_pool
from bot.frontend.ui.components import dynamic_items
from bot.frontend.ui.router import ComponentRouter

log = logging.getLogger(__name__)

#: The game cogs come from the registry (one group per registered game); then the server-wide commands.
COGS = ("cogs.games", "cogs.community")


def intents() -> discord.Intents:
    """Only what the bot uses: guilds (channels and the command tree). No privileged intents."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


class GameBot(commands.Bot):
    def __init__(self, *, database_path: str, clock: Clock | None = None, dev_guild_id: int | None = None,
                 sync_commands: bool = True, cogs: tuple[str, ...] = COGS,
                 seeds: Callable[[], int] | None = None) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(), help_command=None,
                         tree_cls=LocalisedTree,
                         allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False))
        self.database_path = database_path
        self.clock: Clock = clock or SystemClock()
        self.dev_guild_id = dev_guild_id
        self.sync_commands = sync_commands
        self.cog_modules = cogs
        self.seeds = seeds
        self.storage: Storage | None = None
        self.table: Table
        #: Every click on one of the bot's components goes to it (see ``on_interaction``).
        self.router = ComponentRouter(dynamic_items())

    async def setup_hook(self) -> None:
        self.storage = await Storage.open(self.database_path, clock=self.clock)
        composed = compose(self.storage, self.clock, seeds=self.seeds)
        scheduler = DeadlineScheduler(self.clock, self._on_timer)
        self.table = Table(self, composed, scheduler)
        self.community = Community(composed.service, self.storage, composed.languages)
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]
        await self.tree.set_translator(CatalogueTranslator())
        for module in self.cog_modules:
            await self.load_extension(module)
        resumed = await self.table.resume()
        scheduler.start()
        log.info("reloaded %d live matches", resumed)
        if self.sync_commands:
            await self._sync()

    async def _on_timer(self, match_id: int) -> None:
        await self.table.on_timer(match_id)

    async def _sync(self) -> None:
        if self.dev_guild_id:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        if hasattr(self, "table"):
            await self.table.scheduler.stop()
        try:
            await super().close()
        finally:
            picture_pool.SHARED.close()  # the picture worker stops with the bot
            if self.storage is not None:
                await self.storage.close()
                self.storage = None

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every component click: to the component it is on (``bot.frontend.ui.router``), else told it is no longer valid.

        The components are not registered with discord.py, which would rebuild the clicked
        message's whole view to find the one clicked; the router decides on what discord.py has
        parsed already, so exactly one answer is sent, and the player never sees "This
        interaction failed".
        """
        if interaction.type is not discord.InteractionType.component:
            return
        claim = self.router.claim(interaction)
        if claim is not None and await claim.run(interaction):
            return
        try:
            with use_locale(await self.table.languages.for_interaction(interaction)):
                await self.table.tell(interaction, t("This button is no longer valid."))
        except discord.HTTPException as exc:
            log.warning("could not answer an unclaimed click: %s", exc)

    async def _on_tree_error(self, interaction: discord.Interaction, error: Exception) -> None:
        await self.table.answer_error(interaction, error)


def run(database_path: str, token: str, dev_guild_id: int | None) -> None:
    bot = GameBot(database_path=database_path, dev_guild_id=dev_guild_id)
    bot.run(token, log_handler=None)


__all__ = ["GameBot", "intents", "run"]
