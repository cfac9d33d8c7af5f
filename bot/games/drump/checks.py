"""Parameter checks for incoming actions, each failing with a sentence a player can read.

Actions arrive from the Discord layer (and from saved logs) as plain dicts, so
every parameter is checked for presence, type and range before a handler
touches the state; the handlers then check the rules. Nothing here mutates.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.drump.cards import CARD_SET, ZONES, label
from bot.kernel.contract import IllegalAction
from bot.kernel.i18n import t


def check_keys(action: dict[str, Any], kind: str, keys: Sequence[str]) -> None:
    """Exactly ``type`` plus ``keys``: a missing or unexpected parameter is refused."""
    for key in keys:
        if key not in action:
            raise IllegalAction(t("A {kind} action needs a {key} parameter.", kind=repr(kind), key=repr(key)))
    if len(action) != len(keys) + 1:
        extra = sorted(str(k) for k in action if k != "type" and k not in keys)
        takes = ", ".join(repr(k) for k in keys) if keys else "no parameters"
        raise IllegalAction(
            t(
                "A {kind} action takes {takes}; {extra} is not one of them.",
                kind=repr(kind),
                takes=takes,
                extra=", ".join(extra),
            )
        )


def card_param(action: dict[str, Any], key: str) -> str:
    """A card name such as "7H" or "10C"."""
    value = action[key]
    if not isinstance(value, str):
        raise IllegalAction(t('{key} must be a card written like "7H", "10C" or "KS".', key=repr(key)))
    if value not in CARD_SET:
        shown = value if len(value) <= 12 else value[:12] + "..."
        raise IllegalAction(
            t('There is no card called {shown}; cards are written like "7H", "10C" or "KS".', shown=repr(shown))
        )
    return value


def zone_param(action: dict[str, Any], key: str) -> int:
    """A Force Zone index 0-3 (shown to players as zone 1-4)."""
    value = action[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(t("{key} must be a zone number from 0 to {last}.", key=repr(key), last=ZONES - 1))
    if not 0 <= value < ZONES:
        raise IllegalAction(t("There is no zone {value}; zones are numbered 0 to {last}.", value=value, last=ZONES - 1))
    return value


def in_hand(hand: list[str], card: str) -> None:
    if card not in hand:
        raise IllegalAction(t("You do not have {card} in your hand.", card=label(card)))
