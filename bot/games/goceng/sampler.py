"""A full Mat Goceng state drawn from one player's view: what the hard AI searches over.

The view shows the viewer's hand, every battle line, each seat's counts, coins and
stamina, and the characters the viewer may know. ``sample`` deals the skill cards the
viewer cannot account for (the deck for this many players minus their hand and the
battle lines) at random into the other hands, the discard pile and the deck, gives each
unknown seat a character from those nobody has shown, and a fresh Rng. Only the view
and ``rng`` are read. At three seats the hidden characters are not dealt evenly: each way
of dealing them is weighed by how well it explains what the view shows of those players'
play (``TELLS``: coins, stamina, a fight taken or paid off, whom a challenger went for
first, the price of an offer), as the normal policy plays each character.

The hidden hands are dealt at random too, but not against what their owners' own choices this turn
showed, as the normal policy makes them (``hand_rules``): a battler asking for Extra Power holds no card
that fits their line, a defender who fought though they could pay holds a long run, and a player who paid
to stay out of a fight a short one. Such a hand is redrawn until it fits (``REDRAWS`` at most).

An open Extra Power negotiation is dealt too, so the search weighs offers, prices and
counters. The offers, their prices and counters are public; a card the viewer saw offered
is put in its helper's hand; an offer the viewer cannot see gets a card dealt from the
unseen ones that fits the battler's line (every offer must). Who declined is secret: every
other helper without an offer is dealt as still asked (at three seats there is one helper
only, so nothing is guessed there).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping
from functools import lru_cache
from itertools import permutations
from typing import Any

from bot.kernel.response_window import ResponseWindow
from bot.kernel.rng import Rng

from .ai import DECISIVE_RUN, LONG_GAME, fight_threshold, run_of
from .cards import load_cards
from .flow import fits
from .state import Battle, GocengState, Pending


def sample(view: Mapping[str, Any], rng: Rng) -> GocengState:
    """A state consistent with ``view`` (a player's own view), hidden cards and characters dealt by ``rng``."""
    me = view["you"]
    if me is None or view["hand"] is None:
        raise ValueError("a determinization needs a player's own view")
    battle_view = view["battle"]
    cards = load_cards()
    seats = view["players"]
    ids = [p["id"] for p in seats]
    used, aside = cards.deck_for(len(ids))
    pool = Counter(used)
    hand = [c["id"] for c in view["hand"]]
    pool.subtract(hand)
    lines: dict[int, list[str]] = {}
    if battle_view is not None:
        for line in battle_view["lines"]:
            lines[line["player"]] = [c["id"] for c in line["cards"]]
            pool.subtract(lines[line["player"]])
    if any(n < 0 for n in pool.values()):
        raise ValueError("the view holds cards the deck does not")
    unseen = sorted(pool.elements())
    rng.shuffle(unseen)
    battle = _battle(battle_view, lines) if battle_view is not None else None
    window_view = battle_view["window"] if battle_view is not None else None
    offered: dict[int, str] = {}
    if battle is not None and window_view is not None:
        offered = _offered_cards(window_view, battle, me, unseen)
    characters = _characters(view, cards.characters_for(len(ids)), rng)
    rules = hand_rules(view, battle, characters)
    hands: dict[int, list[str]] = {me: list(hand)}
    for p in sorted(seats, key=lambda p: p["id"] not in rules):  # the hands with a rule first
        if p["id"] != me:
            hands[p["id"]] = _hand(offered.get(p["id"]), p["hand_count"], unseen, rules.get(p["id"]), rng)
    hands = {pid: hands[pid] for pid in ids}
    discard = [unseen.pop() for _ in range(view["discard_count"])]
    if len(unseen) != view["deck_count"]:
        raise ValueError(f"the view does not add up: {len(unseen)} unseen cards for a deck of {view['deck_count']}")
    shown = {p["id"]: p["character"] for p in seats if p["character"] is not None}
    revealed = [p["id"] for p in seats if p["revealed"]]
    seen: dict[int, list[int]] = {pid: [] for pid in ids}
    seen[me] = [pid for pid in shown if pid != me and pid not in revealed]
    if battle is not None and window_view is not None:
        battle.window = _window(window_view, battle, me, ids, offered)
    pending = None
    if view["pending"] is not None:
        pending = Pending(
            kind=view["pending"]["kind"],
            player=view["pending"]["player"],
            candidates=list(view["pending"]["candidates"]),
        )
    return GocengState(
        players=ids,
        seed=0,
        rng=Rng.seeded(rng.next64()),
        characters=characters,
        stamina={p["id"]: p["stamina"] for p in seats},
        coins={p["id"]: p["coins"] for p in seats},
        hands=hands,
        deck=unseen,
        discard=discard,
        set_aside=list(aside),
        revealed=revealed,
        seen=seen,
        phase=view["phase"],
        active=view["active"],
        challenged=list(view["challenged"]),
        target=view["target"],
        battle=battle,
        pending=pending,
        turn=view["turn"],
    )


#: How a character's play shows on the table when it is played by the normal policy (which hard's opponents
#: play and its playouts assume): per character, the weight of each of a hidden player's ``tells`` in a
#: conditional logit over who is whom, by player count. Fitted on 3,000 seeded normal-only games. The rich
#: (Nyi Kencleng) hoard coins, fight rather than pay, are fought more (so have less stamina) and sell help at
#: the full share; the protector (Mat Goceng) asks a low price for help; the hunter pays to stay out of a fight.
TELLS: dict[int, dict[str, tuple[float, ...]]] = {
    3: {
        "mat_goceng": (-0.109, 0.244, -0.036, -0.353, 0.166, -0.1, -1.848, 0.767, 0.0, -1.658, 0.542),
        "nyi_kencleng": (0.162, -0.353, 0.053, 0.619, -0.35, 0.126, 0.765, -0.213, 0.513, 0.0, -0.542),
        "rijkaard_cere": (-0.053, 0.109, -0.017, -0.266, 0.184, -0.026, 1.084, -0.554, -0.513, 1.658, 0.0),
    },
}
#: The weights are applied this many times over: a search that leans harder on the likelier deal than the fit's
#: odds say wins more against normal (hard vs normal, 100 ms a move, seeds 1-100: 59% with characters dealt
#: evenly, 70% with the true ones; with the first eight tells 62% at 1, 66% at 2, 64% at 4; with all 67% at 2,
#: 65% at 3).
SHARPEN = 2.0


def tells(view: Mapping[str, Any]) -> dict[int, tuple[float, ...]]:
    """What the view shows of each player's play, for ``TELLS``: silver above the table's mean (within 8),
    stamina, hand size; whether they fought the current battle's challenge though they could pay; whether they
    paid to stay out of a fight this turn; whether, as the challenger, they picked a target who could pay; the
    price of their open Extra Power offer as a share of what the battler holds; whether they have one; then, for
    each character in play (by name), whether as the challenger they challenged first the player shown to be
    that character (1), someone else though that player was there to challenge (-1), or neither (0)."""
    players = view["players"]
    first = view["challenged"][0] if view["challenged"] else None
    revealed = {p["character"]: p["id"] for p in players if p["revealed"]}
    in_play = sorted(load_cards().characters_for(len(players)))
    coins = {p["id"]: p["coins"] for p in players}
    mean = sum(coins.values()) / len(players)
    battle = view["battle"]
    current = answering(view)
    paid = paid_this_turn(view)
    fought = fought_though_could_pay(view)
    offers: dict[int, float] = {}
    if battle is not None and battle["window"] is not None:
        can_pay = max(1, coins[battle["window"]["battler"]])
        offers = {o["player"]: o["price"] / can_pay for o in battle["window"]["offers"]}
    out: dict[int, tuple[float, ...]] = {}
    for p in players:
        pid = p["id"]
        out[pid] = (
            max(-8, min(8, round(p["coins"] - mean))),
            p["stamina"],
            p["hand_count"],
            int(pid == fought),
            int(pid in paid),
            int(pid == view["active"] and current is not None and coins[current] >= 2),
            round(offers.get(pid, 0.0), 1),
            int(pid in offers),
            *(_first_challenge(pid, view["active"], first, revealed.get(c)) for c in in_play),
        )
    return out


def answering(view: Mapping[str, Any]) -> int | None:
    """The challenged player now answering or fighting the challenge, if any."""
    battle = view["battle"]
    return view["target"] if view["target"] is not None else (battle["defender"] if battle is not None else None)


def paid_this_turn(view: Mapping[str, Any]) -> set[int]:
    """The players who paid to stay out of a fight this turn: everyone challenged but the one now answering
    or fighting (a battle ends the turn)."""
    current = answering(view)
    return {p for p in view["challenged"] if p != current}


def fought_though_could_pay(view: Mapping[str, Any]) -> int | None:
    """The defender of the current battle if they chose to fight though they could pay, and the game is not so
    long that normal fights every challenge (then a fight tells nothing); else None."""
    battle = view["battle"]
    if battle is None or view["turn"] > LONG_GAME:
        return None
    defender = next(p for p in view["players"] if p["id"] == battle["defender"])
    return defender["id"] if defender["coins"] >= 2 else None


def _first_challenge(player: int, active: int, first: int | None, shown: int | None) -> int:
    """1 if ``player``, the challenger, challenged ``shown`` first this turn; -1 if it challenged another first
    though ``shown`` (someone else) was there; 0 if it is not the challenger or nothing shows."""
    if player != active or first is None or shown is None or shown == player:
        return 0
    return 1 if first == shown else -1


def _characters(view: Mapping[str, Any], in_play: list[str], rng: Rng) -> dict[int, str]:
    """Every seat's character: the one the view shows, else one of those nobody has shown, drawn by how likely
    each way of dealing them makes what the view shows of the hidden players' play (``TELLS``; evenly where no
    weights are fitted for this player count)."""
    seats = view["players"]
    shown = {p["id"]: p["character"] for p in seats if p["character"] is not None}
    left = sorted(c for c in in_play if c not in shown.values())
    hidden = [p["id"] for p in seats if p["character"] is None]
    if len(seats) not in TELLS or len(hidden) < 2:
        rng.shuffle(left)
        return {p["id"]: shown[p["id"]] if p["id"] in shown else left.pop() for p in seats}
    shows = tells(view)
    deals, weights = _deal_weights(len(seats), tuple(left), tuple(shows[pid] for pid in hidden))
    pick = rng.random() * weights[-1]
    deal = deals[next(i for i, w in enumerate(weights) if w > pick)]
    out = dict(shown)
    out.update(zip(hidden, deal, strict=True))
    return {p["id"]: out[p["id"]] for p in seats}


@lru_cache(maxsize=4096)
def _deal_weights(
    count: int, left: tuple[str, ...], shows: tuple[tuple[float, ...], ...]
) -> tuple[list[tuple[str, ...]], list[float]]:
    """Every way of dealing ``left`` to the hidden players (in seat order) and the running total of their
    weights: exp of the sum of each character's ``TELLS`` weights times its player's tells."""
    weights = TELLS[count]
    deals = list(permutations(left))
    scores = [
        sum(sum(w * x for w, x in zip(weights[c], f, strict=True)) for c, f in zip(deal, shows, strict=True))
        for deal in deals
    ]
    scores = [SHARPEN * score for score in scores]
    top = max(scores)
    running, total = [], 0.0
    for score in scores:
        total += math.exp(score - top)
        running.append(total)
    return deals, running


def _battle(battle_view: Mapping[str, Any], lines: dict[int, list[str]]) -> Battle:
    """The battle as the view shows it (its window, if open, is dealt by :func:`_window`)."""
    return Battle(
        attacker=battle_view["attacker"],
        defender=battle_view["defender"],
        holder=battle_view["holder"],
        lines=lines,
        owed={line["player"]: line["owed"] for line in battle_view["lines"]},
        asked=bool(battle_view["asked"]),
    )


def _offered_cards(window_view: Mapping[str, Any], battle: Battle, me: int, unseen: list[str]) -> dict[int, str]:
    """Each offer's card: the one shown when the viewer may see it, else a card dealt from ``unseen`` that
    fits the battler's line. Either way it is taken out of ``unseen``: it is in its helper's hand."""
    out: dict[int, str] = {}
    for offer in window_view["offers"]:
        helper = offer["player"]
        if helper == me:
            continue  # the viewer's own card is in the viewer's hand already
        if offer["card"] is not None:
            card = offer["card"]["id"]
        else:
            card = next((c for c in unseen if fits(battle, battle.holder, c)), None)
            if card is None:
                raise ValueError("no unseen card fits the battler's line, yet an offer stands")
        unseen.remove(card)
        out[helper] = card
    return out


#: A hidden hand that breaks its owner's rule (``hand_rules``) is redrawn at most this many times; the last
#: draw stands even if it breaks it (a hand only a few cards could make is still dealt fast).
REDRAWS = 30

#: A rule a hidden hand must keep: true of the card ids it may be dealt.
HandRule = Callable[[list[str]], bool]


def hand_rules(view: Mapping[str, Any], battle: Battle | None, characters: Mapping[int, str]) -> dict[int, HandRule]:
    """What hidden players' own choices this turn say of their hands, as the normal policy makes them.

    * A battler asking for Extra Power holds no card that fits their line: normal asks only then.
    * A defender who fought though they could pay (and the game is not stuck) holds, with the cards they have
      laid since, a run of at least what their character fights with (``fight_threshold``, one fewer for
      the non-rich, whom a hunt may make bolder; ``DECISIVE_RUN`` at 1 stamina).
    * A player who paid to stay out of a fight this turn holds a shorter run than their character fights
      with. At 1 stamina, or against a challenger at 1, paying says nothing: normal pays there anyway.

    Dealt characters decide the thresholds, so each deal's hands fit its characters. The rules hold for the
    real hand at 99% of the decisions of seeded normal games (a Tapak Bayangan may take a laid card away)."""
    me = view["you"]
    players = {p["id"]: p for p in view["players"]}
    rules: dict[int, list[HandRule]] = {}
    window = view["battle"]["window"] if view["battle"] is not None else None
    if battle is not None and window is not None and window["battler"] != me:
        battler = window["battler"]
        rules.setdefault(battler, []).append(_fits_nothing(battle, battler))
    fought = fought_though_could_pay(view)
    if battle is not None and fought is not None and fought != me:
        defender = players[fought]
        character = characters[fought]
        if defender["stamina"] == 1:
            least = DECISIVE_RUN
        else:
            least = fight_threshold(character, defender["stamina"], keen=True)
        laid = list(battle.lines[fought])
        rules.setdefault(fought, []).append(_run_at_least(least, laid))
    if view["turn"] <= LONG_GAME and players[view["active"]]["stamina"] > 1:
        for pid in paid_this_turn(view):
            if pid != me and players[pid]["stamina"] > 1:
                most = fight_threshold(characters[pid], players[pid]["stamina"])
                rules.setdefault(pid, []).append(_run_below(most))
    return {pid: _every(held) for pid, held in rules.items()}


def _fits_nothing(battle: Battle, battler: int) -> HandRule:
    return lambda hand: not any(fits(battle, battler, card) for card in hand)


def _run_at_least(least: int, laid: list[str]) -> HandRule:
    return lambda hand: run_of(hand + laid) >= least


def _run_below(most: int) -> HandRule:
    return lambda hand: run_of(hand) < most


def _every(rules: list[HandRule]) -> HandRule:
    return lambda hand: all(rule(hand) for rule in rules)


def _hand(offered: str | None, count: int, unseen: list[str], rule: HandRule | None, rng: Rng) -> list[str]:
    """A hand of ``count`` cards: the offered card, if any, and the rest dealt from ``unseen`` (shuffled), redrawn
    from all of ``unseen`` while it breaks ``rule`` (``REDRAWS`` at most)."""
    hand = [offered] if offered is not None else []
    wanted = count - len(hand)
    if rule is None or wanted <= 0 or wanted > len(unseen):
        return hand + [unseen.pop() for _ in range(wanted)]
    for _ in range(REDRAWS):
        picks = rng.sample(range(len(unseen)), wanted)
        if rule(hand + [unseen[i] for i in picks]):
            break
    dealt = hand + [unseen[i] for i in picks]
    for i in sorted(picks, reverse=True):
        del unseen[i]
    return dealt


def _window(
    window_view: Mapping[str, Any], battle: Battle, me: int, ids: list[int], offered: dict[int, str]
) -> ResponseWindow:
    """The open Extra Power window, from what the view shows of it (see the module docstring)."""
    holder = battle.holder
    at = ids.index(holder)
    helpers = [p for p in ids[at + 1 :] + ids[:at] if p not in (battle.attacker, battle.defender)]
    stack = [
        {
            "player": o["player"],
            "card": o["card"]["id"] if o["player"] == me else offered[o["player"]],
            "price": o["price"],
            "counter": o["counter"],
            "refused": o["refused"],
        }
        for o in window_view["offers"]
    ]
    with_offer = {o["player"] for o in stack}
    waiting = [p for p in helpers if p not in with_offer and (p != me or window_view["you_may_answer"])]
    answered = [p for p in helpers if p not in waiting]
    final = [o["player"] for o in window_view["offers"] if o["final"]]
    context = {"battler": holder, "final": final, "round": 0}
    return ResponseWindow(kind="extra_power", waiting=waiting, answered=answered, stack=stack, context=context)
