"""End-of-game points and the order of the players.

Points: every Job card held plus every completed Dream, minus 1 per uncompleted Dream,
plus the end-of-game Dream bonuses. Ties: Monas Selfie wins a tie; then more Jobs
held; then the later seat in turn order (counted from the first player).
"""

from __future__ import annotations

from functools import lru_cache

from .cards import cards
from .powers import dream_done, level
from .state import LagaState, PlayerState


def breakdown(state: LagaState, p: PlayerState) -> dict[str, int]:
    """Where ``p``'s points come from (what the end screen and the tests show)."""
    c = cards()
    parts = {
        "jobs": sum(c.jobs[j].points for j in p.jobs),
        "dreams": sum(c.dreams[d].points for d in p.completed),
        "uncompleted": 0 if dream_done(p, "discussion_with_governor") else -len(p.dreams),
        "bonus": 0,
    }
    if dream_done(p, "idol_audition") and level(p) >= 3:
        parts["bonus"] += 1
    if dream_done(p, "join_political_party"):
        parts["bonus"] += len(p.completed)
    if dream_done(p, "tanjidor_orchestra"):
        parts["bonus"] += sum(1 for q in state.players if q is not p and level(q) < level(p))
    if dream_done(p, "run_for_president"):
        parts["bonus"] += len(p.jobs)
    return parts


#: Dreams whose effect changes the end-of-game count.
SCORING_EFFECTS = (
    "discussion_with_governor",
    "idol_audition",
    "join_political_party",
    "tanjidor_orchestra",
    "run_for_president",
)


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, int], frozenset[str]]:
    """Card name -> printed points, and the names of the scoring Dreams."""
    c = cards()
    points = {n: j.points for n, j in c.jobs.items()} | {n: d.points for n, d in c.dreams.items()}
    return points, frozenset(c.dream_by_effect[e] for e in SCORING_EFFECTS)


def score(state: LagaState, p: PlayerState) -> int:
    """``p``'s points now. Every seat's view shows everyone's points after every action, so the
    usual case (no completed Dream that changes the count) is summed from a table."""
    points, scoring = _tables()
    if p.completed and not scoring.isdisjoint(p.completed):
        return sum(breakdown(state, p).values())
    return sum(map(points.__getitem__, p.jobs)) + sum(map(points.__getitem__, p.completed)) - len(p.dreams)


def ranking(state: LagaState) -> list[tuple[int, int, str]]:
    """(player id, points, what decided their place) from the winner down."""
    n = len(state.players)

    def key(p: PlayerState) -> tuple[int, int, int, int]:
        seat_from_first = (state.seat_of(p.pid) - state.first) % n
        return (score(state, p), int(dream_done(p, "monas_selfie")), len(p.jobs), seat_from_first)

    order = sorted(state.players, key=key, reverse=True)
    out: list[tuple[int, int, str]] = []
    for i, p in enumerate(order):
        how = "points"
        if i + 1 < len(order):
            a, b = key(p), key(order[i + 1])
            how = (
                "points"
                if a[0] != b[0]
                else "Monas Selfie"
                if a[1] != b[1]
                else "more Jobs"
                if a[2] != b[2]
                else "later seat"
            )
        out.append((p.pid, key(p)[0], how))
    return out
