"""Which picture each table message shows, so an unchanged picture is not uploaded again.

Every upload counts against Discord's rate limits and costs the players' data; most edits of
a table change its picture, but not all (a pass, a window that opens on the same board). The
digest of the PNG decides: the same bytes are pointed at again through the URL Discord gave
the copy it already holds, and the message's attachments are left as they are.
"""

from __future__ import annotations

import hashlib
from typing import Any

from bot.ui import render


class ShownPictures:
    def __init__(self) -> None:
        #: table message id -> (digest of the PNG it shows, Discord's URL of that attachment)
        self._shown: dict[int, tuple[str, str]] = {}

    def prepare(self, rendered: render.Rendered, message_id: int | None, png: bytes | None) -> str | None:
        """Put ``png`` on ``rendered`` (new upload, or the URL of the same picture); the digest, or None.

        No picture (pictures off, or the game draws none) clears any picture the message had.
        """
        if png is None:
            rendered.files = []
            if message_id is not None:
                self._shown.pop(message_id, None)
            return None
        digest = hashlib.sha256(png).hexdigest()
        shown = self._shown.get(message_id) if message_id is not None else None
        render.with_picture(rendered, png, url=shown[1] if shown is not None and shown[0] == digest else None)
        return digest

    def remember(self, message_id: int, digest: str | None, message: Any) -> None:
        """After a send/edit: the URL Discord shows the picture at (from the message it returned)."""
        embeds = getattr(message, "embeds", None) or []
        url = embeds[0].image.url if embeds and embeds[0].image else None
        if digest is not None and url and not url.startswith("attachment://"):
            self._shown[message_id] = (digest, url)
        else:
            self._shown.pop(message_id, None)

    def forget(self, message_id: int | None) -> None:
        if message_id is not None:
            self._shown.pop(message_id, None)
