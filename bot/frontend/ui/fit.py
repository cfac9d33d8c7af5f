"""Texts fitted to Discord's limits and to a phone: cut between words with "…", never inside a word."""

from __future__ import annotations

from bot.kernel.present import phone_lines

#: Discord's limits: a select option's label and description, a button's label, a select's placeholder.
OPTION_LIMIT = 100
BUTTON_LIMIT = 80
PLACEHOLDER_LIMIT = 150
#: Trailing marks a cut leaves dangling before its "…".
_DANGLING = " \n,;:·—-→›|"


def clip(text: str, limit: int) -> str:
    """``text`` if it fits, else its words up to the last whole one that leaves room for "…".

    A text whose words cannot be kept whole (a single word longer than half the limit at
    the cut) is cut where it must be.
    """
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    if not text[limit - 1].isspace():  # the cut falls inside a word: go back to the space before it
        space = max(head.rfind(" "), head.rfind("\n"))
        if space >= limit // 2:
            head = head[:space]
    return head.rstrip(_DANGLING) + "…"


def newest_that_fit(lines: list[str], most: int, room: int) -> list[str]:
    """The newest of ``lines`` (at most ``most``, at least one) that wrap to no more than ``room`` phone lines."""
    kept: list[str] = []
    for line in reversed(lines[-most:]):
        if kept and phone_lines("\n".join([line, *kept])) > room:
            break
        kept.insert(0, line)
    return kept
