"""Two rule-based Mat Goceng players written from the rulebook alone: the yardsticks for the project's AI.

They read only the view a person in their seat would see (their hand, everyone's stamina, coins and
hand size, characters they may know, the battle lines and the Extra Power offers) and remember
nothing between decisions. Randomness, when any, comes from the ``rng`` argument.

* :class:`ObjectivePlayer` plays its own character's objective.
* :class:`TraderPlayer` plays for coins and survival.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from bot.games.goceng.cards import ANY, fist_fits, load_cards
from bot.kernel.contract import Action
from bot.kernel.rng import Rng

RECONCILE_PRICE = 2
#: After this many turns a table that keeps reconciling is stuck (coins only go round): both players
#: then fight every challenge, so every game ends.
LONG_GAME = 60
#: Whose defeat each hunter needs (the rulebook's character cards).
TARGETS: dict[str, tuple[str, ...]] = {
    "rijkaard_cere": ("nyi_kencleng",),
    "bang_codet": ("mat_goceng", "baba_amsyong"),
    "baba_amsyong": ("rijkaard_cere", "bang_codet"),
}
RICH = ("nyi_kencleng", "wan_fulus")
PROTECTOR = "mat_goceng"
PROTECTED = "nyi_kencleng"


# --- reading the view ----------------------------------------------------------------------------


def _skills() -> Mapping[str, Any]:
    return load_cards().skills


@lru_cache(maxsize=200_000)
def _chain(end: str | None, cards: tuple[str, ...]) -> int:
    """The most cards of ``cards`` (sorted ids) that can be laid one after another on a line ending in ``end``."""
    skills = _skills()
    best = 0
    for i, card in enumerate(cards):
        if i and cards[i - 1] == card:
            continue
        if end is None or fist_fits(end, skills[card].top):
            best = max(best, 1 + _chain(skills[card].bottom, cards[:i] + cards[i + 1 :]))
            if best == len(cards):
                break
    return best


def chain(end: str | None, cards: Sequence[str]) -> int:
    return _chain(end, tuple(sorted(cards)))


def followers(bottom: str, cards: Sequence[str]) -> int:
    """How many of ``cards`` could follow a card ending in ``bottom``."""
    skills = _skills()
    return sum(1 for c in cards if fist_fits(bottom, skills[c].top))


def without(cards: Sequence[str], card: str) -> list[str]:
    rest = list(cards)
    rest.remove(card)
    return rest


class Table:
    """The view, with the facts the rules below keep asking for."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.me: int = view["you"]
        self.players = {p["id"]: p for p in view["players"]}
        self.hand: list[str] = [c["id"] for c in view.get("hand") or []]
        self.character: str | None = self.players[self.me]["character"]
        self.battle: Mapping[str, Any] | None = view.get("battle")
        in_play = load_cards().characters_for(len(self.players))
        known = {p["character"] for p in view["players"] if p["character"] is not None}
        self.unknown_pool = [c for c in in_play if c not in known]

    # players
    def stamina(self, p: int) -> int:
        return self.players[p]["stamina"]

    def coins(self, p: int) -> int:
        return self.players[p]["coins"]

    def my_coins(self) -> int:
        return self.coins(self.me)

    def richest(self) -> bool:
        return self.my_coins() >= max(q["coins"] for q in self.players.values())

    def prob(self, p: int, characters: Sequence[str]) -> float:
        """The chance that ``p`` holds one of ``characters``, known characters counted as certain and the
        hidden ones spread evenly over the characters nobody has shown."""
        known = self.players[p]["character"]
        if known is not None:
            return 1.0 if known in characters else 0.0
        if not self.unknown_pool:
            return 0.0
        return sum(1 for c in self.unknown_pool if c in characters) / len(self.unknown_pool)

    # the battle
    def line(self, p: int) -> list[str]:
        assert self.battle is not None
        return [c["id"] for ln in self.battle["lines"] if ln["player"] == p for c in ln["cards"]]

    def line_end(self, p: int) -> str | None:
        line = self.line(p)
        return _skills()[line[-1]].bottom if line else None

    def owed(self, p: int) -> int:
        assert self.battle is not None
        return next(ln["owed"] for ln in self.battle["lines"] if ln["player"] == p)

    def opponent(self, p: int) -> int:
        assert self.battle is not None
        return self.battle["defender"] if p == self.battle["attacker"] else self.battle["attacker"]

    def helpers_with_cards(self) -> bool:
        """Someone outside the battle, other than me, holds cards (Kasbon takes one of them)."""
        assert self.battle is not None
        out = (self.battle["attacker"], self.battle["defender"], self.me)
        return any(p["hand_count"] > 0 for p in self.view["players"] if p["id"] not in out)


