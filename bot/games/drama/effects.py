"""Card effects: their conditions, the choices they need, and what they do when they resolve.

One vocabulary serves Episodes, Plot Twists and active or reactive abilities,
so a community editing cards.toml can recombine effects freely; the loader
only lets through kinds that this module implements (a test checks both lists
agree). Targets are chosen by the player when the card is played, and checked
again when it resolves, because earlier responses may have changed the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any

from bot.games.drama import combat, shop
from bot.games.drama.cards import PARAMS, SECOND_PARAM, Condition, Effect
from bot.games.drama.state import (
    CARDS,
    MAX_AIR_MUKA,
    NAMES,
    DramaState,
    Player,
    discard,
    draw_blue,
    gain_juta,
    gender,
    others,
    player,
)
from bot.games.drama.windows import cancellable, entry_effects, entry_name, projected_target
from bot.kernel.contract import Event
from bot.kernel.i18n import N_, t, translate

# --- conditions ------------------------------------------------------------------


def condition_reason(state: DramaState, pid: int, cond: Condition) -> str | None:
    """None when the printed condition holds for ``pid`` now, else why not (shown to the player)."""
    p = player(state, pid)
    k = cond.kind
    if k == "others_turn":
        return None if state.turn.player != pid else t("This card can only be played on another player's turn.")
    if k == "dengki_target":
        return (
            None if projected_target(state) == pid else t("This card can only be played when DENGKI is aimed at you.")
        )
    if k == "member_in_discard":
        return (
            None
            if any(CARDS.g(c).kind == "member" for c in state.green_discard)
            else t("There is no MEMBER in the Deck Hijau discard pile.")
        )
    if k == "other_has_item":
        return None if any(o.items for o in others(state, pid)) else t("No other player has an ITEM.")
    if k == "other_married":
        return None if any(o.spouse is not None for o in others(state, pid)) else t("No other player is married.")
    if k == "no_spouse":
        return None if p.spouse is None else t("You are already married.")
    if k == "air_muka_at_most":
        return (
            None if p.air_muka <= cond.value else t("You need {value} AIR MUKA or less to do this.", value=cond.value)
        )
    raise AssertionError(f"unknown condition {k}")  # the loader rejects unknown conditions


def conditions_reason(state: DramaState, pid: int, conds: Iterable[Condition]) -> str | None:
    for c in conds:
        why = condition_reason(state, pid, c)
        if why:
            return why
    return None


# --- parameters (targets chosen at play time) ------------------------------------

_TARGET_NEEDS: dict[str, tuple[Callable[[Player], bool], str]] = {
    "take_juta": (lambda o: o.juta > 0, N_("That player has no Juta.")),
    "discard_random": (lambda o: bool(o.hand), N_("That player has no cards in hand.")),
    "steal_random_card": (lambda o: bool(o.hand), N_("That player has no cards in hand.")),
    "discard_spouse": (lambda o: o.spouse is not None, N_("That player is not married.")),
    "steal_item": (lambda o: bool(o.items), N_("That player has no ITEM.")),
}


def param_keys(effects: tuple[Effect, ...]) -> list[str]:
    """The action parameters these effects need, in the order a player decides them."""
    return list(_param_keys(effects))


@cache
def _param_keys(effects: tuple[Effect, ...]) -> tuple[str, ...]:
    keys = {PARAMS.get(e.kind) for e in effects} | {SECOND_PARAM.get(e.kind) for e in effects}
    return tuple(k for k in ("target", "pick", "entry") if k in keys)


def target_reason(state: DramaState, pid: int, effects: tuple[Effect, ...], tid: Any) -> str | None:
    target = next((o for o in others(state, pid) if o.id == tid), None)
    if target is None:
        return t("Choose another player who is still in the game as the target.")
    for e in effects:
        need = _TARGET_NEEDS.get(e.kind)
        if need and not need[0](target):
            return translate(need[1])
    return None


def valid_targets(state: DramaState, pid: int, effects: tuple[Effect, ...]) -> list[int]:
    return [o.id for o in others(state, pid) if target_reason(state, pid, effects, o.id) is None]


def _unique(cards: Iterable[int]) -> list[int]:
    """One card per name (the lowest id): identical copies are the same choice."""
    seen: dict[str, int] = {}
    for c in sorted(cards):
        seen.setdefault(NAMES[c], c)
    return list(seen.values())


def pick_pool(state: DramaState, pid: int, effects: tuple[Effect, ...], target: int | None) -> list[int]:
    """Every card the ``pick`` parameter may name."""
    p = player(state, pid)
    for e in effects:
        if e.kind == "steal_item":
            return list(player(state, target).items) if target is not None else []
        if e.kind == "revive_member":
            return [c for c in state.green_discard if CARDS.g(c).kind == "member"]
        if e.kind == "free_kahwin":
            if p.spouse is not None:
                return []
            return [m for m in p.members if CARDS.g(m).gender != gender(p)]
    return []


def entry_pool(state: DramaState, pid: int, effects: tuple[Effect, ...]) -> list[int]:
    for e in effects:
        if e.kind == "cancel":
            return cancellable(state, pid, e.cancels)
    return []


def combos(state: DramaState, pid: int, effects: tuple[Effect, ...]) -> list[dict[str, int]]:
    """Every valid parameter set, in a stable order (empty list: nothing to aim at)."""
    keys = param_keys(effects)
    targets: Sequence[int | None] = valid_targets(state, pid, effects) if "target" in keys else [None]
    out: list[dict[str, int]] = []
    for target in targets:
        picks: Sequence[int | None] = (
            list(_unique(pick_pool(state, pid, effects, target))) if "pick" in keys else [None]
        )
        for k in picks:
            entries: Sequence[int | None] = entry_pool(state, pid, effects) if "entry" in keys else [None]
            for en in entries:
                d: dict[str, int] = {}
                for key, val in (("target", target), ("pick", k), ("entry", en)):
                    if val is not None:
                        d[key] = val
                out.append(d)
    return out


def params_reason(state: DramaState, pid: int, effects: tuple[Effect, ...], action: dict[str, Any]) -> str | None:
    """Why the chosen targets are not valid (None when they are)."""
    keys = param_keys(effects)
    if "target" in keys:
        why = target_reason(state, pid, effects, action.get("target"))
        if why:
            return why
    if "pick" in keys and action.get("pick") not in pick_pool(state, pid, effects, action.get("target")):
        return t("That card cannot be chosen for this effect.")
    if "entry" in keys and action.get("entry") not in entry_pool(state, pid, effects):
        return t("There is no card or ability of that kind by another player to cancel there.")
    return None


# --- resolution ---------------------------------------------------------------------


def resolve(state: DramaState, task: dict[str, Any], events: list[Event]) -> None:
    """A stack entry takes effect: queue its effects in printed order."""
    e = task["entry"]
    if not player(state, e["player"]).alive:
        events.append({"type": "fizzle", "player": e["player"], "name": entry_name(e)})
        return
    effects = entry_effects(e)
    events.append({"type": "resolve", "player": e["player"], "name": entry_name(e)})
    for i in range(len(effects) - 1, -1, -1):
        state.agenda.append({"do": "effect", "entry": e, "i": i})


def run_effect(state: DramaState, task: dict[str, Any], events: list[Event]) -> None:
    entry = task["entry"]
    eff = entry_effects(entry)[task["i"]]
    p = player(state, entry["player"])
    if not p.alive:
        return
    HANDLERS[eff.kind](state, p, eff, entry, events)


def _ev(events: list[Event], p: Player, eff: Effect, **kw: Any) -> None:
    events.append({"type": "effect", "kind": eff.kind, "player": p.id, **kw})


def _fizzle(events: list[Event], p: Player, entry: dict[str, Any], why: str) -> None:
    events.append({"type": "fizzle", "player": p.id, "name": entry_name(entry), "why": why})


def _target(state: DramaState, entry: dict[str, Any]) -> Player | None:
    t = player(state, entry["target"])
    return t if t.alive else None


#: What an effect does: (state, the player whose card or ability it is, the effect, the stack entry, events).
Handler = Callable[[DramaState, Player, Effect, dict[str, Any], list[Event]], None]


def _gain(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    _ev(events, p, eff, amount=gain_juta(state, p, eff.amount))


def _draw(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    _ev(events, p, eff, amount=draw_blue(state, p, eff.amount, events))


def _heal(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    before = p.air_muka
    p.air_muka = min(MAX_AIR_MUKA, p.air_muka + eff.amount)
    _ev(events, p, eff, amount=p.air_muka - before, air_muka=p.air_muka)


def _turn_bonus(field_name: str) -> Handler:
    def handler(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
        if state.turn.player != p.id:
            return _fizzle(events, p, entry, N_("it only works on your own turn"))
        setattr(state.turn, field_name, getattr(state.turn, field_name) + eff.amount)
        _ev(events, p, eff, amount=eff.amount)

    return handler


def _extra_turn(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    if state.turn.player != p.id:
        return _fizzle(events, p, entry, N_("it only works on your own turn"))
    state.extra_turns += 1
    _ev(events, p, eff)


def _all_pay(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    total = 0
    for o in others(state, p.id):
        n = min(o.juta, eff.amount)
        o.juta -= n
        p.juta += n
        total += n
    _ev(events, p, eff, amount=total)


def _dengki(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    t = _target(state, entry)
    if t is None:
        return _fizzle(events, p, entry, N_("the target is out of the game"))
    _ev(events, p, eff, target=t.id, amount=eff.amount)
    combat.aim_dengki(state, p.id, t.id, eff.amount, events)


def _lose(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    t = _target(state, entry)
    if t is None:
        return _fizzle(events, p, entry, N_("the target is out of the game"))
    _ev(events, p, eff, target=t.id, amount=eff.amount)
    combat.queue_loss(state, t.id, eff.amount)


def _take_juta(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    t = _target(state, entry)
    if t is None:
        return _fizzle(events, p, entry, N_("the target is out of the game"))
    n = min(t.juta, eff.amount)
    t.juta -= n
    p.juta += n
    _ev(events, p, eff, target=t.id, amount=n)


def _discard_random(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    t = _target(state, entry)
    if t is None:
        return _fizzle(events, p, entry, N_("the target is out of the game"))
    gone = []
    for _ in range(min(eff.amount, len(t.hand))):
        c = t.hand.pop(state.rng.below(len(t.hand)))
        discard(state, c)
        gone.append(CARDS.name(c))
    _ev(events, p, eff, target=t.id, cards=gone)


def _steal_random(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    t = _target(state, entry)
    if t is None:
        return _fizzle(events, p, entry, N_("the target is out of the game"))
    got = []
    for _ in range(min(eff.amount, len(t.hand))):
        got.append(t.hand.pop(state.rng.below(len(t.hand))))
    p.hand.extend(got)
    _ev(events, p, eff, target=t.id, amount=len(got))
    if got:
        events.append({"type": "stolen", "player": p.id, "target": t.id, "cards": got, "visible_to": [p.id, t.id]})


def _discard_spouse(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    t = _target(state, entry)
    if t is None or t.spouse is None:
        return _fizzle(events, p, entry, N_("the target is not married"))
    s = t.spouse
    t.members.remove(s)
    t.spouse = None
    discard(state, s)
    _ev(events, p, eff, target=t.id, card=s)


def _steal_item(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    t = _target(state, entry)
    if t is None or entry.get("pick") not in t.items:
        return _fizzle(events, p, entry, N_("that ITEM is no longer there"))
    _ev(events, p, eff, target=t.id, card=entry["pick"])
    state.agenda.append({"do": "place", "player": p.id, "card": entry["pick"]})


def _revive(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    if entry.get("pick") not in state.green_discard:
        return _fizzle(events, p, entry, N_("that MEMBER is no longer in the discard pile"))
    _ev(events, p, eff, card=entry["pick"])
    state.agenda.append({"do": "place", "player": p.id, "card": entry["pick"]})


def _free_kahwin(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    m = entry.get("pick")
    if p.spouse is not None or m not in p.members or CARDS.g(m).gender == gender(p):
        return _fizzle(events, p, entry, N_("that MEMBER can no longer be married"))
    shop.marry(state, p, m, 0, events)


def _skip_turn(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    t = state.turn
    if state.attack is not None and state.attack.source == "attack":
        state.attack.stopped = True  # the turn's own Dengki, declared before or after Collecting
    if not t.collected:
        t.skipped = True
        _ev(events, p, eff, target=t.player, timing="collecting")
    else:
        t.silenced = True
        _ev(events, p, eff, target=t.player, timing="action")


def _lose_action(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    state.turn.actions_used += eff.amount
    _ev(events, p, eff, target=state.turn.player, amount=eff.amount)


def _noop(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    return None


def _reflect(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    a = state.attack
    if a is None:
        return _fizzle(events, p, entry, N_("there is no DENGKI to turn back"))
    a.attacker, a.target = a.target, a.attacker
    _ev(events, p, eff, target=a.target)


def _reduce(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    a = state.attack
    if a is None:
        return _fizzle(events, p, entry, N_("there is no DENGKI to weaken"))
    a.strength = max(0, a.strength - eff.amount)
    _ev(events, p, eff, amount=eff.amount, strength=a.strength)


def _prevent(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    combat.change_loss(state, entry["ref"], None, events)


def _reduce_loss(state: DramaState, p: Player, eff: Effect, entry: dict[str, Any], events: list[Event]) -> None:
    combat.change_loss(state, entry["ref"], eff.amount, events)


HANDLERS: dict[str, Handler] = {
    "gain_juta": _gain,
    "draw": _draw,
    "heal": _heal,
    "extra_turn": _extra_turn,
    "bonus_action": _turn_bonus("bonus_action"),
    "bonus_dengki": _turn_bonus("bonus_dengki"),
    "kedai_discount": _turn_bonus("discount"),
    "all_pay": _all_pay,
    "dengki": _dengki,
    "lose_air_muka": _lose,
    "take_juta": _take_juta,
    "discard_random": _discard_random,
    "steal_random_card": _steal_random,
    "discard_spouse": _discard_spouse,
    "steal_item": _steal_item,
    "revive_member": _revive,
    "free_kahwin": _free_kahwin,
    "skip_turn": _skip_turn,
    "lose_action": _lose_action,
    "cancel": _noop,
    "reflect_attack": _reflect,
    "reduce_attack": _reduce,
    "prevent_loss": _prevent,
    "reduce_loss": _reduce_loss,
}
