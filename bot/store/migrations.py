"""The database schema, as the list of steps that build it: each version's statements, oldest first.

A file at version N is brought to the newest by running every later step in its
own transaction (``Storage.migrate``); a step is never edited once shipped, so
every database, however old, ends with the same schema.
"""

from __future__ import annotations

SCHEMA_VERSION = 7

MIGRATIONS: dict[int, list[str]] = {
    1: [
        """CREATE TABLE matches (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            status TEXT NOT NULL,
            host_id INTEGER NOT NULL,
            players TEXT NOT NULL DEFAULT '[]',
            names TEXT NOT NULL DEFAULT '{}',
            options TEXT NOT NULL DEFAULT '{}',
            seed INTEGER NOT NULL,
            state TEXT,
            seq INTEGER NOT NULL DEFAULT 0,
            result TEXT,
            end_reason TEXT,
            message_id INTEGER,
            deadline REAL,
            dm_closed TEXT NOT NULL DEFAULT '[]',
            recent TEXT NOT NULL DEFAULT '[]',
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        )""",
        """CREATE UNIQUE INDEX one_live_match_per_channel
            ON matches(channel_id) WHERE status IN ('lobby', 'active')""",
        "CREATE INDEX matches_by_status ON matches(status)",
        """CREATE TABLE actions (
            match_id INTEGER NOT NULL REFERENCES matches(id),
            seq INTEGER NOT NULL,
            player_id INTEGER NOT NULL,
            action TEXT NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (match_id, seq)
        )""",
        """CREATE TABLE match_messages (
            match_id INTEGER NOT NULL REFERENCES matches(id),
            kind TEXT NOT NULL,
            user_id INTEGER NOT NULL DEFAULT 0,
            channel_id INTEGER NOT NULL,
            message_id INTEGER NOT NULL,
            PRIMARY KEY (match_id, kind, user_id)
        )""",
        """CREATE TABLE guild_settings (
            guild_id INTEGER NOT NULL,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (guild_id, key)
        )""",
    ],
    # Idle players: when the pending decision began, whether its reminder went out,
    # consecutive timeouts per player, and seats the AI plays for absent players.
    2: [
        "ALTER TABLE matches ADD COLUMN decision_started REAL",
        "ALTER TABLE matches ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE matches ADD COLUMN timeouts TEXT NOT NULL DEFAULT '{}'",
        "ALTER TABLE matches ADD COLUMN autopilot TEXT NOT NULL DEFAULT '[]'",
        "CREATE INDEX matches_for_stats ON matches(guild_id, game, status)",
    ],
    # One statement per move: the match row carries the move just made, and a trigger
    # appends it to the log in the same (implicit) transaction as the new state. A move
    # then costs one trip to the database thread instead of four (BEGIN, UPDATE, INSERT,
    # COMMIT), which was most of a move's latency.
    3: [
        "ALTER TABLE matches ADD COLUMN last_player INTEGER",
        "ALTER TABLE matches ADD COLUMN last_action TEXT",
        """CREATE TRIGGER log_each_move AFTER UPDATE OF seq ON matches
            WHEN NEW.seq = OLD.seq + 1 AND NEW.last_action IS NOT NULL
            BEGIN
                INSERT INTO actions (match_id, seq, player_id, action, at)
                VALUES (NEW.id, NEW.seq, NEW.last_player, NEW.last_action, NEW.updated_at);
            END""",
    ],
    # Tables of three to six: the move at which the pending decision (a window round) began,
    # so answers stay valid for the whole round; the host's table options (full windows);
    # players who left a running match; and each person's own preferences (always ask me).
    4: [
        "ALTER TABLE matches ADD COLUMN decision_seq INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE matches ADD COLUMN table_options TEXT NOT NULL DEFAULT '{}'",
        "ALTER TABLE matches ADD COLUMN left_players TEXT NOT NULL DEFAULT '[]'",
        "ALTER TABLE matches ADD COLUMN skipping TEXT NOT NULL DEFAULT '[]'",
        """CREATE TABLE user_prefs (
            user_id INTEGER NOT NULL,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (user_id, key)
        )""",
    ],
    # Crash recovery: the move number whose announcement (table message, pings, DMs) last went
    # out in full. NULL for a started match means its start was never shown (the lobby message
    # is still a lobby). Matches live at the upgrade count as announced.
    5: [
        "ALTER TABLE matches ADD COLUMN announced_seq INTEGER",
        "UPDATE matches SET announced_seq = seq WHERE status = 'active'",
    ],
    # Absent players: who let a response window time out, so later windows pass for them at
    # once instead of waiting out the timer again, until they act themselves.
    6: [
        "ALTER TABLE matches ADD COLUMN absent TEXT NOT NULL DEFAULT '[]'",
    ],
    # Settings of the whole database rather than of a server, as PostgreSQL's ``shared_settings``: the
    # fingerprint of the slash commands last synced (``bot.store.command_sync``), so a restart does not sync again.
    # And the token's global rate as one slot ledger (``bot.store.rate_slots``), as on PostgreSQL: used only
    # by processes sharing a database, which on a SQLite file is the capacity benchmark's two in one loop.
    7: [
        """CREATE TABLE shared_settings (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        )""",
        """CREATE TABLE rate_slots (
            name TEXT PRIMARY KEY,
            tat REAL NOT NULL,
            urgent_at REAL NOT NULL DEFAULT 0,
            news_at REAL NOT NULL DEFAULT 0,
            news_oldest REAL NOT NULL DEFAULT 0,
            news_by TEXT NOT NULL DEFAULT ''
        )""",
        "INSERT INTO rate_slots (name, tat) VALUES ('global', 0)",
    ],
}
