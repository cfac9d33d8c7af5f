"""A match's public move log, rebuilt by replaying its stored actions and told by its game's presenter.

A finished match's history is also a check: the rebuilt state must equal the stored final
state. A running match's log (the table's **Log**) is the same public lines so far: what the
table showed, nothing only some players may read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from bot.frontend.names import shown_names
from bot.kernel.contract import apply_logged
from bot.kernel.i18n import t
from bot.kernel.module import get_game
from bot.play.record import FINISHED, LoggedAction, MatchRecord


class HistoryStore(Protocol):
    """What a history reads from the store."""

    async def get_match(self, match_id: int) -> MatchRecord | None: ...
    async def action_log(self, match_id: int) -> list[LoggedAction]: ...


@dataclass(frozen=True)
class History:
    match_id: int
    game: str
    names: dict[int, str]
    lines: list[str]
    result: dict[str, Any] | None
    replays_exactly: bool


async def public_lines(store: HistoryStore, match: MatchRecord) -> tuple[list[str], Any]:
    """Every public line of a started match so far, in the current language, and the state they lead to.

    They are the lines the table showed as the moves were made (an event only some players may read
    is left out), told again by replaying the stored actions: so a reader gets them in their own language.
    """
    game = get_game(match.game)
    log = await store.action_log(match.id)
    state = game.rules.new_game(match.players, match.seed, match.options)
    names = shown_names(match.names)
    lines: list[str] = []
    for entry in log:
        for event in apply_logged(game.rules, state, entry.player_id, entry.action):
            if event.get("visible_to") is None:
                line = game.presenter.event_line(event, names)
                if line:
                    lines.append(line)
    return lines, state


async def match_history(store: HistoryStore, match_id: int) -> History | None:
    """The public move log of a finished match, in the current language; None if it has not finished."""
    match = await store.get_match(match_id)
    if match is None or match.status != FINISHED or match.state is None:
        return None
    game = get_game(match.game)
    lines, state = await public_lines(store, match)
    exact = game.rules.state_to_json(state) == match.state
    if match.end_reason == "conceded":
        lines.append(t("The match ended by concession."))
    return History(match_id, match.game, match.names, lines, match.result, exact)


__all__ = ["History", "HistoryStore", "match_history", "public_lines"]