def _typed(legal: Sequence[Action], kind: str) -> list[Action]:
    return [a for a in legal if a["type"] == kind]


def _first(legal: Sequence[Action], kind: str) -> Action | None:
    return next((a for a in legal if a["type"] == kind), None)


def _card_bonus(table: Table, card: str, *, helping: bool = False) -> float:
    """What a card's Ajian is worth to whoever plays it (the helper keeps the effect of a card they give)."""
    ajian = _skills()[card].ajian
    if ajian == "tapak_bayangan":
        if helping:
            return 0.0  # the battler's opponent loses a card: judged by whether I want that
        holder = table.battle["holder"] if table.battle else table.me
        return 1.2 if table.line(table.opponent(holder)) else 0.0
    if ajian == "thi_tjhi_ie":
        return 0.6
    if ajian == "kasbon":
        return 0.4 if table.helpers_with_cards() else 0.0
    if ajian == "mata_menembus_sukma":
        return 0.3 if len(table.unknown_pool) > 1 else 0.0
    return 0.0


def best_play_by_chain(table: Table, plays: Sequence[Action]) -> Action:
    """The card that keeps my line going longest with the rest of my hand; then the best Ajian; a
    special (any-colour) top is kept for later when it changes nothing."""

    def score(a: Action) -> tuple[float, int]:
        card = a["card"]
        skill = _skills()[card]
        run = 1 + chain(skill.bottom, without(table.hand, card))
        return (run + _card_bonus(table, card) - (0.3 if skill.top == ANY else 0.0), -ord(card[0]))

    return max(plays, key=score)


def least_useful(table: Table, cards: Sequence[str], *, helping_hard: bool) -> str:
    """The card I miss least: an Ajian whose effect I keep (Thi Tjhi Ie draws me a card back), a Tapak
    Bayangan when I want the battler's opponent hurt, otherwise the one whose loss shortens my own
    longest line the least; a special top I keep."""
    skills = _skills()
    base = chain(None, table.hand)

    def cost(card: str) -> float:
        skill = skills[card]
        lost = base - chain(None, without(table.hand, card))
        c = lost + (0.8 if skill.top == ANY else 0.0)
        if skill.ajian == "thi_tjhi_ie":
            c -= 1.0
        elif skill.ajian == "tapak_bayangan":
            c += -1.0 if helping_hard else 0.5
        elif skill.ajian == "kasbon" and table.helpers_with_cards():
            c -= 0.5
        return c

    return min(cards, key=lambda c: (cost(c), c))


def _pick_target(table: Table, legal: Sequence[Action], want: Any) -> Action:
    return max(legal, key=lambda a: (want(a["target"]), -a["target"]))


def _ajian_target(table: Table, legal: Sequence[Action]) -> Action:
    """Kasbon: take from the fullest hand. A peek: the player nearest defeat, then the richest."""
    if legal[0]["type"] == "kasbon":
        return _pick_target(table, legal, lambda p: table.players[p]["hand_count"])
    return _pick_target(table, legal, lambda p: (-table.stamina(p), table.coins(p)))


# --- the objective player ------------------------------------------------------------------------


