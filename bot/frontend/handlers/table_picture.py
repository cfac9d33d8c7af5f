"""The table's **Picture**: the board as it stands, drawn for whoever asks, privately.

The table message itself is text, which a phone shows at a readable size and which is always current; a
picture of the board is drawn on demand instead (a private reply costs no rate-limited request), so it is
never older than the table and is uploaded only for someone who wants it. Its description (alt text) is
the board in words, for screen readers.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.frontend.handlers.answers import Answers
from bot.frontend.ui import render
from bot.frontend.ui.drawn_pictures import draw_table
from bot.kernel.i18n import t
from bot.play.matches import Matches

Interaction = discord.Interaction[Any]


class TablePicture:
    """The components' ``PictureHandler``."""

    def __init__(self, *, answers: Answers, matches: Matches) -> None:
        self._answers = answers
        self._matches = matches

    async def on_picture(self, interaction: Interaction, match_id: int) -> None:
        async with self._answers.locked(interaction, match_id):  # never a move applied but not yet committed
            live = await self._matches.load(match_id)
            if live is None or live.state is None:
                await self._answers.tell(interaction, t("This match has no board to draw."))
                return
            png = await draw_table(live)
            alt = render.board_alt_text(live)
            title = render.match_title(live)
        if png is None:
            await self._answers.tell(interaction, t("This game has no picture of its board."))
            return
        embed = discord.Embed(title=f"🖼️ {title}", colour=render.COLOUR_LOBBY)
        embed.set_image(url=f"attachment://{render.TABLE_PICTURE}")
        await self._answers.reply(interaction, embed=embed, files=[render.picture_file(png, alt=alt)])


__all__ = ["TablePicture"]
