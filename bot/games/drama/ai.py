"""Seat-filling players for Drama Pukul 7: uniform random, and a weighing heuristic.

Both see only a player's view and legal actions (plus the printed card data every
player may read). The heuristic prices what it holds and what it could do, then
takes the best move:

* Hero: one whose ability strips a rival's hand (their answers), then Actions and cards,
  Dengki, sure losses, economy; on the male side: the female Members it can marry are the
  cheap ones to recruit and marry, and they give Draw and Action, which pay back within a
  short game. Stripping a rival's hand comes first in its turn, before anything they could answer.
* A spouse first: a married Member absorbs up to its Air Muka of every Dengki and stays, a
  lasting wall in a race of one or two Dengki a turn. So it recruits a Member it can marry at
  once ahead of anything else (the sturdier the better), keeps the Juta to marry one it holds
  rather than buying an Item, and revives a Member it can marry.
* Economy next: Juta, Draw and Action attributes compound, so it marries an
  opposite-gender Member (lasting shield and attributes), buys the Item worth most
  to it (replacing the weakest of a full type), recruits a Member when its
  least useful cards pay for it (cards in hand count in full: they are the answers for the
  rival's turns, and games last about four turns each), plays Episodes that grow its hand, Juta or
  Actions (extra turns and bonus Actions first), and uses its hero and Item
  abilities when they pay back what they cost.
* Air Muka is the race: a Dengki goes where it takes most Air Muka and shields
  (a knock-out first), boosted when the boost gets through; it attacks before
  Collecting only to knock a rival out. Hostile cards go at whoever they hurt most.
* Answers are kept for other players' turns, where Plot Twists are free: it turns
  back, stops or weakens a Dengki aimed at it when the blow would cost it
  something, cancels what hurts it (and a cancel of its own card) and a rival's
  big gains, Cliffhangers a rival's turn before Collecting (or to stop an
  attack), Kena Pukaus an Action phase, spends its all-round cancel on what hurts or
  grows a rival rather than hoarding it, keeps Pengsan Tiba-Tiba for a blow worth
  softening, and spends hurtful Plot Twists at rivals.
* Small choices: the Member that absorbs is the smallest that stops the blow; it
  pays with its least useful cards; a reactive ability is used when the Air Muka
  it saves is worth more than it costs.

Ties are drawn with the caller's seeded Rng, so no seat is favoured.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.drama.state import CARDS
from bot.games.drama.windows import cancelled_flags, named_entry_effects
from bot.kernel.contract import Action
from bot.kernel.policy import RandomPolicy
from bot.kernel.rng import Rng

__all__ = ["RandomPolicy", "HeuristicPolicy"]

_BLUE = {d.name: d for d in CARDS.blue}
_GREEN = {g.name: g for g in CARDS.green}
_HERO = {name: h for h in CARDS.heroes for name, _g in h.sides}
MAX_AIR_MUKA = 7
#: What a hand card paid to recruit a Member costs, per point of its worth in hand: games are short, and the
#: cards held are the answers (reflect, cancel, skip) for the rival's turns, so they are paid for in full.
_RECRUIT_SPEND = 1.0
#: What a Member I could recruit and marry now adds per point of its Air Muka: a spouse absorbs that much of
#: every Dengki and stays, so against one or two Dengki a turn it is a lasting wall (the race's best defence).
_WEDDING = 3.0
#: Added to a move that must come before the rest of the turn (scores elsewhere stay well below it).
_FIRST = 10.0

#: Effects that hurt the player they are aimed at.
_HOSTILE = {
    "dengki",
    "lose_air_muka",
    "take_juta",
    "discard_random",
    "steal_random_card",
    "discard_spouse",
    "steal_item",
}
#: Answers kept for other players' turns (never spent as one of my Actions).
_ANSWERS = {"cancel", "reflect_attack", "reduce_attack", "skip_turn", "lose_action"}
#: Heroes in order of preference: a rival's hand, Actions and cards, Dengki, sure losses, then economy.
_HERO_ORDER = ("wang", "cikgu", "rempit", "laser", "kaya", "rozita", "ryan", "salmah")
#: The side taken: a male hero marries the female Members, cheaper to recruit and marry and rich in Draw/Action.
_SIDE = "M"


def _players(view: Mapping[str, Any]) -> dict[int, Mapping[str, Any]]:
    return {p["id"]: p for p in view["players"]}


def _passive(p: Mapping[str, Any], kind: str) -> int:
    """A passive ability total over a player's Items and spouse (unmarried Members give nothing)."""
    total = 0
    for c in list(p["items"]) + [m for m in p["members"] if m["married"]]:
        ab = _GREEN[c["name"]].ability
        if ab.kind == "passive":
            total += ab.amount(kind)
    return total


