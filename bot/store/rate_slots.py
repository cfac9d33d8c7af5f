"""The bot token's global rate as one ledger in the database, shared by every process using the token.

Discord's global limit (50 requests a second) is the token's, however many processes use it.
Split into fixed shares, each process would pace at its share alone: the rate one process
leaves unused is lost to the others, and a queue served at half the rate waits twice as long
at the same load, so two processes would hold fewer live matches than one (measured: the
capacity benchmark's 700 matches). Instead the processes take their slots from one generic
cell rate algorithm kept in a row of ``rate_slots``: each slot is one atomic ``UPDATE …
RETURNING`` moving the row's theoretical arrival time on, so together they never go faster
than the rate and its burst, and any of them may use every slot the others do not.

A process asks for one slot at a time, for the most pressing request it has waiting
(``bot.frontend.delivery.ratelimit``), so a slot reserved ahead is at most a few intervals
ahead. The order by priority holds across the processes as it does in one: the row notes
when a slot was last taken for an urgent request and for a news one by a process with more of
them waiting, and a slot for a less pressing request is refused while that is recent (a few
intervals); background requests take a slot only when one is free now. News requests (a hand
DM showing someone else's move) go oldest first across the processes: the row advertises the
longest-waiting one, and a process with younger ones lets it go first.
Without that, two busy processes would simply take turns, and one's hand DMs would go ahead of
the other's table edits.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

from bot.store.sql import SqlDatabase

#: A process that took a slot at a more pressing priority with more of those waiting, this many intervals ago or
#: less, still has some waiting as far as the others know (it takes one every interval or two while it has).
STALE_INTERVALS = 3

#: Whether this take advertises this process's news requests: it has more after this one, and either the advert is
#: its own already, or nobody's is recent, or its next one waits longer than the one advertised.
_ADVERTISES = ":priority = 1 AND :more AND (news_by = :me OR news_at < :now - :stale OR news_oldest >= :next_oldest)"
#: Take the next slot, at a priority (0 the most pressing): queued (the slot after the last one taken), or only
#: when one is free now. Refused while another process, taking a slot at a more pressing priority within
#: ``stale`` seconds, said it had more of those waiting (the token serves them first, whoever has them); and a
#: news slot is refused while another process advertises a news request that has waited longer (by more than
#: ``margin``): news requests go oldest first across the processes, as in one.
_TAKE = (
    "UPDATE rate_slots SET tat = CASE WHEN tat > :now THEN tat ELSE :now END + :interval,"
    " urgent_at = CASE WHEN :priority = 0 AND :more THEN :now ELSE urgent_at END,"
    f" news_at = CASE WHEN {_ADVERTISES} THEN :now"
    " WHEN :priority = 1 AND NOT :more AND news_by = :me THEN 0 ELSE news_at END,"
    f" news_oldest = CASE WHEN {_ADVERTISES} THEN :next_oldest ELSE news_oldest END,"
    f" news_by = CASE WHEN {_ADVERTISES} THEN :me ELSE news_by END"
    " WHERE name = 'global' AND (:queue OR tat - :tolerance <= :now)"
    " AND (:priority = 0 OR urgent_at < :now - :stale)"
    " AND (:priority <> 1 OR news_by = :me OR news_at < :now - :stale OR news_oldest + :margin >= :oldest)"
    " AND (:priority <= 1 OR news_at < :now - :stale)"
    " RETURNING tat"
)
#: Give a slot taken and not used back, unless another was taken after it.
_GIVE_BACK = "UPDATE rate_slots SET tat = tat - ? WHERE name = 'global' AND tat = ?"


class RateSlots:
    """The shared ledger of the token's request slots (see the module)."""

    def __init__(self, database: SqlDatabase, clock: Callable[[], float]) -> None:
        self._database = database
        #: Seconds on a clock every process shares (the wall clock; a benchmark's loop clock).
        self.now = clock
        self._last_tat: float | None = None
        #: The ledger's theoretical arrival time as this process last saw it.
        self._seen_tat = 0.0
        #: This process, as its adverts name it.
        self.me = uuid.uuid4().hex

    async def take(
        self,
        interval: float,
        tolerance: float,
        priority: int,
        *,
        queue: bool,
        oldest: float | None = None,
        next_oldest: float | None = None,
    ) -> float | None:
        """Take a slot of a rate of one per ``interval`` seconds with ``tolerance`` seconds of burst, for a request
        of ``priority`` (0 the most pressing): the second (on :attr:`now`'s clock) it is due, now or later. None
        when ``queue`` is False and none is free now, or when another process took one at a more pressing
        priority within the last few intervals with ``more`` of them waiting (ask again an interval later).
        ``oldest``: when the request the slot is for began to wait (on :attr:`now`'s clock; now if None);
        ``next_oldest``: when the next one of ``priority`` waiting here began to wait (None: no more wait).

        StoreUnavailable when the database cannot be reached (the caller paces on its own meanwhile)."""
        now = self.now()
        params = {
            "now": now,
            "interval": interval,
            "priority": priority,
            "queue": queue,
            "tolerance": tolerance,
            "stale": STALE_INTERVALS * interval,
            "margin": interval,
            "more": next_oldest is not None,
            "me": self.me,
            "oldest": now if oldest is None else oldest,
            "next_oldest": next_oldest,
        }
        rows = await self._database.rows(_TAKE, params)
        if not rows:  # busy for this priority: as far as this process knows, for a slot more at least
            self._seen_tat = max(self._seen_tat, now + interval)
            return None
        tat = float(rows[0][0])
        self._last_tat = self._seen_tat = tat
        return max(now, tat - interval - tolerance)

    def free_now(self, tolerance: float) -> bool:
        """Whether a slot is likely free now, by the ledger as this process last saw it (no round trip: for work
        that may as well wait when the token is busy, such as a hand DM catching up its player's own moves)."""
        return self._seen_tat - tolerance <= self.now()

    async def give_back(self, interval: float) -> None:
        """The slot last taken here was not used: free it, unless a later one was taken already."""
        if self._last_tat is not None:
            await self._database.write(_GIVE_BACK, (interval, self._last_tat))
            self._last_tat = None


__all__ = ["RateSlots"]
