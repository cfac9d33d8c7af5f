"""A match as the service keeps it: one stored row, decoded, and what storing it can refuse.

Plain data shared by the match service and the store that implements its port
(:class:`bot.play.ports.MatchStore`): the live engine state stays a JSON string here; the
service decodes it once and keeps the state beside the record (:class:`~bot.play.match_types.LiveMatch`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)

LOBBY = "lobby"
ACTIVE = "active"
FINISHED = "finished"
ABANDONED = "abandoned"
LIVE_STATUSES = (LOBBY, ACTIVE)


class ChannelBusy(Exception):
    """A channel already has a live match; ``match`` is that match."""

    def __init__(self, match: MatchRecord) -> None:
        super().__init__(f"channel {match.channel_id} already has match #{match.id}")
        self.match = match


class StaleMove(Exception):
    """The match moved on since the caller loaded it (sequence number mismatch)."""


class StoreUnavailable(Exception):
    """The store could not take a read or a write just now (locked by another process, disk full, read-only):
    nothing of it was stored. A fault of the moment, not a bug: the caller says so and may try again."""


class UnreadableMatch(Exception):
    """A stored match this build cannot read: its row is damaged, or its game is not in this build."""

    def __init__(self, match_id: int, reason: str) -> None:
        super().__init__(f"match #{match_id} cannot be read: {reason}")
        self.match_id, self.reason = match_id, reason


class UnreadableMatches:
    """The stored matches this process could not read, each logged once with why, and otherwise left alone.

    One damaged row must not keep every other match (or the bot) from starting: whoever reads a match and
    cannot, notes it here and goes on without it. Nothing writes to such a match, so the file keeps it exactly
    as it was for whoever repairs it (or a build that has its game).
    """

    def __init__(self) -> None:
        self._reasons: dict[int, str] = {}

    def note(self, error: UnreadableMatch) -> None:
        if error.match_id not in self._reasons:
            self._reasons[error.match_id] = error.reason
            log.warning("match #%d cannot be read (%s); it is skipped and left as stored", error.match_id, error.reason)

    def reasons(self) -> dict[int, str]:
        """Each match skipped so far, and why."""
        return dict(self._reasons)


@dataclass
class MatchRecord:
    """One row of ``matches``, decoded. The live engine state stays a JSON string here."""

    id: int
    guild_id: int
    channel_id: int
    game: str
    status: str
    host_id: int
    players: list[int]
    names: dict[int, str]
    options: dict[str, Any]
    seed: int
    state: str | None
    seq: int
    result: dict[str, Any] | None
    end_reason: str | None
    message_id: int | None
    deadline: float | None
    dm_closed: list[int] = field(default_factory=list)
    #: The last public move lines, for the turn message (kept across restarts).
    recent: list[str] = field(default_factory=list)
    #: When the pending decision began (for the halfway reminder and AI pacing).
    decision_started: float | None = None
    reminded: bool = False
    #: Consecutive turn timeouts per player; reset when the player acts.
    timeouts: dict[int, int] = field(default_factory=dict)
    #: Players whose seat the AI plays until they click again.
    autopilot: list[int] = field(default_factory=list)
    #: The move number at which the pending decision began: a window round keeps it while
    #: players answer, so every prompt of the round stays valid until the round ends.
    decision_seq: int = 0
    #: The host's table options (platform-wide, not the game's own), e.g. ``full_windows``.
    table_options: dict[str, Any] = field(default_factory=dict)
    #: Players who left the running match (their seat is eliminated or played by the AI).
    left: list[int] = field(default_factory=list)
    #: Players passing on every window until their own turn comes.
    skipping: list[int] = field(default_factory=list)
    #: Players who let a response window time out: passed for in windows until they act again.
    absent: list[int] = field(default_factory=list)
    #: The move number the public table, pings and DMs last showed in full (None: not since the start).
    announced_seq: int | None = None
    created_at: float = 0.0
    updated_at: float = 0.0

    @property
    def is_live(self) -> bool:
        return self.status in LIVE_STATUSES


@dataclass(frozen=True)
class LoggedAction:
    seq: int
    player_id: int
    action: dict[str, Any]
    at: float
