"""What a person sets for themselves, everywhere they play: their preferences, kept in memory once read.

Read in every response window (whether to ask someone who can only pass), so each
person's preferences are read once and kept; a change is stored and read again.
"""

from __future__ import annotations

from typing import Any

from bot.kernel.contract import PlayerId
from bot.kernel.wording import say
from bot.play.match_types import MatchError
from bot.play.ports import PreferencesStore

#: What a person may set for themselves, everywhere they play.
USER_PREFS = {
    "always_ask": say("Ask me in every response window, even when I can only pass."),
    "language": say("The language of what only I see (DMs, pickers, replies); none: the server's."),
}


class People:
    """Each person's preferences (AI seats have none)."""

    def __init__(self, store: PreferencesStore) -> None:
        self._store = store
        self._prefs: dict[int, dict[str, Any]] = {}

    async def prefs(self, user_id: PlayerId) -> dict[str, Any]:
        """A person's preferences (an AI seat's are empty)."""
        cached = self._prefs.get(user_id)
        if cached is None:
            cached = await self._store.user_prefs(user_id) if user_id > 0 else {}
            self._prefs[user_id] = cached
        return cached

    def forget(self, user_id: PlayerId) -> None:
        """Another process stored a change of this person's preferences: read them again when next needed."""
        self._prefs.pop(user_id, None)

    def forget_everyone(self) -> None:
        """Changes by other processes may have gone unheard: read everyone's preferences again when next needed."""
        self._prefs.clear()

    async def set_pref(self, user_id: PlayerId, key: str, value: Any) -> dict[str, Any]:
        """Store one preference; MatchError for a preference that does not exist."""
        if key not in USER_PREFS:
            raise MatchError(say("There is no preference called {key}.", key=key))
        await self._store.set_user_pref(user_id, key, value)
        self._prefs.pop(user_id, None)
        return await self.prefs(user_id)


__all__ = ["USER_PREFS", "People"]
