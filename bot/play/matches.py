"""The live matches in memory: each loaded once, kept while it is live, and the lock that orders its changes.

Live states are cached after their first load, so a move costs one engine ``apply``
and one stored write, not a JSON parse of the state. If a commit fails, the cached
match is dropped and read again from the store, which stays the truth. A stored match this build
cannot read (its game is missing, its state does not decode) is skipped, logged once and left as
stored: it must not keep the others from resuming. Every change
to a match (and its announcement) happens under that match's lock; the front end
takes the locks, one layer only.
"""

from __future__ import annotations

import asyncio

from bot.kernel.module import get_game
from bot.play.match_locks import MatchLocks
from bot.play.match_types import LiveMatch
from bot.play.ownership import Partitions
from bot.play.ports import MatchStore
from bot.play.record import MatchRecord, UnreadableMatch, UnreadableMatches


class Matches:
    """Loads, caches and forgets matches; owns the per-match locks."""

    def __init__(self, store: MatchStore) -> None:
        self.store = store
        self._locks = MatchLocks()
        self._cache: dict[int, LiveMatch] = {}
        #: Stored matches this build cannot play: skipped, as if there were none.
        self.unreadable = UnreadableMatches()

    def lock(self, match_id: int) -> asyncio.Lock:
        """The lock that serialises every change (and its announcement) to one match."""
        return self._locks.get(match_id)

    async def load(self, match_id: int) -> LiveMatch | None:
        """The match as stored (a live one from memory after its first load); None if there is none."""
        cached = self._cache.get(match_id)
        if cached is not None:
            return cached
        record = await self.store.get_match(match_id)
        return self._readable(record) if record is not None else None

    def _readable(self, record: MatchRecord) -> LiveMatch | None:
        """The record as a live match, or None (noted once) if this build cannot read it."""
        try:
            return self.remember(record)
        except UnreadableMatch as error:
            self.unreadable.note(error)
            return None

    def remember(self, record: MatchRecord) -> LiveMatch:
        """A stored record as a live match (its state decoded), kept in memory while the match is live.

        UnreadableMatch if its game is not in this build or its state does not decode."""
        try:
            game = get_game(record.game)
        except KeyError:
            raise UnreadableMatch(record.id, f"its game {record.game!r} is not in this build") from None
        try:
            state = game.rules.state_from_json(record.state) if record.state else None
        except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
            raise UnreadableMatch(record.id, f"its state does not decode: {exc!r}") from exc
        live = LiveMatch(record, game, state, last_move_at=record.updated_at)
        if record.is_live:
            self._cache[record.id] = live
        else:
            self.forget(record.id)
        return live

    async def reload(self, match_id: int) -> LiveMatch | None:
        """The match as stored, dropping what memory held (after a failed commit, or an ending)."""
        self._cache.pop(match_id, None)
        return await self.load(match_id)

    async def in_channel(self, channel_id: int) -> LiveMatch | None:
        """The channel's live match (a lobby or one being played), if any."""
        for live in self._cache.values():
            if live.record.channel_id == channel_id and live.record.is_live:
                return live
        record = await self.store.live_match_in_channel(channel_id)
        return self._readable(record) if record else None

    async def load_all_live(self, partitions: Partitions | None = None) -> list[LiveMatch]:
        """Every live match this build can read (at start-up, or of the partitions this process takes over), so
        their buttons and deadlines work again."""
        loaded = (self._readable(record) for record in await self.store.live_matches(partitions))
        return [live for live in loaded if live is not None]

    def cached(self, match_id: int) -> LiveMatch | None:
        """The live match if memory holds it (no read)."""
        return self._cache.get(match_id)

    def live(self) -> list[LiveMatch]:
        """Every match memory holds (the live ones)."""
        return list(self._cache.values())

    def forget(self, match_id: int) -> None:
        """The match is over (or left this process): nothing of it is kept in memory."""
        self._cache.pop(match_id, None)

    def __len__(self) -> int:
        return len(self._cache)


__all__ = ["Matches"]
