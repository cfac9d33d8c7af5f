"""What Mat Goceng's hard AI searches differently (:class:`bot.kernel.module.SearchHints`).

* Playouts take the engine's own modules (:mod:`bot.games.goceng.playout`): the same moves, about 1.5
  times as many a second.
* The battler's answer to Extra Power offers (accept, counter or no help) is left to the normal policy.
  Measured on 1,500 positions of seeded normal-only games (every fifth decision with a choice), hard at 60
  playouts a move, each departure from normal's choice scored by the real game played on from there (normal
  in every seat) after either move: its departures there lost 5.2 games over 20 (3.2 and 2.0 in either half
  of the positions), while those over fights, offers and giving up gained. A sampled deal cannot know what a
  helper would settle for, so the playouts answer an offer against helpers who are not the real ones.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.kernel.contract import Action
from bot.kernel.module import SearchHints

from . import playout

#: Decisions whose every action is one of these are the normal policy's.
NORMAL_ONLY = frozenset({"accept", "counter", "no_help"})


def leave_to_normal(legal: Sequence[Action]) -> bool:
    """True for the battler's answer to offers: every choice is accepting, countering or refusing help."""
    return all(a["type"] in NORMAL_ONLY for a in legal)


HINTS = SearchHints(playout=playout.playout, leave_to_normal=leave_to_normal)
