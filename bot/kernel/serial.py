"""Dataclass states to JSON and back, exactly, driven by the type hints.

Engines keep their state as plain dataclasses. ``dumps`` writes one as
compact JSON; ``loads`` rebuilds it from the class's type hints, so int
dictionary keys (which JSON turns into strings), tuples, optional fields and
nested dataclasses come back as they were. A test in every game asserts
``loads(dumps(s)) == s`` along random playouts.

The bot saves the state after every move, so this is on the hot path. For
each type the first call compiles a converter from the hints; parts that are
already JSON (ints, strings, lists of them) pass through untouched instead of
being walked value by value.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")
Convert = Callable[[Any], Any]

_NATIVE = (int, str, bool, float, type(None))
_encode_json = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode


def _identity(value: Any) -> Any:
    return value


# --- generic, hint-free encoding (for values typed Any) ---------------------------
def to_data(obj: Any) -> Any:
    """JSON-compatible data for a dataclass tree (dict keys become strings). Always a fresh copy."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_data(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, (list, tuple)):
        return [to_data(v) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted(to_data(v) for v in obj)
    if isinstance(obj, dict):
        return {str(k): to_data(v) for k, v in obj.items()}
    return obj


def from_data(cls: type[T], data: Any) -> T:
    """Rebuild an object of type ``cls`` (a dataclass or any hinted type) from ``to_data`` output."""
    value: T = _decoder(_key(cls))(data)
    return value


def dumps(obj: Any) -> str:
    """Compact JSON of a dataclass tree, fields in declaration order."""
    return _encode_json(_encoder(_key(type(obj)))(obj))


def loads(cls: type[T], text: str) -> T:
    value: T = _decoder(_key(cls))(json.loads(text))
    return value


def _key(tp: type[Any]) -> object:
    """``tp`` as the converters' cache key: a class is hashable, though mypy does not see ``type[T]`` as
    ``Hashable``."""
    return tp


# --- compiled converters ------------------------------------------------------------
@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _is_native(tp: Any) -> bool:
    """A type whose values are already JSON and need no conversion either way."""
    if tp in _NATIVE:
        return True
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is list:
        return bool(args) and _is_native(args[0])
    if origin is dict:
        return bool(args) and args[0] is str and _is_native(args[1])
    if origin in (typing.Union, types.UnionType):
        return all(_is_native(a) for a in args)
    return False


def _non_none(args: tuple[Any, ...]) -> list[Any]:
    return [a for a in args if a is not type(None)]


@cache
def _encoder(tp: Any) -> Convert:
    """Type -> JSON data. Native parts are shared, not copied: the result is meant to be dumped at once."""
    if tp is Any or _is_native(tp):
        return to_data if tp is Any else _identity
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        inner = _non_none(args)
        if len(inner) == 1:
            enc = _encoder(inner[0])
            return lambda v: None if v is None else enc(v)
        return to_data
    if origin in (list, set, frozenset, tuple):
        if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            encs = [_encoder(a) for a in args]
            return lambda v: [e(x) for e, x in zip(encs, v, strict=False)]  # as ever: no length check
        enc = _encoder(args[0]) if args else to_data
        if origin in (set, frozenset):
            return lambda v: sorted(enc(x) for x in v)
        return lambda v: [enc(x) for x in v]
    if origin is dict:
        if args and _is_native(args[1]):
            return lambda v: {str(k): x for k, x in v.items()}
        val = _encoder(args[1]) if args else to_data
        return lambda v: {str(k): val(x) for k, x in v.items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        plan = [(f.name, _encoder(hints[f.name])) for f in dataclasses.fields(tp)]
        return lambda v: {name: enc(getattr(v, name)) for name, enc in plan}
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return lambda v: v.value
    return to_data


@cache
def _decoder(tp: Any) -> Convert:
    """JSON data -> type. Native parts come straight from ``json.loads`` (already fresh objects)."""
    if tp is Any or _is_native(tp):
        return (
            (lambda v: float(v) if isinstance(v, int) and not isinstance(v, bool) else v) if tp is float else _identity
        )
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        inner = _non_none(args)
        if len(inner) == 1:
            dec = _decoder(inner[0])
            return lambda v: None if v is None else dec(v)
        decs = [_decoder(a) for a in inner]

        def first_fit(v: Any) -> Any:
            if v is None and type(None) in args:
                return None
            for dec in decs:
                try:
                    return dec(v)
                except (TypeError, ValueError, KeyError):
                    continue
            raise TypeError(f"no member of {tp} accepts {v!r}")

        return first_fit
    if origin is list:
        dec = _decoder(args[0]) if args else _identity
        return lambda v: [dec(x) for x in v]
    if origin in (set, frozenset):
        dec = _decoder(args[0]) if args else _identity
        return lambda v: origin(dec(x) for x in v)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            dec = _decoder(args[0])
            return lambda v: tuple(dec(x) for x in v)
        if not args:
            return tuple
        decs = [_decoder(a) for a in args]
        return lambda v: tuple(d(x) for d, x in zip(decs, v, strict=False))  # as ever: no length check
    if origin is dict:
        key = _key_decoder(args[0]) if args else _identity
        if args and args[0] is int and _is_native(args[1]):
            return lambda v: {int(k): x for k, x in v.items()}
        val = _decoder(args[1]) if args else _identity
        return lambda v: {key(k): val(x) for k, x in v.items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        plan = [(f.name, _decoder(hints[f.name])) for f in dataclasses.fields(tp)]

        def build(v: dict[str, Any]) -> Any:
            return tp(**{name: dec(v[name]) for name, dec in plan if name in v})

        return build
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp
    return _identity


def _key_decoder(tp: Any) -> Convert:
    if tp is int:
        return int
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        value_type = type(next(iter(tp)).value)
        return lambda k: tp(value_type(k))
    return _identity
