"""Mat Goceng match state: plain dataclasses that round-trip through JSON exactly.

Cards are kept by their design id (identical copies share one id), so a hand
is a list of ids and accounting is a multiset comparison. Coins are kept as a
value in silver (a gold coin is worth 3), as the rulings count them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.kernel.response_window import ResponseWindow
from bot.kernel.rng import Rng

STAMINA = 3
HAND_SIZE = 5
START_COINS = 5  # 1 gold (3 silver) + 2 silver
RECONCILE_PRICE = 2

# Phases
CHALLENGE = "challenge"  # the active player picks whom to challenge
RESPOND = "respond"  # the challenged player reconciles or fights
BATTLE = "battle"  # the punch token holder plays, asks for help or gives up
OVER = "over"


@dataclass
class Battle:
    """One battle: each battler's own line, who holds the punch token, what they still owe."""

    attacker: int
    defender: int
    holder: int
    lines: dict[int, list[str]] = field(default_factory=dict)
    #: Cards each battler must play in their current or next possession (2 after Tapak Bayangan).
    owed: dict[int, int] = field(default_factory=dict)
    #: The holder already asked for Extra Power for the card they owe now.
    asked: bool = False
    #: The open Extra Power window (offers are its stack), or None.
    window: ResponseWindow | None = None

    def opponent(self, player: int) -> int:
        return self.defender if player == self.attacker else self.attacker


@dataclass
class Pending:
    """An Ajian effect waiting for its beneficiary to pick a target ("peek" or "kasbon")."""

    kind: str
    player: int
    candidates: list[int] = field(default_factory=list)


@dataclass
class GocengState:
    players: list[int]
    seed: int
    rng: Rng
    characters: dict[int, str]
    stamina: dict[int, int]
    coins: dict[int, int]
    hands: dict[int, list[str]]
    deck: list[str]
    discard: list[str] = field(default_factory=list)
    set_aside: list[str] = field(default_factory=list)
    #: Players whose character is public (down to 1 stamina).
    revealed: list[int] = field(default_factory=list)
    #: viewer -> players whose character that viewer saw with Mata Menembus Sukma.
    seen: dict[int, list[int]] = field(default_factory=dict)
    phase: str = CHALLENGE
    active: int = 0
    #: Players the active player has challenged this turn, in order.
    challenged: list[int] = field(default_factory=list)
    target: int | None = None
    battle: Battle | None = None
    pending: Pending | None = None
    turn: int = 1
    #: How many Extra Power windows have opened: identifies the current window's round.
    windows: int = 0
    loser: int | None = None
    options: dict[str, Any] = field(default_factory=dict)

    def others(self, player: int) -> list[int]:
        """Everyone but ``player``, clockwise from the next seat."""
        i = self.players.index(player)
        return self.players[i + 1 :] + self.players[:i]
