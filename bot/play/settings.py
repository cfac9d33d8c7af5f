"""Per-server settings: what a server admin may tune, with defaults, allowed ranges and words to show them.

Kept as a table of declarations so the storage, validation and the ``/settings`` command
(generated from it, as ``/<game> new`` is from the options) all read one source of truth.
Texts are wordings (:mod:`bot.kernel.wording`): declared before anyone's language is
known, and said in the reader's wherever they are shown. :class:`ServerSettings` keeps each
server's effective settings in memory, since every move reads them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from bot.kernel.languages import SERVER_KEY as LANGUAGE_KEY, SOURCE_LOCALE, language_code
from bot.kernel.wording import Wording, say
from bot.play.match_types import MatchError
from bot.play.ports import SettingsStore


class BadSetting(MatchError):
    """A setting's value (or name) refused, with the range or the names allowed; nothing is stored."""


@dataclass(frozen=True)
class SettingDef:
    """One tunable value: its range, and the words that show it (its unit, what it does, a short line)."""

    key: str
    default: int
    low: int
    high: int
    unit: Wording
    help: Wording
    #: The slash command's line for it, range included ("Response windows (blocks, Plot Twists), 5-300 s").
    short: Wording
    #: An on/off setting is stored as 0 or 1 and offered as a yes/no choice.
    kind: Literal["int", "bool"] = "int"

    def validate(self, value: Any) -> int:
        """``value`` if it is allowed (a yes/no as 1 or 0); BadSetting saying the range otherwise."""
        if self.kind == "bool" and isinstance(value, bool):
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadSetting(say("{key} must be a whole number of {unit}.", key=self.key, unit=self.unit))
        if not self.low <= value <= self.high:
            raise BadSetting(
                say(
                    "{key} must be between {low} and {high} {unit}.",
                    key=self.key,
                    low=self.low,
                    high=self.high,
                    unit=self.unit,
                )
            )
        return value


SETTINGS: dict[str, SettingDef] = {
    s.key: s
    for s in (
        SettingDef(
            "window_seconds",
            20,
            5,
            300,
            say("seconds"),
            say("How long out-of-turn response windows (blocks, Plot Twists) stay open."),
            say("Response windows (blocks, Plot Twists), 5-300 s"),
        ),
        SettingDef(
            "turn_seconds",
            120,
            30,
            3600,
            say("seconds"),
            say("How long a player has for each decision on their turn before the bot plays for them."),
            say("Time for each decision on a turn, 30-3600 s"),
        ),
        SettingDef(
            "ai_delay_seconds",
            2,
            0,
            30,
            say("seconds"),
            say("How long AI seats wait before each move, so people can follow."),
            say("Pause before each AI move, 0-30 s"),
        ),
        SettingDef(
            "idle_takeover",
            1,
            1,
            10,
            say("timeouts"),
            say("Consecutive timeouts after which the AI takes over the seat until the player clicks again."),
            say("Timeouts in a row before the AI takes an absent player's seat, 1-10"),
        ),
        SettingDef(
            "count_ai_matches",
            0,
            0,
            1,
            say("(0 no, 1 yes)"),
            say("Whether matches with AI seats count in players' stats and the leaderboard."),
            say("Whether matches with AI players count in stats"),
            kind="bool",
        ),
        SettingDef(
            "negotiation_seconds",
            60,
            10,
            600,
            say("seconds"),
            say("How long a Mat Goceng Extra Power negotiation stays open."),
            say("Mat Goceng Extra Power negotiations, 10-600 s"),
        ),
        SettingDef(
            "pictures",
            1,
            0,
            1,
            say("(0 no, 1 yes)"),
            say("Whether boards and hands are also drawn: the table's Picture button, the hand's picture."),
            say("Whether boards and hands are also drawn as pictures"),
            kind="bool",
        ),
        SettingDef(
            "ai_think_ms",
            1000,
            100,
            10000,
            say("milliseconds"),
            say("How long a hard AI seat thinks about each move."),
            say("How long a hard AI seat thinks about each move, 100-10000 ms"),
        ),
    )
}


@dataclass(frozen=True)
class GuildSettings:
    """The effective settings of one server: stored values over defaults, and its language (a code)."""

    values: Mapping[str, int]
    language: str = SOURCE_LOCALE

    @classmethod
    def from_stored(cls, stored: Mapping[str, Any]) -> GuildSettings:
        values = {key: d.default for key, d in SETTINGS.items()}
        for key, value in stored.items():
            if key in SETTINGS:
                try:
                    values[key] = SETTINGS[key].validate(value)
                except BadSetting:
                    pass  # a value stored by an older version outside today's range: keep the default
        return cls(values, language_code(stored.get(LANGUAGE_KEY)) or SOURCE_LOCALE)

    def __getitem__(self, key: str) -> int:
        return self.values[key]


class ServerSettings:
    """Each server's effective settings, read once and kept (every move reads them), and their changes."""

    def __init__(self, store: SettingsStore) -> None:
        self._store = store
        self._cache: dict[int, GuildSettings] = {}

    async def of(self, guild_id: int) -> GuildSettings:
        """A server's effective settings."""
        cached = self._cache.get(guild_id)
        if cached is None:
            cached = GuildSettings.from_stored(await self._store.guild_settings(guild_id))
            self._cache[guild_id] = cached
        return cached

    async def change(self, guild_id: int, key: str, value: Any) -> GuildSettings:
        """Validate and store one setting; BadSetting names the allowed range and stores nothing."""
        if key not in SETTINGS:
            raise BadSetting(say("There is no setting called {key}.", key=key))
        checked = SETTINGS[key].validate(value)
        await self._store.set_guild_setting(guild_id, key, checked)
        self._cache.pop(guild_id, None)
        return await self.of(guild_id)

    async def set_language(self, guild_id: int, code: str) -> None:
        """The language of the server's channels; ValueError if it is not one the bot speaks."""
        checked = language_code(code)
        if checked is None:
            raise ValueError(code)
        await self._store.set_guild_setting(guild_id, LANGUAGE_KEY, checked)
        self._cache.pop(guild_id, None)

    def forget(self, guild_id: int) -> None:
        """Drop a server's kept settings (they were stored some other way)."""
        self._cache.pop(guild_id, None)


__all__ = ["SETTINGS", "BadSetting", "GuildSettings", "ServerSettings", "SettingDef"]
