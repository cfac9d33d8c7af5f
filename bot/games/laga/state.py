"""The state of one Laga Jakarta match: plain dataclasses that round-trip through JSON.

Decks are lists with the top card first. Pending decisions and the automatic steps
between them live on one stack (``tasks``, last item on top), so an effect that
triggers other effects simply pushes them, and the engine always knows who must
decide next without any rule knowledge in the caller.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.kernel.rng import Rng

TILES: tuple[str, ...] = ("stasiun", "lowongan", "impian", "kerja", "nongkrong", "training")
TILE_NAMES: dict[str, str] = {
    "stasiun": "Stasiun",
    "lowongan": "Lowongan",
    "impian": "Impian",
    "kerja": "Kerja",
    "nongkrong": "Nongkrong",
    "training": "Training",
}
TOKENS = 8
MAX_PER_TILE = 4
NEWS_USED = 12


@dataclass
class Task:
    """One step: automatic (run by the engine) or a decision for ``player``."""

    kind: str
    player: int
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class PlayerState:
    pid: int
    res: dict[str, int] = field(default_factory=lambda: {"coin": 0, "pride": 0, "skill": 0})
    #: Every Job card held, oldest first; the last one is the current ("latest") Job.
    jobs: list[str] = field(default_factory=list)
    #: The latest Job is face down after a fine: no ability, no salary at the next Salary phase.
    face_down: bool = False
    #: Uncompleted Dreams, secret to their owner.
    dreams: list[str] = field(default_factory=list)
    completed: list[str] = field(default_factory=list)
    gender: str = ""
    #: The Landlord who switched this player's Job ability off, until that Landlord's next turn.
    deactivated_by: int | None = None


@dataclass
class LagaState:
    players: list[PlayerState]
    ring: list[str]
    tokens: list[int]
    job_deck: list[str]
    dream_deck: list[str]
    news_deck: list[str]
    news_box: list[str]
    rng: Rng
    news_done: list[str] = field(default_factory=list)
    news: str = ""
    round: int = 0
    first: int = 0
    turn: int = 0
    #: "pre" (before the move), "post" (after it, until the player ends the turn) or "over".
    phase: str = "pre"
    tasks: list[Task] = field(default_factory=list)
    #: Once-per-turn uses this turn, e.g. "raid", "kerak", "transform:skill".
    used: list[str] = field(default_factory=list)
    #: Players who used a once-per-round ability this round.
    round_used: list[int] = field(default_factory=list)
    #: The mover has already been fined for overfilling a tile this turn.
    overflow_fined: bool = False
    #: Extra turns owed to the current player (MRT Route Draft).
    extra_turns: int = 0
    #: Players who chose to let this round's News apply although they may ignore it.
    accepted_news: list[int] = field(default_factory=list)
    #: Players who chose to ignore this round's News (it stops applying if they lose the power to).
    ignored_news: list[int] = field(default_factory=list)
    #: Cards the deciding player is looking at on Lowongan or Impian (secret to them).
    looking: list[str] = field(default_factory=list)
    winner: int | None = None

    def seat_of(self, pid: int) -> int:
        for i, p in enumerate(self.players):
            if p.pid == pid:
                return i
        raise KeyError(pid)

    def player(self, pid: int) -> PlayerState:
        return self.players[self.seat_of(pid)]

    @property
    def current(self) -> PlayerState:
        return self.players[self.turn]

    def tile_pos(self, tile: str) -> int:
        return self.ring.index(tile)

    def count(self, tile: str) -> int:
        return self.tokens[self.ring.index(tile)]

    def turn_order(self, start: int | None = None) -> list[PlayerState]:
        """Players in clockwise turn order starting at seat ``start`` (default: the current turn)."""
        s = self.turn if start is None else start
        n = len(self.players)
        return [self.players[(s + i) % n] for i in range(n)]


def schedule(state: LagaState, tasks: list[Task]) -> None:
    """Put ``tasks`` on top of the stack so they run next, first one first."""
    state.tasks.extend(reversed(tasks))
