"""The plain data the match service hands out: live matches, move outcomes, endings, refusals.

Separate from the service so the lobby, the timers and the Discord layer can
name these types without importing the service itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.engine import Action, Event, Game, PlayerId, Result
from bot.storage import MatchRecord


def is_ai(player: PlayerId) -> bool:
    """AI seats have negative ids; real players are Discord users (positive snowflakes)."""
    return player < 0


class MatchError(Exception):
    """A request the bot refuses; ``reason`` is shown to the user as is."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class StaleTurn(MatchError):
    """A button or picker from an earlier turn."""

    def __init__(self) -> None:
        super().__init__("This is from an earlier turn. Use the latest message of the match.")


@dataclass
class LiveMatch:
    """A match record with its engine and, once started, its decoded state."""

    record: MatchRecord
    game: Game
    state: Any | None = None
    #: Who made the last move (in memory only; used to keep AI seats from answering themselves).
    last_actor: PlayerId | None = None
    #: Consecutive turn timeouts before the AI takes a seat over (the server's setting).
    takeover_after: int = 2
    #: When the last move was committed (in memory; paces AI seats so people can follow).
    last_move_at: float | None = None

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def seq(self) -> int:
        return self.record.seq

    def name_of(self, player: PlayerId) -> str:
        return self.record.names.get(player, f"Player {player}")


@dataclass
class MoveOutcome:
    """What one committed move did: enough for the caller to render and announce it."""

    match: LiveMatch
    player: PlayerId
    action: Action
    events: list[Event]
    seq: int
    window_before: bool
    window_after: bool
    result: Result | None = None
    timed_out: bool = False
    #: Public lines describing the move (safe for the channel).
    public_lines: list[str] = field(default_factory=list)
    #: Private lines per player (what only they may read, e.g. the card they drew).
    private_lines: dict[PlayerId, list[str]] = field(default_factory=dict)
    turn_before: PlayerId | None = None
    turn_after: PlayerId | None = None
    #: A response window opened, or reopened for a new round, with a fresh deadline.
    window_opened: bool = False

    @property
    def finished(self) -> bool:
        return self.result is not None


@dataclass
class MatchEnd:
    match: LiveMatch
    reason: str
    result: Result | None
    by: PlayerId | None = None
