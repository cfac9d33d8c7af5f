"""The Kedai, Items and Members: buying, recruiting, kahwin, and putting cards into play.

Everything that makes a Green card enter or leave a player's area goes through
here, so the type limit (2 each of Accessory, Building, Vehicle, Member), the
"attributes apply at once" rule and the Kedai refill are enforced in one place.
"""

from __future__ import annotations

from typing import Any

from bot.games.drama.state import (
    CARDS,
    KEDAI_SLOTS,
    LIMIT_PER_TYPE,
    Choice,
    DramaState,
    Player,
    count_type,
    discard,
    draw_blue,
    draw_green,
    gain_juta,
    gender,
    owner_in_play,
    passive,
    pay_juta,
    player,
    remove_from_play,
)
from bot.games.drama.windows import open_window
from bot.kernel.contract import Event
from bot.kernel.i18n import N_, t, tn, translate

SLOT_LABEL = {
    "accessory": N_("ACCESSORY"),
    "building": N_("BUILDING"),
    "vehicle": N_("VEHICLE"),
    "member": N_("MEMBER"),
}


# --- prices ------------------------------------------------------------------------


def item_price(state: DramaState, p: Player, cid: int) -> int:
    own_turn_discount = state.turn.discount if state.turn.player == p.id else 0
    return max(0, CARDS.g(cid).price - passive(p, "item_discount") - own_turn_discount)


def recruit_cost(p: Player, cid: int) -> int:
    return max(0, CARDS.g(cid).recruit - passive(p, "recruit_discount"))


def kahwin_cost(p: Player, cid: int) -> int:
    return max(0, CARDS.g(cid).kahwin - passive(p, "kahwin_discount"))


# --- the type limit -------------------------------------------------------------------


def replace_options(p: Player, cid: int) -> list[int] | None:
    """The owned cards one of which must make room for ``cid``; None when there is room."""
    owned = count_type(p, CARDS.g(cid).slot)
    return owned if len(owned) >= LIMIT_PER_TYPE else None


def replace_reason(p: Player, cid: int, action: dict[str, Any]) -> str | None:
    opts = replace_options(p, cid)
    label = translate(SLOT_LABEL[CARDS.g(cid).slot])
    if opts is None:
        if "replace" in action:
            return t("You have room for another {label}; do not choose a card to replace.", label=label)
        return None
    if "replace" not in action:
        return t(
            "You already own {n} {label} cards: choose which one to replace (it goes back to your hand).",
            n=LIMIT_PER_TYPE,
            label=label,
        )
    if action["replace"] not in opts:
        return t("Choose one of your own {label} cards in play to replace.", label=label)
    return None


def with_replace(p: Player, cid: int, base: dict[str, Any]) -> list[dict[str, Any]]:
    """``base`` once, or once per card it could replace."""
    opts = replace_options(p, cid)
    if opts is None:
        return [base]
    return [dict(base, replace=r) for r in opts]


# --- entering and leaving play ----------------------------------------------------------


def immediate_attributes(state: DramaState, p: Player, cid: int, events: list[Event]) -> None:
    """A card gained on your own turn after collecting gives its Juta and Draw at once."""
    if state.turn.player != p.id or not state.turn.collected:
        return
    a = CARDS.g(cid).attrs
    got = gain_juta(state, p, a[0]) if a[0] else 0
    drew = draw_blue(state, p, a[1], events) if a[1] else 0
    if got or drew:
        events.append({"type": "at_once", "player": p.id, "card": cid, "juta": got, "draw": drew})


def put_in_play(state: DramaState, p: Player, cid: int, replace: int | None, events: list[Event]) -> None:
    """``cid`` (already taken from where it was) goes in front of ``p``; ``replace`` goes to hand."""
    if replace is not None:
        remove_from_play(p, replace)
        p.hand.append(replace)
        events.append({"type": "replaced", "player": p.id, "card": replace})
    g = CARDS.g(cid)
    (p.items if g.kind == "item" else p.members).append(cid)
    events.append({"type": "in_play", "player": p.id, "card": cid})
    if g.kind == "item":
        immediate_attributes(state, p, cid, events)


def marry(state: DramaState, p: Player, member: int, cost: int, events: list[Event]) -> None:
    pay_juta(state, p, cost)
    p.spouse = member
    events.append({"type": "kahwin", "player": p.id, "card": member, "cost": cost})
    immediate_attributes(state, p, member, events)


def take_green(state: DramaState, cid: int) -> None:
    """Lift a Green card from wherever it is (a player's area or hand, the discard pile)."""
    owner = owner_in_play(state, cid)
    if owner is not None:
        remove_from_play(owner, cid)
        return
    for p in state.players:
        if cid in p.hand:
            p.hand.remove(cid)
            return
    state.green_discard.remove(cid)


def place_task(state: DramaState, task: dict[str, Any], events: list[Event]) -> None:
    """An effect gives ``player`` a card: ask which card makes room if the type is full."""
    p = player(state, task["player"])
    cid = task["card"]
    if not p.alive:
        return
    opts = replace_options(p, cid)
    if opts is not None:
        state.choice = Choice(p.id, "to_hand", options=opts + [cid], data={"card": cid})
        return
    take_green(state, cid)
    put_in_play(state, p, cid, None, events)


def answer_to_hand(state: DramaState, p: Player, chosen: int, events: list[Event]) -> None:
    """The type limit choice: ``chosen`` goes to hand (it may be the new card itself)."""
    assert state.choice is not None
    cid = state.choice.data["card"]
    state.choice = None
    take_green(state, cid)
    if chosen == cid:
        p.hand.append(cid)
        events.append({"type": "to_hand", "player": p.id, "card": cid})
    else:
        put_in_play(state, p, cid, chosen, events)


