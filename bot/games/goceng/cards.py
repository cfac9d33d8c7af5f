"""Mat Goceng card data: loading, validation and the fist-matching rule.

The data lives in ``cards.toml`` beside this module so a community can edit
the colours to match its printed copy; everything that depends on the cards
(the deck by player count, which card fits which line) is derived here, once,
so the rules modules never read the file themselves.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from bot.kernel.contract import BadGameData

COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue")
ANY = "any"
AJIAN: tuple[str, ...] = ("mata_menembus_sukma", "tapak_bayangan", "thi_tjhi_ie", "kasbon")
AJIAN_NAMES: dict[str, str] = {
    "mata_menembus_sukma": "Ajian Mata Menembus Sukma",
    "tapak_bayangan": "Ajian Tapak Bayangan",
    "thi_tjhi_ie": "Ajian Thi Tjhi Ie",
    "kasbon": "Kasbon",
}
#: The characters in play for each player count, as printed.
CHARACTER_IDS: tuple[str, ...] = (
    "mat_goceng",
    "nyi_kencleng",
    "rijkaard_cere",
    "wan_fulus",
    "bang_codet",
    "baba_amsyong",
)
PRINTED_FROM_PLAYERS: dict[str, int] = {
    "mat_goceng": 3,
    "nyi_kencleng": 3,
    "rijkaard_cere": 3,
    "wan_fulus": 4,
    "bang_codet": 5,
    "baba_amsyong": 6,
}
SKILL_CARD_TOTAL = 62
MIN_PLAYERS = 3
MAX_PLAYERS = 6


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    objective: str
    from_players: int


@dataclass(frozen=True)
class SkillCard:
    """One card design; ``copies`` identical cards share this id."""

    id: str
    top: str
    bottom: str
    copies: int
    ajian: str | None = None
    from_players: int = MIN_PLAYERS

    @property
    def name(self) -> str:
        fists = f"{fist_label(self.top)}→{fist_label(self.bottom)}"
        return f"{AJIAN_NAMES[self.ajian]} ({fists})" if self.ajian else fists


@dataclass(frozen=True)
class CardSet:
    characters: dict[str, Character]
    skills: dict[str, SkillCard]

    def deck_for(self, players: int) -> tuple[list[str], list[str]]:
        """(cards used, cards set aside) for a player count, in data-file order."""
        used: list[str] = []
        aside: list[str] = []
        for card in self.skills.values():
            (used if players >= card.from_players else aside).extend([card.id] * card.copies)
        return used, aside

    def characters_for(self, players: int) -> list[str]:
        return [c.id for c in self.characters.values() if c.from_players <= players]


_FIST_LABELS = {"red": "Red", "yellow": "Yellow", "green": "Green", "blue": "Blue", ANY: "Any"}


def fist_label(colour: str) -> str:
    return _FIST_LABELS.get(colour, colour)


def fist_fits(bottom: str, top: str) -> bool:
    """A top fist continues a bottom fist of the same colour; a special fist matches all."""
    return bottom == top or bottom == ANY or top == ANY


def _field(where: str, entry: Mapping[str, Any], key: str, kind: type, default: Any = ...) -> Any:
    if key not in entry:
        if default is ...:
            raise BadGameData(f"{where}: field '{key}' is missing.")
        return default
    value = entry[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadGameData(f"{where}: field '{key}' must be a {kind.__name__}, got {value!r}.")
    return value


def _character(index: int, entry: Any) -> Character:
    where = f"character #{index + 1}"
    if not isinstance(entry, dict):
        raise BadGameData(f"{where}: must be a table.")
    cid = _field(where, entry, "id", str)
    where = f"character {cid!r}"
    if cid not in PRINTED_FROM_PLAYERS:
        raise BadGameData(f"{where}: field 'id' must be one of {', '.join(CHARACTER_IDS)}.")
    name = _field(where, entry, "name", str)
    objective = _field(where, entry, "objective", str)
    if not name.strip() or not objective.strip():
        raise BadGameData(f"{where}: field '{'name' if not name.strip() else 'objective'}' is empty.")
    frm = _field(where, entry, "from_players", int)
    if frm != PRINTED_FROM_PLAYERS[cid]:
        raise BadGameData(f"{where}: field 'from_players' must be {PRINTED_FROM_PLAYERS[cid]} as printed, got {frm}.")
    return Character(cid, name, objective, frm)


def _skill(index: int, entry: Any) -> SkillCard:
    where = f"skill card #{index + 1}"
    if not isinstance(entry, dict):
        raise BadGameData(f"{where}: must be a table.")
    sid = _field(where, entry, "id", str)
    where = f"skill card {sid!r}"
    if not sid or len(sid) > 20 or not all(ch.isalnum() or ch in "*-_" for ch in sid):
        raise BadGameData(f"{where}: field 'id' must be 1-20 letters, digits, '*', '-' or '_'.")
    fists = {}
    for key in ("top", "bottom"):
        value = _field(where, entry, key, str)
        if value not in COLOURS and value != ANY:
            raise BadGameData(f"{where}: field '{key}' must be one of {', '.join(COLOURS + (ANY,))}, got {value!r}.")
        fists[key] = value
    copies = _field(where, entry, "copies", int)
    if copies < 1:
        raise BadGameData(f"{where}: field 'copies' must be at least 1, got {copies}.")
    ajian = _field(where, entry, "ajian", str, None)
    if ajian is not None and ajian not in AJIAN:
        raise BadGameData(f"{where}: field 'ajian' must be one of {', '.join(AJIAN)}, got {ajian!r}.")
    frm = _field(where, entry, "from_players", int, MIN_PLAYERS)
    if not MIN_PLAYERS <= frm <= MAX_PLAYERS:
        raise BadGameData(f"{where}: field 'from_players' must be {MIN_PLAYERS} to {MAX_PLAYERS}, got {frm}.")
    if frm != MIN_PLAYERS and ajian != "mata_menembus_sukma":
        raise BadGameData(f"{where}: field 'from_players' is only for Mata Menembus Sukma copies.")
    return SkillCard(sid, fists["top"], fists["bottom"], copies, ajian, frm)


def parse_cards(data: Mapping[str, Any]) -> CardSet:
    """Validate parsed TOML; BadGameData names the card and field of the first problem."""
    chars_raw = data.get("character")
    skills_raw = data.get("skill")
    if not isinstance(chars_raw, list) or not isinstance(skills_raw, list):
        raise BadGameData("card data: needs [[character]] and [[skill]] tables.")
    characters: dict[str, Character] = {}
    for i, entry in enumerate(chars_raw):
        ch = _character(i, entry)
        if ch.id in characters:
            raise BadGameData(f"character {ch.id!r}: field 'id' is used twice.")
        characters[ch.id] = ch
    missing = [c for c in CHARACTER_IDS if c not in characters]
    if missing:
        raise BadGameData(f"character {missing[0]!r}: missing from the card data.")
    characters = {cid: characters[cid] for cid in CHARACTER_IDS}
    skills: dict[str, SkillCard] = {}
    for i, entry in enumerate(skills_raw):
        card = _skill(i, entry)
        if card.id in skills:
            raise BadGameData(f"skill card {card.id!r}: field 'id' is used twice.")
        skills[card.id] = card
    total = sum(c.copies for c in skills.values())
    if total != SKILL_CARD_TOTAL:
        raise BadGameData(f"skill cards: the copies add up to {total}, not {SKILL_CARD_TOTAL}.")
    for ajian in AJIAN:
        if not any(c.ajian == ajian for c in skills.values()):
            raise BadGameData(f"skill cards: no card has ajian = {ajian!r}.")
    sukma = sorted(c.from_players for c in skills.values() if c.ajian == "mata_menembus_sukma" for _ in range(c.copies))
    if sukma != [4, 6]:
        raise BadGameData("skill cards: Mata Menembus Sukma needs 2 copies, field 'from_players' 4 and 6 as printed.")
    return CardSet(characters, skills)


@lru_cache(maxsize=1)
def load_cards() -> CardSet:
    """The shipped card set, parsed once per process."""
    text = resources.files(__package__).joinpath("cards.toml").read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BadGameData(f"cards.toml: not valid TOML ({exc}).") from None
    return parse_cards(data)
