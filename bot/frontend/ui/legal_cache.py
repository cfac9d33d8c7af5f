"""Each open decision's legal actions and their fingerprint, worked out once for all its clicks.

Every picker click checks that its question is still open by comparing the
fingerprint it carries with the legal actions' own, and every picker drawn
carries that fingerprint: without a cache, a decision's actions would be listed and
serialised again at each step. An entry is keyed by match, move number and player
and remembers the state object it was computed from, so a state reloaded from
the database (a failed commit drops the cached one) is never answered from an entry
of the state it replaced. Only holders of the match's lock use it, and a move
bumps the move number, so an entry is never older than the state it describes.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from bot.frontend.ui.render import picker_print
from bot.kernel.contract import Action

#: Decisions remembered: a few per live match being clicked through right now is plenty.
KEEP = 1024


class LegalCache:
    def __init__(self, keep: int = KEEP) -> None:
        self._keep = keep
        #: (match, move number, player) -> (the state it was computed from, legal actions, fingerprint)
        self._entries: OrderedDict[tuple[int, int, int], tuple[Any, list[Action], str]] = OrderedDict()

    def get(self, live: Any, player: int) -> tuple[list[Action], str]:
        """``player``'s legal actions in ``live`` now and their fingerprint (call with the match lock held)."""
        key = (live.id, live.record.seq, player)
        entry = self._entries.get(key)
        if entry is not None and entry[0] is live.state:
            self._entries.move_to_end(key)
            return entry[1], entry[2]
        legal = live.game.rules.legal_actions(live.state, player)
        fingerprint = picker_print(live, legal)
        self._entries[key] = (live.state, legal, fingerprint)
        if len(self._entries) > self._keep:
            self._entries.popitem(last=False)
        return legal, fingerprint

    def __len__(self) -> int:
        return len(self._entries)
