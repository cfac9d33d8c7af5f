"""Options a game (or the table itself) declares, and the one validator they all share.

A game lists its options as :class:`Option` records instead of writing its own
checks, so the slash command ``/<game> new``, the lobby's controls, the lobby
embed and the engine's ``check_options`` are all built from one declaration
and can never disagree about names, allowed values or defaults.

Stored shape (``MatchRecord.options`` / ``MatchRecord.table_options``)::

    {"heroes": "deal",                                  # a match-wide option
     "gender": {"7100000000000001": "female"}}          # a per-player option: str(player id) -> value

A per-player option a player has not set is simply absent from its mapping;
the engine decides what "unset" means (Laga's SPG Job: no gender, no target).

Pure: no discord, no asyncio. Bad values raise :class:`bot.kernel.contract.IllegalAction`
with a reason naming the allowed values or the range, and nothing is changed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from bot.kernel.i18n import N_, t, translate
from bot.kernel.refusals import IllegalAction

Kind = Literal["choice", "bool", "int"]
KINDS: tuple[str, ...] = ("choice", "bool", "int")
#: Discord's limit on option and select descriptions; ``summary`` must fit in it.
SHORT_LIMIT = 100

#: A slash parameter name and a piece of a custom_id: lowercase, like Discord wants option names.
NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


@dataclass(frozen=True)
class Choice:
    """One allowed value of a ``choice`` option. ``aliases`` are other spellings accepted on input.

    ``label`` is English, written with ``N_`` so it reaches the template; it is translated where shown.
    """

    value: str
    label: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Option:
    """One option: what it is called, what values it takes, and what it means to a player.

    ``aliases`` are older names still accepted on input, so matches stored
    before an option was renamed keep loading (Laga's ``genders``). ``label``,
    ``description`` and ``summary`` are English texts written with ``N_``:
    ``title`` and ``show`` translate them for the reader, ``lobby_view`` the
    description; ``short`` stays the English msgid for slash command descriptions.
    """

    name: str
    kind: Kind
    description: str
    default: Any = None
    choices: tuple[Choice, ...] = ()
    per_player: bool = False
    min: int | None = None
    max: int | None = None
    #: Display name; defaults to the name with spaces ("full_windows" -> "Full windows").
    label: str = ""
    #: At most 100 characters, for where Discord limits descriptions; defaults to ``description``.
    summary: str = ""
    aliases: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not NAME.fullmatch(self.name):
            raise ValueError(f"option {self.name!r}: a name is 1-32 lowercase letters, digits or _")
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name}: kind must be one of {KINDS}, not {self.kind!r}")
        if self.kind == "choice" and not self.choices:
            raise ValueError(f"option {self.name}: a choice option needs choices")
        if self.kind == "int" and (self.min is None or self.max is None or self.min > self.max):
            raise ValueError(f"option {self.name}: an int option needs min <= max")
        if len(self.short) > SHORT_LIMIT:
            raise ValueError(f"option {self.name}: summary longer than {SHORT_LIMIT} characters")
        if self.default is not None:
            self.check(self.default)  # a declaration whose default it would refuse is a bug

    @property
    def title(self) -> str:
        """The display name in the reader's language (``label`` is an ``N_`` text)."""
        return translate(self.label) if self.label else self.name.replace("_", " ").capitalize()

    @property
    def short(self) -> str:
        return self.summary or self.description

    def allowed(self) -> str:
        """The allowed values in words, for refusals: "choose or deal", "on or off", "2 to 10"."""
        if self.kind == "choice":
            values = [c.value for c in self.choices]
            if len(values) > 1:
                return t("{values} or {last}", values=", ".join(values[:-1]), last=values[-1])
            return values[0]
        if self.kind == "bool":
            return t("on or off (true or false)")
        return t("a whole number from {low} to {high}", low=self.min, high=self.max)

    def check(self, value: Any) -> Any:
        """``value`` in its canonical form (a choice's value, a bool, an int); IllegalAction if not allowed.

        Strings are accepted for every kind because select menus send strings.
        """
        refused = IllegalAction(
            t(
                "{option} must be {allowed}; {value} is not allowed.",
                option=self.title,
                allowed=self.allowed(),
                value=repr(value),
            )
        )
        if self.kind == "choice":
            if isinstance(value, str):
                for choice in self.choices:
                    if value == choice.value:
                        return choice.value
                folded = value.strip().lower()
                for choice in self.choices:
                    if folded == choice.value.lower() or folded in (a.lower() for a in choice.aliases):
                        return choice.value
            raise refused
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in _TRUE + _FALSE:
                return value.strip().lower() in _TRUE
            raise refused
        number: int
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif isinstance(value, str) and value.strip().lstrip("-").isdigit():
            number = int(value.strip())
        else:
            raise refused
        low, high = self._bounds()
        if not low <= number <= high:
            raise refused
        return number

    def _bounds(self) -> tuple[int, int]:
        """An int option's ``min`` and ``max`` (``__post_init__`` refuses an int option without both)."""
        assert self.min is not None and self.max is not None
        return self.min, self.max

    def show(self, value: Any) -> str:
        """A value as a player reads it ("Deal", "on", "4"); "not set" for None."""
        if value is None:
            return t("not set")
        if self.kind == "choice":
            return next((translate(c.label) for c in self.choices if c.value == value), str(value))
        if self.kind == "bool":
            return t("on") if value else t("off")
        return str(value)

    def values(self, limit: int = 25) -> list[tuple[str, str]]:
        """(wire value, label) pairs for a select menu, at most ``limit`` (a long int range is spread evenly)."""
        if self.kind == "choice":
            return [(c.value, translate(c.label)) for c in self.choices][:limit]
        if self.kind == "bool":
            return [("true", t("On")), ("false", t("Off"))]
        lo, hi = self._bounds()
        span = hi - lo
        if span < limit:
            numbers = list(range(lo, hi + 1))
        else:
            numbers = sorted({lo + round(i * span / (limit - 1)) for i in range(limit)})
        return [(str(n), str(n)) for n in numbers]

    def wire(self, value: Any) -> str:
        """A canonical value as a select menu's value (the inverse of :meth:`check` on strings)."""
        if self.kind == "bool":
            return "true" if value else "false"
        return str(value)


def find(declared: Sequence[Option], name: str, *, owner: str) -> Option:
    """The option called ``name`` (or an alias); IllegalAction naming the known options otherwise."""
    for option in declared:
        if name == option.name or name in option.aliases:
            return option
    raise IllegalAction(_unknown(owner, declared, [name]))


def _unknown(owner: str, declared: Sequence[Option], names: Iterable[str]) -> str:
    got = ", ".join(sorted(str(n) for n in names))
    if not declared:
        return t("{owner} has no options; got {got}.", owner=owner, got=got)
    return t(
        "{owner} has no option {got}; its options are: {names}.",
        owner=owner,
        got=got,
        names=", ".join(o.name for o in declared),
    )


def check_player_values(option: Option, raw: Any) -> dict[str, Any]:
    """A per-player option's mapping, keyed by ``str(player id)``, each value checked; None values mean unset."""
    if not isinstance(raw, Mapping):
        raise IllegalAction(
            t(
                "{option} is set per player: it maps player ids to {allowed}.",
                option=option.title,
                allowed=option.allowed(),
            )
        )
    values: dict[str, Any] = {}
    for key, value in raw.items():
        try:
            player = int(key)
        except (TypeError, ValueError):
            raise IllegalAction(
                t("{option} given for {key}, which is not a player id.", option=option.title, key=repr(key))
            ) from None
        if value is not None:
            values[str(player)] = option.check(value)
    return values


def check_options(declared: Sequence[Option], options: Mapping[str, Any] | None, *, owner: str) -> dict[str, Any]:
    """Validated options with defaults filled in: every declared name present, no other.

    Match-wide options take their default when absent; per-player options are
    a (possibly empty) mapping of player id to value. Old names (aliases) are
    read and written back under the current name.
    """
    given = dict(options or {})
    known = {n for o in declared for n in (o.name, *o.aliases)}
    unknown = [n for n in given if n not in known]
    if unknown:
        raise IllegalAction(_unknown(owner, declared, unknown))
    checked: dict[str, Any] = {}
    for option in declared:
        raw = given.get(option.name)
        if raw is None:
            raw = next((given[a] for a in option.aliases if given.get(a) is not None), None)
        if option.per_player:
            checked[option.name] = check_player_values(option, raw) if raw is not None else {}
        else:
            checked[option.name] = option.default if raw is None else option.check(raw)
    return checked


def seated_only(declared: Sequence[Option], options: Mapping[str, Any], players: Sequence[int]) -> dict[str, Any]:
    """The options with per-player values of players no longer seated dropped (someone left the lobby)."""
    seats = {str(p) for p in players}
    result = dict(options)
    for option in declared:
        if option.per_player and isinstance(result.get(option.name), Mapping):
            result[option.name] = {k: v for k, v in result[option.name].items() if k in seats}
    return result


# --- the table's own options (the platform's, never passed to an engine) --------------
TABLE_OWNER = N_("The table")

TABLE_OPTIONS: tuple[Option, ...] = (
    Option(
        name="full_windows",
        kind="bool",
        default=False,
        label=N_("Full windows"),
        description=N_(
            "Full windows: ask everyone eligible in every response window, even players who can only "
            "pass (strict secrecy, slower)"
        ),
        summary=N_("Ask everyone eligible in every response window, even those who can only pass (secret; slower)"),
    ),
)


def check_table_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validated table options with defaults filled in (stored in ``MatchRecord.table_options``)."""
    return check_options(TABLE_OPTIONS, options, owner=translate(TABLE_OWNER))
