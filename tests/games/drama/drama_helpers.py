"""Helpers for the Drama Pukul 7 tests: build arranged states and check invariants."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.games.drama.cards import BLUE_COUNT, GREEN_COUNT
from bot.games.drama.state import CARDS, DramaState, player
from bot.kernel.module import get_game

GAME = get_game("drama")
P1, P2, P3, P4 = 1001, 1002, 1003, 1004
EVERY_CARD = frozenset(range(BLUE_COUNT + GREEN_COUNT))
HERO_KEYS = frozenset(h.key for h in CARDS.heroes)


def card_id(name: str, skip: Iterable[int] = ()) -> int:
    """The first card id with this name (not in ``skip``)."""
    skip = set(skip)
    for cid in range(BLUE_COUNT + GREEN_COUNT):
        if CARDS.name(cid) == name and cid not in skip:
            return cid
    raise KeyError(name)


def card_ids(name: str) -> list[int]:
    return [c for c in range(BLUE_COUNT + GREEN_COUNT) if CARDS.name(c) == name]


def _lift(state: DramaState, cid: int) -> None:
    """Remove a card from wherever it is (for arranging a scenario)."""
    for lst in (state.blue_deck, state.blue_discard, state.green_deck, state.green_discard):
        if cid in lst:
            lst.remove(cid)
            return
    for i, c in enumerate(state.kedai):
        if c == cid:
            state.kedai[i] = None
            return
    for p in state.players:
        for lst in (p.hand, p.items, p.members):
            if cid in lst:
                lst.remove(cid)
                if p.spouse == cid:
                    p.spouse = None
                return
    raise AssertionError(f"card {cid} is nowhere")


def give(state: DramaState, pid: int, *names: str, where: str = "hand") -> list[int]:
    """Move cards by name to a player's hand / items / members (first copy not already there)."""
    p = player(state, pid)
    out = []
    for name in names:
        target = {"hand": p.hand, "items": p.items, "members": p.members}[where]
        held = {c for q in state.players for c in q.hand + q.items + q.members}
        copies = [c for c in card_ids(name) if c not in target]
        cid = next((c for c in copies if c not in held), copies[0])
        _lift(state, cid)
        target.append(cid)
        out.append(cid)
    return out


def to_discard(state: DramaState, name: str) -> int:
    cid = card_id(name)
    _lift(state, cid)
    (state.blue_discard if cid < BLUE_COUNT else state.green_discard).append(cid)
    return cid


def set_kedai(state: DramaState, slot: int, name: str) -> int:
    old = state.kedai[slot]
    cid = card_id(name)
    _lift(state, cid)
    if old is not None:
        state.green_deck.append(old)
    state.kedai[slot] = cid
    state.kedai_hidden[slot] = False
    return cid


def clear_hand(state: DramaState, pid: int) -> None:
    p = player(state, pid)
    for c in list(p.hand):
        p.hand.remove(c)
        (state.blue_deck if c < BLUE_COUNT else state.green_deck).insert(0, c)


def stack_blue(state: DramaState, *names: str) -> list[int]:
    """Put these Blue cards on top of the Deck Biru, the first name drawn first."""
    out = []
    for name in names:
        cid = next(c for c in card_ids(name) if c not in out)
        _lift(state, cid)
        out.append(cid)
    for cid in reversed(out):
        state.blue_deck.append(cid)
    return out


def new(n: int = 2, seed: int = 1, heroes: list[str] | None = None) -> DramaState:
    """A game past hero picking, waiting at the first turn's opening window (or later)."""
    ids = [P1, P2, P3, P4, 1005, 1006][:n]
    s = GAME.rules.new_game(ids, seed)
    names = heroes or ["Ryan Kaya-Raya", "Inspektor Wang", "Ustazah Salmah", "Datin Rozita", "Mat Rempit", "Cikgu Zura"]
    for _ in ids:
        pid = s.pick_queue[0]
        GAME.rules.apply(s, pid, {"type": "pick_hero", "hero": names[ids.index(pid)]})
    return s


def arrange_turn(state: DramaState, pid: int, hand_keep: bool = True) -> None:
    """Make it ``pid``'s Action phase with nothing pending (bypassing the opening windows)."""
    state.window = None
    state.choice = None
    state.agenda = []
    state.attack = None
    state.phase = "action"
    state.turn.player = pid
    state.turn.collected = True
    state.turn.skipped = state.turn.silenced = False
    state.turn.actions_used = 0
    state.turn.bonus_action = state.turn.bonus_dengki = state.turn.discount = 0
    state.turn.hero_used = False
    state.turn.used = []


def pass_all(state: DramaState, limit: int = 50) -> list[dict]:
    """Everyone in the open window passes until it closes (and any new ones too, up to ``limit``);
    a turn player asked to collect or attack at once collects (the usual choice)."""
    events: list[dict] = []
    for _ in range(limit):
        if state.choice is not None and state.choice.kind == "start" and state.window is None:
            events += GAME.rules.apply(state, state.choice.player, {"type": "collect"})
            continue
        if state.window is None or state.phase == "over" or state.choice is not None:
            return events
        pid = state.window.waiting[0]
        events += GAME.rules.apply(state, pid, {"type": "pass"})
    raise AssertionError("windows kept opening")


