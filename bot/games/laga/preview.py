"""Where a move lands and what happens there, worked out before it is made.

A move's label must tell the player what the engine will then do, so the preview runs
the same ring arithmetic as the move itself (``board.sow_path`` and ``board.spread``)
on a copy of the token counts, and asks the same rule questions as the fine and the
landing tile. ``tests/games/laga/test_laga_preview.py`` checks it against ``apply``
for every legal move of thousands of seeded positions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .board import sow_path, spread
from .powers import dream_done, has, news_on
from .state import LagaState, PlayerState


@dataclass(frozen=True)
class Outcome:
    """A move's result on the ring: the path, the landing tile and its noted count, and the fine."""

    path: tuple[str, ...]
    landing: str
    count: int
    #: Tiles above 4 once the last token lands, in the order they are spread.
    overfilled: tuple[str, ...]
    #: "fined", "blocked" (Traffic Police), "already" (Job already face down, or fined this turn) or "".
    fine: str
    #: Bomb Threats fines the mover for landing on Lowongan or Impian.
    bomb: bool
    #: Every tile's tokens once all is spread.
    tokens: tuple[int, ...]


def ring_outcome(
    ring: Sequence[str], tokens: Sequence[int], move: Mapping[str, Any]
) -> tuple[list[int], list[int], list[int], list[int]]:
    """The path, the counts as the last token lands, the counts after spreading, and the spread tiles.

    Pure arithmetic on the ring (what a view shows), so AI seats use it too.
    """
    counts = list(tokens)
    origin = list(ring).index(move["tile"])
    if move.get("direction") == "gps" or "to" in move:
        path = [list(ring).index(move["to"])]
    else:
        jump = move.get("jump", "none")
        path = sow_path(origin, counts[origin], move["direction"], None if jump == "none" else list(ring).index(jump))
    counts[origin] = 0
    for pos in path:
        counts[pos] += 1
    noted = list(counts)
    spilled = spread(counts)
    return path, noted, counts, spilled


def preview(state: LagaState, p: PlayerState, move: Mapping[str, Any]) -> Outcome:
    """What ``move`` (a move action, or a parsed ``move`` value) does for ``p`` now."""
    ring = state.ring
    path, noted, after, spilled = ring_outcome(ring, state.tokens, move)
    landing = ring[path[-1]]
    fine = ""
    if spilled:
        if has(state, p, "fine"):
            fine = "blocked"
        elif p.face_down or state.overflow_fined:
            fine = "already"
        else:
            fine = "fined"
    bomb = (
        landing in ("lowongan", "impian")
        and news_on(state, p, "bomb_threats")
        and not has(state, p, "fine")
        and not p.face_down
        and fine != "fined"
    )
    return Outcome(
        tuple(ring[i] for i in path),
        landing,
        noted[path[-1]],
        tuple(ring[i] for i in spilled),
        fine,
        bomb,
        tuple(after),
    )


def tile_income(state: LagaState, p: PlayerState) -> int:
    """What Kerja, Nongkrong or Training pays ``p`` now (Blueprint, Seasonal Flood, Car Free Day)."""
    n = 2 + int(dream_done(p, "bkt_blueprint"))
    if news_on(state, p, "seasonal_flood"):
        n -= 1
    return n * 2 if news_on(state, p, "car_free_day") else n


def cards_seen(state: LagaState, p: PlayerState, tile: str, count: int) -> int:
    """How many cards landing on Lowongan or Impian shows (Trendy adds one; a short deck fewer)."""
    deck = state.job_deck if tile == "lowongan" else state.dream_deck
    return min(len(deck), count + int(has(state, p, "trendy")))
