"""Who wins: DRUMP detection, set ranking and part scores.

One comparison serves every way the game ends (a second-player DRUMP, the end
of the second player's last turn, a deck-out), so the endings cannot disagree:

* both players hold DRUMP: a full set beats a mixed one, full sets rank
  Dragon (K) > Pegasus (Q) > Hydra (J) > Chimera (10), two mixed sets compare
  part scores, equal scores draw;
* only one holds DRUMP: that player wins (the rulebook's deck-out scoring
  applies "before someone can attain DRUMP", so a DRUMP is never outscored by
  an incomplete monster);
* nobody holds DRUMP: higher total part score wins, equal is a draw.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bot.games.drump.cards import MONSTER, PART_SCORE, RANK, SET_RANK_BY_RANK
from bot.games.drump.state import DrumpState
from bot.kernel.i18n import t, tn


def has_drump(parts: list[str]) -> bool:
    return "" not in parts


def part_score(parts: list[str]) -> int:
    return sum(PART_SCORE[p] for p in parts if p)


def set_rank(parts: list[str]) -> int:
    """4 Dragon, 3 Pegasus, 2 Hydra, 1 Chimera for a full set; 0 for a mixed or incomplete one."""
    if not has_drump(parts):
        return 0
    ranks = {RANK[p] for p in parts}
    if len(ranks) == 1:
        return SET_RANK_BY_RANK[ranks.pop()]
    return 0


def set_name(parts: list[str]) -> str:
    """ "full Dragon set", "mixed monster" or "incomplete monster"."""
    if not has_drump(parts):
        return "incomplete monster"
    rank = set_rank(parts)
    if rank:
        return f"full {MONSTER[RANK[parts[0]]]} set"
    return "mixed monster"


def set_label(name: Any) -> str:
    """A set name as ``outcome.set_name`` records it (English, in events and views), in the reader's language."""
    if name == "incomplete monster":
        return t("incomplete monster")
    if name == "mixed monster":
        return t("mixed monster")
    if isinstance(name, str) and name.startswith("full ") and name.endswith(" set"):
        return t("full {monster} set", monster=name[5:-4])
    return str(name)


def scores(state: DrumpState) -> dict[int, int]:
    return {state.players[s]: part_score(state.sides[s].parts) for s in (0, 1)}


def decide(state: DrumpState) -> tuple[list[int], str]:
    """(winners, one-sentence summary) for the position as it stands; winners empty for a draw."""
    winners, why = reason(state)
    return winners, summary_text(why)


def reason(state: DrumpState) -> tuple[list[int], list[Any]]:
    """(winners, why) for the position as it stands: ``why`` is data (a kind and its figures), kept in
    the state and events so :func:`summary_text` can tell it in each reader's language."""
    parts = [state.sides[0].parts, state.sides[1].parts]
    pts = [part_score(parts[0]), part_score(parts[1])]
    drump = [has_drump(parts[0]), has_drump(parts[1])]
    if drump[0] and drump[1]:
        ranks = [set_rank(parts[0]), set_rank(parts[1])]
        if ranks[0] != ranks[1]:
            win = 0 if ranks[0] > ranks[1] else 1
            return [state.players[win]], ["sets", set_name(parts[win]), set_name(parts[1 - win])]
        if pts[0] == pts[1]:
            return [], ["mixed_draw", pts[0]]
        win = 0 if pts[0] > pts[1] else 1
        return [state.players[win]], ["mixed", pts[win], pts[1 - win]]
    if drump[0] or drump[1]:
        win = 0 if drump[0] else 1
        return [state.players[win]], ["drump", set_name(parts[win]), pts[win]]
    if pts[0] == pts[1]:
        return [], ["level", pts[0]]
    win = 0 if pts[0] > pts[1] else 1
    return [state.players[win]], ["points", pts[win], pts[1 - win]]


_SUMMARIES: dict[str, Callable[..., str]] = {
    "sets": lambda won, lost: t(
        "Both hold DRUMP: a {winner} beats a {loser}.", winner=set_label(won), loser=set_label(lost)
    ),
    "mixed_draw": lambda n: tn(
        "Both hold a mixed DRUMP worth {n} point: a draw.", "Both hold a mixed DRUMP worth {n} points: a draw.", n
    ),
    "mixed": lambda n, loser: tn(
        "Both hold a mixed DRUMP: {n} point beat {loser}.",
        "Both hold a mixed DRUMP: {n} points beat {loser}.",
        n,
        loser=loser,
    ),
    "drump": lambda name, n: tn(
        "DRUMP with a {set} ({n} point) wins.", "DRUMP with a {set} ({n} points) wins.", n, set=set_label(name)
    ),
    "level": lambda score: t("No DRUMP; part scores are level at {score}: a draw.", score=score),
    "points": lambda won, lost: t("No DRUMP; part scores {winner} to {loser}.", winner=won, loser=lost),
}


def summary_text(why: Any) -> str:
    """The one-sentence summary of a :func:`reason`, in the reader's language ("" for anything else)."""
    if not isinstance(why, list) or not why or why[0] not in _SUMMARIES:
        return ""
    try:
        return _SUMMARIES[why[0]](*why[1:])
    except TypeError:
        return ""


def final_summary(state: DrumpState) -> str:
    """The summary of a finished game in the reader's language (the stored text for an older state)."""
    try:
        why = json.loads(state.why) if state.why else None
    except ValueError:
        why = None
    return summary_text(why) or state.summary
