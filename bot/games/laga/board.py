"""The ring of six Action tiles: which moves are allowed, sowing, and fines for overfilled tiles.

Clockwise is increasing ring position. A move takes every token of one tile and drops
one on each next tile; Dolphin Jump skips one tile on the way and GPS carries a single
token to any tile. After the last token lands its count is noted, then every tile above
4 fines the mover (once per turn) and is emptied one token to each other tile clockwise,
until no tile holds more than 4.
"""

from __future__ import annotations

from typing import Any

from .economy import fine
from .rules import ability, has, news_on
from .state import MAX_PER_TILE, LagaState, PlayerState, Task

STEP = {"cw": 1, "ccw": -1}


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
                acts.append({"type": "sow", "tile": ring[i], "direction": d})
                continue
            acts.append({"type": "sow", "tile": ring[i], "direction": d, "jump": "none"})
            for k in range(1, state.tokens[i] + 1):
                acts.append({"type": "sow", "tile": ring[i], "direction": d,
                             "jump": ring[(i + STEP[d] * k) % 6]})
    if ab == "gps":
        for i in tiles:
            if state.tokens[i] == 1:
                acts.extend({"type": "gps", "tile": ring[i], "to": ring[j]} for j in range(6) if j != i)
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


def settle(state: LagaState, mover: PlayerState, events: list[dict[str, Any]]) -> list[Task]:
    """Fine the mover for an overfilled tile (once per turn) and redistribute until all hold <= 4."""
    tasks: list[Task] = []
    while True:
        over = next((i for i, n in enumerate(state.tokens) if n > MAX_PER_TILE), None)
        if over is None:
            return tasks
        if not state.overflow_fined:
            state.overflow_fined = True
            tasks += fine(state, mover, "overfilled a tile", events)
        spill = state.tokens[over]
        state.tokens[over] = 0
        pos = over
        while spill:
            pos = (pos + 1) % 6
            if pos != over:
                state.tokens[pos] += 1
                spill -= 1
        events.append({"type": "redistribute", "tile": state.ring[over], "tokens": list(state.tokens)})
