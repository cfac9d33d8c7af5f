"""Two rule-based Drama Pukul 7 players written from the rulebook and RULINGS alone.

They are yardsticks for the project's own AI: each plays the way a different
beginner who has read the rules would, deciding only from the ``view`` it is
handed (its own hand, what is on the table, the Plot Twist stack) and the
printed card data, and always answering with one of ``legal``.

* :class:`BuilderPlayer` builds a team, guards its AIR MUKA and attacks when strong.
* :class:`SpoilerPlayer` plays against whoever is closest to winning.

The common mechanics (reading the view, valuing cards, shielding, paying)
live in :class:`_RulebookPlayer`; each player's own rules are in its class.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.drama import windows
from bot.games.drama.cards import Effect
from bot.games.drama.state import CARDS, MAX_AIR_MUKA
from bot.games.drama.windows import named_entry_effects as entry_effects
from bot.kernel.contract import Action
from bot.kernel.rng import Rng

# --- the printed card data, looked up by the names the view shows -----------------------

BLUE = {d.name: d for d in CARDS.blue}
GREEN = {g.name: g for g in CARDS.green}

#: Effects that hurt the player they are aimed at.
HOSTILE = {
    "dengki",
    "lose_air_muka",
    "take_juta",
    "discard_random",
    "steal_random_card",
    "discard_spouse",
    "steal_item",
}


def cancelled_flags(stack: Sequence[Mapping[str, Any]]) -> list[bool]:
    """Which stack entries end up cancelled, newest first (a cancelled cancel cancels nothing)."""
    return windows.cancelled_flags(stack, entry_effects)


def green_def(info: Mapping[str, Any]) -> Any:
    return GREEN[info["name"]]


def passive(p: Mapping[str, Any], kind: str) -> int:
    """A passive ability total over a player's ITEMs and spouse (unmarried MEMBERs give nothing)."""
    total = 0
    for c in list(p["items"]) + [m for m in p["members"] if m["married"]]:
        ab = green_def(c).ability
        if ab.kind == "passive":
            total += ab.amount(kind)
    return total


