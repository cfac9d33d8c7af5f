"""A full Drama Pukul 7 state drawn from one player's view: what the hard AI searches over.

The view shows every seat's hero, Air Muka, Juta, Items and Members, the viewer's
hand, the face-up Kedai, the Green discard pile and the top of the Blue one, and the
counts of everything else. ``sample`` deals the cards the viewer cannot account for:
the Blue cards not in their hand (less the one on top of the discard pile) and the
Green cards nowhere in sight go at random into the other hands, the face-down Kedai
slots, the Blue discard pile under its top card and the two decks. How many hidden
Green cards sit in other hands follows from the counts (a Green card comes back to
hand when a type is full), so they are dealt there first, at random seats. The state
gets a fresh Rng from ``rng`` (the real one would tell the future shuffles). Only the
view and ``rng`` are read.

Every decision of a seat during play is dealt: the turn player's own Action phase, the
choice to collect or attack at once, paying for a recruit, a Plot Twist window the seat
may answer, and the seat's own choices in the middle of a hit (which Member absorbs, a
reactive ability, which card makes room). A hero pick can be dealt too (heroes dealt:
the seats still to pick get heroes nobody has shown) but is left to normal unless
``SEARCH_HERO_PICKS`` is set (a whole-game decision the search cannot judge in 100 ms).

The engine's pending steps (``agenda``), the window's entries and a choice's
interrupted step are consequences of public moves, so the view shows them
(``view.public_agenda``) and they are copied. Who else may still answer a window is
not shown (it would tell who holds a Plot Twist): the viewer is asked exactly when
their view says so, and another seat is taken to be still asked when the rules would
ask it (``windows.eligible``: not the one who played last, cards in hand, an Action if
it is their turn) and its dealt hand has a Plot Twist it could play now; a seat with
none would have been passed for at once. That is exact for the viewer, and at two
seats for everyone (the other seat is the one who played last); with more seats one
who already passed holding a Plot Twist is asked again.

The other hands' Blue cards are not dealt uniformly but by ``RIVAL_HAND_WEIGHT``:
players keep their answers and spend their Episodes, so a rival's hand is richer in
some cards than the deck. ``sample`` raises NotImplementedError when the view is not
the viewer's own decision (or a hero pick, see above), or shows a step kind it does
not know.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from bot.games.drama.cards import BLUE_COUNT, GREEN_COUNT
from bot.games.drama.legal import legal_actions
from bot.games.drama.state import CARDS, NAMES, Attack, Choice, DramaState, Player, Turn, attributes, player
from bot.games.drama.view import STEP_KEYS
from bot.games.drama.windows import eligible
from bot.kernel.response_window import ResponseWindow
from bot.kernel.rng import Rng

#: How much likelier each Blue card is in a rival's hand than among the other cards the viewer cannot see:
#: players keep answers for rivals' turns and play their Episodes, so a rival's hand is rich in Plot Twists
#: that answer a Dengki or a card and poor in ones spent at once. Measured over 1000 two-seat games of normal
#: (a card's share of the rivals' hands over its share of all hidden Blue cards, at every decision): a prior
#: learned from normal's play, used for every rival; 1 for a card not listed (say, one added to cards.toml).
RIVAL_HAND_WEIGHT: dict[str, float] = {
    "Kahwin Lari": 1.84,
    "Sebenarnya Semua Hanyalah Mimpi": 1.64,
    "Cerai Talak Tiga": 1.58,
    "Jelaskan Di Social Media": 1.58,
    "Pengsan Tiba-Tiba": 1.56,
    "Gangster Tapi Hati Baik": 1.38,
    "Rupanya Kembar!": 1.33,
    "Tampar Depan Orang Ramai": 1.15,
    "Menang Cabutan Bertuah": 1.00,
    "Rampas Harta Pusaka": 0.99,
    "Dapat Duit Raya": 0.98,
    "Aku Sebenarnya Polis": 0.97,
    "Jumpa Bomoh": 0.94,
    "Balik Kampung": 0.80,
    "Minta Sedekah Raya": 0.79,
    "Jualan Murah Tengah Malam": 0.73,
    "Pelumba Haram": 0.69,
    "Gosip Kak Limah": 0.68,
    "Tiba-Tiba Rajin": 0.65,
    "Saksi Palsu": 0.63,
    "Cliffhanger": 0.61,
    "Dendam Kesumat": 0.61,
    "Anak Luar Nikah Muncul": 0.47,
    "Kena Pukau": 0.44,
    "Anak Tiri Kaki Curi": 0.36,
    "Hutang Keliling Pinggang": 0.25,
}
#: Whether hero picks are dealt (and so searched). A hero is a whole-game decision: at the bot's 100 ms a move
#: the search gets about five deals a side for it, and the best of a dozen sides on five noisy games beats
#: normal's fixed preference by luck alone. Measured over 100 two-seat games against normal: 65 wins with
#: picks searched, 70 without. Worth turning on only with a much larger budget.
SEARCH_HERO_PICKS = False
#: The agenda step kinds a sample can copy (``view.STEP_KEYS`` shows them whole).
KNOWN_STEPS = frozenset(STEP_KEYS)
_HERO_BY_SIDE = {name: (h.key, i) for h in CARDS.heroes for i, (name, _g) in enumerate(h.sides)}
_ABILITY = " ABILITY"


def _moment(view: Mapping[str, Any]) -> None:
    """Raise NotImplementedError unless ``view`` is the viewer's own decision (see the module doc)."""
    viewer, choice, window = view["viewer"], view["choice"], view["window"]
    if view["phase"] == "pick":
        if not SEARCH_HERO_PICKS:
            raise NotImplementedError("a hero pick is left to normal's preference (see SEARCH_HERO_PICKS)")
        if view["pick"]["queue"][:1] == [viewer]:
            return
    if view["phase"] not in ("collect", "action", "dengki"):
        raise NotImplementedError("only decisions during a turn are dealt")
    unknown = {s["do"] for s in view["agenda"]} - KNOWN_STEPS
    if unknown:
        raise NotImplementedError(f"agenda steps {sorted(unknown)} are not shown whole")
    if choice is not None:
        if choice["player"] != viewer:
            raise NotImplementedError("another seat's choice is not the viewer's decision")
    elif window is not None:
        if not window["you_may_answer"]:
            raise NotImplementedError("a window the viewer may not answer is not their decision")
    elif view["phase"] != "action" or view["turn"]["player"] != viewer or view["agenda"]:
        raise NotImplementedError("only the turn player's Action phase is dealt")


