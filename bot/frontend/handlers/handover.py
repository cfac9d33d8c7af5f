"""Partitions of the matches coming to this process and going from it (when several share one database).

Taking a partition over is a restart for its matches alone (:class:`Restart`): they are loaded
from the store and their timers set, then what was committed and never shown is shown. At start-up
that is done before any click is taken, as after a restart. Later (another process died or handed
the partition over) the process serves the partition as soon as its matches are loaded, and shows
what was never shown in the background, match by match under each match's lock: a click on a match
waits for its catch-up, and the others are answered meanwhile, so a failover takes well under a second
however many matches there are to bring up to date. Handing
one over lets each of its matches finish what is in flight (the handler holding its lock, its
table edit and hand DMs on their way), stores the announced marks that wait, then forgets
everything kept about it here: its state, its timer, what its messages were, its pickers and
prompts. Nothing is sent: the messages stay as they are, and the new owner carries on from them.
"""

from __future__ import annotations

import asyncio
import logging

from bot.frontend.delivery.announcer import Announcer
from bot.frontend.handlers.answers import Answers
from bot.frontend.handlers.restart import Restart
from bot.frontend.handlers.timers import Timers
from bot.play.matches import Matches
from bot.play.ownership import Partitions
from bot.play.seat_votes import SeatVotes
from bot.play.settings import ServerSettings
from bot.store.storage import Storage

log = logging.getLogger(__name__)

#: Seconds a match's table edit and hand DMs may take to go out before it is handed over all the same.
SETTLE_LIMIT = 2.0


class MatchHandover:
    """What this process does as partitions come and go (the ``Handover`` of :mod:`bot.play.ownership`)."""

    def __init__(
        self,
        *,
        count: int,
        restart: Restart,
        answers: Answers,
        matches: Matches,
        timers: Timers,
        announcer: Announcer,
        votes: SeatVotes,
        settings: ServerSettings,
        store: Storage,
    ) -> None:
        self._count = count
        self._restart = restart
        self._answers = answers
        self._matches = matches
        self._timers = timers
        self._announcer = announcer
        self._votes = votes
        self._settings = settings
        self._store = store
        #: Whether the process takes clicks already (see :meth:`started`).
        self._started = False
        self._catching_up: set[asyncio.Task[None]] = set()

    async def take_over(self, partitions: frozenset[int]) -> None:
        every = len(partitions) == self._count  # alone, or the first to start: no need to pick matches out
        taking = None if every else Partitions(partitions, self._count)
        if not self._started:  # at start-up, before any click: everything up to date first
            resumed = await self._restart.resume(taking)
        else:
            matches = await self._restart.load(taking)
            resumed = len(matches)
            task = asyncio.get_running_loop().create_task(
                self._restart.catch_up(matches, taking), name=f"game:catch-up:{sorted(partitions)}"
            )
            self._catching_up.add(task)
            task.add_done_callback(self._catching_up.discard)
        log.info("took over %d live matches of partitions %s", resumed, "all" if every else sorted(partitions))

    def started(self) -> None:
        """The process takes clicks from now on: a partition taken over later is served as soon as its matches are
        loaded, and brought up to date in the background."""
        self._started = True

    async def hand_over(self, partitions: frozenset[int]) -> None:
        going = Partitions(partitions, self._count)
        leaving = [live for live in self._matches.live() if going.hold(live.record.guild_id)]
        for live in leaving:
            async with self._answers.locked(None, live.id):  # what a handler was doing with it is done
                await self._settled(live.id)
                self._timers.unset(live.id)  # its wake-up, and an AI answer kept for it
                self._announcer.release(live)
                self._votes.forget_match(live.id)
                self._matches.forget(live.id)
        for guild_id in {live.record.guild_id for live in leaving}:
            self._settings.forget(guild_id)  # read afresh should they come back
        await self._store.shown.flush_announced()  # the new owner reads what was shown from the store
        log.info("handed over %d live matches of partitions %s", len(leaving), sorted(partitions))

    async def _settled(self, match_id: int) -> None:
        """Wait (a little) for the match's table edit and hand DMs on their way: they show what it committed."""
        for _ in range(int(SETTLE_LIMIT / 0.05)):
            if not self._announcer.busy(match_id):
                return
            await asyncio.sleep(0.05)
        log.warning("match #%s handed over with a table edit or hand DM still on its way", match_id)


__all__ = ["MatchHandover"]
