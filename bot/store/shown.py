"""What each match showed in Discord, stored with it: its table message, its DMs and ping, what was announced.

The front end's records (:class:`bot.frontend.delivery.shown.ShownStore`): a restart reads
them to carry on from the messages players already have instead of posting everything
again. Announced marks are stored a moment later, many at once (:mod:`bot.store.announced_marks`).
"""

from __future__ import annotations

import json

from bot.store.announced_marks import AnnouncedMarks
from bot.store.matches import dump
from bot.store.sql import SqlDatabase


class ShownRows:
    """Message ids per match and user, the table message, closed DMs and the announced marks."""

    def __init__(self, database: SqlDatabase) -> None:
        self._database = database
        self._announced = AnnouncedMarks(self._store_announced)

    async def set_message(self, match_id: int, message_id: int) -> None:
        """The match's one public message (lobby, then turn message)."""
        await self._database.write("UPDATE matches SET message_id = ? WHERE id = ?", (message_id, match_id))

    def mark_announced(self, match_id: int, seq: int) -> None:
        """Everything about move ``seq`` went out (table, pings, DMs): a restart need not redo it.

        Stored a moment later with the other marks of that moment (see :mod:`bot.store.announced_marks`);
        this store's reads see it at once.
        """
        self._announced.mark(match_id, seq)

    def waiting_mark(self, match_id: int) -> int | None:
        """The announced mark of ``match_id`` not stored yet, if any (the match rows read it as stored)."""
        return self._announced.waiting(match_id)

    async def flush_announced(self) -> None:
        """Store the waiting announced marks now (after a restart's catch-up: one sync for them all)."""
        await self._announced.flush()

    async def close(self) -> None:
        """Store what waits, now (before the database closes); later marks are dropped."""
        await self._announced.close()

    async def _store_announced(self, marks: dict[int, int]) -> None:
        rows = [(seq, match_id) for match_id, seq in marks.items()]
        sql = "UPDATE matches SET announced_seq = ? WHERE id = ?"
        if len(rows) == 1:
            await self._database.write(sql, rows[0])
            return
        async with self._database.transaction():
            await self._database.run_many(sql, rows)

    async def mark_dm_closed(self, match_id: int, user_id: int) -> None:
        found = await self._database.rows("SELECT dm_closed FROM matches WHERE id = ?", (match_id,))
        if not found:
            return
        closed = [int(u) for u in json.loads(found[0]["dm_closed"])]
        if user_id in closed:
            return
        await self._database.write(
            "UPDATE matches SET dm_closed = ? WHERE id = ?", (dump([*closed, user_id]), match_id)
        )

    async def save_user_message(self, match_id: int, kind: str, user_id: int, channel_id: int, message_id: int) -> None:
        await self._database.write(
            "INSERT INTO match_messages (match_id, kind, user_id, channel_id, message_id) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (match_id, kind, user_id)"
            " DO UPDATE SET channel_id = excluded.channel_id, message_id = excluded.message_id",
            (match_id, kind, user_id, channel_id, message_id),
        )

    async def forget_user_message(self, match_id: int, kind: str, user_id: int) -> None:
        await self._database.write(
            "DELETE FROM match_messages WHERE match_id = ? AND kind = ? AND user_id = ?",
            (match_id, kind, user_id),
        )

    async def user_messages(self, match_id: int, kind: str) -> dict[int, tuple[int, int]]:
        """user id -> (channel id, message id) for one kind of per-user message of a match."""
        rows = await self._database.rows(
            "SELECT user_id, channel_id, message_id FROM match_messages WHERE match_id = ? AND kind = ?",
            (match_id, kind),
        )
        return {r["user_id"]: (r["channel_id"], r["message_id"]) for r in rows}


__all__ = ["ShownRows"]
