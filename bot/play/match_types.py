"""The plain data the match service hands out: live matches, move outcomes, endings, refusals.

Separate from the service's parts so the lobby, the moves, the timers and the Discord
front end can name these types without importing one another. Refusals say their
reason as a :class:`~bot.kernel.wording.Wording`: the front end tells it in the
language of whoever reads it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.kernel.contract import Action, Event, PlayerId, Refusal, Result, Waiting
from bot.kernel.module import GameModule
from bot.kernel.wording import Name, Wording, say
from bot.play.record import MatchRecord

#: Who decided a move: the player, a window's or a turn's clock, the AI, an automatic pass, a leave.
PLAYER, TIMEOUT, TURN_TIMEOUT, AI, AUTO, LEFT = "player", "timeout", "turn_timeout", "ai", "auto", "left"


def is_ai(player: PlayerId) -> bool:
    """AI seats have negative ids; real players are Discord users (positive snowflakes)."""
    return player < 0


class MatchError(Refusal):
    """A request the bot refuses; its wording is told to the user, in their language."""

    def __init__(self, reason: Wording | str) -> None:
        super().__init__(reason)


class StaleTurn(MatchError):
    """A prompt from a decision that is over (the window round ended, the turn moved on).

    Answers stay valid for a whole window round; this is only raised once the
    question itself has changed, and the table then shows the new one.
    """

    def __init__(self) -> None:
        super().__init__(say("That question is over: the table has moved on."))


@dataclass
class LiveMatch:
    """A match record with its engine and, once started, its decoded state."""

    record: MatchRecord
    game: GameModule
    state: Any | None = None
    #: Who made the last move (in memory only; used to keep AI seats from answering themselves).
    last_actor: PlayerId | None = None
    #: When the last move was committed (in memory; paces AI seats so people can follow).
    last_move_at: float | None = None
    #: Players the question of a decision could not reach (Discord failed to deliver it, retries too), with the
    #: decision it was: a window that times out on them does not mark them absent (in memory; a restart asks again).
    unreached: dict[PlayerId, int] = field(default_factory=dict)

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def seq(self) -> int:
        return self.record.seq

    def name_of(self, player: PlayerId) -> Name | Wording:
        """A seat's name, to put in a wording (a seat without one is "Player <id>", said in its reader's language)."""
        names = self.record.names
        return Name(names[player]) if player in names else say("Player {player}", player=player)

    def ai_controls(self, player: PlayerId) -> bool:
        """Whether the AI decides for this seat: an AI player, or a person the AI covers while they are away."""
        return is_ai(player) or player in self.record.autopilot

    @property
    def waiting(self) -> Waiting:
        """What the running match waits for (nothing once it is over)."""
        if self.state is None:
            return Waiting(frozenset(), None)
        return self.game.rules.waiting(self.state)

    @property
    def decision(self) -> int:
        """The move number at which the pending decision began: what prompts carry to stay valid."""
        return self.record.decision_seq

    def not_reached(self, player: PlayerId) -> None:
        """The pending decision's question could not be delivered to ``player``: they cannot be blamed for it."""
        self.unreached[player] = self.decision

    def was_reached(self, player: PlayerId) -> bool:
        """Whether the pending decision's question reached ``player`` (as far as the bot knows)."""
        return self.unreached.get(player) != self.decision


@dataclass(kw_only=True)
class MoveOutcome:
    """What one committed move did: enough for the caller to render and announce it."""

    match: LiveMatch
    player: PlayerId
    action: Action
    events: list[Event]
    seq: int
    #: Who decided it: the player, a timeout, the AI, or an automatic pass.
    by: str
    before: Waiting
    after: Waiting
    result: Result | None = None
    #: Public lines describing the move (safe for the channel), in the server's language.
    public_lines: list[str] = field(default_factory=list)
    #: Private lines per player (what only they may read, e.g. the card they drew).
    private_lines: dict[PlayerId, list[str]] = field(default_factory=dict)
    #: The move ended the pending decision (a turn's step, or a whole window round).
    new_decision: bool = True
    #: The public lines again, in another language (for a private message quoting them); None: as they are.
    retell: Callable[[str], list[str]] | None = None

    def public_lines_in(self, locale: str) -> list[str]:
        """The public lines in ``locale`` (the channel's own are ``public_lines``)."""
        return self.retell(locale) if self.retell is not None else list(self.public_lines)

    @property
    def timed_out(self) -> bool:
        return self.by in (TIMEOUT, TURN_TIMEOUT)

    @property
    def window_before(self) -> bool:
        return self.before.in_window

    @property
    def window_after(self) -> bool:
        return self.after.in_window

    @property
    def turn_before(self) -> PlayerId | None:
        return self.before.turn

    @property
    def turn_after(self) -> PlayerId | None:
        return self.after.turn

    @property
    def window_opened(self) -> bool:
        """A response window opened, or reopened for a new round, with a fresh deadline."""
        return self.after.in_window and self.new_decision

    @property
    def finished(self) -> bool:
        return self.result is not None


@dataclass
class MatchEnd:
    match: LiveMatch
    reason: str
    result: Result | None
    by: PlayerId | None = None