# --- the Kedai --------------------------------------------------------------------------


def take_from_kedai(state: DramaState, slot: int, events: list[Event]) -> int:
    cid = state.kedai[slot]
    assert cid is not None
    new = draw_green(state, events)
    state.kedai[slot] = new
    state.kedai_hidden[slot] = new is not None
    return cid


def open_kedai(state: DramaState, events: list[Event]) -> None:
    """At the start of a turn face-down refills turn up, and empty slots are filled face up."""
    for i in range(KEDAI_SLOTS):
        if state.kedai[i] is None:
            state.kedai[i] = draw_green(state, events)
        state.kedai_hidden[i] = False


def kedai_reason(state: DramaState, slot: Any, kind: str) -> str | None:
    if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < KEDAI_SLOTS:
        return t("Choose a KEDAI slot from 0 to {last}.", last=KEDAI_SLOTS - 1)
    cid = state.kedai[slot]
    if cid is None:
        return t("That KEDAI slot is empty.")
    if state.kedai_hidden[slot]:
        return t("That KEDAI card is still face down; it can be bought from the next turn.")
    if CARDS.g(cid).kind != kind:
        return (
            t("That card is a MEMBER: recruit it instead.")
            if kind == "item"
            else t("That card is an ITEM: buy it instead.")
        )
    return None


def buy_reason(state: DramaState, p: Player, action: dict[str, Any]) -> str | None:
    why = kedai_reason(state, action.get("slot"), "item")
    if why:
        return why
    cid = state.kedai[action["slot"]]
    price = item_price(state, p, cid)
    if p.juta < price:
        return t("{card} costs {price} Juta and you have {juta}.", card=CARDS.name(cid), price=price, juta=p.juta)
    return replace_reason(p, cid, action)


def do_buy(state: DramaState, p: Player, action: dict[str, Any], events: list[Event]) -> None:
    slot = action["slot"]
    cid = state.kedai[slot]
    price = item_price(state, p, cid)
    pay_juta(state, p, price)
    state.turn.discount = 0
    take_from_kedai(state, slot, events)
    events.append({"type": "buy", "player": p.id, "card": cid, "price": price})
    put_in_play(state, p, cid, action.get("replace"), events)
    open_window(state, "played", exclude=p.id)


def kedai_actions(state: DramaState, p: Player) -> list[dict[str, Any]]:
    """Every legal buy and recruit, computed in one pass (the same rules as the two reasons)."""
    out: list[dict[str, Any]] = []
    discount = passive(p, "item_discount") + (state.turn.discount if state.turn.player == p.id else 0)
    cheaper_recruit = passive(p, "recruit_discount")
    for slot, cid in enumerate(state.kedai):
        if cid is None or state.kedai_hidden[slot]:
            continue
        g = CARDS.g(cid)
        if g.kind == "item":
            if p.juta < max(0, g.price - discount):
                continue
            base: dict[str, Any] = {"type": "buy", "slot": slot}
        else:
            if len(p.hand) < max(0, g.recruit - cheaper_recruit):
                continue
            base = {"type": "recruit", "slot": slot}
        out.extend(with_replace(p, cid, base))
    return out


def recruit_reason(state: DramaState, p: Player, action: dict[str, Any]) -> str | None:
    why = kedai_reason(state, action.get("slot"), "member")
    if why:
        return why
    cid = state.kedai[action["slot"]]
    need = recruit_cost(p, cid)
    if len(p.hand) < need:
        return tn(
            "Recruiting {card} costs {n} card from your hand and you hold {hand}.",
            "Recruiting {card} costs {n} cards from your hand and you hold {hand}.",
            need,
            card=CARDS.name(cid),
            hand=len(p.hand),
        )
    return replace_reason(p, cid, action)


def do_recruit(state: DramaState, p: Player, action: dict[str, Any], events: list[Event]) -> None:
    cid = state.kedai[action["slot"]]
    data = {
        "slot": action["slot"],
        "card": cid,
        "need": recruit_cost(p, cid),
        "chosen": [],
        "replace": action.get("replace"),
    }
    if data["need"] == 0:
        finish_recruit(state, p, data, events)
    else:
        state.choice = Choice(p.id, "pay", data=data)


def finish_recruit(state: DramaState, p: Player, data: dict[str, Any], events: list[Event]) -> None:
    paid = []
    for c in data["chosen"]:
        p.hand.remove(c)
        discard(state, c)
        paid.append(c)
    cid = take_from_kedai(state, data["slot"], events)
    events.append({"type": "recruit", "player": p.id, "card": cid, "paid": paid})
    put_in_play(state, p, cid, data["replace"], events)
    open_window(state, "played", exclude=p.id)


def kahwin_reason(state: DramaState, p: Player, member: Any) -> str | None:
    if member not in p.members:
        return t("You can only KAHWIN a MEMBER in front of you.")
    if p.spouse is not None:
        return t("You are already married; you cannot KAHWIN two MEMBERs.")
    if CARDS.g(member).gender == gender(p):
        return t("A MEMBER and your character must be of different genders to KAHWIN.")
    cost = kahwin_cost(p, member)
    if p.juta < cost:
        return t(
            "KAHWIN with {card} costs {cost} Juta and you have {juta}.", card=CARDS.name(member), cost=cost, juta=p.juta
        )
    return None