class Table:
    """What one view says, read once per decision."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.me_id = view["viewer"]
        self.by_id = {p["id"]: p for p in view["players"]}
        self.me = self.by_id[self.me_id]
        self.others = [p for p in view["players"] if p["alive"] and p["id"] != self.me_id]
        self.turn = view["turn"]
        self.turn_player = self.turn["player"]
        self.my_turn = self.turn_player == self.me_id
        self.hand = view["hand"]
        self.hand_by_id = {c["id"]: c for c in self.hand}

    def p(self, pid: int) -> Mapping[str, Any]:
        return self.by_id[pid]

    def dengki(self, pid: int) -> int:
        a = self.p(pid)["attributes"]
        return a["dengki"] if a else 1


def shield(p: Mapping[str, Any]) -> int:
    return sum(m["air_muka"] for m in p["members"])


def hit_outcome(p: Mapping[str, Any], strength: int) -> tuple[int, int]:
    """(AIR MUKA lost, MEMBERs discarded) if DENGKI of ``strength`` lands on ``p`` (rulebook order)."""
    s = max(0, strength - passive(p, "dengki_reduce"))
    lost_members = 0
    for m in sorted((m for m in p["members"] if not m["married"]), key=lambda m: m["air_muka"]):
        if s <= 0:
            break
        s -= min(s, m["air_muka"])
        lost_members += 1
    for m in p["members"]:
        if m["married"]:
            s -= min(s, m["air_muka"])
    return min(s, p["air_muka"]), lost_members


def hit_cost(p: Mapping[str, Any], strength: int) -> float:
    """How bad a DENGKI is for ``p``: 2 a point of AIR MUKA, 1.5 a MEMBER, and a lot if it knocks them out."""
    lost, members = hit_outcome(p, strength)
    cost = 2.0 * lost + 1.5 * members
    if lost and lost >= p["air_muka"]:
        cost += 20.0
    return cost


def loss_cost(p: Mapping[str, Any], amount: int) -> float:
    """An unshieldable loss of AIR MUKA."""
    lost = min(amount, p["air_muka"])
    return 2.0 * lost + (20.0 if lost and lost >= p["air_muka"] else 0.0)


class _RulebookPlayer:
    """Shared mechanics; subclasses set the weights and the targets."""

    name = "rulebook"
    #: Hero sides in order of preference (female sides: there are more male MEMBERs to KAHWIN).
    HEROES: tuple[str, ...] = ()
    #: How much a point of DENGKI on an ITEM is worth to this player.
    DENGKI_WEIGHT = 1.0
    #: How much this player likes recruiting (member worth is multiplied by it).
    RECRUIT_TASTE = 1.0
    #: What spending a response card costs, by effect kind: the reason to keep it for later.
    KEEP = {
        "cancel3": 2.0,
        "cancel_pt": 1.2,
        "cancel_ep": 0.8,
        "reflect_attack": 1.0,
        "reduce_attack": 0.6,
        "skip_turn": 1.5,
        "lose_action": 0.5,
    }

    # ---- the entry point -------------------------------------------------------------

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        types = {a["type"] for a in legal}
        if "pick_hero" in types:
            return self._pick_hero(legal, rng)
        t = Table(view)
        if "pass" in types:
            action = self._window(t, legal, rng)
        elif "collect" in types:
            action = next(a for a in legal if a["type"] == "collect")
        elif "pay" in types or "cancel" in types:
            action = self._pay(t, legal)
        elif "absorb" in types:
            action = self._absorb(t, legal)
        elif "to_hand" in types:
            action = min(legal, key=lambda a: self._green_worth(t, self._card_anywhere(t, a["card"])))
        elif "decline" in types:
            action = self._react(t, legal)
        else:
            action = self._turn(t, legal, rng)
        return action if action in legal else legal[0]

    # ---- hero pick ---------------------------------------------------------------------

    def _pick_hero(self, legal: Sequence[Action], rng: Rng) -> Action:
        offered = {a["hero"]: a for a in legal}
        for name in self.HEROES:
            if name in offered:
                return offered[name]
        return rng.choice(list(legal))

    # ---- values ------------------------------------------------------------------------

    def _green_worth(self, t: Table, info: Mapping[str, Any] | None) -> float:
        if info is None:
            return 0.0
        g = green_def(info)
        if g.kind == "member":
            return self._member_worth(t, info)
        return self._item_worth(t, info)

    def _item_worth(self, t: Table, info: Mapping[str, Any]) -> float:
        a = info["attributes"]
        v = 1.3 * a["juta"] + 1.2 * a["draw"] + 1.4 * a["action"] + self.DENGKI_WEIGHT * a["dengki"]
        ab = green_def(info).ability
        w = {
            "dengki_reduce": 1.5,
            "item_discount": 1.0,
            "kahwin_discount": 0.4,
            "recruit_discount": 0.8,
            "prevent_loss": 1.5,
            "reduce_loss": 0.8,
            "draw": 0.6,
            "gain_juta": 0.5,
            "heal": 0.8,
            "bonus_dengki": 0.5,
        }
        for e in ab.effects:
            v += w.get(e.kind, 0.0)
        return v

    def _can_marry(self, t: Table, info: Mapping[str, Any]) -> bool:
        has_spouse = any(m["married"] for m in t.me["members"])
        return not has_spouse and info["gender"] != t.me["gender"]

    def _member_worth(self, t: Table, info: Mapping[str, Any]) -> float:
        """A MEMBER is a shield worth its AIR MUKA, more if it could become a spouse."""
        v = float(info["air_muka"])
        if self._can_marry(t, info):
            a = info["attributes"]
            v += 0.5 * (a["juta"] + a["draw"] + a["action"] + a["dengki"])
        return v

    def _blue_value(self, t: Table, info: Mapping[str, Any]) -> float:
        """What keeping a Blue card in hand is worth."""
        d = BLUE[info["name"]]
        me = t.me
        v = 0.0
        for e in d.effects:
            k, n = e.kind, e.amount
            if k == "extra_turn":
                v += 5.0
            elif k == "cancel":
                v += 3.5 if len(e.cancels) == 3 else 2.5 if "plot_twist" in e.cancels else 1.5
            elif k == "reflect_attack":
                v += 4.0
            elif k == "reduce_attack":
                v += 3.0
            elif k == "skip_turn":
                v += 4.0
            elif k == "lose_action":
                v += 1.5
            elif k == "bonus_action":
                v += 3.5
            elif k in ("dengki", "lose_air_muka"):
                v += 3.5
            elif k == "steal_item":
                v += 3.0 if any(o["items"] for o in t.others) else 2.0
            elif k == "discard_spouse":
                v += 2.5 if any(any(m["married"] for m in o["members"]) for o in t.others) else 1.2
            elif k in ("gain_juta", "draw"):
                v += 1.2 * n
            elif k == "heal":
                v += 1.0 + 0.8 * min(n, MAX_AIR_MUKA - me["air_muka"])
            elif k == "take_juta":
                v += 0.9 * n
            elif k == "all_pay":
                v += 0.8 * len(t.others)
            elif k == "discard_random":
                v += 0.8 * n
            elif k == "steal_random_card":
                v += 1.5
            elif k == "bonus_dengki":
                v += 2.0
            elif k == "kedai_discount":
                v += 1.2
            elif k == "free_kahwin":
                ok = any(self._can_marry(t, m) for m in me["members"])
                v += 3.0 if ok else 1.0
            elif k == "revive_member":
                v += 2.5 if any(c["kind"] == "member" for c in t.view["green_discard"]) else 1.3
        return v

    def _card_value(self, t: Table, info: Mapping[str, Any] | None) -> float:
        if info is None:
            return 0.0
        if info["name"] in BLUE:
            return self._blue_value(t, info)
        return self._green_worth(t, info)

    def _card_anywhere(self, t: Table, cid: int) -> Mapping[str, Any] | None:
        """A card's public facts from the hand, the table or the Kedai."""
        if cid in t.hand_by_id:
            return t.hand_by_id[cid]
        for p in t.view["players"]:
            for c in list(p["items"]) + list(p["members"]):
                if c["id"] == cid:
                    return c
        for s in t.view["kedai"]:
            if s["card"] is not None and s["card"]["id"] == cid:
                return s["card"]
        for c in t.view["green_discard"]:
            if c["id"] == cid:
                return c
        ch = t.view.get("choice") or {}
        for c in ch.get("options", []):
            if isinstance(c, Mapping) and c.get("id") == cid:
                return c
        return None

    def _discard_cost(self, t: Table, a: Mapping[str, Any]) -> float:
        return self._card_value(t, t.hand_by_id.get(a["discard"])) if "discard" in a else 0.0

    # ---- whom to hurt (the subclasses decide) ----------------------------------------------

    def _target_bonus(self, t: Table, pid: int) -> float | None:
        """Extra score for aiming something hostile at ``pid``; None: never aim at them."""
        raise NotImplementedError

    def _rival_weight(self, t: Table, pid: int) -> float:
        """How much a gain for ``pid`` is worth stopping (as a share of its value)."""
        raise NotImplementedError

    def _attack_target(self, t: Table, strength: int) -> int | None:
        raise NotImplementedError

    # ---- effects on the table ---------------------------------------------------------------

    def _hostile_value(self, t: Table, kind: str, amount: int, target: int, pick: int | None) -> float:
        """What a hostile effect aimed at ``target`` gains for me."""
        o = t.p(target)
        if kind == "dengki":
            return hit_cost(o, amount)
        if kind == "lose_air_muka":
            return loss_cost(o, amount) + 0.5
        if kind == "take_juta":
            return 1.0 * min(amount, o["juta"])
        if kind == "discard_random":
            return 0.7 * min(amount, o["hand_count"])
        if kind == "steal_random_card":
            return 1.5 if o["hand_count"] else 0.0
        if kind == "discard_spouse":
            sp = next((m for m in o["members"] if m["married"]), None)
            return 2.0 + (self._spouse_power(sp) if sp else 0.0)
        if kind == "steal_item":
            info = next((c for c in o["items"] if c["id"] == pick), None)
            return 1.0 + self._item_worth(t, info) if info else 0.0
        return 0.0

    @staticmethod
    def _spouse_power(m: Mapping[str, Any]) -> float:
        a = m["attributes"]
        return float(m["air_muka"] + a["juta"] + a["draw"] + a["action"] + a["dengki"])

    def _own_effect_value(self, t: Table, e: Effect, a: Mapping[str, Any], attack_plan: int | None) -> float | None:
        """What one printed effect of a card or ability I use on my own turn is worth (None: do not)."""
        me = t.me
        k, n = e.kind, e.amount
        if k in HOSTILE:
            bonus = self._target_bonus(t, a["target"])
            if bonus is None:
                return None
            return self._hostile_value(t, k, n, a["target"], a.get("pick")) + bonus
        if k == "gain_juta":
            return 1.0 * n
        if k == "draw":
            return 1.0 * n
        if k == "heal":
            gap = min(n, MAX_AIR_MUKA - me["air_muka"])
            return 1.5 * gap * (2.0 if me["air_muka"] <= 3 else 1.0)
        if k == "extra_turn":
            return 8.0
        if k == "bonus_action":
            return 5.0
        if k == "bonus_dengki":
            return 1.2 * n if self._attack_target(t, t.dengki(t.me_id) + n) is not None else None
        if k == "kedai_discount":
            return 2.0 if self._discount_helps(t, n) else None
        if k == "all_pay":
            return 1.0 * sum(1 for o in t.others if o["juta"] > 0)
        if k == "free_kahwin":
            m = next((m for m in me["members"] if m["id"] == a.get("pick")), None)
            return 3.0 + self._spouse_power(m) * 0.5 if m else None
        if k == "revive_member":
            info = self._card_anywhere(t, a["pick"]) if "pick" in a else None
            return 1.0 + self._member_worth(t, info) if info else None
        return 0.0

    def _discount_helps(self, t: Table, n: int) -> bool:
        """A KEDAI discount makes a wanted ITEM affordable now."""
        disc = passive(t.me, "item_discount") + t.turn["discount"]
        for s in t.view["kedai"]:
            c = s["card"]
            if c is None or s["face_down"] or c["kind"] != "item":
                continue
            price = max(0, c["price"] - disc)
            if price > t.me["juta"] >= price - n and self._item_worth(t, c) >= 1.5:
                return True
        return False

    # ---- my turn ------------------------------------------------------------------------

    def _turn(self, t: Table, legal: Sequence[Action], rng: Rng) -> Action:
        strength = t.dengki(t.me_id)
        plan = self._attack_target(t, strength)
        best, best_score = None, 0.0
        for a in legal:
            if a["type"] in ("attack", "end_turn"):
                continue
            s = self._turn_score(t, a, plan)
            if s is None:
                continue
            s += rng.random() * 1e-3
            if s > best_score:
                best, best_score = a, s
        if best is not None:
            return best
        if plan is not None:
            for a in legal:
                if a["type"] == "attack" and a["target"] == plan:
                    return a
        return next((a for a in legal if a["type"] == "end_turn"), legal[0])

    def _turn_score(self, t: Table, a: Mapping[str, Any], plan: int | None) -> float | None:
        typ = a["type"]
        if typ == "play":
            return self._play_score(t, a, plan)
        if typ == "buy":
            return self._buy_score(t, a)
        if typ == "recruit":
            return self._recruit_score(t, a)
        if typ == "kahwin":
            m = next(m for m in t.me["members"] if m["id"] == a["member"])
            return 4.0 + 0.5 * self._spouse_power(m)
        if typ == "hero_ability":
            key = t.me["hero_key"]
            return self._hero_score(t, key, a, plan)
        if typ == "use":
            return self._use_score(t, a, plan)
        return None

    def _play_score(self, t: Table, a: Mapping[str, Any], plan: int | None) -> float | None:
        info = t.hand_by_id[a["card"]]
        if info["name"] not in BLUE:  # an ITEM or MEMBER back from play: put it down if it is an upgrade
            worth = self._green_worth(t, info)
            if "replace" in a:
                worth -= self._green_worth(t, self._card_anywhere(t, a["replace"]))
            return worth - 1.5
        d = BLUE[info["name"]]
        if any(e.kind in ("cancel", "reflect_attack", "reduce_attack", "skip_turn", "lose_action") for e in d.effects):
            return None  # answers to others: kept for their windows
        total = 0.0
        for e in d.effects:
            v = self._own_effect_value(t, e, a, plan)
            if v is None:
                return None
            total += v
        if d.kind == "plot_twist":
            total *= 0.5  # free on another player's turn: rather keep it for then
        return total - 0.3 * self._card_value(t, info)

    def _buy_score(self, t: Table, a: Mapping[str, Any]) -> float | None:
        info = t.view["kedai"][a["slot"]]["card"]
        v = self._item_worth(t, info)
        if "replace" in a:
            v -= self._green_worth(t, self._card_anywhere(t, a["replace"])) + 0.5
        return v if v >= 0.8 else None

    def _recruit_cost(self, t: Table, info: Mapping[str, Any]) -> int:
        return max(0, info["recruit"] - passive(t.me, "recruit_discount"))

    def _recruit_score(self, t: Table, a: Mapping[str, Any]) -> float | None:
        info = t.view["kedai"][a["slot"]]["card"]
        need = self._recruit_cost(t, info)
        spend = sorted(self._card_value(t, c) for c in t.hand)[:need]
        v = self.RECRUIT_TASTE * self._member_worth(t, info) * 1.2 - 0.8 * sum(spend)
        if "replace" in a:
            v -= self._green_worth(t, self._card_anywhere(t, a["replace"]))
        return v if v > 0.3 else None

    def _hero_score(self, t: Table, key: str, a: Mapping[str, Any], plan: int | None) -> float | None:
        me = t.me
        junk = self._discard_cost(t, a)
        if key == "ryan":
            return 2.5 - junk if self._discount_helps(t, 1) else None
        if key == "wang":
            bonus = self._target_bonus(t, a["target"])
            if bonus is None:
                return None
            return 0.7 * min(2, t.p(a["target"])["hand_count"]) + bonus - junk
        if key == "kaya":
            return 1.0 if me["juta"] >= 4 or (me["juta"] >= 2 and len(t.hand) <= 2) else None
        if key == "salmah":
            if me["air_muka"] <= 5:
                return 3.0
            return 0.6 if me["juta"] >= 3 else None
        if key == "rozita":
            bonus = self._target_bonus(t, a["target"])
            return None if bonus is None else 1.0 + bonus - junk
        if key == "rempit":
            return 0.4 + 2.0 - junk if self._attack_target(t, t.dengki(t.me_id) + 2) is not None else None
        if key == "cikgu":
            return 3.0 - junk
        if key == "laser":
            bonus = self._target_bonus(t, a["target"])
            return None if bonus is None else self._laser_score(t, a["target"]) + bonus
        return None

    def _laser_score(self, t: Table, target: int) -> float:
        return loss_cost(t.p(target), 1) - 0.8

    def _use_score(self, t: Table, a: Mapping[str, Any], plan: int | None) -> float | None:
        info = next(c for c in list(t.me["items"]) + list(t.me["members"]) if c["id"] == a["card"])
        ab = green_def(info).ability
        junk = self._discard_cost(t, a)
        kinds = {e.kind: e.amount for e in ab.effects}
        if "heal" in kinds:
            return (3.0 if t.me["air_muka"] <= 5 else 1.2) - 0.5 * junk
        if "bonus_dengki" in kinds:
            boosted = self._attack_target(t, t.dengki(t.me_id) + kinds["bonus_dengki"])
            return 0.3 + 1.5 - junk if boosted is not None else None
        if "gain_juta" in kinds:
            return 1.2 - junk if junk <= 1.6 else None
        if "draw" in kinds:
            per = kinds["draw"] / max(1, ab.cost.juta)
            return 0.4 * per if t.me["juta"] - ab.cost.juta >= self._juta_reserve(t) else None
        return None

    def _juta_reserve(self, t: Table) -> int:
        return 0

    # ---- answers in a Plot Twist window -------------------------------------------------

    def _window(self, t: Table, legal: Sequence[Action], rng: Rng) -> Action:
        stack = t.view["window"]["stack"]
        dead = cancelled_flags(stack)
        best, best_score = legal[0], 0.0
        for a in legal:
            if a["type"] != "play":
                continue
            s = self._response_score(t, a, stack, dead)
            if s is None:
                continue
            s += rng.random() * 1e-3
            if s > best_score:
                best, best_score = a, s
        return best if best_score > 0 else next(a for a in legal if a["type"] == "pass")

    def _keep(self, d: Any) -> float:
        for e in d.effects:
            if e.kind == "cancel":
                return self.KEEP[
                    "cancel3" if len(e.cancels) == 3 else "cancel_pt" if "plot_twist" in e.cancels else "cancel_ep"
                ]
            if e.kind in self.KEEP:
                return self.KEEP[e.kind]
        return 0.3

    def _response_score(
        self, t: Table, a: Mapping[str, Any], stack: Sequence[Mapping[str, Any]], dead: list[bool]
    ) -> float | None:
        d = BLUE[t.hand_by_id[a["card"]]["name"]]
        keep = self._keep(d)
        if t.my_turn:
            keep += 1.0  # it costs one of my ACTIONs
        total = 0.0
        for e in d.effects:
            k = e.kind
            if k == "cancel":
                i = a["entry"]
                if dead[i]:
                    return None
                total += self._entry_harm(t, stack, dead, i)
            elif k == "reflect_attack":
                att = t.view["attack"]
                if not att or att["stopped"]:
                    return None
                total += hit_cost(t.me, att["strength"])
                aimer = next((p for p in (att["attacker"], att["target"]) if p != t.me_id), None)
                if aimer is not None and aimer in t.by_id and t.p(aimer)["alive"]:
                    total += 0.5 * hit_cost(t.p(aimer), att["strength"])
            elif k == "reduce_attack":
                att = t.view["attack"]
                if not att or att["stopped"]:
                    return None
                total += hit_cost(t.me, att["strength"]) - hit_cost(t.me, att["strength"] - e.amount)
            elif k == "skip_turn":
                total += self._skip_value(t)
            elif k == "lose_action":
                total += self._pukau_value(t)
            elif k in HOSTILE:
                if t.my_turn:
                    return None  # on my own turn these are played as ordinary actions
                bonus = self._target_bonus(t, a["target"])
                if bonus is None:
                    return None
                total += self._hostile_value(t, k, e.amount, a["target"], a.get("pick")) + bonus
                total -= self._hostile_patience(t)
            else:
                return None
        return total - keep

    def _hostile_patience(self, t: Table) -> float:
        """How much better than nothing a free hostile Plot Twist must be before playing it now."""
        return 0.0

    def _attack_defence(self, t: Table) -> float:
        """What stopping the turn's declared DENGKI (aimed at me) is worth."""
        att = t.view["attack"]
        w = t.view["window"]
        if (
            att
            and w
            and w["kind"] == "dengki"
            and not att["stopped"]
            and att["source"] == "attack"
            and att["projected_target"] == t.me_id
        ):
            return hit_cost(t.me, att["strength"])
        return 0.0

    def _skip_value(self, t: Table) -> float:
        raise NotImplementedError

    def _pukau_value(self, t: Table) -> float:
        raise NotImplementedError

    def _entry_harm(self, t: Table, stack: Sequence[Mapping[str, Any]], dead: list[bool], i: int) -> float:
        """What letting stack entry ``i`` resolve costs me (what cancelling it is worth)."""
        e = stack[i]
        who = e["player"]
        if who == t.me_id or e.get("void"):
            return 0.0
        me = t.me
        harm = 0.0
        gain = 0.0
        att = t.view["attack"]
        for x in entry_effects(e):
            k, n = x.kind, x.amount
            if k in HOSTILE and e.get("target") == t.me_id:
                if k == "dengki":
                    harm += hit_cost(me, n)
                elif k == "lose_air_muka":
                    harm += loss_cost(me, n)
                elif k == "take_juta":
                    harm += 0.8 * min(n, me["juta"])
                elif k == "discard_random":
                    harm += 0.7 * min(n, len(t.hand))
                elif k == "steal_random_card":
                    harm += 1.5
                elif k == "discard_spouse":
                    sp = next((m for m in me["members"] if m["married"]), None)
                    harm += 2.0 + (self._spouse_power(sp) if sp else 0.0)
                elif k == "steal_item":
                    info = next((c for c in me["items"] if c["id"] == e.get("pick")), None)
                    harm += 1.0 + self._item_worth(t, info) if info else 0.0
            elif k == "skip_turn" and t.my_turn:
                harm += 6.0 if not t.turn["collected"] else 1.0 + 1.5 * t.turn["actions_left"]
            elif k == "lose_action" and t.my_turn:
                harm += 1.5 if t.turn["actions_left"] >= 1 else 0.0
            elif k == "reflect_attack" and att and not att["stopped"] and att["projected_target"] == t.me_id:
                harm += hit_cost(me, att["strength"])
            elif k == "reduce_attack" and att and att["attacker"] == t.me_id and att["projected_target"] != t.me_id:
                tgt = t.p(att["projected_target"])
                harm += hit_cost(tgt, att["strength"]) - hit_cost(tgt, att["strength"] - n)
            elif k == "cancel":
                j = e.get("entry")
                if j is not None and stack[j]["player"] == t.me_id:
                    mine = entry_effects(stack[j])
                    if att and any(y.kind in ("reflect_attack", "reduce_attack") for y in mine):
                        harm += hit_cost(me, att["strength"])
                    else:
                        harm += 2.5
            elif k in ("prevent_loss", "reduce_loss") and t.my_turn:
                harm += 1.5
            elif k == "extra_turn":
                gain += 6.0
            elif k in ("gain_juta", "draw"):
                gain += 1.0 * n
            elif k == "heal":
                gain += 1.5 * min(n, MAX_AIR_MUKA - t.p(who)["air_muka"])
            elif k == "bonus_action":
                gain += 1.5 * n
            elif k == "bonus_dengki":
                gain += 1.5 * n
            elif k == "all_pay":
                harm += 1.0 if me["juta"] > 0 else 0.0
                gain += 1.0
            elif k in ("free_kahwin", "revive_member"):
                gain += 3.0
            elif k == "kedai_discount":
                gain += 1.0 * n
        return harm + self._rival_weight(t, who) * gain

    # ---- small decisions -----------------------------------------------------------------

    def _pay(self, t: Table, legal: Sequence[Action]) -> Action:
        pays = [a for a in legal if a["type"] == "pay"]
        if not pays:
            return next(a for a in legal if a["type"] == "cancel")
        return min(pays, key=lambda a: self._card_value(t, t.hand_by_id.get(a["card"])))

    def _absorb(self, t: Table, legal: Sequence[Action]) -> Action:
        """The MEMBER that takes the blow: the smallest one that stops it all, else the biggest."""
        amount = (t.view["choice"] or {}).get("amount", 1)
        opts = [(a, next(m for m in t.me["members"] if m["id"] == a["member"])) for a in legal]
        enough = [x for x in opts if x[1]["air_muka"] >= amount]
        if enough:
            return min(enough, key=lambda x: (x[1]["air_muka"], self._member_worth(t, x[1])))[0]
        return max(opts, key=lambda x: x[1]["air_muka"])[0]

    def _react(self, t: Table, legal: Sequence[Action]) -> Action:
        """Before losing AIR MUKA on another turn: use a reactive ABILITY when the loss matters."""
        amount = (t.view["choice"] or {}).get("amount", 1)
        me = t.me
        lethal = amount >= me["air_muka"]
        best, best_score = None, 0.0
        for a in legal:
            if a["type"] != "react":
                continue
            info = next(c for c in list(me["items"]) + list(me["members"]) if c["id"] == a["card"])
            ab = green_def(info).ability
            if any(e.kind == "prevent_loss" for e in ab.effects):
                saved = 2.0 * amount + (20.0 if lethal else 0.0)
                s = saved - self._item_worth(t, info) - 0.5
            else:
                red = sum(e.amount for e in ab.effects if e.kind == "reduce_loss")
                saved = 2.0 * min(red, amount) + (20.0 if lethal and amount - red < me["air_muka"] else 0.0)
                s = saved - 0.8 * ab.cost.juta - self._discard_cost(t, a)
            if s > best_score:
                best, best_score = a, s
        return best if best is not None else next(a for a in legal if a["type"] == "decline")


