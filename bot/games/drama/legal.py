"""Listing every legal action, in a stable order, cheaply.

The lists are built from the same predicates ``actions.check`` uses, so what
is listed is accepted. Identical copies of a card offer one choice (the lowest
card id) so the picker does not show the same option twice.
"""

from __future__ import annotations

from typing import Any

from bot.games.drama import flow, shop
from bot.games.drama.actions import mode
from bot.games.drama.cards import Ability
from bot.games.drama.effects import _unique, combos, conditions_reason
from bot.games.drama.state import CARDS, IS_PLOT_TWIST, DramaState, actions_left, active_cards, player
from bot.kernel.contract import Action


def legal_actions(state: DramaState, pid: int) -> list[Action]:
    m = mode(state, pid)
    if m is None:
        return []
    if m == "pick":
        return [{"type": "pick_hero", "hero": name} for name in flow.pick_options(state, pid)]
    if m == "window":
        return [{"type": "pass"}] + _plays(state, pid, plot_twists_only=True)
    if m == "turn":
        return _turn(state, pid)
    return _choice(state, pid, m)


def _plays(state: DramaState, pid: int, plot_twists_only: bool) -> list[Action]:
    p = player(state, pid)
    if pid == state.turn.player and (state.turn.silenced or actions_left(state) <= 0):
        return []
    out: list[Action] = []
    hand = [c for c in p.hand if IS_PLOT_TWIST[c]] if plot_twists_only else p.hand
    for cid in _unique(hand):
        if CARDS.is_blue(cid):
            d = CARDS.blue[cid]
            if plot_twists_only and d.kind != "plot_twist":
                continue
            if conditions_reason(state, pid, d.conditions):
                continue
            out.extend(dict({"type": "play", "card": cid}, **c) for c in combos(state, pid, d.effects))
        elif not plot_twists_only:
            out.extend(shop.with_replace(p, cid, {"type": "play", "card": cid}))
    return out


def _ability_actions(state: DramaState, pid: int, base: dict[str, Any], ab: Ability) -> list[Action]:
    p = player(state, pid)
    if p.juta < ab.cost.juta or len(p.hand) < ab.cost.discard or conditions_reason(state, pid, ab.conditions):
        return []
    out: list[Action] = []
    for c in combos(state, pid, ab.effects):
        a = dict(base, **c)
        if ab.cost.discard:
            out.extend(dict(a, discard=h) for h in _unique(p.hand))
        else:
            out.append(a)
    return out


def _turn(state: DramaState, pid: int) -> list[Action]:
    p = player(state, pid)
    out = _plays(state, pid, plot_twists_only=False)
    out.extend(shop.kedai_actions(state, p))
    for m in p.members:
        if not shop.kahwin_reason(state, p, m):
            out.append({"type": "kahwin", "member": m})
    if p.hero and not state.turn.hero_used:
        out.extend(_ability_actions(state, pid, {"type": "hero_ability"}, CARDS.hero(p.hero).ability))
    for cid in active_cards(p):
        ab = CARDS.g(cid).ability
        if ab.kind == "active" and cid not in state.turn.used:
            out.extend(_ability_actions(state, pid, {"type": "use", "card": cid}, ab))
    if not state.turn.silenced:
        out.extend({"type": "attack", "target": o.id} for o in state.players if o.alive and o.id != pid)
    out.append({"type": "end_turn"})
    return out


def _choice(state: DramaState, pid: int, kind: str) -> list[Action]:
    c = state.choice
    assert c is not None
    p = player(state, pid)
    if kind == "start":
        return [{"type": "collect"}] + [
            {"type": "attack", "target": o.id} for o in state.players if o.alive and o.id != pid
        ]
    if kind == "pay":
        left = [h for h in p.hand if h not in c.data["chosen"]]
        return [{"type": "pay", "card": h} for h in _unique(left)] + [{"type": "cancel"}]
    if kind == "absorb":
        return [{"type": "absorb", "member": m} for m in c.options]
    if kind == "to_hand":
        return [{"type": "to_hand", "card": x} for x in c.options]
    out: list[Action] = []
    for cid in c.options:
        if CARDS.g(cid).ability.cost.discard:
            out.extend({"type": "react", "card": cid, "discard": h} for h in _unique(p.hand))
        else:
            out.append({"type": "react", "card": cid})
    return out + [{"type": "decline"}]
