"""Clicks the bot answered with "that is no longer current": a person clicked something the match had left behind.

The bot answers such a click in private, in one of a few wordings (see
``bot.frontend.handlers.picking``, ``bot.play.moves.check_turn`` and the
client's answer to a click nothing claims): the click's reply or message update,
an ephemeral followup, or an edit of its own reply. Those texts are read from
the requests the bot made for the click, never from the message as it looks
later (a later click edits the same picker).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from tools.sim import InteractionRecord, RecordedRequest

EPHEMERAL = 64
#: The words of each answer that says the thing clicked is no longer current, and a short name for it.
STALE_ANSWERS = (
    ("This button is no longer valid", "button no longer valid"),
    ("That question is over", "question over"),
    ("That window is over", "window over"),
    ("The question changed", "question changed"),
    ("no longer available", "choice no longer available"),
    ("It is not your turn", "not your turn"),
    ("Nothing is waiting on you", "nothing waiting on you"),
    ("This match is over", "match over"),
)


def _text(data: dict[str, Any]) -> str:
    parts = [data.get("content") or ""]
    for embed in data.get("embeds") or ():
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [f"{field.get('name', '')}\n{field.get('value', '')}" for field in embed.get("fields") or ()]
    return "\n".join(parts)


def _private_answer(record: InteractionRecord, request: RecordedRequest) -> dict[str, Any] | None:
    """What the request says to the clicker alone, if it is an answer to the click (not a table edit or a ping)."""
    body = request.json if isinstance(request.json, dict) else None
    if body is None or not request.ok:
        return None
    if request.route.startswith("/interactions/"):
        return body.get("data") or {}
    if not request.route.startswith("/webhooks/"):
        return None
    if request.method == "POST":
        return body if (body.get("flags") or 0) & EPHEMERAL else None
    original = record.original
    if request.method == "PATCH" and original is not None and request.message_id == original.id:
        return body
    return None


def stale_reason(record: InteractionRecord) -> str | None:
    """The short name of the "no longer current" answer the bot gave this click, or None."""
    for request in record.requests:
        data = _private_answer(record, request)
        if data is None:
            continue
        text = _text(data)
        for words, reason in STALE_ANSWERS:
            if words in text:
                return reason
    return None


def count_stale(records: Iterable[InteractionRecord]) -> Counter[str]:
    """How many of these clicks were answered "no longer current", by wording."""
    return Counter(reason for reason in map(stale_reason, records) if reason is not None)
