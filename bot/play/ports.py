"""What the match service needs from outside, as narrow interfaces: where matches are stored, and who tells them.

The service knows no SQL and no language. It depends on a :class:`MatchStore`, a
:class:`SettingsStore` and a :class:`PreferencesStore` (the SQLite store's parts implement
them today; a PostgreSQL store's can tomorrow) and on a
:class:`Narrator` (the Discord front end's), which turns what happened in a move into
lines in the right languages: the table's log in the server's, each player's private
lines in their own. Both are handed to the service where it is composed
(:func:`bot.play.service.build`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from bot.kernel.contract import Event, PlayerId, Result
from bot.kernel.wording import Wording
from bot.play.match_types import LiveMatch
from bot.play.ownership import Partitions
from bot.play.record import MatchRecord

T = TypeVar("T")


class MatchStore(Protocol):
    """Every match, stored: what the service reads and writes, one method per change it makes."""

    async def get_match(self, match_id: int) -> MatchRecord | None: ...
    async def live_match_in_channel(self, channel_id: int) -> MatchRecord | None: ...
    async def live_matches(self, partitions: Partitions | None = None) -> list[MatchRecord]: ...
    async def guild_of(self, match_id: int) -> int | None: ...
    async def create_match(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        host_id: int,
        host_name: str,
        seed: int,
        options: dict[str, Any] | None = None,
    ) -> MatchRecord: ...
    async def save_lobby(self, match: MatchRecord) -> None: ...
    async def start_match(self, match: MatchRecord, state_json: str, deadline: float | None) -> None: ...
    def start(self, write: Coroutine[Any, Any, T]) -> asyncio.Task[T]: ...
    async def record_action(
        self,
        match_id: int,
        *,
        expected_seq: int,
        player_id: int,
        action: dict[str, Any],
        state_json: str,
        deadline: float | None,
        recent: list[str],
        result: dict[str, Any] | None = None,
        timeouts: dict[int, int] | None = None,
        autopilot: list[int] | None = None,
        new_decision: bool = True,
        skipping: list[int] | None = None,
        absent: list[int] | None = None,
        left: list[int] | None = None,
    ) -> int: ...
    async def end_match(
        self,
        match_id: int,
        *,
        status: str,
        reason: str,
        result: dict[str, Any] | None = None,
        expected_seq: int | None = None,
        state_json: str | None = None,
    ) -> bool: ...
    async def save_idle(self, match_id: int, timeouts: dict[int, int], autopilot: list[int]) -> None: ...
    async def save_seats(
        self, match_id: int, *, left: list[int], skipping: list[int], autopilot: list[int]
    ) -> None: ...
    async def mark_reminded(self, match_id: int) -> bool: ...


class SettingsStore(Protocol):
    """Each server's settings, stored as key and value."""

    async def guild_settings(self, guild_id: int) -> dict[str, Any]: ...
    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None: ...


class PreferencesStore(Protocol):
    """Each person's own preferences, stored as key and value."""

    async def user_prefs(self, user_id: int) -> dict[str, Any]: ...
    async def set_user_pref(self, user_id: int, key: str, value: Any) -> None: ...


@dataclass(frozen=True)
class Aside:
    """A line of the platform's only some players read (``to``): what would tell the table too much, such as who
    let a secret response window run out."""

    wording: Wording
    to: tuple[PlayerId, ...]


@dataclass
class Told:
    """A move in words: the table's lines (in the server's language), each player's own lines (in theirs),
    and the table's lines again in any other language (for a private message quoting them)."""

    public: list[str]
    private: dict[PlayerId, list[str]] = field(default_factory=dict)
    retell: Callable[[str], list[str]] | None = None


class Narrator(Protocol):
    """Says what happened, in the languages of those who read it (the front end knows them; the service does not)."""

    async def tell(self, live: LiveMatch, said: Sequence[Event | Wording | Aside]) -> Told:
        """A move in words. ``said`` is what it says, in order: the game's events (a public one for the table,
        one ``visible_to`` some players for them alone) and the platform's own lines, as wordings (an
        :class:`Aside` for some players alone)."""
        ...

    async def words(self, guild_id: int, wording: Wording) -> str:
        """One text for a server's channel (a seat's name, the first line of the table's log)."""
        ...

    async def result(self, live: LiveMatch) -> Result:
        """The finished game's result as it counts (leavers lose), with its summary in the server's language."""
        ...


__all__ = ["Aside", "MatchStore", "Narrator", "PreferencesStore", "SettingsStore", "Told"]
