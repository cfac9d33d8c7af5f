"""What a person's clicks buy: taps per move, taps per own turn, and what a turn's taps are spent on.

Every interaction a person sends counts as a tap (a button, a modal, a slash
command), a choice in a select as two (a phone opens the menu, then chooses), read
from the stand-in's log of interactions, so a click the
driver made and forgot to count still counts. The lobby (Join, Add AI, Start) is
left out: the caller starts counting after Start. A tap falls in its sender's
own turn when the match's turn player (``waiting(state).turn``) was them as they
clicked; the turn changes only with a committed move, so the turn read before a
move's clicks holds for every click of it.

Each tap is also named by what it did, so the taps of a turn can be read as a
path: "Take action / Respond", a picker step by the key it chose (``type``,
``card``, ``target``... from the move's legal actions), the last step that
applied the move, Back, Pass.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.frontend.ui.components import parse_path
from bot.frontend.ui.picker import walk
from bot.kernel.contract import Action
from tools.sim import InteractionRecord

SLASH, COMPONENT, MODAL = 2, 3, 5


def _picked(legal: Sequence[Action], path_text: str, choice: str) -> str:
    """What a picker step at this path chooses: its key (``card``, ``target``...), and for the move's ``type``
    the type chosen (the kind of move a tap goes to); "?" if the path is not of these actions."""
    try:
        step = walk(legal, parse_path(path_text))
    except Exception:  # an old picker's path may not lead anywhere in today's actions
        return "?"
    key = step.key or "?"
    if key == "type" and choice.isdigit():
        chosen = next((c.value for c in step.choices if c.index == int(choice)), None)
        return f"type {chosen}" if chosen is not None else key
    return key


def _choice(record: InteractionRecord, parts: list[str]) -> str:
    """The option a picker tap chose: the button's index, or the select's value."""
    if parts[0] == "pkb":
        return parts[5]
    values = (record.payload.get("data") or {}).get("values") or [""]
    return str(values[0])


def tap_kind(record: InteractionRecord, legal: Sequence[Action], applied: bool) -> str:
    """What one tap did, in a few words; ``applied``: it is the tap the move was applied with."""
    if record.type == SLASH:
        return f"/{record.name}"
    if record.type == MODAL:
        return "modal"
    parts = record.name.split(":")
    prefix = parts[0]
    if prefix == "act":
        return "Take action / Respond"
    if prefix == "pass":
        return "Pass"
    if prefix in ("pkb", "pks") and len(parts) == 6:
        if prefix == "pkb" and parts[5] == "back":
            return "Back"
        key = _picked(legal, parts[4], _choice(record, parts))
        how = "button" if prefix == "pkb" else "select"
        return f"pick {key} ({how}, applies the move)" if applied else f"pick {key} ({how})"
    return prefix


def taps_of(record: InteractionRecord) -> int:
    """Taps an interaction took: a select's choice two (the menu opened, then the option), anything else one."""
    values = (record.payload.get("data") or {}).get("values") if record.type == COMPONENT else None
    return 2 if values is not None else 1


@dataclass
class TapCount:
    """The taps of one match's people after Start."""

    #: Every tap by a person.
    taps: int = 0
    #: Taps made in the sender's own turn.
    own_turn_taps: int = 0
    #: What the own-turn taps did (see ``tap_kind``).
    own_turn_kinds: Counter[str] = field(default_factory=Counter)
    #: What every tap did.
    kinds: Counter[str] = field(default_factory=Counter)

    def move(
        self, records: Sequence[InteractionRecord], turn: Any, legal: Sequence[Action], *, applied: bool = True
    ) -> None:
        """The taps of one move, oldest first: ``turn`` was the turn player while they were made,
        ``legal`` the actions the picker offered; the last tap applied the move when ``applied``."""
        for i, record in enumerate(records):
            kind = tap_kind(record, legal, applied and i == len(records) - 1)
            taps = taps_of(record)
            self.taps += taps
            self.kinds[kind] += taps
            if turn is not None and record.user_id == turn:
                self.own_turn_taps += taps
                self.own_turn_kinds[kind] += taps
