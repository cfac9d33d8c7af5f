"""What leaving a running match means for its result and for the seat: pure helpers for the platform.

The ruling (RULINGS, "All games"): in a two-player match conceding gives the
other player the win; in a larger match the match goes on without the leaver,
who counts as a loser, either because the game removes them (Drama Pukul 7
eliminates their hero) or because an AI plays their seat to the end (Laga
Jakarta, Mat Goceng). An AI seat can still come out on top, so the final
result is corrected here rather than in each engine. No discord, no storage.
"""

from __future__ import annotations

from typing import Literal, Mapping, Sequence

from bot.kernel.i18n import t, tn
from bot.kernel.contract import PlayerId, Result, Rules
from bot.kernel.module import GameModule

LeaveKind = Literal["concede", "eliminate", "ai"]


def leave_kind(game: GameModule, player_count: int) -> LeaveKind:
    """How a leave is handled: "concede" (two players: the other wins), "eliminate" (the game
    overrides ``player_left``, i.e. Drama), or "ai" (the seat stays and the AI plays it)."""
    if player_count <= 2:
        return "concede"
    if type(game.rules).player_left is not Rules.player_left:
        return "eliminate"
    return "ai"


def final_result(result: Result, left: Sequence[PlayerId], names: Mapping[PlayerId, str] | None = None) -> Result:
    """The result that counts once leavers are losers.

    Leavers are removed from ``winners``. If that empties a list that had a
    winner, the best-scoring players who stayed win (ties share the win); with
    no scores to go by nobody wins. A draw or a game that had no winner stays
    so: leaving never turns them into a win. The summary says who left.
    ``names`` (optional) labels the leavers; otherwise their ids are used.
    """
    gone = set(left)
    if not gone:  # nobody left: the engine's result stands as it is
        return result
    winners = tuple(w for w in result.winners if w not in gone)
    note = ""
    if result.winners and not winners:
        stayed = {p: s for p, s in result.scores.items() if p not in gone}
        if stayed:
            best = max(stayed.values())
            winners = tuple(p for p, s in stayed.items() if s == best)
            note = (t("The winner left, so the best score among those who stayed wins.") if len(result.winners) == 1
                    else t("Every winner left, so the best score among those who stayed wins."))
        else:
            note = (t("The winner left, so nobody wins.") if len(result.winners) == 1
                    else t("Every winner left, so nobody wins."))
    label = names or {}
    leavers = list(dict.fromkeys(left))  # in the order they left, each once
    who = ", ".join(label[p] if p in label else t("Player {player}", player=p) for p in leavers)
    gone_line = tn("{who} left the match and counts as a loser.", "{who} left the match and count as losers.",
                   len(leavers), who=who)
    summary = " ".join(x for x in (result.summary, gone_line, note) if x)
    return Result(winners=winners, scores=dict(result.scores), summary=summary, draw=result.draw)


__all__ = ["LeaveKind", "final_result", "leave_kind"]
