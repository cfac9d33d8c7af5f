"""At start-up: every live match's timers set again, and what a crash left unshown shown now.

The bot commits before it shows, so a process that died in between leaves
changes stored but never shown. :meth:`Restart.resume` finds them from the
stored marks and shows them, a pause apart, before the bot takes any click.
"""

from __future__ import annotations

import asyncio
import logging

from bot.frontend.delivery.retry import FAILED
from bot.frontend.handlers.announcements import Announcements
from bot.frontend.handlers.answers import Answers
from bot.frontend.handlers.timers import Timers
from bot.frontend.ui.lobby_view import lobby_message
from bot.play.match_types import LiveMatch
from bot.play.matches import Matches
from bot.play.moves import Moves
from bot.play.ownership import Partitions
from bot.play.record import ACTIVE, LOBBY
from bot.play.scheduler import DeadlineScheduler
from bot.store.storage import Storage

log = logging.getLogger(__name__)

#: At start-up, the pause between two matches whose table had to be brought up to date (rate limits).
RESUME_PAUSE = 0.5


class Restart:
    """Brings every live match up to date when the bot starts (given the store, the matches and the announcer)."""

    def __init__(
        self,
        *,
        answers: Answers,
        matches: Matches,
        moves: Moves,
        store: Storage,
        timers: Timers,
        scheduler: DeadlineScheduler,
        announcer: Announcements,
    ) -> None:
        self._answers = answers
        self._matches = matches
        self._moves = moves
        self._store = store
        self._timers = timers
        self._scheduler = scheduler
        self._announcer = announcer

    async def resume(self, partitions: Partitions | None = None) -> int:
        """At start: reload every live match and its timers; whatever fell due while down fires now.

        ``partitions``: only the matches of these (the ones this process serves first when several
        share the database).

        A match whose last committed change was not shown in full (the process
        died between the commit and the announcement) is shown now: its table
        message edited from the stored state (posted again if gone), pings,
        prompts and DMs sent again; a start that never left the lobby message
        becomes the table, with hand DMs. Only those matches touch Discord, a
        pause apart, so a restart stays within the rate limits.
        """
        matches = await self.load(partitions)
        await self.catch_up(matches, partitions)
        return len(matches)

    async def load(self, partitions: Partitions | None = None) -> list[LiveMatch]:
        """Every live match (of ``partitions``) read from the store, and its timers set: clicks can be answered."""
        matches = await self._matches.load_all_live(partitions)
        skipped = self._store.matches.unreadable.reasons() | self._matches.unreadable.reasons()
        if skipped:
            log.warning(
                "%d stored match(es) cannot be read by this build and were skipped, left as stored: %s",
                len(skipped),
                ", ".join(f"#{match_id}" for match_id in sorted(skipped)),
            )
        for live in matches:
            await self._timers.schedule(live)
        return matches

    async def catch_up(self, matches: list[LiveMatch], partitions: Partitions | None = None) -> None:
        """Show what was committed and never shown, match by match (each under its lock), a pause apart; then
        the ends never shown, and whatever fell due."""
        sent = False
        for live in matches:
            if sent:
                await asyncio.sleep(RESUME_PAUSE)
            try:
                sent = await self._catch_up(live.id)
            except Exception:  # one match's trouble must not keep the others (or the bot) down
                log.exception("could not bring match #%s up to date", live.id)
        for record in await self._store.matches.unannounced_finishes(partitions):
            if sent:
                await asyncio.sleep(RESUME_PAUSE)
            sent = True
            try:
                async with self._answers.locked(None, record.id):
                    ended = await self._matches.load(record.id)
                    if ended is not None:
                        await self._announcer.catch_up_end(ended)
            except Exception:
                log.exception("could not show the end of match #%s", record.id)
        await self._store.shown.flush_announced()  # what the catch-up showed, in one sync
        await self._scheduler.run_due()

    async def _catch_up(self, match_id: int) -> bool:
        async with self._answers.locked(None, match_id):
            live = await self._matches.load(match_id)
            if live is not None and live.record.status == LOBBY:
                return await self._redraw_lobby(live)
            if live is None or live.record.status != ACTIVE or live.state is None:
                return False
            if live.record.announced_seq is None:  # started, but the lobby message never became the table
                outcomes = await self._moves.auto_pass(match_id)
                if await self._announcer.refresh_table(live):
                    await self._announcer.announce_start(live, outcomes)
                sent = True
            else:
                sent = await self._announcer.catch_up(live)
            current = await self._matches.load(match_id)
            if current is not None:
                await self._timers.schedule(current)
            return sent

    async def _redraw_lobby(self, live: LiveMatch) -> bool:
        """A seat change may be committed but never drawn (no marker says which): each lobby is redrawn once."""
        if live.record.message_id is None:  # never posted, or its id never stored: its buttons still work
            return False
        message = self._announcer.channel(live).get_partial_message(live.record.message_id)
        async with self._answers.in_channel(live):
            rendered = lobby_message(live)
        try:
            await message.edit(**rendered.edit_kwargs())
        except FAILED as exc:
            log.warning("could not redraw the lobby of match #%s: %s", live.id, exc)
        return True
