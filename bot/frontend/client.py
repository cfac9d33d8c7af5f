"""The bot object, and the one place its parts are put together.

``setup_hook`` opens the database, composes the match service
(``bot.frontend.compose``), the announcer and the handlers, each given the
narrow things it uses, then the component router (each component class with
the handler its clicks go to) and the cogs (each given its handlers). No
handler looks another up through the bot.

Start-up order matters for restarts: the component router is set up and
every live match reloaded inside ``setup_hook``, before any gateway event
can arrive, so a click on a message sent before the restart is answered,
and a deadline that passed while the bot was down fires at once.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import logging
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import discord
from discord.ext import commands

from bot.frontend.command_translator import CatalogueTranslator, LocalisedTree
from bot.frontend.compose import Composed, compose
from bot.frontend.delivery.announcer import Announcer
from bot.frontend.delivery.pickers import OpenPickers
from bot.frontend.delivery.retry import FAILED
from bot.frontend.handlers.answers import Answers
from bot.frontend.handlers.community import Community
from bot.frontend.handlers.hand import OwnHand
from bot.frontend.handlers.handover import MatchHandover
from bot.frontend.handlers.lobby import LobbySeats
from bot.frontend.handlers.lobby_options import LobbyOptions
from bot.frontend.handlers.match_log import MatchLog
from bot.frontend.handlers.picker_replies import PickerReplies
from bot.frontend.handlers.picking import Picking
from bot.frontend.handlers.restart import Restart
from bot.frontend.handlers.seat_vote import SeatVote
from bot.frontend.handlers.slash import SlashCommands
from bot.frontend.handlers.table_picture import TablePicture
from bot.frontend.handlers.timers import Timers
from bot.frontend.intake import KEEP, Intake
from bot.frontend.languages import Languages
from bot.frontend.ui import picture_pool
from bot.frontend.ui.components import (
    ActButton,
    AddAISelect,
    HandButton,
    LanguageSelect,
    LobbyButton,
    LogButton,
    MyOptionsButton,
    OptionsButton,
    OptionSelect,
    PanelPageButton,
    PassButton,
    PickButton,
    PickSelect,
    PictureButton,
    PlayerOptionSelect,
    PrefButton,
    VoteButton,
)
from bot.frontend.ui.drawn_pictures import pictures_on
from bot.frontend.ui.legal_cache import LegalCache
from bot.frontend.ui.picker_picture import PickerPictures
from bot.frontend.ui.router import ComponentRouter, route
from bot.kernel.i18n import t, use_locale
from bot.play.clock import Clock, SystemClock
from bot.play.ownership import BALANCE_EVERY, Ownership, PartitionLocks, SoleOwner
from bot.play.record import StoreUnavailable
from bot.play.scheduler import DeadlineScheduler
from bot.play.service import MatchService
from bot.store.identify_turns import IdentifyTurns
from bot.store.rate_slots import RateSlots
from bot.store.storage import Storage

log = logging.getLogger(__name__)

#: Partitions of the matches among the processes sharing a PostgreSQL database (each takes its share of them);
#: every process of one database must use the same number. Alone on a SQLite file, the process has them all.
PARTITIONS = 16

#: The game cogs come from the registry (one group per registered game); then the server-wide commands.
COGS = ("cogs.games", "cogs.community")


def intents() -> discord.Intents:
    """Only what the bot uses: guilds (channels and the command tree). No privileged intents."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


@dataclass(frozen=True)
class Handlers:
    """The bot's handlers, each made once in ``setup_hook``; the router and the cogs are given theirs from here."""

    answers: Answers
    lobby: LobbySeats
    options: LobbyOptions
    picking: Picking
    hand: OwnHand
    log: MatchLog
    picture: TablePicture
    vote: SeatVote
    slash: SlashCommands
    timers: Timers
    restart: Restart
    community: Community


