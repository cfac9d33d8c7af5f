"""A small JSON Schema checker for request bodies and query strings, against Discord's own spec.

The stand-in's hand-written limits (``validate.py``) are written by the same team as the bot, so
they share its misunderstandings. This module checks every request against the vendored part of
Discord's OpenAPI description (``bot/sim/spec``) instead: types, enums, lengths, ranges, formats
(``uri``, ``date-time``, snowflakes) and unions (resolved on the ``type`` discriminator, as
Discord does for components and interaction callbacks). A failure is the 400 / 50035
"Invalid Form Body" Discord returns, with the field path of the first offending value.

Tolerated on purpose (see the spec notes): snowflakes sent as JSON integers, and fields the spec
does not declare (its schemas do not forbid them, and discord.py sends a few).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tools.sim.errors import APIError, form_error

_SPEC_FILE = Path(__file__).with_name("spec") / "openapi-subset.json"


@lru_cache(maxsize=1)
def spec() -> dict[str, Any]:
    return json.loads(_SPEC_FILE.read_text())


def route_spec(method: str, template: str) -> dict[str, Any] | None:
    return spec()["routes"].get(f"{method} {template}")


class _Mismatch(Exception):
    def __init__(self, path: str, code: str, message: str) -> None:
        super().__init__(path, code, message)
        self.path, self.code, self.message = path, code, message


def _join(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)


def _resolve(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = spec()["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _is_snowflake(schema: dict[str, Any]) -> bool:
    return schema.get("format") == "snowflake"


_TYPE_CHECKS = {
    "null": lambda v: v is None,
    "boolean": lambda v: isinstance(v, bool),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "string": lambda v: isinstance(v, str),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}
_TYPE_ERRORS = {
    "boolean": ("BASE_TYPE_BOOLEAN", "Must be either true or false."),
    "integer": ("NUMBER_TYPE_COERCE", "Value is not int."),
    "number": ("NUMBER_TYPE_COERCE", "Value is not a number."),
    "string": ("BASE_TYPE_STRING", "Must be a string."),
    "array": ("LIST_TYPE_CONVERT", "Only iterables may be used in a ListType"),
    "object": ("DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"),
    "null": ("BASE_TYPE_CHOICES", "Must be null."),
}


def _discriminator_fits(branch: dict[str, Any], value: Any) -> bool:
    """False if ``branch`` is an object schema whose ``type`` property cannot be ``value['type']``."""
    if not isinstance(value, dict):
        return True
    prop = (branch.get("properties") or {}).get("type")
    if not prop or "type" not in value:
        return True
    prop = _resolve(prop)
    if "enum" in prop:
        return value["type"] in prop["enum"]
    if "const" in prop:
        return value["type"] == prop["const"]
    return True


def _check(value: Any, schema: dict[str, Any], path: str) -> None:
    schema = _resolve(schema)
    for sub in schema.get("allOf", ()):
        _check(value, sub, path)
    union = schema.get("oneOf") or schema.get("anyOf")
    if union:
        branches = [_resolve(b) for b in union]
        fitting = [b for b in branches if _discriminator_fits(b, value)]
        if not fitting:
            raise _Mismatch(
                _join(path, "type") if isinstance(value, dict) else path,
                "UNION_TYPE_CHOICES",
                f'Value of field "type" must be one of {sorted(_discriminators(branches))}.',
            )
        failures = []
        for branch in fitting:
            try:
                _check(value, branch, path)
                break
            except _Mismatch as exc:
                failures.append(exc)
        else:
            non_null = [f for b, f in zip(fitting, failures, strict=True) if b.get("type") != "null"]
            raise (non_null or failures)[0] if len(non_null) <= 1 else _deepest(non_null)
    types = schema.get("type")
    if types is not None:
        types = [types] if isinstance(types, str) else list(types)
        ok = any(_TYPE_CHECKS[t](value) for t in types)
        if not ok and _is_snowflake(schema) and isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return  # discord.py sends a few snowflakes as integers; Discord accepts both
        if not ok:
            code, message = _TYPE_ERRORS[next((t for t in types if t != "null"), "null")]
            raise _Mismatch(path, code, message)
    if value is None:
        return
    if "enum" in schema and value not in schema["enum"]:
        raise _Mismatch(path, "BASE_TYPE_CHOICES", f"Value must be one of {schema['enum']}.")
    if "const" in schema and value != schema["const"]:
        raise _Mismatch(path, "BASE_TYPE_CHOICES", f"Value must be {schema['const']!r}.")
    if isinstance(value, str):
        _check_string(value, schema, path)
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            raise _Mismatch(
                path, "NUMBER_TYPE_MIN", f"int value should be greater than or equal to {schema['minimum']}."
            )
        if "maximum" in schema and value > schema["maximum"]:
            raise _Mismatch(path, "NUMBER_TYPE_MAX", f"int value should be less than or equal to {schema['maximum']}.")
    elif isinstance(value, list):
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            raise _Mismatch(path, "BASE_TYPE_MAX_LENGTH", f"Must be {schema['maxItems']} or fewer in length.")
        if "minItems" in schema and len(value) < schema["minItems"]:
            raise _Mismatch(path, "BASE_TYPE_MIN_LENGTH", f"Must be {schema['minItems']} or more in length.")
        if schema.get("uniqueItems"):
            seen = [json.dumps(v, sort_keys=True) for v in value]
            if len(set(seen)) != len(seen):
                raise _Mismatch(path, "SET_TYPE_ALREADY_CONTAINS_VALUE", "The set already contains this value.")
        if "items" in schema:
            for i, item in enumerate(value):
                _check(item, schema["items"], _join(path, i))
    elif isinstance(value, dict):
        for name in schema.get("required", ()):
            if name not in value or value[name] is None:
                raise _Mismatch(_join(path, name), "BASE_TYPE_REQUIRED", "This field is required")
        for name, sub in (schema.get("properties") or {}).items():
            if name in value:
                _check(value[name], sub, _join(path, name))


def _discriminators(branches: list[dict[str, Any]]) -> set[Any]:
    out: set[Any] = set()
    for b in branches:
        prop = (b.get("properties") or {}).get("type")
        if prop:
            prop = _resolve(prop)
            out.update(prop.get("enum", ()))
            if "const" in prop:
                out.add(prop["const"])
    return out


def _deepest(failures: list[_Mismatch]) -> _Mismatch:
    return max(failures, key=lambda f: f.path.count("."))


def _check_string(value: str, schema: dict[str, Any], path: str) -> None:
    if "maxLength" in schema and len(value) > schema["maxLength"]:
        raise _Mismatch(path, "BASE_TYPE_MAX_LENGTH", f"Must be {schema['maxLength']} or fewer in length.")
    if "minLength" in schema and len(value) < schema["minLength"]:
        raise _Mismatch(path, "BASE_TYPE_MIN_LENGTH", f"Must be {schema['minLength']} or more in length.")
    if "pattern" in schema and not re.search(schema["pattern"], value):
        raise _Mismatch(path, "STRING_TYPE_REGEX", "String value did not match validation regex.")
    fmt = schema.get("format")
    if fmt == "uri" and not valid_url(value):
        raise _Mismatch(path, "URL_TYPE_INVALID_URL", "Not a well formed URL.")
    if fmt == "date-time" and not valid_timestamp(value):
        raise _Mismatch(path, "DATE_TIME_TYPE_PARSE", f"Could not parse {value}. Should be ISO8601.")


def valid_url(value: str) -> bool:
    """Discord accepts http(s) and attachment:// (uploads) URLs, plus discord:// deep links."""
    try:
        parts = urlsplit(value)
    except ValueError:
        return False
    if parts.scheme == "attachment":
        return bool(parts.netloc or parts.path)
    return parts.scheme in ("http", "https", "discord") and bool(parts.netloc) and " " not in value


