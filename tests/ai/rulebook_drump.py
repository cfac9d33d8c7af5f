"""Two rule-based DRUMP players written from the rulebook alone: yardsticks for the project's AI.

Neither player looks at the project's own AI; both decide from the player's ``view`` (their own hand and
zones, the public table, counts of what is hidden) and return one of the ``legal`` actions.

Words used below: a part is *wanted* when its slot is empty or it outscores the part already there; a
*spare* part is one that is not wanted (its slot already holds an equal or better part). A zone's cards are
known to their owner; the opponent's face-down cards are guessed from the Force Cards nobody has seen yet.

``SteadyPlayer`` ("steady"), a careful builder:

1. Complete DRUMP at once when a summon or an Extra Jack can.
2. Summon the best wanted part a zone already adds up to; otherwise place the one card that makes a zone add
   up to a wanted part in hand (the summon follows). Play Extra Jack for a Jack whose slot is empty.
3. Exchange a spare part for a wanted part lying in the drop zone, or for a fresh card; keep one spare part
   as a blocker while it has a zone of two or more cards to protect.
4. Attack only when sure: the cheapest non-Ace card that reaches 14 even if every face-down card is as low
   as the unseen cards allow, against the zone holding the most cards.
5. Build: place a card per zone where the zone's sum stays 4 to 9 (one card from any summon), keeping an
   Ace and at least one Force Card in hand; never overfill a zone past 13.
6. Block a successful attack with a spare part; with an Ace (or a second part for the same slot) only if
   the zone holds two or more cards. Let failing attacks through. Re-attack only when sure, with an Ace or a
   spare part. Discard spare parts first, then the Force Card that fits no zone.

``BoldPlayer`` ("bold"), an aggressive tempo player:

1. Complete DRUMP at once when it can.
2. Cycle first: exchange every spare part for a fresh card (or for a wanted part from the drop zone), and
   swap a part for a drop-zone part it can summon this very turn.
3. Summon, place-to-summon and Extra Jack like any builder.
4. Attack every turn the odds (reckoned over the unseen Force Cards) of reaching 14 are at least 60%, at
   the zone with the most cards: with the cheapest sure card, else the cheapest likely one, and with an Ace
   (worth 11) when no other card will do.
5. After a block, re-attack whenever it can still win: an Ace first (it cannot be blocked), then a spare
   part (or a second part for the same slot), then a higher Force Card.
6. Build with its low and middle cards, keeping its best attacker (an Ace or its highest card of 7+).
7. Block only with spare parts (an Ace only to save a zone of three or more cards). Discard the weakest
   attacker: spare parts, then the lowest Force Card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.drump.cards import (
    ATTACK_TARGET,
    FULL_DECK,
    HAND_LIMIT,
    IS_ACE,
    IS_FORCE,
    IS_PART,
    PART_SCORE,
    RANK,
    SLOT,
    SLOTS,
    VALUE,
    can_make,
    high_sum,
    low_sum,
)
from bot.kernel.contract import Action
from bot.kernel.rng import Rng

__all__ = ["BoldPlayer", "SteadyPlayer"]

#: A card's worth in an attack total (an Ace counts 11 there, a part its force sum).
HIGH = {c: (11 if c in IS_ACE else VALUE[c]) for c in FULL_DECK}


class Table:
    """What one seat's ``view`` tells it, with the little arithmetic both players need."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        viewer = view["viewer"]
        sides = view["sides"]
        me = next(s for s in sides if s["player"] == viewer)
        foe = next(s for s in sides if s["player"] != viewer)
        self.view = view
        self.hand: list[str] = list(me["hand"] or [])
        self.parts: list[str] = [me["parts"].get(slot) or "" for slot in SLOTS]
        self.foe_parts: list[str] = [foe["parts"].get(slot) or "" for slot in SLOTS]
        self.zones: list[list[str]] = [[item["card"] for item in zone] for zone in me["zones"]]
        self.foe_zones: list[list[str | None]] = [[item["card"] for item in zone] for zone in foe["zones"]]
        self.deck: int = view["deck"]
        self.drop: list[str] = list(view["drop"])
        self.placed: set[int] = set(view.get("placed") or ())
        self.summoned: bool = bool(view.get("summoned"))
        seen: set[str] = set(self.drop) | set(self.hand)
        for side in sides:
            seen.update(c for c in side["parts"].values() if c)
            seen.update(item["card"] for zone in side["zones"] for item in zone if item["card"])
        attack = view.get("attack")
        if attack and attack.get("card"):
            seen.add(attack["card"])
        #: Attack worth of every Force Card the viewer has not seen: what a face-down card may be.
        self.unseen_high: list[int] = sorted(HIGH[c] for c in FULL_DECK if c in IS_FORCE and c not in seen)

    # --- parts ------------------------------------------------------------------
    def gain(self, part: str) -> int:
        """How much placing ``part`` is worth: a lot for an empty slot, the score gained for an upgrade, else 0."""
        held = self.parts[SLOT[part]]
        if not held:
            return 20 + PART_SCORE[part]
        return max(0, PART_SCORE[part] - PART_SCORE[held])

    def spares(self) -> list[str]:
        """Parts in hand that would place nothing (their slot already holds as good a part), lowest first."""
        return sorted((p for p in self.hand if p in IS_PART and self.gain(p) == 0), key=PART_SCORE.__getitem__)

    def seconds(self) -> list[str]:
        """Wanted parts in hand beaten by another part in hand for the same slot (a spare in waiting)."""
        out = []
        for p in self.hand:
            if p in IS_PART and self.gain(p) > 0:
                rivals = [q for q in self.hand if q in IS_PART and q != p and SLOT[q] == SLOT[p]]
                if any(self.gain(q) >= self.gain(p) for q in rivals):
                    out.append(p)
        return sorted(out, key=self.gain)

    def completes(self, part: str) -> bool:
        """Placing ``part`` fills the last empty slot (DRUMP)."""
        return all(p or i == SLOT[part] for i, p in enumerate(self.parts)) and not self.parts[SLOT[part]]

    def summonable_now(self, part: str) -> bool:
        """``part`` could be summoned this turn: a zone adds up to it, or will after placing one card in hand."""
        if self.summoned:
            return False
        need = VALUE[part]
        forces = [c for c in self.hand if c in IS_FORCE]
        for z, cards in enumerate(self.zones):
            if len(cards) >= 2 and can_make(cards, need):
                return True
            if z not in self.placed and cards and any(can_make(cards + [c], need) for c in forces):
                return True
        return False

    # --- attacks -----------------------------------------------------------------
    def foe_zone(self, zone: int) -> tuple[int, int]:
        """(attack worth of the face-up cards, number of face-down cards) of an opposing zone."""
        cards = self.foe_zones[zone]
        known = [c for c in cards if c is not None]
        return high_sum(known), len(cards) - len(known)

    def sure(self, zone: int, worth: int) -> bool:
        """An unblocked attack worth ``worth`` clears the zone even if its face-down cards are the lowest possible."""
        known, hidden = self.foe_zone(zone)
        low = sum(self.unseen_high[:hidden]) if hidden <= len(self.unseen_high) else 2 * hidden
        return known + low + worth >= ATTACK_TARGET

    def chance(self, zone: int, worth: int) -> float:
        """Share of the ways the face-down cards could be (from the unseen Force Cards) that make the attack succeed."""
        known, hidden = self.foe_zone(zone)
        need = ATTACK_TARGET - known - worth
        if need <= 0:
            return 1.0
        values = self.unseen_high
        if hidden == 0 or hidden > len(values):
            return 0.0 if hidden == 0 else 1.0
        # ways[k][s]: subsets of k unseen cards adding up to s (s capped at ``need``).
        ways = [[0] * (need + 1) for _ in range(hidden + 1)]
        ways[0][0] = 1
        for v in values:
            for k in range(hidden, 0, -1):
                row, prev = ways[k], ways[k - 1]
                for s in range(need, -1, -1):
                    if prev[s]:
                        row[min(need, s + v)] += prev[s]
        total = sum(ways[hidden])
        return ways[hidden][need] / total if total else 0.0

    def would_clear(self, zone: int, card: str) -> bool:
        """As defender: ``card`` landing unblocked on my ``zone`` reaches 14 (I know every card there)."""
        return high_sum(self.zones[zone]) + HIGH[card] >= ATTACK_TARGET

    # --- building ----------------------------------------------------------------
    def sums(self, cards: list[str]) -> list[int]:
        low, aces = low_sum(cards)
        return [low + 10 * k for k in range(aces + 1)]

    def completions(self, card: str) -> int:
        """How many of my zones ``card`` would bring to the force sum of a wanted part in hand."""
        wanted = {VALUE[p] for p in self.hand if p in IS_PART and self.gain(p) > 0}
        return sum(1 for cards in self.zones if cards and any(can_make(cards + [card], v) for v in wanted))