class BuilderPlayer(_RulebookPlayer):
    """Builds a team, guards its AIR MUKA, and attacks when it is strong.

    Rules, in plain words:

    * Hero: prefers economy heroes (Cikgu Zura, Kayah binti Raya, Kamsiah Cable, Ustazah Salmah), on
      the female side since there are more male MEMBERs to KAHWIN.
    * Always collects before anything else (never attacks before Collecting).
    * On its turn, one step at a time, does the most valuable of: KAHWIN an opposite-gender MEMBER
      (the spouse's attributes and a lasting shield); play Pelumba Haram / Tiba-Tiba Rajin first;
      heal when AIR MUKA is low; play Episodes for Juta and cards; buy the best affordable ITEM
      (replacing a weaker one when a type is full); recruit a MEMBER when it can pay with its least
      useful cards; use its hero ABILITY and ITEM ABILITIES when they pay off. Hostile Episodes go
      where they hurt most, the weakest opponent first. Answer-type Plot Twists are never spent on
      its own turn.
    * Attacks at the end of its turn only when strong: DENGKI 2 or more, or the blow would take AIR
      MUKA off a hero at 3 or less, or from its 5th turn on when the blow does harm at all. It
      attacks where the blow hurts most (a knock-out first). DENGKI boosts are used only to attack.
    * Defends: when DENGKI is aimed at it, turns it back (Jelaskan Di Social Media), stops it
      (Cliffhanger) or weakens it (Pengsan Tiba-Tiba) if it would cost a MEMBER or AIR MUKA; cancels
      Plot Twists, Episodes and ABILITIES aimed at it (or at its own turn), and a rival's extra turn.
    * On other players' turns plays its free hostile Plot Twists (steal an ITEM, lose AIR MUKA, take
      Juta...) at the weakest opponent; Cliffhangers a turn at its start only when that player is
      strong (DENGKI 3+, or enough to knock it out) or it holds two; Kena Pukau when that leaves the
      turn player no ACTION.
    * Absorbs with the smallest MEMBER that stops the blow; uses a reactive ABILITY when the AIR MUKA
      it saves is worth more than what it costs (always when the loss would knock it out); pays for
      recruits with its least useful cards.
    """

    name = "builder"
    HEROES = (
        "Cikgu Zura",
        "Kayah binti Raya",
        "Kamsiah Cable",
        "Ustazah Salmah",
        "Datin Rozita",
        "Minah Rempit",
        "Mak Jah Mulut Laser",
        "Inspektor Mei Ling",
    )
    DENGKI_WEIGHT = 1.0
    RECRUIT_TASTE = 1.3

    def _weakness(self, p: Mapping[str, Any]) -> float:
        return p["air_muka"] + shield(p)

    def _target_bonus(self, t: Table, pid: int) -> float | None:
        weakest = min(t.others, key=self._weakness)
        return 0.5 if pid == weakest["id"] else 0.0

    def _rival_weight(self, t: Table, pid: int) -> float:
        return 0.4

    def _attack_target(self, t: Table, strength: int) -> int | None:
        if not t.others:
            return None
        my_turns = t.turn["number"] // max(1, len(t.others) + 1)

        def harm(o: Mapping[str, Any]) -> float:
            return hit_cost(o, strength)

        best = max(t.others, key=lambda o: (harm(o), -self._weakness(o)))
        if harm(best) <= 0:
            return None
        lost, _ = hit_outcome(best, strength)
        if strength >= 2 or (lost and best["air_muka"] <= 3) or my_turns >= 4:
            return best["id"]
        return None

    def _skip_value(self, t: Table) -> float:
        stop = self._attack_defence(t)
        if stop:
            return stop + 0.5
        w = t.view["window"]
        if w and w["kind"] == "turn_start" and not t.turn["collected"]:
            tp = t.p(t.turn_player)
            cliffs = sum(1 for c in t.hand if c["name"] == "Cliffhanger")
            if t.dengki(t.turn_player) >= 3 or cliffs >= 2 or t.dengki(t.turn_player) >= t.me["air_muka"]:
                return 3.0 + 0.5 * tp["attributes"]["juta"] if tp["attributes"] else 3.0
        return 0.0

    def _pukau_value(self, t: Table) -> float:
        w = t.view["window"]
        if w and w["kind"] == "action_start" and t.turn["actions_left"] == 1:
            return 1.5
        return 0.0

    def _juta_reserve(self, t: Table) -> int:
        """Keeps Juta for a KAHWIN it could make."""
        if any(self._can_marry(t, m) for m in t.me["members"]):
            return 2
        return 0


