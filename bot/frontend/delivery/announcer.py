"""Everything the bot shows after a change is committed: table message, pings, DMs.

Called only after the match service has committed, so nothing a player sees
can run ahead of the database. Discord errors here are logged and swallowed:
the move is stored, and the next change (or ``/game board``) shows it again.
A response window's private prompts are in :mod:`bot.frontend.delivery.window_prompts`.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from typing import Any, Callable, Iterable, Mapping

import discord

from bot.frontend.delivery import answering
from bot.kernel.i18n import t
from bot.kernel.contract import Result
from bot.play.match_types import LiveMatch, MoveOutcome
from bot.play.service import MatchService
from bot.play.match_types import PLAYER
from bot.frontend.ui import render
from bot.frontend.ui.shown_pictures import ShownPictures
from bot.frontend.delivery.ratelimit import install_pacer
from bot.frontend.delivery.table_refresh import TableRefresher
from bot.frontend.delivery.table_tokens import USABLE_FOR, TableTokens, delete_sent, token_refused
from bot.frontend.delivery.pings import Pings
from bot.frontend.delivery.hand_dms import HandDMs
from bot.frontend.delivery.pickers import OpenPickers
from bot.frontend.delivery.private_news import own_moves_only, private_lines
from bot.frontend.delivery.tidying import Tidying
from bot.frontend.delivery.window_prompts import WindowPrompts, all_of

log = logging.getLogger(__name__)

#: DM channel ids remembered (about 60 bytes each), the least recently used forgotten first.
DM_CHANNELS_KEPT = 50_000


class Announcer(WindowPrompts):
    def __init__(self, bot: discord.Client, composed: Composed, pickers: OpenPickers) -> None:
        self.bot = bot
        self.service = composed.service
        self.languages = composed.languages
        self.shown = composed.shown
        #: Each player's newest picker: a DM prompt clicked is edited through that click's token.
        self.pickers = pickers
        #: Each player's hand DM, edited in the background after a move (see ``bot.hand_dms``).
        self.hands = HandDMs(self)
        #: (match, player) -> the fingerprint of the choices their open window prompt was built for:
        #: when those choices change within a round, the prompt is replaced (see ``update_prompts``).
        self._prompted: dict[tuple[int, int], str] = {}
        #: Called with every committed move as it is announced (the offline demo's transcript listens here).
        self.move_listeners: list[Callable[[MoveOutcome], None]] = []
        #: The picture each table message shows, so an unchanged one is not uploaded again.
        self.pictures = ShownPictures()
        #: player -> their DM channel's id, latest used last (see ``_dm``).
        self._dm_channels: OrderedDict[int, int] = OrderedDict()
        #: The one ping per match: after a click, a followup of its interaction (exempt from the global limit).
        self.pings = Pings(self)
        #: Shows each table after a move, in the background, folding quick moves into one edit.
        self.refresher = TableRefresher(self)
        #: The interaction token each table message is edited through (exempt from the global limit).
        self.tables = TableTokens()
        #: Everything sent here keeps under Discord's global rate limit (see ``bot.ratelimit``).
        self.pacer = install_pacer(bot.http)
        #: Requests that only tidy up, sent in the background (see ``bot.tidying``).
        self.tidying = Tidying()

    # --- small helpers ----------------------------------------------------------
    def guild_name(self, live: LiveMatch) -> str:
        guild = self.bot.get_guild(live.record.guild_id)
        return guild.name if guild else t("your server")

    def channel_name(self, live: LiveMatch) -> str:
        channel = self.bot.get_channel(live.record.channel_id)
        return f"#{channel.name}" if channel is not None and hasattr(channel, "name") else t("the match channel")

    def jump_url(self, live: LiveMatch) -> str | None:
        rec = live.record
        if rec.message_id is None:
            return None
        return f"https://discord.com/channels/{rec.guild_id}/{rec.channel_id}/{rec.message_id}"

    def in_channel(self, live: LiveMatch) -> Any:
        """``async with``: texts built inside go to the match's channel, in its server's language."""
        return self.languages.in_channel(live.record.guild_id)

    def in_private(self, live: LiveMatch, player: int) -> Any:
        """``async with``: texts built inside are for ``player`` alone, in their language."""
        return self.languages.in_private(player, live.record.guild_id)

    def channel(self, live: LiveMatch) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(live.record.channel_id, guild_id=live.record.guild_id)

    async def _dm(self, player: int) -> discord.abc.Messageable:
        """The DM channel with ``player``: opened once (a request counted against the global limit), then reused.

        discord.py keeps only its 128 latest DM channels, so with more players than that every DM
        would open the channel again; the ids are kept here instead (they never change).
        """
        channel_id = self._dm_channels.get(player)
        if channel_id is not None:
            self._dm_channels.move_to_end(player)
            return self.bot.get_partial_messageable(channel_id)
        dm = await self.bot.create_dm(discord.Object(player))
        self._dm_channels[player] = dm.id
        if len(self._dm_channels) > DM_CHANNELS_KEPT:
            self._dm_channels.popitem(last=False)
        return dm

    async def _safe(self, what: str, coro: Any) -> Any:
        try:
            return await coro
        except discord.HTTPException as exc:
            log.warning("could not %s: %s", what, exc)
            return None

    # --- the public table message ---------------------------------------------
    async def refresh_table(self, live: LiveMatch, *, result: Result | None = None, reason: str | None = None) -> bool:
        """Edit the table message to the stored state (post a new one if it is gone). False if Discord refused.

        Call with the match's lock held; after a move, ``after_moves`` asks the background
        refresher instead (see ``bot.frontend.delivery.table_refresh``), which renders under the lock and sends after.
        """
        self.refresher.forget(live.id)
        self.table_click(live, answering.current.get(), repost=False)
        prepared = await self.prepare_table(live, result=result, reason=reason)
        return await self.send_table(live, prepared, result=result, reason=reason, locked=True)

    def table_click(self, live: LiveMatch, click: discord.Interaction[Any] | None, *,
                    repost: bool = True) -> discord.Interaction[Any] | None:
        """What a click behind a table show does for it (hold the lock): returns the click to re-post through.

        A click that updated the table message lends the table its fresh token. Otherwise, if no
        token reaches the table for long enough, a click in the channel whose reply went out posts
        the table anew as its followup (see ``bot.frontend.delivery.table_tokens``).
        """
        rec = live.record
        if click is None or click.channel_id != rec.channel_id:
            return None
        if self.tables.adopt(live.id, click, answering.received_at(click), rec.message_id):
            return None
        if (not repost or rec.status != "active" or rec.message_id is None or not click.response.is_done()
                or not self.tables.wants_repost(live.id, rec.message_id)):
            return None
        self.pictures.forget(rec.message_id)  # a new message carries its own upload of the picture
        return click

    async def prepare_table(self, live: LiveMatch, *, result: Result | None = None,
                            reason: str | None = None) -> tuple[Any, render.Rendered]:
        """The table as stored now, picture included: (the planned picture, the message). Hold the lock."""
        rec = live.record
        enabled = bool((await self.service.settings.of(rec.guild_id))["pictures"])
        async with self.in_channel(live):
            planned = await self.pictures.prepare(live, enabled=enabled)
            # Built after the picture's await: the text is never older than the state.
            rendered = planned.apply(render.turn_message(live, rec.recent, result=result, end_reason=reason))
        return planned, rendered

    async def send_table(self, live: LiveMatch, prepared: tuple[Any, render.Rendered], *,
                         result: Result | None = None, reason: str | None = None, locked: bool = True,
                         repost: discord.Interaction[Any] | None = None) -> bool:
        """Send a prepared table: edit the table message, or post one if there is none (or it was deleted).

        ``locked``: the caller holds the match's lock (else a deleted table is re-rendered by the refresher).
        ``repost``: post the table anew as a followup of this click and delete the old message.
        """
        planned, rendered = prepared
        rec = live.record
        if rec.message_id is None:
            message = await self._safe("post the table", self.channel(live).send(**rendered.send_kwargs()))
            if message is not None:
                await self._table_moved(live, message, planned)
            return message is not None
        if repost is not None and await self._repost_table(live, prepared, repost):
            return True
        message_id = rec.message_id
        try:
            message = await self._edit_table_message(live, message_id, rendered.edit_kwargs())
        except discord.NotFound:
            # Someone deleted the table message: post a fresh one so the match stays playable.
            self.pictures.forget(message_id)
            self.tables.forget(live.id)
            if rec.message_id == message_id:
                await self.shown.set_table_message(live, None)
            if not locked:  # render again under the lock: the refresher posts the fresh table
                self.refresher.ask(live, result=result, reason=reason)
                return False
            return await self.refresh_table(live, result=result, reason=reason)
        except discord.HTTPException as exc:
            self.pictures.forget(message_id)  # not known what it shows now: upload next time
            log.warning("could not edit the table: %s", exc)
            return False
        self.pictures.remember(message_id, planned, message)
        if result is not None or reason is not None:
            self.tables.forget(live.id)  # the last table of a match (an end reason): its token is not needed again
        return True

    def followup_source(self, live: LiveMatch) -> discord.Interaction[Any] | None:
        """An interaction whose public followups land in the match's channel: the click being answered
        there, else the one behind the table's reach (see ``TableTokens.followup_source``)."""
        return answering.followup_for(live.record.channel_id) or self.tables.followup_source(live.id)

    def holds_token(self, token: str) -> bool:
        """Whether the bot may still use this interaction token (a ping to delete, a table to edit)."""
        return self.pings.holds_token(token) or self.tables.holds_token(token)

    async def _edit_table_message(self, live: LiveMatch, message_id: int, kwargs: dict[str, Any]) -> Any:
        """Edit the table through the token that reaches it (exempt from the global limit), else in the channel.

        A token Discord no longer knows (401, or an unknown webhook) is dropped and the channel
        edit made instead; an unknown *message* means the table itself is gone (NotFound).
        """
        reach = self.tables.usable(live.id, message_id)
        if reach is not None:
            try:
                return await reach.edit(**kwargs)
            except discord.HTTPException as exc:
                if not token_refused(exc):
                    raise
                self.tables.forget(live.id)
        return await self.channel(live).get_partial_message(message_id).edit(**kwargs)

    async def _repost_table(self, live: LiveMatch, prepared: tuple[Any, render.Rendered],
                            click: discord.Interaction[Any]) -> bool:
        """Post the table as a followup of ``click`` and delete the old one; False (nothing changed) if refused."""
        planned, rendered = prepared
        old_id = live.record.message_id
        message = await self._safe("post the table anew", click.followup.send(
            **rendered.send_kwargs(), ephemeral=False, wait=True))
        if message is None:
            return False
        await self._table_moved(live, message, planned)
        previous = self.tables.posted(live.id, message, answering.received_at(click), click)
        if old_id is not None:
            self.pictures.forget(old_id)
            await self._delete_old_table(live, old_id, previous)
        return True

    async def _table_moved(self, live: LiveMatch, message: Any, planned: Any) -> None:
        """The table is a new message now (re-posted, or posted again after it was deleted): store it.

        The players' hand DMs link to the table, so a live match's DMs are edited (in the
        background) to lead to the new message; a finished match's last DMs went out already.
        """
        await self.shown.set_table_message(live, message.id)
        self.pictures.remember(message.id, planned, message)
        if live.record.status == "active":
            for player in live.record.players:
                self.hands.ask(live, player)

    async def _delete_old_table(self, live: LiveMatch, message_id: int, reach: Any) -> None:
        """Remove the table message a re-post replaced: through its token while that works, else in the channel."""
        usable = reach is not None and reach.message_id == message_id and reach.age() < USABLE_FOR
        await delete_sent(reach.delete if usable else None,
                          self.channel(live).get_partial_message(message_id).delete, "the old table")

    async def announce_start(self, live: LiveMatch, outcomes: list[MoveOutcome]) -> None:
        """A match just started (or its start was never shown): hand DMs, then whoever must decide is told.

        The caller has shown the table already (by editing the lobby message into it).
        """
        self.table_click(live, answering.current.get(), repost=False)  # the Start click's token reaches it
        if not outcomes and (await self.service.settings.of(live.record.guild_id))["pictures"]:
            await self.refresh_table(live)  # the table shown at the start is text only: add its picture
        closed = await self.send_hands(live)
        await self.dm_closed_notice(live, closed)
        if outcomes:
            await self.after_moves(outcomes)
        else:
            await self.notify(live, live.record.recent)
            self.shown.mark_announced(live)

    async def catch_up(self, live: LiveMatch) -> bool:
        """At start-up: show what was committed but maybe never shown (the process died in between).

        Nothing happens for a match whose last move was announced in full, so a
        restart neither edits every table nor mentions anyone twice. Returns
        whether anything was sent (the caller spaces those out for rate limits).
        """
        rec = live.record
        if rec.status != "active" or live.state is None or rec.announced_seq in (None, rec.seq):
            return False  # None: the start itself was never shown (see Table.resume)
        if not await self.refresh_table(live):
            return True
        await self.fold_prompts(live)  # prompts of a round that may be over; the open one is sent again
        await self.notify(live, rec.recent[-2:])
        for player in rec.players:
            await self.push_hand(live, player)
        self.shown.mark_announced(live)
        return True

    async def catch_up_end(self, live: LiveMatch) -> None:
        """At start-up: a final move stored but never shown gets its result on the table and in the channel."""
        rec = live.record
        result = Result.from_json(rec.result) if rec.result else None
        if not await self.refresh_table(live, result=result, reason=rec.end_reason or "played"):
            return
        await self.fold_prompts(live)
        await self.announce_end(live, result, rec.end_reason or "played")
        self.shown.mark_announced(live)

    async def ping(self, live: LiveMatch, rendered: render.Rendered) -> None:
        """Post a notification (edits don't notify); the previous one is removed (see ``bot.frontend.delivery.pings``)."""
        await self.pings.ping(live, rendered)

    async def clear_ping(self, live: LiveMatch) -> None:
        await self.pings.clear(live)

    # --- private DMs -------------------------------------------------------------
    async def send_hands(self, live: LiveMatch) -> list[int]:
        """DM every player their private view at the start; returns those whose DMs are closed.

        The DMs go out together, as a window's prompts do (see ``notify``).
        """
        players = [p for p in live.record.players if p > 0]
        reached = await all_of(self.push_hand(live, player, force=True) for player in players)
        return [player for player, ok in zip(players, reached) if not ok]

    async def push_hand(self, live: LiveMatch, player: int, *, force: bool = False,
                        notes: Iterable[str] = ()) -> bool:
        """Create or edit the player's hand DM now (hold the lock). False if their DMs are closed."""
        return await self.hands.push(live, player, force=force, notes=notes)

    async def dm_closed_notice(self, live: LiveMatch, players: list[int]) -> None:
        if not players:
            return
        who = ", ".join(render.mention(p) for p in players)
        async with self.in_channel(live):
            text = t("📪 I couldn't DM {players}. Your hand stays private: use `/{game} hand` "
                     "or the **My hand** button on the table to see it. The match goes on.",
                     players=who, game=live.game.name)
        await self._safe("post the DM notice", self.channel(live).send(content=text))

    # --- after a move -------------------------------------------------------------
    async def after_moves(self, outcomes: list[MoveOutcome], *, answered: int | None = None,
                          reply_on: int | None = None) -> None:
        """Show committed moves (one, plus the automatic passes it caused): table, notices, DMs.

        ``answered`` is a player whose window prompt the interaction itself already folded.
        ``reply_on`` is the DM message the mover's reply edited: when it is their window prompt, it
        now shows their next question (nothing more to send them) or, if nothing is asked of them,
        the move done (nothing to fold).
        """
        live = outcomes[-1].match
        last = outcomes[-1]
        shown = None  # the mover whose open prompt is their reply, at their next question
        if reply_on is not None and outcomes[0].by == PLAYER:
            mover = outcomes[0].player
            if await self.prompt_is(live, mover, reply_on):
                if not last.finished and mover in live.waiting.actors and live.waiting.in_window:
                    shown = mover
                else:
                    answered = mover
        for listener in self.move_listeners:
            for outcome in outcomes:
                listener(outcome)
        # The table is shown by the refresher once the caller's lock is released (it marks the match
        # announced then); quick moves in a row become one edit.
        self.refresher.ask(live, result=last.result, reason="played" if last.result else None)
        notes: dict[int, list[str]] = {}
        for outcome in outcomes:
            for player, lines in outcome.private_lines.items():
                notes.setdefault(player, []).extend(lines)
        if last.finished:
            await self.fold_prompts(live, skip=answered)
            await self.announce_end(live, last.result, "played", notes=notes)  # the last hand DMs go out there
        else:
            told: set[int] = set()  # prompted just now with these moves' lines, their private ones included
            if any(o.new_decision for o in outcomes):
                await self.fold_prompts(live, skip=answered, keep=self._asked_again(live))
                told = await self.notify(live, [line for o in outcomes for line in o.public_lines], outcomes,
                                         shown=shown)
            elif live.waiting.in_window:
                told = await self.update_prompts(live, outcomes)
            own = own_moves_only(outcomes)
            told |= own  # the mover's reply showed them their move's private lines
            quiet = own | self._prompted_now(live)
            for player in live.record.players:
                if player in quiet and (not notes.get(player) or player in told):
                    # Their prompt told them (private lines and all): the DM keeps the lines for its next edit.
                    self.hands.keep_notes(live, player, notes.get(player, ()))
                    continue
                self.hands.ask(live, player, notes.get(player, ()))

    async def notify(self, live: LiveMatch, lines: list[str], outcomes: list[MoveOutcome] = (), *,
                     shown: int | None = None) -> set[int]:
        """Tell whoever must now decide, as quietly as the decision allows; returns who was told in a prompt.

        * A decision waiting on one person (their turn, a challenge, a defender's
          block) mentions them in the channel, at most once per turn unless it is
          a public window (a block is answered in seconds).
        * A secret window (who may answer would tell who holds a Plot Twist) is
          never announced by name: each person who may answer gets a private
          prompt with one-click Pass; the table shows one quiet line. The prompts
          go out together: under load each waits for its slot, and the match's
          lock (its next move, its table) waits for the slowest, not their sum.
          The mover's own reply shows them their next question: their open prompt
          is that reply (``shown``), or is brought up to date in place, unannounced.
        """
        waiting = live.waiting
        mentions = self.pings.mentions(live.id)
        if waiting.turn != mentions.turn:
            mentions.turn, mentions.mentioned = waiting.turn, set()
        humans = [p for p in sorted(waiting.actors) if not live.ai_controls(p)]
        if waiting.window is not None:
            if waiting.window.public and len(humans) == 1 == len(waiting.actors):
                await self._mention(live, humans[0])
                return set()
            await self.clear_ping(live)
            movers = {o.player for o in outcomes if o.by == PLAYER}
            if shown is not None:
                self.prompt_shown(live, shown)
            asked = [player for player in humans if player != shown and not self.still_asks(live, player, outcomes)]
            sent = await all_of(self.prompt(live, player, lines, outcomes, quietly=player in movers
                                            or not private_lines(outcomes, player), told=player in movers)
                                for player in asked)
            return {player for player, ok in zip(asked, sent) if ok}
        if len(humans) == 1 == len(waiting.actors):
            player = humans[0]
            if player not in mentions.mentioned:
                await self._mention(live, player)
            elif mentions.ping_for != player:
                await self.clear_ping(live)
            return set()
        await self.clear_ping(live)
        return set()

    async def _mention(self, live: LiveMatch, player: int) -> None:
        own_turn = player == live.waiting.turn and not live.waiting.in_window
        async with self.in_channel(live):
            rendered = render.mention_ping(live, player, own_turn=own_turn)
        await self.ping(live, rendered)
        mentions = self.pings.mentions(live.id)
        mentions.mentioned.add(player)
        mentions.ping_for = player

    async def remind(self, live: LiveMatch, players: list[int]) -> None:
        """Halfway to a deadline: mention the players in the channel, and DM those whose DMs are open.

        In a secret window the channel is not told who is being waited on: only the DM goes out.
        """
        if not players or live.record.deadline is None:
            return
        window = live.waiting.window
        if window is None or window.public:
            async with self.in_channel(live):
                rendered = render.reminder(live, players)
            await self.ping(live, rendered)
            self.pings.mentions(live.id).ping_for = None
        for player in players:
            if player in live.record.dm_closed or player <= 0:
                continue
            async with self.in_private(live, player):
                text = render.reminder_dm(live, self.guild_name(live), self.jump_url(live))
            try:
                dm = await self._dm(player)
                await dm.send(content=text)
            except discord.Forbidden:
                await self.shown.note_dm_closed(live, player)
            except discord.HTTPException as exc:
                log.warning("could not DM a reminder to %s: %s", player, exc)

    async def announce_end(self, live: LiveMatch, result: Result | None, reason: str,
                           notes: Mapping[int, list[str]] | None = None) -> None:
        """The result in the channel, then each hand DM once more (marked over, with the last private
        ``notes``); the DM caches of the match are dropped after, so a finished match holds nothing."""
        await self.clear_ping(live)
        async with self.in_channel(live):
            content = t("**{game} match #{match} is over.**\n{result}", game=live.game.title, match=live.id,
                        result=render.result_text(live, result, reason))
        interaction = self.followup_source(live)
        sent = None
        if interaction is not None:  # a followup in the channel: no global-limit cost
            sent = await self._safe("announce the result as a followup",
                                    interaction.followup.send(content=content, ephemeral=False, wait=True))
        if sent is None:
            await self._safe("announce the result", self.channel(live).send(content=content))
        await self.close_hands(live, notes)

    async def close_hands(self, live: LiveMatch, notes: Mapping[int, list[str]] | None = None) -> None:
        """Every way a match ends: each hand DM once more, marked over (with the last private ``notes``),
        then the match's DM caches are dropped, so a finished match holds nothing."""
        for player in live.record.players:
            await self.push_hand(live, player, force=True, notes=(notes or {}).get(player, ()))
        self.hands.forget_match(live)
        self.pings.forget_match(live.id)
        self.shown.forget_match(live.id)