# --- helpers shared by both players ------------------------------------------------


def _of(legal: Sequence[Action], kind: str) -> list[Action]:
    return [a for a in legal if a["type"] == kind]


def _end(legal: Sequence[Action]) -> Action:
    for a in legal:
        if a["type"] in ("end_turn", "no_block", "stop"):
            return a
    return legal[0]


def _finish(t: Table, legal: Sequence[Action]) -> Action | None:
    """A summon or Extra Jack that fills the last empty slot, the highest-scoring one."""
    done = [a for a in _of(legal, "summon") + _of(legal, "extra_jack") if t.completes(a["part"])]
    return max(done, key=lambda a: PART_SCORE[a["part"]]) if done else None


def _summon(t: Table, legal: Sequence[Action]) -> Action | None:
    """The summon placing the most valuable wanted part."""
    good = [a for a in _of(legal, "summon") if t.gain(a["part"]) > 0]
    return max(good, key=lambda a: (t.gain(a["part"]), VALUE[a["part"]])) if good else None


def _place_to_summon(t: Table, legal: Sequence[Action]) -> Action | None:
    """A placement after which a zone adds up to a wanted part in hand (non-Ace cards preferred)."""
    if t.summoned:
        return None
    wanted = [p for p in t.hand if p in IS_PART and t.gain(p) > 0]
    best, key = None, None
    for a in _of(legal, "place"):
        cards = t.zones[a["zone"]] + [a["card"]]
        if len(cards) < 2:
            continue
        for p in wanted:
            if can_make(cards, VALUE[p]):
                k = (t.gain(p), a["card"] not in IS_ACE, -VALUE[a["card"]])
                if key is None or k > key:
                    best, key = a, k
    return best


