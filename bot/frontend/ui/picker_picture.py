"""The picture of your own hand on your private picker, so you choose a card looking at it.

A picker is edited at every step, and most steps do not change the hand. The picture's
file name carries a digest of its bytes (``hand-<digest>.png``), so an edit whose hand
looks the same points the embed at the copy Discord already holds instead of uploading it
again, with no bookkeeping kept anywhere. Drawing runs in the picture worker process
(``bot.frontend.ui.picture_pool``) on a copy of the player's own view (never another seat's), after the
move is committed, like every other picture.

The reply to a move does not wait for its new picture: drawing a hand takes several times
longer than everything else a move costs. The reply (text and buttons, the truth) goes out
at once, still showing the picture the message had, and the new picture follows in a second
edit of the same reply once drawn, as the table's picture lags its text between moments.
That edit is made under the match's lock and only while the reply is still the player's
newest picker, so it can never land on top of a newer answer.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.frontend.delivery.retry import FAILED
from bot.frontend.ui import picture_pool, render
from bot.frontend.ui.drawn_pictures import draw_hand

PREFIX = "hand-"

log = logging.getLogger(__name__)


def picture_name(png: bytes) -> str:
    return f"{PREFIX}{hashlib.sha256(png).hexdigest()[:16]}.png"


def _attached(clicked: Any) -> Sequence[Any]:
    """The hand pictures on the message clicked (a picker or a DM prompt), if any."""
    attachments = getattr(clicked, "attachments", None) or []
    return [a for a in attachments if getattr(a, "filename", "").startswith(PREFIX)]


class PickerPictures:
    """Hand pictures for one bot's pickers; the steps of one decision draw the hand once."""

    def __init__(self, pictures_on: Callable[[Any], Awaitable[bool]], keep: int = 256) -> None:
        self._pictures_on = pictures_on
        self._keep = keep
        #: (match, player, move number) -> that hand's picture (or None: nothing drawn)
        self._recent: OrderedDict[tuple[int, int, int], bytes | None] = OrderedDict()

    async def dress(self, rendered: render.Rendered, clicked: Any) -> render.Rendered:
        """``rendered`` with its owner's hand picture as the embed image (reused when unchanged).

        A message that shows no picker any more (folded to a line) drops the picture it had,
        so an old hand does not stay on screen as a loose file.
        """
        attached = _attached(clicked)
        if rendered.hand_of is None or rendered.embed is None:
            if attached and rendered.files is None:
                rendered.files = []
            return rendered
        live, player = rendered.hand_of
        png = await self._drawn(live, player) if await self._pictures_on(live) else None
        if png is None:
            if attached:
                rendered.files = []
            return rendered
        name = picture_name(png)
        same = next((a for a in attached if a.filename == name), None)
        if same is not None:
            rendered.embed.set_image(url=same.url)
            rendered.files = None  # the attachment stays as it is
            return rendered
        return render.with_picture(rendered, png, filename=name)

    async def dress_later(self, rendered: render.Rendered, clicked: Any) -> tuple[render.Rendered, Follow | None]:
        """Like :meth:`dress`, but a picture not drawn yet is left to a :class:`Follow` (run it after replying).

        Meanwhile the reply keeps the picture the clicked message shows (unchanged on it).
        """
        if rendered.hand_of is None or rendered.embed is None:
            return await self.dress(rendered, clicked), None
        live, player = rendered.hand_of
        key = (live.id, player, live.record.seq)
        if key in self._recent or not await self._pictures_on(live):
            return await self.dress(rendered, clicked), None
        draw = render.drawing(live, player, own_copy=True)  # the view as of this reply, drawn later
        attached = _attached(clicked)
        if attached:
            rendered.embed.set_image(url=attached[0].url)
            rendered.files = None  # the attachment stays as it is until the new picture follows
        return rendered, Follow(self, key, draw, rendered.embed, tuple(a.filename for a in attached))

    def _remember(self, key: tuple[int, int, int], png: bytes | None) -> None:
        self._recent[key] = png
        while len(self._recent) > self._keep:
            self._recent.popitem(last=False)

    async def _drawn(self, live: Any, player: int) -> bytes | None:
        """The hand as of this move, drawn once however many picker steps show it."""
        key = (live.id, player, live.record.seq)
        if key in self._recent:
            self._recent.move_to_end(key)
            return self._recent[key]
        png = await draw_hand(live, player)
        self._remember(key, png)
        return png


@dataclass
class Follow:
    """A reply's hand picture still to draw, and the edit that puts it on the reply."""

    pictures: PickerPictures
    key: tuple[int, int, int]
    draw: Callable[[], bytes | None]
    embed: discord.Embed
    #: The hand pictures the message carries (kept by the reply): one with the same bytes needs no edit.
    attached: tuple[str, ...]

    async def run(
        self, interaction: discord.Interaction[Any], lock: asyncio.Lock, still_newest: Callable[[], bool]
    ) -> None:
        """Draw in the picture worker, then edit the reply, under ``lock``, if ``still_newest()`` holds."""
        try:
            png = await picture_pool.SHARED.draw(self.draw)
            self.pictures._remember(self.key, png)
            if png is None or picture_name(png) in self.attached:
                return  # nothing drawn, or the very picture the message shows already
            name = picture_name(png)
            async with lock:
                if not still_newest():
                    return  # a newer answer replaced this reply: it shows its own picture
                self.embed.set_image(url=f"attachment://{name}")
                await interaction.edit_original_response(embed=self.embed, attachments=[render.picture_file(png, name)])
        except FAILED as exc:  # dismissed by the player, say: the text said it all
            log.debug("could not add the hand picture to a picker: %s", exc)
        except Exception:  # a picture never costs the move anything; shutting down ends it quietly
            if not interaction.client.is_closed():
                log.warning("could not add the hand picture to a picker", exc_info=True)
