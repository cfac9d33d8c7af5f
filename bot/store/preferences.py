"""What servers and people set: each server's settings and each person's preferences, as key and JSON value.

The match service reads them through its narrow ports (:class:`bot.play.ports.SettingsStore`,
:class:`bot.play.ports.PreferencesStore`) and keeps them in memory once read.
"""

from __future__ import annotations

import json
from typing import Any

from bot.store.matches import dump
from bot.store.sql import SqlDatabase


class Preferences:
    """Server settings and personal preferences."""

    def __init__(self, database: SqlDatabase) -> None:
        self._database = database

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        rows = await self._database.rows("SELECT key, value FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return {r["key"]: json.loads(r["value"]) for r in rows}

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        await self._database.write(
            "INSERT INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
            (guild_id, key, dump(value)),
        )

    async def user_prefs(self, user_id: int) -> dict[str, Any]:
        rows = await self._database.rows("SELECT key, value FROM user_prefs WHERE user_id = ?", (user_id,))
        return {r["key"]: json.loads(r["value"]) for r in rows}

    async def set_user_pref(self, user_id: int, key: str, value: Any) -> None:
        await self._database.write(
            "INSERT INTO user_prefs (user_id, key, value) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value",
            (user_id, key, dump(value)),
        )


__all__ = ["Preferences"]
