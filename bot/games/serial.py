"""Dataclass states to JSON and back, exactly, driven by the type hints.

Engines keep their state as plain dataclasses. ``to_data`` turns one into
JSON-compatible data; ``from_data`` rebuilds it from the class's type hints,
so int dictionary keys (which JSON turns into strings), tuples, optional
fields and nested dataclasses come back as they were. A test in every game
asserts ``from_data(to_data(s)) == s`` along random playouts.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from functools import lru_cache
from typing import Any, TypeVar

T = TypeVar("T")


def to_data(obj: Any) -> Any:
    """JSON-compatible data for a dataclass tree (dict keys become strings)."""
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
    return _convert(cls, data)


def dumps(obj: Any) -> str:
    """Compact, key-ordered JSON of a dataclass tree."""
    return json.dumps(to_data(obj), separators=(",", ":"), sort_keys=False)


def loads(cls: type[T], text: str) -> T:
    return from_data(cls, json.loads(text))


@lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _convert(tp: Any, data: Any) -> Any:
    if tp is Any:
        return data
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        non_none = [a for a in args if a is not type(None)]
        if len(non_none) == 1:
            return _convert(non_none[0], data)
        for arg in non_none:  # first member that accepts the value
            try:
                return _convert(arg, data)
            except (TypeError, ValueError, KeyError):
                continue
        raise TypeError(f"no member of {tp} accepts {data!r}")
    if origin in (list, typing.List):
        (item,) = args or (Any,)
        return [_convert(item, v) for v in data]
    if origin in (tuple, typing.Tuple):
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(args[0], v) for v in data)
        if not args:
            return tuple(data)
        return tuple(_convert(a, v) for a, v in zip(args, data))
    if origin in (set, frozenset):
        (item,) = args or (Any,)
        return origin(_convert(item, v) for v in data)
    if origin in (dict, typing.Dict):
        key_t, val_t = args or (Any, Any)
        return {_convert_key(key_t, k): _convert(val_t, v) for k, v in data.items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        kwargs = {}
        for f in dataclasses.fields(tp):
            if f.name in data:
                kwargs[f.name] = _convert(hints[f.name], data[f.name])
        return tp(**kwargs)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp(data)
    if tp is float and isinstance(data, int):
        return float(data)
    return data


def _convert_key(tp: Any, key: str) -> Any:
    if tp is int:
        return int(key)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp(type(next(iter(tp)).value)(key))
    return key
