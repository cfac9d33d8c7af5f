"""Every match in one SQLite file: lobby, live state, action log, deadlines, results.

Why it looks like this:
* One aiosqlite connection, WAL journal, ``BEGIN IMMEDIATE`` for multi-statement writes (a
  deferred ``BEGIN`` that reads then writes can fail at once under WAL).
* One connection means one worker thread running statements in order, but
  coroutines sharing it would interleave their transactions, so every
  multi-statement write runs under ``_write_lock``.
* An accepted move writes the new state and its log row in one transaction,
  guarded by the expected sequence number, so a move is either fully stored
  or not at all, and a stale or doubled move can never be stored twice.
* The schema carries a version; ``migrate`` brings any older file up to date with the
  steps in :mod:`bot.store.migrations`.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.play.record import (
    ACTIVE,
    FINISHED,
    LOBBY,
    ChannelBusy,
    LoggedAction,
    MatchRecord,
    StaleMove,
)
from bot.store.announced_marks import AnnouncedMarks
from bot.store.migrations import MIGRATIONS, SCHEMA_VERSION
from bot.store.records import LEADERBOARD, PLAYER_RECORDS, Record

T = TypeVar("T")

def record_from_row(row: aiosqlite.Row) -> MatchRecord:
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
    " decision_seq = CASE WHEN ? THEN ? ELSE decision_seq END, skipping = ?, absent = ?"
)
_MOVE_WHERE = " WHERE id = ? AND seq = ? AND status = ?"
_MOVE = _MOVE_SET + _MOVE_WHERE
_FINISHING_MOVE = _MOVE_SET + ", status = ?" + _MOVE_WHERE


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


class Storage:
    """The bot's database. Open with ``await Storage.open(path)``; close with ``await close()``."""

    def __init__(self, db: aiosqlite.Connection, clock: Any = time.time) -> None:
        self._db = db
        self._clock = clock
        self._write_lock = asyncio.Lock()
        self._announced = AnnouncedMarks(self._store_announced)

    @classmethod
    async def open(cls, path: str | Path, clock: Any = time.time, *, synchronous: str | None = None) -> Storage:
        """``synchronous``: FULL or NORMAL; None reads ``DATABASE_SYNCHRONOUS`` (default FULL, see bot.config)."""
        from bot.config import SYNCHRONOUS_MODES, database_synchronous

        mode = database_synchronous() if synchronous is None else synchronous.upper()
        if mode not in SYNCHRONOUS_MODES:
            raise ValueError(f"synchronous must be one of {SYNCHRONOUS_MODES}, not {synchronous!r}")
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute(f"PRAGMA synchronous={mode}")
        await db.execute("PRAGMA foreign_keys=ON")
        await db.execute("PRAGMA busy_timeout=5000")
        storage = cls(db, clock)
        try:
            await storage.migrate()
        except BaseException:
            await db.close()  # an open connection's thread would keep the process alive
            raise
        return storage

    async def close(self) -> None:
        await self._announced.close()
        await self._db.close()

    # --- schema ---------------------------------------------------------------
    async def schema_version(self) -> int:
        rows = await self._rows("PRAGMA user_version")
        return int(rows[0][0])

    async def migrate(self) -> None:
        """Run every migration newer than the file's version, each in its own transaction."""
        async with self._write_lock:
            current = await self.schema_version()
            if current > SCHEMA_VERSION:
                raise RuntimeError(
                    f"database schema {current} is newer than this bot ({SCHEMA_VERSION}); update the bot"
                )
            for version in range(current + 1, SCHEMA_VERSION + 1):
                await self._db.execute("BEGIN IMMEDIATE")
                try:
                    for statement in MIGRATIONS[version]:
                        await self._db.execute(statement)
                    await self._db.execute(f"PRAGMA user_version={version}")
                    await self._db.execute("COMMIT")
                except BaseException:
                    await self._db.execute("ROLLBACK")
                    raise

    async def _write(self, sql: str, params: tuple[Any, ...]) -> int:
        """Run one writing statement, which SQLite makes a transaction of its own; returns its rowcount.

        One round trip to the database thread: an explicit ``BEGIN IMMEDIATE`` ... ``COMMIT`` around a
        single statement adds two and makes it no more atomic. The lock keeps it out of any
        multi-statement transaction another coroutine has open on the shared connection.
        """
        async with self._write_lock:
            # rowcount is read without another trip; the cursor is left to the garbage collector.
            return (await self._db.execute(sql, params)).rowcount

    async def _rows(self, sql: str, params: tuple[Any, ...] | dict[str, Any] = ()) -> list[aiosqlite.Row]:
        """Every row of one query, in one round trip (a cursor's execute, fetch and close would be three)."""
        return list(await self._db.execute_fetchall(sql, params))

    async def _fetch_matches(self, where: str, params: tuple[Any, ...]) -> list[MatchRecord]:
        """Matches as stored, announced marks still waiting to be stored included."""
        records = [record_from_row(r) for r in await self._rows(f"SELECT * FROM matches WHERE {where}", params)]
        for record in records:
            waiting = self._announced.waiting(record.id)
            if waiting is not None:
                record.announced_seq = waiting
        return records

    # --- reading --------------------------------------------------------------
    async def get_match(self, match_id: int) -> MatchRecord | None:
        found = await self._fetch_matches("id = ?", (match_id,))
        return found[0] if found else None

    async def live_match_in_channel(self, channel_id: int) -> MatchRecord | None:
        found = await self._fetch_matches("channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))
        return found[0] if found else None

    async def live_matches(self) -> list[MatchRecord]:
        return await self._fetch_matches("status IN ('lobby', 'active') ORDER BY id", ())

    async def unannounced_finishes(self) -> list[MatchRecord]:
        """Matches whose final move was stored but never shown (the process died in between)."""
        return await self._fetch_matches(
            "status = 'finished' AND announced_seq IS NOT NULL AND announced_seq < seq ORDER BY id", ())

    async def finished_matches(self, guild_id: int | None = None) -> list[MatchRecord]:
        if guild_id is None:
            return await self._fetch_matches("status = 'finished' ORDER BY id", ())
        return await self._fetch_matches("status = 'finished' AND guild_id = ? ORDER BY id", (guild_id,))

    async def action_log(self, match_id: int) -> list[LoggedAction]:
        rows = await self._rows(
            "SELECT seq, player_id, action, at FROM actions WHERE match_id = ? ORDER BY seq", (match_id,))
        return [LoggedAction(r["seq"], r["player_id"], json.loads(r["action"]), r["at"]) for r in rows]

    # --- lobby ----------------------------------------------------------------
    async def create_match(
        self, *, guild_id: int, channel_id: int, game: str, host_id: int, host_name: str, seed: int,
        options: dict[str, Any] | None = None,
    ) -> MatchRecord:
        """A new lobby with the host seated; ChannelBusy if the channel already has a live match."""
        now = self._clock()
        async with self._write_lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                existing = await self._fetch_matches(
                    "channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
                )
                if existing:
                    raise ChannelBusy(existing[0])
                cur = await self._db.execute(
                    "INSERT INTO matches (guild_id, channel_id, game, status, host_id, players, names, options,"
                    " seed, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (guild_id, channel_id, game, LOBBY, host_id, _dump([host_id]),
                     _dump({str(host_id): host_name}), _dump(options or {}), seed, now, now),
                )
                match_id = cur.lastrowid
                await self._db.execute("COMMIT")
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
        assert match_id is not None  # the INSERT gave the new row its id
        match = await self.get_match(match_id)
        assert match is not None
        return match

    async def save_lobby(self, match: MatchRecord) -> None:
        """Store seats, names and options of a match still in its lobby."""
        await self._write(
            "UPDATE matches SET players = ?, names = ?, options = ?, table_options = ?, updated_at = ?"
            " WHERE id = ? AND status = ?",
            (_dump(match.players), _dump({str(k): v for k, v in match.names.items()}), _dump(match.options),
             _dump(match.table_options), self._clock(), match.id, LOBBY),
        )

    async def set_message(self, match_id: int, message_id: int) -> None:
        """The match's one public message (lobby, then turn message)."""
        await self._write("UPDATE matches SET message_id = ? WHERE id = ?", (message_id, match_id))

    async def start_match(self, match: MatchRecord, state_json: str, deadline: float | None) -> None:
        count = await self._write(
            "UPDATE matches SET status = ?, players = ?, names = ?, options = ?, table_options = ?, state = ?,"
            " seq = 0, decision_seq = 0, deadline = ?, decision_started = ?, reminded = 0, recent = ?, updated_at = ?"
            " WHERE id = ? AND status = ?",
            (ACTIVE, _dump(match.players), _dump({str(k): v for k, v in match.names.items()}),
             _dump(match.options), _dump(match.table_options), state_json, deadline, self._clock(),
             _dump(match.recent), self._clock(), match.id, LOBBY),
        )
        if count != 1:
            raise StaleMove(f"match #{match.id} is no longer in its lobby")

    # --- play -----------------------------------------------------------------
    def start(self, write: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        """Start ``write`` (a write of this storage) now, and let the database thread take it up at once.

        The write's first step hands its statement to aiosqlite's thread, but that thread needs the
        interpreter lock to begin, and the event loop keeps the lock for as long as it runs Python
        code (up to the 5 ms switch interval): a commit started before building a reply would only
        reach SQLite once the reply is built. A ``time.sleep(0)`` queued right behind that first step
        releases the lock; the thread binds the statement and is inside SQLite (which runs without
        the lock, the disk sync included) while the loop goes on.
        """
        task = asyncio.ensure_future(write)
        asyncio.get_running_loop().call_soon(time.sleep, 0)
        return task

    async def record_action(
        self, match_id: int, *, expected_seq: int, player_id: int, action: dict[str, Any], state_json: str,
        deadline: float | None, recent: list[str], result: dict[str, Any] | None = None,
        timeouts: dict[int, int] | None = None, autopilot: list[int] | None = None, new_decision: bool = True,
        skipping: list[int] | None = None, absent: list[int] | None = None,
    ) -> int:
        """Store one accepted move: new state and log row in one statement (see migration 3). Returns the new seq.

        Raises StaleMove if another move was stored first (seq changed), storing nothing.
        """
        new_seq = expected_seq + 1
        now = self._clock()
        async with self._write_lock:  # no other coroutine's transaction may be open around it
            # A single statement is its own transaction; the log_each_move trigger writes the
            # action row inside it, so state and log are stored together or not at all.
            cur = await self._db.execute(
                _FINISHING_MOVE if result is not None else _MOVE,
                (state_json, new_seq, deadline, _dump(result) if result else None, _dump(recent),
                 "played" if result else None, now, _dump({str(k): v for k, v in (timeouts or {}).items()}),
                 _dump(autopilot or []), player_id, _dump(action), new_decision, now, new_decision,
                 new_decision, new_seq, _dump(skipping or []), _dump(absent or []))
                + ((FINISHED,) if result is not None else ()) + (match_id, expected_seq, ACTIVE),
            )
            # rowcount is read from the cursor without another trip; the cursor is left to the
            # garbage collector rather than spending a trip on closing it.
            if cur.rowcount != 1:
                raise StaleMove(f"match #{match_id} moved on")
        return new_seq

    def mark_announced(self, match_id: int, seq: int) -> None:
        """Everything about move ``seq`` went out (table, pings, DMs): a restart need not redo it.

        Stored a moment later with the other marks of that moment (see :mod:`bot.store.announced_marks`);
        this storage's reads see it at once.
        """
        self._announced.mark(match_id, seq)

    async def flush_announced(self) -> None:
        """Store the waiting announced marks now (after a restart's catch-up: one sync for them all)."""
        await self._announced.flush()

    async def _store_announced(self, marks: dict[int, int]) -> None:
        rows = [(seq, match_id) for match_id, seq in marks.items()]
        sql = "UPDATE matches SET announced_seq = ? WHERE id = ?"
        async with self._write_lock:
            if len(rows) == 1:
                await self._db.execute(sql, rows[0])
                return
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                await self._db.executemany(sql, rows)
                await self._db.execute("COMMIT")
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise

    async def mark_reminded(self, match_id: int) -> bool:
        """Record that the pending decision's reminder went out; False if it already had."""
        count = await self._write("UPDATE matches SET reminded = 1 WHERE id = ? AND reminded = 0", (match_id,))
        return count == 1

    async def save_idle(self, match_id: int, timeouts: dict[int, int], autopilot: list[int]) -> None:
        await self._write(
            "UPDATE matches SET timeouts = ?, autopilot = ? WHERE id = ?",
            (_dump({str(k): v for k, v in timeouts.items()}), _dump(autopilot), match_id),
        )

    async def set_deadline(self, match_id: int, deadline: float | None) -> None:
        await self._write("UPDATE matches SET deadline = ? WHERE id = ?", (deadline, match_id))

    async def mark_dm_closed(self, match_id: int, user_id: int) -> None:
        match = await self.get_match(match_id)
        if match is None or user_id in match.dm_closed:
            return
        await self._write(
            "UPDATE matches SET dm_closed = ? WHERE id = ?", (_dump(match.dm_closed + [user_id]), match_id),
        )

    async def end_match(
        self, match_id: int, *, status: str, reason: str, result: dict[str, Any] | None = None,
        expected_seq: int | None = None, state_json: str | None = None,
    ) -> bool:
        """Finish (concede: with a result) or abandon a live match. False if it was no longer live."""
        sql = ("UPDATE matches SET status = ?, end_reason = ?, result = ?, deadline = NULL, updated_at = ?,"
               " state = COALESCE(?, state) WHERE id = ? AND status IN ('lobby', 'active')")
        params: tuple[Any, ...] = (status, reason, _dump(result) if result else None, self._clock(),
                                   state_json, match_id)
        if expected_seq is not None:
            sql += " AND seq = ?"
            params += (expected_seq,)
        count = await self._write(sql, params)
        return count == 1

    # --- per-user messages (hand DMs, prompts) -------------------------------
    async def save_user_message(self, match_id: int, kind: str, user_id: int, channel_id: int,
                                message_id: int) -> None:
        await self._write(
            "INSERT OR REPLACE INTO match_messages (match_id, kind, user_id, channel_id, message_id)"
            " VALUES (?, ?, ?, ?, ?)", (match_id, kind, user_id, channel_id, message_id),
        )

    async def forget_user_message(self, match_id: int, kind: str, user_id: int) -> None:
        await self._write(
            "DELETE FROM match_messages WHERE match_id = ? AND kind = ? AND user_id = ?", (match_id, kind, user_id),
        )

    async def user_messages(self, match_id: int, kind: str) -> dict[int, tuple[int, int]]:
        """user id -> (channel id, message id) for one kind of per-user message of a match."""
        rows = await self._rows(
            "SELECT user_id, channel_id, message_id FROM match_messages WHERE match_id = ? AND kind = ?",
            (match_id, kind))
        return {r["user_id"]: (r["channel_id"], r["message_id"]) for r in rows}

    async def save_seats(self, match_id: int, *, left: list[int], skipping: list[int], autopilot: list[int]) -> None:
        """Who left the running match, who passes until their turn, whom the AI plays."""
        await self._write(
            "UPDATE matches SET left_players = ?, skipping = ?, autopilot = ? WHERE id = ?",
            (_dump(left), _dump(skipping), _dump(autopilot), match_id),
        )

    # --- a person's own preferences -----------------------------------------
    async def user_prefs(self, user_id: int) -> dict[str, Any]:
        rows = await self._rows("SELECT key, value FROM user_prefs WHERE user_id = ?", (user_id,))
        return {r["key"]: json.loads(r["value"]) for r in rows}

    async def set_user_pref(self, user_id: int, key: str, value: Any) -> None:
        await self._write(
            "INSERT OR REPLACE INTO user_prefs (user_id, key, value) VALUES (?, ?, ?)", (user_id, key, _dump(value)),
        )

    # --- settings -------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        rows = await self._rows("SELECT key, value FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return {r["key"]: json.loads(r["value"]) for r in rows}

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        await self._write(
            "INSERT OR REPLACE INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?)",
            (guild_id, key, _dump(value)),
        )

    # --- who won what ---------------------------------------------------------
    async def player_records(self, guild_id: int, player_id: int, *, count_ai: bool) -> list[Record]:
        """A player's record per game on one server (games they never finished are left out)."""
        rows = await self._rows(PLAYER_RECORDS, {"guild": guild_id, "player": player_id, "count_ai": int(count_ai)})
        return [Record(player_id, r["game"], r["played"], r["won"] or 0) for r in rows]

    async def leaderboard(self, guild_id: int, game: str, *, count_ai: bool, limit: int = 10,
                          min_played: int = 1) -> list[Record]:
        """The best human players of one game on one server: most wins, then best win rate."""
        rows = await self._rows(LEADERBOARD, {"guild": guild_id, "game": game, "count_ai": int(count_ai),
                                              "limit": limit, "min_played": min_played})
        return [Record(r["player"], game, r["played"], r["won"] or 0) for r in rows]

    async def synchronous(self) -> int:
        """How hard SQLite syncs each commit on this connection (PRAGMA synchronous: 1 NORMAL, 2 FULL)."""
        return int((await self._rows("PRAGMA synchronous"))[0][0])
