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

Only the moments whose whole state the view rebuilds are dealt: a hero pick (heroes
dealt: the seats still to pick get heroes nobody has shown), the turn player's own
Action phase (play, buy, recruit, KAHWIN, abilities, attack, end the turn), the choice
to collect or attack at once, and paying for a recruit. A Plot Twist window, a pending
hit or a reactive choice carries a step stack and secret parts (who may still answer)
the view does not show: ``sample`` raises NotImplementedError there and the search
plays the normal choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.drama.cards import BLUE_COUNT, GREEN_COUNT
from bot.games.drama.state import CARDS, NAMES, Attack, Choice, DramaState, Player, Turn, attributes, player
from bot.kernel.rng import Rng

#: The choices a sample can rebuild (their whole data is in the chooser's own view).
DEALT_CHOICES = ("start", "pay")


def _moment(view: Mapping[str, Any]) -> None:
    """Raise NotImplementedError unless ``view`` is a moment this module deals (see the module doc)."""
    viewer, choice = view["viewer"], view["choice"]
    if view["phase"] == "pick" and view["pick"]["queue"][:1] == [viewer]:
        return
    if view["phase"] not in ("collect", "action") or view["window"] is not None:
        raise NotImplementedError("only the turn player's own decisions outside a window are dealt")
    if choice is not None:
        if choice["player"] != viewer or choice["kind"] not in DEALT_CHOICES:
            raise NotImplementedError(f"a {choice['kind']!r} choice is not dealt")
    elif view["phase"] != "action" or view["turn"]["player"] != viewer:
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
    for i, p in enumerate(seats):
        p.hand.append(greens[i] if i < len(greens) else blues.pop())
    for p in players:
        p.hand.sort()
    discard = [blues.pop() for _ in range(view["blue_discard"] - len(top))] + top
    if len(blues) != view["blue_deck"]:
        raise ValueError(f"the view does not add up: {len(blues)} hidden Blue cards for a deck of {view['blue_deck']}")
    return blues, discard, green_deck


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
    choice = view["choice"]
    if choice is not None and choice["kind"] == "start":
        state.choice = Choice(viewer, "start")
    elif choice is not None:
        state.choice = Choice(
            viewer,
            "pay",
            data={
                "slot": choice["slot"],
                "card": choice["card"],
                "need": choice["need"],
                "chosen": list(choice["chosen"]),
                "replace": choice["replace"],
            },
        )
    return state


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
