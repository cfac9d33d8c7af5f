"""Regenerate ``openapi-subset.json`` from Discord's full OpenAPI spec.

Usage: ``python -m tools.sim.spec.vendor /path/to/discord-api-spec/openapi.json``

Keeps, for every route the stand-in serves (``tools.sim.rest.ROUTES``), the query
parameters and the JSON request body schema of the matching spec operation,
plus the component schemas those reference (transitively). Descriptions and
examples are dropped. Nothing reads the full spec at run time.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

OUT = Path(__file__).with_name("openapi-subset.json")


def _norm(path: str) -> str:
    return re.sub(r"\{[^}]+\}", "{}", path)


def _refs(node: Any, out: set[str]) -> None:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str):
            out.add(ref.rsplit("/", 1)[1])
        for value in node.values():
            _refs(value, out)
    elif isinstance(node, list):
        for value in node:
            _refs(value, out)


def _strip(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _strip(v) for k, v in node.items() if k not in ("description", "example", "examples", "title")}
    if isinstance(node, list):
        return [_strip(v) for v in node]
    return node


def build(spec: dict[str, Any]) -> dict[str, Any]:
    from tools.sim import rest

    by_shape = {_norm(p): item for p, item in spec["paths"].items()}
    routes: dict[str, Any] = {}
    wanted: set[str] = set()
    for method, template in sorted(rest.ROUTES):
        op = by_shape[_norm(template)][method.lower()]
        query = {q["name"]: _strip(q.get("schema", {})) for q in op.get("parameters", []) if q.get("in") == "query"}
        body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
        routes[f"{method} {template}"] = {"query": query, "body": _strip(body)}
        _refs(query, wanted)
        _refs(body, wanted)
    schemas = spec["components"]["schemas"]
    done: set[str] = set()
    while wanted - done:
        name = (wanted - done).pop()
        done.add(name)
        _refs(schemas[name], wanted)
    return {
        "source": "https://github.com/discord/discord-api-spec (openapi.json, commit 74fda0fa, 2026-07-18),"
        " MIT licence: see LICENSE",
        "routes": routes,
        "schemas": {name: _strip(schemas[name]) for name in sorted(done)},
    }


if __name__ == "__main__":
    subset = build(json.loads(Path(sys.argv[1]).read_text()))
    OUT.write_text(json.dumps(subset, indent=1, sort_keys=True) + "\n")
    print(f"{OUT}: {len(subset['routes'])} routes, {len(subset['schemas'])} schemas")
