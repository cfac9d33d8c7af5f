"""A full Mat Goceng state drawn from one player's view: what the hard AI searches over.

The view shows the viewer's hand, every battle line, each seat's counts, coins and
stamina, and the characters the viewer may know. ``sample`` deals the skill cards the
viewer cannot account for (the deck for this many players minus their hand and the
battle lines) at random into the other hands, the discard pile and the deck, gives each
unknown seat a character from those nobody has shown, and a fresh Rng. Only the view
and ``rng`` are read.

An open Extra Power negotiation is dealt too, so the search weighs offers, prices and
counters. The offers, their prices and counters are public; a card the viewer saw offered
is put in its helper's hand; an offer the viewer cannot see gets a card dealt from the
unseen ones that fits the battler's line (every offer must). Who declined is secret: every
other helper without an offer is dealt as still asked (at three seats there is one helper
only, so nothing is guessed there).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from bot.kernel.response_window import ResponseWindow
from bot.kernel.rng import Rng

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
    hands = {
        p["id"]: (list(hand) if p["id"] == me else _hand(offered.get(p["id"]), p["hand_count"], unseen)) for p in seats
    }
    discard = [unseen.pop() for _ in range(view["discard_count"])]
    if len(unseen) != view["deck_count"]:
        raise ValueError(f"the view does not add up: {len(unseen)} unseen cards for a deck of {view['deck_count']}")
    shown = {p["id"]: p["character"] for p in seats if p["character"] is not None}
    left = sorted(c for c in cards.characters_for(len(ids)) if c not in shown.values())
    rng.shuffle(left)
    characters = {pid: shown[pid] if pid in shown else left.pop() for pid in ids}
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


def _hand(offered: str | None, count: int, unseen: list[str]) -> list[str]:
    """A hand of ``count`` cards: the offered card, if any, and the rest dealt from ``unseen``."""
    hand = [offered] if offered is not None else []
    return hand + [unseen.pop() for _ in range(count - len(hand))]


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