def _extra_jack(t: Table, legal: Sequence[Action]) -> Action | None:
    """Extra Jack for a Jack whose slot is empty, unless that slot's better part can be summoned this turn."""
    for a in _of(legal, "extra_jack"):
        slot = SLOT[a["part"]]
        if t.parts[slot]:
            continue
        better = [p for p in t.hand if p in IS_PART and SLOT[p] == slot and PART_SCORE[p] > 5 and t.summonable_now(p)]
        if not better:
            return a
    return None


def _take_for(t: Table, legal: Sequence[Action], part: str, draw_ok: bool) -> Action | None:
    """The exchange of ``part`` taking the best wanted drop-zone part (one summonable now first), else a draw."""
    options = [a for a in _of(legal, "exchange") if a["part"] == part]
    takes = [a for a in options if a["take"] != "draw" and t.gain(a["take"]) > 0]
    if takes:
        return max(takes, key=lambda a: (t.summonable_now(a["take"]), t.gain(a["take"])))
    if draw_ok:
        return next((a for a in options if a["take"] == "draw"), None)
    return None


def _swap_to_summon(t: Table, legal: Sequence[Action]) -> Action | None:
    """Give a part for a drop-zone part worth more that can be summoned this very turn."""
    if t.summoned:
        return None
    for a in _of(legal, "exchange"):
        take = a["take"]
        if take == "draw" or t.gain(take) <= t.gain(a["part"]) or not t.summonable_now(take):
            continue
        if t.summonable_now(a["part"]) and t.gain(a["part"]) > 0:
            continue
        return a
    return None


def _overflow_place(t: Table, legal: Sequence[Action], keep: set[str]) -> Action | None:
    """With more than 5 cards, park a Force Card in a zone rather than discard it (never past 13)."""
    if len(t.hand) <= HAND_LIMIT:
        return None
    best, key = None, None
    for a in _of(legal, "place"):
        if a["card"] in keep:
            continue
        sums = t.sums(t.zones[a["zone"]] + [a["card"]])
        if min(sums) > 13:
            continue
        k = (any(4 <= s <= 9 for s in sums), -VALUE[a["card"]])
        if key is None or k > key:
            best, key = a, k
    return best


def _zone_worth(t: Table, zone: int) -> int:
    return len(t.zones[zone])


