"""The Drama rulings settled after the first engine: one scenario each.

Dengki before Collecting (the turn ends with the attack), a card's "hits with N
DENGKI" as a Dengki for the cards that answer one, kahwin at the Member's
printed price, and Kedai refills turning up at an extra turn's start.
"""

from __future__ import annotations

import pytest

from bot.games.drama import combat
from bot.games.drama.state import Attack, player
from bot.kernel.contract import IllegalAction
from tests.games.drama.drama_helpers import (
    GAME,
    P1,
    P2,
    arrange_turn,
    card_id,
    check_invariants,
    clear_hand,
    collect,
    give,
    new,
    pass_all,
    pass_window,
    set_kedai,
)


def act(state, pid, **action):
    return GAME.rules.apply(state, pid, action)


def types(events):
    return [e["type"] for e in events]


def at_start(seed: int = 1):
    """A two-player game at its first turn's collect-or-attack decision, hands emptied."""
    s = new(2, seed=seed)
    for p in s.players:
        clear_hand(s, p.id)
    if s.window is not None:
        pass_window(s)
    assert s.choice is not None and s.choice.kind == "start"
    tp = s.turn.player
    return s, tp, P2 if tp == P1 else P1


# --- Dengki before Collecting ----------------------------------------------------------------


def test_the_turn_player_chooses_to_collect_or_to_attack_before_collecting():
    s, tp, other = at_start()
    assert GAME.rules.actors(s) == {tp} and not GAME.rules.waiting(s).in_window
    assert GAME.rules.legal_actions(s, tp) == [{"type": "collect"}, {"type": "attack", "target": other}]
    assert GAME.rules.timeout_action(s, tp) == {"type": "collect"}
    with pytest.raises(IllegalAction):
        act(s, tp, type="end_turn")  # the Action phase has not started
    with pytest.raises(IllegalAction):
        act(s, other, type="collect")


def test_attacking_before_collecting_skips_collecting_and_action_and_ends_the_turn():
    s, tp, other = at_start()
    me = player(s, tp)
    give(s, tp, "Jumpa Bomoh")
    give(s, other, "Jumpa Bomoh")  # so the Dengki window asks someone
    juta, hand = me.juta, list(me.hand)
    events = act(s, tp, type="attack", target=other)
    assert "early_attack" in types(events) and "collect" not in types(events)
    assert s.phase == "dengki" and s.window.kind == "dengki" and GAME.rules.actors(s) == {other}
    events = act(s, other, type="pass")
    assert player(s, other).air_muka == 6
    assert me.juta == juta and me.hand == hand  # nothing collected, nothing drawn, nothing played
    assert "turn_end" in types(events) and s.turn.player == other
    check_invariants(s)


def test_a_cliffhanger_against_an_early_attack_stops_it_and_the_turn():
    s, tp, other = at_start()
    give(s, other, "Cliffhanger")
    act(s, tp, type="attack", target=other)
    act(s, other, type="play", card=card_id("Cliffhanger"))
    if s.window is not None:
        pass_window(s)
    assert player(s, other).air_muka == 7  # the Dengki came to nothing
    assert s.turn.player == other


def test_the_ordinary_collect_still_leads_to_the_action_phase():
    s, tp, other = at_start()
    me = player(s, tp)
    juta = me.juta
    collect(s)
    assert me.juta == juta + 1 and s.phase == "action" and s.turn.collected


# --- "hits with N DENGKI" is a Dengki ------------------------------------------------------------


def ready():
    s = new(2)
    arrange_turn(s, P1)
    for p in s.players:
        clear_hand(s, p.id)
    return s


