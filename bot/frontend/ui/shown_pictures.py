"""Which picture each table message shows, so a picture is drawn and uploaded only when it is due.

Drawing a table costs several milliseconds of CPU and every upload counts against the players'
data, so a table message gets a new picture at the moments a player looks for one: when the
turn passes, when a response window opens or moves to a new round, and when the match ends.
Between those the text of the table (always current) is edited and the image keeps pointing at
the copy Discord already holds. A freshly drawn picture with the same bytes as the one shown is
not uploaded again either. Drawing runs in a worker process (``bot.frontend.ui.picture_pool``; a thread
where no process can run), from a frozen copy of the spectator view, so that the event loop keeps
answering clicks meanwhile.
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from bot.frontend.ui import picture_pool, render
from bot.play.match_types import LiveMatch
from bot.play.settings import ServerSettings


@dataclass(frozen=True)
class Shown:
    digest: str
    url: str
    moment: Hashable


async def pictures_on(settings: ServerSettings, live: LiveMatch) -> bool:
    """Whether this server shows tables as pictures (the ``pictures`` setting, on by default)."""
    return bool((await settings.of(live.record.guild_id))["pictures"])


def moment(live: LiveMatch) -> Hashable:
    """What a table picture is due for: the turn, the window round, and whether the match goes on."""
    waiting = live.waiting
    return (live.record.status, waiting.turn, waiting.in_window, repr(waiting.round) if waiting.in_window else None)


async def draw_table(live: LiveMatch) -> bytes | None:
    """The spectator view drawn in the picture worker; None if the game draws none or drawing failed."""
    return await _draw(live, None)


async def draw_hand(live: LiveMatch, player: int) -> bytes | None:
    """``player``'s own view drawn in the picture worker, for their eyes only."""
    return await _draw(live, player)


async def _draw(live: LiveMatch, viewer: int | None) -> bytes | None:
    """The view is taken now, on the event loop, in the current language; the worker draws from its own copy."""
    return await picture_pool.SHARED.draw(render.drawing(live, viewer, own_copy=True))


@dataclass(frozen=True)
class Planned:
    """A table message's picture: a new upload (``png``), the copy Discord holds (``url``), or none."""

    png: bytes | None
    url: str | None
    digest: str | None
    moment: Hashable

    def apply(self, rendered: render.Rendered) -> render.Rendered:
        if self.png is not None:
            return render.with_picture(rendered, self.png)
        if self.url is not None:
            return render.with_picture(rendered, b"", url=self.url)
        rendered.files = []  # pictures off, or none drawn: clear any picture the message had
        return rendered


class ShownPictures:
    def __init__(self) -> None:
        #: table message id -> what it shows (digest, Discord's URL of that attachment, its moment)
        self._shown: dict[int, Shown] = {}

    async def prepare(self, live: LiveMatch, *, enabled: bool) -> Planned:
        """What the table message should show as its picture now (drawing it if it is due).

        Apply the plan to the rendered message right before sending: the text is then built
        after the await, so a slower draw can never send an older table over a newer one.
        """
        message_id = live.record.message_id
        shown = self._shown.get(message_id) if message_id is not None else None
        now = moment(live)
        if enabled and shown is not None and shown.moment == now:
            return Planned(png=None, url=shown.url, digest=shown.digest, moment=now)  # not due: keep it
        png = await draw_table(live) if enabled else None
        if png is None:
            self.forget(message_id)
            return Planned(png=None, url=None, digest=None, moment=now)
        digest = hashlib.sha256(png).hexdigest()
        kept = shown if shown is not None and shown.digest == digest else None  # the same picture: keep its URL
        return Planned(
            png=None if kept is not None else png, url=kept.url if kept is not None else None, digest=digest, moment=now
        )

    def remember(self, message_id: int, planned: Planned, message: Any) -> None:
        """After a send/edit: the URL Discord shows the picture at (from the message it returned)."""
        embeds = getattr(message, "embeds", None) or []
        url = embeds[0].image.url if embeds and embeds[0].image else None
        if planned.digest is not None and url and not url.startswith("attachment://"):
            self._shown[message_id] = Shown(planned.digest, url, planned.moment)
        else:
            self._shown.pop(message_id, None)

    def forget(self, message_id: int | None) -> None:
        if message_id is not None:
            self._shown.pop(message_id, None)
