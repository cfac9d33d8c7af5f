"""The reminder's vote: the others at the table let the AI play an absent player's seat now.

Each vote is answered privately with where the count stands; the vote that makes a majority hands the seat
over (stored first), redraws the table (which says the AI plays for that player until they click again) and
lets the AI make the move the table was waiting for.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.frontend.handlers.announcements import Announcements
from bot.frontend.handlers.answers import Answers
from bot.frontend.handlers.timers import Timers
from bot.frontend.names import shown
from bot.frontend.ui import render
from bot.kernel.i18n import t
from bot.play.matches import Matches
from bot.play.seat_votes import SeatVotes

Interaction = discord.Interaction[Any]


class SeatVote:
    """The components' ``VoteHandler``."""

    def __init__(
        self, *, answers: Answers, matches: Matches, votes: SeatVotes, announcer: Announcements, timers: Timers
    ) -> None:
        self._answers = answers
        self._matches = matches
        self._votes = votes
        self._announcer = announcer
        self._timers = timers

    async def on_vote(self, interaction: Interaction, match_id: int, decision: int, absent: int) -> None:
        async with self._answers.locked(interaction, match_id):
            tally = await self._votes.vote(match_id, decision, interaction.user.id, absent)
            live = await self._matches.load(match_id)
            assert live is not None
            name = shown(render.seat_name(live, absent))
            if not tally.handed_over:
                await self._answers.tell(
                    interaction,
                    t(
                        "🗳️ Your vote counts: {votes} of the {needed} it takes to let the AI play for {player} now.",
                        votes=tally.votes,
                        needed=tally.needed,
                        player=name,
                    ),
                )
                return
            await self._answers.tell(
                interaction, t("🤖 The AI plays for {players} until they click again.", players=name)
            )
            await self._announcer.refresh_table(live)
            await self._timers.schedule(live)


__all__ = ["SeatVote"]
