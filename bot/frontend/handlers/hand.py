"""A player's own view: **My hand**, and their switches (pass until my turn, always ask me).

What only the clicking player sees: their hand as their own view of the match,
whether or not their DMs are open, and the two switches under it. Passing until
one's turn may pass at once in a window waiting on the player; the announcer
shows those passes like any move.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.frontend.handlers.announcements import Announcements
from bot.frontend.handlers.answers import Answers
from bot.frontend.handlers.picker_replies import PickerReplies
from bot.frontend.handlers.timers import Timers
from bot.frontend.ui import render
from bot.kernel.i18n import t
from bot.play.leaving import Leaving
from bot.play.match_types import LiveMatch, MatchError
from bot.play.matches import Matches
from bot.play.moves import Moves
from bot.play.people import People
from bot.play.record import ACTIVE

Interaction = discord.Interaction[Any]


class OwnHand:
    """My hand and a player's own switches (the components' ``HandHandler``; ``/<game> hand`` shows it too)."""

    def __init__(
        self,
        *,
        answers: Answers,
        matches: Matches,
        people: People,
        leaving: Leaving,
        moves: Moves,
        replies: PickerReplies,
        announcer: Announcements,
        timers: Timers,
    ) -> None:
        self._answers = answers
        self._matches = matches
        self._people = people
        self._leaving = leaving
        self._moves = moves
        self._replies = replies
        self._announcer = announcer
        self._timers = timers

    async def on_hand(self, interaction: Interaction, match_id: int) -> None:
        async with self._answers.locked(interaction, match_id):
            live = await self._matches.load(match_id)
            if live is None or live.state is None:
                await self._answers.tell(interaction, t("This match is over."))
                return
            await self.show_hand(interaction, live)

    async def show_hand(self, interaction: Interaction, live: LiveMatch, *, edit: bool = False) -> None:
        """The clicking player's own view of ``live`` with their switches (``edit``: on the message clicked)."""
        player = interaction.user.id
        if player not in live.record.players:
            await self._answers.tell(interaction, t("You are not playing in this match."))
            return
        if live.state is None:
            await self._answers.tell(
                interaction, t("The match has not started yet; your hand comes when the host starts it.")
            )
            return
        may_act = live.record.status == ACTIVE and player in live.waiting.actors
        prefs = await self._people.prefs(player)
        rendered = render.private_reply(
            live,
            player,
            show_act=may_act,
            skipping=player in live.record.skipping,
            always_ask=bool(prefs.get("always_ask")),
        )
        if edit:
            await self._answers.edit_clicked(interaction, rendered)
        else:
            await self._answers.reply(interaction, **rendered.send_kwargs())

    async def on_pref(self, interaction: Interaction, match_id: int, key: str, on: bool) -> None:
        """A player's own switch: pass until my turn (this match) or always ask me (everywhere)."""
        player = interaction.user.id
        async with self._answers.locked(interaction, match_id, update=True):
            live = await self._matches.load(match_id)
            if live is None or live.record.status != ACTIVE:
                raise MatchError(t("This match is over."))
            if key == "ask":
                await self._people.set_pref(player, "always_ask", on)
                await self.show_hand(interaction, live, edit=True)
                return
            await self._leaving.set_skipping(live, player, on)
            outcomes = await self._moves.auto_pass(match_id) if on else []
            if interaction.message is not None and interaction.message.guild is None and on:
                await self._replies.update_picker(
                    interaction,
                    render.collapsed(
                        t("⏭️ You pass on every response window until your turn. Turn it off from **My hand**.")
                    ),
                )
            else:
                await self.show_hand(interaction, live, edit=True)
            if outcomes:
                await self._announcer.after_moves(outcomes, answered=player, click=interaction)
                await self._timers.schedule(outcomes[-1].match)
