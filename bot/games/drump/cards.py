"""Card identities and card arithmetic for DRUMP, as lookup tables.

Cards are short strings, rank then suit: ``"AS"``, ``"7H"``, ``"10C"``,
``"JD"``, ``"QS"``, ``"KH"``. Strings keep actions, events and saved states
readable and JSON-native; every property a rule needs is precomputed into a
dict here so the engine never parses a card twice (speed matters: a whole
random game should take a few milliseconds).

Force Cards are A-9; Monster Part Cards are 10 (Chimera), J (Hydra),
Q (Pegasus) and K (Dragon). The suit gives the body part: Spades Head,
Hearts Body, Clubs Tail, Diamonds Wings.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.kernel.i18n import N_, t, translate

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "C", "D")
#: Monster Part slots, indexed like SUITS (a part's slot is its suit's index).
SLOTS: tuple[str, ...] = ("head", "body", "tail", "wings")
#: What players read for each slot.
SLOT_LABELS: dict[str, str] = {"head": N_("Head"), "body": N_("Body"), "tail": N_("Tail"), "wings": N_("Wings")}
SUIT_SYMBOL = {"S": "\u2660", "H": "\u2665", "C": "\u2663", "D": "\u2666"}
#: Monster of each part rank, for labels.
MONSTER = {"10": "Chimera", "J": "Hydra", "Q": "Pegasus", "K": "Dragon"}
#: Points a placed part scores (as printed: the Hydra scores 5 although its force sum is 11).
PART_SCORE_BY_RANK = {"10": 10, "J": 5, "Q": 12, "K": 13}
#: Rank of a full set of four same-rank parts: Dragon > Pegasus > Hydra > Chimera (> mixed = 0).
SET_RANK_BY_RANK = {"K": 4, "Q": 3, "J": 2, "10": 1}

FULL_DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
CARD_SET: frozenset[str] = frozenset(FULL_DECK)

RANK: dict[str, str] = {r + s: r for s in SUITS for r in RANKS}
SLOT: dict[str, int] = {r + s: i for i, s in enumerate(SUITS) for r in RANKS}
#: Force value: Ace 1 (it may also count 11 in a sum), 2-9 as printed, parts their force sums.
VALUE: dict[str, int] = {c: (RANKS.index(RANK[c]) + 1) for c in FULL_DECK}
#: Sort key: by rank (Ace low), then suit; hands and listings follow it so output is stable.
ORDER: dict[str, int] = {c: VALUE[c] * 4 + SLOT[c] for c in FULL_DECK}
IS_ACE: frozenset[str] = frozenset(c for c in FULL_DECK if RANK[c] == "A")
IS_PART: frozenset[str] = frozenset(c for c in FULL_DECK if RANK[c] in MONSTER)
IS_FORCE: frozenset[str] = CARD_SET - IS_PART
PART_SCORE: dict[str, int] = {c: PART_SCORE_BY_RANK[RANK[c]] for c in IS_PART}

#: Any attack reaching this total (Aces at 1 or 11) clears the zone.
ATTACK_TARGET = 14
HAND_LIMIT = 5
ZONES = 4


def sort_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=ORDER.__getitem__)


def insert_sorted(hand: list[str], card: str) -> None:
    """Insert ``card`` keeping ``hand`` in ORDER (hands stay sorted so listings are stable)."""
    key = ORDER[card]
    i = len(hand)
    while i and ORDER[hand[i - 1]] > key:
        i -= 1
    hand.insert(i, card)


def low_sum(cards: Iterable[str]) -> tuple[int, int]:
    """(sum with every Ace as 1, number of Aces): the totals reachable are low + 10*k, k <= aces."""
    total = 0
    aces = 0
    for c in cards:
        total += VALUE[c]
        if c in IS_ACE:
            aces += 1
    return total, aces


def can_make(cards: Iterable[str], target: int) -> bool:
    """True if some choice of 1 or 11 for each Ace makes ``cards`` sum exactly to ``target``."""
    low, aces = low_sum(cards)
    gap = target - low
    return gap >= 0 and gap % 10 == 0 and gap // 10 <= aces


def high_sum(cards: Iterable[str]) -> int:
    """The largest total (every Ace as 11): an attack succeeds when this reaches 14."""
    low, aces = low_sum(cards)
    return low + 10 * aces


def label(card: str) -> str:
    """``"7H"`` -> ``"7♥"``: compact text for views and logs."""
    return RANK[card] + SUIT_SYMBOL[card[-1]]


def long_label(card: str) -> str:
    """A card with its role: ``"K♠ Dragon Head"`` for a part, ``"7♥"`` for a Force Card."""
    if card in IS_PART:
        return t(
            "{card} {monster} {slot}",
            card=label(card),
            monster=MONSTER[RANK[card]],
            slot=translate(SLOT_LABELS[SLOTS[SLOT[card]]]),
        )
    return label(card)