def _side(hero_key: str, name: str) -> int:
    return next(i for i, (side, _g) in enumerate(CARDS.hero(hero_key).sides) if side == name)


def _player(seat: Mapping[str, Any]) -> Player:
    members = [m["id"] for m in seat["members"]]
    spouse = next((m["id"] for m in seat["members"] if m["married"]), None)
    key = seat["hero_key"] or ""
    return Player(
        id=seat["id"],
        hero=key,
        side=_side(key, seat["hero"]) if key else 0,
        air_muka=seat["air_muka"],
        juta=seat["juta"],
        items=[c["id"] for c in seat["items"]],
        members=members,
        spouse=spouse,
        alive=bool(seat["alive"]),
    )


def _deal(view: Mapping[str, Any], players: list[Player], rng: Rng) -> tuple[list[int], list[int], list[int]]:
    """Fill the other hands and the face-down Kedai; return (blue deck, blue discard, green deck)."""
    viewer = view["viewer"]
    mine = [c["id"] for c in view["hand"]]
    seen_green = set(mine)
    seen_green.update(c["id"] for s in view["players"] for c in s["items"] + s["members"])
    seen_green.update(c["id"] for c in view["green_discard"])
    seen_green.update(s["card"]["id"] for s in view["kedai"] if s["card"] is not None)
    greens = [c for c in range(BLUE_COUNT, BLUE_COUNT + GREEN_COUNT) if c not in seen_green]
    blues = [c for c in range(BLUE_COUNT) if c not in mine]
    top: list[int] = []
    if view["blue_discard"]:
        named = [c for c in blues if NAMES[c] == view["blue_discard_top"]]
        if not named:
            raise ValueError("the view's Blue discard top is a card the viewer holds")
        top = [named[rng.below(len(named))]]
        blues.remove(top[0])
    rng.shuffle(blues)
    rng.shuffle(greens)
    kedai_hidden = sum(1 for s in view["kedai"] if s["face_down"])
    green_deck = [greens.pop() for _ in range(view["green_deck"] + kedai_hidden)]
    seats = [p for p in players if p.id != viewer for _ in range(_count(view, p.id))]
    if len(greens) > len(seats):
        raise ValueError(
            f"the view does not add up: {len(greens)} hidden Green cards for {len(seats)} hidden hand cards"
        )
    rng.shuffle(seats)
    held = _rival_blues(blues, len(seats) - len(greens), rng)
    for i, p in enumerate(seats):
        p.hand.append(greens[i] if i < len(greens) else held[i - len(greens)])
    for p in players:
        p.hand.sort()
    discard = [blues.pop() for _ in range(view["blue_discard"] - len(top))] + top
    if len(blues) != view["blue_deck"]:
        raise ValueError(f"the view does not add up: {len(blues)} hidden Blue cards for a deck of {view['blue_deck']}")
    return blues, discard, green_deck


