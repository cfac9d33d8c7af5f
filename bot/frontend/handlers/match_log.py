"""A match's **Log**: its last moves, privately, in the reader's language, page by page.

The table shows only the last few lines; whoever looked away reads the rest here (the
table's Log button, or ``/<game> log``). The lines are the table's public lines, told
again by replaying the stored moves (:func:`bot.frontend.history.public_lines`), so they
are in the reader's language and hold nothing only some players may read.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.frontend.handlers.answers import Answers
from bot.frontend.history import HistoryStore, public_lines
from bot.frontend.ui import render
from bot.kernel.i18n import t
from bot.play.matches import Matches

Interaction = discord.Interaction[Any]


class MatchLog:
    """The components' ``LogHandler``: the Log button on the table and its pages."""

    def __init__(self, *, answers: Answers, matches: Matches, store: HistoryStore) -> None:
        self._answers = answers
        self._matches = matches
        self._store = store

    async def on_log(self, interaction: Interaction, match_id: int, page: int | None) -> None:
        """The table's button (``page`` None) opens the log; a page button turns the log it is on."""
        live = await self._matches.load(match_id)
        if live is None or live.state is None:
            await self._answers.tell(interaction, t("This match has no moves to show."))
            return
        lines, _ = await public_lines(self._store, live.record)
        rendered = render.log_page(live, lines, page or 0)
        if page is None:
            await self._answers.reply(interaction, **rendered.send_kwargs())
        else:
            await self._answers.edit_clicked(interaction, rendered)


__all__ = ["MatchLog"]
