"""Seat-filling players for Drama Pukul 7: uniform random, and a simple heuristic.

Both see only a player's view and legal actions. The heuristic plays the
obvious drama: defend when aimed at, cancel what hurts you (and a cancel of your
own card), cut a turn with Cliffhanger or Kena Pukau at their moments, spend
hurtful Plot Twists (free on other players' turns), build up (marry, buy,
recruit), then attack where the Dengki gets through (ties drawn at random, so no
seat is favoured), so games between AI seats come to an end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.kernel.contract import Action
from bot.kernel.policy import RandomPolicy
from bot.kernel.rng import Rng

__all__ = ["RandomPolicy", "HeuristicPolicy"]


def _players(view: Mapping[str, Any]) -> dict[int, Mapping[str, Any]]:
    return {p["id"]: p for p in view["players"]}


def _damage_through(attacker: Mapping[str, Any], defender: Mapping[str, Any], strength: int) -> int:
    """How much of a Dengki would reach the defender's hero, judging from public cards."""
    shield: int = sum(m["air_muka"] for m in defender["members"])
    return max(0, strength - shield)


class HeuristicPolicy:
    """Greedy and predictable; ties broken by the caller's Rng."""

    name = "heuristic"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        me = view["viewer"]
        by_type: dict[str, list[Action]] = {}
        for a in legal:
            by_type.setdefault(a["type"], []).append(a)
        hand = {c["id"]: c for c in view["hand"]}
        if "pick_hero" in by_type:
            return rng.choice(by_type["pick_hero"])
        if "pass" in by_type:
            return self._respond(view, me, by_type, hand, rng)
        if "collect" in by_type:
            return self._start(view, me, by_type, rng)
        for kind in ("react", "absorb", "to_hand", "pay"):
            if kind in by_type:
                return self._choose_in(kind, by_type[kind])
        if "hero_ability" in by_type and self._ability_now(view, me):
            return by_type["hero_ability"][0]
        for kind in ("kahwin", "buy", "recruit"):
            if kind in by_type:
                if kind == "recruit" and len(view["hand"]) < 4:
                    continue
                return by_type[kind][-1]
        plays = [a for a in by_type.get("play", []) if self._worth_playing(view, me, a, hand)]
        if plays:
            return rng.choice(plays)
        if "use" in by_type:
            return by_type["use"][0]
        if "attack" in by_type:
            return self._attack(view, me, by_type["attack"], rng)
        return by_type.get("end_turn", legal)[0]

    @staticmethod
    def _ability_now(view: Mapping[str, Any], me: int) -> bool:
        """Use the hero ability before buying; a Kedai discount only when it makes a purchase possible."""
        mine = _players(view)[me]
        if "KEDAI" not in (mine["ability"] or ""):
            return True
        prices = [s["card"]["price"] for s in view["kedai"] if s["card"] and s["card"]["kind"] == "item"]
        return any(0 < p - view["turn"]["discount"] <= mine["juta"] + 1 for p in prices)

    @staticmethod
    def _hurts_others(view: Mapping[str, Any], me: int, a: Action) -> bool:
        """A targeted card aimed at a rival (cancels are judged separately)."""
        return "target" in a and a["target"] != me and "entry" not in a

    def _worth_playing(self, view: Mapping[str, Any], me: int, a: Action, hand: Mapping[int, Any]) -> bool:
        card = hand.get(a["card"], {})
        if card.get("kind") in ("item", "member", "episode"):
            return True
        return self._hurts_others(view, me, a)

    def _respond(
        self, view: Mapping[str, Any], me: int, by_type: Mapping[str, list[Action]], hand: Mapping[int, Any], rng: Rng
    ) -> Action:
        attack = view.get("attack")
        window = view.get("window") or {}
        stack = window.get("stack", [])
        plays = by_type.get("play", [])
        for a in plays:
            text = hand.get(a["card"], {}).get("text", "")
            if attack and attack["projected_target"] == me and "DENGKI is aimed at you" in text:
                return a
            if "entry" in a and stack[a["entry"]].get("target") == me:
                return a
        for a in plays:
            if "entry" in a and self._saves_mine(stack, stack[a["entry"]], me):
                return a  # cancel the cancel aimed at my own card
        timed = [a for a in plays if self._well_timed(view, me, hand.get(a["card"], {}), rng)]
        if timed:
            return rng.choice(timed)
        hurtful = [a for a in plays if self._hurts_others(view, me, a)]
        if hurtful and rng.below(3) == 0:
            return rng.choice(hurtful)
        return by_type["pass"][0]

    @staticmethod
    def _saves_mine(stack: list[Mapping[str, Any]], entry: Mapping[str, Any], me: int) -> bool:
        """``entry`` is another player's cancel aimed at a card or ability of mine."""
        target = entry.get("entry")
        return entry.get("player") != me and isinstance(target, int) and stack[target].get("player") == me

    @staticmethod
    def _well_timed(view: Mapping[str, Any], me: int, card: Mapping[str, Any], rng: Rng) -> bool:
        """Turn-cutting Plot Twists at their moments: Cliffhanger before Collecting (the whole turn)
        or against a Dengki aimed at me (it stops the attack); Kena Pukau as the Action phase starts."""
        effects = card.get("effects", [])
        window = view.get("window") or {}
        attack = view.get("attack")
        turn = view["turn"]
        if turn["player"] == me:
            return False
        if "skip_turn" in effects:
            if attack and attack.get("source") == "attack" and attack["projected_target"] == me:
                return True
            return window.get("kind") == "turn_start" and not window.get("stack") and rng.below(2) == 0
        if "lose_action" in effects:
            return window.get("kind") == "action_start" and turn["actions_left"] > 0 and rng.below(2) == 0
        return False

    def _start(self, view: Mapping[str, Any], me: int, by_type: Mapping[str, list[Action]], rng: Rng) -> Action:
        """Attack before Collecting only when that Dengki knocks a rival out now; else collect and build."""
        players = _players(view)
        strength = players[me]["attributes"]["dengki"]
        finishing = [
            a
            for a in by_type.get("attack", [])
            if _damage_through(players[me], players[a["target"]], strength) >= players[a["target"]]["air_muka"]
        ]
        return self._attack(view, me, finishing, rng) if finishing else by_type["collect"][0]

    @staticmethod
    def _attack(view: Mapping[str, Any], me: int, attacks: list[Action], rng: Rng) -> Action:
        """The target the Dengki hurts most; ties drawn with the seeded Rng, so no seat is favoured."""
        players = _players(view)
        strength = players[me]["attributes"]["dengki"]

        def score(a: Action) -> tuple[int, int, int]:
            d = players[a["target"]]
            through = _damage_through(players[me], d, strength)
            unmarried = sum(1 for m in d["members"] if not m["married"])
            return (-min(through, d["air_muka"]) if through else 0, -unmarried, d["air_muka"])

        best = min(score(a) for a in attacks)
        return rng.choice([a for a in attacks if score(a) == best])

    @staticmethod
    def _choose_in(kind: str, opts: list[Action]) -> Action:
        if kind == "to_hand":
            return opts[-1]
        return opts[0]