def _rival_blues(blues: list[int], k: int, rng: Rng) -> list[int]:
    """Take ``k`` of ``blues`` for the other hands, each by its ``RIVAL_HAND_WEIGHT``; the rest stay shuffled.

    Weighted sampling without replacement (Efraimidis and Spirakis: the ``k`` largest ``u ** (1 / w)``).
    """
    keys = {c: rng.random() ** (1.0 / RIVAL_HAND_WEIGHT.get(NAMES[c], 1.0)) for c in blues}
    order = sorted(blues, key=lambda c: keys[c], reverse=True)
    held, rest = order[:k], order[k:]
    rng.shuffle(rest)
    blues[:] = rest
    return held


def _count(view: Mapping[str, Any], pid: int) -> int:
    count: int = next(s["hand_count"] for s in view["players"] if s["id"] == pid)
    return count


def sample(view: Mapping[str, Any], rng: Rng) -> DramaState:
    """A state consistent with ``view`` (a player's own view), hidden cards dealt by ``rng``."""
    viewer = view["viewer"]
    if viewer is None or all(s["id"] != viewer for s in view["players"]):
        raise ValueError("a determinization needs a player's own view")
    _moment(view)
    players = [_player(seat) for seat in view["players"]]
    player_of = {p.id: p for p in players}
    player_of[viewer].hand = sorted(c["id"] for c in view["hand"])
    blue_deck, blue_discard, green_deck = _deal(view, players, rng)
    kedai_hidden = [bool(s["face_down"]) for s in view["kedai"]]
    kedai = [
        s["card"]["id"] if s["card"] is not None else (green_deck.pop() if s["face_down"] else None)
        for s in view["kedai"]
    ]
    tv = view["turn"]
    turn = Turn(
        player=tv["player"],
        number=tv["number"],
        collected=bool(tv["collected"]),
        skipped=bool(tv["skipped"]),
        silenced=bool(tv["silenced"]),
        actions_used=tv["actions_used"],
        discount=tv["discount"],
        hero_used=bool(tv["hero_used"]),
        used=list(tv["used"]),
    )
    state = DramaState(
        players=players,
        rng=Rng.seeded(rng.next64()),
        options={},
        phase=view["phase"],
        first=view["first_player"],
        turn=turn,
        extra_turns=view["extra_turns"],
        blue_deck=blue_deck,
        blue_discard=blue_discard,
        green_deck=green_deck,
        green_discard=[c["id"] for c in view["green_discard"]],
        kedai=kedai,
        kedai_hidden=kedai_hidden,
        bank=view["bank"],
        eliminated=list(view["eliminated"]),
        winner=view["winner"],
    )
    if state.phase == "pick":
        _picks(view, state, rng)
        return state
    _bonuses(view, state)
    attack = view["attack"]
    if attack is not None:
        state.attack = Attack(
            attacker=attack["attacker"],
            target=attack["target"],
            strength=attack["strength"],
            stopped=bool(attack["stopped"]),
            source=attack["source"],
        )
    state.agenda = copy.deepcopy(list(view["agenda"]))
    state.choice = _choice(view)
    state.next_ref = _last_ref(view) + 1
    if view["window"] is not None:
        state.window = _window(view, state)
    return state