def pass_window(state: DramaState) -> None:
    """Everyone passes in the current window only."""
    w = state.window
    assert w is not None
    for pid in list(w.waiting):
        GAME.rules.apply(state, pid, {"type": "pass"})


def total_juta(state: DramaState) -> int:
    return state.bank + sum(p.juta for p in state.players)


def all_cards(state: DramaState) -> list[int]:
    cards = state.blue_deck + state.blue_discard + state.green_deck + state.green_discard
    cards += [c for c in state.kedai if c is not None]
    for p in state.players:
        cards += p.hand + p.items + p.members
    return cards


def check_accounting(state: DramaState) -> None:
    """The invariants checked at every step of every playout, written to be cheap so no step is skipped.

    Every card once: the 8 hero cards (each seat's hero a different one of the 8, and the one
    dealt to that seat when heroes are dealt), the 64 Blue and 40 Green cards each in exactly one
    place; all 30 Juta; Air Muka in 0..7, and 0 exactly for a player who is out.
    """
    cards = state.blue_deck + state.blue_discard + state.green_deck + state.green_discard
    cards += [c for c in state.kedai if c is not None]
    juta = state.bank
    heroes = set()
    seated = 0
    dealt = state.dealt
    for p in state.players:
        cards += p.hand
        cards += p.items
        cards += p.members
        juta += p.juta
        assert 0 <= p.air_muka <= 7 and p.juta >= 0, (p.id, p.air_muka, p.juta)
        assert (p.air_muka == 0) != p.alive, (p.id, p.air_muka, p.alive)
        if p.hero:
            heroes.add(p.hero)
            seated += 1
            assert not dealt or dealt[p.id] == p.hero, "a hero other than the one dealt"
    assert len(cards) == BLUE_COUNT + GREEN_COUNT and set(cards) == EVERY_CARD, "a card is lost or duplicated"
    assert len(heroes) == seated and heroes <= HERO_KEYS, "a hero card is lost or duplicated"
    assert len(set(dealt.values())) == len(dealt), "a hero card dealt twice"
    assert juta == 30, "Juta are not all accounted for"


def check_invariants(state: DramaState) -> None:
    cards = all_cards(state)
    assert sorted(cards) == list(range(BLUE_COUNT + GREEN_COUNT)), "a card is lost or duplicated"
    assert total_juta(state) == 30, "Juta are not all accounted for"
    heroes = [p.hero for p in state.players if p.hero]
    assert len(heroes) == len(set(heroes))
    assert all(h in {x.key for x in CARDS.heroes} for h in heroes)
    for p in state.players:
        assert 0 <= p.air_muka <= 7
        assert p.juta >= 0
        assert (p.air_muka == 0) == (not p.alive)
        assert p.spouse is None or p.spouse in p.members
        assert all(CARDS.g(c).kind == "item" for c in p.items)
        assert all(CARDS.g(c).kind == "member" for c in p.members)
        for slot in ("accessory", "building", "vehicle"):
            assert sum(CARDS.g(c).slot == slot for c in p.items) <= 2
        assert len(p.members) <= 2
        if not p.alive:
            assert not (p.hand or p.items or p.members) and p.juta == 0
    assert all(c >= BLUE_COUNT for c in state.green_deck + state.green_discard)
    assert all(c < BLUE_COUNT for c in state.blue_deck + state.blue_discard)


def public_cards(state: DramaState) -> set[int]:
    """Cards anyone may see: in play, face-up Kedai, discard piles, and the cards a pending choice names."""
    vis = set(state.blue_discard) | set(state.green_discard)
    vis.update(c for c, hidden in zip(state.kedai, state.kedai_hidden, strict=True) if c is not None and not hidden)
    for p in state.players:
        vis.update(p.items)
        vis.update(p.members)
    if state.choice is not None:
        vis.update(state.choice.options)
        if isinstance(state.choice.data.get("card"), int):
            vis.add(state.choice.data["card"])
    return vis


def ids_in(obj: Any) -> set[int]:
    """Every card id a view mentions under an 'id', 'card', 'pick' or 'chosen' key.

    Player ids in the tests are 1001 and up, outside the card id range, so they are skipped.
    Walks with an explicit stack: it runs on every view at every step of the full playouts.
    """
    out: set[int] = set()
    limit = BLUE_COUNT + GREEN_COUNT
    stack = [obj]
    while stack:
        x = stack.pop()
        if type(x) is dict:
            for k, v in x.items():
                t = type(v)
                if t is int:
                    if k in _CARD_KEYS and 0 <= v < limit:
                        out.add(v)
                elif k == "chosen" and t is list:
                    out.update(v)
                elif t is dict or t is list:
                    stack.append(v)
        elif type(x) is list:
            stack.extend(y for y in x if type(y) is dict or type(y) is list)
    return out


_CARD_KEYS = frozenset(("id", "card", "pick"))


def collect(state: DramaState) -> list[dict]:
    """The turn player, asked to collect or attack at once, collects."""
    assert state.choice is not None and state.choice.kind == "start", state.choice
    return GAME.rules.apply(state, state.choice.player, {"type": "collect"})