class SpoilerPlayer(_RulebookPlayer):
    """Plays against whoever is closest to winning: Plot Twists and DENGKI at the leader.

    Rules, in plain words:

    * The leader is the opponent who looks strongest: AIR MUKA plus MEMBER shields, DENGKI,
      other attributes, Juta and cards in hand. In a two-player game it is simply the opponent.
    * Hero: prefers disruptive heroes (Mak Jah Mulut Laser, Inspektor Mei Ling, Datin Rozita,
      Minah Rempit), female side.
    * Always collects first. On its turn it plays hostile cards and ABILITIES at the leader only
      (Tampar Depan Orang Ramai, Gosip, Rampas Harta, Mak Jah's loss of AIR MUKA, Inspektor's
      discards, steal an ITEM, divorce their spouse...), still plays Episodes for Juta and cards,
      buys ITEMs (likes DENGKI), recruits and KAHWINs when cheap, then always attacks the leader
      when the blow does harm, using DENGKI boosts first.
    * On the leader's turn: Cliffhanger at the start of it (skips the whole turn), Kena Pukau at the
      start of the Action phase, and cancels (Sebenarnya Semua Hanyalah Mimpi, Rupanya Kembar!,
      Saksi Palsu) the leader's Episodes, Plot Twists and ABILITIES that gain them Juta, cards,
      ACTIONs, DENGKI or extra turns. Its free hostile Plot Twists go at the leader at any window.
    * Defends like anyone: turns back, stops or weakens DENGKI aimed at it, cancels what is aimed
      at it, absorbs with the smallest MEMBER that stops the blow, uses reactive ABILITIES when they
      save more than they cost, pays for recruits with its least useful cards.
    """

    name = "spoiler"
    HEROES = (
        "Mak Jah Mulut Laser",
        "Inspektor Mei Ling",
        "Datin Rozita",
        "Minah Rempit",
        "Kayah binti Raya",
        "Cikgu Zura",
        "Ustazah Salmah",
        "Kamsiah Cable",
    )
    DENGKI_WEIGHT = 1.3
    RECRUIT_TASTE = 0.9
    KEEP = dict(_RulebookPlayer.KEEP, cancel3=1.2, cancel_pt=0.8, cancel_ep=0.4, skip_turn=0.8, lose_action=0.2)

    def _threat(self, p: Mapping[str, Any]) -> float:
        a = p["attributes"] or {"juta": 1, "draw": 1, "action": 1, "dengki": 1}
        spouse = sum(m["air_muka"] for m in p["members"] if m["married"])
        return (
            p["air_muka"]
            + shield(p)
            + 0.5 * spouse
            + 1.5 * a["dengki"]
            + 0.8 * (a["juta"] + a["draw"] + a["action"])
            + 0.3 * p["hand_count"]
            + 0.2 * p["juta"]
        )

    def _leader(self, t: Table) -> int | None:
        if not t.others:
            return None
        return max(t.others, key=lambda o: (self._threat(o), -o["id"]))["id"]

    def _target_bonus(self, t: Table, pid: int) -> float | None:
        return 1.0 if pid == self._leader(t) else None

    def _rival_weight(self, t: Table, pid: int) -> float:
        return 1.0 if pid == self._leader(t) else 0.2

    def _attack_target(self, t: Table, strength: int) -> int | None:
        lead = self._leader(t)
        if lead is None or hit_cost(t.p(lead), strength) <= 0:
            return None
        return lead

    def _laser_score(self, t: Table, target: int) -> float:
        return loss_cost(t.p(target), 1) + 0.5

    def _skip_value(self, t: Table) -> float:
        stop = self._attack_defence(t)
        if stop:
            return stop + 0.5
        if t.turn_player != self._leader(t):
            return 0.0
        w = t.view["window"]
        if w and w["kind"] == "turn_start" and not t.turn["collected"]:
            return 4.0
        if w and w["kind"] == "action_start":
            return 1.5 + 0.5 * t.turn["actions_left"]
        return 0.0

    def _pukau_value(self, t: Table) -> float:
        w = t.view["window"]
        if t.turn_player == self._leader(t) and w and w["kind"] == "action_start" and t.turn["actions_left"] >= 1:
            return 1.5
        return 0.0
