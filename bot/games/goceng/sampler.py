"""A full Mat Goceng state drawn from one player's view: what the hard AI searches over.

The view shows the viewer's hand, every battle line, each seat's counts, coins and
stamina, and the characters the viewer may know. ``sample`` deals the skill cards the
viewer cannot account for (the deck for this many players minus their hand and the
battle lines) at random into the other hands, the discard pile and the deck, gives each
unknown seat a character from those nobody has shown, and a fresh Rng. Only the view
and ``rng`` are read. An open Extra Power negotiation is not dealt (who may still answer
is secret, and so are the offered cards): ``sample`` raises NotImplementedError there
and the search plays the normal choice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from bot.kernel.rng import Rng

from .cards import load_cards
from .state import Battle, GocengState, Pending


def sample(view: Mapping[str, Any], rng: Rng) -> GocengState:
    """A state consistent with ``view`` (a player's own view), hidden cards and characters dealt by ``rng``."""
    me = view["you"]
    if me is None or view["hand"] is None:
        raise ValueError("a determinization needs a player's own view")
    battle_view = view["battle"]
    if battle_view is not None and battle_view["window"] is not None:
        raise NotImplementedError("an open negotiation is not dealt")
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
    hands = {p["id"]: (list(hand) if p["id"] == me else [unseen.pop() for _ in range(p["hand_count"])]) for p in seats}
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
    battle = None
    if battle_view is not None:
        battle = Battle(
            attacker=battle_view["attacker"],
            defender=battle_view["defender"],
            holder=battle_view["holder"],
            lines=lines,
            owed={line["player"]: line["owed"] for line in battle_view["lines"]},
            asked=bool(battle_view["asked"]),
        )
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
