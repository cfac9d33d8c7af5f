"""A simple rule-based DRUMP player written from the rules: the bar the shipped normal policy must clear.

Rules, in order: summon or play Extra Jack whenever it fills or improves a slot;
exchange parts it cannot use before placing; place to make a wanted part's exact
sum, else build a zone (first cards 2 to 4 only, so a single attack cannot clear them);
attack when the zone plus the card reaches 14 (face-down cards guessed at 5);
block with a spare part (or an Ace) when the attack would clear the zone; never
re-attack. Not shipped: it lives with the tests that compare against it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.drump.cards import (
    ATTACK_TARGET,
    IS_ACE,
    IS_PART,
    PART_SCORE,
    SLOT,
    SLOTS,
    VALUE,
    can_make,
    high_sum,
)
from bot.kernel.contract import Action
from bot.kernel.rng import Rng

HIDDEN_GUESS = 5


def _gain(part: str, slots: list[str | None]) -> int:
    held = slots[SLOT[part]]
    return 100 + PART_SCORE[part] if held is None else PART_SCORE[part] - PART_SCORE[held]


class BaselinePolicy:
    name = "baseline"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        me = next(s for s in view["sides"] if s["player"] == view["viewer"])
        foe = next(s for s in view["sides"] if s["player"] != view["viewer"])
        slots = [me["parts"][s] for s in SLOTS]
        hand = me["hand"] or []
        by: dict[str, list[Action]] = {}
        for a in legal:
            by.setdefault(a["type"], []).append(a)
        phase = view["phase"]
        if phase == "block":
            attack = view["attack"]
            zone = [i["card"] for i in me["zones"][attack["zone"]]]
            if high_sum(zone) + high_sum([attack["card"]]) >= ATTACK_TARGET:
                blocks = by.get("block", [])
                spare = [a for a in blocks if a["card"] in IS_PART and _gain(a["card"], slots) <= 0]
                if spare:
                    return spare[0]
                aces = [a for a in blocks if a["card"] in IS_ACE]
                if aces and len(zone) >= 2:
                    return aces[0]
            return by["no_block"][0]
        if phase == "reattack":
            return by["stop"][0]
        if phase == "discard":
            return {"type": "discard", "card": min(hand, key=lambda c: self._keep(c, slots))}
        gains = [a for a in by.get("summon", []) if _gain(a["part"], slots) > 0]
        if gains:
            return max(gains, key=lambda a: _gain(a["part"], slots))
        jacks = [a for a in by.get("extra_jack", []) if _gain(a["part"], slots) > 0]
        if jacks:
            return jacks[0]
        wanted = [p for p in hand if p in IS_PART and _gain(p, slots) > 0]
        useless = [a for a in by.get("exchange", []) if a["part"] not in wanted]
        if useless:
            takes = [a for a in useless if a["take"] != "draw" and _gain(a["take"], slots) > 0]
            return takes[0] if takes else next((a for a in useless if a["take"] == "draw"), useless[0])
        place = self._place(me, wanted, by.get("place", []), view["summoned"])
        if place is not None:
            return place
        for a in by.get("attack", []):
            if a["card"] in IS_ACE:
                continue
            zone = foe["zones"][a["target"]]
            known = high_sum([i["card"] for i in zone if i["card"]])
            hidden = sum(1 for i in zone if not i["card"])
            if known + hidden * HIDDEN_GUESS + VALUE[a["card"]] >= ATTACK_TARGET:
                return a
        return by["end_turn"][0]

    def _place(self, me: Mapping[str, Any], wanted: list[str], places: list[Action], summoned: bool) -> Action | None:
        zones = [[i["card"] for i in z] for z in me["zones"]]
        targets = sorted({VALUE[p] for p in wanted}, reverse=True) or [13, 12, 11, 10]
        best, best_score = None, 0
        for a in places:
            cards = zones[a["zone"]] + [a["card"]]
            score = 0
            if len(cards) >= 2 and not summoned and any(can_make(cards, t) for t in targets):
                score = 300
            elif len(cards) == 1:  # a face-up 2 cannot be cleared by one card, 3 and 4 only by an Ace
                score = 50 - VALUE[a["card"]] * 5 if VALUE[a["card"]] in (2, 3, 4) else 0
            elif sum(VALUE[c] for c in cards) <= max(targets) - 1:
                score = 20 + sum(VALUE[c] for c in cards)
            if score > best_score:
                best, best_score = a, score
        return best

    @staticmethod
    def _keep(card: str, slots: list[str | None]) -> int:
        if card in IS_PART:
            return 200 + _gain(card, slots) if _gain(card, slots) > 0 else 10
        if card in IS_ACE:
            return 150
        return 50 + VALUE[card]