def _hit(p: Mapping[str, Any], strength: int) -> tuple[int, int]:
    """(Air Muka lost, Members discarded) if a Dengki of ``strength`` lands on ``p``, from public cards."""
    s = max(0, strength - _passive(p, "dengki_reduce"))
    lost_members = 0
    for m in sorted((m for m in p["members"] if not m["married"]), key=lambda m: m["air_muka"]):
        if s <= 0:
            break
        s -= min(s, m["air_muka"])
        lost_members += 1
    for m in p["members"]:
        if m["married"]:
            s -= min(s, m["air_muka"])
    return min(max(0, s), p["air_muka"]), lost_members


def _hit_cost(p: Mapping[str, Any], strength: int) -> float:
    """How bad a Dengki is for ``p``: Air Muka (dearer when low), shields lost, a knock-out most of all."""
    lost, members = _hit(p, strength)
    return _loss_cost(p, lost) + 1.2 * members


def _loss_cost(p: Mapping[str, Any], amount: int) -> float:
    lost = min(amount, p["air_muka"])
    if not lost:
        return 0.0
    low = 1.0 + max(0, 4 - (p["air_muka"] - lost)) * 0.25
    return float(2.0 * lost * low + (30.0 if lost >= p["air_muka"] else 0.0))


def _cancelled(stack: Sequence[Mapping[str, Any]]) -> list[bool]:
    """Which stack entries end up cancelled (a cancelled cancel cancels nothing), from what the view shows."""
    return cancelled_flags(stack, named_entry_effects)


class _Table:
    """One view, read once per decision."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.me_id: int = view["viewer"]
        self.by_id = _players(view)
        self.me = self.by_id[self.me_id]
        self.others = [p for p in view["players"] if p["alive"] and p["id"] != self.me_id]
        self.turn = view["turn"]
        self.my_turn = self.turn["player"] == self.me_id
        self.hand = view["hand"]
        self.hand_by_id = {c["id"]: c for c in self.hand}

    def dengki(self, pid: int) -> int:
        a = self.by_id[pid]["attributes"]
        return a["dengki"] if a else 1

    def threat(self, p: Mapping[str, Any]) -> float:
        """How strong a rival looks: Air Muka and shields, attributes, Juta and cards."""
        a = p["attributes"] or {"juta": 1, "draw": 1, "action": 1, "dengki": 1}
        shield = sum(m["air_muka"] for m in p["members"])
        return float(
            p["air_muka"]
            + shield
            + 1.5 * a["dengki"]
            + a["juta"]
            + a["draw"]
            + a["action"]
            + 0.3 * p["hand_count"]
            + 0.2 * p["juta"]
        )

    def card(self, cid: int) -> Mapping[str, Any] | None:
        """A card's public facts from the hand, the table, the Kedai or a choice."""
        places: list[Mapping[str, Any]] = list(self.hand)
        for p in self.view["players"]:
            places += list(p["items"]) + list(p["members"])
        places += [s["card"] for s in self.view["kedai"] if s["card"] is not None]
        places += list(self.view["green_discard"])
        places += [c for c in (self.view.get("choice") or {}).get("options", []) if isinstance(c, Mapping)]
        return next((c for c in places if c.get("id") == cid), None)