def valid_timestamp(value: str) -> bool:
    try:
        dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return False
    return "T" in value or " " in value


def check_body(method: str, template: str, body: Any) -> None:
    """Raise ``APIError`` (400, 50035) if ``body`` does not fit the route's request schema."""
    rs = route_spec(method, template)
    if rs is None or rs.get("body") is None or body is None:
        return
    try:
        _check(body, rs["body"], "")
    except _Mismatch as exc:
        raise form_error(exc.path or "_root", exc.code, exc.message) from None


def check_query(method: str, template: str, params: dict[str, Any] | None) -> None:
    """Raise ``APIError`` for a query parameter the route does not take, or one of the wrong type."""
    if not params:
        return
    rs = route_spec(method, template)
    allowed = (rs or {}).get("query") or {}
    for name, raw in params.items():
        if name not in allowed:
            raise form_error(
                name, "UNKNOWN_QUERY_PARAMETER", f"Unknown query parameter {name!r} for {method} {template}."
            )
        schema = _resolve(allowed[name])
        value: Any = raw
        if schema.get("type") == "boolean":
            text = str(raw).lower()
            if text not in ("true", "false", "1", "0"):
                raise form_error(name, "BASE_TYPE_BOOLEAN", "Must be either true or false.")
            continue
        if schema.get("type") == "integer" or _is_snowflake(schema):
            try:
                value = int(str(raw))
            except ValueError:
                raise form_error(name, "NUMBER_TYPE_COERCE", f'Value "{raw}" is not int.') from None
            if _is_snowflake(schema):
                if value < 0:
                    raise form_error(name, "NUMBER_TYPE_COERCE", f'Value "{raw}" is not snowflake.')
                continue
        try:
            _check(value, schema, name)
        except _Mismatch as exc:
            raise form_error(exc.path, exc.code, exc.message) from None


__all__ = ["APIError", "check_body", "check_query", "spec", "valid_timestamp", "valid_url"]
