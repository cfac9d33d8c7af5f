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
intervals); background requests take a slot only when one is free now.
Without that, two busy processes would simply take turns, and one's hand DMs would go ahead of
the other's table edits.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.store.sql import SqlDatabase

#: A process that took a slot at a more pressing priority with more of those waiting, this many intervals ago or
#: less, still has some waiting as far as the others know (it takes one every interval or two while it has).
STALE_INTERVALS = 3

#: Take the next slot, at a priority (0 the most pressing): queued (the slot after the last one taken), or only
#: when one is free now; and refused while another process, taking a slot at a more pressing priority within
#: ``stale`` seconds, said it had ``more`` of those waiting (the token serves them first, whoever has them).
_TAKE = (
    "UPDATE rate_slots SET tat = CASE WHEN tat > :now THEN tat ELSE :now END + :interval,"
    " urgent_at = CASE WHEN :priority = 0 AND :more THEN :now ELSE urgent_at END,"
    " news_at = CASE WHEN :priority = 1 AND :more THEN :now ELSE news_at END"
    " WHERE name = 'global' AND (:queue OR tat - :tolerance <= :now)"
    " AND (:priority = 0 OR urgent_at < :now - :stale) AND (:priority <= 1 OR news_at < :now - :stale)"
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

    async def take(
        self, interval: float, tolerance: float, priority: int, *, queue: bool, more: bool = False
    ) -> float | None:
        """Take a slot of a rate of one per ``interval`` seconds with ``tolerance`` seconds of burst, for a request
        of ``priority`` (0 the most pressing): the second (on :attr:`now`'s clock) it is due, now or later. None
        when ``queue`` is False and none is free now, or when another process took one at a more pressing
        priority within the last few intervals with ``more`` of them waiting (ask again an interval later).
        ``more``: this process has more requests of ``priority`` waiting after this one.

        StoreUnavailable when the database cannot be reached (the caller paces on its own meanwhile)."""
        now = self.now()
        params = {
            "now": now,
            "interval": interval,
            "priority": priority,
            "queue": queue,
            "tolerance": tolerance,
            "stale": STALE_INTERVALS * interval,
            "more": more,
        }
        rows = await self._database.rows(_TAKE, params)
        if not rows:
            return None
        tat = float(rows[0][0])
        self._last_tat = tat
        return max(now, tat - interval - tolerance)

    async def give_back(self, interval: float) -> None:
        """The slot last taken here was not used: free it, unless a later one was taken already."""
        if self._last_tat is not None:
            await self._database.write(_GIVE_BACK, (interval, self._last_tat))
            self._last_tat = None


__all__ = ["RateSlots"]
