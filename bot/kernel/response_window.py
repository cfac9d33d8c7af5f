"""A general out-of-turn response window, as plain data for engines to embed.

DRUMP's block, Drama Pukul 7's Plot Twists and Mat Goceng's Extra Power offers
all share one shape: a set of eligible players is asked to respond or pass;
the window closes early once every eligible player has answered; a response
may itself open a new round of answers (a counter to a counter), and the
responses then resolve last-in, first-out. The engine owns the meaning of a
response; this class only keeps the bookkeeping, so every game treats
"who may still answer" identically and the platform can time it uniformly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class ResponseWindow:
    """Who may still answer, who has, and the stack of responses made so far."""

    kind: str
    #: Eligible players in seat order; a player leaves this list when they answer.
    waiting: list[int] = field(default_factory=list)
    #: Players who have answered (responded or passed) in the current round.
    answered: list[int] = field(default_factory=list)
    #: Responses, oldest first; ``pop`` resolves the newest (last in, first out).
    stack: list[dict[str, Any]] = field(default_factory=list)
    #: Free data the engine needs to resolve the window (e.g. the attacked zone).
    context: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def open(cls, kind: str, eligible: list[int], context: dict[str, Any] | None = None) -> ResponseWindow:
        return cls(kind=kind, waiting=list(eligible), context=dict(context or {}))

    def may_answer(self, player: int) -> bool:
        return player in self.waiting

    def answer(self, player: int) -> None:
        """Record that ``player`` responded or passed in this round."""
        if player not in self.waiting:
            raise ValueError(f"player {player} may not answer this window")
        self.waiting.remove(player)
        self.answered.append(player)

    def push(self, player: int, response: dict[str, Any], reopen_for: list[int]) -> None:
        """A response by ``player``: stack it and start a new round for ``reopen_for``."""
        self.stack.append(dict(response, player=player))
        self.waiting = [p for p in reopen_for if p != player]
        self.answered = [player]

    def pop(self) -> dict[str, Any]:
        return self.stack.pop()

    @property
    def is_closed(self) -> bool:
        return not self.waiting
