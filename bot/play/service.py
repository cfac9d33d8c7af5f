"""The match service, composed: each part of it given the narrow things it uses.

Nothing here does any work: :func:`build` wires the parts together once (the Discord
front end calls it at start-up, the tests and tools likewise), and :class:`MatchService`
only holds them, so each caller reaches the one part it needs (``service.moves.play``,
``service.lobby.join``) and each part can be read, and tested, on its own.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

from bot.play.ai_seats import AiSeats
from bot.play.clock import Clock, SystemClock
from bot.play.leaving import Leaving
from bot.play.lobby import Lobby
from bot.play.matches import Matches
from bot.play.moves import Moves
from bot.play.people import People
from bot.play.ports import MatchStore, Narrator
from bot.play.seat_votes import SeatVotes
from bot.play.settings import ServerSettings


@dataclass(frozen=True)
class MatchService:
    """The parts of the match service (no Discord, no SQL, no language chosen in any of them)."""

    store: MatchStore
    clock: Clock
    matches: Matches
    settings: ServerSettings
    people: People
    lobby: Lobby
    moves: Moves
    leaving: Leaving
    ai: AiSeats
    votes: SeatVotes


def build(
    store: MatchStore,
    narrator: Narrator,
    settings: ServerSettings,
    people: People,
    clock: Clock | None = None,
    seeds: Callable[[], int] | None = None,
    ai: AiSeats | None = None,
    *,
    matches: Matches | None = None,
) -> MatchService:
    """The match service over ``store``, its words from ``narrator``. ``seeds`` gives each new match its shuffle
    seed (tests pass a fixed sequence); ``ai`` chooses AI seats' moves (by default each level as declared).

    ``settings``, ``people`` (and ``matches``) are made by the caller, before a narrator that reads them
    (which language a server and a person read).
    """
    clock = clock or SystemClock()
    ai = ai or AiSeats()
    matches = matches or Matches(store)
    moves = Moves(matches, settings, people, store, narrator, ai, clock)
    return MatchService(
        store=store,
        clock=clock,
        matches=matches,
        settings=settings,
        people=people,
        lobby=Lobby(matches, settings, store, narrator, clock, seeds or (lambda: secrets.randbits(63))),
        moves=moves,
        leaving=Leaving(matches, moves, store, narrator),
        ai=ai,
        votes=SeatVotes(matches, store),
    )


__all__ = ["MatchService", "build"]
