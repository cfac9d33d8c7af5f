"""The DRUMP match state: plain dataclasses that round-trip through JSON exactly.

Everything a match needs lives here, including the seeded Rng, so a saved
state resumes and replays identically. Players are addressed by *seat*
(0 or 1, the order given to ``new_game``) inside the engine; ``players``
maps seats to Discord ids.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.games.drump.cards import ZONES
from bot.kernel.response_window import ResponseWindow
from bot.kernel.rng import Rng

#: Phases. MAIN: the turn player's free actions. BLOCK: the defender's response window.
#: REATTACK: the attacker decides after a block. DISCARD: trimming to 5 at end of turn. OVER: finished.
MAIN, BLOCK, REATTACK, DISCARD, OVER = "main", "block", "reattack", "discard", "over"


def _empty_zones() -> list[list[str]]:
    return [[] for _ in range(ZONES)]


def _empty_flags() -> list[list[bool]]:
    return [[] for _ in range(ZONES)]


@dataclass
class Side:
    """One player's cards: hand, four Force Zones and four Monster Part slots."""

    #: Kept sorted by ``cards.ORDER``.
    hand: list[str] = field(default_factory=list)
    #: Force Zone cards, oldest first. A zone may also hold a failed attack card (even a part).
    zones: list[list[str]] = field(default_factory=_empty_zones)
    #: ``up[z][i]`` is True when ``zones[z][i]`` is face up (public).
    up: list[list[bool]] = field(default_factory=_empty_flags)
    #: Monster Part slots head, body, tail, wings; "" while empty.
    parts: list[str] = field(default_factory=lambda: ["", "", "", ""])


@dataclass
class DrumpState:
    players: list[int]
    #: Seat of the player who went first (seeded coin flip).
    first: int
    rng: Rng
    #: Draw pile; the next card drawn is the last one. Never shown, only counted.
    deck: list[str]
    sides: list[Side]
    #: Public discard pile, oldest first.
    drop: list[str] = field(default_factory=list)
    #: Seat whose turn it is.
    current: int = 0
    phase: str = MAIN
    turn: int = 0
    # --- once-per-turn bookkeeping of the current turn ---
    placed: list[int] = field(default_factory=list)
    summoned: bool = False
    attacked: bool = False
    exchanges: int = 0
    # --- the attack exchange in progress ---
    #: Defender's zone under attack, -1 when no attack is in progress.
    attack_zone: int = -1
    #: Card in flight while the defender decides whether to block ("" otherwise).
    attack_card: str = ""
    #: Value a re-attack must exceed (a blocked Ace counts 1).
    attack_value: int = 0
    #: This attack's blocked exchanges so far, as [attack card, blocking card] pairs.
    blocks: list[list[str]] = field(default_factory=list)
    #: The defender's block window while it is open.
    window: ResponseWindow | None = None
    # --- the end of the game ---
    #: The first player holds DRUMP: the second player is owed (or is playing) one last turn.
    drump_pending: bool = False
    winners: list[int] = field(default_factory=list)
    summary: str = ""
    #: Why the game ended as it did, as JSON data (``outcome.reason``): the summary in any language.
    why: str = ""
    #: "drump", "last_turn" or "deck_out" once over.
    end_reason: str = ""

    def seat_of(self, player: int) -> int:
        """Seat of ``player``, or -1 for someone not at this table."""
        players = self.players
        if player == players[0]:
            return 0
        if player == players[1]:
            return 1
        return -1
