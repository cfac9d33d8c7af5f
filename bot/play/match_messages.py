"""What a match has shown in Discord, kept with it: its table message, what was announced, its DMs.

Mixed into :class:`bot.play.matches.MatchService`, which provides ``storage``. These records
are what a restart reads to carry on from the messages players already have (edit the
table, fold old prompts) instead of posting everything again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.kernel.contract import PlayerId
from bot.play.match_types import LiveMatch

if TYPE_CHECKING:
    from bot.play.matches import MatchService


class MatchMessagesMixin:
    async def set_table_message(self: "MatchService", live: LiveMatch, message_id: int | None) -> None:
        """The match's one public message (lobby, then table); None when it has to be posted again."""
        live.record.message_id = message_id
        if message_id is not None:
            await self.storage.set_message(live.id, message_id)

    def mark_announced(self: "MatchService", live: LiveMatch, seq: int | None = None) -> None:
        """The table, pings and DMs now show the match as stored (up to move ``seq``): a restart has nothing to redo."""
        if seq is None:
            seq = live.record.seq
        elif live.record.announced_seq is not None and live.record.announced_seq >= seq:
            return  # a later move was announced already
        if live.record.announced_seq != seq:
            live.record.announced_seq = seq
            self.storage.mark_announced(live.id, seq)

    async def mark_reminded(self: "MatchService", live: LiveMatch) -> bool:
        """Record that the pending decision's reminder goes out; False if it already had."""
        if not await self.storage.mark_reminded(live.id):
            return False
        live.record.reminded = True
        return True

    async def sent_messages(self: "MatchService", live: LiveMatch, kind: str) -> dict[int, tuple[int, int]]:
        """user id -> (channel id, message id) of one kind of message the bot keeps for a match (a DM, a ping).

        Looked up several times a move (each hand DM, prompt and ping finds its message), so for a live
        match each kind is read once and then kept as this service writes it (``_sent``): the bot is the
        only writer, and statements reach the database in the order they are given, so a read given
        before a write completes before it (the write then updates what the read kept) and one given
        after it sees it. A match that is over is read each time, and keeps nothing.
        """
        if live.id not in self._cache:
            return await self.storage.user_messages(live.id, kind)
        kept = self._sent.setdefault(live.id, {})
        if kind not in kept:
            kept[kind] = await self.storage.user_messages(live.id, kind)
        return dict(kept[kind])

    async def remember_message(self: "MatchService", live: LiveMatch, kind: str, user_id: int, channel_id: int,
                               message_id: int) -> None:
        await self.storage.save_user_message(live.id, kind, user_id, channel_id, message_id)
        kept = self._sent.get(live.id, {}).get(kind)
        if kept is not None:
            kept[user_id] = (channel_id, message_id)

    async def forget_message(self: "MatchService", live: LiveMatch, kind: str, user_id: int) -> None:
        await self.storage.forget_user_message(live.id, kind, user_id)
        kept = self._sent.get(live.id, {}).get(kind)
        if kept is not None:
            kept.pop(user_id, None)

    async def note_dm_closed(self: "MatchService", live: LiveMatch, user_id: PlayerId) -> None:
        if user_id not in live.record.dm_closed:
            live.record.dm_closed.append(user_id)
            await self.storage.mark_dm_closed(live.id, user_id)