def _choice(view: Mapping[str, Any]) -> Choice | None:
    """The viewer's own pending choice, rebuilt from what their view shows of it."""
    c = view["choice"]
    if c is None:
        return None
    kind = c["kind"]
    if kind == "start":
        return Choice(c["player"], "start")
    if kind == "pay":
        data = {k: c[k] for k in ("slot", "card", "need", "replace")}
        return Choice(c["player"], "pay", data=dict(data, chosen=list(c["chosen"])))
    options = [o["id"] for o in c["options"]]
    if kind == "to_hand":
        return Choice(c["player"], kind, options=options, data={"card": c["card"]})
    return Choice(c["player"], kind, options=options, data={"task": copy.deepcopy(c["task"])})


def _last_ref(view: Mapping[str, Any]) -> int:
    """The largest reference number in sight, so fresh ones (windows, losses) do not collide with them."""
    refs = [0]
    for step in view["agenda"]:
        refs += [step.get("ref", 0), step.get("entry", {}).get("ref", 0)]
    if view["window"] is not None:
        refs += [e.get("ref", 0) for e in view["window"]["stack"]]
    if view["choice"] is not None and "task" in view["choice"]:
        refs.append(view["choice"]["task"].get("ref", 0))
    return max(refs)


def _raw_entry(e: Mapping[str, Any]) -> dict[str, Any]:
    """A window entry as the engine keeps it, from its view (the hero and side from the ABILITY's name)."""
    out: dict[str, Any] = {"player": e["player"], "cls": e["class"], "card": e["card"], "hero": ""}
    if e.get("hero"):
        out["hero"], out["side"] = _HERO_BY_SIDE[e["name"][: -len(_ABILITY)]]
    for k in ("target", "pick", "entry", "ref"):
        if k in e:
            out[k] = e[k]
    if e.get("void"):
        out["void"] = True
    return out


def _window(view: Mapping[str, Any], state: DramaState) -> ResponseWindow:
    """The open window: its entries, and who is still asked (see the module doc: exact for the viewer only)."""
    w = view["window"]
    viewer = view["viewer"]
    stack = [_raw_entry(e) for e in w["stack"]]
    if stack:
        last = stack[-1]["player"]  # whoever played last is not asked again
    elif w["kind"] == "dengki" and view["attack"] is not None:
        last = view["attack"]["attacker"]
    else:
        last = state.turn.player
    asked = eligible(state, exclude=last)
    window = ResponseWindow(kind=w["kind"], waiting=list(asked), stack=stack, context={"round": state.next_ref})
    state.next_ref += 1
    state.window = window
    keep = [pid for pid in asked if pid != viewer and len(legal_actions(state, pid)) > 1]
    window.waiting = [pid for pid in asked if pid in keep or (pid == viewer and w["you_may_answer"])]
    if w["you_may_answer"] and viewer not in window.waiting:
        window.waiting.append(viewer)  # never expected: the viewer's own eligibility is public
    window.answered = [pid for pid in asked if pid not in window.waiting]
    return window


def _picks(view: Mapping[str, Any], state: DramaState, rng: Rng) -> None:
    """Hero picking: the queue, the table option, and (heroes dealt) a hero for each seat still to pick."""
    pick = view["pick"]
    state.pick_queue = list(pick["queue"])
    state.options = {"heroes": pick["mode"]}
    if pick["mode"] != "deal":
        return
    mine = next(h.key for h in CARDS.heroes if h.sides[0][0] == pick["dealt"])
    state.dealt = {p.id: p.hero for p in state.players if p.hero}
    state.dealt[view["viewer"]] = mine
    left = sorted(h.key for h in CARDS.heroes if h.key not in state.dealt.values())
    rng.shuffle(left)
    for pid in state.pick_queue:
        if pid not in state.dealt:
            state.dealt[pid] = left.pop()


def _bonuses(view: Mapping[str, Any], state: DramaState) -> None:
    """This turn's extra ACTION and Dengki: the turn player's shown attributes less what their cards give."""
    seat = next((s for s in view["players"] if s["id"] == state.turn.player), None)
    if seat is None or seat["attributes"] is None:
        return
    base = attributes(state, player(state, state.turn.player))
    state.turn.bonus_action = seat["attributes"]["action"] - base["action"]
    state.turn.bonus_dengki = seat["attributes"]["dengki"] - base["dengki"]
