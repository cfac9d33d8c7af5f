"""The private picker: Take action / Respond… opens it, each step narrows the choice, the last one moves.

Also the one-click Pass of a window prompt. A click counts only for the
question it was asked for (its decision number and the fingerprint of its
legal choices); otherwise the picker is redrawn at today's question, saying why.
A player the AI was covering gets their seat back by clicking. The reply to a
move is built while the move's commit runs and sent only after it; the
announcer then shows the move to everyone else.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.frontend.delivery.pickers import OpenPickers
from bot.frontend.delivery.window_prompts import keyed_print
from bot.frontend.handlers.announcements import Announcements
from bot.frontend.handlers.answers import Answers
from bot.frontend.handlers.picker_replies import PickerReplies
from bot.frontend.handlers.timers import Timers
from bot.frontend.ui import picker_picture, render
from bot.frontend.ui.legal_cache import LegalCache
from bot.frontend.ui.picker import PathError, respond_path as picker_respond_path, walk
from bot.kernel.i18n import N_, get_locale, t, translate
from bot.play.match_types import LiveMatch, MatchError, MoveOutcome, StaleTurn
from bot.play.matches import Matches
from bot.play.moves import Moves, check_turn
from bot.play.record import ACTIVE

Interaction = discord.Interaction[Any]

WELCOME_BACK = N_("👋 Welcome back: your seat is yours again.")


def respond_path(live: LiveMatch, player: int, legal: list[Any]) -> tuple[int, ...]:
    """Where Respond… opens the picker (``picker.respond_path``, with the game's pass)."""
    if not live.waiting.in_window:
        return ()
    return picker_respond_path(legal, (live.game.rules.timeout_action(live.state, player) or {}).get("type"))


class Picking:
    """Take action / Respond…, a prompt's Pass and the picker's steps (the components' ``PickerHandler``)."""

    def __init__(
        self,
        *,
        answers: Answers,
        matches: Matches,
        moves: Moves,
        legal: LegalCache,
        pickers: OpenPickers,
        replies: PickerReplies,
        pictures: picker_picture.PickerPictures,
        announcer: Announcements,
        timers: Timers,
    ) -> None:
        self._answers = answers
        self._matches = matches
        self._moves = moves
        #: Each open decision's legal actions and fingerprint, shared by all the clicks on it.
        self._legal = legal
        self._pickers = pickers
        self._replies = replies
        self._pictures = pictures
        self._announcer = announcer
        self._timers = timers

    async def on_act(self, interaction: Interaction, match_id: int) -> None:
        """Open the private picker at today's question: a Take action / Respond button is never stale.

        Respond… on a DM prompt turns that prompt into the picker (one message, and the click's token
        edits it later for free); from the channel the picker is a new ephemeral reply.
        """
        player = interaction.user.id
        in_dm = interaction.message is not None and interaction.message.guild is None
        # Under the lock: a move applied but not committed never shows.
        async with self._answers.locked(interaction, match_id, update=in_dm):
            live = check_turn(await self._matches.load(match_id), player, None)
            legal, fingerprint = self._legal.get(live, player)
            step = walk(legal, respond_path(live, player, legal))
            welcome = await self._reclaim(live, player)
            rendered = render.picker_message(
                live, player, step, header=translate(WELCOME_BACK) if welcome else None, fingerprint=fingerprint
            )
            if in_dm:
                await self._replies.update_picker(interaction, rendered)
            else:
                await self._answers.reply(interaction, **(await self._pictures.dress(rendered, None)).send_kwargs())
            await self._pickers.opened(match_id, player, interaction, in_place=in_dm)

    async def on_pass(self, interaction: Interaction, match_id: int, decision: int, asked: str | None = None) -> None:
        """One-click pass from a window notification: the player's pass, as their game names it.

        A prompt left as it was through a new round of its window (``asked``, its question's print, is
        today's) passes in today's round; an older one redraws the question it is now.
        """
        player = interaction.user.id
        async with self._answers.locked(interaction, match_id, update=True):
            live = await self._matches.load(match_id)
            still_asked = asked is not None and self._still_asked(live, player, asked)
            try:
                live = check_turn(live, player, None if still_asked else decision)
            except StaleTurn:
                if live is not None and live.record.status == ACTIVE and player in live.waiting.actors:
                    await self._redraw_stale(interaction, match_id, player)
                else:
                    await self._replies.update_picker(interaction, render.collapsed(t("⌛ That window is over.")))
                return
            action = live.game.rules.timeout_action(live.state, player) if live.waiting.in_window else None
            if action is None:
                raise MatchError(t("There is nothing to pass right now; use Take action."))
            label = render.pass_label(live, player)
            await self._reclaim(live, player)
            outcomes = await self._moves.play(match_id, player, action, decision=live.decision)
            await self._replies.update_picker(interaction, render.collapsed(t("✅ {label}: done.", label=label)))
            await self._announcer.after_moves(outcomes, answered=player, click=interaction)
            await self._timers.schedule(outcomes[-1].match)

    def _still_asked(self, live: LiveMatch | None, player: int, asked: str) -> bool:
        """Whether a prompt's question (its print) is the one the player is asked now, in a window the game names."""
        if live is None or live.state is None or player not in live.waiting.actors:
            return False
        return keyed_print(live, self._legal.get(live, player)[0]) == asked

    async def _reclaim(self, live: LiveMatch, player: int) -> bool:
        """A click by a player the AI was covering gives them their seat back (and stops the AI's timer)."""
        if not await self._moves.reclaim(live, player):
            return False
        await self._timers.schedule(live)
        return True

    async def on_pick(
        self,
        interaction: Interaction,
        match_id: int,
        decision: int,
        legal_print: str,
        path: tuple[int, ...],
        choice: str,
    ) -> None:
        """One step of the picker; the last step applies the move.

        The click counts if its question is still open: the same decision (a
        window round keeps it while others answer) and the same legal choices.
        In a window the game names across its rounds (a negotiation), the same
        window and the same choices are enough: a helper's card and price, half
        picked, survive a new round that others' moves started. Otherwise the
        picker is redrawn at the current question, saying why.
        """
        player = interaction.user.id
        async with self._answers.locked(interaction, match_id, update=True):
            live = await self._matches.load(match_id)
            try:
                named = render.named_window(live) is not None
                if named and live is not None and player not in live.waiting.actors:
                    raise StaleTurn()  # asked nothing now: the question is over for them
                live = check_turn(live, player, None if named else decision)
                legal, fingerprint = self._legal.get(live, player)
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
                await self._replies.update_picker(
                    interaction, render.picker_message(live, player, step, header=header, fingerprint=fingerprint)
                )
                self._pickers.answered(match_id, player, interaction)
                return
            built: list[render.Rendered] = []  # the reply, built while the move's commit runs

            def prepare(outcome: MoveOutcome) -> None:
                built.append(self._after_pick([outcome], player, welcome))

            outcomes = await self._moves.play(match_id, player, step.action, decision=live.decision, prepare=prepare)
            # Sent only now, the move committed; rebuilt if automatic passes followed it.
            reply = built[0] if built and len(outcomes) == 1 else self._after_pick(outcomes, player, welcome)
            follow = await self._answers.after_commit(
                interaction, lambda: self._replies.update_picker(interaction, reply, later=True)
            )
            self._pickers.answered(match_id, player, interaction)
            self._replies.follow(follow, interaction, match_id, player)
            clicked = interaction.message
            await self._announcer.after_moves(
                outcomes,
                reply_on=clicked.id if clicked is not None and clicked.guild is None else None,
                click=interaction,
            )
            await self._timers.schedule(outcomes[-1].match)

    async def _redraw_stale(self, interaction: Interaction, match_id: int, player: int) -> None:
        """The question changed under an open picker: show the new one (or fold it), saying what happened."""
        live = await self._matches.load(match_id)
        changed = render.what_happened(live.record.recent if live else [], limit=2)
        if live is None or live.record.status != ACTIVE or player not in live.waiting.actors:
            note = (
                t("⌛ That question is over.\n{changes}", changes=changed)
                if changed
                else t("⌛ That question is over.")
            )
            await self._replies.update_picker(interaction, render.collapsed(note))
            return
        step = walk(live.game.rules.legal_actions(live.state, player), ())
        header = (
            t("🔄 **The question changed.** Here is the new one.\n{changes}", changes=changed)
            if changed
            else t("🔄 **The question changed.** Here is the new one.")
        )
        await self._replies.update_picker(interaction, render.picker_message(live, player, step, header=header))
        self._pickers.answered(match_id, player, interaction)

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
        legal, fingerprint = self._legal.get(live, player)  # the next click on it finds them worked out
        return render.picker_message(live, player, walk(legal, ()), header=header, fingerprint=fingerprint)
