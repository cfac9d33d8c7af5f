"""The table's vote to hand an absent player's seat to the AI at once, rather than wait out their clock.

The other people at the table (seated, not gone, not covered by the AI already) vote; a majority of them
hands the seat over for as long as its player stays away: their next click takes it back, as after a
timeout. Votes are counted for one decision (the one the reminder was about) and kept in memory only: a
vote is a moment's agreement, and a restart or the next decision starts a new count.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.kernel.contract import PlayerId
from bot.kernel.wording import say
from bot.play.match_types import LiveMatch, MatchError, StaleTurn, is_ai
from bot.play.matches import Matches
from bot.play.ports import MatchStore
from bot.play.record import ACTIVE


@dataclass(frozen=True)
class Tally:
    """Where a vote stands: votes for, how many it takes, and whether the seat was handed over."""

    votes: int
    needed: int
    handed_over: bool


class SeatVotes:
    """Counts votes per (match, decision, absent player), and hands the seat over on a majority."""

    def __init__(self, matches: Matches, store: MatchStore) -> None:
        self._matches = matches
        self._store = store
        self._votes: dict[tuple[int, int, PlayerId], set[PlayerId]] = {}

    async def vote(self, match_id: int, decision: int, voter: PlayerId, absent: PlayerId) -> Tally:
        """``voter`` votes to let the AI play ``absent``'s seat now. Call with the match's lock held."""
        live = await self._matches.load(match_id)
        if live is None or live.record.status != ACTIVE or live.state is None:
            raise MatchError(say("This match is over."))
        if live.decision != decision or absent not in live.waiting.actors:
            raise StaleTurn()
        voters = eligible_voters(live, absent)
        if voter not in voters:
            raise MatchError(say("Only the other people at the table can vote on this seat."))
        if live.ai_controls(absent):
            return Tally(len(voters), majority(len(voters)), True)
        counted = self._votes.setdefault((match_id, decision, absent), set())
        counted.add(voter)
        for key in [k for k in self._votes if k[0] == match_id and k[1] != decision]:
            del self._votes[key]  # an older decision's count is over
        needed = majority(len(voters))
        if len(counted) < needed:
            return Tally(len(counted), needed, False)
        rec = live.record
        autopilot = [*rec.autopilot, absent]
        await self._store.save_idle(match_id, rec.timeouts, autopilot)  # stored first, then held
        rec.autopilot = autopilot
        del self._votes[(match_id, decision, absent)]
        return Tally(len(counted), needed, True)

    def forget_match(self, match_id: int) -> None:
        for key in [k for k in self._votes if k[0] == match_id]:
            del self._votes[key]


def eligible_voters(live: LiveMatch, absent: PlayerId) -> set[PlayerId]:
    """The people who may vote on ``absent``'s seat: everyone else seated, present and playing themselves."""
    rec = live.record
    return {p for p in rec.players if not is_ai(p) and p != absent and p not in rec.left and p not in rec.autopilot}


def majority(voters: int) -> int:
    """Votes it takes: more than half of those who may vote (one, at a table of two)."""
    return voters // 2 + 1


__all__ = ["SeatVotes", "Tally", "eligible_voters", "majority"]
