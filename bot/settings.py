"""Per-server settings: what a server admin may tune, with defaults and allowed ranges.

Kept as a table of definitions so the storage, the ``/settings`` command and
validation all read one source of truth.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping


@dataclass(frozen=True)
class SettingDef:
    key: str
    default: int
    low: int
    high: int
    unit: str
    help: str

    def validate(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{self.key} must be a whole number of {self.unit}.")
        if not self.low <= value <= self.high:
            raise ValueError(f"{self.key} must be between {self.low} and {self.high} {self.unit}.")
        return value


SETTINGS: dict[str, SettingDef] = {
    s.key: s
    for s in (
        SettingDef("window_seconds", 20, 5, 300, "seconds",
                   "How long out-of-turn response windows (blocks, Plot Twists) stay open."),
        SettingDef("turn_seconds", 180, 30, 3600, "seconds",
                   "How long a player has for each decision on their turn before the bot plays for them."),
        SettingDef("ai_delay_seconds", 2, 0, 30, "seconds",
                   "How long AI seats wait before each move, so people can follow."),
        SettingDef("idle_takeover", 2, 1, 10, "timeouts",
                   "Consecutive timeouts after which the AI takes over the seat until the player clicks again."),
        SettingDef("count_ai_matches", 0, 0, 1, "(0 no, 1 yes)",
                   "Whether matches with AI seats count in players' stats and the leaderboard."),
        SettingDef("negotiation_seconds", 60, 10, 600, "seconds",
                   "How long a Mat Goceng Extra Power negotiation stays open."),
    )
}


@dataclass(frozen=True)
class GuildSettings:
    """The effective settings of one server: stored values over defaults."""

    values: Mapping[str, int]

    @classmethod
    def from_stored(cls, stored: Mapping[str, Any]) -> "GuildSettings":
        values = {key: d.default for key, d in SETTINGS.items()}
        for key, value in stored.items():
            if key in SETTINGS:
                try:
                    values[key] = SETTINGS[key].validate(value)
                except ValueError:
                    pass  # a value stored by an older version outside today's range: keep the default
        return cls(values)

    def __getitem__(self, key: str) -> int:
        return self.values[key]