class SteadyPlayer:
    """A careful builder: fills its slots, blocks when an attack would hurt, attacks only when sure.

    Rules, in order: complete DRUMP if it can; summon the best wanted part (placing the one card that makes
    the sum if needed); Extra Jack a Jack into an empty slot; exchange spare parts for wanted drop-zone
    parts or fresh cards, keeping one spare as a blocker while a zone of 2+ cards needs guarding; attack
    only with a non-Ace card that clears the zone even if its hidden cards are the lowest unseen ones;
    build zones to sums of 4 to 9, keeping an Ace and one Force Card in hand. It blocks only attacks that
    would clear a zone: with a spare part always, with an Ace or a second part for a slot if the zone holds
    two or more cards. It re-attacks only when sure, with an Ace or a spare part.
    """

    name = "steady"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        t = Table(view)
        phase = view["phase"]
        if phase == "block":
            move = self._block(t, view, legal)
        elif phase == "reattack":
            move = self._reattack(t, view, legal)
        elif phase == "discard":
            move = self._discard(t, legal)
        else:
            move = self._main(t, view, legal)
        return move if move is not None else _end(legal)

    # --- own turn --------------------------------------------------------------------
    def _main(self, t: Table, view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
        for rule in (_finish, _summon, _place_to_summon, _extra_jack, _swap_to_summon):
            move = rule(t, legal)
            if move is not None:
                return move
        move = self._exchange(t, legal)
        if move is None and not view.get("attacked"):
            move = self._attack(t, legal)
        if move is None:
            move = self._build(t, legal)
        if move is None:
            move = _overflow_place(t, legal, {c for c in t.hand if c in IS_ACE})
        return move

    def _exchange(self, t: Table, legal: Sequence[Action]) -> Action | None:
        spares = t.spares()
        guard = any(len(z) >= 2 for z in t.zones)
        for i, part in enumerate(spares):
            last_blocker = guard and i == len(spares) - 1 and not any(c in IS_ACE for c in t.hand)
            move = _take_for(t, legal, part, draw_ok=not last_blocker)
            if move is not None:
                return move
        return None

    def _attack(self, t: Table, legal: Sequence[Action]) -> Action | None:
        best, key = None, None
        for a in _of(legal, "attack"):
            card = a["card"]
            if card in IS_ACE or not t.sure(a["target"], HIGH[card]):
                continue
            k = (len(t.foe_zones[a["target"]]), -VALUE[card], -t.completions(card))
            if key is None or k > key:
                best, key = a, k
        return best

    def _build(self, t: Table, legal: Sequence[Action]) -> Action | None:
        forces = [c for c in t.hand if c in IS_FORCE and c not in IS_ACE]
        if len(forces) <= 1:
            return None
        best, key = None, None
        for a in _of(legal, "place"):
            card = a["card"]
            if card in IS_ACE:
                continue
            zone = t.zones[a["zone"]]
            sums = t.sums(zone + [card])
            if not any(4 <= s <= 9 for s in sums):
                continue
            # A lone face-up card of 7+ invites an attack; lower bases and hidden additions are safer.
            exposed = not zone and VALUE[card] >= 7
            k = (not exposed, len(zone), -t.completions(card), max(s for s in sums if s <= 9))
            if key is None or k > key:
                best, key = a, k
        return best

    # --- the attack exchange -------------------------------------------------------------
    def _block(self, t: Table, view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
        attack = view["attack"]
        zone, card = attack["zone"], attack["card"]
        if not t.would_clear(zone, card):
            return None
        blocks = {a["card"]: a for a in _of(legal, "block")}
        for part in t.spares():
            if part in blocks:
                return blocks[part]
        if _zone_worth(t, zone) >= 2:
            for part in t.seconds():
                if part in blocks:
                    return blocks[part]
            aces = [c for c in t.hand if c in IS_ACE]
            jack_waiting = any(RANK[p] == "J" and t.gain(p) > 0 for p in t.hand if p in IS_PART)
            if aces and (len(aces) >= 2 or not jack_waiting):
                return blocks.get(aces[0])
        return None

    def _reattack(self, t: Table, view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
        zone = view["attack"]["zone"]
        options = {a["card"]: a for a in _of(legal, "reattack")}
        for c in t.hand:
            if c in IS_ACE and c in options and t.sure(zone, 11) and len(t.foe_zones[zone]) >= 2:
                return options[c]
        for part in t.spares():
            if part in options and t.sure(zone, VALUE[part]):
                return options[part]
        return None

    def _discard(self, t: Table, legal: Sequence[Action]) -> Action:
        def keep(card: str) -> tuple[int, int]:
            if card in IS_PART:
                g = t.gain(card)
                return (0 if g == 0 else 10 + g, 0)
            if card in IS_ACE:
                return (9, 0)
            return (2 + 3 * t.completions(card), -VALUE[card])

        return min(_of(legal, "discard"), key=lambda a: keep(a["card"]))


class BoldPlayer:
    """An aggressive tempo player: attacks and re-attacks whenever it can win the exchange, uses Aces
    aggressively, cycles its hand.

    Rules, in order: complete DRUMP if it can; exchange every spare part (for a wanted drop-zone part, else
    a fresh card) and swap a part for a drop-zone part it can summon this turn; summon, place-to-summon and
    Extra Jack; attack when at least 60% of the ways the hidden cards could be make 14, with the cheapest
    such card (an Ace counts 11), at the zone with the most cards; build zones with low and middle cards,
    keeping its best attacker. After a block it re-attacks with an Ace (unblockable) if that wins, else a
    spare or second part, else a higher Force Card that probably wins. It blocks only with spare parts (an Ace only
    for a zone of three or more cards) and discards spare parts, then its lowest Force Card.
    """

    name = "bold"
    #: The least chance of clearing a zone for which it attacks.
    NERVE = 0.6

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        t = Table(view)
        phase = view["phase"]
        if phase == "block":
            move = self._block(t, view, legal)
        elif phase == "reattack":
            move = self._reattack(t, view, legal)
        elif phase == "discard":
            move = self._discard(t, legal)
        else:
            move = self._main(t, view, legal)
        return move if move is not None else _end(legal)

    # --- own turn --------------------------------------------------------------------
    def _main(self, t: Table, view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
        move = _finish(t, legal) or self._cycle(t, legal) or _swap_to_summon(t, legal)
        move = move or _summon(t, legal) or _place_to_summon(t, legal) or _extra_jack(t, legal)
        if move is None and not view.get("attacked"):
            move = self._attack(t, legal)
        if move is None:
            move = self._build(t, legal)
        if move is None:
            move = _overflow_place(t, legal, self._attackers(t))
        return move

    def _cycle(self, t: Table, legal: Sequence[Action]) -> Action | None:
        for part in t.spares():
            move = _take_for(t, legal, part, draw_ok=True)
            if move is not None:
                return move
        return None

    def _attack(self, t: Table, legal: Sequence[Action]) -> Action | None:
        best, key = None, None
        odds: dict[tuple[int, int], float] = {}
        for a in _of(legal, "attack"):
            zone, card = a["target"], a["card"]
            worth = HIGH[card]
            if (zone, worth) not in odds:
                odds[(zone, worth)] = t.chance(zone, worth)
            p = odds[(zone, worth)]
            if p < self.NERVE:
                continue
            # Keep an Ace for the unblockable re-attack unless no other card will do.
            k = (len(t.foe_zones[zone]), card not in IS_ACE, p >= 0.95, -VALUE[card], p)
            if key is None or k > key:
                best, key = a, k
        return best

    def _attackers(self, t: Table) -> set[str]:
        """Cards kept for next turn's attack: every Ace, else the highest Force Card of 7 or more."""
        aces = {c for c in t.hand if c in IS_ACE}
        if aces:
            return aces
        forces = [c for c in t.hand if c in IS_FORCE]
        top = max(forces, key=VALUE.__getitem__, default=None)
        return {top} if top is not None and VALUE[top] >= 7 else set()

    def _build(self, t: Table, legal: Sequence[Action]) -> Action | None:
        keep = self._attackers(t)
        best, key = None, None
        for a in _of(legal, "place"):
            card = a["card"]
            if card in keep:
                continue
            zone = t.zones[a["zone"]]
            sums = t.sums(zone + [card])
            if not any(2 <= s <= 9 for s in sums):
                continue
            k = (any(4 <= s <= 9 for s in sums), len(zone), -VALUE[card])
            if key is None or k > key:
                best, key = a, k
        return best

    # --- the attack exchange -------------------------------------------------------------
    def _block(self, t: Table, view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
        attack = view["attack"]
        zone, card = attack["zone"], attack["card"]
        if not t.would_clear(zone, card):
            return None
        blocks = {a["card"]: a for a in _of(legal, "block")}
        for part in t.spares():
            if part in blocks:
                return blocks[part]
        if _zone_worth(t, zone) >= 3:
            for c in t.hand:
                if c in IS_ACE and c in blocks:
                    return blocks[c]
        return None

    def _reattack(self, t: Table, view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
        zone = view["attack"]["zone"]
        options = {a["card"]: a for a in _of(legal, "reattack")}
        for c in t.hand:
            if c in IS_ACE and c in options and t.chance(zone, 11) >= 0.95:
                return options[c]
        for part in t.spares() + t.seconds():
            if part in options and t.chance(zone, VALUE[part]) >= self.NERVE:
                return options[part]
        forces = sorted((c for c in options if c in IS_FORCE and c not in IS_ACE), key=VALUE.__getitem__)
        for c in forces:
            if t.chance(zone, VALUE[c]) >= self.NERVE:
                return options[c]
        return None

    def _discard(self, t: Table, legal: Sequence[Action]) -> Action:
        def keep(card: str) -> tuple[int, int]:
            if card in IS_PART:
                g = t.gain(card)
                return (0 if g == 0 else 20 + g, 0)
            if card in IS_ACE:
                return (19, 0)
            return (1, VALUE[card])

        return min(_of(legal, "discard"), key=lambda a: keep(a["card"]))
