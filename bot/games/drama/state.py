"""The Drama Pukul 7 match state as plain dataclasses, and the small helpers every module shares.

The state is everything needed to continue a match (and nothing derived), so
it round-trips through JSON exactly. Pending engine work is kept as data too:
``agenda`` is a last-in-first-out list of steps (resolve this effect, hit that
player, end the turn), so a step that needs a player's decision can simply stop
and the match resumes where it was after the decision, even after a restart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.games.drama.cards import ATTRS, BLUE_COUNT, CardSet, GreenDef, default_cards
from bot.kernel.contract import Event
from bot.kernel.response_window import ResponseWindow
from bot.kernel.rng import Rng

MAX_AIR_MUKA = 7
BANK_JUTA = 30
KEDAI_SLOTS = 4
START_HAND = 4
LIMIT_PER_TYPE = 2

CARDS: CardSet = default_cards()
#: Card id -> name, and whether it is a Plot Twist: looked up constantly, so kept flat.
NAMES: tuple[str, ...] = tuple(CARDS.name(c) for c in range(len(CARDS.blue) + len(CARDS.green)))
IS_PLOT_TWIST: tuple[bool, ...] = tuple(
    c < BLUE_COUNT and CARDS.blue[c].kind == "plot_twist" for c in range(len(NAMES))
)


@dataclass
class Player:
    id: int
    hero: str = ""  # hero key, "" until chosen
    side: int = 0
    air_muka: int = MAX_AIR_MUKA
    juta: int = 0
    hand: list[int] = field(default_factory=list)
    items: list[int] = field(default_factory=list)
    members: list[int] = field(default_factory=list)
    spouse: int | None = None
    alive: bool = True


@dataclass
class Turn:
    """Per-turn bookkeeping of the player whose turn it is."""

    player: int = 0
    number: int = 0
    collected: bool = False
    skipped: bool = False  # Cliffhanger in the Collecting phase: the whole turn is skipped
    silenced: bool = False  # Cliffhanger later: no more cards from hand and no attack
    actions_used: int = 0
    bonus_action: int = 0
    bonus_dengki: int = 0
    discount: int = 0
    hero_used: bool = False
    used: list[int] = field(default_factory=list)  # cards whose ability was used this turn


@dataclass
class Attack:
    attacker: int
    target: int
    strength: int
    stopped: bool = False
    #: "attack" for the turn player's declared Dengki; "card" for an effect that hits with Dengki
    #: (a Cliffhanger stops only the former, cards answering a Dengki answer both).
    source: str = "attack"


@dataclass
class Choice:
    """A decision only ``player`` can make, asked in the middle of resolving something."""

    player: int
    kind: str  # start | pay | absorb | replace | react
    options: list[int] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class DramaState:
    players: list[Player]
    rng: Rng
    options: dict[str, Any] = field(default_factory=dict)
    phase: str = "pick"  # pick | collect | action | dengki | over
    pick_queue: list[int] = field(default_factory=list)
    dealt: dict[int, str] = field(default_factory=dict)
    first: int = 0
    turn: Turn = field(default_factory=Turn)
    extra_turns: int = 0
    blue_deck: list[int] = field(default_factory=list)
    blue_discard: list[int] = field(default_factory=list)
    green_deck: list[int] = field(default_factory=list)
    green_discard: list[int] = field(default_factory=list)
    kedai: list[int | None] = field(default_factory=list)
    kedai_hidden: list[bool] = field(default_factory=list)
    bank: int = BANK_JUTA
    window: ResponseWindow | None = None
    choice: Choice | None = None
    attack: Attack | None = None
    agenda: list[dict[str, Any]] = field(default_factory=list)
    next_ref: int = 1
    eliminated: list[int] = field(default_factory=list)
    winner: int | None = None


# --- lookups -------------------------------------------------------------------


def player(state: DramaState, pid: int) -> Player:
    for p in state.players:
        if p.id == pid:
            return p
    raise KeyError(pid)


def alive_ids(state: DramaState) -> list[int]:
    return [p.id for p in state.players if p.alive]


def others(state: DramaState, pid: int) -> list[Player]:
    """Living players other than ``pid``, in seat order starting after ``pid``."""
    ids = [p.id for p in state.players]
    i = ids.index(pid)
    order = state.players[i + 1 :] + state.players[:i]
    return [p for p in order if p.alive]


def gender(p: Player) -> str:
    return CARDS.hero(p.hero).sides[p.side][1] if p.hero else ""


def hero_name(p: Player) -> str:
    return CARDS.hero(p.hero).sides[p.side][0] if p.hero else "(no hero yet)"


def in_play(p: Player) -> list[int]:
    return p.items + p.members


def active_cards(p: Player) -> list[int]:
    """Cards whose attributes and abilities count: Items, and the spouse."""
    return p.items + ([p.spouse] if p.spouse is not None else [])


def attributes(state: DramaState, p: Player) -> dict[str, int]:
    """Juta, Draw, Action, Dengki: 1 each from the hero, plus Items, the spouse and this turn's bonuses.

    Spelled out per attribute: every view and every Action count asks for it, at every move of the hard
    AI's playouts."""
    juta = draw = action = dengki = 1
    for cid in active_cards(p):
        a = CARDS.g(cid).attrs
        juta += a[0]
        draw += a[1]
        action += a[2]
        dengki += a[3]
    if state.turn.player == p.id and state.phase != "pick":
        action += state.turn.bonus_action
        dengki += state.turn.bonus_dengki
    return {ATTRS[0]: juta, ATTRS[1]: draw, ATTRS[2]: action, ATTRS[3]: dengki}