class HeuristicPolicy:
    """Weighs each legal move by what it gains in economy, shields and Air Muka; ties by the caller's Rng."""

    name = "heuristic"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        types = {a["type"] for a in legal}
        if "pick_hero" in types:
            return self._pick_hero(legal, rng)
        t = _Table(view)
        if "pass" in types:
            action = self._window(t, legal, rng)
        elif "collect" in types:
            action = self._start(view, t.me_id, legal, rng)
        elif "pay" in types or "cancel" in types:
            pays = [a for a in legal if a["type"] == "pay"]
            action = min(pays, key=lambda a: self._card_value(t, t.hand_by_id.get(a["card"]))) if pays else legal[0]
        elif "absorb" in types:
            action = self._absorb(t, legal)
        elif "to_hand" in types:
            action = min(legal, key=lambda a: self._green_worth(t, t.card(a["card"])))
        elif "decline" in types:
            action = self._react(t, legal)
        else:
            action = self._turn(t, legal, rng)
        return action if action in legal else legal[0]

    # ---- hero ---------------------------------------------------------------------------------

    @staticmethod
    def _pick_hero(legal: Sequence[Action], rng: Rng) -> Action:
        """The first hero of ``_HERO_ORDER`` on offer, on ``_SIDE`` (the side whose spouses come cheap)."""

        def rank(a: Action) -> tuple[int, int]:
            h = _HERO.get(a["hero"])
            if h is None:
                return (len(_HERO_ORDER), 1)
            gender = next(g for n, g in h.sides if n == a["hero"])
            return (_HERO_ORDER.index(h.key) if h.key in _HERO_ORDER else len(_HERO_ORDER), gender != _SIDE)

        best = min(rank(a) for a in legal)
        return rng.choice([a for a in legal if rank(a) == best])

    # ---- values -------------------------------------------------------------------------------

    def _item_worth(self, info: Mapping[str, Any] | None) -> float:
        if info is None:
            return 0.0
        a = info["attributes"]
        v = 1.4 * a["juta"] + 1.3 * a["draw"] + 1.6 * a["action"] + 1.4 * a["dengki"]
        weights = {
            "dengki_reduce": 1.6,
            "item_discount": 1.0,
            "kahwin_discount": 0.4,
            "recruit_discount": 0.8,
            "prevent_loss": 1.4,
            "reduce_loss": 0.8,
            "draw": 0.6,
            "gain_juta": 0.5,
            "heal": 0.8,
            "bonus_dengki": 0.6,
        }
        for e in _GREEN[info["name"]].ability.effects:
            v += weights.get(e.kind, 0.0)
        return float(v)

    @staticmethod
    def _can_marry(t: _Table, info: Mapping[str, Any]) -> bool:
        return not any(m["married"] for m in t.me["members"]) and info.get("gender") != t.me["gender"]

    @staticmethod
    def _kahwin_price(t: _Table, info: Mapping[str, Any]) -> int:
        return max(0, int(info["kahwin"]) - _passive(t.me, "kahwin_discount"))

    @staticmethod
    def _item_price(t: _Table, info: Mapping[str, Any]) -> int:
        """What an Item costs me this turn: its price less my Item discounts and the turn's Kedai discount."""
        return max(0, int(info["price"]) - _passive(t.me, "item_discount") - int(t.turn["discount"]))

    def _spouse_to_be(self, t: _Table) -> Mapping[str, Any] | None:
        """An unmarried Member of mine I could marry (the sturdiest), while I have no spouse."""
        fits = [m for m in t.me["members"] if not m["married"] and self._can_marry(t, m)]
        return max(fits, key=lambda m: (m["air_muka"], self._spouse_power(m)), default=None)

    def _wedding_bonus(self, t: _Table, info: Mapping[str, Any]) -> float:
        """A Member I could marry at once (no spouse, none waiting, the Juta at hand): its lasting shield."""
        if self._can_marry(t, info) and self._spouse_to_be(t) is None and t.me["juta"] >= self._kahwin_price(t, info):
            return float(_WEDDING * info["air_muka"])
        return 0.0

    def _spends_wedding_money(self, t: _Table, info: Mapping[str, Any]) -> bool:
        """Buying this Item would leave too little Juta to marry the Member I hold and could marry."""
        sp = self._spouse_to_be(t)
        if sp is None:
            return False
        return bool(t.me["juta"] - self._item_price(t, info) < self._kahwin_price(t, sp))

    def _member_worth(self, t: _Table, info: Mapping[str, Any] | None) -> float:
        """A Member is a shield worth its Air Muka, more if it could become a spouse."""
        if info is None:
            return 0.0
        if info.get("married"):
            return 3.0 + self._spouse_power(info)
        v = 1.1 * info["air_muka"]
        if self._can_marry(t, info):
            a = info["attributes"]
            v += 0.6 * (a["juta"] + a["draw"] + a["action"] + a["dengki"])
        return float(v)

    def _green_worth(self, t: _Table, info: Mapping[str, Any] | None) -> float:
        if info is None:
            return 0.0
        if info["kind"] == "member":
            return self._member_worth(t, info)
        return self._item_worth(info)

    @staticmethod
    def _spouse_power(m: Mapping[str, Any]) -> float:
        a = m["attributes"]
        return float(m["air_muka"] + a["juta"] + a["draw"] + a["action"] + a["dengki"])

    def _blue_value(self, t: _Table, info: Mapping[str, Any]) -> float:
        """What keeping a Blue card in hand is worth."""
        d = _BLUE[info["name"]]
        v = 0.0
        for e in d.effects:
            k, n = e.kind, e.amount
            if k == "cancel":
                v += 3.5 if len(e.cancels) == 3 else 2.5 if "plot_twist" in e.cancels else 1.5
            elif k in ("extra_turn", "reflect_attack", "skip_turn"):
                v += 4.5
            elif k in ("reduce_attack", "bonus_action", "dengki", "lose_air_muka"):
                v += 3.3
            elif k in ("steal_item", "discard_spouse", "free_kahwin", "revive_member"):
                v += 2.5
            elif k in ("gain_juta", "draw"):
                v += 1.2 * n
            elif k == "heal":
                v += 1.0 + 0.8 * min(n, MAX_AIR_MUKA - t.me["air_muka"])
            elif k in ("take_juta", "discard_random"):
                v += 0.9 * n
            else:
                v += 1.5
        return v

    def _card_value(self, t: _Table, info: Mapping[str, Any] | None) -> float:
        if info is None:
            return 0.0
        if info["name"] in _BLUE:
            return self._blue_value(t, info)
        return self._green_worth(t, info)

    def _discard_cost(self, t: _Table, a: Mapping[str, Any]) -> float:
        return 0.6 * self._card_value(t, t.hand_by_id.get(a["discard"])) if "discard" in a else 0.0

    def _hostile(self, t: _Table, kind: str, amount: int, target: int, pick: Any) -> float:
        """What a hostile effect aimed at ``target`` gains me."""
        o = t.by_id[target]
        if kind == "dengki":
            return _hit_cost(o, amount)
        if kind == "lose_air_muka":
            return _loss_cost(o, amount) + 0.3
        if kind == "take_juta":
            return 1.1 * float(min(amount, o["juta"]))
        if kind == "discard_random":
            return 0.8 * float(min(amount, o["hand_count"]))
        if kind == "steal_random_card":
            return 1.6 if o["hand_count"] else 0.0
        if kind == "discard_spouse":
            sp = next((m for m in o["members"] if m["married"]), None)
            return 2.0 + self._spouse_power(sp) if sp else 0.0
        if kind == "steal_item":
            info = next((c for c in o["items"] if c["id"] == pick), None)
            return 2.0 * self._item_worth(info) if info else 0.0
        return 0.0

    # ---- attacks ------------------------------------------------------------------------------

    def _start(self, view: Mapping[str, Any], me: int, legal: Sequence[Action], rng: Rng) -> Action:
        """Attack before Collecting only when that Dengki knocks a rival out now; else collect and build."""
        players = _players(view)
        strength = players[me]["attributes"]["dengki"]
        finishing = [
            a
            for a in legal
            if a["type"] == "attack" and _hit(players[a["target"]], strength)[0] >= players[a["target"]]["air_muka"] > 0
        ]
        if finishing:
            return self._attack(view, me, finishing, rng)
        return next(a for a in legal if a["type"] == "collect")

    @staticmethod
    def _attack(view: Mapping[str, Any], me: int, attacks: list[Action], rng: Rng) -> Action:
        """The target the Dengki hurts most (Air Muka, shields, a knock-out); ties drawn with the seeded Rng."""
        players = _players(view)
        strength = players[me]["attributes"]["dengki"]

        def score(a: Action) -> float:
            return round(_hit_cost(players[a["target"]], strength), 6)

        best = max(score(a) for a in attacks)
        return rng.choice([a for a in attacks if score(a) == best])

    def _attack_gain(self, t: _Table, strength: int) -> float:
        return max((_hit_cost(o, strength) for o in t.others), default=0.0)

    def _boost_value(self, t: _Table, n: int) -> float:
        """What +``n`` Dengki this turn adds to the attack I will make."""
        s = t.dengki(t.me_id)
        return self._attack_gain(t, s + n) - self._attack_gain(t, s)

    # ---- my turn ------------------------------------------------------------------------------

    def _turn(self, t: _Table, legal: Sequence[Action], rng: Rng) -> Action:
        best, best_score = None, 0.0
        for a in legal:
            s = self._turn_score(t, a)
            if s is None:
                continue
            s += rng.random() * 1e-3
            if s > best_score:
                best, best_score = a, s
        if best is not None:
            return best
        attacks = [a for a in legal if a["type"] == "attack"]
        if attacks and self._attack_gain(t, t.dengki(t.me_id)) > 0:
            return self._attack(t.view, t.me_id, attacks, rng)
        return next((a for a in legal if a["type"] == "end_turn"), attacks[0] if attacks else legal[0])

    def _turn_score(self, t: _Table, a: Mapping[str, Any]) -> float | None:
        typ = a["type"]
        if typ == "play":
            return self._play_score(t, a)
        if typ == "buy":
            info = t.view["kedai"][a["slot"]]["card"]
            v = self._item_worth(info)
            if self._spends_wedding_money(t, info):
                return None
            if "replace" in a:
                v -= self._green_worth(t, t.card(a["replace"])) + 0.5
            return v if v >= 0.8 else None
        if typ == "recruit":
            return self._recruit_score(t, a)
        if typ == "kahwin":
            m = next(m for m in t.me["members"] if m["id"] == a["member"])
            return 5.0 + 0.5 * self._spouse_power(m)
        if typ == "hero_ability":
            return self._hero_score(t, a)
        if typ == "use":
            return self._use_score(t, a)
        return None

    def _play_score(self, t: _Table, a: Mapping[str, Any]) -> float | None:
        info = t.hand_by_id[a["card"]]
        if info["name"] not in _BLUE:  # an Item or Member back in hand: put it down when it is an upgrade
            worth = self._green_worth(t, info)
            if "replace" in a:
                worth -= self._green_worth(t, t.card(a["replace"]))
            return worth - 1.5
        d = _BLUE[info["name"]]
        if any(e.kind in _ANSWERS for e in d.effects):
            return None
        total = 0.0
        for e in d.effects:
            v = self._own_effect(t, e, a)
            if v is None:
                return None
            total += v
        if d.kind == "plot_twist":
            total *= 0.5  # free on another player's turn: rather keep it for then
        return total - 0.3 * self._blue_value(t, info)

    def _own_effect(self, t: _Table, e: Any, a: Mapping[str, Any]) -> float | None:
        """What one printed effect of a card or ability I use on my own turn is worth (None: do not)."""
        me = t.me
        k, n = e.kind, e.amount
        if k in _HOSTILE:
            return self._hostile(t, k, n, a["target"], a.get("pick"))
        if k in ("gain_juta", "draw"):
            return float(n)
        if k == "heal":
            gap = min(n, MAX_AIR_MUKA - me["air_muka"])
            return 1.5 * gap * (2.0 if me["air_muka"] <= 3 else 1.0) if gap else None
        if k == "extra_turn":
            return 8.0
        if k == "bonus_action":
            return 5.0
        if k == "bonus_dengki":
            gain = self._boost_value(t, n)
            return gain if gain > 0 else None
        if k == "kedai_discount":
            return 2.0 if self._discount_helps(t, n) else None
        if k == "all_pay":
            return 1.0 * sum(1 for o in t.others if o["juta"] > 0)
        if k == "free_kahwin":
            m = next((m for m in me["members"] if m["id"] == a.get("pick")), None)
            return 3.0 + 0.5 * self._spouse_power(m) if m else None
        if k == "revive_member":
            info = t.card(a["pick"]) if "pick" in a else None
            return 1.0 + self._member_worth(t, info) + self._wedding_bonus(t, info) if info else None
        return 0.0

    def _discount_helps(self, t: _Table, n: int) -> bool:
        """A Kedai discount makes a wanted Item affordable now."""
        for s in t.view["kedai"]:
            c = s["card"]
            if c is None or s["face_down"] or c["kind"] != "item":
                continue
            price = self._item_price(t, c)
            if price > t.me["juta"] >= price - n and self._item_worth(c) >= 1.3:
                return True
        return False

    def _recruit_score(self, t: _Table, a: Mapping[str, Any]) -> float | None:
        info = t.view["kedai"][a["slot"]]["card"]
        need = max(0, info["recruit"] - _passive(t.me, "recruit_discount"))
        spend = sorted(self._card_value(t, c) for c in t.hand)[:need]
        v = 1.3 * self._member_worth(t, info) - _RECRUIT_SPEND * sum(spend)
        v += self._wedding_bonus(t, info)
        if "replace" in a:
            v -= self._green_worth(t, t.card(a["replace"]))
        return v if v > 0.3 else None

    def _hero_score(self, t: _Table, a: Mapping[str, Any]) -> float | None:
        me = t.me
        key = me["hero_key"]
        junk = self._discard_cost(t, a)
        if key == "ryan":
            return 2.5 - junk if self._discount_helps(t, 1) else None
        if key == "wang":
            # the rival's hand is their answers to what I do next: strip it first, before any card or attack
            v = 1.4 * float(min(2, t.by_id[a["target"]]["hand_count"])) - junk
            return v + _FIRST if v > 0 else None
        if key == "kaya":
            return 1.0 if me["juta"] >= 4 or (me["juta"] >= 2 and len(t.hand) <= 2) else None
        if key == "salmah":
            if me["air_muka"] <= 5:
                return 3.0
            return 0.6 if me["juta"] >= 3 else None
        if key == "rozita":
            return (1.1 if t.by_id[a["target"]]["juta"] else 0.0) + 0.3 - junk
        if key == "rempit":
            gain = self._boost_value(t, 2)
            return gain - junk if gain > 0 else None
        if key == "cikgu":
            return 3.0 - junk
        if key == "laser":
            return _loss_cost(t.by_id[a["target"]], 1) - 0.8
        return None

    def _use_score(self, t: _Table, a: Mapping[str, Any]) -> float | None:
        info = next(c for c in list(t.me["items"]) + list(t.me["members"]) if c["id"] == a["card"])
        ab = _GREEN[info["name"]].ability
        junk = self._discard_cost(t, a)
        kinds = {e.kind: e.amount for e in ab.effects}
        if "heal" in kinds:
            return (3.0 if t.me["air_muka"] <= 5 else 1.2) - 0.5 * junk
        if "bonus_dengki" in kinds:
            gain = self._boost_value(t, kinds["bonus_dengki"])
            return gain - junk if gain > 0 else None
        if "gain_juta" in kinds:
            return 1.2 - junk if junk <= 1.6 else None
        if "draw" in kinds:
            return 0.45 * kinds["draw"] / max(1, ab.cost.juta)
        return None

    # ---- other players' turns and Plot Twist windows -----------------------------------------

    def _window(self, t: _Table, legal: Sequence[Action], rng: Rng) -> Action:
        stack = t.view["window"]["stack"]
        dead = _cancelled(stack)
        best, best_score = None, 0.0
        for a in legal:
            if a["type"] != "play":
                continue
            s = self._response_score(t, a, stack, dead, rng)
            if s is None:
                continue
            s += rng.random() * 1e-3
            if s > best_score:
                best, best_score = a, s
        return best if best is not None else next(a for a in legal if a["type"] == "pass")

    @staticmethod
    def _keep(d: Any) -> float:
        """What spending a response card costs: the reason to keep it for later."""
        for e in d.effects:
            if e.kind == "cancel":
                # an all-round cancel is spent on what hurts or grows a rival: in a four-turn race holding it wastes it
                return 1.2 if len(e.cancels) == 3 or "plot_twist" in e.cancels else 0.8
            if e.kind == "reflect_attack":
                return 1.0
            if e.kind == "reduce_attack":
                return 1.8  # kept for a blow worth softening (two or more Air Muka), not a one-point poke
            if e.kind == "skip_turn":
                return 1.5
            if e.kind == "lose_action":
                return 0.5
        return 0.3

    def _response_score(
        self, t: _Table, a: Mapping[str, Any], stack: Sequence[Mapping[str, Any]], dead: list[bool], rng: Rng
    ) -> float | None:
        d = _BLUE[t.hand_by_id[a["card"]]["name"]]
        keep = self._keep(d) + (1.0 if t.my_turn else 0.0)  # on my turn it costs one of my Actions
        att = t.view["attack"]
        total = 0.0
        for e in d.effects:
            k = e.kind
            if k == "cancel":
                if dead[a["entry"]]:
                    return None
                total += self._entry_harm(t, stack, a["entry"])
            elif k == "reflect_attack":
                if not att or att["stopped"]:
                    return None
                total += _hit_cost(t.me, att["strength"])
                back = att["attacker"] if att["attacker"] != t.me_id else None
                if total and back is not None and back in t.by_id and t.by_id[back]["alive"]:
                    total += 0.7 * _hit_cost(t.by_id[back], att["strength"])
            elif k == "reduce_attack":
                if not att or att["stopped"]:
                    return None
                total += _hit_cost(t.me, att["strength"]) - _hit_cost(t.me, att["strength"] - e.amount)
            elif k == "skip_turn":
                total += self._skip_value(t)
            elif k == "lose_action":
                total += self._pukau_value(t, rng)
            elif k in _HOSTILE:
                if t.my_turn:
                    return None  # on my own turn these are played as ordinary actions
                total += self._hostile(t, k, e.amount, a["target"], a.get("pick"))
            else:
                return None
        return total - keep if total > 0 else None

    def _attack_on_me(self, t: _Table) -> float:
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
            return _hit_cost(t.me, att["strength"])
        return 0.0

    def _skip_value(self, t: _Table) -> float:
        """Cliffhanger: to stop a Dengki aimed at me, or a rival's whole turn before Collecting."""
        stop = self._attack_on_me(t)
        if stop:
            return stop + 0.5
        w = t.view["window"]
        if w and w["kind"] == "turn_start" and not t.turn["collected"] and not w["stack"]:
            tp = t.by_id[t.turn["player"]]
            a = tp["attributes"] or {"juta": 1, "draw": 1, "action": 1, "dengki": 1}
            return float(2.0 + 0.5 * (a["juta"] + a["draw"] + a["action"]) + 0.4 * a["dengki"])
        return 0.0

    @staticmethod
    def _pukau_value(t: _Table, rng: Rng) -> float:
        """Kena Pukau as a rival's Action phase opens, when it leaves them short (a seeded choice otherwise)."""
        w = t.view["window"]
        left = t.turn["actions_left"]
        if not (w and w["kind"] == "action_start" and left > 0):
            return 0.0
        if left == 1 and t.by_id[t.turn["player"]]["hand_count"] >= 3:
            return 1.5
        return 1.0 if rng.below(2) == 0 else 0.0

    def _entry_harm(self, t: _Table, stack: Sequence[Mapping[str, Any]], i: int) -> float:
        """What letting stack entry ``i`` resolve costs me (what cancelling it is worth)."""
        e = stack[i]
        who = e["player"]
        if who == t.me_id or e.get("void"):
            return 0.0
        me = t.me
        att = t.view["attack"]
        harm = gain = 0.0
        for x in named_entry_effects(e):
            k, n = x.kind, x.amount
            if k in _HOSTILE and e.get("target") == t.me_id:
                if k == "dengki":
                    harm += _hit_cost(me, n)
                elif k == "lose_air_muka":
                    harm += _loss_cost(me, n)
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
                    harm += 2.0 * self._item_worth(info) if info else 0.0
            elif k == "skip_turn" and t.my_turn:
                harm += 6.0 if not t.turn["collected"] else 1.0 + 1.5 * t.turn["actions_left"]
            elif k == "lose_action" and t.my_turn:
                harm += 1.5 if t.turn["actions_left"] >= 1 else 0.0
            elif k == "reflect_attack" and att and not att["stopped"] and att["projected_target"] == t.me_id:
                harm += _hit_cost(me, att["strength"])
            elif k == "reduce_attack" and att and att["attacker"] == t.me_id and att["projected_target"] != t.me_id:
                tgt = t.by_id[att["projected_target"]]
                harm += _hit_cost(tgt, att["strength"]) - _hit_cost(tgt, att["strength"] - n)
            elif k == "cancel":
                j = e.get("entry")
                if j is not None and stack[j]["player"] == t.me_id:
                    mine = named_entry_effects(stack[j])
                    if att and any(y.kind in ("reflect_attack", "reduce_attack", "skip_turn") for y in mine):
                        harm += _hit_cost(me, att["strength"])
                    else:
                        harm += 3.0
            elif k == "extra_turn":
                gain += 6.0
            elif k in ("gain_juta", "draw"):
                gain += 1.0 * n
            elif k == "heal":
                gain += 1.5 * min(n, MAX_AIR_MUKA - t.by_id[who]["air_muka"])
            elif k in ("bonus_action", "bonus_dengki"):
                gain += 1.5 * n
            elif k == "all_pay":
                harm += 1.0 if me["juta"] > 0 else 0.0
                gain += 1.0
            elif k in ("free_kahwin", "revive_member"):
                gain += 3.0
            elif k == "kedai_discount":
                gain += 1.0 * n
        return harm + 0.6 * gain

    # ---- small choices ------------------------------------------------------------------------

    def _absorb(self, t: _Table, legal: Sequence[Action]) -> Action:
        """The Member that takes the blow: the smallest one that stops it all, else the biggest."""
        amount = (t.view["choice"] or {}).get("amount", 1)
        opts = [(a, next(m for m in t.me["members"] if m["id"] == a["member"])) for a in legal]
        enough = [x for x in opts if x[1]["air_muka"] >= amount]
        if enough:
            return min(enough, key=lambda x: (x[1]["air_muka"], self._member_worth(t, x[1])))[0]
        return max(opts, key=lambda x: x[1]["air_muka"])[0]

    def _react(self, t: _Table, legal: Sequence[Action]) -> Action:
        """Before losing Air Muka on another turn: a reactive ability when what it saves is worth its cost."""
        amount = (t.view["choice"] or {}).get("amount", 1)
        me = t.me
        best, best_score = None, 0.0
        for a in legal:
            if a["type"] != "react":
                continue
            info = next(c for c in list(me["items"]) + list(me["members"]) if c["id"] == a["card"])
            ab = _GREEN[info["name"]].ability
            if any(e.kind == "prevent_loss" for e in ab.effects):
                s = _loss_cost(me, amount) - 1.2 * self._item_worth(info)
            else:
                red = sum(e.amount for e in ab.effects if e.kind == "reduce_loss")
                saved = _loss_cost(me, amount) - _loss_cost(me, max(0, amount - red))
                s = saved - 0.8 * ab.cost.juta - self._discard_cost(t, a)
            if s > best_score:
                best, best_score = a, s
        return best if best is not None else next(a for a in legal if a["type"] == "decline")
