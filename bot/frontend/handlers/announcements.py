"""What the handlers ask of the announcer, named once: the whole of their dependence on it.

A handler answers the interaction itself, then hands the rest of what a change
shows (the table message, pings, window prompts, hand DMs) to the announcer
(``bot.frontend.delivery.announcer.Announcer``, built where the bot is composed).
The handlers see it only through this interface, so how delivery is built
inside is its own business.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from bot.kernel.contract import Result
from bot.play.match_types import LiveMatch, MoveOutcome

#: The click a handler answers: its token may carry what the change shows (``bot.frontend.delivery``).
Click = Any


class Announcements(Protocol):
    """The announcer's calls the handlers make (each after the change it shows is committed)."""

    async def after_moves(
        self,
        outcomes: list[MoveOutcome],
        *,
        answered: int | None = None,
        reply_on: int | None = None,
        click: Click | None = None,
    ) -> None: ...

    async def announce_start(
        self, live: LiveMatch, outcomes: list[MoveOutcome], *, click: Click | None = None
    ) -> None: ...

    async def refresh_table(
        self, live: LiveMatch, *, result: Result | None = None, reason: str | None = None, click: Click | None = None
    ) -> bool: ...

    async def clear_ping(self, live: LiveMatch) -> None: ...

    async def fold_prompts(self, live: LiveMatch, *, skip: int | None = None, keep: set[int] = ...) -> None: ...

    async def close_hands(self, live: LiveMatch, notes: Mapping[int, list[str]] | None = None) -> None: ...

    async def remind(self, live: LiveMatch, players: list[int]) -> None: ...

    async def catch_up(self, live: LiveMatch) -> bool: ...

    async def catch_up_end(self, live: LiveMatch) -> None: ...

    def channel(self, live: LiveMatch) -> Any:
        """The match's channel, to edit a message in it (a ``discord.PartialMessageable``)."""
        ...