def passive(p: Player, kind: str) -> int:
    """Total of one passive effect over the player's Items and spouse."""
    total = 0
    for cid in active_cards(p):
        ab = CARDS.g(cid).ability
        if ab.kind == "passive":
            total += ab.amount(kind)
    return total


def actions_left(state: DramaState) -> int:
    p = player(state, state.turn.player)
    return max(0, attributes(state, p)["action"] - state.turn.actions_used)


def count_type(p: Player, slot: str) -> list[int]:
    """The player's cards in play of one limited type (accessory, building, vehicle, member)."""
    if slot == "member":
        return list(p.members)
    return [c for c in p.items if CARDS.g(c).slot == slot]


def green(cid: int) -> GreenDef:
    return CARDS.g(cid)


# --- moving cards and Juta --------------------------------------------------------


def discard(state: DramaState, cid: int) -> None:
    """A card leaves play or hand for its own deck's discard pile."""
    (state.blue_discard if cid < BLUE_COUNT else state.green_discard).append(cid)


def draw_blue(state: DramaState, p: Player, n: int, events: list[Event]) -> int:
    """Draw up to ``n`` Blue cards, reshuffling the discard pile when the deck runs out."""
    drawn: list[int] = []
    for _ in range(n):
        if not state.blue_deck:
            if not state.blue_discard:
                break
            state.blue_deck = state.blue_discard
            state.blue_discard = []
            state.rng.shuffle(state.blue_deck)
            events.append({"type": "reshuffle", "deck": "blue", "size": len(state.blue_deck)})
        drawn.append(state.blue_deck.pop())
    p.hand.extend(drawn)
    if drawn:
        events.append({"type": "draw", "player": p.id, "count": len(drawn)})
        events.append({"type": "drew", "player": p.id, "cards": drawn, "visible_to": [p.id]})
    return len(drawn)


def draw_green(state: DramaState, events: list[Event]) -> int | None:
    if not state.green_deck:
        if not state.green_discard:
            return None
        state.green_deck = state.green_discard
        state.green_discard = []
        state.rng.shuffle(state.green_deck)
        events.append({"type": "reshuffle", "deck": "green", "size": len(state.green_deck)})
    return state.green_deck.pop()


def gain_juta(state: DramaState, p: Player, n: int) -> int:
    got = max(0, min(n, state.bank))
    state.bank -= got
    p.juta += got
    return got


def pay_juta(state: DramaState, p: Player, n: int) -> None:
    p.juta -= n
    state.bank += n


def remove_from_play(p: Player, cid: int) -> None:
    if cid in p.items:
        p.items.remove(cid)
    elif cid in p.members:
        p.members.remove(cid)
        if p.spouse == cid:
            p.spouse = None


def owner_in_play(state: DramaState, cid: int) -> Player | None:
    for p in state.players:
        if cid in p.items or cid in p.members:
            return p
    return None


def new_ref(state: DramaState) -> int:
    state.next_ref += 1
    return state.next_ref
