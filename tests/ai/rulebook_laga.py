"""Two rule-based Laga Jakarta players written from the rulebook alone: yardsticks for the project's AI.

They decide from the seat's view and the legal actions only (the card data file gives costs, salaries
and points, which the rulebook leaves out). Both share the plain table sense any beginner picks up from
the rulebook: work out where a move's last token lands and what that tile then does, dodge fines for
overfilling a tile while a salary is at stake, take "any resource" as what is short, answer News and
"may choose" effects in their own favour. Where they differ is what they play for:

* ``JobClimberPlayer`` climbs the Job ladder (every Job held scores, and a higher one pays more).
* ``DreamerPlayer`` chases Dream cards and finishes them.

Randomness (only to break exact ties) comes from the ``rng`` argument.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.laga.cards import cards
from bot.games.laga.powers import HINDERING_NEWS
from bot.kernel.rng import Rng

Action = dict[str, Any]
Vec = tuple[float, float, float]

RES = ("coin", "pride", "skill")
RESOURCE_TILES = {"kerja": 0, "nongkrong": 1, "training": 2}
CARD_TILES = ("lowongan", "impian")
MAX_TOKENS = 4
#: News a player who may ignore News gladly ignores (they only hurt the one they apply to): the rules' own list.
BAD_NEWS = HINDERING_NEWS
#: A Dream's worth beyond its printed points, as a beginner reads its text (in points).
DREAM_EXTRA = {
    "watch_persija_match": 1.0,
    "petting_ragunan_tiger": 0.8,
    "celebrity_signature": 0.8,
    "be_on_tv": 1.0,
    "homecoming": 1.0,
    "mrt_route_draft": 1.2,
    "bkt_blueprint": 0.8,
    "join_political_party": 1.0,
    "run_for_president": 1.5,
    "idol_audition": 0.5,
    "tanjidor_orchestra": 0.5,
    "discussion_with_governor": 0.5,
    "horror_movie_cast": 0.3,
    "jakarta_round_trip": 0.5,
    "create_a_board_game": 0.3,
    "shopping_spree": 0.3,
}


# --- small arithmetic on what the table shows ------------------------------------------------------
def affordable(
    have: Sequence[int], cost: Sequence[int], any_off: int = 0, coin_off: int = 0, pride_sub: bool = False
) -> bool:
    """Whether ``have`` pays ``cost`` (Coin discount first, then any-resource discounts; Pride may
    stand in for Coin and Skill under Celebrity's Wedding Reception)."""
    c = (max(0, cost[0] - coin_off), cost[1], cost[2])
    short = [max(0, c[i] - have[i]) for i in range(3)]
    if pride_sub:
        spare = max(0, have[1] - c[1])
        return max(0, short[0] + short[2] - spare) + short[1] <= any_off
    return sum(short) <= any_off


def sow(tokens: Sequence[int], origin: int, step: int, jump: int | None = None, to: int | None = None):
    """Play a move on a copy of the ring, as the rules say: take every token of ``origin``, drop one on
    each next tile (skipping ``jump`` once; GPS carries the lone token to ``to``). Returns the path, the
    counts as the last token lands, and whether some tile went above 4 (a fine for the mover)."""
    counts = list(tokens)
    n = counts[origin]
    counts[origin] = 0
    if to is not None:
        path = [to]
    else:
        path, pos, skipped = [], origin, False
        while len(path) < n:
            pos = (pos + step) % 6
            if pos == jump and not skipped:
                skipped = True
                continue
            path.append(pos)
    for pos in path:
        counts[pos] += 1
    return path, list(counts), max(counts) > MAX_TOKENS


class Seat:
    """One decision's facts, read from the view: me, the others, the ring, the News that binds me."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        c = cards()
        self.c = c
        self.view = view
        you = view.get("you") or {}
        self.pid = view.get("viewer")
        players = view["players"]
        self.me = next(p for p in players if p["id"] == self.pid)
        self.others = [p for p in players if p["id"] != self.pid]
        self.have = (self.me["coin"], self.me["pride"], self.me["skill"])
        self.job = c.jobs[self.me["job"]]
        self.level = self.job.level
        self.ab = self.job.ability if self.me["ability_on"] else ""
        self.done = {c.dreams[d].effect for d in self.me["completed"]}
        self.held = list(you.get("dreams", []))
        self.looking = list(you.get("looking", []))
        news = view.get("news")
        ignoring = self.me.get("ignores_news", False)
        self.news = c.news[news["name"]].effect if news and not ignoring else ""
        self.ring = [t["tile"] for t in view["ring"]]
        self.tokens = [t["tokens"] for t in view["ring"]]
        book = view.get("bookkeeping") or {}
        self.overflow_fined = bool(book.get("overflow_fined"))
        self.tasks = book.get("tasks") or []
        self.turns_after = view.get("news_left", 0)  # my turns still to come after this round's
        self.my_turn = view.get("turn_player") == self.pid
        self.final = self.my_turn and self.turns_after == 0
        self.salary = sum(self.job.salary)
        #: What the player is saving for (set by the player once the seat is read).
        self.goal: Vec = (0.0, 0.0, 0.0)
        self.deck = (view.get("pending") or {}).get("deck", "")

    # discounts the rules give me now
    def job_discount(self) -> tuple[int, int, bool]:
        any_off = int("horror_movie_cast" in self.done) + int(self.news == "abang_none_jakarta")
        coin_off = 2 if self.ab == "patchwork" else 0
        return any_off, coin_off, self.news == "celebrity_wedding_reception"

    def dream_discount(self) -> tuple[int, bool]:
        return int(self.ab in ("endorsement", "vip")), self.news == "celebrity_wedding_reception"

    def can_hire(self, name: str, have: Sequence[int] | None = None) -> bool:
        any_off, coin_off, sub = self.job_discount()
        return affordable(have or self.have, self.c.jobs[name].cost, any_off, coin_off, sub)

    def can_complete(self, name: str, have: Sequence[int] | None = None) -> bool:
        any_off, sub = self.dream_discount()
        return affordable(have or self.have, self.c.dreams[name].cost, any_off, 0, sub)

    def job_pool(self) -> list[str]:
        """Jobs that may still be in the deck: none that a player holds or that I am looking at."""
        out = {j for p in self.view["players"] for j in p["jobs"]} | set(self.looking)
        return [n for n in self.c.jobs if n not in out]

    def dream_pool(self) -> list[str]:
        """Dreams that may be in the deck: not completed by anyone, not mine, not being looked at."""
        out = {d for p in self.view["players"] for d in p["completed"]} | set(self.held) | set(self.looking)
        return [n for n in self.c.dreams if n not in out]

    def missing(self, cost: Sequence[int]) -> int:
        return sum(max(0, cost[i] - self.have[i]) for i in range(3))

    def income(self) -> float:
        """Resources a turn brings, roughly: salary plus a resource tile now and then."""
        return self.salary + 1.5 + int("bkt_blueprint" in self.done)


def _avg_cost(names: Sequence[str], table: Mapping[str, Any]) -> Vec:
    if not names:
        return (0.0, 0.0, 0.0)
    n = len(names)
    return tuple(sum(table[x].cost[i] for x in names) / n for i in range(3))  # type: ignore[return-value]


def _vmax(a: Vec, b: Vec) -> Vec:
    return (max(a[0], b[0]), max(a[1], b[1]), max(a[2], b[2]))


# --- what both players share --------------------------------------------------------------------------
class _RulebookPlayer:
    """The table sense both players share; subclasses say what they play for."""

    name = "rulebook"
    #: True: a slip in the player's own reasoning raises instead of falling back to "done"/"end" (tests).
    strict = False
    #: Worth of a resource beyond what the current goal needs (it helps the goal after).
    spare_weight = 0.5

    # ---- the goal: subclasses ------------------------------------------------------------------------
    def target(self, seat: Seat) -> Vec:
        raise NotImplementedError

    def lowongan_value(self, seat: Seat, k: int) -> float:
        raise NotImplementedError

    def impian_value(self, seat: Seat, k: int) -> float:
        raise NotImplementedError

    def on_cards(self, seat: Seat, legal: Sequence[Action], rng: Rng) -> Action:
        raise NotImplementedError

    def on_complete(self, seat: Seat, legal: Sequence[Action], rng: Rng) -> Action:
        raise NotImplementedError

    def bury_choice(self, seat: Seat, legal: Sequence[Action]) -> Action | None:
        return None

    # ---- entry point ---------------------------------------------------------------------------------
    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        try:
            seat = Seat(view)
            seat.goal = self.target(seat)
            pick = self._decide(seat, view, legal, rng)
        except (KeyError, ValueError, IndexError, TypeError, StopIteration):
            if self.strict:
                raise
            pick = None
        if pick is None or not any(pick is a for a in legal):
            if self.strict and pick is not None:
                raise ValueError(f"{self.name} chose an action that is not legal: {pick}")
            pick = next((a for a in legal if a["type"] in ("done", "end")), legal[0])
        return pick

    def _decide(self, seat: Seat, view: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action | None:
        kind = (view.get("pending") or {}).get("kind", "")
        if kind == "pre":
            return self.on_pre(seat, legal, rng)
        if kind == "post":
            return self.on_post(seat, legal)
        handler = {
            "gain": self.on_gain,
            "salary_choice": self.on_salary,
            "steal": self.on_steal,
            "transit": self.on_transit,
            "stasiun": self.on_stasiun,
            "news_choice": self.on_news,
        }.get(kind)
        if handler is not None:
            return handler(seat, legal)
        if kind == "cards":
            return self.on_cards(seat, legal, rng)
        if kind == "complete":
            return self.on_complete(seat, legal, rng)
        return None

    # ---- valuing resources ---------------------------------------------------------------------------
    def deficit(self, seat: Seat) -> Vec:
        g = seat.goal
        return tuple(max(0.0, g[i] - seat.have[i]) for i in range(3))  # type: ignore[return-value]

    def res_value(self, seat: Seat, gain: Sequence[int], *, at_move: bool = True) -> float:
        """What a gain is worth towards the goal (in the last turn of the game: next to nothing)."""
        short = self.deficit(seat)
        v = 0.0
        for i in range(3):
            useful = min(gain[i], short[i])
            v += useful + (gain[i] - useful) * self.spare_weight
        return v * (0.05 if at_move and seat.final else 1.0)

    def any_value(self, seat: Seat, n: int = 1) -> float:
        short = self.deficit(seat)
        best = max(range(3), key=lambda i: short[i])
        vec = [0, 0, 0]
        vec[best] = n
        return self.res_value(seat, vec)

    def unit_cost(self, seat: Seat, r: int) -> float:
        """What paying one ``r`` costs me: a lot when the goal still needs it."""
        if seat.final:
            return 0.05
        return 1.0 if self.deficit(seat)[r] > 0 else 0.45

    def fine_cost(self, seat: Seat) -> float:
        """A fine turns my Job face down: no next salary, no ability until then."""
        if seat.final:
            return 0.3
        return seat.salary + 0.7

    # ---- valuing a move ------------------------------------------------------------------------------
    def tile_value(self, seat: Seat, tile: str, count: int, how: str, ab: str) -> float:
        if tile in RESOURCE_TILES:
            n = 2 + int("bkt_blueprint" in seat.done)
            if seat.news == "seasonal_flood":
                n -= 1
            if seat.news == "car_free_day":
                n *= 2
            gain = [0, 0, 0]
            gain[RESOURCE_TILES[tile]] = n
            v = self.res_value(seat, gain)
            if n > 0 and ab == "jetset_lifestyle":
                v += self.any_value(seat)
            return v
        if tile == "stasiun":
            if not (any(seat.have) or "shopping_spree" in seat.done):
                return 0.0
            if "shopping_spree" in seat.done:
                pay = 0.0
            else:
                pay = min(self.unit_cost(seat, r) for r in range(3) if seat.have[r] > 0)
                if any(seat.c.jobs[o["job"]].ability == "thug_life" and o["ability_on"] for o in seat.others):
                    pay += 0.3
            best = max(self.tile_value(seat, t, count, "copy", ab) for t in seat.ring if t != "stasiun")
            return max(0.0, best - pay)
        v = 0.0
        if how != "land" and seat.news == "bomb_threats" and ab != "fine" and not seat.me["face_down"]:
            v -= self.fine_cost(seat)
        if tile == "lowongan":
            k = count + int(how == "land" and ab == "trendy")
            return v + self.lowongan_value(seat, k)
        if seat.news == "governor_inauguration":
            v += self.any_value(seat)
        return v + self.impian_value(seat, count)

    def move_value(self, seat: Seat, a: Action, ring: Sequence[str], tokens: Sequence[int]) -> float:
        origin = list(ring).index(a["tile"])
        if a["type"] == "gps":
            path, noted, over = sow(tokens, origin, 1, to=list(ring).index(a["to"]))
            direction = "gps"
        else:
            direction = a["direction"]
            jump = a.get("jump", "none")
            path, noted, over = sow(
                tokens, origin, 1 if direction == "cw" else -1, None if jump == "none" else list(ring).index(jump)
            )
        land = path[-1]
        tile = ring[land]
        ab = seat.ab
        face_down = seat.me["face_down"]
        v = 0.0
        if over and not seat.overflow_fined and not face_down and ab != "fine":
            v -= self.fine_cost(seat)
            if ab == "precinct_star":
                v += self.res_value(seat, (0, 3, 0))
            ab, face_down = "", True
        if tile in CARD_TILES:
            if seat.news == "bomb_threats" and not face_down and ab != "fine":
                v -= self.fine_cost(seat)
                ab = ""
            if seat.news == "international_tabletop_day":
                v += self.any_value(seat)
        # what the move hands to other players' Jobs
        for o in seat.others:
            if not o["ability_on"]:
                continue
            oab = seat.c.jobs[o["job"]].ability
            if (
                (oab == "fortune_street" and len(path) == 3 and direction != "gps")
                or (oab == "one_cent_police" and direction == "ccw" and self._neighbours(seat, o["id"]))
                or (oab == "dream_peddler" and tile in CARD_TILES)
                or (oab == "three_wheels_chauffeur" and tile == "stasiun")
                or (oab == "backroom_deal" and tile == "lowongan")
            ):
                v -= 0.4
        # my own Dreams that reward a move
        if "jakarta_round_trip" in seat.done and len(path) >= 3:
            v += self.any_value(seat)
        if "create_a_board_game" in seat.done and tile == "nongkrong":
            v += self.any_value(seat)
        options = [(tile, noted[land], "land")]
        if ab == "transit":
            for pos in ((land - 1) % 6, (land + 1) % 6):
                if noted[pos] > 0:
                    options.append((ring[pos], noted[pos], "transit"))
        return v + max(self.tile_value(seat, t, n, how, ab) for t, n, how in options)

    @staticmethod
    def _neighbours(seat: Seat, other: int) -> bool:
        ids = [p["id"] for p in seat.view["players"]]
        i = ids.index(seat.pid)
        return other in (ids[(i - 1) % len(ids)], ids[(i + 1) % len(ids)])

    def best_move(self, seat: Seat, moves: Sequence[Action], rng: Rng, ring=None, tokens=None) -> tuple[float, Action]:
        ring = ring or seat.ring
        tokens = tokens or seat.tokens
        scored = [(self.move_value(seat, a, ring, tokens) + rng.random() * 1e-3, i) for i, a in enumerate(moves)]
        v, i = max(scored)
        return v, moves[i]

    # ---- the turn --------------------------------------------------------------------------------------
    def _attack(self, seat: Seat, legal: Sequence[Action]) -> Action | None:
        """Raid, Old Friend Call, Opposite Seduction, Local Authority: always worth it, at the leader."""
        scores = {p["id"]: p["score"] for p in seat.others}
        hits = [a for a in legal if a["type"] in ("raid", "call", "seduce", "deactivate")]
        if not hits:
            return None
        return max(hits, key=lambda a: (scores.get(a["target"], 0), -a["target"]))

    def _transform(self, seat: Seat, legal: Sequence[Action]) -> Action | None:
        """Abra-Cadabra: turn what the goal has spare into what it lacks."""
        opts = [a for a in legal if a["type"] == "transform"]
        if not opts:
            return None
        g = seat.goal
        short = {RES[i]: g[i] - seat.have[i] for i in range(3)}
        best = None
        for a in opts:
            lack, spare = short[a["to"]], -short[a["from"]]
            if lack >= 1 and spare >= 1 and a["amount"] == int(min(lack, spare)):
                key = (lack, spare)
                if best is None or key > best[0]:
                    best = (key, a)
        return best[1] if best else None

    def on_pre(self, seat: Seat, legal: Sequence[Action], rng: Rng) -> Action:
        hit = self._attack(seat, legal)
        if hit:
            return hit
        tr = self._transform(seat, legal)
        if tr:
            return tr
        moves = [a for a in legal if a["type"] in ("sow", "gps")]
        best, move = self.best_move(seat, moves, rng)
        swaps = [a for a in legal if a["type"] == "swap"]
        if swaps:  # The Master of Rules: swap two tiles first when that opens a clearly better move
            top = None
            for s in swaps:
                ring, tokens = list(seat.ring), list(seat.tokens)
                i, j = ring.index(s["tile"]), ring.index(s["with"])
                ring[i], ring[j] = ring[j], ring[i]
                tokens[i], tokens[j] = tokens[j], tokens[i]
                alike = [dict(m) for m in moves if m["type"] == "sow" and m.get("jump", "none") == "none"]
                for m in alike:
                    if tokens[ring.index(m["tile"])] == 0:
                        continue
                    v = self.move_value(seat, m, ring, tokens)
                    if top is None or v > top[0]:
                        top = (v, s)
            if top and top[0] > best + 1.0:
                return top[1]
        return move

    def on_post(self, seat: Seat, legal: Sequence[Action]) -> Action | None:
        hit = self._attack(seat, legal)
        if hit:
            return hit
        bury = self.bury_choice(seat, legal)
        if bury:
            return bury
        return next((a for a in legal if a["type"] == "end"), None)

    # ---- small decisions ----------------------------------------------------------------------------
    def on_gain(self, seat: Seat, legal: Sequence[Action]) -> Action:
        """Take "any resource" as what the goal lacks most, one unit at a time."""
        short = list(self.deficit(seat))
        g = seat.goal
        n = sum(legal[0][r] for r in RES)
        want = [0, 0, 0]
        for _ in range(n):
            i = max(range(3), key=lambda k: (short[k], g[k]))
            want[i] += 1
            short[i] -= 1
        return next((a for a in legal if [a[r] for r in RES] == want), legal[0])

    def on_salary(self, seat: Seat, legal: Sequence[Action]) -> Action:
        """Make It Rain only when it takes more than the salary would pay (it takes from the others too)."""
        immune = {"hearing_damage"}
        victims = sum(
            1
            for o in seat.others
            if o["job_level"] < seat.level
            and o["coin"] > 0
            and not (o["ability_on"] and seat.c.jobs[o["job"]].ability in immune)
            and cards().dream_by_effect["pilgrimage"] not in o["completed"]
        )
        mode = "coins" if 2 * victims > seat.salary else "salary"
        return next((a for a in legal if a["mode"] == mode), legal[0])

    def on_steal(self, seat: Seat, legal: Sequence[Action]) -> Action:
        short = self.deficit(seat)
        return max(legal, key=lambda a: short[RES.index(a["resource"])])

    def on_transit(self, seat: Seat, legal: Sequence[Action]) -> Action:
        opts = {}
        for t in reversed(seat.tasks):
            if t["kind"] == "transit":
                opts = {tile: n for tile, n in t["data"]["options"]}
                break
        first = next(iter(opts), None)
        return max(
            legal,
            key=lambda a: self.tile_value(
                seat, a["tile"], opts.get(a["tile"], 1), "land" if a["tile"] == first else "transit", seat.ab
            ),
        )

    def on_stasiun(self, seat: Seat, legal: Sequence[Action]) -> Action:
        """Copy the tile worth most at Stasiun's count, paying with what the goal needs least."""
        count = next((t["data"]["count"] for t in reversed(seat.tasks) if t["kind"] == "stasiun"), 1)
        best, pick = 0.4, next((a for a in legal if a["type"] == "done"), legal[0])
        for a in legal:
            if a["type"] != "copy":
                continue
            cost = 0.0 if a["pay"] == "free" else self.unit_cost(seat, RES.index(a["pay"]))
            v = self.tile_value(seat, a["tile"], count, "copy", seat.ab) - cost
            v -= 0.01 * (a["pay"] != "free" and seat.have[RES.index(a["pay"])])
            if v > best:
                best, pick = v, a
        return pick

    def on_news(self, seat: Seat, legal: Sequence[Action]) -> Action:
        """Ignore a News card that only hurts; let one that gives apply."""
        name = (seat.view.get("news") or {}).get("name", "")
        effect = seat.c.news[name].effect if name in seat.c.news else ""
        choice = "ignore" if effect in BAD_NEWS else "accept"
        return next((a for a in legal if a["choice"] == choice), legal[0])

    # ---- paying ---------------------------------------------------------------------------------------
    def cheapest_way(self, seat: Seat, ways: Sequence[Action], keep_for: Vec) -> Action:
        """Of several payments for one card, the one that leaves the most towards ``keep_for``."""

        def left_short(a: Action) -> tuple[float, int]:
            rest = [seat.have[i] - a[RES[i]] for i in range(3)]
            return (sum(max(0.0, keep_for[i] - rest[i]) for i in range(3)), -max(rest))

        return min(ways, key=left_short)

    def best_pay(self, seat: Seat, legal: Sequence[Action], card: str, keep_for: Vec) -> Action:
        return self.cheapest_way(seat, [a for a in legal if a.get("card") == card and "coin" in a], keep_for)

    def looked_pay(self, seat: Seat, legal: Sequence[Action]) -> Action | None:
        looks = [a for a in legal if a["type"] == "look"]
        if not looks:
            return None
        return min(looks, key=lambda a: (self.unit_cost(seat, RES.index(a["pay"])), -seat.have[RES.index(a["pay"])]))

    def dream_worth(self, seat: Seat, name: str) -> float:
        d = seat.c.dreams[name]
        extra = DREAM_EXTRA.get(d.effect, 0.0)
        if d.effect == "run_for_president":
            extra = len(seat.me["jobs"]) + 0.5
        if d.effect == "join_political_party":
            extra = len(seat.me["completed"]) + 1
        if (
            d.effect in ("be_on_tv", "watch_persija_match", "mrt_route_draft", "bkt_blueprint")
            and seat.turns_after == 0
        ):
            extra = 0.3
        return d.points + extra


# --- the Job climber -----------------------------------------------------------------------------------
class JobClimberPlayer(_RulebookPlayer):
    """Climbs the Job ladder for points and salary.

    Rules it follows:

    * Its goal is the next Job: the average cost of the Jobs one level above its own (two Jobs' worth
      once it already has that). It takes the resources (tiles, "any resource" gains, steals, Abra-Cadabra)
      that the goal still lacks.
    * It moves the tokens so the last one lands where it gains most: on Lowongan when a Job it can pay for
      (level at least its own) is likely among the cards seen there (Paid Audience's extra card, paid extra
      looks counted), otherwise on the resource tile the goal needs; Stasiun copies the best tile when that
      is worth the resource paid; Transit, GPS and Dolphin Jump moves are weighed the same way.
    * It never overfills a tile while a salary is at stake, unless the gain is worth more than the salary;
      it counts Bomb Threats, and the resources a move hands to other players' Jobs.
    * On Lowongan it changes to the best Job it can pay for (most points, then salary; never a lower level
      until the last turns, when any Job's points count), paying so that most is left for the next Job. It
      pays to look at one more card while it could still pay for a likely Job afterwards.
      It uses Takes English Course for a free Level 2 Job while it is below Level 3.
    * Dreams are a late sideline: it completes a Dream whenever it can pay for one, heads for Impian in the
      last three turns (or at Level 4) when a Dream it holds is payable, keeps a new Dream only when it can
      complete it at once, and with Employee buries Dreams it cannot pay for.
    * It ignores News that hurts it, lets helpful News apply, uses Raid, Old Friend Call, Opposite
      Seduction and Local Authority on the leader, Make It Rain only when it beats the salary, and The
      Master of Rules only when a swap opens a clearly better move.
    """

    name = "job climber"

    def _level_cost(self, seat: Seat, level: int) -> Vec:
        pool = [n for n in seat.job_pool() if seat.c.jobs[n].level == level]
        pool = pool or [n for n, j in seat.c.jobs.items() if j.level == level]
        return _avg_cost(pool, seat.c.jobs)

    def target(self, seat: Seat) -> Vec:
        nxt = min(4, seat.level + 1)
        goal = self._level_cost(seat, nxt)
        if all(seat.have[i] >= goal[i] for i in range(3)):
            more = self._level_cost(seat, min(4, nxt + 1))
            goal = (goal[0] + more[0], goal[1] + more[1], goal[2] + more[2])
        if seat.held and (seat.turns_after <= 3 or seat.level == 4):
            cheapest = min(seat.held, key=lambda d: seat.missing(seat.c.dreams[d].cost))
            goal = _vmax(goal, seat.c.dreams[cheapest].cost)  # type: ignore[arg-type]
        return goal

    def hire_ok(self, seat: Seat, name: str) -> bool:
        j = seat.c.jobs[name]
        return j.level >= seat.level or seat.turns_after <= 1

    def hire_worth(self, seat: Seat, name: str) -> float:
        j = seat.c.jobs[name]
        raise_ = sum(j.salary) - seat.salary
        return 2 * j.points + 0.5 * raise_ * seat.turns_after + 1.0

    def lowongan_value(self, seat: Seat, k: int) -> float:
        pool = seat.job_pool()
        if not pool or k <= 0:
            return 0.0
        ok = [n for n in pool if self.hire_ok(seat, n) and seat.can_hire(n)]
        if not ok:
            return 0.0
        cheapest = min(sum(seat.c.jobs[n].cost) for n in ok)
        k += min(2, max(0, sum(seat.have) - cheapest))  # room to pay for a look or two
        p = len(ok) / len(pool)
        chance = 1 - (1 - p) ** min(k, len(pool))
        return chance * sum(self.hire_worth(seat, n) for n in ok) / len(ok)

    def dreams_ok(self, seat: Seat) -> bool:
        return seat.turns_after <= 3 or seat.level == 4

    def impian_value(self, seat: Seat, k: int) -> float:
        payable = [d for d in seat.held if seat.can_complete(d)]
        if payable:
            best = max(self.dream_worth(seat, d) for d in payable) + 1  # +1: no longer a penalty
            return 2 * best if self.dreams_ok(seat) else 0.8 * best
        if not self.dreams_ok(seat):
            return 0.0
        pool = seat.dream_pool()
        ok = [d for d in pool if seat.can_complete(d)]
        if not ok or not pool:
            return 0.0
        chance = 1 - (1 - len(ok) / len(pool)) ** min(k, len(pool))
        return chance * 1.5 * sum(seat.c.dreams[d].points for d in ok) / len(ok)

    def on_cards(self, seat: Seat, legal: Sequence[Action], rng: Rng) -> Action | None:
        done = next(a for a in legal if a["type"] == "done")
        if seat.deck == "dream":
            keeps = [a for a in legal if a["type"] == "keep" and seat.can_complete(a["card"])]
            if keeps and not any(seat.can_complete(d) for d in seat.held):
                return max(keeps, key=lambda a: self.dream_worth(seat, a["card"]))
            return done
        free = [a for a in legal if a["type"] == "hire_free"]
        if free and seat.level <= 2:
            return max(free, key=lambda a: (seat.c.jobs[a["card"]].points, sum(seat.c.jobs[a["card"]].salary)))
        hires = [a for a in legal if a["type"] == "hire" and self.hire_ok(seat, a["card"])]
        if hires:
            card = max({a["card"] for a in hires}, key=lambda n: (self.hire_worth(seat, n), n))
            nxt = self._level_cost(seat, min(4, seat.c.jobs[card].level + 1))
            return self.best_pay(seat, hires, card, nxt)
        look = self.looked_pay(seat, legal)
        if look and len(seat.looking) < 6:
            have = list(seat.have)
            have[RES.index(look["pay"])] -= 1
            pool = seat.job_pool()
            ok = [n for n in pool if self.hire_ok(seat, n) and seat.can_hire(n, have)]
            if pool and len(ok) / len(pool) >= 0.2:
                return look
        return done

    def on_complete(self, seat: Seat, legal: Sequence[Action], rng: Rng) -> Action:
        ways = [a for a in legal if a["type"] == "complete"]
        if not ways:
            return legal[-1]
        card = max({a["card"] for a in ways}, key=lambda d: (self.dream_worth(seat, d), d))
        return self.best_pay(seat, ways, card, self._level_cost(seat, min(4, seat.level + 1)))

    def bury_choice(self, seat: Seat, legal: Sequence[Action]) -> Action | None:
        buries = [a for a in legal if a["type"] == "bury" and not seat.can_complete(a["card"])]
        if not buries:
            return None
        return max(buries, key=lambda a: seat.missing(seat.c.dreams[a["card"]].cost))


# --- the Dreamer ---------------------------------------------------------------------------------------------
class DreamerPlayer(_RulebookPlayer):
    """Chases Dream cards and finishes them; Jobs only when it is rich.

    Rules it follows:

    * Its goal is the Dream it holds that is nearest to paid for (most points for what is missing); with
      no Dream in hand, the price of an ordinary Level 2 Dream (mostly Pride). It takes what the goal lacks
      (tiles, "any resource" gains, steals, Abra-Cadabra).
    * It moves the tokens so the last one lands on Impian whenever it can then complete a Dream it holds,
      or when a Dream it could pay for at once is likely among the cards seen there; with no Dream in
      hand it also goes to Impian to pick one. Otherwise it takes the resource tile the goal needs;
      Stasiun, Transit, GPS and Dolphin Jump are weighed the same way. It avoids fines while a salary is at
      stake and counts Bomb Threats and what a move hands to other players' Jobs.
    * On Impian it keeps the Dream it can complete at once (the most points), and completes it; if none is
      payable it pays one resource for another look while it could still pay for a Dream. It keeps an
      unpayable Dream only with no other Dream in hand, four or more turns to go, and what is missing
      within reach of its income. In the last turns it keeps nothing it cannot finish at once, so it does
      not end with unfinished Dreams. It completes the best Dream it can pay for whenever asked.
    * With Employee (Buried Dream) it returns a Dream it can no longer finish in the turns left, and in its
      last turn every Dream it still holds, one a turn.
    * It changes Job on Lowongan only to a higher level it can pay for while keeping enough for its Dream
      (or early, from Level 1, for the salary); Takes English Course it spends only early from Level 1.
    * Like the Job climber it ignores News that hurts it, uses Raid, Old Friend Call, Opposite Seduction and
      Local Authority on the leader, Make It Rain only when it beats the salary, and The Master of Rules
      only when a swap opens a clearly better move.
    """

    name = "dreamer"
    GENERIC = (2.0, 3.0, 2.0)

    def focus(self, seat: Seat) -> str | None:
        if not seat.held:
            return None
        return max(seat.held, key=lambda d: (self.dream_worth(seat, d) - 0.7 * seat.missing(seat.c.dreams[d].cost), d))

    def target(self, seat: Seat) -> Vec:
        f = self.focus(seat)
        if f is None:
            return self.GENERIC
        return tuple(float(x) for x in seat.c.dreams[f].cost)  # type: ignore[return-value]

    def reachable(self, seat: Seat, name: str) -> bool:
        """Whether the missing resources can come in before the game ends (a later Impian visit needed)."""
        return seat.missing(seat.c.dreams[name].cost) <= seat.income() * max(0, seat.turns_after - 1)

    def impian_value(self, seat: Seat, k: int) -> float:
        v = 0.0
        payable = [d for d in seat.held if seat.can_complete(d)]
        if payable:
            v = 3 + 2 * max(self.dream_worth(seat, d) for d in payable)
        pool = seat.dream_pool()
        if pool and k > 0:
            ok = [d for d in pool if seat.can_complete(d)]
            looks = min(2, max(0, sum(seat.have) - 5))
            chance = 1 - (1 - len(ok) / len(pool)) ** min(k + looks, len(pool))
            v = max(v, chance * (2 + 2 * sum(self.dream_worth(seat, d) for d in ok) / max(1, len(ok))))
            if not seat.held and seat.turns_after >= 3:
                v += 1.5 + 0.2 * k
        return v

    def rich_enough(self, seat: Seat, cost: Sequence[int]) -> bool:
        if seat.turns_after >= 8 and seat.level == 1:
            return True
        f = self.focus(seat)
        if f is None:
            return True
        rest = [seat.have[i] - cost[i] for i in range(3)]
        return sum(rest) >= sum(seat.c.dreams[f].cost)

    def hire_ok(self, seat: Seat, name: str) -> bool:
        j = seat.c.jobs[name]
        if seat.turns_after <= 1 and not any(seat.can_complete(d) for d in seat.held):
            return True  # nothing else to spend on: points are points
        return j.level > seat.level and self.rich_enough(seat, j.cost)

    def lowongan_value(self, seat: Seat, k: int) -> float:
        pool = seat.job_pool()
        if not pool or k <= 0:
            return 0.0
        ok = [n for n in pool if self.hire_ok(seat, n) and seat.can_hire(n)]
        if not ok:
            return 0.0
        chance = 1 - (1 - len(ok) / len(pool)) ** min(k, len(pool))
        worth = sum(2 * seat.c.jobs[n].points + 0.4 * seat.turns_after for n in ok) / len(ok)
        return 0.7 * chance * worth

    def on_cards(self, seat: Seat, legal: Sequence[Action], rng: Rng) -> Action | None:
        done = next(a for a in legal if a["type"] == "done")
        if seat.deck == "job":
            free = [a for a in legal if a["type"] == "hire_free"]
            if free and seat.level == 1 and seat.turns_after >= 4:
                return free[0]
            hires = [a for a in legal if a["type"] == "hire" and self.hire_ok(seat, a["card"])]
            if not hires:
                return done
            card = max({a["card"] for a in hires}, key=lambda n: (seat.c.jobs[n].points, sum(seat.c.jobs[n].salary), n))
            return self.best_pay(seat, hires, card, self.target(seat))
        keeps = [a for a in legal if a["type"] == "keep"]
        held_payable = [d for d in seat.held if seat.can_complete(d)]
        now = [a for a in keeps if seat.can_complete(a["card"])]
        if now:
            best = max(now, key=lambda a: (self.dream_worth(seat, a["card"]), a["card"]))
            if not held_payable:
                return best
            if seat.turns_after >= 3 and self.dream_worth(seat, best["card"]) > max(
                self.dream_worth(seat, d) for d in held_payable
            ):
                return best
            return done
        if held_payable:
            return done
        look = self.looked_pay(seat, legal)
        if look and len(seat.looking) < 5:
            have = list(seat.have)
            have[RES.index(look["pay"])] -= 1
            pool = seat.dream_pool()
            ok = [d for d in pool if seat.can_complete(d, have)]
            if pool and len(ok) / len(pool) >= 0.2:
                return look
        if keeps and not seat.held and seat.turns_after >= 3:
            fine = [a for a in keeps if self.reachable(seat, a["card"])]
            if fine:
                return max(
                    fine,
                    key=lambda a: (
                        self.dream_worth(seat, a["card"]) - 0.5 * seat.missing(seat.c.dreams[a["card"]].cost),
                        a["card"],
                    ),
                )
        return done

    def on_complete(self, seat: Seat, legal: Sequence[Action], rng: Rng) -> Action:
        ways = [a for a in legal if a["type"] == "complete"]
        if not ways:
            return legal[-1]
        card = max({a["card"] for a in ways}, key=lambda d: (self.dream_worth(seat, d), d))
        others = [d for d in seat.held if d != card]
        keep_for = tuple(float(x) for x in seat.c.dreams[others[0]].cost) if others else self.GENERIC
        return self.best_pay(seat, ways, card, keep_for)  # type: ignore[arg-type]

    def bury_choice(self, seat: Seat, legal: Sequence[Action]) -> Action | None:
        buries = [a for a in legal if a["type"] == "bury"]
        if not buries:
            return None
        if seat.final or seat.turns_after == 0:
            return buries[0]
        lost = [a for a in buries if not seat.can_complete(a["card"]) and not self.reachable(seat, a["card"])]
        if not lost:
            return None
        return max(lost, key=lambda a: seat.missing(seat.c.dreams[a["card"]].cost))
