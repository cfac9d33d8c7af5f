"""The ring of six Action tiles: which moves are allowed, sowing, and fines for overfilled tiles.

Clockwise is increasing ring position. A move takes every token of one tile and drops
one on each next tile; Dolphin Jump skips one tile on the way and GPS carries a single
token to any tile. After the last token lands its count is noted, then every tile above
4 fines the mover (once per turn) and is emptied one token to each other tile clockwise,
until no tile holds more than 4.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .economy import fine
from .powers import ability, has, news_on
from .state import MAX_PER_TILE, LagaState, PlayerState, Task

STEP = {"cw": 1, "ccw": -1}

#: The ``move`` key of a move action: tile, how it moves (cw, ccw, gps) and the jumped or target tile.
SEP = ":"


def move_key(a: Mapping[str, Any]) -> str:
    """The one value that names a move (tile and direction together), so the picker offers it as one choice."""
    if a["type"] == "gps":
        return SEP.join((str(a["tile"]), "gps", str(a["to"])))
    jump = a.get("jump", "none")
    parts = (str(a["tile"]), str(a["direction"]))
    return SEP.join(parts) if jump == "none" else SEP.join(parts + (str(jump),))


def parse_move(key: str) -> dict[str, Any]:
    """The tile, direction and jumped (or GPS target) tile a ``move`` value names."""
    parts = key.split(SEP)
    out: dict[str, Any] = {"tile": parts[0], "direction": parts[1] if len(parts) > 1 else ""}
    if out["direction"] == "gps":
        out["to"] = parts[2] if len(parts) > 2 else ""
    elif len(parts) > 2:
        out["jump"] = parts[2]
    return out


def with_move(action: Any) -> Any:
    """An action given without the keys that only restate others gets them: a move's ``move``
    (its tile and direction), a take's ``take`` and a payment's ``paying`` (its amounts)."""
    if not isinstance(action, dict):
        return action
    typ = action.get("type")
    if typ in ("sow", "gps") and "move" not in action:
        try:
            key = move_key(action)
        except (KeyError, TypeError):
            return action
        return {**action, "move": key}
    derived = {"take": "take", "hire": "paying", "complete": "paying"}.get(typ) if isinstance(typ, str) else None
    if derived and derived not in action and all(type(action.get(r)) is int for r in ("coin", "pride", "skill")):
        return {**action, derived: ":".join(str(action[r]) for r in ("coin", "pride", "skill"))}
    return action


def _move(tile: str, direction: str, **more: str) -> dict[str, Any]:
    """A move action. ``move`` leads, so the picker offers every move as one choice on its first step."""
    a: dict[str, Any] = {"move": ""}
    a["type"] = "gps" if direction == "gps" else "sow"
    a["tile"] = tile
    if direction != "gps":
        a["direction"] = direction
    a.update(more)
    a["move"] = move_key(a)
    return a


def directions(state: LagaState, p: PlayerState) -> list[str]:
    """Boyband Member and MRT Project Started allow counter-clockwise moves only."""
    if has(state, p, "sideway") or news_on(state, p, "mrt_project_started"):
        return ["ccw"]
    return ["cw", "ccw"]


def movable(state: LagaState, p: PlayerState) -> list[int]:
    """Ring positions ``p`` may take tokens from (Gridlock: 2 or fewer whenever possible)."""
    full = [i for i, n in enumerate(state.tokens) if n > 0]
    if news_on(state, p, "gridlock"):
        small = [i for i in full if state.tokens[i] <= 2]
        if small:
            return small
    return full


def move_actions(state: LagaState, p: PlayerState) -> list[dict[str, Any]]:
    """Every legal move: sow in an allowed direction (with Dolphin Jump's skip), or GPS."""
    acts: list[dict[str, Any]] = []
    ab = ability(state, p)
    dolphin = ab == "dolphin_jump"
    dirs = directions(state, p)
    tiles = movable(state, p)
    ring = state.ring
    for i in tiles:
        for d in dirs:
            if not dolphin:
                acts.append(_move(ring[i], d))
                continue
            acts.append(_move(ring[i], d, jump="none"))
            for k in range(1, state.tokens[i] + 1):
                acts.append(_move(ring[i], d, jump=ring[(i + STEP[d] * k) % 6]))
    if ab == "gps":
        for i in tiles:
            if state.tokens[i] == 1:
                acts.extend(_move(ring[i], "gps", to=ring[j]) for j in range(6) if j != i)
    return acts


def sow_path(origin: int, count: int, direction: str, jump: int | None) -> list[int]:
    """Ring positions that receive a token, in order; ``jump`` is skipped once."""
    path: list[int] = []
    pos = origin
    skipped = False
    while len(path) < count:
        pos = (pos + STEP[direction]) % 6
        if pos == jump and not skipped:
            skipped = True
            continue
        path.append(pos)
    return path


def drop(state: LagaState, origin: int, path: list[int]) -> list[int]:
    """Empty ``origin`` onto ``path``; returns every tile's count as the last token lands."""
    state.tokens[origin] = 0
    for pos in path:
        state.tokens[pos] += 1
    return list(state.tokens)


def spread(tokens: list[int]) -> list[int]:
    """Empty every tile above 4 one token to each other tile clockwise, until none is; returns the
    spread positions in order. Pure arithmetic, shared by the move and its preview."""
    spilled: list[int] = []
    while max(tokens) > MAX_PER_TILE:
        spilled.append(spread_once(tokens))
    return spilled


def settle(state: LagaState, mover: PlayerState, events: list[dict[str, Any]]) -> list[Task]:
    """Fine the mover for an overfilled tile (once per turn) and redistribute until all hold <= 4."""
    tasks: list[Task] = []
    if max(state.tokens) <= MAX_PER_TILE:
        return tasks
    if not state.overflow_fined:
        state.overflow_fined = True
        tasks += fine(state, mover, "overfilled a tile", events)
    while max(state.tokens) > MAX_PER_TILE:
        over = spread_once(state.tokens)
        events.append({"type": "redistribute", "tile": state.ring[over], "tokens": list(state.tokens)})
    return tasks


def spread_once(tokens: list[int]) -> int:
    """Spread the first tile above 4 (one token to each other tile clockwise); returns its position."""
    over = next(i for i, n in enumerate(tokens) if n > MAX_PER_TILE)
    spill = tokens[over]
    tokens[over] = 0
    pos = over
    while spill:
        pos = (pos + 1) % 6
        if pos != over:
            tokens[pos] += 1
            spill -= 1
    return over
