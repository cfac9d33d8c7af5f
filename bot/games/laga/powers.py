"""Who has which power right now: active Job abilities, completed Dreams, News, immunity.

Every rule module asks these questions, so they live in one place. A Job ability is
active while the latest Job is face up, no Landlord has switched it off and Bundaran HI
Protest is not in force for that player. Dream effects are the reward for completing a
Dream, so they apply once the Dream is completed.
"""

from __future__ import annotations

from functools import lru_cache

from .cards import Dream, Job, cards
from .state import LagaState, PlayerState

#: News cards that usually cost the player they hit. A player who may ignore News (Umbrella
#: Ojek, Protesting) is always asked; this only orders the question's options (and a
#: silent player's default): ignore first for these, let it apply first for the rest.
HINDERING_NEWS = frozenset(
    {
        "gridlock",
        "bundaran_hi_protest",
        "seasonal_flood",
        "mrt_project_started",
        "mega_concert",
        "bomb_threats",
        "monetary_crisis",
        "new_mall_grand_opening",
    }
)
#: News cards whose whole effect happens when they are opened; the rest hold all round.
ONE_SHOT_NEWS = frozenset(
    {"pekan_raya_jakarta", "sale_month", "president_election", "mega_concert", "new_mall_grand_opening"}
)
#: News cards that give resources; their rewards wake Kerak Telor Peddler.
REWARD_NEWS = frozenset(
    {
        "pekan_raya_jakarta",
        "sale_month",
        "president_election",
        "governor_inauguration",
        "international_tabletop_day",
        "car_free_day",
    }
)


def job(p: PlayerState) -> Job:
    return cards().jobs[p.jobs[-1]]


def level(p: PlayerState) -> int:
    return cards().jobs[p.jobs[-1]].level


def dream(name: str) -> Dream:
    return cards().dreams[name]


def dream_done(p: PlayerState, effect: str) -> bool:
    """True when ``p`` has completed the Dream with this effect."""
    return cards().dream_by_effect[effect] in p.completed


@lru_cache(maxsize=1)
def _effects() -> tuple[dict[str, str], dict[str, str]]:
    """Job name -> ability id and News name -> effect id, for the hot paths below."""
    c = cards()
    return {n: j.ability for n, j in c.jobs.items()}, {n: x.effect for n, x in c.news.items()}


def news_effect(state: LagaState) -> str:
    return _effects()[1][state.news] if state.news else ""


def ignores_news(p: PlayerState) -> bool:
    """Umbrella Ojek (face up, switched on) or a completed Protesting lets a player ignore News.

    Bundaran HI Protest cannot silence Umbrella Ojek: the ability is exactly what ignores it.
    """
    if not p.face_down and p.deactivated_by is None and _effects()[0][p.jobs[-1]] == "cold_resistance":
        return True
    return bool(p.completed) and dream_done(p, "protesting")


def ignoring_news(state: LagaState, p: PlayerState) -> bool:
    """``p`` chose to ignore the News in force and still holds the power to (a fine takes it away)."""
    return p.pid in state.ignored_news and ignores_news(p)


def news_decided(state: LagaState, p: PlayerState) -> bool:
    """``p`` has answered whether to ignore this round's News."""
    return p.pid in state.ignored_news or p.pid in state.accepted_news


def news_on(state: LagaState, p: PlayerState, effect: str) -> bool:
    """True when the News card in force is ``effect`` and it applies to ``p``.

    It applies unless ``p`` chose to ignore it: the choice is always the holder's, asked
    when the News is opened or when the power to ignore it arrives (see ``flow.news_questions``).
    """
    if not state.news or _effects()[1][state.news] != effect:
        return False
    return not ignoring_news(state, p)


def ability(state: LagaState, p: PlayerState) -> str:
    """The id of ``p``'s active Job ability, or "" when it is off."""
    if p.face_down or p.deactivated_by is not None:
        return ""
    if state.news and _effects()[1][state.news] == "bundaran_hi_protest" and not ignoring_news(state, p):
        return ""
    return _effects()[0][p.jobs[-1]]


def has(state: LagaState, p: PlayerState, ab: str) -> bool:
    return ability(state, p) == ab


def holder(state: LagaState, ab: str) -> PlayerState | None:
    """The player whose active Job ability is ``ab`` (each ability is on one card)."""
    for p in state.players:
        if ability(state, p) == ab:
            return p
    return None


def immune(state: LagaState, target: PlayerState, by: PlayerState) -> bool:
    """Provocator and a completed Pilgrimage shield ``target`` from other players' card effects."""
    if target.pid == by.pid:
        return False
    return dream_done(target, "pilgrimage") or has(state, target, "hearing_damage")


def others(state: LagaState, p: PlayerState) -> list[PlayerState]:
    """The other players in turn order, starting after ``p``."""
    order = state.turn_order(state.seat_of(p.pid))
    return order[1:]


def neighbours(state: LagaState, p: PlayerState) -> set[int]:
    """Player ids seated next to ``p`` (in a 2-player game both sides are the same player)."""
    n = len(state.players)
    s = state.seat_of(p.pid)
    return {state.players[(s - 1) % n].pid, state.players[(s + 1) % n].pid} - {p.pid}
