"""AI seats for Mat Goceng: the uniform-random baseline and an honest, simple heuristic.

The heuristic sees only its own view (its hand, known characters, public
coins and lines) and plays towards its own character's objective: hunters
challenge and refuse to help their known targets, Mat Goceng shields Nyi
Kencleng, the two rich characters fight rather than pay and sell help dearly,
and the Extra Power window is a bargain: a helper's price depends on what the battler can pay
and on rival offers, a counter-offer is weighed against the helper's floor, and a battler
counters an expensive offer once before paying it.
It never guesses a hidden character beyond its chance: the characters in play are printed by player
count, so a hidden player is each character not yet seen with equal chance. A helper weighs what the
battler's win (its opponent losing stamina) does to its own objective: it declines a battler it likely
works against, asks more the less it likes the fight, and helps cheaply where the win serves it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.kernel.contract import Action
from bot.kernel.policy import RandomPolicy
from bot.kernel.rng import Rng

from .cards import fist_fits, load_cards

__all__ = ["RandomPolicy", "HeuristicPolicy"]

#: Characters each character wants defeated, and the one Mat Goceng protects.
#: By the AI's own character (None, not known, hunts and protects no one).
HUNTS: dict[str | None, tuple[str, ...]] = {
    "rijkaard_cere": ("nyi_kencleng",),
    "bang_codet": ("mat_goceng", "baba_amsyong"),
    "baba_amsyong": ("rijkaard_cere", "bang_codet"),
}
PROTECTS: dict[str | None, tuple[str, ...]] = {"mat_goceng": ("nyi_kencleng",)}
RICH = ("nyi_kencleng", "wan_fulus")


#: How many prices a helper bargains over: a few rungs from free to all the battler holds.
RUNGS = 5


def _ladder(prices: list[int]) -> list[int]:
    """The prices a helper names, of every price it may ask (0 up to what the battler holds): a few evenly
    spread rungs, so a bidding war moves in steps a battler notices, not one silver at a time."""
    if len(prices) <= RUNGS:
        return prices
    most, steps = prices[-1], RUNGS - 1
    rungs = {(most * k + steps // 2) // steps for k in range(RUNGS)}
    return [p for p in prices if p in rungs]


#: A battler whose win works against the helper's objective at least this surely is refused help; one whose
#: win serves it at least this surely is helped for free.
SURE = 0.5


def chance_is(players: Mapping[int, Any], player: int, character: str) -> float:
    """The chance that ``player`` is ``character``, from what the viewer knows: certain for a known character,
    else an even share of the characters in play not yet seen (they are dealt one each, by player count)."""
    known = players[player]["character"]
    if known is not None:
        return 1.0 if known == character else 0.0
    seen = {p["character"] for p in players.values() if p["character"] is not None}
    if character in seen or character not in load_cards().characters_for(len(players)):
        return 0.0
    return 1 / sum(p["character"] is None for p in players.values())


def stake(mine: str | None, players: Mapping[int, Any], battler: int, opponent: int) -> float:
    """What the battler's win (its opponent losing a stamina) is worth to ``mine``'s objective, from -2 to 2:
    the chance it hits a character ``mine`` hunts or spares one it protects, less the chance of the reverse."""
    hunted, protected = HUNTS.get(mine, ()), PROTECTS.get(mine, ())
    good = sum(chance_is(players, opponent, c) for c in hunted) + sum(chance_is(players, battler, c) for c in protected)
    bad = sum(chance_is(players, battler, c) for c in hunted) + sum(chance_is(players, opponent, c) for c in protected)
    return good - bad


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
        if kinds & {"offer", "decline", "stand", "withdraw", "take_counter"}:
            return self._helper(view, mine, players, legal)
        return self._battle_turn(view, legal)

    # --- decisions --------------------------------------------------------------------------

    @staticmethod
    def _hostility(mine: str | None, target: Mapping[str, Any]) -> float:
        """How much ``mine`` wants to fight ``target``: hunted characters most, protected ones never."""
        character = target["character"]
        stamina: int = target["stamina"]
        if character in HUNTS.get(mine, ()):
            return 10 + (3 - stamina)
        if character in PROTECTS.get(mine, ()):
            return -10
        score = 0.0
        if mine in RICH:
            score += target["coins"] / 3  # a rich target reconciles: income
        if character is None:
            score += 1
        return score + (3 - stamina) * 0.5

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
        """Accept a cheap offer; counter an expensive one at about half (once per offer); else none.

        What an offer is worth depends on need: with a card of its own that fits, a little; at
        1 stamina, or for a character that does not need coins, everything it has.
        """
        me = next(p for p in view["players"] if p["id"] == view["you"])
        offers = {o["player"]: o for o in view["battle"]["window"]["offers"]}
        hand = view["hand"] or []
        line = next(x for x in view["battle"]["lines"] if x["player"] == view["you"])
        end = line["cards"][-1]["bottom"] if line["cards"] else None
        own_fit = any(end is None or fist_fits(end, c["top"]) for c in hand)
        if own_fit:
            limit = 1
        else:
            limit = me["coins"] if me["stamina"] == 1 or mine not in RICH else min(me["coins"], 3)
        accepts = sorted(
            (a for a in legal if a["type"] == "accept"), key=lambda a: (offers[a["helper"]]["price"], a["helper"])
        )
        counters = [a for a in legal if a["type"] == "counter"]
        cheap = [a for a in accepts if offers[a["helper"]]["price"] <= max(1, limit // 2)]
        if cheap:
            return cheap[0]
        if counters:
            # The cheapest offer that may still be countered, at the counter price nearest half of it.
            target = min(counters, key=lambda a: (offers[a["helper"]]["price"], a["helper"]))["helper"]
            asked = offers[target]["price"]
            mine_counters = [a for a in counters if a["helper"] == target and a["price"] <= limit]
            if mine_counters:
                return min(mine_counters, key=lambda a: (abs(a["price"] - asked // 2), a["price"]))
        fair = [a for a in accepts if offers[a["helper"]]["price"] <= limit]
        if fair:
            return fair[0]
        return {"type": "no_help"}

    @staticmethod
    def _helper(
        view: Mapping[str, Any], mine: str | None, players: Mapping[int, Any], legal: Sequence[Action]
    ) -> Action:
        """Offer at a price that depends on what the battler can pay and on the rival offers.

        What the battler's win is worth to its own objective (``stake``) comes first: a battler it likely works
        against is declined, one whose win serves it is helped cheaply, and in between it asks more the less it
        likes the fight; the rich characters ask more. A rival's cheaper offer is undercut, never below half the
        first wish; a counter-offer is taken when it reaches that floor. Every revision lowers the price and
        ``stand`` ends the helper's part, so a driver that keeps asking always reaches the battler's decision.
        """
        battle = view["battle"]
        window = battle["window"]
        battler_id = window["battler"]
        opponent_id = battle["defender"] if battler_id == battle["attacker"] else battle["attacker"]
        kinds = {a["type"] for a in legal}
        offers = [a for a in legal if a["type"] == "offer"]
        standing = next((o for o in window["offers"] if o["player"] == view["you"]), None)
        asked = {a["price"] for a in offers} | ({standing["price"]} if standing is not None else set())
        prices = _ladder(sorted(asked))  # its own standing price is no new offer, but a rung all the same
        worth = stake(mine, players, battler_id, opponent_id)
        share: float | None
        if worth <= -SURE:
            share = None  # helping would likely work against its own objective
        elif worth >= SURE:
            share = 0.0  # the win serves it: help for nothing
        else:  # the less it likes the fight, the more it asks (and the less it takes)
            share = min(1.0, max(0.0, (0.7 if mine in RICH else 0.45) - worth))
        can_pay = players[battler_id]["coins"]
        wish = 0 if share is None else round(can_pay * share)
        floor = wish // 2
        if "take_counter" in kinds:
            assert standing is not None  # a counter-offer answers one's own standing offer
            return {"type": "take_counter"} if standing["counter"] >= floor else {"type": "refuse_counter"}
        rivals = [o["price"] for o in window["offers"] if o["player"] != view["you"]]
        if standing is not None:
            lower = [p for p in prices if floor <= p < standing["price"]]
            if rivals and min(rivals) <= standing["price"] and lower:
                return {"type": "offer", "card": standing["card"]["id"], "price": max(lower)}
            return {"type": "stand"} if "stand" in kinds else {"type": "withdraw"}
        if share is None or not offers:
            return {"type": "decline"}
        if rivals:
            wish = min(wish, max(floor, min(rivals) - 1))
        price = max((p for p in prices if p <= wish), default=prices[0])
        return next(a for a in offers if a["price"] == price)
