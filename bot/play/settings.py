"""Per-server settings: what a server admin may tune, with defaults and allowed ranges.

Kept as a table of definitions so the storage, the ``/settings`` command and
validation all read one source of truth. ``unit`` and ``help`` are English
message ids marked with ``N_`` (this table is built at import, before anyone's
language is known) and translated where they are shown, with ``translate``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from bot.kernel.i18n import N_, SOURCE_LOCALE, t, translate
from bot.play.language import SERVER_KEY as LANGUAGE_KEY, language_code


@dataclass(frozen=True)
class SettingDef:
    """One tunable value; ``unit`` and ``help`` are ``N_``-marked English, shown through ``translate``."""

    key: str
    default: int
    low: int
    high: int
    unit: str
    help: str

    def validate(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(t("{key} must be a whole number of {unit}.", key=self.key, unit=translate(self.unit)))
        if not self.low <= value <= self.high:
            raise ValueError(t("{key} must be between {low} and {high} {unit}.", key=self.key, low=self.low,
                               high=self.high, unit=translate(self.unit)))
        return value


SETTINGS: dict[str, SettingDef] = {
    s.key: s
    for s in (
        SettingDef("window_seconds", 20, 5, 300, N_("seconds"),
                   N_("How long out-of-turn response windows (blocks, Plot Twists) stay open.")),
        SettingDef("turn_seconds", 180, 30, 3600, N_("seconds"),
                   N_("How long a player has for each decision on their turn before the bot plays for them.")),
        SettingDef("ai_delay_seconds", 2, 0, 30, N_("seconds"),
                   N_("How long AI seats wait before each move, so people can follow.")),
        SettingDef("idle_takeover", 2, 1, 10, N_("timeouts"),
                   N_("Consecutive timeouts after which the AI takes over the seat until the player clicks again.")),
        SettingDef("count_ai_matches", 0, 0, 1, N_("(0 no, 1 yes)"),
                   N_("Whether matches with AI seats count in players' stats and the leaderboard.")),
        SettingDef("negotiation_seconds", 60, 10, 600, N_("seconds"),
                   N_("How long a Mat Goceng Extra Power negotiation stays open.")),
        SettingDef("pictures", 1, 0, 1, N_("(0 no, 1 yes)"),
                   N_("Whether the table is also shown as a picture (the text stays either way).")),
        SettingDef("ai_think_ms", 1000, 100, 10000, N_("milliseconds"), N_("How long a hard AI seat thinks about each move.")),
    )
}


@dataclass(frozen=True)
class GuildSettings:
    """The effective settings of one server: stored values over defaults, and its language (a code)."""

    values: Mapping[str, int]
    language: str = SOURCE_LOCALE

    @classmethod
    def from_stored(cls, stored: Mapping[str, Any]) -> "GuildSettings":
        values = {key: d.default for key, d in SETTINGS.items()}
        for key, value in stored.items():
            if key in SETTINGS:
                try:
                    values[key] = SETTINGS[key].validate(value)
                except ValueError:
                    pass  # a value stored by an older version outside today's range: keep the default
        return cls(values, language_code(stored.get(LANGUAGE_KEY)) or SOURCE_LOCALE)

    def __getitem__(self, key: str) -> int:
        return self.values[key]