class ObjectivePlayer:
    """Plays its own character's objective, as the character card says.

    * Whose defeat it wants: a hunter (Rijkaard Cere, Bang Codet, Baba Amsyong) wants its targets
      defeated and nobody else; Mat Goceng wants anyone but Nyi Kencleng defeated; a rich character
      (Nyi Kencleng, Wan Fulus) wants the game to end while it has the most coins. A hidden character
      counts as any character nobody has shown yet, evenly (a lone unknown is then known). A battle
      matters most against a player at 1 stamina: losing it ends the game.
    * Challenge: a hunter challenges the likeliest target, nearest defeat first; Mat Goceng challenges
      the one least likely to be Nyi Kencleng; a rich character challenges someone who can pay 2 silver
      to reconcile, the richest first. Nobody challenges a player at 1 stamina whose defeat would lose
      it the game while someone else can be challenged; among equals, the shorter hand.
    * Challenged: at 1 stamina it reconciles, unless it holds a line of 5 and the challenger is at
      1 stamina and someone whose defeat wins it the game. It reconciles when beating the challenger
      would end the game badly (Mat Goceng never beats Nyi Kencleng at 1 stamina). Otherwise it fights
      with a hand that lays 2 cards in a row against someone it wants hurt, 3 otherwise (one more at
      2 stamina). A rich character keeps its coins: it fights unless at 2 stamina with a hand of 2.
      After 60 turns a table that only reconciles is stuck, so it fights every challenge.
    * Battle: plays the card that leaves the longest line in hand, Tapak Bayangan on a non-empty line
      first among equals, then Thi Tjhi Ie and Kasbon; keeps special (any-colour) tops for later;
      asks for Extra Power only when no card fits.
    * Buying help: takes the offered card that keeps its line longest, cheapest first, paying up to
      2 silver at 3 stamina, 3 at 2 and everything at 1 (one less for a rich character, one more to a
      likely Nyi Kencleng for Mat Goceng); a dearer offer gets a counter-offer at that limit, and if it
      must decide before the answer it pays one silver over the limit rather than lose.
    * Helping: gives free help to a battler it wants to win (the protector shields Nyi Kencleng, a
      hunter helps whoever fights its target), sells help for 2 silver when it does not care (a rich
      character always charges), and declines when the battler's win would hurt its objective. It
      gives the card it misses least (Thi Tjhi Ie first, which draws it a card back) and keeps its
      last two cards. It withdraws a free offer or declines when another helper already offers as
      cheaply, undercuts a rival by 1 silver when selling, and takes a counter-offer at its price floor.
    * Ajian targets: Kasbon takes from the fullest hand; a peek looks at the player nearest defeat.
    """

    name = "objective"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        table = Table(view)
        kind = legal[0]["type"]
        if kind in ("peek", "kasbon"):
            action = _ajian_target(table, legal)
        elif kind == "challenge":
            action = self._challenge(table, legal)
        elif kind in ("reconcile", "fight"):
            action = self._respond(table, legal)
        elif table.battle is not None and table.battle["window"] is not None:
            if table.battle["holder"] == table.me:
                action = self._buy(table, legal)
            else:
                action = self._help(table, legal)
        else:
            action = self._play(table, legal)
        return action if action in legal else legal[0]

    # what the objective wants -------------------------------------------------------------------

    def win_if_defeated(self, table: Table, p: int) -> float:
        """My chance to win if the game ended now with ``p`` defeated."""
        if p == table.me:
            return 0.0
        me = table.character
        if me in TARGETS:
            return table.prob(p, TARGETS[me])
        if me == PROTECTOR:
            return 1.0 - table.prob(p, (PROTECTED,))
        if me in RICH:
            others = [q for q in table.players if q != table.me]
            return 1.0 if table.my_coins() >= max(table.coins(q) for q in others) else 0.0
        return 0.5

    def harm_wish(self, table: Table, p: int) -> float:
        """How much I want ``p`` to lose a battle: a lot at 1 stamina (it ends the game), less earlier."""
        if p == table.me:
            return -1.0
        base = self.win_if_defeated(table, p) - 0.45
        weight = {1: 1.0, 2: 0.5}.get(table.stamina(p), 0.3)
        if table.character in RICH and table.stamina(p) > 1:
            return 0.0  # a rich character only cares when a battle would end the game
        return base * weight

    # challenge phase --------------------------------------------------------------------------

    def _challenge(self, table: Table, legal: Sequence[Action]) -> Action:
        def want(p: int) -> float:
            score = self.harm_wish(table, p)
            if table.stamina(p) == 1 and self.win_if_defeated(table, p) < 0.5:
                score -= 2.0  # beating them would end the game badly for me
            if table.character in RICH:
                score += 0.3 if table.coins(p) >= RECONCILE_PRICE else -0.2
                score += 0.02 * table.coins(p)
            score -= 0.02 * table.players[p]["hand_count"]  # a short hand fights worse
            return score

        return _pick_target(table, legal, want)

    def _respond(self, table: Table, legal: Sequence[Action]) -> Action:
        fight: Action = {"type": "fight"}
        reconcile = _first(legal, "reconcile")
        if reconcile is None:
            return fight
        if table.view["turn"] > LONG_GAME:
            return fight  # the table is stuck reconciling: coins only go round
        challenger = table.view["active"]
        strength = chain(None, table.hand)
        if table.stamina(table.me) == 1:
            # A loss ends the game for me: fight only with a full line in hand against someone
            # whose defeat wins me the game.
            good = self.win_if_defeated(table, challenger) >= 0.5 and table.stamina(challenger) == 1
            return fight if good and strength >= 5 else reconcile
        if table.stamina(challenger) == 1 and self.win_if_defeated(table, challenger) < 0.5:
            return reconcile  # a win would defeat them and lose me the game
        if table.character in RICH:
            return reconcile if strength <= 2 and table.stamina(table.me) == 2 else fight
        wish = self.harm_wish(table, challenger)
        needed = 3 if wish <= 0 else 2
        if table.stamina(table.me) == 2:
            needed += 1
        return fight if strength >= needed else reconcile

    # battle -----------------------------------------------------------------------------------

    def _play(self, table: Table, legal: Sequence[Action]) -> Action:
        plays = _typed(legal, "play")
        if plays:
            return best_play_by_chain(table, plays)
        ask = _first(legal, "ask_help")
        if ask is not None:
            return ask
        return legal[0]  # give_up: nothing fits and help was asked already

    def limit(self, table: Table, helper: int) -> int:
        """The most I pay for a card when nothing of mine fits."""
        coins = table.my_coins()
        stamina = table.stamina(table.me)
        if stamina == 1:
            return coins
        top = 3 if stamina == 2 else 2
        if table.character in RICH:
            top -= 1
        if table.character == PROTECTOR and table.prob(helper, (PROTECTED,)) >= 0.5:
            top += 1  # coins for Nyi Kencleng are not lost
        return min(coins, top)

    def _buy(self, table: Table, legal: Sequence[Action]) -> Action:
        assert table.battle is not None
        offers = table.battle["window"]["offers"]
        no_help: Action = {"type": "no_help"}
        stuck = not any(
            table.line_end(table.me) is None or fist_fits(table.line_end(table.me), _skills()[c].top)
            for c in table.hand
        )

        def run(offer: Mapping[str, Any]) -> int:
            return 1 + chain(offer["card"]["bottom"], table.hand)

        fair = {o["player"]: (self.limit(table, o["player"]) if stuck else 0) for o in offers}
        good = [o for o in offers if o["price"] <= fair[o["player"]]]
        if good:
            best = max(good, key=lambda o: (run(o) - 0.5 * o["price"], -o["price"], -o["player"]))
            return {"type": "accept", "helper": best["player"]}
        if not stuck:
            return no_help
        counterable = [o for o in offers if o["counter"] is None and not o["refused"] and o["price"] > 0]
        pending = [o for o in offers if o["counter"] is not None]
        if counterable and not pending:
            o = min(counterable, key=lambda o: (o["price"], o["player"]))
            return {"type": "counter", "helper": o["player"], "price": min(fair[o["player"]], o["price"] - 1)}
        # My counter is not answered yet and I must decide now: one silver over my limit is still
        # better than losing the battle.
        stretch = [o for o in offers if o["price"] <= fair[o["player"]] + 1 and o["price"] <= table.my_coins()]
        if stretch:
            return {"type": "accept", "helper": min(stretch, key=lambda o: (o["price"], o["player"]))["player"]}
        return no_help

    def _help(self, table: Table, legal: Sequence[Action]) -> Action:
        assert table.battle is not None
        battler = table.battle["holder"]
        rival = table.opponent(battler)
        mine = next((o for o in table.battle["window"]["offers"] if o["player"] == table.me), None)
        wish = self.harm_wish(table, rival) - self.harm_wish(table, battler)
        if table.character == PROTECTOR:
            wish += 0.6 * (table.prob(battler, (PROTECTED,)) - table.prob(rival, (PROTECTED,)))
        rich = table.character in RICH
        if wish > 0.05:
            least = 1 if rich else 0
        elif wish >= -0.05:
            least = 2 if rich else 1
        else:
            least = None  # the battler's win hurts my objective
        if mine is not None and mine["counter"] is not None:
            if least is not None and mine["counter"] >= least:
                return {"type": "take_counter"}
            return {"type": "refuse_counter"}
        rivals = [o["price"] for o in table.battle["window"]["offers"] if o["player"] != table.me]
        if mine is not None:
            if least is None:
                return _first(legal, "withdraw") or legal[-1]
            if rivals and min(rivals) <= mine["price"]:
                if wish > 0.05:
                    return _first(legal, "withdraw") or legal[-1]  # they get help anyway: I keep my card
                cheaper = {"type": "offer", "card": mine["card"]["id"], "price": min(rivals) - 1}
                if min(rivals) - 1 >= least and cheaper in legal:
                    return cheaper
            return _first(legal, "stand") or _first(legal, "withdraw") or legal[-1]
        offers = _typed(legal, "offer")
        decline = _first(legal, "decline") or legal[-1]
        if least is None or not offers or len(table.hand) <= 2:
            return decline
        if wish <= 0.05 and len(table.hand) <= 3:
            return decline  # not worth my cards
        ask = 0 if wish > 0.05 and not rich else min(table.coins(battler), max(least, 2))
        if rivals and min(rivals) <= ask:
            if wish > 0.05 or min(rivals) - 1 < least:
                return decline  # someone already helps as cheaply
            ask = min(rivals) - 1
        cards = sorted({a["card"] for a in offers})
        card = least_useful(table, cards, helping_hard=wish > 0.05)
        return {"type": "offer", "card": card, "price": ask}


