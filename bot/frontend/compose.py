"""The match service as the Discord front end runs it: its parts, the languages they are told in, and their narrator.

Composed here once, for the bot (``bot.frontend.client``) and for everything that runs
matches the way the bot does (the offline demo, the benchmark, the tests): the service's
parts that know which language a server and a person read are made first, the
narrator that says moves in those languages on them, then the service around it.
Where hard AI seats search is chosen here too (``AI_SEARCH``, :func:`ai_seats`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.ai.pool import SHARED
from bot.frontend.delivery.shown import ShownMessages
from bot.frontend.languages import Languages
from bot.frontend.narrate import Narrator
from bot.play.ai_seats import AiSeats
from bot.play.clock import Clock
from bot.play.matches import Matches
from bot.play.people import People
from bot.play.service import MatchService, build
from bot.play.settings import ServerSettings
from bot.store.storage import Storage


@dataclass(frozen=True)
class Composed:
    """The match service, the languages its messages are written in, and what Discord has shown of each match."""

    service: MatchService
    languages: Languages
    shown: ShownMessages


def ai_seats(store: Storage, search: str = "local") -> AiSeats:
    """The AI seats, their hard searches ``local`` (the bot's own worker processes) or ``remote`` (search workers
    taking jobs from ``store``'s PostgreSQL server, the bot's own processes behind them: see
    :mod:`bot.play.remote_search`). The setting is ``AI_SEARCH``, checked at start by :mod:`bot.config`."""
    if search != "remote":
        return AiSeats(SHARED)
    if store.database.dialect != "postgresql":
        raise ValueError("AI_SEARCH=remote needs the PostgreSQL store (DATABASE_URL)")
    from bot.play.remote_search import RemoteSearch
    from bot.store.search_jobs import SearchJobs

    return AiSeats(RemoteSearch(SearchJobs(store.database), SHARED))


def compose(
    store: Storage,
    clock: Clock | None = None,
    seeds: Callable[[], int] | None = None,
    ai: AiSeats | None = None,
    search: str = "local",
) -> Composed:
    """The match service over ``store``, told in Discord's languages; hard seats search as ``search`` says
    (``AI_SEARCH``) unless ``ai`` is given."""
    if ai is None:
        ai = ai_seats(store, search)
    matches = Matches(store.matches)
    settings, people = ServerSettings(store.preferences), People(store.preferences)
    languages = Languages(settings, people, matches)
    service = build(store.matches, Narrator(languages), settings, people, clock, seeds, ai, matches=matches)
    return Composed(service, languages, ShownMessages(store.shown))


__all__ = ["Composed", "ai_seats", "compose"]
