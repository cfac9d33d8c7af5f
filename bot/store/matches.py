"""The matches table: what the match service reads and writes of each match (its :class:`~bot.play.ports.MatchStore`).

An accepted move writes the new state and its log row in one statement, guarded by the
expected sequence number (a trigger writes the log row inside it, see migration 3), so a
move is either fully stored or not at all, and a stale or doubled move can never be stored
twice. A match read here shows the announced mark still waiting to be stored
(:mod:`bot.store.announced_marks`) as stored.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from bot.play.ownership import Partitions
from bot.play.record import (
    ACTIVE,
    FINISHED,
    LOBBY,
    ChannelBusy,
    LoggedAction,
    MatchRecord,
    StaleMove,
    StoreUnavailable,
    UnreadableMatch,
    UnreadableMatches,
)
from bot.store.sql import Conflict, Row, SqlDatabase

T = TypeVar("T")


def dump(value: Any) -> str:
    """Compact JSON, as every column holding a list or a mapping stores it."""
    return json.dumps(value, separators=(",", ":"))


def record_from_row(row: Row) -> MatchRecord:
    """One row of ``matches``, decoded."""
    return MatchRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game=row["game"],
        status=row["status"],
        host_id=row["host_id"],
        players=json.loads(row["players"]),
        names={int(k): v for k, v in json.loads(row["names"]).items()},
        options=json.loads(row["options"]),
        seed=row["seed"],
        state=row["state"],
        seq=row["seq"],
        result=json.loads(row["result"]) if row["result"] else None,
        end_reason=row["end_reason"],
        message_id=row["message_id"],
        deadline=row["deadline"],
        dm_closed=json.loads(row["dm_closed"]),
        recent=json.loads(row["recent"]),
        decision_started=row["decision_started"],
        reminded=bool(row["reminded"]),
        timeouts={int(k): v for k, v in json.loads(row["timeouts"]).items()},
        autopilot=json.loads(row["autopilot"]),
        decision_seq=row["decision_seq"],
        table_options=json.loads(row["table_options"]),
        left=json.loads(row["left_players"]),
        skipping=json.loads(row["skipping"]),
        absent=json.loads(row["absent"]),
        announced_seq=row["announced_seq"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
    )


#: One accepted move. ``status`` is set only by the move that ends the match: SQLite rewrites the
#: index entries of every column in the SET list, same value or not, and ``status`` is in three
#: indexes (measured: 6 pages to the WAL a move with it, 3 without).
_MOVE_SET = (
    "UPDATE matches SET state = ?, seq = ?, deadline = ?, result = ?, recent = ?,"
    " end_reason = ?, updated_at = ?, timeouts = ?, autopilot = ?, last_player = ?, last_action = ?,"
    " decision_started = CASE WHEN ? THEN ? ELSE decision_started END,"
    " reminded = CASE WHEN ? THEN 0 ELSE reminded END,"
    " decision_seq = CASE WHEN ? THEN ? ELSE decision_seq END, skipping = ?, absent = ?,"
    " left_players = COALESCE(?, left_players)"
)
_MOVE_WHERE = " WHERE id = ? AND seq = ? AND status = ?"
_MOVE = _MOVE_SET + _MOVE_WHERE
_FINISHING_MOVE = _MOVE_SET + ", status = ?" + _MOVE_WHERE


def _of(partitions: Partitions | None) -> tuple[str, tuple[int, ...]]:
    """The condition (to add with AND) keeping the matches of ``partitions`` (see ``partition_of``), and its values."""
    if partitions is None:
        return "", ()
    numbers = tuple(sorted(partitions.numbers))
    if not numbers:
        return " AND 0 = 1", ()
    marks = ", ".join("?" * len(numbers))
    return f" AND ((guild_id >> 22) % ?) IN ({marks})", (partitions.count, *numbers)


class MatchRows:
    """Matches and their action log, as the match service stores them."""

    def __init__(self, database: SqlDatabase, waiting_mark: Callable[[int], int | None]) -> None:
        self._database = database
        #: The announced mark of a match not stored yet, if any (see the module).
        self._waiting_mark = waiting_mark
        #: Rows that could not be decoded: skipped by every read, left as they are.
        self.unreadable = UnreadableMatches()

    async def _fetch_matches(self, where: str, params: tuple[Any, ...]) -> list[MatchRecord]:
        """Matches as stored, announced marks still waiting to be stored included."""
        rows = await self._database.rows(f"SELECT * FROM matches WHERE {where}", params)
        records = []
        for row in rows:
            try:
                records.append(record_from_row(row))
            except (ValueError, TypeError, KeyError, AttributeError) as exc:  # a damaged row: JSON or types
                self.unreadable.note(UnreadableMatch(row["id"], f"its stored row is damaged: {exc!r}"))
        for record in records:
            waiting = self._waiting_mark(record.id)
            if waiting is not None:
                record.announced_seq = waiting
        return records

    async def get_match(self, match_id: int) -> MatchRecord | None:
        found = await self._fetch_matches("id = ?", (match_id,))
        return found[0] if found else None

    async def live_match_in_channel(self, channel_id: int) -> MatchRecord | None:
        found = await self._fetch_matches("channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))
        return found[0] if found else None

    async def live_matches(self, partitions: Partitions | None = None) -> list[MatchRecord]:
        """Every live match, or those of some partitions only (the ones a process serves)."""
        where, params = _of(partitions)
        return await self._fetch_matches(f"status IN ('lobby', 'active'){where} ORDER BY id", params)

    async def unannounced_finishes(self, partitions: Partitions | None = None) -> list[MatchRecord]:
        """Matches whose final move was stored but never shown (the process died in between)."""
        where, params = _of(partitions)
        return await self._fetch_matches(
            f"status = 'finished' AND announced_seq IS NOT NULL AND announced_seq < seq{where} ORDER BY id", params
        )

    async def guild_of(self, match_id: int) -> int | None:
        """The server a match was played in (which partition it is in), without reading the rest of it."""
        rows = await self._database.rows("SELECT guild_id FROM matches WHERE id = ?", (match_id,))
        return int(rows[0]["guild_id"]) if rows else None

    async def finished_matches(self, guild_id: int | None = None) -> list[MatchRecord]:
        if guild_id is None:
            return await self._fetch_matches("status = 'finished' ORDER BY id", ())
        return await self._fetch_matches("status = 'finished' AND guild_id = ? ORDER BY id", (guild_id,))

    async def action_log(self, match_id: int) -> list[LoggedAction]:
        rows = await self._database.rows(
            "SELECT seq, player_id, action, at FROM actions WHERE match_id = ? ORDER BY seq", (match_id,)
        )
        return [LoggedAction(r["seq"], r["player_id"], json.loads(r["action"]), r["at"]) for r in rows]

    async def create_match(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        host_id: int,
        host_name: str,
        seed: int,
        options: dict[str, Any] | None = None,
    ) -> MatchRecord:
        """A new lobby with the host seated; ChannelBusy if the channel already has a live match."""
        names, settings = dump({str(host_id): host_name}), dump(options or {})
        lobby = (guild_id, channel_id, game, LOBBY, host_id, dump([host_id]), names, settings, seed)
        for _attempt in range(3):  # another process may open and close a lobby between our two reads
            try:
                async with self._database.transaction():
                    match_id = await self._insert_lobby(channel_id, lobby)
            except Conflict:  # another process opened one in the channel first: the unique index refused ours
                match_id = None
            if match_id is not None:
                match = await self.get_match(match_id)
                assert match is not None
                return match
            busy = await self.live_match_in_channel(channel_id)
            if busy is not None:
                raise ChannelBusy(busy)
        raise StoreUnavailable(f"channel {channel_id} keeps changing: try again")

    async def _insert_lobby(self, channel_id: int, lobby: tuple[Any, ...]) -> int | None:
        """The new lobby's id, or None if the channel has a live match (inside the caller's transaction).

        ``lobby``: the new row's values, from ``guild_id`` to ``seed``; it is created and updated now."""
        existing = await self._database.rows(
            "SELECT id FROM matches WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        )
        if existing:
            return None
        now = self._database.clock()
        inserted = await self._database.rows(
            "INSERT INTO matches (guild_id, channel_id, game, status, host_id, players, names, options,"
            " seed, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (*lobby, now, now),
        )
        return int(inserted[0]["id"])

    async def save_lobby(self, match: MatchRecord) -> None:
        """Store seats, names and options of a match still in its lobby."""
        await self._database.write(
            "UPDATE matches SET players = ?, names = ?, options = ?, table_options = ?, updated_at = ?"
            " WHERE id = ? AND status = ?",
            (
                dump(match.players),
                dump({str(k): v for k, v in match.names.items()}),
                dump(match.options),
                dump(match.table_options),
                self._database.clock(),
                match.id,
                LOBBY,
            ),
        )

    async def start_match(self, match: MatchRecord, state_json: str, deadline: float | None) -> None:
        count = await self._database.write(
            "UPDATE matches SET status = ?, players = ?, names = ?, options = ?, table_options = ?, state = ?,"
            " seq = 0, decision_seq = 0, deadline = ?, decision_started = ?, reminded = 0, recent = ?, updated_at = ?"
            " WHERE id = ? AND status = ?",
            (
                ACTIVE,
                dump(match.players),
                dump({str(k): v for k, v in match.names.items()}),
                dump(match.options),
                dump(match.table_options),
                state_json,
                deadline,
                self._database.clock(),
                dump(match.recent),
                self._database.clock(),
                match.id,
                LOBBY,
            ),
        )
        if count != 1:
            raise StaleMove(f"match #{match.id} is no longer in its lobby")

    def start(self, write: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        """Start ``write`` (a write of this store) now, with the database thread taking it up at once
        (see :meth:`bot.store.database.Database.start`)."""
        return self._database.start(write)

    async def record_action(
        self,
        match_id: int,
        *,
        expected_seq: int,
        player_id: int,
        action: dict[str, Any],
        state_json: str,
        deadline: float | None,
        recent: list[str],
        result: dict[str, Any] | None = None,
        timeouts: dict[int, int] | None = None,
        autopilot: list[int] | None = None,
        new_decision: bool = True,
        skipping: list[int] | None = None,
        absent: list[int] | None = None,
        left: list[int] | None = None,
    ) -> int:
        """Store one accepted move: new state and log row in one statement (see migration 3). Returns the new seq.

        ``left``: who has left the match, stored with the move that says so (None keeps it as stored).

        Raises StaleMove if another move was stored first (seq changed), storing nothing.
        """
        new_seq = expected_seq + 1
        now = self._database.clock()
        async with self._database.writing():  # no other coroutine's transaction may be open around it
            # A single statement is its own transaction; the log_each_move trigger writes the
            # action row inside it, so state and log are stored together or not at all.
            changed = await self._database.run(
                _FINISHING_MOVE if result is not None else _MOVE,
                (
                    state_json,
                    new_seq,
                    deadline,
                    dump(result) if result else None,
                    dump(recent),
                    "played" if result else None,
                    now,
                    dump({str(k): v for k, v in (timeouts or {}).items()}),
                    dump(autopilot or []),
                    player_id,
                    dump(action),
                    new_decision,
                    now,
                    new_decision,
                    new_decision,
                    new_seq,
                    dump(skipping or []),
                    dump(absent or []),
                    dump(left) if left is not None else None,
                )
                + ((FINISHED,) if result is not None else ())
                + (match_id, expected_seq, ACTIVE),
            )
            if changed != 1:
                raise StaleMove(f"match #{match_id} moved on")
        return new_seq

    async def mark_reminded(self, match_id: int) -> bool:
        """Record that the pending decision's reminder went out; False if it already had."""
        count = await self._database.write("UPDATE matches SET reminded = 1 WHERE id = ? AND reminded = 0", (match_id,))
        return count == 1

    async def save_idle(self, match_id: int, timeouts: dict[int, int], autopilot: list[int]) -> None:
        await self._database.write(
            "UPDATE matches SET timeouts = ?, autopilot = ? WHERE id = ?",
            (dump({str(k): v for k, v in timeouts.items()}), dump(autopilot), match_id),
        )

    async def end_match(
        self,
        match_id: int,
        *,
        status: str,
        reason: str,
        result: dict[str, Any] | None = None,
        expected_seq: int | None = None,
        state_json: str | None = None,
    ) -> bool:
        """Finish (concede: with a result) or abandon a live match. False if it was no longer live."""
        sql = (
            "UPDATE matches SET status = ?, end_reason = ?, result = ?, deadline = NULL, updated_at = ?,"
            " state = COALESCE(?, state) WHERE id = ? AND status IN ('lobby', 'active')"
        )
        params: tuple[Any, ...] = (
            status,
            reason,
            dump(result) if result else None,
            self._database.clock(),
            state_json,
            match_id,
        )
        if expected_seq is not None:
            sql += " AND seq = ?"
            params += (expected_seq,)
        count = await self._database.write(sql, params)
        return count == 1

    async def save_seats(self, match_id: int, *, left: list[int], skipping: list[int], autopilot: list[int]) -> None:
        """Who left the running match, who passes until their turn, whom the AI plays."""
        await self._database.write(
            "UPDATE matches SET left_players = ?, skipping = ?, autopilot = ? WHERE id = ?",
            (dump(left), dump(skipping), dump(autopilot), match_id),
        )
