"""Which slash commands were last synced with Discord, so that they are synced once per change, not per start.

Syncing is a rate-limited request and Discord caps the commands an application creates per day;
every process of a deploy, and every restart, would otherwise send it. The bot fingerprints what
it would sync (for one target: every server, or the development server) and syncs only when the
fingerprint differs from the one kept here, which it records once Discord took the sync.

The fingerprint is one row of ``shared_settings`` (the key/value table every process of the
database shares), keyed by target: ``commands_synced:<target>``.
"""

from __future__ import annotations

from bot.store.sql import SqlDatabase

#: The start of each target's key in ``shared_settings``.
KEY = "commands_synced:"


class SyncedCommands:
    """The fingerprint of the commands last synced, per target (a name the bot gives: application and scope)."""

    def __init__(self, database: SqlDatabase) -> None:
        self._database = database

    async def last(self, target: str) -> str | None:
        """The fingerprint last recorded for ``target``; None if it was never synced from this database."""
        rows = await self._database.rows("SELECT value FROM shared_settings WHERE key = ?", (KEY + target,))
        return str(rows[0][0]) if rows else None

    async def record(self, target: str, fingerprint: str) -> None:
        """``target`` now has the commands ``fingerprint`` stands for (Discord took the sync)."""
        await self._database.write(
            "INSERT INTO shared_settings (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (KEY + target, fingerprint),
        )


__all__ = ["KEY", "SyncedCommands"]
