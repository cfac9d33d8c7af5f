"""Who is told what in private after a move, and when a hand DM is worth an edit.

Split from the announcer so its rules read on their own: a hand DM is edited only when what the
player sees that a spectator does not has changed, and not for the player's own clicked moves.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from bot.play.match_types import PLAYER, LiveMatch, MoveOutcome


def own_moves_only(outcomes: list[MoveOutcome]) -> set[int]:
    """The player whose own clicked moves are all these outcomes are (empty if anyone else moved).

    Their hand DM is not edited for them: what they privately see changed only by their own
    hand, and the picker their click updated shows it. The DM catches up when someone else's
    move changes their view (or at the end).
    """
    players = {o.player for o in outcomes}
    if len(players) == 1 and all(o.by == PLAYER for o in outcomes):
        return players
    return set()


def private_lines(outcomes: Iterable[MoveOutcome], player: int) -> list[str]:
    """The lines of these moves only ``player`` may read (the card an offer is about, for its battler)."""
    return [line for o in outcomes for line in o.private_lines.get(player, [])]


def private_digest(live: LiveMatch, player: int) -> str:
    """What ``player`` sees that a spectator does not (their hand, their face-down cards), as text.

    The hand DM is edited only when this changes, not on every public move, so
    DMs stay quiet and within rate limits; the public table carries the rest. Only what
    lasts counts (``Game.lasting_view``): a window's offers are its prompts' to tell.
    """
    game, state = live.game, live.state
    if state is None:
        return ""
    mine = game.presenter.lasting(game.rules.view(state, player))
    public = game.presenter.lasting(game.rules.view(state, None))
    return json.dumps(_differences(mine, public), sort_keys=True, default=str)


def _differences(mine: Any, public: Any) -> Any:
    if isinstance(mine, dict) and isinstance(public, dict):
        return {k: _differences(v, public.get(k)) for k, v in mine.items() if v != public.get(k)}
    if isinstance(mine, list) and isinstance(public, list) and len(mine) == len(public):
        return [_differences(a, b) if a != b else None for a, b in zip(mine, public, strict=True)]
    return mine
