"""AI seats for Laga Jakarta: the uniform-random baseline and a simple greedy heuristic.

The heuristic sees only its own view and the legal actions. It buys the best Job or
Dream it can, keeps one cheap Dream at a time, aims its move at the tile that helps
most without overfilling the ring, and takes the resource it holds least of.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.kernel.policy import RandomPolicy
from bot.kernel.rng import Rng

from .cards import RESOURCES, cards
from .preview import ring_outcome
from .tiles import RESOURCE_TILES

Action = dict[str, Any]
#: Tiles Stasiun may copy, and how much worse a copy is than landing there (the resource paid, and
#: the turn's move spent on a tile that only borrows another's effect).
COPYABLE = ("kerja", "nongkrong", "training", "impian", "lowongan")
STASIUN_COST = 1.0


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
        look = self._look(view, me, by_type)
        if look is not None:
            return look
        if "keep" in by_type and view["you"] and len(view["you"]["dreams"]) < 2:
            return min(by_type["keep"], key=lambda a: (c.dreams[a["card"]].level, a["card"]))
        if "take" in by_type:
            return self._take(me, by_type["take"])
        if "steal" in by_type:
            return max(by_type["steal"], key=lambda a: -me[a["resource"]])
        if "salary" in by_type:
            return self._salary(view, me, by_type["salary"])
        if "news" in by_type:
            return by_type["news"][0]  # ignore a costly News card
        if "activate" in by_type:
            return max(by_type["activate"], key=lambda a: self._tile_value(view, me, a["tile"], 1))
        if "copy" in by_type:
            count = view["pending"].get("count", 1) if view.get("pending") else 1
            values = self._copy_values(view, me, count)
            best = max(by_type["copy"], key=lambda a: (values[a["tile"]], me.get(a["pay"], 9)))
            if values[best["tile"]] > 1.5:
                return best
        moves = by_type.get("sow", []) + by_type.get("gps", [])
        for t in ("raid", "call", "seduce", "deactivate"):
            if t in by_type:
                return max(by_type[t], key=lambda a: self._score_of(view, a["target"]))
        extra = self._before_moving(view, me, by_type, moves)
        if extra is not None:
            return extra
        if moves:
            return max(moves, key=lambda a: self._move_value(view, me, a) + rng.random() * 0.01)
        for t in ("done", "end"):
            if t in by_type:
                return by_type[t][0]
        return legal[rng.below(len(legal))]

    @staticmethod
    def _look(view: Mapping[str, Any], me: Mapping[str, Any], by_type: dict[str, list[Action]]) -> Action | None:
        """Pay for one more card when nothing seen is worth taking and a resource can be spared."""
        if "look" not in by_type or not view.get("you"):
            return None
        c = cards()
        seen = view["you"]["looking"]
        total = me["coin"] + me["pride"] + me["skill"]
        if len(seen) >= 4 or total < 5:
            return None
        if view["pending"].get("deck") == "dream":
            if view["you"]["dreams"] or any(c.dreams[n].level <= 2 for n in seen if n in c.dreams):
                return None
        elif any(c.jobs[n].level > me["job_level"] for n in seen if n in c.jobs) or total < 9:
            return None
        return max(by_type["look"], key=lambda a: me[a["pay"]])  # pay with what there is most of

    @staticmethod
    def _salary(view: Mapping[str, Any], me: Mapping[str, Any], options: list[Action]) -> Action:
        """Make It Rain when it takes more Coins than the salary pays."""
        job = cards().jobs[me["job"]]
        victims = sum(
            1 for p in view["players"] if p["id"] != me["id"] and p["job_level"] < me["job_level"] and p["coin"] > 0
        )
        mode = "coins" if victims >= sum(job.salary) else "salary"
        return next((a for a in options if a["mode"] == mode), options[0])

    def _before_moving(
        self, view: Mapping[str, Any], me: Mapping[str, Any], by_type: dict[str, list[Action]], moves: list[Action]
    ) -> Action | None:
        """The Job and Dream abilities worth a use before (or after) the move."""
        for kind in ("psychic", "peek"):  # a free look at a deck's top card
            if kind in by_type:
                return by_type[kind][0]
        if "bury" in by_type:
            total = me["coin"] + me["pride"] + me["skill"]
            costly = [a for a in by_type["bury"] if sum(cards().dreams[a["card"]].cost) > total + 4]
            if costly:
                return costly[0]
        if "transform" in by_type:
            scarce, plenty = _scarce(me), _plenty(me)
            if me[plenty] - me[scarce] >= 3:
                want = {"from": plenty, "to": scarce, "amount": (me[plenty] - me[scarce]) // 2}
                pick = [a for a in by_type["transform"] if all(a[k] == v for k, v in want.items())]
                if pick:
                    return pick[0]
        if "swap" in by_type and moves:
            now = max(self._move_value(view, me, a) for a in moves)
            best, gain = None, 1.0
            for a in by_type["swap"]:
                swapped = _swapped(view, a["tile"], a["with"])
                value = max(self._move_value(swapped, me, m) for m in _moves_on(swapped, moves))
                if value - now > gain:
                    best, gain = a, value - now
            return best
        return None

    @staticmethod
    def _score_of(view: Mapping[str, Any], pid: int) -> int:
        score: int = next(p["score"] for p in view["players"] if p["id"] == pid)
        return score

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
        more = 0.25 * max(0, count - 1)  # more cards to choose from
        if tile == "impian":
            held = view["you"]["dreams"] if view.get("you") else []
            if any(_affords(me, c.dreams[d].cost) for d in held):
                return 6.0 + more
            return 3.0 + more if not held else 0.5
        if tile == "lowongan":
            return 5.0 + more if total >= 3 * (me["job_level"] + 1) else 0.5
        if not total:
            return 0.0
        # Stasiun copies the best other tile with its own count, once 1 resource is paid for it
        best = max(self._copy_values(view, me, count).values())
        return best - STASIUN_COST if best >= 6.0 else 1.5  # worth a detour only to complete a Dream

    def _copy_values(self, view: Mapping[str, Any], me: Mapping[str, Any], count: int) -> dict[str, float]:
        """What copying each tile from Stasiun is worth once 1 resource is paid; Impian only to complete
        a Dream (a copy to draw more Dreams leaves uncompleted ones, each a point off)."""
        paid = {**me, _plenty(me): me[_plenty(me)] - 1}
        values = {other: self._tile_value(view, paid, other, count) for other in COPYABLE}
        if values["impian"] < 6.0:
            values["impian"] = 0.0
        return values

    def _move_value(self, view: Mapping[str, Any], me: Mapping[str, Any], a: Action) -> float:
        tile, count, overfill = _landing(view, a)
        return self._tile_value(view, me, tile, count) - (4.0 if overfill else 0.0)


def _affords(me: Mapping[str, Any], cost: tuple[int, int, int]) -> bool:
    """Whether ``me`` holds each resource a cost asks for (discounts aside)."""
    return all(me[r] >= n for r, n in zip(RESOURCES, cost, strict=True))


def _swapped(view: Mapping[str, Any], a: str, b: str) -> dict[str, Any]:
    """The view with two tiles (and their tokens) swapped, as The Master of Rules would leave it."""
    ring = [dict(t) for t in view["ring"]]
    i = next(k for k, t in enumerate(ring) if t["tile"] == a)
    j = next(k for k, t in enumerate(ring) if t["tile"] == b)
    ring[i], ring[j] = ring[j], ring[i]
    return {**view, "ring": ring}


def _moves_on(view: Mapping[str, Any], moves: list[Action]) -> list[Action]:
    """The plain moves on a (swapped) ring: each non-empty tile, each direction the moves use."""
    dirs = {a["direction"] for a in moves if a["type"] == "sow"} or {"cw"}
    return [{"type": "sow", "tile": t["tile"], "direction": d} for t in view["ring"] if t["tokens"] for d in dirs]


HEURISTIC = LagaHeuristicPolicy()
RANDOM = RandomPolicy()
POLICIES = {"random": RANDOM, "heuristic": HEURISTIC}
