"""Laga Jakarta's card set: loading ``cards.toml`` and refusing a file the engine cannot play.

The engine looks cards up by name everywhere, so the loader checks up front that
names are unique, every ability and effect is one the engine implements, and every
number is in a sane range. A bad file stops the game with :class:`BadGameData`
naming the card and the field, rather than failing mid-match.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from bot.kernel.contract import BadGameData

RESOURCES: tuple[str, str, str] = ("coin", "pride", "skill")
Cost = tuple[int, int, int]  # coin, pride, skill

DATA_FILE = Path(__file__).with_name("cards.toml")

JOB_COUNT, DREAM_COUNT, NEWS_COUNT = 31, 21, 16
#: Setup deals one Level 1 Job to each of up to 6 players.
MIN_LEVEL1_JOBS = 6

JOB_ABILITIES = frozenset(
    {
        "arbitrary_income",
        "precinct_star",
        "jakartas_specialty",
        "fortune_street",
        "dream_peddler",
        "cold_resistance",
        "abra_cadabra",
        "one_cent_police",
        "fine",
        "raid",
        "dolphin_jump",
        "transit",
        "hearing_damage",
        "trendy",
        "patchwork",
        "three_wheels_chauffeur",
        "thug_life",
        "gps",
        "the_master_of_rules",
        "buried_dream",
        "old_friend_call",
        "backroom_deal",
        "make_it_rain",
        "endorsement",
        "sideway",
        "opposite_seduction",
        "psychic",
        "naptime",
        "vip",
        "jetset_lifestyle",
        "local_authority",
    }
)
DREAM_EFFECTS = frozenset(
    {
        "monas_selfie",
        "watch_persija_match",
        "petting_ragunan_tiger",
        "celebrity_signature",
        "be_on_tv",
        "english_course",
        "presidential_handshake",
        "horror_movie_cast",
        "idol_audition",
        "homecoming",
        "protesting",
        "shopping_spree",
        "jakarta_round_trip",
        "create_a_board_game",
        "join_political_party",
        "tanjidor_orchestra",
        "run_for_president",
        "pilgrimage",
        "discussion_with_governor",
        "mrt_route_draft",
        "bkt_blueprint",
    }
)
NEWS_EFFECTS = frozenset(
    {
        "pekan_raya_jakarta",
        "gridlock",
        "bundaran_hi_protest",
        "abang_none_jakarta",
        "seasonal_flood",
        "mrt_project_started",
        "car_free_day",
        "mega_concert",
        "sale_month",
        "governor_inauguration",
        "president_election",
        "bomb_threats",
        "monetary_crisis",
        "celebrity_wedding_reception",
        "new_mall_grand_opening",
        "international_tabletop_day",
    }
)


@dataclass(frozen=True)
class Job:
    name: str
    level: int
    ability: str
    ability_name: str
    text: str
    cost: Cost
    salary: Cost
    points: int
    #: The rule as the project plays it, for players, when the printed text is cryptic or long.
    plain: str = ""

    @property
    def shown(self) -> str:
        """The words players read (at most 100 characters, so a select's description holds them whole)."""
        return self.plain or self.text


@dataclass(frozen=True)
class Dream:
    name: str
    level: int
    effect: str
    text: str
    cost: Cost
    points: int
    plain: str = ""

    @property
    def shown(self) -> str:
        return self.plain or self.text


@dataclass(frozen=True)
class News:
    name: str
    effect: str
    text: str
    plain: str = ""

    @property
    def shown(self) -> str:
        return self.plain or self.text


@dataclass(frozen=True)
class CardSet:
    jobs: dict[str, Job]
    dreams: dict[str, Dream]
    news: dict[str, News]
    #: ability / effect id -> card name (each is printed on exactly one card)
    job_by_ability: dict[str, str]
    dream_by_effect: dict[str, str]
    news_by_effect: dict[str, str]


def _bad(kind: str, name: str, field: str, why: str) -> BadGameData:
    return BadGameData(f"{kind} card {name!r}: field {field!r} {why}")


T = TypeVar("T")


def _field(kind: str, raw: dict[str, Any], field: str, typ: type[T], name: str) -> T:
    if field not in raw:
        raise _bad(kind, name, field, "is missing")
    value = raw[field]
    if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
        raise _bad(kind, name, field, f"must be a {typ.__name__}, not {value!r}")
    return value


def _int_in(kind: str, raw: dict[str, Any], field: str, name: str, low: int, high: int) -> int:
    value = _field(kind, raw, field, int, name)
    if not low <= value <= high:
        raise _bad(kind, name, field, f"is {value}, outside {low}..{high}")
    return value


def _cost(kind: str, raw: dict[str, Any], field: str, name: str, low_total: int, high_total: int) -> Cost:
    table = _field(kind, raw, field, dict, name)
    for key, value in table.items():
        if key not in RESOURCES:
            raise _bad(kind, name, field, f"names {key!r}; resources are coin, pride and skill")
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 12:
            raise _bad(kind, name, field, f"has {key} = {value!r}, not a whole number in 0..12")
    coin, pride, skill = (int(table.get(r, 0)) for r in RESOURCES)
    cost = (coin, pride, skill)
    if not low_total <= sum(cost) <= high_total:
        raise _bad(kind, name, field, f"totals {sum(cost)}, outside {low_total}..{high_total}")
    return cost


def _name(kind: str, raw: Any, index: int, seen: set[str]) -> str:
    if not isinstance(raw, dict):
        raise BadGameData(f"{kind} card number {index + 1} is not a table")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise BadGameData(f"{kind} card number {index + 1}: field 'name' is missing or empty")
    if name in seen:
        raise _bad(kind, name, "name", "repeats the name of another card")
    seen.add(name)
    return name


def _effect(kind: str, raw: dict[str, Any], field: str, name: str, known: frozenset[str], used: dict[str, str]) -> str:
    value = _field(kind, raw, field, str, name)
    if value not in known:
        raise _bad(kind, name, field, f"is {value!r}, which the engine does not implement")
    if value in used:
        raise _bad(kind, name, field, f"is {value!r}, already used by {used[value]!r}")
    used[value] = name
    return value


#: The longest text a player reads about a card in one line (a select option's description).
SHOWN_LIMIT = 100


def _plain(kind: str, raw: dict[str, Any], name: str) -> str:
    """The optional ``plain`` wording; without one the printed text must itself fit in a line."""
    plain = raw.get("plain", "")
    if not isinstance(plain, str):
        raise _bad(kind, name, "plain", f"must be text, not {plain!r}")
    shown = plain or raw.get("text", "")
    if isinstance(shown, str) and len(shown) > SHOWN_LIMIT:
        field = "plain" if plain else "text"
        raise _bad(kind, name, field, f"is {len(shown)} characters; give a 'plain' wording of at most {SHOWN_LIMIT}")
    return plain


def parse_cards(data: dict[str, Any]) -> CardSet:
    """Validate the parsed TOML and build the card set; BadGameData names the card and field."""
    seen: set[str] = set()
    jobs: dict[str, Job] = {}
    dreams: dict[str, Dream] = {}
    news: dict[str, News] = {}
    abilities: dict[str, str] = {}
    effects: dict[str, str] = {}
    news_effects: dict[str, str] = {}
    for index, raw in enumerate(data.get("job", [])):
        name = _name("Job", raw, index, seen)
        level = _int_in("Job", raw, "level", name, 1, 4)
        jobs[name] = Job(
            name=name,
            level=level,
            ability=_effect("Job", raw, "ability", name, JOB_ABILITIES, abilities),
            ability_name=_field("Job", raw, "ability_name", str, name),
            text=_field("Job", raw, "text", str, name),
            cost=_cost("Job", raw, "cost", name, 1, 20),
            salary=_cost("Job", raw, "salary", name, 1, 8),
            points=_int_in("Job", raw, "points", name, 0, 12),
            plain=_plain("Job", raw, name),
        )
    for index, raw in enumerate(data.get("dream", [])):
        name = _name("Dream", raw, index, seen)
        dreams[name] = Dream(
            name=name,
            level=_int_in("Dream", raw, "level", name, 1, 3),
            effect=_effect("Dream", raw, "effect", name, DREAM_EFFECTS, effects),
            text=_field("Dream", raw, "text", str, name),
            cost=_cost("Dream", raw, "cost", name, 1, 20),
            points=_int_in("Dream", raw, "points", name, 0, 12),
            plain=_plain("Dream", raw, name),
        )
    for index, raw in enumerate(data.get("news", [])):
        name = _name("News", raw, index, seen)
        news[name] = News(
            name=name,
            effect=_effect("News", raw, "effect", name, NEWS_EFFECTS, news_effects),
            text=_field("News", raw, "text", str, name),
            plain=_plain("News", raw, name),
        )
    for kind, got, want in (
        ("Job", len(jobs), JOB_COUNT),
        ("Dream", len(dreams), DREAM_COUNT),
        ("News", len(news), NEWS_COUNT),
    ):
        if got != want:
            raise BadGameData(f"the card file holds {got} {kind} cards; the rulebook prints {want}")
    level1 = sum(1 for j in jobs.values() if j.level == 1)
    if level1 < MIN_LEVEL1_JOBS:
        raise BadGameData(f"the card file holds {level1} Level 1 Jobs; setup needs {MIN_LEVEL1_JOBS}")
    return CardSet(jobs, dreams, news, abilities, effects, news_effects)


def load_cards_file(path: Path) -> CardSet:
    """Read and validate a card file; a TOML syntax error is reported as BadGameData too."""
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise BadGameData(f"{path.name} is not valid TOML: {exc}") from None
    return parse_cards(data)


@lru_cache(maxsize=1)
def cards() -> CardSet:
    """The shipped card set, loaded and validated once per process."""
    return load_cards_file(DATA_FILE)
