"""The table: what happens when someone uses a command or clicks a component.

Each handler follows the same order: refuse what must be refused (with an
ephemeral reason, changing nothing), take the match's lock, let the match
service apply and commit, answer the interaction, then let the announcer
update the table, pings and DMs. Game rules never appear here; the engine
behind ``live.game`` decides everything through the shared contract.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

import discord

from bot.kernel.i18n import get_locale, t, translate
from bot.frontend.delivery import answering
from bot.play import match_locks
from bot.frontend.delivery.announcer import Announcer
from bot.kernel.contract import Refusal
from bot.play.match_types import LiveMatch, MatchError, MoveOutcome, StaleTurn
from bot.play.service import MatchService
from bot.frontend.delivery.pickers import OpenPickers
from bot.frontend.handlers.slash import SlashCommands, may_manage as _may_manage, name_of as _name
from bot.frontend.handlers.opening import WELCOME_BACK, OpeningAndPassing
from bot.play.scheduler import DeadlineScheduler
from bot.play.record import ACTIVE, LOBBY
from bot.frontend.ui import picker_picture, render
from bot.frontend.ui.legal_cache import LegalCache
from bot.play.timers import AI as AI_WAKE, DEADLINE, humans_waited_on, next_wake
from bot.frontend.ui.picker import PathError, walk
from bot.play.moves import check_turn

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]

#: Past this wait for a match's lock, the interaction is deferred so Discord's 3 s limit holds.
LOCK_PATIENCE = 1.5
#: At start-up, the pause between two matches whose table had to be brought up to date (rate limits).
RESUME_PAUSE = 0.5
#: Marks an interaction deferred as "thinking…": its first reply fills that message in.
THINKING = "meja_thinking"


class Table(SlashCommands, OpeningAndPassing):
    def __init__(self, bot: discord.Client, composed: Composed, scheduler: DeadlineScheduler) -> None:
        self.bot = bot
        self.service = composed.service
        self.languages = composed.languages
        self.shown = composed.shown
        self.scheduler = scheduler
        self.pickers = OpenPickers(self.service.clock)
        self.announcer = Announcer(bot, composed, self.pickers)
        self.picker_pictures = picker_picture.PickerPictures(self.pictures_on)
        #: Each open decision's legal actions and fingerprint, shared by all the clicks on it.
        self.legal = LegalCache()
        #: Hand pictures on their way to replies already sent (kept so the tasks are not collected).
        self._following: set[asyncio.Task[None]] = set()

    # --- answering ------------------------------------------------------------------
    def in_channel(self, live: LiveMatch) -> Any:
        """``async with``: what is built inside is posted in the match's channel, so in its server's language."""
        return self.languages.in_channel(live.record.guild_id)

    async def tell(self, interaction: Interaction, text: str) -> None:
        """An ephemeral note to the user, whether or not the interaction was answered already."""
        await self._reply(interaction, embed=render.notice(text).embed)

    async def _reply(self, interaction: Interaction, *, ephemeral: bool = True, **kwargs: Any) -> None:
        """A new reply (ephemeral unless told): fills a "thinking…" defer, else a followup, else the response."""
        if interaction.extras.pop(THINKING, False):
            if "files" in kwargs:  # an edit names its uploads "attachments"
                kwargs["attachments"] = kwargs.pop("files")
            await interaction.edit_original_response(**kwargs)
        elif interaction.response.is_done():
            await interaction.followup.send(ephemeral=ephemeral, **kwargs)
        else:
            await interaction.response.send_message(ephemeral=ephemeral, **kwargs)

    async def _edit_clicked(self, interaction: Interaction, rendered: render.Rendered) -> None:
        """Answer a component click by editing the message clicked, whether or not ``locked`` deferred it."""
        if interaction.response.is_done():
            await interaction.edit_original_response(**rendered.edit_kwargs())
        else:
            await interaction.response.edit_message(**rendered.edit_kwargs())

    async def answer_error(self, interaction: Interaction, error: BaseException) -> None:
        """Every handler's refusals end here: told privately with their reason; anything else is a bug.

        Buttons and selects come here from their components, slash commands from
        the command tree's error handler (which wraps what a command raised).
        """
        if isinstance(error, discord.app_commands.CommandInvokeError):
            error = error.original
        if isinstance(error, discord.app_commands.TransformerError):  # a forged option discord.py cannot convert
            try:
                await self.tell(interaction, t("That is not a value this command takes: {value}.",
                                               value=str(error.value)[:100]))
            except discord.HTTPException as exc:
                log.warning("could not tell a refusal: %s", exc)
            return
        if isinstance(error, Refusal):
            try:
                await self.tell(interaction, error.reason)
            except discord.HTTPException as exc:
                log.warning("could not tell a refusal: %s", exc)
            return
        await self.report_failure(interaction, error)

    async def report_failure(self, interaction: Interaction, error: BaseException) -> None:
        """Last resort for a bug: log it and still answer the player (never "interaction failed")."""
        log.error("handling %s failed", interaction.data, exc_info=error)
        text = t("Something went wrong on our side while answering that. Every accepted move is saved; "
                 "use the game's `board` command to see where the match stands.")
        try:
            await self.tell(interaction, text)
        except discord.HTTPException:
            pass

    @asynccontextmanager
    async def locked(self, interaction: Interaction | None, match_id: int, *,
                     ephemeral: bool = True, update: bool = False) -> AsyncIterator[None]:
        """Hold the match lock; defer the interaction if the wait is long (3 s rule).

        ``update``: the handler answers a component click by editing the message
        clicked, so the defer is a silent "update later" (then
        ``edit_original_response`` edits that message). Otherwise it is a
        "thinking…" reply (ephemeral or not) that ``_reply`` fills in.
        """
        lock = self.service.matches.lock(match_id)
        answering.begin(interaction)  # notices this handler's move causes may follow up on it
        try:
            if match_locks.is_free(lock):
                await lock.acquire()  # taken at once
            else:
                await asyncio.wait_for(lock.acquire(), LOCK_PATIENCE)
        except asyncio.TimeoutError:
            if interaction is not None and not interaction.response.is_done():
                if update and interaction.type == discord.InteractionType.component:
                    await interaction.response.defer()
                else:
                    await interaction.response.defer(ephemeral=ephemeral, thinking=True)
                    interaction.extras[THINKING] = "ephemeral" if ephemeral else "public"
            await lock.acquire()
        try:
            yield
        finally:
            lock.release()

    # --- lobby buttons -----------------------------------------------------------------
    async def on_lobby(self, interaction: Interaction, match_id: int, op: str) -> None:
        """A lobby button: each op is one service call under the match's lock, then the lobby is redrawn."""
        user = interaction.user
        if op == "start":
            await self._start(interaction, match_id)
            return
        async with self.locked(interaction, match_id, update=True):
            if op == "cancel":
                end = await self.service.lobby.cancel(match_id, user.id, may_manage=_may_manage(interaction))
                async with self.in_channel(end.match):
                    rendered = render.lobby_closed_message(end.match,
                                                           t("{player} cancelled this lobby.", player=_name(user)))
                await self._edit_clicked(interaction, rendered)
                return
            seat_ops = {
                "join": lambda: self.service.lobby.join(match_id, user.id, _name(user)),
                "leave": lambda: self.service.lobby.leave(match_id, user.id),
                "add_ai": lambda: self.service.lobby.add_ai(match_id, user.id),
                "remove_ai": lambda: self.service.lobby.remove_ai(match_id, user.id),
            }
            live = await seat_ops[op]()
            if interaction.message is not None and live.record.message_id is None:  # posted, id lost in a crash
                await self.shown.set_table_message(live, interaction.message.id)
            async with self.in_channel(live):
                rendered = render.lobby_message(live)
            await self._edit_clicked(interaction, rendered)

    async def _start(self, interaction: Interaction, match_id: int) -> None:
        async with self.locked(interaction, match_id, ephemeral=False, update=True):
            live = await self.service.lobby.start(match_id, interaction.user.id)
            if interaction.message is not None and live.record.message_id is None:
                await self.shown.set_table_message(live, interaction.message.id)
            outcomes = await self.service.moves.auto_pass(match_id)
            async with self.in_channel(live):
                rendered = render.turn_message(live, live.record.recent)
            await self._edit_clicked(interaction, rendered)
            await self.announcer.announce_start(live, outcomes, click=interaction)
            await self.schedule(live)

    # --- in-match buttons --------------------------------------------------------------
    async def on_hand(self, interaction: Interaction, match_id: int) -> None:
        async with self.locked(interaction, match_id):
            live = await self.service.matches.load(match_id)
            if live is None or live.state is None:
                await self.tell(interaction, t("This match is over."))
                return
            await self._show_hand(interaction, live)

    async def _show_hand(self, interaction: Interaction, live: LiveMatch, *, edit: bool = False) -> None:
        player = interaction.user.id
        if player not in live.record.players:
            await self.tell(interaction, t("You are not playing in this match."))
            return
        if live.state is None:
            await self.tell(interaction, t("The match has not started yet; your hand comes when the host starts it."))
            return
        may_act = live.record.status == ACTIVE and player in live.waiting.actors
        prefs = await self.service.people.prefs(player)
        rendered = render.private_reply(live, player, show_act=may_act, skipping=player in live.record.skipping,
                                        always_ask=bool(prefs.get("always_ask")))
        if edit:
            await self._edit_clicked(interaction, rendered)
        else:
            await self._reply(interaction, **rendered.send_kwargs())

    async def _reclaim(self, live: LiveMatch, player: int) -> bool:
        """A click by a player the AI was covering gives them their seat back (and stops the AI's timer)."""
        if not await self.service.moves.reclaim(live, player):
            return False
        await self.schedule(live)
        return True

    async def on_pick(self, interaction: Interaction, match_id: int, decision: int, legal_print: str,
                      path: tuple[int, ...], choice: str) -> None:
        """One step of the picker; the last step applies the move.

        The click counts if its question is still open: the same decision (a
        window round keeps it while others answer) and the same legal choices.
        Otherwise the picker is redrawn at the current question, saying why.
        """
        player = interaction.user.id
        async with self.locked(interaction, match_id, update=True):
            live = await self.service.matches.load(match_id)
            try:
                live = check_turn(live, player, decision)
                legal, fingerprint = self.legal.get(live, player)
                if fingerprint != legal_print:
                    raise StaleTurn()
            except StaleTurn:
                await self._redraw_stale(interaction, match_id, player)
                return
            if choice == "back":
                step = walk(legal, path[:-1])
            elif choice.isascii() and choice.isdigit() and len(choice) <= 3:
                step = walk(legal, path + (int(choice),))
            else:
                raise PathError(t("That choice is not valid."))
            welcome = await self._reclaim(live, player)
            if step.action is None:
                header = translate(WELCOME_BACK) if welcome else None
                await self._update_picker(interaction, render.picker_message(live, player, step, header=header,
                                                                             fingerprint=fingerprint))
                self.pickers.answered(match_id, player, interaction)
                return
            built: list[render.Rendered] = []  # the reply, built while the move's commit runs

            def prepare(outcome: MoveOutcome) -> None:
                built.append(self._after_pick([outcome], player, welcome))
            outcomes = await self.service.moves.play(match_id, player, step.action, decision=decision, prepare=prepare)
            # Sent only now, the move committed; rebuilt if automatic passes followed it.
            reply = built[0] if built and len(outcomes) == 1 else self._after_pick(outcomes, player, welcome)
            follow = await self._update_picker(interaction, reply, later=True)
            self.pickers.answered(match_id, player, interaction)
            self._follow(follow, interaction, match_id, player)
            clicked = interaction.message
            await self.announcer.after_moves(outcomes, reply_on=clicked.id if clicked is not None
                                             and clicked.guild is None else None, click=interaction)
            await self.schedule(outcomes[-1].match)

    async def _redraw_stale(self, interaction: Interaction, match_id: int, player: int) -> None:
        """The question changed under an open picker: show the new one (or fold it), saying what happened."""
        live = await self.service.matches.load(match_id)
        changed = render.what_happened(live.record.recent if live else [], limit=2)
        if live is None or live.record.status != ACTIVE or player not in live.waiting.actors:
            note = (t("⌛ That question is over.\n{changes}", changes=changed) if changed
                    else t("⌛ That question is over."))
            await self._update_picker(interaction, render.collapsed(note))
            return
        step = walk(live.game.rules.legal_actions(live.state, player), ())
        header = (t("🔄 **The question changed.** Here is the new one.\n{changes}", changes=changed) if changed
                  else t("🔄 **The question changed.** Here is the new one."))
        await self._update_picker(interaction, render.picker_message(live, player, step, header=header))
        self.pickers.answered(match_id, player, interaction)

    async def on_pref(self, interaction: Interaction, match_id: int, key: str, on: bool) -> None:
        """A player's own switch: pass until my turn (this match) or always ask me (everywhere)."""
        player = interaction.user.id
        async with self.locked(interaction, match_id, update=True):
            live = await self.service.matches.load(match_id)
            if live is None or live.record.status != ACTIVE:
                raise MatchError(t("This match is over."))
            if key == "ask":
                await self.service.people.set_pref(player, "always_ask", on)
                await self._show_hand(interaction, live, edit=True)
                return
            await self.service.leaving.set_skipping(live, player, on)
            outcomes = await self.service.moves.auto_pass(match_id) if on else []
            if interaction.message is not None and interaction.message.guild is None and on:
                await self._update_picker(interaction, render.collapsed(
                    t("⏭️ You pass on every response window until your turn. Turn it off from **My hand**.")))
            else:
                await self._show_hand(interaction, live, edit=True)
            if outcomes:
                await self.announcer.after_moves(outcomes, answered=player, click=interaction)
                await self.schedule(outcomes[-1].match)

    def _after_pick(self, outcomes: list[MoveOutcome], player: int, welcome: bool = False) -> render.Rendered:
        """The picker after a move: the next question if there is one for this player, else one line."""
        first = outcomes[0]
        live = first.match
        lines = first.public_lines_in(get_locale()) + first.private_lines.get(player, [])
        header = t("✅ {lines}", lines=" ".join(lines)) if lines else t("✅ Done.")
        if welcome:
            header = translate(WELCOME_BACK) + "\n" + header
        if outcomes[-1].finished or live.state is None or player not in live.waiting.actors:
            return render.collapsed(header)
        legal, fingerprint = self.legal.get(live, player)  # the next click on it finds them worked out
        return render.picker_message(live, player, walk(legal, ()), header=header, fingerprint=fingerprint)

    async def _update_picker(self, interaction: Interaction, rendered: render.Rendered, *,
                             later: bool = False) -> picker_picture.Follow | None:
        """Answer on the private message clicked (a picker, a DM prompt); never rewrite a public one.

        ``later``: a hand picture not drawn yet does not hold up the answer; it is returned as a
        :class:`~bot.frontend.ui.picker_picture.Follow` for :meth:`_follow` once the picker is recorded.
        """
        message = interaction.message
        if message is not None and (message.flags.ephemeral or message.guild is None):
            if later:
                rendered, follow = await self.picker_pictures.dress_later(rendered, message)
                await self._edit_clicked(interaction, rendered)
                return follow
            await self._edit_clicked(interaction, await self.picker_pictures.dress(rendered, message))
        else:
            rendered = await self.picker_pictures.dress(rendered, None)
            await self._reply(interaction, **rendered.send_kwargs())
        return None

    def _follow(self, follow: picker_picture.Follow | None, interaction: Interaction, match_id: int,
                player: int) -> None:
        """Put the hand picture on a reply in the background, unless a newer picker replaced it by then."""
        if follow is None:
            return
        lock = self.service.matches.lock(match_id)
        task = asyncio.get_running_loop().create_task(
            follow.run(interaction, lock, lambda: self.pickers.is_newest(match_id, player, interaction)),
            name=f"game:hand-picture:{match_id}:{player}")
        self._following.add(task)
        task.add_done_callback(self._following.discard)

    # --- timers: AI seats, reminders, deadlines; restarts ---------------------------
    async def schedule(self, live: LiveMatch) -> None:
        """Point the scheduler at this match's next wake-up (or none); a match that ended lets its pickers go."""
        if live.record.status != ACTIVE:
            self.scheduler.set(live.id, None)
            self.pickers.forget_match(live.id)
            return
        settings = await self.service.settings.of(live.record.guild_id)
        wake = next_wake(live, settings, self.service.clock.now())
        self.scheduler.set(live.id, wake.at if wake else None)

    async def on_timer(self, match_id: int) -> None:
        """A match's wake-up time came: an AI seat moves, a reminder goes out, or a deadline fires."""
        async with self.locked(None, match_id):
            live = await self.service.matches.load(match_id)
            if live is None or live.record.status != ACTIVE:
                self.scheduler.set(match_id, None)
                return
            settings = await self.service.settings.of(live.record.guild_id)
            now = self.service.clock.now()
            wake = next_wake(live, settings, now)
            outcomes: list[MoveOutcome] = []
            if wake is not None and wake.at <= now:
                if wake.kind == AI_WAKE and wake.player is not None:
                    outcomes.extend(await self.service.moves.ai_move(match_id, wake.player))
                elif wake.kind == DEADLINE:
                    outcomes.extend(await self.service.moves.expire(match_id))
                elif await self.service.moves.mark_reminded(live):
                    await self.announcer.remind(live, humans_waited_on(live))
            if outcomes:
                await self.announcer.after_moves(outcomes)
            current = await self.service.matches.load(match_id)
            if current is not None:
                await self.schedule(current)
            else:
                self.scheduler.set(match_id, None)

    async def resume(self) -> int:
        """At start: reload every live match and its timers; whatever fell due while down fires now.

        A match whose last committed change was not shown in full (the process
        died between the commit and the announcement) is shown now: its table
        message edited from the stored state (posted again if gone), pings,
        prompts and DMs sent again; a start that never left the lobby message
        becomes the table, with hand DMs. Only those matches touch Discord, a
        pause apart, so a restart stays within the rate limits.
        """
        matches = await self.service.matches.load_all_live()
        for live in matches:
            await self.schedule(live)
        sent = False
        for live in matches:
            if sent:
                await asyncio.sleep(RESUME_PAUSE)
            try:
                sent = await self._catch_up(live.id)
            except Exception:  # one match's trouble must not keep the others (or the bot) down
                log.exception("could not bring match #%s up to date", live.id)
        for record in await self.service.store.unannounced_finishes():
            if sent:
                await asyncio.sleep(RESUME_PAUSE)
            sent = True
            try:
                async with self.locked(None, record.id):
                    ended = await self.service.matches.load(record.id)
                    if ended is not None:
                        await self.announcer.catch_up_end(ended)
            except Exception:
                log.exception("could not show the end of match #%s", record.id)
        await self.service.store.flush_announced()  # what the catch-up showed, in one sync
        await self.scheduler.run_due()
        return len(matches)

    async def _catch_up(self, match_id: int) -> bool:
        async with self.locked(None, match_id):
            live = await self.service.matches.load(match_id)
            if live is not None and live.record.status == LOBBY:
                return await self._redraw_lobby(live)
            if live is None or live.record.status != ACTIVE or live.state is None:
                return False
            if live.record.announced_seq is None:  # started, but the lobby message never became the table
                outcomes = await self.service.moves.auto_pass(match_id)
                if await self.announcer.refresh_table(live):
                    await self.announcer.announce_start(live, outcomes)
                sent = True
            else:
                sent = await self.announcer.catch_up(live)
            current = await self.service.matches.load(match_id)
            if current is not None:
                await self.schedule(current)
            return sent

    async def _redraw_lobby(self, live: LiveMatch) -> bool:
        """A seat change may be committed but never drawn (no marker says which): each lobby is redrawn once."""
        if live.record.message_id is None:  # never posted, or its id never stored: its buttons still work
            return False
        message = self.announcer.channel(live).get_partial_message(live.record.message_id)
        async with self.in_channel(live):
            rendered = render.lobby_message(live)
        try:
            await message.edit(**rendered.edit_kwargs())
        except discord.HTTPException as exc:
            log.warning("could not redraw the lobby of match #%s: %s", live.id, exc)
        return True
