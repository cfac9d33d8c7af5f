"""AI seats for Laga Jakarta: the uniform-random baseline and a simple greedy heuristic.

The heuristic sees only its own view and the legal actions. It climbs the Job ladder
(a Job's points plus the raise it pays over the turns left; in the last turns any Job,
for its points), completes the best Dream it can, keeps a Dream only when it can finish
it in the turns left, buries (Employee) the Dreams it cannot finish, looks at more cards
(or peeks at the deck) that its plan needs, aims its move at the tile that helps most
(on Lowongan and Impian: the chance that a card it can pay for is among those seen) less
what a fine would cost (overfilling, Bomb Threats), and takes the resources its next
purchase lacks.
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
#: How much less finishing a Dream is worth while the Job ladder still comes first.
DREAM_EARLY = 0.7


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
    """Greedy: climb the Job ladder, finish the Dreams it keeps, keep income flowing, avoid fines."""

    name = "laga-heuristic"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        me = _me(view)
        by_type: dict[str, list[Action]] = {}
        for a in legal:
            by_type.setdefault(a["type"], []).append(a)
        if "complete" in by_type:
            return self._complete(view, me, by_type["complete"])
        for t in ("hire_free", "hire"):
            if t in by_type:
                best = self._hire(view, me, by_type[t], t)
                if best is not None:
                    return best
        if "keep" in by_type:
            keep = self._keep(view, me, by_type["keep"])
            if keep is not None:
                return keep
        look = self._look(view, me, by_type)
        if look is not None:
            return look
        if "take" in by_type:
            return self._take(view, me, by_type["take"])
        if "steal" in by_type:
            deficit = _deficit(me, _goal(view, me))
            return max(by_type["steal"], key=lambda a: (deficit[a["resource"]], -me[a["resource"]]))
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
        """Pay for one more card (asked only when nothing seen is worth taking) while, one resource paid,
        a card of the kind looked for could still be paid for: a Dream to finish now, a Job as high as
        the one held (any Job in the last turns). In its last turn resources are worth nothing after
        the move, so it looks further."""
        if "look" not in by_type or not view.get("you"):
            return None
        c = cards()
        seen = view["you"]["looking"]
        total = me["coin"] + me["pride"] + me["skill"]
        left = _left(view)
        last = view.get("turn_player") == me["id"] and left == 0
        if len(seen) >= (6 if last else 3):
            return None
        if view["pending"].get("deck") == "dream":
            if any(_affords(me, c.dreams[d].cost) for d in view["you"]["dreams"]):
                return None
            if total - 1 < min(sum(d.cost) for d in c.dreams.values()):
                return None
        else:
            lowest = 1 if left <= 1 else me["job_level"]
            if total - (1 if last else 2) < _level_cost(lowest):
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
        for kind in ("psychic", "peek"):  # a free look at a deck's top card: the deck the plan heads for
            if kind in by_type:
                deck = "dream" if _dream_time(view, me) else "job"
                return next((a for a in by_type[kind] if a["deck"] == deck), by_type[kind][0])
        if "bury" in by_type:
            bury = self._bury(view, me, by_type["bury"], moving=bool(moves))
            if bury is not None:
                return bury
        if "transform" in by_type:
            deficit = _deficit(me, _goal(view, me))
            scarce = max(RESOURCES, key=lambda r: (deficit[r], -me[r]))
            plenty = max(RESOURCES, key=lambda r: (me[r] - deficit[r], me[r]))
            spare = me[plenty] - deficit[plenty] if deficit[plenty] else me[plenty] - _goal(view, me)[plenty]
            amount = int(min(deficit[scarce], max(0, spare)))
            if scarce != plenty and amount >= 1:
                want = {"from": plenty, "to": scarce, "amount": amount}
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
    def _bury(view: Mapping[str, Any], me: Mapping[str, Any], options: list[Action], moving: bool) -> Action | None:
        """Buried Dream: return an uncompleted Dream (a point off at the end) that cannot be finished in
        the turns left; in the last turn every one not paid for now, and after the last move any."""
        c = cards()
        left = _left(view)
        mine = view.get("turn_player") == me["id"]
        if mine and left == 0 and not moving:
            return options[0]
        lost = [
            a
            for a in options
            if not _affords(me, c.dreams[a["card"]].cost)
            and (_missing(me, c.dreams[a["card"]].cost) > _income(me) * left or (mine and left == 0))
        ]
        if not lost:
            return None
        return max(lost, key=lambda a: _missing(me, c.dreams[a["card"]].cost))

    @staticmethod
    def _score_of(view: Mapping[str, Any], pid: int) -> int:
        score: int = next(p["score"] for p in view["players"] if p["id"] == pid)
        return score

    @staticmethod
    def _complete(view: Mapping[str, Any], me: Mapping[str, Any], options: list[Action]) -> Action:
        """The Dream worth most (its points, and the point an unfinished one would cost); pay so that
        what is left serves the next purchase best."""
        c = cards()
        top = max(c.dreams[a["card"]].points for a in options)
        pool = [a for a in options if c.dreams[a["card"]].points == top]
        return _thrifty(view, me, pool)

    @staticmethod
    def _hire(view: Mapping[str, Any], me: Mapping[str, Any], options: list[Action], kind: str) -> Action | None:
        """The Job worth most: its points plus the raise over the turns left (a quarter point a
        resource, income to come being worth less than points in hand). Every Job held scores, so any
        at least as high as the held one; a lower one in the last turns, for its points."""
        c = cards()
        left = _left(view)
        salary = sum(c.jobs[me["job"]].salary)
        level = me["job_level"]

        def worth(name: str) -> float:
            j = c.jobs[name]
            return j.points + 0.25 * (sum(j.salary) - salary) * left

        value = {a["card"]: worth(a["card"]) for a in options if c.jobs[a["card"]].level >= level or left <= 1}
        value = {n: v for n, v in value.items() if v > 0}
        if not value:
            return None
        top = max(value.values())
        pool = [a for a in options if value.get(a["card"]) == top]
        if kind == "hire_free":
            return pool[0]
        return _thrifty(view, me, pool)

    @staticmethod
    def _keep(view: Mapping[str, Any], me: Mapping[str, Any], options: list[Action]) -> Action | None:
        """Keep a Dream it can finish at once, or (with no unfinished Dream in hand) one whose missing
        resources its income brings in before the game ends; an unfinished Dream costs a point."""
        c = cards()
        held = view["you"]["dreams"] if view.get("you") else []
        left = _left(view)
        now = [a for a in options if _affords(me, c.dreams[a["card"]].cost)]
        if now and not any(_affords(me, c.dreams[d].cost) for d in held):
            return max(now, key=lambda a: (c.dreams[a["card"]].points, a["card"]))
        if held or left < 2:
            return None
        fine = [a for a in options if _missing(me, c.dreams[a["card"]].cost) <= _income(me) * (left - 1)]
        if not fine:
            return None
        return max(
            fine, key=lambda a: (c.dreams[a["card"]].points - 0.5 * _missing(me, c.dreams[a["card"]].cost), a["card"])
        )

    @staticmethod
    def _take(view: Mapping[str, Any], me: Mapping[str, Any], options: list[Action]) -> Action:
        deficit = _deficit(me, _goal(view, me))
        return max(
            options,
            key=lambda a: (
                sum(min(a[r], deficit[r]) for r in RESOURCES),
                min(me[r] + a[r] for r in RESOURCES),
                a[_scarce(me)],
            ),
        )

    def _tile_value(self, view: Mapping[str, Any], me: Mapping[str, Any], tile: str, count: int) -> float:
        c = cards()
        total = me["coin"] + me["pride"] + me["skill"]
        left = _left(view)
        last = view.get("turn_player") == me["id"] and left == 0
        if tile in RESOURCE_TILES:
            if last:
                return 0.2  # nothing left to spend it on
            deficit = _deficit(me, _goal(view, me))
            value = 2.0 + min(2.0, deficit[RESOURCE_TILES[tile]]) * 0.5  # more when the next purchase lacks it
            news = _news(view, me)
            return value * 2 if news == "car_free_day" else value / 2 if news == "seasonal_flood" else value
        more = 0.25 * max(0, count - 1)  # more cards to choose from
        if tile == "impian":
            held = view["you"]["dreams"] if view.get("you") else []
            payable = [c.dreams[d].points for d in held if _affords(me, c.dreams[d].cost)]
            if payable:  # its points, and the point an unfinished Dream would cost (2 resources a point)
                return 2.0 * (max(payable) + 1) * (1.0 if _dream_time(view, me) else DREAM_EARLY) + more
            if held or left < 1:
                return 0.5
            # no Dream in hand: the chance that one it can finish at once is among the cards seen
            done = {d for p in view["players"] for d in p["completed"]}
            pool = [d for n, d in c.dreams.items() if n not in done]
            ok = [d for d in pool if _affords(me, d.cost)]
            chance = 0.0
            if ok:
                spare = min(2, max(0, total - min(sum(d.cost) for d in ok)))
                chance = 1 - (1 - len(ok) / len(pool)) ** (count + spare)
            worth = 2.0 * sum(d.points for d in ok) / len(ok) if ok else 0.0
            return chance * worth + (1.5 if left >= 3 else 0.0)  # else a Dream to work towards
        if tile == "lowongan":
            # the chance that a Job it can pay for (as high as its own; any in the last turn) is among
            # the cards seen, times what such a Job is worth: its points and the raise over the turns left
            level = me["job_level"]
            salary = sum(c.jobs[me["job"]].salary)
            lowest = 1 if left <= 1 else level
            taken = {j for p in view["players"] for j in p["jobs"]}
            jobs = [j for n, j in c.jobs.items() if n not in taken]
            hireable = [j for j in jobs if j.level >= lowest and _affords(me, j.cost)]
            if not hireable:
                return 0.5
            spare = min(2, max(0, total - min(sum(j.cost) for j in hireable)))  # room for a paid look or two
            chance = 1 - (1 - len(hireable) / len(jobs)) ** (count + spare)
            worths = [2.0 * j.points + 0.5 * (sum(j.salary) - salary) * left + 1.0 for j in hireable]
            job_worth = sum(worths) / len(worths)
            return float(chance * job_worth)
        if not total:
            return 0.0
        # Stasiun copies the best other tile with its own count, once 1 resource is paid for it
        best = max(self._copy_values(view, me, count).values())
        return max(1.5, best - STASIUN_COST)

    def _copy_values(self, view: Mapping[str, Any], me: Mapping[str, Any], count: int) -> dict[str, float]:
        """What copying each tile from Stasiun is worth once 1 resource is paid; Impian only to complete
        a Dream (a copy to draw more Dreams leaves uncompleted ones, each a point off)."""
        paid = {**me, _plenty(me): me[_plenty(me)] - 1}
        values = {other: self._tile_value(view, paid, other, count) for other in COPYABLE}
        held = view["you"]["dreams"] if view.get("you") else []
        if not any(_affords(paid, cards().dreams[d].cost) for d in held):
            values["impian"] = 0.0
        return values

    def _move_value(self, view: Mapping[str, Any], me: Mapping[str, Any], a: Action) -> float:
        tile, count, overfill = _landing(view, a)
        fines = overfill or (tile in ("lowongan", "impian") and _news(view, me) == "bomb_threats")
        return self._tile_value(view, me, tile, count) - (self._fine_cost(view, me) if fines else 0.0)

    @staticmethod
    def _fine_cost(view: Mapping[str, Any], me: Mapping[str, Any]) -> float:
        """What a fine costs: the next salary and the ability until then; nothing when the Job is
        already face down or fined this turn (or is Traffic Police), little in the last turn (no
        salary comes after it)."""
        traffic_police = me["ability_on"] and cards().jobs[me["job"]].ability == "fine"
        if traffic_police or me["face_down"] or (view.get("bookkeeping") or {}).get("overflow_fined"):
            return 0.0
        if view.get("turn_player") == me["id"] and _left(view) == 0:
            return 0.3
        return sum(cards().jobs[me["job"]].salary) + 1.0


def _left(view: Mapping[str, Any]) -> int:
    """Rounds still to come after this one (the News cards left)."""
    left: int = view.get("news_left", 0)
    return left


def _news(view: Mapping[str, Any], me: Mapping[str, Any]) -> str:
    """The effect of the News in force for this seat ("" when none, or when it ignores the News)."""
    news = view.get("news")
    if not news or me.get("ignores_news"):
        return ""
    effect: str = cards().news[news["name"]].effect
    return effect


def _income(me: Mapping[str, Any]) -> float:
    """Resources a turn brings, roughly: the salary and a resource tile now and then."""
    return sum(cards().jobs[me["job"]].salary) + 1.5


def _level_cost(level: int) -> float:
    """The cheapest total price of a Job of ``level``."""
    return float(min((sum(j.cost) for j in cards().jobs.values() if j.level == level), default=99))


def _missing(me: Mapping[str, Any], cost: tuple[int, int, int]) -> int:
    return sum(max(0, n - me[r]) for r, n in zip(RESOURCES, cost, strict=True))


def _dream_time(view: Mapping[str, Any], me: Mapping[str, Any]) -> bool:
    """Whether Dreams are the plan now: at the top of the ladder or in the last few rounds."""
    return me["job_level"] >= 4 or _left(view) <= 3


def _goal(view: Mapping[str, Any], me: Mapping[str, Any]) -> dict[str, float]:
    """What the next purchase asks for: the average Job one level up, and in Dream time the Dream in
    hand nearest to paid for (each resource the larger of the two)."""
    c = cards()
    level = me["job_level"]
    goal = {r: 0.0 for r in RESOURCES}
    if level < 4:
        pool = [j for j in c.jobs.values() if j.level == level + 1]
        goal = {r: sum(j.cost[i] for j in pool) / len(pool) for i, r in enumerate(RESOURCES)}
    held = view["you"]["dreams"] if view.get("you") else []
    if held and (_dream_time(view, me) or level >= 4):
        near = min(held, key=lambda d: _missing(me, c.dreams[d].cost))
        goal = {r: max(goal[r], float(c.dreams[near].cost[i])) for i, r in enumerate(RESOURCES)}
    elif level >= 4:
        goal = {"coin": 1.0, "pride": 3.0, "skill": 1.0}
    return goal


def _deficit(me: Mapping[str, Any], goal: Mapping[str, float]) -> dict[str, float]:
    return {r: max(0.0, goal[r] - me[r]) for r in RESOURCES}


def _thrifty(view: Mapping[str, Any], me: Mapping[str, Any], pool: list[Action]) -> Action:
    """Of ways to pay, the one leaving least short of the next goal (then the most even holdings)."""
    goal = _goal(view, me)

    def key(a: Action) -> tuple[float, int]:
        rest = {r: me[r] - a[r] for r in RESOURCES}
        return (-sum(max(0.0, goal[r] - rest[r]) for r in RESOURCES), min(rest.values()))

    return max(pool, key=key)


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
