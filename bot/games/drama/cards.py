"""Drama Pukul 7 card definitions and the loader that validates ``cards.toml``.

The card set lives in one TOML file so a community can edit it to match its
printed copy. Because an edited file can be wrong in many small ways, loading
checks everything the engine relies on (deck sizes, unique names, known
effects and conditions, value ranges) and stops with a :class:`BadGameData`
naming the card and the field, instead of failing mid-game.

Card instances in a game are small ints: Blue cards are ids ``0..63`` and
Green cards ``64..103``, in file order with copies repeated.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from bot.kernel.contract import BadGameData

HERO_COUNT, BLUE_COUNT, GREEN_COUNT = 8, 64, 40
ATTRS = ("juta", "draw", "action", "dengki")
ITEM_TYPES = ("accessory", "building", "vehicle")
GENDERS = ("M", "F")
CLASSES = ("episode", "plot_twist", "ability")

#: One-shot effects: kind -> (min amount, max amount). Used by Episodes, Plot
#: Twists and active abilities.
ONE_SHOT: dict[str, tuple[int, int]] = {
    "gain_juta": (1, 5),
    "draw": (1, 5),
    "heal": (1, 7),
    "extra_turn": (0, 0),
    "bonus_action": (1, 3),
    "bonus_dengki": (1, 5),
    "kedai_discount": (1, 5),
    "all_pay": (1, 3),
    "dengki": (1, 7),
    "lose_air_muka": (1, 7),
    "take_juta": (1, 5),
    "discard_random": (1, 3),
    "steal_random_card": (1, 3),
    "discard_spouse": (0, 0),
    "steal_item": (0, 0),
    "revive_member": (0, 0),
    "free_kahwin": (0, 0),
    "skip_turn": (0, 0),
    "lose_action": (1, 3),
    "cancel": (0, 0),
    "reflect_attack": (0, 0),
    "reduce_attack": (1, 7),
}
PASSIVE: dict[str, tuple[int, int]] = {
    "dengki_reduce": (1, 3),
    "item_discount": (1, 3),
    "kahwin_discount": (1, 3),
    "recruit_discount": (1, 2),
}
REACTIVE: dict[str, tuple[int, int]] = {"prevent_loss": (0, 0), "reduce_loss": (1, 3)}
#: Conditions a card may state; the ones taking a value give its range.
CONDITIONS: dict[str, tuple[int, int] | None] = {
    "others_turn": None,
    "dengki_target": None,
    "member_in_discard": None,
    "other_has_item": None,
    "other_married": None,
    "no_spouse": None,
    "air_muka_at_most": (1, 6),
}
#: Effects that only make sense at a given moment: the card must state that condition.
NEEDS_CONDITION = {
    "skip_turn": "others_turn",
    "lose_action": "others_turn",
    "reflect_attack": "dengki_target",
    "reduce_attack": "dengki_target",
}
#: Effects only a Plot Twist can carry (they answer something happening now).
PLOT_TWIST_ONLY = {"cancel", "skip_turn", "lose_action", "reflect_attack", "reduce_attack"}
#: Conditions that never hold on your own turn, so Episodes and active abilities may not use them.
OTHERS_TURN_CONDITIONS = {"others_turn", "dengki_target"}
#: Which action parameter an effect needs: "target" (a player), "card" (a card id picked
#: from somewhere), "entry" (a response on the stack).
PARAMS = {
    "dengki": "target",
    "lose_action": None,
    "lose_air_muka": "target",
    "take_juta": "target",
    "discard_random": "target",
    "steal_random_card": "target",
    "discard_spouse": "target",
    "steal_item": "target",
    "revive_member": "pick",
    "free_kahwin": "pick",
    "cancel": "entry",
}
#: The extra card parameter of two-step targets (steal an ITEM *of* the target).
SECOND_PARAM = {"steal_item": "pick"}


@dataclass(frozen=True)
class Effect:
    kind: str
    amount: int = 0
    cancels: tuple[str, ...] = ()


@dataclass(frozen=True)
class Condition:
    kind: str
    value: int = 0


@dataclass(frozen=True)
class Cost:
    discard: int = 0
    juta: int = 0
    discard_self: bool = False


@dataclass(frozen=True)
class Ability:
    """``kind`` is none, passive, active or reactive; passive effects are always on."""

    kind: str = "none"
    text: str = ""
    effects: tuple[Effect, ...] = ()
    conditions: tuple[Condition, ...] = ()
    cost: Cost = Cost()
    #: A shorter wording for tight places (a select option's description); "" when ``text`` is short.
    short: str = ""

    def amount(self, kind: str) -> int:
        return sum(e.amount for e in self.effects if e.kind == kind)


@dataclass(frozen=True)
class HeroDef:
    key: str
    sides: tuple[tuple[str, str], ...]  # (name, gender) for side 0 and side 1
    ability: Ability


@dataclass(frozen=True)
class BlueDef:
    name: str
    kind: str  # episode | plot_twist
    text: str
    effects: tuple[Effect, ...]
    conditions: tuple[Condition, ...]
    short: str = ""  # as Ability.short


@dataclass(frozen=True)
class GreenDef:
    name: str
    kind: str  # item | member
    slot: str  # accessory | building | vehicle | member: the type limited to 2
    price: int
    attrs: tuple[int, int, int, int]
    ability: Ability
    gender: str = ""
    air_muka: int = 0
    recruit: int = 0
    kahwin: int = 0


@dataclass(frozen=True)
class CardSet:
    heroes: tuple[HeroDef, ...]
    blue: tuple[BlueDef, ...]  # index = card id
    green: tuple[GreenDef, ...]  # index = card id - BLUE_COUNT

    def hero(self, key: str) -> HeroDef:
        return self._heroes_by_key[key]

    @cached_property
    def _heroes_by_key(self) -> dict[str, HeroDef]:
        """Looked up for every seat of every view and attribute count, so a dict, not a scan."""
        return {h.key: h for h in self.heroes}

    def side_names(self) -> dict[str, tuple[str, int]]:
        """Every hero side name -> (hero key, side)."""
        return {name: (h.key, i) for h in self.heroes for i, (name, _g) in enumerate(h.sides)}

    def name(self, cid: int) -> str:
        return self.blue[cid].name if cid < BLUE_COUNT else self.green[cid - BLUE_COUNT].name

    def is_blue(self, cid: int) -> bool:
        return cid < BLUE_COUNT

    def g(self, cid: int) -> GreenDef:
        return self.green[cid - BLUE_COUNT]


def _fail(card: str, fieldname: str, message: str) -> BadGameData:
    return BadGameData(f"Drama Pukul 7 card data: card {card!r}, field {fieldname!r}: {message}")


def _int(card: str, fieldname: str, value: Any, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(card, fieldname, f"must be a whole number, got {value!r}")
    if not low <= value <= high:
        raise _fail(card, fieldname, f"must be between {low} and {high}, got {value}")
    return value


def _str(card: str, fieldname: str, value: Any, allowed: tuple[str, ...] | None = None) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _fail(card, fieldname, f"must be a non-empty text, got {value!r}")
    if allowed is not None and value not in allowed:
        raise _fail(card, fieldname, f"must be one of {', '.join(allowed)}, got {value!r}")
    return value


def _table(card: str, fieldname: str, value: Any, keys: set[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(card, fieldname, "must be a table")
    unknown = set(value) - keys
    if unknown:
        raise _fail(card, fieldname, f"unknown key(s) {', '.join(sorted(unknown))}")
    return value


def _effects(card: str, raw: Any, catalog: dict[str, tuple[int, int]], where: str) -> tuple[Effect, ...]:
    if not isinstance(raw, list) or not raw:
        raise _fail(card, where, "must be a non-empty list of effects")
    out = []
    for i, e in enumerate(raw):
        f = f"{where}[{i}]"
        e = _table(card, f, e, {"kind", "amount", "cancels"})
        kind = _str(card, f + ".kind", e.get("kind"))
        if kind not in catalog:
            raise _fail(
                card, f + ".kind", f"unknown or misplaced effect {kind!r}; allowed here: {', '.join(sorted(catalog))}"
            )
        low, high = catalog[kind]
        amount = _int(card, f + ".amount", e.get("amount", 0), low, high)
        cancels: tuple[str, ...] = ()
        if kind == "cancel":
            lst = e.get("cancels")
            if not isinstance(lst, list) or not lst:
                raise _fail(card, f + ".cancels", "a cancel must list what it cancels")
            cancels = tuple(_str(card, f + ".cancels", c, CLASSES) for c in lst)
        elif "cancels" in e:
            raise _fail(card, f + ".cancels", "only a cancel effect lists what it cancels")
        out.append(Effect(kind, amount, cancels))
    params = [PARAMS.get(x.kind) for x in out if PARAMS.get(x.kind)] + [
        SECOND_PARAM[x.kind] for x in out if x.kind in SECOND_PARAM
    ]
    if len(params) != len(set(params)):
        raise _fail(card, where, "at most one effect may need each kind of target")
    return tuple(out)


def _conditions(card: str, raw: Any, where: str) -> tuple[Condition, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise _fail(card, where, "must be a list")
    out = []
    for i, c in enumerate(raw):
        f = f"{where}[{i}]"
        if isinstance(c, str):
            c = {"kind": c}
        c = _table(card, f, c, {"kind", "value"})
        kind = _str(card, f + ".kind", c.get("kind"))
        if kind not in CONDITIONS:
            raise _fail(card, f + ".kind", f"unknown condition {kind!r}; known: {', '.join(sorted(CONDITIONS))}")
        rng = CONDITIONS[kind]
        if rng is None:
            if "value" in c:
                raise _fail(card, f + ".value", f"condition {kind!r} takes no value")
            out.append(Condition(kind))
        else:
            out.append(Condition(kind, _int(card, f + ".value", c.get("value"), *rng)))
    return tuple(out)


def _check_timing(card: str, effects: tuple[Effect, ...], conds: tuple[Condition, ...], own_turn: bool) -> None:
    kinds = {c.kind for c in conds}
    for e in effects:
        need = NEEDS_CONDITION.get(e.kind)
        if need and need not in kinds:
            raise _fail(card, "conditions", f"effect {e.kind!r} needs the condition {need!r}")
    if own_turn and kinds & OTHERS_TURN_CONDITIONS:
        raise _fail(
            card,
            "conditions",
            "an EPISODE or active ABILITY is used on your own turn, "
            f"so it cannot have {', '.join(sorted(kinds & OTHERS_TURN_CONDITIONS))}",
        )


def _cost(card: str, raw: Any, where: str, self_ok: bool) -> Cost:
    if raw is None:
        return Cost()
    raw = _table(card, where, raw, {"discard", "juta", "discard_self"})
    disc = _int(card, where + ".discard", raw.get("discard", 0), 0, 1)
    juta = _int(card, where + ".juta", raw.get("juta", 0), 0, 5)
    self_ = raw.get("discard_self", False)
    if not isinstance(self_, bool) or (self_ and not self_ok):
        raise _fail(card, where + ".discard_self", "must be true or false, and only a card in play can discard itself")
    return Cost(disc, juta, self_)


def _ability(card: str, raw: Any, where: str, hero: bool) -> Ability:
    if raw is None:
        return Ability()
    raw = _table(card, where, raw, {"kind", "text", "short", "effects", "conditions", "cost"})
    kind = "active" if hero else _str(card, where + ".kind", raw.get("kind"), ("passive", "active", "reactive"))
    if hero and raw.get("kind", "active") != "active":
        raise _fail(card, where + ".kind", "a hero ability is active")
    text = _str(card, where + ".text", raw.get("text"))
    catalog = {"passive": PASSIVE, "active": ONE_SHOT, "reactive": REACTIVE}[kind]
    if kind == "active":
        catalog = {k: v for k, v in ONE_SHOT.items() if k not in PLOT_TWIST_ONLY}
    effects = _effects(card, raw.get("effects"), catalog, where + ".effects")
    conds = _conditions(card, raw.get("conditions"), where + ".conditions")
    if kind != "active" and conds:
        raise _fail(card, where + ".conditions", f"a {kind} ability has no conditions")
    _check_timing(card, effects, conds, own_turn=True)
    cost = _cost(card, raw.get("cost"), where + ".cost", self_ok=not hero)
    if kind == "passive" and cost != Cost():
        raise _fail(card, where + ".cost", "a passive ability costs nothing")
    return Ability(kind, text, effects, conds, cost, _short(card, where + ".short", raw.get("short")))


#: The longest ``short`` text: it must fit a select option's description with the card's type in front.
SHORT_MAX = 80


def _short(card: str, where: str, raw: Any) -> str:
    if raw is None:
        return ""
    text = _str(card, where, raw)
    if len(text) > SHORT_MAX:
        raise _fail(card, where, f"a short text has at most {SHORT_MAX} characters (this one has {len(text)})")
    return text


def _copies(card: str, raw: dict[str, Any]) -> int:
    return _int(card, "copies", raw.get("copies", 1), 1, 10)


def _name(raw: Any, section: str, index: int) -> str:
    if not isinstance(raw, dict):
        raise BadGameData(f"Drama Pukul 7 card data: entry {index} of [[{section}]] is not a table")
    name = raw.get("name", raw.get("key"))
    if not isinstance(name, str) or not name.strip():
        raise _fail(f"{section} #{index + 1}", "name", "every card needs a name")
    return name


def _hero(raw: dict[str, Any], i: int) -> HeroDef:
    key = _name(raw, "hero", i)
    _table(key, "hero", raw, {"key", "sides", "ability"})
    sides = raw.get("sides")
    if not isinstance(sides, list) or len(sides) != 2:
        raise _fail(key, "sides", "a hero card has exactly two sides")
    parsed = []
    for j, s in enumerate(sides):
        s = _table(key, f"sides[{j}]", s, {"name", "gender"})
        parsed.append(
            (_str(key, f"sides[{j}].name", s.get("name")), _str(key, f"sides[{j}].gender", s.get("gender"), GENDERS))
        )
    if parsed[0][1] == parsed[1][1]:
        raise _fail(key, "sides", "the two sides of a hero have different genders")
    if raw.get("ability") is None:
        raise _fail(key, "ability", "every hero has an ability")
    return HeroDef(key, tuple(parsed), _ability(key, raw.get("ability"), "ability", hero=True))


def _blue(raw: dict[str, Any], i: int) -> tuple[BlueDef, int]:
    name = _name(raw, "blue", i)
    _table(name, "blue", raw, {"name", "type", "copies", "text", "short", "effects", "conditions"})
    kind = _str(name, "type", raw.get("type"), ("episode", "plot_twist"))
    catalog = ONE_SHOT if kind == "plot_twist" else {k: v for k, v in ONE_SHOT.items() if k not in PLOT_TWIST_ONLY}
    effects = _effects(name, raw.get("effects"), catalog, "effects")
    conds = _conditions(name, raw.get("conditions"), "conditions")
    _check_timing(name, effects, conds, own_turn=kind == "episode")
    return (
        BlueDef(
            name, kind, _str(name, "text", raw.get("text")), effects, conds, _short(name, "short", raw.get("short"))
        ),
        _copies(name, raw),
    )


def _green(raw: dict[str, Any], i: int) -> tuple[GreenDef, int]:
    name = _name(raw, "green", i)
    keys = {
        "name",
        "type",
        "copies",
        "attributes",
        "ability",
        "item_type",
        "price",
        "gender",
        "air_muka",
        "recruit",
        "kahwin",
    }
    _table(name, "green", raw, keys)
    kind = _str(name, "type", raw.get("type"), ("item", "member"))
    attrs_raw = _table(name, "attributes", raw.get("attributes", {}), set(ATTRS))
    juta, draw, action, dengki = (_int(name, f"attributes.{a}", attrs_raw.get(a, 0), 0, 3) for a in ATTRS)
    attrs = (juta, draw, action, dengki)
    ability = _ability(name, raw.get("ability"), "ability", hero=False)
    if kind == "item":
        for k in ("gender", "air_muka", "recruit", "kahwin"):
            if k in raw:
                raise _fail(name, k, "only a MEMBER has this field")
        slot = _str(name, "item_type", raw.get("item_type"), ITEM_TYPES)
        price = _int(name, "price", raw.get("price"), 0, 10)
        return GreenDef(name, kind, slot, price, attrs, ability), _copies(name, raw)
    for k in ("item_type", "price"):
        if k in raw:
            raise _fail(name, k, "only an ITEM has this field")
    return GreenDef(
        name,
        kind,
        "member",
        0,
        attrs,
        ability,
        gender=_str(name, "gender", raw.get("gender"), GENDERS),
        air_muka=_int(name, "air_muka", raw.get("air_muka"), 1, 7),
        recruit=_int(name, "recruit", raw.get("recruit"), 0, 5),
        kahwin=_int(name, "kahwin", raw.get("kahwin", 2), 0, 10),
    ), _copies(name, raw)


def parse_cards(text: str) -> CardSet:
    """Parse and validate card data text; raises BadGameData naming the card and field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BadGameData(f"Drama Pukul 7 card data is not valid TOML: {exc}") from None
    unknown = set(data) - {"hero", "blue", "green"}
    if unknown:
        raise BadGameData(f"Drama Pukul 7 card data: unknown section(s) {', '.join(sorted(unknown))}")
    for section in ("hero", "blue", "green"):
        if not isinstance(data.get(section, []), list):
            raise BadGameData(f"Drama Pukul 7 card data: [[{section}]] must be a list of tables")
    heroes = tuple(_hero(h, i) for i, h in enumerate(data.get("hero", [])))
    names = [n for h in heroes for n, _g in h.sides] + [h.key for h in heroes]
    blue: list[BlueDef] = []
    for i, raw in enumerate(data.get("blue", [])):
        blue_card, copies = _blue(raw, i)
        blue.extend([blue_card] * copies)
        names.append(blue_card.name)
    green: list[GreenDef] = []
    for i, raw in enumerate(data.get("green", [])):
        green_card, copies = _green(raw, i)
        green.extend([green_card] * copies)
        names.append(green_card.name)
    counts = (("hero", len(heroes), HERO_COUNT), ("blue", len(blue), BLUE_COUNT), ("green", len(green), GREEN_COUNT))
    for label, got, want in counts:
        if got != want:
            raise BadGameData(
                f"Drama Pukul 7 card data: the {label} deck must hold {want} cards (copies counted), found {got}"
            )
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise _fail(name, "name", "this name is used by more than one card")
        seen.add(name)
    return CardSet(heroes, tuple(blue), tuple(green))


def load_cards(path: str | Path | None = None) -> CardSet:
    """The card set from ``path`` (default: the packaged cards.toml)."""
    if path is None:
        return default_cards()
    return parse_cards(Path(path).read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def default_cards() -> CardSet:
    return parse_cards((Path(__file__).with_name("cards.toml")).read_text(encoding="utf-8"))