# --- the trader ----------------------------------------------------------------------------------


class TraderPlayer:
    """Plays for coins and survival, whatever its character.

    * Challenge: challenges whoever is likeliest to pay 2 silver to reconcile: someone with the coins,
      the weakest first (lowest stamina, then fewest cards), the richest among equals. When its own
      character is a hunter and a target is revealed, it challenges that target.
    * Challenged: reconciles when weak (1 stamina, 2 stamina with a hand that lays fewer than 4 cards
      in a row, or any hand that lays fewer than 3) and it has the coins; fights otherwise. After
      60 turns a table that only reconciles is stuck, so it fights every challenge.
    * Battle: plays the card that the most other cards in hand could follow, an Ajian among equals,
      a special (any-colour) top last; asks for Extra Power when no card fits, and at 1 stamina
      already before laying its last card.
    * Buying help: with no card that fits it pays up to 1 silver at 3 stamina, 2 at 2 and all it has
      at 1; to save its last card, 1 silver. It takes the cheapest card; a dearer offer gets a
      counter-offer of about half, and if it must decide before the answer it pays one silver over
      its limit rather than lose.
    * Selling help: to any battler with coins, for 2 silver, 3 to a battler at 1 stamina, never more
      than the battler has; it gives the card it needs least (Thi Tjhi Ie first: it draws a card
      back) and keeps at least 3 cards. It undercuts a cheaper rival offer by 1 silver, withdraws or
      declines when that would go below 1, and takes any counter-offer of at least 1 silver.
    * Ajian targets: Kasbon takes from the fullest hand; a peek looks at the player nearest defeat.
    """

    name = "trader"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        table = Table(view)
        kind = legal[0]["type"]
        if kind in ("peek", "kasbon"):
            action = _ajian_target(table, legal)
        elif kind == "challenge":
            action = self._challenge(table, legal)
        elif kind in ("reconcile", "fight"):
            action = self._respond(table, legal)
        elif table.battle is not None and table.battle["window"] is not None:
            if table.battle["holder"] == table.me:
                action = self._buy(table, legal)
            else:
                action = self._sell(table, legal)
        else:
            action = self._play(table, legal)
        return action if action in legal else legal[0]

    def _challenge(self, table: Table, legal: Sequence[Action]) -> Action:
        targets = TARGETS.get(table.character or "", ())

        def want(p: int) -> tuple[int, int, int, int, int]:
            hunted = int(table.players[p]["character"] in targets)
            pays = int(table.coins(p) >= RECONCILE_PRICE)
            return (hunted, pays, -table.stamina(p), -table.players[p]["hand_count"], table.coins(p))

        return _pick_target(table, legal, want)

    def _respond(self, table: Table, legal: Sequence[Action]) -> Action:
        reconcile = _first(legal, "reconcile")
        if reconcile is None:
            return {"type": "fight"}
        strength = chain(None, table.hand)
        stamina = table.stamina(table.me)
        weak = stamina == 1 or strength < 3 or (stamina == 2 and strength < 4)
        if table.view["turn"] > LONG_GAME:
            weak = False  # the table is stuck reconciling: coins only go round
        return reconcile if weak else {"type": "fight"}

    def _play(self, table: Table, legal: Sequence[Action]) -> Action:
        plays = _typed(legal, "play")
        ask = _first(legal, "ask_help")
        if not plays:
            return ask or legal[0]
        if ask is not None and len(plays) == 1 and table.stamina(table.me) == 1 and table.my_coins() > 0:
            only = plays[0]["card"]
            if followers(_skills()[only].bottom, without(table.hand, only)) == 0:
                return ask  # my last card: see what help costs first

        def score(a: Action) -> tuple[int, int, str]:
            card = a["card"]
            skill = _skills()[card]
            follow = followers(skill.bottom, without(table.hand, card))
            return (follow, int(_card_bonus(table, card) > 0) - int(skill.top == ANY), card)

        return max(plays, key=score)

    def _limit(self, table: Table) -> int:
        stamina = table.stamina(table.me)
        return min(table.my_coins(), {1: table.my_coins(), 2: 2}.get(stamina, 1))

    def _buy(self, table: Table, legal: Sequence[Action]) -> Action:
        assert table.battle is not None
        offers = table.battle["window"]["offers"]
        end = table.line_end(table.me)
        stuck = not any(end is None or fist_fits(end, _skills()[c].top) for c in table.hand)
        # Stuck, I pay by my stamina; saving my last card at 1 stamina is worth 1 silver.
        limit = self._limit(table) if stuck else min(1, table.my_coins())
        good = [o for o in offers if o["price"] <= limit]
        if good:
            best = min(good, key=lambda o: (o["price"], o["player"]))
            return {"type": "accept", "helper": best["player"]}
        counterable = [o for o in offers if o["counter"] is None and not o["refused"] and o["price"] > 0]
        pending = any(o["counter"] is not None for o in offers)
        if stuck and counterable and not pending:
            o = min(counterable, key=lambda o: (o["price"], o["player"]))
            return {"type": "counter", "helper": o["player"], "price": min(o["price"] - 1, max(limit, o["price"] // 2))}
        if stuck and pending:
            # I must decide before my counter is answered: a silver over my limit beats a lost battle.
            stretch = [o for o in offers if o["price"] <= limit + 1]
            if stretch:
                return {"type": "accept", "helper": min(stretch, key=lambda o: (o["price"], o["player"]))["player"]}
        return {"type": "no_help"}

    def _sell(self, table: Table, legal: Sequence[Action]) -> Action:
        assert table.battle is not None
        battler = table.battle["holder"]
        offers = table.battle["window"]["offers"]
        mine = next((o for o in offers if o["player"] == table.me), None)
        if mine is not None and mine["counter"] is not None:
            return {"type": "take_counter"} if mine["counter"] >= 1 else {"type": "refuse_counter"}
        rivals = [o["price"] for o in offers if o["player"] != table.me]
        if mine is not None:
            if rivals and min(rivals) <= mine["price"]:
                under = min(rivals) - 1
                if under >= 1:
                    cheaper = {"type": "offer", "card": mine["card"]["id"], "price": under}
                    if cheaper in legal:
                        return cheaper
                return _first(legal, "withdraw") or legal[-1]
            return _first(legal, "stand") or legal[-1]
        offers_legal = _typed(legal, "offer")
        decline = _first(legal, "decline") or legal[-1]
        if not offers_legal or len(table.hand) <= 3 or table.coins(battler) < 1:
            return decline
        ask = 3 if table.stamina(battler) == 1 else 2
        ask = min(ask, table.coins(battler))
        if rivals:
            ask = min(ask, min(rivals) - 1)
        if ask < 1:
            return decline
        cards = sorted({a["card"] for a in offers_legal})
        card = least_useful(table, cards, helping_hard=False)
        return {"type": "offer", "card": card, "price": ask}
