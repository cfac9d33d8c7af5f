"""AI levels and where an AI seat's level is kept.

The level of each AI seat lives in the match's ``table_options`` (the platform's own
JSON, never passed to an engine) under ``ai_levels``, keyed by the seat's player id as
a string, so it survives a restart without a schema change. A seat without an entry
(a match from before levels, or a person's seat the AI plays while they are away)
plays at the default level.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Any

from bot.kernel.i18n import N_, t, translate

EASY, NORMAL, HARD = "easy", "normal", "hard"
#: Weakest first: the lobby lists them in this order.
LEVELS: tuple[str, ...] = (EASY, NORMAL, HARD)
DEFAULT_LEVEL = NORMAL
#: The ``table_options`` key holding ``{str(player id): level}``.
LEVELS_KEY = "ai_levels"

LABELS: dict[str, str] = {EASY: N_("Easy"), NORMAL: N_("Normal"), HARD: N_("Hard")}
DESCRIPTIONS: dict[str, str] = {
    EASY: N_("Plays legal moves with a little sense: good for learning the game."),
    NORMAL: N_("Plays a sound game and uses every move of its game when it helps."),
    HARD: N_("Thinks ahead by trying out its moves on sampled deals (takes about a second a move)."),
}


def label(level: str) -> str:
    """A level's name in the reader's language ("Hard")."""
    return translate(LABELS[level])


def check_level(level: Any) -> str:
    """``level`` if it is one of :data:`LEVELS`; ValueError naming the levels otherwise."""
    if level not in LEVELS:
        raise ValueError(t("An AI level is one of: {levels}.", levels=", ".join(LEVELS)))
    return str(level)


def level_of(table_options: Mapping[str, Any], player: int) -> str:
    """The level ``player``'s seat plays at (the default for a seat without one, or a bad stored value)."""
    stored = (table_options.get(LEVELS_KEY) or {}).get(str(player))
    return stored if stored in LEVELS else DEFAULT_LEVEL


def set_level(table_options: MutableMapping[str, Any], player: int, level: str | None) -> None:
    """Record ``player``'s level (None forgets it, for a seat removed)."""
    levels = dict(table_options.get(LEVELS_KEY) or {})
    if level is None:
        levels.pop(str(player), None)
    else:
        levels[str(player)] = check_level(level)
    if levels:
        table_options[LEVELS_KEY] = levels
    else:
        table_options.pop(LEVELS_KEY, None)