def test_a_card_dengki_opens_a_dengki_window_that_defence_cards_answer():
    s = ready()
    give(s, P1, "Tampar Depan Orang Ramai")
    give(s, P2, "Pengsan Tiba-Tiba")
    act(s, P1, type="play", card=card_id("Tampar Depan Orang Ramai"), target=P2)
    pass_window(s)  # nobody cancels the Episode; it resolves and aims its Dengki
    assert s.window is not None and s.window.kind == "dengki" and s.attack.source == "card"
    assert {"type": "play", "card": card_id("Pengsan Tiba-Tiba")} in GAME.rules.legal_actions(s, P2)
    act(s, P2, type="play", card=card_id("Pengsan Tiba-Tiba"))
    pass_all(s)
    assert player(s, P2).air_muka == 7  # 2 DENGKI less 2
    assert s.turn.player == P1 and s.phase == "action"  # not the turn's attack: the turn goes on


def test_a_card_dengki_can_be_turned_back_on_the_card_player():
    s = ready()
    give(s, P1, "Tampar Depan Orang Ramai")
    give(s, P2, "Jelaskan Di Social Media")
    act(s, P1, type="play", card=card_id("Tampar Depan Orang Ramai"), target=P2)
    pass_window(s)
    act(s, P2, type="play", card=card_id("Jelaskan Di Social Media"))
    pass_all(s)
    assert player(s, P1).air_muka == 5 and player(s, P2).air_muka == 7


def test_a_card_dengki_is_absorbed_by_members_and_a_cliffhanger_does_not_stop_it():
    s = ready()
    give(s, P2, "Aina Mualaf", where="members")  # 1 Air Muka shield
    give(s, P1, "Tampar Depan Orang Ramai")
    act(s, P1, type="play", card=card_id("Tampar Depan Orang Ramai"), target=P2)
    pass_all(s)
    assert player(s, P2).air_muka == 6 and player(s, P2).members == []


def test_a_card_dengki_during_a_pending_attack_restores_that_attack_afterwards():
    s = ready()
    outer = Attack(P1, P2, 3)
    s.attack = outer
    events: list = []
    combat.aim_dengki(s, P2, P1, 2, events)
    assert s.attack.source == "card" and s.attack.target == P1
    s.window = None  # nobody answers
    from bot.games.drama import flow

    flow.advance(s, events)
    assert player(s, P1).air_muka == 5
    assert s.attack == outer


# --- kahwin price, Kedai refills in an extra turn ---------------------------------------------------


def test_kahwin_costs_the_members_printed_price():
    """Every Member's KAHWIN costs its printed price (no discount in play); Kak Ton's is 1, not 2."""
    from bot.games.drama.shop import kahwin_cost
    from bot.games.drama.state import CARDS

    s = ready()
    me = player(s, P1)  # Ryan Kaya-Raya, a man
    members = [c for c in range(len(CARDS.blue), len(CARDS.blue) + len(CARDS.green)) if CARDS.g(c).kind == "member"]
    assert all(kahwin_cost(me, m) == CARDS.g(m).kahwin for m in members)
    assert {CARDS.g(m).kahwin for m in members} != {2}  # the printed price, not a flat 2
    (kak,) = give(s, P1, "Kak Ton Janda Muda", where="members")
    assert CARDS.g(kak).kahwin == 1
    s.bank += me.juta - 1
    me.juta = 1
    events = act(s, P1, type="kahwin", member=kak)
    assert me.spouse == kak and [e["cost"] for e in events if e["type"] == "kahwin"] == [1]


def test_a_kedai_refill_turns_face_up_when_an_extra_turn_starts():
    s = ready()
    me = player(s, P1)
    s.bank -= 9 - me.juta
    me.juta = 9
    give(s, P1, "Pelumba Haram")
    set_kedai(s, 0, "Jam Rolex Tiruan")
    act(s, P1, type="play", card=card_id("Pelumba Haram"))
    pass_all(s)
    assert s.extra_turns == 1
    act(s, P1, type="buy", slot=0)
    pass_all(s)
    assert s.kedai_hidden[0]
    events = act(s, P1, type="end_turn")
    assert "extra_turn" in types(events) and s.turn.player == P1
    assert not s.kedai_hidden[0] and GAME.rules.view(s, P2)["kedai"][0]["card"] is not None
    check_invariants(s)
