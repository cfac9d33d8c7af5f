"""What the bot refuses, with a reason the person can read: the one exception family every layer raises.

Kept apart from the contract so the option declarations (which the contract uses) can
refuse a bad value without importing the contract back.
"""

from __future__ import annotations


class Refusal(Exception):
    """Anything the bot refuses with a reason the person can read (shown to them as is, privately).

    The rules' refusals (:class:`IllegalAction`) and the platform's (a closed lobby, a
    stranger's click) share it, so the Discord front end answers every one in one place.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class IllegalAction(Refusal):
    """An action the rules forbid now. ``reason`` is shown to the player as is."""


class BadGameData(Exception):
    """A card data file that does not describe a playable deck; names the card and field."""
