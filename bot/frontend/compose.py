"""The match service as the Discord front end runs it: its parts, the languages they are told in, and their narrator.

Composed here once, for the bot (``bot.frontend.client``) and for everything that runs
matches the way the bot does (the offline demo, the benchmark, the tests): the service's
parts that know which language a server and a person read are made first, the
narrator that says moves in those languages on them, then the service around it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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


def compose(
    store: Storage, clock: Clock | None = None, seeds: Callable[[], int] | None = None, ai: AiSeats | None = None
) -> Composed:
    """The match service over ``store``, told in Discord's languages."""
    matches = Matches(store.matches)
    settings, people = ServerSettings(store.preferences), People(store.preferences)
    languages = Languages(settings, people, matches)
    service = build(store.matches, Narrator(languages), settings, people, clock, seeds, ai, matches=matches)
    return Composed(service, languages, ShownMessages(store.shown))


__all__ = ["Composed", "compose"]
