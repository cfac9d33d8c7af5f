"""What a match has shown in Discord, kept with it: its table message, what was announced, its DMs and pings.

These records are what a restart reads to carry on from the messages players already
have (edit the table, fold old prompts, delete the old ping) instead of posting
everything again. They are Discord's, not the match's, so the front end keeps them,
through the narrow part of the store it needs (:class:`ShownStore`).
"""

from __future__ import annotations

from typing import Protocol

from bot.kernel.contract import PlayerId
from bot.play.match_types import LiveMatch


class ShownStore(Protocol):
    """What the store keeps of the messages a match showed."""

    async def set_message(self, match_id: int, message_id: int) -> None: ...
    def mark_announced(self, match_id: int, seq: int) -> None: ...
    async def user_messages(self, match_id: int, kind: str) -> dict[int, tuple[int, int]]: ...
    async def save_user_message(
        self, match_id: int, kind: str, user_id: int, channel_id: int, message_id: int
    ) -> None: ...
    async def forget_user_message(self, match_id: int, kind: str, user_id: int) -> None: ...
    async def mark_dm_closed(self, match_id: int, user_id: int) -> None: ...


class ShownMessages:
    """The messages each match showed (its table, hand DMs, prompts, ping), read once per live match and kept."""

    def __init__(self, store: ShownStore) -> None:
        self._store = store
        #: match -> kind -> user -> (channel, message), for live matches (see ``sent``).
        self._sent: dict[int, dict[str, dict[int, tuple[int, int]]]] = {}

    async def set_table_message(self, live: LiveMatch, message_id: int | None) -> None:
        """The match's one public message (lobby, then table); None when it has to be posted again."""
        live.record.message_id = message_id
        if message_id is not None:
            await self._store.set_message(live.id, message_id)

    def mark_announced(self, live: LiveMatch, seq: int | None = None) -> None:
        """The table, pings and DMs now show the match as stored (up to move ``seq``): a restart has nothing to redo."""
        if seq is None:
            seq = live.record.seq
        elif live.record.announced_seq is not None and live.record.announced_seq >= seq:
            return  # a later move was announced already
        if live.record.announced_seq != seq:
            live.record.announced_seq = seq
            self._store.mark_announced(live.id, seq)

    async def sent(self, live: LiveMatch, kind: str) -> dict[int, tuple[int, int]]:
        """user id -> (channel id, message id) of one kind of message the bot keeps for a match (a DM, a ping).

        Looked up several times a move (each hand DM, prompt and ping finds its message), so for a live
        match each kind is read once and then kept as this writes it: the bot is the only writer, and
        statements reach the database in the order they are given, so a read given before a write
        completes before it (the write then updates what the read kept) and one given after it sees it.
        A match that is over is read each time, and keeps nothing.
        """
        if not live.record.is_live:
            self._sent.pop(live.id, None)
            return await self._store.user_messages(live.id, kind)
        kept = self._sent.setdefault(live.id, {})
        if kind not in kept:
            kept[kind] = await self._store.user_messages(live.id, kind)
        return dict(kept[kind])

    async def remember(self, live: LiveMatch, kind: str, user_id: int, channel_id: int, message_id: int) -> None:
        await self._store.save_user_message(live.id, kind, user_id, channel_id, message_id)
        kept = self._sent.get(live.id, {}).get(kind)
        if kept is not None:
            kept[user_id] = (channel_id, message_id)

    async def forget(self, live: LiveMatch, kind: str, user_id: int) -> None:
        await self._store.forget_user_message(live.id, kind, user_id)
        kept = self._sent.get(live.id, {}).get(kind)
        if kept is not None:
            kept.pop(user_id, None)

    async def note_dm_closed(self, live: LiveMatch, user_id: PlayerId) -> None:
        """The player's DMs are closed: the channel tells them to use My hand (and no DM is tried again)."""
        if user_id not in live.record.dm_closed:
            live.record.dm_closed.append(user_id)
            await self._store.mark_dm_closed(live.id, user_id)

    def forget_match(self, match_id: int) -> None:
        """The match is over: nothing of it is kept."""
        self._sent.pop(match_id, None)

    def held(self) -> int:
        """How many matches' messages are kept (for the benchmark's memory figures)."""
        return len(self._sent)


__all__ = ["ShownMessages", "ShownStore"]
