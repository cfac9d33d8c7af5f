"""Answering on a private picker: the message clicked is edited in place, never a public one rewritten.

A picker (an ephemeral reply, or a DM prompt a click turned into one) is answered
by editing it, with the player's hand picture dressed on; a click on a public
message gets a new private reply instead. After a move the reply goes out at once
and its new hand picture follows in the background
(:mod:`bot.frontend.ui.picker_picture`), unless a newer picker replaced it by then.
The picker handlers and the player's own switches answer this way.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.frontend.delivery.pickers import OpenPickers
from bot.frontend.handlers.answers import Answers
from bot.frontend.ui import picker_picture, render
from bot.play.matches import Matches

Interaction = discord.Interaction[Any]


class PickerReplies:
    """Edits the private message clicked, dressed with the hand picture (given the pictures and open pickers)."""

    def __init__(
        self, *, answers: Answers, pictures: picker_picture.PickerPictures, pickers: OpenPickers, matches: Matches
    ) -> None:
        self._answers = answers
        self._pictures = pictures
        self._pickers = pickers
        self._matches = matches
        #: Hand pictures on their way to replies already sent (kept so the tasks are not collected).
        self._following: set[asyncio.Task[None]] = set()

    async def update_picker(
        self, interaction: Interaction, rendered: render.Rendered, *, later: bool = False
    ) -> picker_picture.Follow | None:
        """Answer on the private message clicked (a picker, a DM prompt); never rewrite a public one.

        ``later``: a hand picture not drawn yet does not hold up the answer; it is returned as a
        :class:`~bot.frontend.ui.picker_picture.Follow` for :meth:`follow` once the picker is recorded.
        """
        message = interaction.message
        if message is not None and (message.flags.ephemeral or message.guild is None):
            if later:
                rendered, follow = await self._pictures.dress_later(rendered, message)
                await self._answers.edit_clicked(interaction, rendered)
                return follow
            await self._answers.edit_clicked(interaction, await self._pictures.dress(rendered, message))
        else:
            rendered = await self._pictures.dress(rendered, None)
            await self._answers.reply(interaction, **rendered.send_kwargs())
        return None

    def follow(
        self, follow: picker_picture.Follow | None, interaction: Interaction, match_id: int, player: int
    ) -> None:
        """Put the hand picture on a reply in the background, unless a newer picker replaced it by then."""
        if follow is None:
            return
        lock = self._matches.lock(match_id)
        task = asyncio.get_running_loop().create_task(
            follow.run(interaction, lock, lambda: self._pickers.is_newest(match_id, player, interaction)),
            name=f"game:hand-picture:{match_id}:{player}",
        )
        self._following.add(task)
        task.add_done_callback(self._following.discard)
