"""AI seats for Laga Jakarta: the uniform-random baseline and a simple greedy heuristic.

The heuristic sees only its own view and the legal actions. It buys the best Job or
Dream it can, keeps one cheap Dream at a time, aims its move at the tile that helps
most without overfilling the ring, and takes the resource it holds least of.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from bot.games.rng import Rng
from bot.policy import RandomPolicy

from .preview import ring_outcome
from .cards import RESOURCES, cards
from .tiles import RESOURCE_TILES

Action = dict[str, Any]


def _me(view: Mapping[str, Any]) -> dict[str, Any]:
    you = view["you"]["id"]
    return next(p for p in view["players"] if p["id"] == you)


def _scarce(me: Mapping[str, Any]) -> str:
    return min(RESOURCES, key=lambda r: (me[r], RESOURCES.index(r)))


def _plenty(me: Mapping[str, Any]) -> str:
    return max(RESOURCES, key=lambda r: (me[r], -RESOURCES.index(r)))


def _landing(view: Mapping[str, Any], a: Action) -> tuple[str, int, bool]:
    """Where a move ends, the landing count and whether it overfills a tile (the preview's arithmetic)."""
    ring = [t["tile"] for t in view["ring"]]
    path, noted, _, spilled = ring_outcome(ring, [t["tokens"] for t in view["ring"]], a)
    return ring[path[-1]], noted[path[-1]], bool(spilled)


class LagaHeuristicPolicy:
    """Greedy: buy points, keep income flowing, avoid fines."""

    name = "laga-heuristic"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        me = _me(view)
        by_type: dict[str, list[Action]] = {}
        for a in legal:
            by_type.setdefault(a["type"], []).append(a)
        c = cards()
        for t in ("complete", "hire_free", "hire"):
            if t in by_type:
                best = self._purchase(me, by_type[t], t)
                if best is not None:
                    return best
        if "keep" in by_type and view["you"] and len(view["you"]["dreams"]) < 2:
            return min(by_type["keep"], key=lambda a: (c.dreams[a["card"]].level, a["card"]))
        if "take" in by_type:
            return self._take(me, by_type["take"])
        if "steal" in by_type:
            return max(by_type["steal"], key=lambda a: -me[a["resource"]])
        if "salary" in by_type:
            return by_type["salary"][0]
        if "news" in by_type:
            return by_type["news"][0]  # ignore a costly News card
        if "activate" in by_type:
            return max(by_type["activate"], key=lambda a: self._tile_value(view, me, a["tile"], 1))
        if "copy" in by_type:
            best = max(by_type["copy"], key=lambda a: (self._tile_value(view, me, a["tile"], 1), me.get(a["pay"], 9)))
            if self._tile_value(view, me, best["tile"], 1) > 1.5:
                return best
        moves = by_type.get("sow", []) + by_type.get("gps", [])
        for t in ("raid", "call", "seduce", "deactivate"):
            if t in by_type:
                return max(by_type[t], key=lambda a: self._score_of(view, a["target"]))
        if moves:
            return max(moves, key=lambda a: self._move_value(view, me, a) + rng.random() * 0.01)
        for t in ("done", "end"):
            if t in by_type:
                return by_type[t][0]
        return legal[rng.below(len(legal))]

    @staticmethod
    def _score_of(view: Mapping[str, Any], pid: int) -> int:
        return next(p["score"] for p in view["players"] if p["id"] == pid)

    @staticmethod
    def _purchase(me: Mapping[str, Any], options: list[Action], kind: str) -> Action | None:
        c = cards()
        if kind == "complete":
            value = {a["card"]: c.dreams[a["card"]].points for a in options}
        else:
            value = {a["card"]: c.jobs[a["card"]].level for a in options if c.jobs[a["card"]].level >= me["job_level"]}
        if not value:
            return None
        top = max(value.values())
        pool = [a for a in options if value.get(a["card"]) == top]
        if kind == "hire_free":
            return pool[0]
        # pay in the way that leaves the holdings most even
        return max(pool, key=lambda a: min(me[r] - a[r] for r in RESOURCES))

    @staticmethod
    def _take(me: Mapping[str, Any], options: list[Action]) -> Action:
        return max(options, key=lambda a: (min(me[r] + a[r] for r in RESOURCES), a[_scarce(me)]))

    def _tile_value(self, view: Mapping[str, Any], me: Mapping[str, Any], tile: str, count: int) -> float:
        c = cards()
        total = me["coin"] + me["pride"] + me["skill"]
        if tile in RESOURCE_TILES:
            return 2.0 + (1.0 if RESOURCE_TILES[tile] == _scarce(me) else 0.0)
        if tile == "impian":
            held = view["you"]["dreams"] if view.get("you") else []
            if any(sum(c.dreams[d].cost) <= total for d in held):
                return 6.0
            return 3.0 if not held else 0.5
        if tile == "lowongan":
            return 5.0 if total >= 3 * (me["job_level"] + 1) else 0.5
        return 1.5 if total else 0.0

    def _move_value(self, view: Mapping[str, Any], me: Mapping[str, Any], a: Action) -> float:
        tile, count, overfill = _landing(view, a)
        return self._tile_value(view, me, tile, count) - (4.0 if overfill else 0.0)


HEURISTIC = LagaHeuristicPolicy()
RANDOM = RandomPolicy()
POLICIES = {"random": RANDOM, "heuristic": HEURISTIC}
