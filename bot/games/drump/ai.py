"""DRUMP's AI players: the easy one here, the normal one (``HeuristicPolicy``) in ``ai_normal``.

Easy is greedy and simple on purpose: it fills empty Monster Part slots first (or
upgrades a slot to a higher-scoring part), builds Force Zones toward the
exact force sums of the parts it holds, attacks only where the zone is
likely to reach 14, blocks only with parts it cannot use, and never
re-attacks. Measured against the uniform random policy over 500 seeded
games with alternating seats (tests/games/drump/test_drump_policy.py), it
won 472, drew 9 and lost 19: a 94.4% win rate. Normal (``ai_normal``) uses
every mechanism the rules give and is what AI seats play by default.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.drump.ai_normal import NormalPolicy
from bot.games.drump.cards import ATTACK_TARGET, IS_ACE, IS_PART, PART_SCORE, SLOT, SLOTS, VALUE, can_make
from bot.kernel.contract import Action
from bot.kernel.rng import Rng

__all__ = ["EasyPolicy", "HeuristicPolicy", "NormalPolicy"]

#: Average value assumed for a face-down card of the opponent's (A-9 averages 5).
_HIDDEN_GUESS = 5


def _own_side(view: Mapping[str, Any]) -> Mapping[str, Any]:
    viewer = view["viewer"]
    sides: list[Mapping[str, Any]] = view["sides"]
    for side in sides:
        if side["player"] == viewer:
            return side
    raise ValueError("the heuristic policy needs a player's own view")


def _gain(part: str, slots: list[str | None]) -> int:
    """How much placing ``part`` improves its slot: filling an empty slot counts most."""
    held = slots[SLOT[part]]
    if held is None:
        return 100 + PART_SCORE[part]
    return PART_SCORE[part] - PART_SCORE[held]


class EasyPolicy:
    """Greedy DRUMP play: summon, Extra Jack, build zones, attack when likely to clear, end turn."""

    name = "easy"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        side = _own_side(view)
        slots = [side["parts"][s] for s in SLOTS]
        by_type: dict[str, list[Action]] = {}
        for action in legal:
            by_type.setdefault(action["type"], []).append(action)
        phase = view["phase"]
        if phase == "block":
            return self._block(by_type, slots, view)
        if phase == "reattack":
            return by_type["stop"][0]
        if phase == "discard":
            hand = side["hand"] or []
            return {"type": "discard", "card": min(hand, key=lambda c: self._keep_value(c, slots))}
        return self._main(view, side, slots, by_type)

    # --- main phase -------------------------------------------------------
    def _main(
        self,
        view: Mapping[str, Any],
        side: Mapping[str, Any],
        slots: list[str | None],
        by_type: dict[str, list[Action]],
    ) -> Action:
        summons = [a for a in by_type.get("summon", []) if _gain(a["part"], slots) > 0]
        if summons:
            return max(summons, key=lambda a: _gain(a["part"], slots))
        jacks = [a for a in by_type.get("extra_jack", []) if _gain(a["part"], slots) > 0]
        if jacks:
            return jacks[0]
        hand = side["hand"] or []
        wanted = [p for p in hand if p in IS_PART and _gain(p, slots) > 0]
        place = self._best_place(side, wanted, by_type.get("place", []))
        if place is not None:
            return place
        attack = self._best_attack(view, side, by_type.get("attack", []))
        if attack is not None:
            return attack
        exchange = self._best_exchange(slots, wanted, by_type.get("exchange", []))
        if exchange is not None:
            return exchange
        return by_type["end_turn"][0]

    def _best_place(self, side: Mapping[str, Any], wanted: list[str], places: list[Action]) -> Action | None:
        zones = [[item["card"] for item in zone] for zone in side["zones"]]
        best, best_score = None, 0
        targets = sorted({VALUE[p] for p in wanted}, reverse=True) or [13, 12, 11, 10]
        for action in places:
            cards = zones[action["zone"]] + [action["card"]]
            score = 0
            if len(cards) >= 2:
                for t in targets:
                    if can_make(cards, t):
                        score = max(score, 100 + t)
            low = sum(VALUE[c] for c in cards)
            if not score and low <= max(targets) - 2:
                score = 10 + low  # building up, still short of the target
            if score > best_score:
                best, best_score = action, score
        return best

    def _best_attack(self, view: Mapping[str, Any], side: Mapping[str, Any], attacks: list[Action]) -> Action | None:
        foe = next(s for s in view["sides"] if s["player"] != side["player"])
        best, best_key = None, None
        for action in attacks:
            card = action["card"]
            if card in IS_ACE:
                continue  # keep Aces for sums and Extra Jack
            zone = foe["zones"][action["target"]]
            known = sum(VALUE[i["card"]] + (10 if i["card"] in IS_ACE else 0) for i in zone if i["card"])
            hidden = sum(1 for i in zone if not i["card"])
            if known + hidden * _HIDDEN_GUESS + VALUE[card] < ATTACK_TARGET:
                continue
            key = (len(zone), -VALUE[card])
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best

    def _best_exchange(self, slots: list[str | None], wanted: list[str], exchanges: list[Action]) -> Action | None:
        useless = [a for a in exchanges if a["part"] not in wanted]
        improving = [a for a in useless if a["take"] != "draw" and _gain(a["take"], slots) > 0]
        if improving:
            return max(improving, key=lambda a: _gain(a["take"], slots))
        draws = [a for a in useless if a["take"] == "draw"]
        return draws[0] if draws else None

    # --- out of turn and trimming -------------------------------------------
    def _block(self, by_type: dict[str, list[Action]], slots: list[str | None], view: Mapping[str, Any]) -> Action:
        blocks = [a for a in by_type.get("block", []) if a["card"] in IS_PART and _gain(a["card"], slots) <= 0]
        if blocks:
            return min(blocks, key=lambda a: PART_SCORE[a["card"]])
        return by_type["no_block"][0]

    @staticmethod
    def _keep_value(card: str, slots: list[str | None]) -> int:
        """Higher is worth keeping: wanted parts, then Aces, then mid Force Cards."""
        if card in IS_PART:
            gain = _gain(card, slots)
            return 200 + gain if gain > 0 else 0
        if card in IS_ACE:
            return 150
        return 50 + VALUE[card]


#: What AI seats play by default (the engine's ``ai_policy``).
HeuristicPolicy = NormalPolicy
