"""Everything the bot shows after a change is committed: table message, pings, DMs.

Called only after the match service has committed, so nothing a player sees
can run ahead of the database. Discord errors here are logged and swallowed:
the move is stored, and the next change (or ``/game board``) shows it again.

The announcer decides, after each committed move, what is shown and to whom; the showing
itself is its collaborators', each given only what it uses and all composed here: the table
message (:mod:`bot.frontend.delivery.table_show`, with its background refresher), the one
ping per match (:mod:`bot.frontend.delivery.pings`), the hand DMs
(:mod:`bot.frontend.delivery.hand_dms`), a response window's private prompts
(:mod:`bot.frontend.delivery.window_prompts`), the private prompts of decisions the channel may
not mention again this turn (:mod:`bot.frontend.delivery.decision_prompts`), and the way to Discord they share
(:mod:`bot.frontend.delivery.channels`). The click being answered, if any, is passed in
(``click``): the notices its move causes may be followups of it, exempt from the global limit.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Mapping, Sequence, Set
from typing import Any

import discord

from bot.frontend.compose import Composed
from bot.frontend.delivery.channels import Channels
from bot.frontend.delivery.decision_prompts import IN_EXCHANGE, DecisionPrompts
from bot.frontend.delivery.hand_dms import HandDMs
from bot.frontend.delivery.lateness import PING, PROMPT, Lateness, now
from bot.frontend.delivery.pickers import OpenPickers, edit_original
from bot.frontend.delivery.pings import Pings
from bot.frontend.delivery.private_news import own_moves_only, private_lines
from bot.frontend.delivery.ratelimit import install_pacer
from bot.frontend.delivery.reminder_dms import ReminderDMs
from bot.frontend.delivery.retry import FAILED
from bot.frontend.delivery.table_show import TableShow
from bot.frontend.delivery.table_tokens import TableTokens
from bot.frontend.delivery.tidying import Tidying
from bot.frontend.delivery.window_prompts import WindowPrompts, all_of, asked_again
from bot.frontend.ui import render
from bot.frontend.ui.picker import walk
from bot.kernel.contract import Result, waits_for_others
from bot.kernel.i18n import t
from bot.play.match_types import PLAYER, LiveMatch, MoveOutcome

log = logging.getLogger(__name__)

Click = discord.Interaction[Any]


class Announcer:
    def __init__(self, bot: discord.Client, composed: Composed, pickers: OpenPickers) -> None:
        service = composed.service
        self.service = service
        self.shown = composed.shown
        self._bot = bot
        #: Each player's newest picker, brought up to date when their turn starts.
        self._pickers = pickers
        #: The match's channel, the players' DM channels, and the language each is written in.
        self.channels = Channels(bot, composed.languages)
        #: Everything sent here keeps under Discord's global rate limit (see ``bot.frontend.delivery.ratelimit``).
        self.pacer = install_pacer(bot.http)
        #: Requests that only tidy up, sent in the background (see ``bot.frontend.delivery.tidying``).
        self.tidying = Tidying()
        #: How late prompts, pings and hand DMs reach Discord after their commit (the benchmark listens).
        self.lateness = Lateness()
        #: Each player's hand DM, edited in the background after a move (see ``bot.frontend.delivery.hand_dms``).
        self.hands = HandDMs(
            self.channels,
            self.shown,
            service.settings,
            lock=service.matches.lock,
            clock=service.clock,
            pacer=self.pacer,
            lateness=self.lateness,
        )
        #: The interaction token each table message is edited through (exempt from the global limit).
        self.tables = TableTokens()
        #: The table message: shown at once (``refresh_table``), or after a move by its ``refresher``.
        self.table_show = TableShow(
            self.channels,
            self.shown,
            service.settings,
            self.tables,
            ask_hand=self.hands.ask,
            lock=service.matches.lock,
        )
        #: Shows each table after a move, in the background, folding quick moves into one edit.
        self.refresher = self.table_show.refresher
        #: The one ping per match: after a click, a followup of its interaction (exempt from the global limit).
        self.pings = Pings(self.channels, self.shown, self.tidying, self.table_show.followup_source)
        #: A response window's private prompts. A DM prompt clicked is edited through that click's token
        #: (each player's newest picker, see ``OpenPickers.reply_to``).
        self.prompts = WindowPrompts(
            self.channels,
            self.shown,
            self.tidying,
            functools.partial(pickers.reply_to, client=bot),
            functools.partial(pickers.clicked_lately, client=bot),
        )
        #: Each player's one decision prompt: a decision the channel mentioned them for already this turn
        #: (see ``notify``). Replaced and finished ones are deleted through the player's click when it can.
        self.decisions = DecisionPrompts(
            self.channels,
            self.shown,
            self.tidying,
            functools.partial(pickers.reply_to, client=bot),
            functools.partial(pickers.clicked_lately, client=bot),
        )
        #: The halfway reminders' DMs, deleted once their decision is over.
        self.reminders = ReminderDMs(self.channels, self.shown, self.tidying)
        #: Called with every committed move as it is announced (the offline demo's transcript listens here).
        self.move_listeners: list[Callable[[MoveOutcome], None]] = []

    def channel(self, live: LiveMatch) -> discord.PartialMessageable:
        return self.channels.channel(live)

    def holds_token(self, token: str) -> bool:
        """Whether the bot may still use this interaction token (a ping to delete, a table or picker to edit)."""
        return self.pings.holds_token(token) or self.tables.holds_token(token) or self._pickers.holds_token(token)

    # --- the public table message ---------------------------------------------
    async def refresh_table(
        self, live: LiveMatch, *, result: Result | None = None, reason: str | None = None, click: Click | None = None
    ) -> bool:
        """Edit the table message to the stored state (post a new one if it is gone). False if Discord refused.

        Call with the match's lock held; after a move, ``after_moves`` asks the background
        refresher instead (see ``bot.frontend.delivery.table_refresh``), which renders under the lock and sends after.
        ``click``: the interaction being answered, if any (its token may reach the table).
        """
        return await self.table_show.refresh(live, result=result, reason=reason, click=click)

    async def announce_start(self, live: LiveMatch, outcomes: list[MoveOutcome], *, click: Click | None = None) -> None:
        """A match just started (or its start was never shown): hand DMs, then whoever must decide is told.

        The caller has shown the table already (by editing the lobby message into it). ``click``: the
        Start click, if this answers one.
        """
        self.table_show.use_click(live, click, repost=False)  # the Start click's token reaches it
        closed = await self.send_hands(live)
        await self.dm_closed_notice(live, closed)
        if outcomes:
            await self.after_moves(outcomes, click=click)
        else:
            await self.notify(live, live.record.recent, click=click)
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
        # Prompts of a round that may be over (their memory is gone): the open one is sent again.
        await self.prompts.fold(live, everything=True)
        await self.decisions.fold(live)
        await self.notify(live, rec.recent[-2:])
        for player in rec.players:
            await self.hands.push(live, player)
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

    async def clear_ping(self, live: LiveMatch) -> None:
        await self.pings.clear(live)

    async def fold_prompts(
        self,
        live: LiveMatch,
        *,
        skip: int | None = None,
        keep: Set[int] = frozenset(),
        outcomes: Sequence[MoveOutcome] = (),
    ) -> None:
        """The window round is over: fold its private prompts (see ``WindowPrompts.fold``; ``outcomes``: the
        moves that closed it, which a negotiation DM at rest shows)."""
        await self.prompts.fold(live, skip=skip, keep=keep, outcomes=outcomes)

    # --- private DMs -------------------------------------------------------------
    async def send_hands(self, live: LiveMatch) -> list[int]:
        """DM every player their private view at the start; returns those it did not reach (closed DMs, or Discord
        failing every try), whom the channel tells where their hand is.

        The DMs go out together, as a window's prompts do (see ``notify``).
        """
        players = [p for p in live.record.players if p > 0]
        reached = await all_of(self.hands.push(live, player, force=True) for player in players)
        return [player for player, ok in zip(players, reached, strict=True) if not ok]

    async def dm_closed_notice(self, live: LiveMatch, players: list[int]) -> None:
        if not players:
            return
        who = ", ".join(render.mention(p) for p in players)
        async with self.channels.in_channel(live):
            text = t(
                "📪 I couldn't DM {players}. Your hand stays private: use `/{game} hand` "
                "or the **My hand** button on the table to see it. The match goes on.",
                players=who,
                game=live.game.name,
            )
        await self.channels.safe("post the DM notice", self.channels.channel(live).send(content=text))

    # --- after a move -------------------------------------------------------------
    async def after_moves(
        self,
        outcomes: list[MoveOutcome],
        *,
        answered: int | None = None,
        reply_on: int | None = None,
        click: Click | None = None,
    ) -> None:
        """Show committed moves (one, plus the automatic passes it caused): table, notices, DMs.

        ``answered`` is a player whose window prompt the interaction itself already folded.
        ``reply_on`` is the DM message the mover's reply edited: when it is their window prompt, it
        now shows their next question (nothing more to send them) or, if nothing is asked of them,
        the move done (nothing to fold).
        ``click`` is the interaction being answered (None for a timer's or an AI seat's move).
        """
        committed = now()
        live = outcomes[-1].match
        last = outcomes[-1]
        shown = None  # the mover whose open prompt is their reply, at their next question
        mover = outcomes[0].player if outcomes[0].by == PLAYER else None
        # A picked move's reply shows the mover's next question, if any (a one-click pass's only says it is done).
        replied = mover if mover is not None and not (answered == mover and reply_on is None) else None
        if reply_on is not None and mover is not None:
            next_is_theirs = not last.finished and mover in live.waiting.actors
            if await self.prompts.prompt_is(live, mover, reply_on):
                if next_is_theirs and live.waiting.in_window:
                    shown = mover
                else:
                    answered = mover
            elif await self.decisions.is_prompt(live, mover, reply_on):
                self.decisions.answered_on(live, mover, shows_next=next_is_theirs)
        for listener in self.move_listeners:
            for outcome in outcomes:
                listener(outcome)
        # The table is shown by the refresher once the caller's lock is released (it marks the match
        # announced then); quick moves in a row become one edit.
        self.refresher.ask(live, result=last.result, reason="played" if last.result else None, click=click)
        notes: dict[int, list[str]] = {}
        for outcome in outcomes:
            for player, lines in outcome.private_lines.items():
                notes.setdefault(player, []).extend(lines)
        if last.finished:
            await self.fold_prompts(live, skip=answered)
            # The last hand DMs go out there.
            await self.announce_end(live, last.result, "played", notes=notes, click=click)
        else:
            told: set[int] = set()  # prompted just now with these moves' lines, their private ones included
            shown_to: set[int] = set()  # a decider whose picker was brought up with them
            if any(o.new_decision for o in outcomes):
                await self.reminders.settle(live)
                watching = self.prompts.deciders_on_picker(live)
                await self.fold_prompts(live, skip=answered, keep=asked_again(live), outcomes=outcomes)
                await self._close_decider_pickers(live, watching - {replied}, outcomes)
                told = await self.notify(
                    live,
                    [line for o in outcomes for line in o.public_lines],
                    outcomes,
                    shown=shown,
                    replied=replied,
                    click=click,
                    since=committed,
                )
            elif live.waiting.in_window:
                shown_to = await self._show_decider(live, outcomes, replied)
                told = await self.prompts.update(live, outcomes, shown_to=shown_to) | shown_to
            await self.decisions.settle(live)  # prompts whose decision is over ask nothing now
            own = own_moves_only(outcomes)
            told |= own  # the mover's reply showed them their move's private lines
            for player in own:
                await self.hands.moved(live, player)
            quiet = own | self.prompts.prompted_now(live) | shown_to
            for player in live.record.players:
                if player in quiet and (not notes.get(player) or player in told):
                    # Their prompt told them (private lines and all): the DM keeps the lines for its next edit.
                    self.hands.keep_notes(live, player, notes.get(player, ()))
                    continue
                self.hands.ask(live, player, notes.get(player, ()))

    async def notify(
        self,
        live: LiveMatch,
        lines: list[str],
        outcomes: Sequence[MoveOutcome] = (),
        *,
        shown: int | None = None,
        replied: int | None = None,
        click: Click | None = None,
        since: float | None = None,
    ) -> set[int]:
        """Tell whoever must now decide, as quietly as the decision allows; returns who was told in a prompt.

        * A decision waiting on one person (their turn, a challenge, a defender's
          block) mentions them in the channel, at most once per turn unless it is
          a public window (a block is answered in seconds).
        * One that comes back to them within the turn (a battle's next exchange, a
          re-attack after a block, a turn's next move once a window closed) is put
          on the picker under the table they clicked under ``IN_EXCHANGE`` seconds
          ago (they are looking at it), else told by a private DM prompt, the
          question first and the choices under it; nothing if it is their own
          move's (``replied``: the mover, whose reply shows their next question):
          the channel does not mention anyone twice a turn, and a DM is the one
          notification left. With their DMs closed (or a DM failing), the channel
          mentions them instead. A seat the AI answers is told nothing.
        * A secret window (who may answer would tell who holds a Plot Twist) is
          never announced by name: each person who may answer gets a private
          prompt with one-click Pass; the table shows one quiet line. The prompts
          go out together: under load each waits for its slot, and the match's
          lock (its next move, its table) waits for the slowest, not their sum.
          The mover's own reply shows them their next question: their open prompt
          is that reply (``shown``), or is brought up to date in place, unannounced.

        ``click``: the interaction being answered, if any (a mention may be its followup). ``since``: when
        the move that made these decisions due was committed (what ``lateness`` counts from; now if None).
        """
        since = now() if since is None else since
        waiting = live.waiting
        mentions = self.pings.mentions(live.id)
        if waiting.turn != mentions.turn:
            mentions.turn, mentions.mentioned = waiting.turn, set()
        humans = [p for p in sorted(waiting.actors) if not live.ai_controls(p)]
        if waiting.window is not None:
            if waiting.window.public and len(humans) == 1 == len(waiting.actors):
                await self._mention(live, humans[0], click, lines, since=since)
                return set()
            await self.clear_ping(live)
            movers = {o.player for o in outcomes if o.by == PLAYER}
            if shown is not None:
                self.prompts.prompt_shown(live, shown)
            # The window's decider who opened it from their picker sees its question there: with no prompt
            # open they need no DM yet (a battler who just asked for help is told of each offer as it comes).
            opener = replied if replied is not None and replied == waiting.window.decider else None
            looking = opener if opener is not None and not await self.prompts.has_prompt(live, opener) else None
            asked = [
                player
                for player in humans
                if player not in (shown, looking) and not self.prompts.still_asks(live, player, outcomes)
            ]
            sent = await all_of(
                self.lateness.delivered(
                    PROMPT,
                    since,
                    self.prompts.prompt(
                        live,
                        player,
                        lines,
                        outcomes,
                        quietly=player in movers or not private_lines(outcomes, player),
                        told=player in movers,
                    ),
                )
                for player in asked
            )
            return {player for player, ok in zip(asked, sent, strict=True) if ok}
        if len(humans) == 1 == len(waiting.actors):
            player = humans[0]
            if player not in mentions.mentioned:
                await self._mention(live, player, click, lines, since=since)
                if player != replied:
                    await self._bring_up_picker(live, player, self._pickers.in_channel(live.id, player, self._bot))
                return set()
            if mentions.ping_for != player:
                await self.clear_ping(live)
            if player == replied:
                return set()
            at_table = self._pickers.in_channel_lately(live.id, player, IN_EXCHANGE, self._bot)
            if await self._bring_up_picker(live, player, at_table, outcomes):
                return set()  # still at the table: the next question comes up where they are looking
            if not await self.lateness.delivered(PROMPT, since, self._prompt_decision(live, player, outcomes)):
                await self._mention(live, player, click, lines, since=since)
            return set()
        await self.clear_ping(live)
        return set()

    async def _bring_up_picker(
        self,
        live: LiveMatch,
        player: int,
        reply: discord.Webhook | None,
        outcomes: Sequence[MoveOutcome] = (),
        *,
        in_dm: bool = False,
        privately: bool = False,
    ) -> bool:
        """The picker under the table they last used (folded to "✅ Done." by their last move) asks the new
        question in place, through the token of their last click on it: no Take action, no new message. Free of
        the global rate limit; False if that token has run out or the edit failed.

        ``reply``: that click's reply (``OpenPickers.in_channel`` or ``in_channel_lately``), None if there is none;
        ``outcomes``: the moves that brought the question, their public lines said above it. ``in_dm``: the click
        was on a DM prompt, which names its match and server as a decider's prompt does. ``privately``: the
        moves' lines only the player may read are said too (which card an offer holds), as a prompt says them.
        """
        if reply is None or live.state is None:
            return False
        legal = live.game.rules.legal_actions(live.state, player)
        async with self.channels.in_private(live, player) as locale:
            lines = [line for o in outcomes for line in o.public_lines_in(locale)]
            if privately:
                lines += private_lines(outcomes, player)
            if in_dm:
                guild_name = self.channels.guild_name(live)
                rendered = render.decider_prompt(live, player, walk(legal, ()), lines, guild_name=guild_name)
            else:
                header = render.what_happened(lines, limit=2) or None
                rendered = render.picker_message(live, player, walk(legal, ()), header=header)
        rendered.files = []  # its old hand picture goes; the next click draws the hand as it is
        try:
            await edit_original(reply, rendered.edit_kwargs())
        except FAILED as exc:  # dismissed by the player, or gone: the mention's Take action opens a new one
            log.debug("could not bring a picker up to date: %s", exc)
            return False
        return True

    async def _show_decider(self, live: LiveMatch, outcomes: Sequence[MoveOutcome], replied: int | None) -> set[int]:
        """A window's decider learns of each new answer where they wait: on the message of their last click (the
        picker they asked from, under the table or in a DM), brought up in place through that click's token. It
        is free of the global rate limit and posts nothing: a battler who asked for help moments ago is watching
        for offers there. Returns ``{decider}`` when that tells them.

        One who clicked longer than ``IN_EXCHANGE`` ago may have looked away: their window prompt notifies them
        (a new DM the first time in the window, then edited in place, see ``WindowPrompts.prompt``). With their
        DMs closed nothing else can notify them, so the channel mentions them once a window, at its first offer.
        """
        window = live.waiting.window
        decider = window.decider if window is not None else None
        if decider is None or decider not in live.waiting.actors or live.ai_controls(decider):
            return set()
        if decider == replied or not self.prompts.picker_behind(live, decider):
            self.prompts.on_picker(live, decider)
            return {decider}  # their own reply shows it, or nothing changed for them
        clicked = self._pickers.newest(live.id, decider, self._bot)
        shown = clicked is not None and await self._bring_up_picker(
            live, decider, clicked.reply, outcomes, in_dm=not clicked.in_channel, privately=True
        )
        if shown:
            self.prompts.on_picker(live, decider)
        if decider in live.record.dm_closed:  # no DM can reach them: the channel calls them once a window
            weighs = not waits_for_others(live.game.rules, live.state, decider)  # an offer to weigh
            if weighs and self.prompts.first_call(live, decider):
                await self._mention(live, decider, None, [line for o in outcomes for line in o.public_lines])
            return {decider}
        if shown and clicked is not None and clicked.ago <= IN_EXCHANGE:
            return {decider}
        return set()  # their prompt tells them

    async def _close_decider_pickers(self, live: LiveMatch, players: Set[int], outcomes: Sequence[MoveOutcome]) -> None:
        """A window closed by someone else's move (a counter-offer taken, the time run out): a decider who watched
        its offers on their picker, and is asked nothing now, sees there how it ended, its buttons gone (through
        their click's token, free). One asked something is told of it as anyone is (``notify``)."""
        for player in sorted(players):
            newest = self._pickers.newest(live.id, player, self._bot)
            if player in live.waiting.actors or newest is None:
                continue
            async with self.channels.in_private(live, player) as locale:
                lines = [line for o in outcomes for line in o.public_lines_in(locale)] + private_lines(outcomes, player)
                rendered = render.collapsed(t("✅ {lines}", lines=" ".join(lines)) if lines else t("✅ Done."))
            try:
                await edit_original(newest.reply, rendered.edit_kwargs())
            except FAILED as exc:  # dismissed by the player: nothing is left to close
                log.debug("could not close a decider's picker: %s", exc)

    async def _prompt_decision(self, live: LiveMatch, player: int, outcomes: Sequence[MoveOutcome]) -> bool:
        """A decision the channel mentioned ``player`` for already this turn, told in a DM; whether it went out."""
        if not self.decisions.reachable(live, player):
            return False
        return await self.decisions.prompt(live, player, outcomes)

    async def _mention(
        self,
        live: LiveMatch,
        player: int,
        click: Click | None,
        lines: Sequence[str] = (),
        *,
        since: float | None = None,
    ) -> None:
        own_turn = player == live.waiting.turn and not live.waiting.in_window
        async with self.channels.in_channel(live):
            rendered = render.mention_ping(live, player, own_turn=own_turn, what=lines)
        await self.pings.ping(live, rendered, click)
        if since is not None:
            self.lateness.went_out(PING, since)
        mentions = self.pings.mentions(live.id)
        mentions.mentioned.add(player)
        mentions.ping_for = player

    async def remind(self, live: LiveMatch, players: list[int]) -> None:
        """Halfway to a deadline: mention the players in the channel, and DM those whose DMs are open.

        In a secret window the channel is not told who is being waited on: only the DM goes out.
        A timer reminds, with no click to follow up on.
        """
        if not players or live.record.deadline is None:
            return
        window = live.waiting.window
        if window is None or window.public:
            async with self.channels.in_channel(live):
                rendered = render.reminder(live, players)
            await self.pings.ping(live, rendered, None)
            self.pings.mentions(live.id).ping_for = None
        for player in players:
            await self.reminders.send(live, player)

    async def announce_end(
        self,
        live: LiveMatch,
        result: Result | None,
        reason: str,
        notes: Mapping[int, list[str]] | None = None,
        *,
        click: Click | None = None,
    ) -> None:
        """The result in the channel, then each hand DM once more (marked over, with the last private
        ``notes``); the DM caches of the match are dropped after, so a finished match holds nothing.
        ``click``: the interaction being answered, if any (the result may be its followup)."""
        await self.clear_ping(live)
        async with self.channels.in_channel(live):
            content = t(
                "**{game} match #{match} is over.**\n{result}",
                game=live.game.title,
                match=live.id,
                result=render.result_text(live, result, reason),
            )
            post = render.result_post(live, content)
        interaction = self.table_show.followup_source(live, click)
        sent = None
        if interaction is not None:  # a followup in the channel: no global-limit cost
            sent = await self.channels.safe(
                "announce the result as a followup",
                interaction.followup.send(**post.send_kwargs(), ephemeral=False, wait=True),
            )
        if sent is None:
            await self.channels.safe("announce the result", self.channels.channel(live).send(**post.send_kwargs()))
        await self.close_hands(live, notes)

    def busy(self, match_id: int) -> bool:
        """Whether something of the match is still on its way to Discord (its table, a hand DM)."""
        return self.refresher.pending(match_id) or self.hands.pending(match_id)

    def release(self, live: LiveMatch) -> None:
        """The match went to another process (its partition did): forget everything kept for it, sending nothing.

        Its messages stay as they are; the new owner reads them from the store and carries on from them.
        Should this process take the match back later, it reads them afresh too.
        """
        self.hands.forget_match(live)
        self.pings.release(live.id)
        self.shown.forget_match(live.id)
        self.refresher.forget(live.id)
        self.tables.forget(live.id)
        self.prompts.release(live.id)
        self.decisions.release(live.id)
        self._pickers.forget_match(live.id)

    async def close_hands(self, live: LiveMatch, notes: Mapping[int, list[str]] | None = None) -> None:
        """Every way a match ends: each hand DM once more, marked over (with the last private ``notes``),
        then the match's DM caches are dropped, so a finished match holds nothing."""
        await self.decisions.fold(live)
        await self.prompts.fold(live, everything=True)  # the answers left on prompts, and negotiation DMs, too
        await self.reminders.settle(live)
        for player in live.record.players:
            await self.hands.push(live, player, force=True, notes=(notes or {}).get(player, ()))
        self.hands.forget_match(live)
        self.pings.forget_match(live.id)
        self.shown.forget_match(live.id)
