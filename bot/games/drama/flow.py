"""Setup and turn flow: hero picking, the three phases, the agenda loop, extra turns.

``advance`` runs queued engine steps until the table waits on a person: an open
window with players still to answer, a pending choice, or the turn player's
Action phase. Every ``apply`` ends by calling it, so the state handed back is
always waiting on someone (or over).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.games.drama import combat, effects, shop
from bot.games.drama.cards import BLUE_COUNT, GREEN_COUNT
from bot.games.drama.state import (
    BANK_JUTA,
    CARDS,
    KEDAI_SLOTS,
    START_HAND,
    Choice,
    DramaState,
    Player,
    Turn,
    attributes,
    draw_blue,
    draw_green,
    gain_juta,
    player,
)
from bot.games.drama.windows import close_window, open_window
from bot.kernel.contract import Event
from bot.kernel.rng import Rng


def new_state(player_ids: Sequence[int], seed: int, options: dict[str, Any]) -> DramaState:
    """Shuffle, deal the gold Air Muka card (first player), 4 Blue cards and 1 Juta each, open the Kedai."""
    rng = Rng.seeded(seed)
    state = DramaState(players=[Player(id=pid) for pid in player_ids], rng=rng, options=dict(options))
    state.blue_deck = list(range(BLUE_COUNT))
    state.green_deck = list(range(BLUE_COUNT, BLUE_COUNT + GREEN_COUNT))
    rng.shuffle(state.blue_deck)
    rng.shuffle(state.green_deck)
    gold = rng.below(len(player_ids))
    state.first = player_ids[gold]
    state.turn = Turn(player=state.first, number=0)
    sink: list[Event] = []
    for p in state.players:
        draw_blue(state, p, START_HAND, sink)
        gain_juta(state, p, 1)
    state.kedai = [draw_green(state, sink) for _ in range(KEDAI_SLOTS)]
    state.kedai_hidden = [False] * KEDAI_SLOTS
    state.pick_queue = list(player_ids[gold:]) + list(player_ids[:gold])
    if options.get("heroes") == "deal":
        keys = [h.key for h in CARDS.heroes]
        rng.shuffle(keys)
        state.dealt = {pid: keys[i] for i, pid in enumerate(state.pick_queue)}
    assert state.bank == BANK_JUTA - len(player_ids)
    return state


def pick_options(state: DramaState, pid: int) -> list[str]:
    """Hero sides ``pid`` may pick now: the dealt hero's two sides, or any side of a hero still free."""
    if state.phase != "pick" or not state.pick_queue or state.pick_queue[0] != pid:
        return []
    taken = {p.hero for p in state.players if p.hero}
    keys = [state.dealt[pid]] if pid in state.dealt else [h.key for h in CARDS.heroes if h.key not in taken]
    return [name for k in keys for name, _g in CARDS.hero(k).sides]


def pick(state: DramaState, pid: int, side_name: str, events: list[Event]) -> None:
    key, side = CARDS.side_names()[side_name]
    p = player(state, pid)
    p.hero, p.side = key, side
    state.pick_queue.pop(0)
    events.append({"type": "pick", "player": pid, "hero": side_name})
    if not state.pick_queue:
        start_play(state, events)


def start_play(state: DramaState, events: list[Event]) -> None:
    """Every hero is picked: the first turn goes to the gold card's holder, or the next player still in.

    The holder can be out already only by leaving during hero picking; the gold
    card then passes on in seat order, so ``first`` always names who began.
    """
    ids = [p.id for p in state.players]
    i = ids.index(state.first)
    state.first = next(q.id for q in state.players[i:] + state.players[:i] if q.alive)
    events.append({"type": "first_player", "player": state.first})
    begin_turn(state, state.first, events)
    advance(state, events)


def begin_turn(state: DramaState, pid: int, events: list[Event]) -> None:
    """A new turn: Kedai refills turn face up, then a window before Collecting."""
    state.turn = Turn(player=pid, number=state.turn.number + 1)
    state.phase = "collect"
    state.attack = None
    shop.open_kedai(state, events)
    events.append({"type": "turn", "player": pid, "number": state.turn.number})
    state.agenda.append({"do": "collect"})
    open_window(state, "turn_start", exclude=pid)


def collect(state: DramaState, task: dict[str, Any], events: list[Event]) -> None:
    """Before Collecting the turn player chooses: collect (and play on), or declare Dengki at once.

    The rulebook lets a player attack before the Collecting and Action phases, and then
    the turn ends with the attack, so this is a real decision (a "start" choice), asked
    after the opening window unless a Cliffhanger there skipped the turn.
    """
    t = state.turn
    p = player(state, t.player)
    if not p.alive:
        return
    if t.skipped:
        events.append({"type": "skipped", "player": p.id})
        state.agenda.append({"do": "end_turn"})
        return
    state.choice = Choice(p.id, "start")


def do_collect(state: DramaState, events: list[Event]) -> None:
    """Collecting phase: Juta and Draw by attribute, then the window at the start of the Action phase."""
    t = state.turn
    p = player(state, t.player)
    attrs = attributes(state, p)
    got = gain_juta(state, p, attrs["juta"])
    events.append({"type": "collect", "player": p.id, "juta": got})
    draw_blue(state, p, attrs["draw"], events)
    t.collected = True
    state.phase = "action"
    open_window(state, "action_start", exclude=p.id)


def end_turn(state: DramaState, task: dict[str, Any], events: list[Event]) -> None:
    """The turn is over: Pelumba Haram's extra turn first, else the next living player."""
    if state.phase == "over":
        return
    tp = state.turn.player
    state.attack = None
    events.append({"type": "turn_end", "player": tp})
    if player(state, tp).alive and state.extra_turns > 0:
        state.extra_turns -= 1
        events.append({"type": "extra_turn", "player": tp})
        begin_turn(state, tp, events)
        return
    state.extra_turns = 0
    ids = [p.id for p in state.players]
    i = ids.index(tp)
    for step in range(1, len(ids) + 1):
        nxt = state.players[(i + step) % len(ids)]
        if nxt.alive:
            begin_turn(state, nxt.id, events)
            return


TASKS: dict[str, Callable[[DramaState, dict[str, Any], list[Event]], None]] = {
    "collect": collect,
    "end_turn": end_turn,
    "resolve": effects.resolve,
    "effect": effects.run_effect,
    "attack_hits": combat.attack_hits,
    "restore_attack": combat.restore_attack,
    "hit": combat.hit,
    "lose": combat.lose,
    "place": shop.place_task,
}


def advance(state: DramaState, events: list[Event]) -> None:
    """Run engine steps until someone must decide (or the game is over)."""
    while state.phase not in ("over", "pick"):
        if state.choice is not None:
            return
        w = state.window
        if w is not None:
            if w.waiting:
                return
            close_window(state, events)
            continue
        if state.agenda:
            task = state.agenda.pop()
            TASKS[task["do"]](state, task, events)
            continue
        if state.phase == "action" and player(state, state.turn.player).alive:
            return
        state.agenda.append({"do": "end_turn"})
