"""Dengki and Air Muka: attacks, Members absorbing, reactive abilities, elimination.

The order is the ruled one: passive reductions, then unmarried Members (the
defender picks which absorbs next when it matters; each that absorbs is
discarded), then the spouse (absorbs and stays), then the hero. Before the
hero loses Air Muka on someone else's turn the defender may use a reactive
ability (Klinik Kampung Ubi); that is an ability put into play, so a window
opens and it can be cancelled like any other.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from bot.games.drama.state import (
    CARDS,
    Attack,
    Choice,
    DramaState,
    Player,
    active_cards,
    alive_ids,
    attributes,
    discard,
    new_ref,
    passive,
    player,
    remove_from_play,
)
from bot.games.drama.windows import open_window
from bot.kernel.contract import Event


def declare_attack(state: DramaState, p: Player, target: int, events: list[Event]) -> None:
    """Dengki is declared: a window opens before it lands, and the turn ends after it."""
    strength = attributes(state, p)["dengki"]
    state.attack = Attack(p.id, target, strength)
    state.phase = "dengki"
    events.append({"type": "attack", "player": p.id, "target": target, "strength": strength})
    state.agenda.append({"do": "end_turn"})
    state.agenda.append({"do": "attack_hits"})
    open_window(state, "dengki", exclude=p.id)


def aim_dengki(state: DramaState, source: int, target: int, strength: int, events: list[Event]) -> None:
    """A card's "hits with N DENGKI" is a Dengki aimed at ``target`` (RULINGS): a window opens
    for the cards that answer a Dengki, then it lands and Members absorb as for an attack.

    A Dengki already pending (the turn's attack) is put aside and restored after this one.
    """
    if state.attack is not None:
        state.agenda.append({"do": "restore_attack", "attack": asdict(state.attack)})
    state.attack = Attack(source, target, strength, source="card")
    state.agenda.append({"do": "attack_hits"})
    open_window(state, "dengki", exclude=source)


def restore_attack(state: DramaState, task: dict[str, Any], events: list[Event]) -> None:
    state.attack = Attack(**task["attack"])


def attack_hits(state: DramaState, task: dict[str, Any], events: list[Event]) -> None:
    a = state.attack
    state.attack = None
    if a is None:
        return
    alive = alive_ids(state)
    if a.stopped or a.attacker not in alive or a.target not in alive or a.strength <= 0:
        events.append({"type": "attack_off", "player": a.attacker, "target": a.target})
        return
    state.agenda.append({"do": "hit", "target": a.target, "amount": a.strength, "source": a.attacker})


def _unmarried(t: Player) -> list[int]:
    return [m for m in t.members if m != t.spouse]


def absorb_choice_needed(t: Player, amount: int) -> bool:
    """Order matters only when some, not all, of two or more unmarried Members will be used up."""
    um = _unmarried(t)
    return len(um) > 1 and sum(CARDS.g(m).air_muka for m in um) > amount


def hit(state: DramaState, task: dict[str, Any], events: list[Event]) -> None:
    """Dengki of some strength reaches ``target``: shields first, then the hero."""
    t = player(state, task["target"])
    if not t.alive:
        return
    amount = task["amount"]
    if not task.get("reduced"):
        cut = min(amount, passive(t, "dengki_reduce"))
        if cut:
            events.append({"type": "dengki_reduced", "player": t.id, "amount": cut})
        amount -= cut
        task = dict(task, amount=amount, reduced=True)
    while amount > 0 and _unmarried(t):
        if absorb_choice_needed(t, amount):
            state.choice = Choice(t.id, "absorb", options=_unmarried(t), data={"task": dict(task, amount=amount)})
            return
        amount = absorb(state, t, _unmarried(t)[0], amount, events)
    if amount > 0 and t.spouse is not None:
        took = min(amount, CARDS.g(t.spouse).air_muka)
        amount -= took
        events.append({"type": "shield", "player": t.id, "card": t.spouse, "amount": took, "spouse": True})
    if amount > 0:
        queue_loss(state, t.id, amount)


def absorb(state: DramaState, t: Player, member: int, amount: int, events: list[Event]) -> int:
    """An unmarried Member takes up to its Air Muka of the Dengki and is discarded."""
    took = min(amount, CARDS.g(member).air_muka)
    remove_from_play(t, member)
    discard(state, member)
    events.append({"type": "shield", "player": t.id, "card": member, "amount": took, "spouse": False})
    return amount - took


def answer_absorb(state: DramaState, t: Player, member: int, events: list[Event]) -> None:
    assert state.choice is not None
    task = state.choice.data["task"]
    state.choice = None
    rest = absorb(state, t, member, task["amount"], events)
    state.agenda.append(dict(task, amount=rest))


def queue_loss(state: DramaState, pid: int, amount: int) -> None:
    state.agenda.append({"do": "lose", "player": pid, "amount": amount, "ref": new_ref(state), "declined": False})


def reactive_options(state: DramaState, t: Player) -> list[int]:
    """Reactive abilities ``t`` could use now: not on their own turn, once per turn, cost affordable."""
    if state.turn.player == t.id:
        return []
    out = []
    for cid in active_cards(t):
        ab = CARDS.g(cid).ability
        if ab.kind != "reactive" or cid in state.turn.used:
            continue
        if t.juta < ab.cost.juta or len(t.hand) < ab.cost.discard:
            continue
        out.append(cid)
    return out


def lose(state: DramaState, task: dict[str, Any], events: list[Event]) -> None:
    """The hero is about to lose Air Muka: offer reactive abilities first, then apply."""
    t = player(state, task["player"])
    if not t.alive:
        return
    amount = task["amount"]
    if amount <= 0:
        events.append({"type": "no_loss", "player": t.id})
        return
    if not task["declined"] and reactive_options(state, t):
        state.choice = Choice(t.id, "react", options=reactive_options(state, t), data={"task": task})
        return
    lost = min(amount, t.air_muka)
    t.air_muka -= lost
    events.append({"type": "air_muka", "player": t.id, "amount": -lost, "air_muka": t.air_muka})
    if t.air_muka == 0:
        eliminate(state, t, events)


def answer_react(state: DramaState, t: Player, cid: int | None, pay_card: int | None, events: list[Event]) -> None:
    """Use reactive ability ``cid`` (paying its cost now) or decline (``cid`` None)."""
    assert state.choice is not None
    task = state.choice.data["task"]
    state.choice = None
    if cid is None:
        state.agenda.append(dict(task, declined=True))
        return
    ab = CARDS.g(cid).ability
    t.juta -= ab.cost.juta
    state.bank += ab.cost.juta
    if pay_card is not None:
        t.hand.remove(pay_card)
        discard(state, pay_card)
    if ab.cost.discard_self:
        remove_from_play(t, cid)
        discard(state, cid)
    state.turn.used.append(cid)
    state.agenda.append(task)
    events.append({"type": "ability", "player": t.id, "card": cid, "paid": pay_card})
    entry = {"player": t.id, "cls": "ability", "card": cid, "hero": "", "ref": task["ref"]}
    open_window(state, "played", exclude=t.id, base=entry)


def change_loss(state: DramaState, ref: int, reduce_by: int | None, events: list[Event]) -> None:
    """A reactive effect resolves: prevent (``reduce_by`` None) or lessen the pending loss ``ref``."""
    for task in reversed(state.agenda):
        if task.get("do") == "lose" and task.get("ref") == ref:
            before = task["amount"]
            task["amount"] = 0 if reduce_by is None else max(0, before - reduce_by)
            events.append({"type": "loss_changed", "player": task["player"], "amount": task["amount"] - before})
            return


def eliminate(state: DramaState, t: Player, events: list[Event], reason: str = "air_muka") -> None:
    """Out at 0 Air Muka: hand and cards in play to the discard piles, Juta back to the Bank.

    A player who leaves the match is taken out by this same step (``reason`` "left"),
    so a leaver's hero and a knocked-out one can never be treated differently.
    """
    t.alive = False
    t.air_muka = 0
    for c in t.hand + t.items + t.members:
        discard(state, c)
    t.hand, t.items, t.members, t.spouse = [], [], [], None
    state.bank += t.juta
    t.juta = 0
    state.eliminated.append(t.id)
    events.append(
        {"type": "eliminated", "player": t.id}
        if reason == "air_muka"
        else {"type": "eliminated", "player": t.id, "reason": reason}
    )
    alive = alive_ids(state)
    if len(alive) <= 1:
        state.phase = "over"
        state.winner = alive[0] if alive else None
        state.agenda.clear()
        state.window = None
        state.choice = None
        state.attack = None
        events.append({"type": "game_over", "winner": state.winner})
