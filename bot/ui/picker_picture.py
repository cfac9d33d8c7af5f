"""The picture of your own hand on your private picker, so you choose a card looking at it.

A picker is edited at every step, and most steps do not change the hand. The picture's
file name carries a digest of its bytes (``hand-<digest>.png``), so an edit whose hand
looks the same points the embed at the copy Discord already holds instead of uploading it
again, with no bookkeeping kept anywhere. Drawing runs in a worker thread on a copy of the
player's own view (never another seat's), after the move is committed, like every other
picture.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from typing import Any, Awaitable, Callable, Sequence

from bot.ui import render
from bot.ui.shown_pictures import draw_hand

PREFIX = "hand-"

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

    async def _drawn(self, live: Any, player: int) -> bytes | None:
        """The hand as of this move, drawn once however many picker steps show it."""
        key = (live.id, player, live.record.seq)
        if key in self._recent:
            self._recent.move_to_end(key)
            return self._recent[key]
        png = await draw_hand(live, player)
        self._recent[key] = png
        while len(self._recent) > self._keep:
            self._recent.popitem(last=False)
        return png
