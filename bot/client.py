"""The bot object: opens the database, registers restart-proof components, loads the game cogs.

Start-up order matters for restarts: the dynamic components are registered
and every live match reloaded inside ``setup_hook``, before any gateway
event can arrive, so a click on a message sent before the restart is
answered, and a deadline that passed while the bot was down fires at once.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Iterable

import discord
from discord.ext import commands

from bot.clock import Clock, SystemClock
from bot.command_translator import CatalogueTranslator, LocalisedTree
from bot.community import Community
from bot.i18n import t, use_locale
from bot.matches import MatchService
from bot.scheduler import DeadlineScheduler
from bot.storage import Storage
from bot.table import Table
from bot.ui import picture_pool
from bot.ui.components import dynamic_items

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

    async def setup_hook(self) -> None:
        self.storage = await Storage.open(self.database_path, clock=self.clock)
        service = MatchService(self.storage, self.clock, seeds=self.seeds)
        scheduler = DeadlineScheduler(self.clock, self._on_timer)
        self.table = Table(self, service, scheduler)
        self.community = Community(service)
        self.add_dynamic_items(*dynamic_items())
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
        """Answer a click no component claims, so the player never sees "This interaction failed".

        discord.py has already dispatched the interaction (synchronously, before
        this event) to every DynamicItem whose template matches *and* whose
        component is on the message, and to any stored view; it drops the rest
        silently. The same test here decides, so exactly one answer is sent.
        """
        if interaction.type is not discord.InteractionType.component or self._claimed(interaction):
            return
        try:
            with use_locale(await self.table.service.languages.for_interaction(interaction)):
                await self.table.tell(interaction, t("This button is no longer valid."))
        except discord.HTTPException as exc:
            log.warning("could not answer an unclaimed click: %s", exc)

    def _claimed(self, interaction: discord.Interaction) -> bool:
        data: dict[str, Any] = dict(interaction.data or {})  # type: ignore[arg-type]
        custom_id, kind = data.get("custom_id"), data.get("component_type")
        if not isinstance(custom_id, str):
            return False
        message = interaction.message
        store = self._connection._view_store  # discord.py's router: the stored views and registered templates
        key = (kind, custom_id)
        if key in store._views.get(message.id if message else None, {}) or key in store._views.get(None, {}):
            return True
        if message is not None and any(pattern.fullmatch(custom_id) for pattern in store._dynamic_items):
            return _shows(message.components, kind, custom_id)
        return False

    async def _on_tree_error(self, interaction: discord.Interaction, error: Exception) -> None:
        await self.table.answer_error(interaction, error)


def _shows(components: Iterable[Any], kind: Any, custom_id: str) -> bool:
    """Whether a message's components hold one of type ``kind`` with ``custom_id``, at any depth.

    The test discord.py makes before it calls a DynamicItem (it rebuilds a whole View from the
    message for it), made on the parsed components themselves: rows, sections and containers
    hold ``children``, a section its ``accessory``. This runs on every click, before the click's
    own handler gets the loop, so it stays cheap.
    """
    pending = list(components)
    while pending:
        component = pending.pop()
        if getattr(component, "custom_id", None) == custom_id and component.type.value == kind:
            return True
        pending.extend(getattr(component, "children", None) or ())
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            pending.append(accessory)
    return False


def run(database_path: str, token: str, dev_guild_id: int | None) -> None:
    bot = GameBot(database_path=database_path, dev_guild_id=dev_guild_id)
    bot.run(token, log_handler=None)


__all__ = ["GameBot", "intents", "run"]
