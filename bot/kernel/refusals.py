"""What the bot refuses, with a reason the person can read: the one exception family every layer raises.

Kept apart from the contract so the option declarations (which the contract uses) can
refuse a bad value without importing the contract back.
"""

from __future__ import annotations

from bot.kernel.wording import Wording


class Refusal(Exception):
    """Anything the bot refuses with a reason the person can read (shown to them privately).

    The rules' refusals (:class:`IllegalAction`) and the platform's (a closed lobby, a
    stranger's click) share it, so the Discord front end answers every one in one place.
    A reason is a text in its reader's language already (the rules write it so), or a
    :class:`~bot.kernel.wording.Wording` that :attr:`reason` says in the language of whoever
    reads it (the match service's refusals, which choose no language).
    """

    def __init__(self, reason: str | Wording) -> None:
        super().__init__(str(reason))
        self._reason = reason

    @property
    def reason(self) -> str:
        """The reason in the current language."""
        if isinstance(self._reason, Wording):
            from bot.kernel.i18n import speak

            return speak(self._reason)
        return self._reason


class IllegalAction(Refusal):
    """An action the rules forbid now. ``reason`` is shown to the player as is."""


class BadGameData(Exception):
    """A card data file that does not describe a playable deck; names the card and field."""
