"""AI seats for Mat Goceng: the uniform-random baseline and an honest, simple heuristic.

The heuristic sees only its own view (its hand, known characters, public coins, hand sizes and lines) and
plays towards its own character's objective. It never guesses a hidden character beyond its chance: the
characters in play are printed by player count, so a hidden player is each character not yet seen with
equal chance. What it weighs:

* Survival first. Only survivors win and the game ends at the first defeat, so a player at 1 stamina pays
  to reconcile rather than risk a battle, and nobody beats a player at 1 stamina whose defeat would end the
  game without them among the winners (``win_if_defeated``).
* A hand is worth the run it lays: the most of its cards that follow one another (``run_length``). A
  challenged player fights with a long run (4 in a row at 3 stamina, 5 at 2; one fewer against a challenger
  it wants hurt, two fewer for the rich, whose coins are their objective) and pays otherwise. In a battle it
  plays the card that leaves the longest run behind it.
* Challenges go where a defeat would serve its objective, the more the nearer the target is to defeat; a
  rich character challenges those who can pay, and a challenger with a weak hand looks for someone likely
  to pay rather than fight.
* The Extra Power window is a bargain. A helper weighs what the battler's win (its opponent losing a
  stamina) does to its objective (``stake``): it declines a battler it likely works against, helps for free
  where the win serves it, and otherwise asks more the less it likes the fight (the protector, whose ward
  may be the battler, asks less than the others). It draws nothing back, so it keeps a short
  hand for its own next battle and gives the card it misses least (``spare_card``). Its price depends on
  what the battler can pay and on rival offers, and a counter-offer is weighed against its floor.
* A stuck battler pays by need (everything at 1 stamina, or when coins are not its objective) and counters
  an expensive offer once before paying it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
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


def ends_well(mine: str | None, players: Mapping[int, Any], loser: int) -> float:
    """The chance a hunter's or the protector's objective holds if ``loser`` (someone else) were defeated now:
    the chance it is a hunted character, or is not the protected one. Nothing for the rich (their objective is
    coins) or an unknown character."""
    if mine in PROTECTS:
        return 1.0 - sum(chance_is(players, loser, c) for c in PROTECTS[mine])
    return sum(chance_is(players, loser, c) for c in HUNTS.get(mine, ()))


def win_if_defeated(mine: str | None, players: Mapping[int, Any], me: int, loser: int) -> float:
    """The chance ``mine`` (player ``me``) wins if the game ended now with ``loser`` out of stamina (the game ends
    at the first defeat, so a blow to a player at 1 stamina decides the game for everyone)."""
    if loser == me:
        return 0.0
    if mine in RICH:
        return 1.0 if players[me]["coins"] >= max(p["coins"] for p in players.values()) else 0.0
    return ends_well(mine, players, loser)


def blow(mine: str | None, players: Mapping[int, Any], player: int) -> float:
    """What ``player`` (not the viewer) losing a stamina is worth to ``mine``'s objective, from -1 to 1.

    At 1 stamina it ends the game: +1 if ``mine`` would then win, -1 if not. Earlier it is a step towards that
    end, worth half as much. A rich character takes no side: its objective is coins, which it earns by selling
    help to either battler (taking sides cost it measurably, even where the blow would end the game)."""
    if mine in RICH:
        return 0.0
    worth = 2 * ends_well(mine, players, player) - 1
    return worth if players[player]["stamina"] == 1 else worth / 2


def stake(mine: str | None, players: Mapping[int, Any], battler: int, opponent: int) -> float:
    """What the battler's win (its opponent losing a stamina) is worth to ``mine``'s objective (a player outside
    the battle), from -2 to 2, against the battler losing instead: the chance it hits a character ``mine`` hunts
    or spares one it protects, less the chance of the reverse, doubled where the blow would end the game."""
    return blow(mine, players, opponent) - blow(mine, players, battler)


#: The run a challenged player at 3 stamina wants in hand to fight rather than pay.
LONG_RUN = 4
#: The run a challenged player at 1 stamina wants to fight a challenger whose defeat would win it the game.
DECISIVE_RUN = 5
#: After this many turns a table that only reconciles is stuck (coins just go round): fight every challenge.
LONG_GAME = 60


@lru_cache(maxsize=100_000)
def _run(end: str | None, cards: tuple[tuple[str, str], ...]) -> int:
    """The most of ``cards`` ((top, bottom) fists, sorted) that can be laid one after another after ``end``."""
    best = 0
    for i, (top, bottom) in enumerate(cards):
        if (i and cards[i - 1] == cards[i]) or not (end is None or fist_fits(end, top)):
            continue
        best = max(best, 1 + _run(bottom, cards[:i] + cards[i + 1 :]))
        if best == len(cards):
            break
    return best


def run_length(end: str | None, hand: Sequence[Mapping[str, Any]]) -> int:
    """How many of ``hand``'s cards it can lay in a row on a line ending in ``end`` (None: an empty line).

    A battle is lost by whoever first cannot add a card, so this is what a hand is worth in a fight."""
    return _run(end, tuple(sorted((c["top"], c["bottom"]) for c in hand)))


def run_of(cards: Sequence[str]) -> int:
    """``run_length`` on an empty line of cards given by id (as a sampled deal holds them)."""
    skills = load_cards().skills
    return _run(None, tuple(sorted((skills[c].top, skills[c].bottom) for c in cards)))


def fight_threshold(mine: str | None, stamina: int, keen: bool = False) -> int:
    """The run a challenged player at ``stamina`` (2 or 3) wants in hand to fight rather than pay:
    ``LONG_RUN``, one more at 2 stamina; two fewer for the rich, whose coins are their objective, else one
    fewer when ``keen`` to hurt the challenger."""
    needed = LONG_RUN + (stamina == 2)
    if mine in RICH:
        return needed - 2
    return needed - 1 if keen else needed


#: A hand that lays fewer cards than this in a row is weak: its owner would rather be paid than fight.
WEAK = 3
#: How much a weak challenger prefers a target likely to pay (per stamina the target lacks).
WARY = 1.0

#: The share of the battler's coins a helper with nothing at stake asks; the protector asks less.
SHARE = 0.7
PROTECTOR_SHARE = 0.4

#: A helper with no more cards than this keeps them unless the battler's win serves it.
KEEP = 3
#: A rich helper sells down to this many cards: coins are its objective, but a bare hand loses every fight.
KEEP_RICH = 1


def spare_card(hand: Sequence[Mapping[str, Any]], fitting: Sequence[str], *, keen: bool) -> str:
    """The fitting card a helper misses least: Thi Tjhi Ie first (its effect draws the helper a card back), a
    Tapak Bayangan when it wants the battler to win (the opponent loses a card and owes two), else the card
    whose loss shortens its own best run the least, a special top kept (it fits every line)."""
    by_id = {c["id"]: c for c in hand}
    whole = run_length(None, hand)

    def cost(card_id: str) -> float:
        card = by_id[card_id]
        rest = list(hand)
        rest.remove(card)
        lost = whole - run_length(None, rest) + (0.8 if card["top"] == "any" else 0.0)
        if card["ajian"] == "thi_tjhi_ie":
            lost -= 1.0
        elif card["ajian"] == "tapak_bayangan":
            lost += -1.0 if keen else 0.5
        return lost

    return min(fitting, key=lambda c: (cost(c), c))


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
            weak = run_length(None, view["hand"] or []) < WEAK
            return max(legal, key=lambda a: (self._hostility(mine, players, me, a["target"], weak), rng.random()))
        if "fight" in kinds:
            return self._respond(view, mine, legal)
        if kinds & {"accept", "no_help"}:
            return self._battler_window(view, mine, legal)
        if kinds & {"offer", "decline", "stand", "withdraw", "take_counter"}:
            return self._helper(view, mine, players, legal)
        return self._battle_turn(view, legal)

    # --- decisions --------------------------------------------------------------------------

    @staticmethod
    def _hostility(mine: str | None, players: Mapping[int, Any], me: int, target: int, weak: bool = False) -> float:
        """How much ``mine`` wants to fight ``target``: by how much their defeat would serve its objective, the
        more the nearer they are to defeat (at 1 stamina a lost battle ends the game, for better or worse).

        The rich characters weigh that only where it ends the game; otherwise they want a target who can pay to
        reconcile (income). A shorter hand fights worse. With a ``weak`` hand of its own a challenger would
        rather be paid than fought: it looks for a target who can pay and has most to fear from a battle (low
        stamina, a short hand), and if everyone pays it draws back to 5."""
        p = players[target]
        stamina: int = p["stamina"]
        coins: int = p["coins"]
        cards: int = p["hand_count"]
        worth = win_if_defeated(mine, players, me, target) - 0.5
        weight = {1: 6.0, 2: 2.0}.get(stamina, 1.0)
        score = worth * weight
        if mine in RICH:
            score = score if stamina == 1 else 0.0
            score += (0.5 if coins >= 2 else -0.3) + 0.05 * coins
        if weak and coins >= 2:
            score += WARY * (4 - stamina - cards / 5)
        return score - 0.1 * cards

    @staticmethod
    def _respond(view: Mapping[str, Any], mine: str | None, legal: Sequence[Action]) -> Action:
        """Fight with a hand that lays enough cards in a row; pay to stay safe otherwise.

        At 1 stamina a lost battle loses the game, so it pays unless the challenger is down to its last stamina
        too, its defeat would win this game, and the hand is long (``DECISIVE_RUN``). Beating a challenger at
        1 stamina whose defeat would lose it the game is no win either. Otherwise it needs the run of
        ``fight_threshold`` (the defender, who plays second, wins a battle of equal runs). After ``LONG_GAME``
        turns the table is stuck reconciling: it fights.
        """
        fight: Action = {"type": "fight"}
        reconcile = next((a for a in legal if a["type"] == "reconcile"), None)
        if reconcile is None or view["turn"] > LONG_GAME:
            return fight
        me = view["you"]
        players = {p["id"]: p for p in view["players"]}
        challenger = view["active"]
        strength = run_length(None, view["hand"] or [])
        worth = win_if_defeated(mine, players, me, challenger)
        if players[me]["stamina"] == 1:
            decisive = players[challenger]["stamina"] == 1 and worth >= 0.5
            return fight if decisive and strength >= DECISIVE_RUN else reconcile
        if players[challenger]["stamina"] == 1 and worth < 0.5:
            return reconcile  # beating them would end the game without this seat among the winners
        needed = fight_threshold(mine, players[me]["stamina"], keen=worth > 0.5)
        return fight if strength >= needed else reconcile

    @staticmethod
    def _battle_turn(view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """Play the card that leaves the longest run in hand after it; a Tapak Bayangan on a line that has a card
        (the opponent owes two), then a card that draws or takes one, among equals; a special top kept for later."""
        plays = [a for a in legal if a["type"] == "play"]
        if not plays:
            return next((a for a in legal if a["type"] == "ask_help"), legal[0])
        hand = {c["id"]: c for c in view["hand"]}
        battle = view["battle"]
        opponent = battle["defender"] if view["you"] == battle["attacker"] else battle["attacker"]
        their_line = next(x for x in battle["lines"] if x["player"] == opponent)["cards"]

        def value(action: Action) -> float:
            card = hand[action["card"]]
            rest = list(view["hand"])
            rest.remove(card)
            bonus = {"tapak_bayangan": 1.2 if their_line else 0.0, "thi_tjhi_ie": 0.6, "kasbon": 0.3}.get(
                card["ajian"], 0.0
            )
            return 1 + run_length(card["bottom"], rest) + bonus - (0.3 if card["top"] == "any" else 0.0)

        return max(plays, key=value)

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
        against is declined, one whose win serves it is helped for free, and in between it asks more the less it
        likes the fight, from ``PROTECTOR_SHARE`` of what the battler holds for the protector (either battler
        may be its ward, and a refused sale may cost her a stamina) or ``SHARE`` for the others (coins are the
        objective of the rich; a hunter's card given is one its own hunt lacks). A helper draws nothing back, so
        with a hand of ``KEEP`` cards or fewer (``KEEP_RICH`` for the rich) it helps only where the win serves
        it, and it gives the card it misses least (``spare_card``). A rival's cheaper offer is undercut, never
        below half the first wish; a counter-offer is taken when it reaches that floor. Every revision lowers
        the price and ``stand`` ends the helper's part, so a driver that keeps asking always reaches the
        battler's decision.
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
            share = min(1.0, max(0.0, (PROTECTOR_SHARE if mine in PROTECTS else SHARE) - worth))
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
        hand = view["hand"] or []
        if worth < SURE and len(hand) <= (KEEP_RICH if mine in RICH else KEEP):
            return {"type": "decline"}  # a helper draws nothing back: its next battle is fought with what is left
        if rivals:
            wish = min(wish, max(floor, min(rivals) - 1))
        price = max((p for p in prices if p <= wish), default=prices[0])
        card = spare_card(hand, sorted({a["card"] for a in offers}), keen=worth >= SURE)
        return {"type": "offer", "card": card, "price": price}
