"""AI seats for Mat Goceng: the uniform-random baseline and an honest, simple heuristic.

The heuristic sees only its own view (its hand, known characters, public
coins and lines) and plays towards its own character's objective: hunters
challenge and refuse to help their known targets, Mat Goceng shields Nyi
Kencleng, the two rich characters fight rather than pay and sell help dearly,
and a helper undercuts a cheaper rival offer a little before standing by its own.
It never guesses a hidden character; unknown players are treated alike.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from bot.engine import Action
from bot.games.rng import Rng
from bot.policy import RandomPolicy

from .cards import fist_fits

__all__ = ["RandomPolicy", "HeuristicPolicy"]

#: Characters each character wants defeated, and the one Mat Goceng protects.
HUNTS: dict[str, tuple[str, ...]] = {
    "rijkaard_cere": ("nyi_kencleng",),
    "bang_codet": ("mat_goceng", "baba_amsyong"),
    "baba_amsyong": ("rijkaard_cere", "bang_codet"),
}
PROTECTS: dict[str, tuple[str, ...]] = {"mat_goceng": ("nyi_kencleng",)}
RICH = ("nyi_kencleng", "wan_fulus")


class HeuristicPolicy:
    name = "heuristic"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        me = view["you"]
        players = {p["id"]: p for p in view["players"]}
        mine = players[me]["character"]
        kinds = {a["type"] for a in legal}
        if kinds & {"peek", "kasbon"}:
            # No better clue than the hand size: rob the fullest hand, look at the busiest player.
            return max(legal, key=lambda a: (players[a["target"]]["hand_count"], -a["target"]))
        if "challenge" in kinds:
            return max(legal, key=lambda a: (self._hostility(mine, players[a["target"]]), rng.random()))
        if "fight" in kinds:
            return self._respond(view, mine, legal, rng)
        if kinds & {"accept", "no_help"}:
            return self._battler_window(view, mine, legal)
        if kinds & {"offer", "decline"}:
            return self._helper(view, mine, players, legal)
        return self._battle_turn(view, legal)

    # --- decisions --------------------------------------------------------------------------

    @staticmethod
    def _hostility(mine: str | None, target: Mapping[str, Any]) -> float:
        """How much ``mine`` wants to fight ``target``: hunted characters most, protected ones never."""
        character = target["character"]
        if character in HUNTS.get(mine, ()):
            return 10 + (3 - target["stamina"])
        if character in PROTECTS.get(mine, ()):
            return -10
        score = 0.0
        if mine in RICH:
            score += target["coins"] / 3  # a rich target reconciles: income
        if character is None:
            score += 1
        return score + (3 - target["stamina"]) * 0.5

    def _respond(self, view: Mapping[str, Any], mine: str | None, legal: Sequence[Action], rng: Rng) -> Action:
        """Fight a hunted challenger; otherwise pay to stay safe when low, so a weak hand is not wasted.

        A small chance to fight anyway keeps a table of cautious players from paying each other
        around the table for ever.
        """
        players = {p["id"]: p for p in view["players"]}
        me = players[view["you"]]
        challenger = players[view["active"]]["character"]
        if challenger in HUNTS.get(mine, ()) or not any(a["type"] == "reconcile" for a in legal):
            return {"type": "fight"}
        cautious = me["stamina"] == 1 or (mine not in RICH and len(view["hand"] or ()) < 3)
        if cautious and rng.random() < 0.8:
            return {"type": "reconcile"}
        return {"type": "fight"}

    @staticmethod
    def _battle_turn(view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if a["type"] == "play"]
        if not plays:
            return next((a for a in legal if a["type"] == "ask_help"), legal[0])
        hand = {c["id"]: c for c in view["hand"]}

        def keeps_options(action: Action) -> float:
            card = hand[action["card"]]
            rest = [c for c in view["hand"] if c is not card]
            follow = sum(fist_fits(card["bottom"], c["top"]) for c in rest)
            bonus = {"tapak_bayangan": 2, "thi_tjhi_ie": 1, "kasbon": 0.5}.get(card["ajian"], 0)
            return follow + bonus + (1.5 if card["bottom"] == "any" else 0) - (1 if card["top"] == "any" else 0)

        return max(plays, key=keeps_options)

    @staticmethod
    def _battler_window(view: Mapping[str, Any], mine: str | None, legal: Sequence[Action]) -> Action:
        me = next(p for p in view["players"] if p["id"] == view["you"])
        window = view["battle"]["window"]
        prices = {o["player"]: o["price"] for o in window["offers"]}
        accepts = sorted((a for a in legal if a["type"] == "accept"), key=lambda a: (prices[a["helper"]], a["helper"]))
        hand = view["hand"] or []
        line = next(x for x in view["battle"]["lines"] if x["player"] == view["you"])
        end = line["cards"][-1]["bottom"] if line["cards"] else None
        own_fit = any(end is None or fist_fits(end, c["top"]) for c in hand)
        limit = 0 if own_fit else (me["coins"] if me["stamina"] == 1 or mine not in RICH else 2)
        if accepts and prices[accepts[0]["helper"]] <= limit:
            return accepts[0]
        return {"type": "no_help"}

    @staticmethod
    def _helper(view: Mapping[str, Any], mine: str | None, players: Mapping[int, Any],
                legal: Sequence[Action]) -> Action:
        battle = view["battle"]
        battler = players[battle["window"]["battler"]]["character"]
        opponent_id = battle["defender"] if battle["window"]["battler"] == battle["attacker"] else battle["attacker"]
        opponent = players[opponent_id]["character"]
        offers = [a for a in legal if a["type"] == "offer"]
        decline = {"type": "decline"}
        if not offers or battler in HUNTS.get(mine, ()):
            return decline
        if battler in PROTECTS.get(mine, ()):
            price = 0  # Mat Goceng keeps Nyi Kencleng standing whatever it costs him
        elif opponent in HUNTS.get(mine, ()):
            price = 0 if len(view["hand"]) > 2 else 1  # help beat my target, cheaply
        elif mine in RICH:
            price = 3
        else:
            price = 2
        standing = next((o for o in battle["window"]["offers"] if o["player"] == view["you"]), None)
        if standing is not None:
            # Asked again while the offer stands: undercut a rival who asks as little or less, down to
            # half the first price, else keep the offer as final. Every change lowers the price and
            # keeping ends the helper's part, so a driver that keeps asking always reaches the battler.
            rivals = [o["price"] for o in battle["window"]["offers"] if o["player"] != view["you"]]
            cheaper = min(standing["price"], *rivals) - 1 if rivals and min(rivals) <= standing["price"] else -1
            wanted = {"type": "offer", "card": standing["card"]["id"], "price": cheaper}
            if cheaper >= price // 2 and wanted in offers:
                return wanted
            return {"type": "keep_offer"}
        wanted = {"type": "offer", "card": offers[0]["card"], "price": price}
        return wanted if wanted in offers else decline
