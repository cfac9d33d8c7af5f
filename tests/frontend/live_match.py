"""A match as the service holds it in memory, built without a database, for rendering tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.kernel.module import GameModule
from bot.play.match_types import LiveMatch
from bot.play.record import ACTIVE, MatchRecord


def live_match(
    game: GameModule,
    state: Any,
    names: Mapping[int, str],
    *,
    status: str = ACTIVE,
    message_id: int | None = None,
    recent: Sequence[str] = (),
) -> LiveMatch:
    """``game`` at ``state`` with these seats (in seat order, each with its name), hosted by the first."""
    players = list(names)
    record = MatchRecord(
        id=1,
        guild_id=1,
        channel_id=2,
        game=game.name,
        status=status,
        host_id=players[0],
        players=players,
        names=dict(names),
        seed=3,
        options={},
        state=None,
        seq=0,
        result=None,
        end_reason=None,
        message_id=message_id,
        deadline=None,
    )
    record.recent = list(recent)
    return LiveMatch(record=record, game=game, state=state)