class GameBot(commands.AutoShardedBot):
    """The bot: sharded by discord.py as Discord recommends (required from 2,500 servers), every shard in each
    process; several processes on one PostgreSQL database share the matches out (``ownership``, ``intake``)."""

    def __init__(
        self,
        *,
        database: str,
        clock: Clock | None = None,
        dev_guild_id: int | None = None,
        sync_commands: bool = True,
        cogs: tuple[str, ...] = COGS,
        seeds: Callable[[], int] | None = None,
        partitions: int = PARTITIONS,
        balance_every: float | None = BALANCE_EVERY,
        drain_on_sigterm: bool = False,
        ai_search: str = "local",
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            tree_cls=LocalisedTree,
            allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
        )
        #: Where matches are stored: a SQLite file's path or a ``postgresql://`` URL.
        self.database = database
        self.clock: Clock = clock or SystemClock()
        self.dev_guild_id = dev_guild_id
        self.sync_commands = sync_commands
        self.cog_modules = cogs
        self.seeds = seeds
        #: How many partitions the matches are split into among the processes sharing the database.
        self.partitions = partitions
        #: Where hard AI seats search: ``local`` (this machine's worker processes) or ``remote`` (``AI_SEARCH``).
        self.ai_search = ai_search
        #: Turns to IDENTIFY shared with the other processes on the database (None alone on a SQLite file).
        self._identify_turns: IdentifyTurns | None = None
        #: Seconds between two looks at which partitions to serve (None: only when told, as tests do).
        self.balance_every = balance_every
        #: Whether SIGTERM hands the matches over before stopping (the real process; tests' loops are not its own).
        self.drain_on_sigterm = drain_on_sigterm
        self._joining = False
        self.storage: Storage | None = None
        # Made in ``setup_hook`` (they need the database):
        self.service: MatchService
        self.languages: Languages
        #: Each match's next wake-up (``Timers`` points it, ``Timers.on_timer`` answers it).
        self.scheduler: DeadlineScheduler
        #: Each player's newest private picker (folded away when a newer one opens).
        self.pickers: OpenPickers
        #: Everything shown after a change is committed: the table, pings, prompts, hand DMs.
        self.announcer: Announcer
        self.handlers: Handlers
        #: Every click on one of the bot's components goes to it (see ``on_interaction``).
        self.router: ComponentRouter
        #: The partitions of the matches this process serves (all of them, alone on a SQLite file).
        self.ownership: Ownership
        #: Whether an interaction is this process's to answer (see ``bot.frontend.intake``).
        self.intake: Intake

    async def setup_hook(self) -> None:
        self.storage = await Storage.open(self.database, clock=self.clock)
        composed = compose(self.storage, self.clock, seeds=self.seeds, search=self.ai_search)
        self.service, self.languages = composed.service, composed.languages
        self.scheduler = DeadlineScheduler(self.clock, self._on_timer)
        self.pickers = OpenPickers(self.service.clock)
        self.announcer = Announcer(self, composed, self.pickers)
        self.handlers = self._compose_handlers(composed, self.storage)
        self.router = self._compose_router(self.handlers)
        self.scheduler.sweep_with(self.handlers.timers.rearm_forgotten)
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]
        cast(LocalisedTree, self.tree).read_in(self.languages)  # the tree_cls given above
        await self.tree.set_translator(CatalogueTranslator())
        for module in self.cog_modules:
            await self.load_extension(module)  # each cog's ``setup`` gives it its handlers from ``self.handlers``
        locks = await self._partition_locks(self.storage)
        sole = isinstance(locks, SoleOwner)
        handover = MatchHandover(
            count=self.partitions,
            restart=self.handlers.restart,
            answers=self.handlers.answers,
            matches=self.service.matches,
            timers=self.handlers.timers,
            announcer=self.announcer,
            votes=self.service.votes,
            settings=self.service.settings,
            store=self.storage,
        )
        self.ownership = Ownership(
            locks,
            self.partitions,
            handover,
            every=self.balance_every or BALANCE_EVERY,
            on_lost=self._lost_the_store,
            # Several processes: one that starts hears clicks a while before taking a share (tests that balance
            # by hand join at once).
            wait_to_join=not sole and self.balance_every is not None,
        )
        self.intake = Intake(self.ownership, self.storage.matches.guild_of, sole=sole)
        cast(LocalisedTree, self.tree).take_only(self.intake)
        if sole or await locks.members() == 0:
            # Nobody else serves the database: every live match reloaded before any click, as after a restart.
            # (A process joining others takes its share later, once it hears every click: see ``_gateway_up``.)
            await self.ownership.balance()
        handover.started()
        self.scheduler.start()
        if not sole:  # the token's global rate limit is shared by every process using it
            people = self.service.people
            await self.storage.watch_preferences(people.forget, people.forget_everyone)
            self.announcer.pacer.share_with(self._rate_slots(self.storage))
        if self.drain_on_sigterm:
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, self._stop_for_a_deploy)
        self._identify_turns = await self.storage.identify_turns()
        if self.sync_commands:
            await self._sync(self.storage)

    def _rate_slots(self, storage: Storage) -> RateSlots:
        """The token's request slots, shared with the other processes on the database, on the clock they share
        (the wall clock; the capacity benchmark's processes share their loop's virtual one instead)."""
        return RateSlots(storage.database, time.time)

    async def _partition_locks(self, storage: Storage) -> PartitionLocks:
        """This process's locks on the partitions: the store's (advisory locks on PostgreSQL, every partition on a
        SQLite file). The capacity benchmark shares them out between processes in one loop instead."""
        return await storage.partition_locks(self.partitions)

    def _compose_handlers(self, composed: Composed, storage: Storage) -> Handlers:
        """Every handler, each given the narrow things it uses (the parts of the service it calls, no more)."""
        service, languages, announcer, pickers = composed.service, composed.languages, self.announcer, self.pickers
        answers = Answers(service.matches, languages)
        timers = Timers(
            answers=answers,
            matches=service.matches,
            settings=service.settings,
            moves=service.moves,
            clock=service.clock,
            scheduler=self.scheduler,
            pickers=pickers,
            announcer=announcer,
        )
        shows_pictures = functools.partial(pictures_on, service.settings)
        match_log = MatchLog(answers=answers, matches=service.matches, store=storage.matches)
        pictures = PickerPictures(shows_pictures)
        replies = PickerReplies(answers=answers, pictures=pictures, pickers=pickers, matches=service.matches)
        hand = OwnHand(
            answers=answers,
            matches=service.matches,
            people=service.people,
            leaving=service.leaving,
            moves=service.moves,
            replies=replies,
            announcer=announcer,
            timers=timers,
        )
        return Handlers(
            answers=answers,
            lobby=LobbySeats(
                answers=answers,
                lobby=service.lobby,
                moves=service.moves,
                shown=composed.shown,
                announcer=announcer,
                timers=timers,
                pictures_on=shows_pictures,
            ),
            options=LobbyOptions(
                answers=answers, matches=service.matches, lobby=service.lobby, languages=languages, announcer=announcer
            ),
            picking=Picking(
                answers=answers,
                matches=service.matches,
                moves=service.moves,
                legal=LegalCache(),
                pickers=pickers,
                replies=replies,
                pictures=pictures,
                announcer=announcer,
                timers=timers,
            ),
            hand=hand,
            log=match_log,
            picture=TablePicture(answers=answers, matches=service.matches),
            vote=SeatVote(
                answers=answers, matches=service.matches, votes=service.votes, announcer=announcer, timers=timers
            ),
            slash=SlashCommands(
                answers=answers,
                matches=service.matches,
                lobby=service.lobby,
                leaving=service.leaving,
                shown=composed.shown,
                hand=hand,
                log=match_log,
                pictures_on=shows_pictures,
                pickers=pickers,
                announcer=announcer,
                timers=timers,
            ),
            timers=timers,
            restart=Restart(
                answers=answers,
                matches=service.matches,
                moves=service.moves,
                store=storage,
                timers=timers,
                scheduler=self.scheduler,
                announcer=announcer,
            ),
            community=Community(service, storage, languages),
        )

    def _compose_router(self, handlers: Handlers) -> ComponentRouter:
        """Each component class with the handler its clicks go to (each checked against the interface it names)."""
        routes: list[tuple[Any, Any]] = [
            route(LobbyButton, handlers.lobby),
            route(ActButton, handlers.picking),
            route(PassButton, handlers.picking),
            route(PickButton, handlers.picking),
            route(PickSelect, handlers.picking),
            route(HandButton, handlers.hand),
            route(LogButton, handlers.log),
            route(PictureButton, handlers.picture),
            route(VoteButton, handlers.vote),
            route(PrefButton, handlers.hand),
            route(OptionsButton, handlers.options),
            route(MyOptionsButton, handlers.options),
            route(PanelPageButton, handlers.options),
            route(OptionSelect, handlers.options),
            route(PlayerOptionSelect, handlers.options),
            route(AddAISelect, handlers.options),
            route(LanguageSelect, handlers.options),
        ]
        return ComponentRouter(routes, readers=self.languages, errors=handlers.answers)

    async def _on_timer(self, match_id: int) -> None:
        await self.handlers.timers.on_timer(match_id)

    async def _sync(self, storage: Storage) -> None:
        """Sync the slash commands with Discord (every server's, or the development server's), unless this very
        set was synced already: every process of a deploy and every restart would otherwise send it again, a
        rate-limited request, and Discord caps the commands created per day.

        "This very set" is a fingerprint of the payload discord.py sends, translations included, kept in the
        database (``storage.synced_commands``) once Discord took it. A database that cannot be read syncs; one
        that cannot be written only costs the next start a sync."""
        guild = discord.Object(self.dev_guild_id) if self.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        target = f"{self.application_id}:" + ("global" if guild is None else f"guild:{guild.id}")
        fingerprint = await self._commands_fingerprint(guild)
        try:
            synced = await storage.synced_commands.last(target) == fingerprint
        except StoreUnavailable as exc:
            log.warning("could not read which commands were synced last (%s): syncing them", exc)
            synced = False
        if synced:
            log.info("the slash commands are as last synced (%s): not syncing them again", target)
            return
        await self.tree.sync(guild=guild)  # a failure records nothing: the next start syncs again
        try:
            await storage.synced_commands.record(target, fingerprint)
        except StoreUnavailable as exc:
            log.warning("could not record the commands just synced (%s): the next start syncs them again", exc)

    async def _commands_fingerprint(self, guild: discord.abc.Snowflake | None) -> str:
        """A digest of exactly what ``tree.sync(guild=guild)`` would send: each command's payload as discord.py
        builds it (its translator's localisations included), so any change of a command, an option, a
        description or a translation changes it."""
        translator = self.tree.translator
        payload = [
            await command.get_translated_payload(self.tree, translator) if translator else command.to_dict(self.tree)
            for command in self.tree.get_commands(guild=guild)
        ]
        text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    #: Discord's ``max_concurrency``: IDENTIFY buckets, each taking one IDENTIFY per 5 s (``shard_id % it``).
    #: None: asked of Discord at the first IDENTIFY (discord.py reads it when launching the shards, then drops it).
    max_concurrency: int | None = None

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Wait for this shard's turn to IDENTIFY. discord.py's own hook spaces this process's shards only; with
        several processes each opening every shard, a turn is taken across all of them
        (:mod:`bot.store.identify_turns`). Alone on a SQLite file, discord.py's own spacing."""
        turns = self._identify_turns
        if turns is None:
            await super().before_identify_hook(shard_id, initial=initial)
            return
        await turns.take((shard_id or 0) % await self._identify_buckets())

    async def _identify_buckets(self) -> int:
        """Discord's ``max_concurrency``, asked once; 1 (every shard in one bucket: slower, never refused) while
        it cannot be asked."""
        if self.max_concurrency is None:
            try:
                self.max_concurrency = (await self.fetch_session_start_limits()).max_concurrency
            except (discord.DiscordException, OSError, TimeoutError) as exc:
                log.warning("could not ask Discord how many shards may identify at once (%s): one at a time", exc)
                return 1
        return self.max_concurrency

    async def on_connect(self) -> None:
        self._gateway_up()

    async def on_guild_available(self, guild: discord.Guild) -> None:
        self._gateway_up()

    def _gateway_up(self) -> None:
        """The gateway session is up: this process hears every interaction from now on, and looks for partitions
        to take. It takes a share from the others only once it has heard interactions for as long as one is kept
        (``intake.KEEP``), so that every click made while a partition is handed over to it has reached it; until
        then it takes only what nobody serves (the one serving process died)."""
        if hasattr(self, "intake") and not self.intake.alone and self.balance_every is not None and not self._joining:
            self._joining = True
            self.ownership.start_balancing()
            self.loop.call_later(KEEP, self.ownership.may_join)

    def _stop_for_a_deploy(self) -> None:
        """SIGTERM: hand every partition over to the other processes, one at a time, then stop."""
        log.info("stopping: handing this process's matches over first")
        self.loop.create_task(self.drain_and_close(), name="drain")

    async def drain_and_close(self) -> None:
        """Hand every partition over (each match finishes what is in flight first), then close."""
        try:
            await self.ownership.drain()
        finally:
            await self.close()

    async def _lost_the_store(self) -> None:
        """This process's hold on its partitions is gone: another process may serve them already. Stop now."""
        log.critical("the connection holding this process's partitions ended: stopping, so no match is served twice")
        await self.close()

    async def close(self) -> None:
        if hasattr(self, "ownership"):
            self.ownership.stop_balancing()
        if hasattr(self, "scheduler"):
            await self.scheduler.stop()
        try:
            await super().close()
        finally:
            picture_pool.SHARED.close()  # the picture worker stops with the bot
            if hasattr(self, "ownership"):
                await self.ownership.close()
            if self._identify_turns is not None:
                await self._identify_turns.close()
                self._identify_turns = None
            if self.storage is not None:
                await self.storage.close()
                self.storage = None

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every component click: to the component it is on and that component's handler
        (``bot.frontend.ui.router``), else told it is no longer valid.

        The components are not registered with discord.py, which would rebuild the clicked
        message's whole view to find the one clicked; the router decides on what discord.py has
        parsed already, so exactly one answer is sent, and the player never sees "This
        interaction failed".
        """
        if interaction.type is not discord.InteractionType.component:
            return
        if not await self.intake.ours(interaction, self.on_interaction):
            return  # another process's (or kept a moment, should its partition come here)
        claim = self.router.claim(interaction)
        if claim is not None and await claim.run(interaction):
            return
        try:
            with use_locale(await self.languages.for_interaction(interaction)):
                await self.handlers.answers.tell(interaction, t("This button is no longer valid."))
        except FAILED as exc:
            log.warning("could not answer an unclaimed click: %s", exc)

    async def _on_tree_error(self, interaction: discord.Interaction, error: Exception) -> None:
        await self.handlers.answers.answer_error(interaction, error)


def run(
    database: str, token: str, dev_guild_id: int | None, partitions: int = PARTITIONS, ai_search: str = "local"
) -> None:
    bot = GameBot(
        database=database,
        dev_guild_id=dev_guild_id,
        partitions=partitions,
        drain_on_sigterm=True,
        ai_search=ai_search,
    )
    bot.run(token, log_handler=None)


__all__ = ["GameBot", "Handlers", "intents", "run"]
