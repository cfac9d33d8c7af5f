"""Drama Pukul 7 rules, one scenario each, including the rulebook's own examples."""

from __future__ import annotations

import pytest

from bot.games.drama.state import CARDS, attributes, player
from bot.kernel.contract import IllegalAction
from tests.games.drama.drama_helpers import (
    GAME,
    P1,
    P2,
    P3,
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
    total_juta,
)


def act(state, pid, **action):
    return GAME.rules.apply(state, pid, action)


# --- setup -------------------------------------------------------------------------


def test_setup_deals_hands_juta_bank_and_kedai():
    s = GAME.rules.new_game([P1, P2, P3], 7)
    assert s.phase == "pick"
    for p in s.players:
        assert len(p.hand) == 4 and all(CARDS.is_blue(c) for c in p.hand)
        assert p.juta == 1 and p.air_muka == 7
    assert s.bank == 27 and total_juta(s) == 30
    assert len(s.kedai) == 4 and all(c is not None and not CARDS.is_blue(c) for c in s.kedai)
    assert not any(s.kedai_hidden)
    check_invariants(s)


def test_first_player_is_seeded_and_picks_first():
    firsts = set()
    for seed in range(30):
        s = GAME.rules.new_game([P1, P2, P3], seed)
        assert s.first in (P1, P2, P3)
        assert s.pick_queue[0] == s.first and GAME.rules.actors(s) == {s.first}
        assert GAME.rules.new_game([P1, P2, P3], seed).first == s.first
        firsts.add(s.first)
    assert firsts == {P1, P2, P3}


def test_heroes_chosen_one_side_each_then_first_turn():
    s = GAME.rules.new_game([P1, P2], 3)
    first = s.first
    other = P2 if first == P1 else P1
    opts = GAME.rules.legal_actions(s, first)
    assert len(opts) == 16 and {"type": "pick_hero", "hero": "Kamsiah Cable"} in opts
    act(s, first, type="pick_hero", hero="Kamsiah Cable")
    assert player(s, first).hero == "ryan" and player(s, first).side == 1
    # the other side of a taken hero card is gone too
    assert {"type": "pick_hero", "hero": "Ryan Kaya-Raya"} not in GAME.rules.legal_actions(s, other)
    with pytest.raises(IllegalAction):
        act(s, other, type="pick_hero", hero="Ryan Kaya-Raya")
    act(s, other, type="pick_hero", hero="Inspektor Wang")
    assert s.phase == "collect" and s.turn.player == first and s.window is not None
    assert s.window.kind == "turn_start"


def test_heroes_dealt_option():
    s = GAME.rules.new_game([P1, P2, P3], 5, {"heroes": "deal"})
    seen = set()
    for _ in range(3):
        pid = s.pick_queue[0]
        opts = GAME.rules.legal_actions(s, pid)
        assert len(opts) == 2  # the two sides of the dealt hero
        keys = {CARDS.side_names()[a["hero"]][0] for a in opts}
        assert len(keys) == 1
        seen |= keys
        act(s, pid, **opts[1])
    assert len(seen) == 3 and s.phase == "collect"
    with pytest.raises(IllegalAction):
        GAME.rules.check_options({"heroes": "random"})


# --- the three phases ----------------------------------------------------------------------


def test_three_phases_collect_then_action_then_dengki():
    s = new(2, seed=2)
    tp = s.turn.player
    other = P2 if tp == P1 else P1
    me = player(s, tp)
    assert s.phase == "collect" and GAME.rules.waiting(s).in_window
    assert GAME.rules.actors(s) == {other}  # the window before Collecting
    hand, juta = len(me.hand), me.juta
    pass_window(s)
    collect(s)
    assert me.juta == juta + 1 and len(me.hand) == hand + 1  # collected 1 Juta, drew 1
    assert s.phase == "action" and s.window.kind == "action_start"
    pass_window(s)
    assert GAME.rules.actors(s) == {tp} and not GAME.rules.waiting(s).in_window
    act(s, tp, type="attack", target=other)
    assert s.phase == "dengki" and s.window.kind == "dengki" and GAME.rules.actors(s) == {other}
    pass_window(s)
    assert player(s, other).air_muka == 6
    assert s.turn.player == other and s.phase == "collect"


def test_attacking_first_ends_the_turn_with_no_phase_after_it():
    """Attack at once in the Action phase: once it is resolved the turn is over, nothing else follows."""
    s = new(2)
    tp = s.turn.player
    other = P2 if tp == P1 else P1
    me = player(s, tp)
    pass_window(s)  # before Collecting
    collect(s)
    pass_window(s)  # start of the Action phase
    assert s.turn.actions_used == 0 and me.hand
    act(s, tp, type="attack", target=other)
    assert GAME.rules.actors(s) == {other}  # only the Dengki window remains
    with pytest.raises(IllegalAction, match="window is open"):
        act(s, tp, type="end_turn")
    pass_window(s)
    assert player(s, other).air_muka == 6
    assert s.turn.player == other and s.phase == "collect"
    # back on the other player's turn, the attacker may at most answer with a PLOT TWIST
    assert {a["type"] for a in GAME.rules.legal_actions(s, tp)} <= {"pass", "play"}
    assert all(
        CARDS.blue[a["card"]].kind == "plot_twist" for a in GAME.rules.legal_actions(s, tp) if a["type"] == "play"
    )


def test_skipping_the_attack_ends_the_turn():
    s = new(2)
    arrange_turn(s, P1)
    act(s, P1, type="end_turn")
    assert s.turn.player == P2 and player(s, P2).air_muka == 7


# --- attributes ------------------------------------------------------------------------------


def test_rulebook_example_ryan_with_items_and_married_lily():
    """Ryan Kaya-Raya with Items and a married Lily: 3 Juta, 2 cards, 2 plays, 4 Dengki."""
    s = new(2, heroes=["Ryan Kaya-Raya", "Inspektor Wang"])
    give(s, P1, "Klinik Kampung Ubi", "Rantai Emas 916", "Kereta Proton Saga", where="items")
    (lily,) = give(s, P1, "Lily", where="members")
    player(s, P1).spouse = lily
    me = player(s, P1)
    assert attributes(s, me) == {"juta": 3, "draw": 2, "action": 2, "dengki": 4}
    # let P1's turn start for real
    arrange_turn(s, P2)
    act(s, P2, type="end_turn")
    assert s.turn.player == P1
    juta, hand = me.juta, len(me.hand)
    clear_hand(s, P2)  # nobody to ask: the windows close at once
    pass_all(s)
    assert me.juta == juta + 3 and len(me.hand) == hand + 2
    clear_hand(s, P1)
    give(s, P1, "Jumpa Bomoh", "Menang Cabutan Bertuah", "Dendam Kesumat")
    act(s, P1, type="play", card=card_id("Jumpa Bomoh"))
    act(s, P1, type="play", card=card_id("Menang Cabutan Bertuah"))
    with pytest.raises(IllegalAction, match="no ACTION left"):
        act(s, P1, type="play", card=card_id("Dendam Kesumat"))
    events = act(s, P1, type="attack", target=P2)
    assert [e["strength"] for e in events if e["type"] == "attack"] == [4]
    assert player(s, P2).air_muka == 3


def test_unmarried_member_gives_no_attributes():
    s = new(2)
    give(s, P1, "Lily", where="members")
    assert attributes(s, player(s, P1)) == {"juta": 1, "draw": 1, "action": 1, "dengki": 1}


def test_item_bought_with_draw_draws_at_once():
    s = new(2)
    arrange_turn(s, P1)
    me = player(s, P1)
    me.juta = 5
    slot_card = set_kedai(s, 0, "Klinik Kampung Ubi")
    hand = len(me.hand)
    act(s, P1, type="buy", slot=0)
    assert slot_card in me.items and me.juta == 2
    assert len(me.hand) == hand + 1  # +1 Draw applies at once
    assert s.kedai_hidden[0] and s.kedai[0] is not None


def test_item_with_juta_and_kahwin_attributes_apply_at_once():
    s = new(2, heroes=["Ryan Kaya-Raya", "Inspektor Wang"])
    arrange_turn(s, P1)
    me = player(s, P1)
    me.juta = 3
    set_kedai(s, 1, "Rumah Teres Dua Tingkat")
    act(s, P1, type="buy", slot=1)
    assert me.juta == 1  # paid 3, got 1 at once
    pass_all(s)
    (kak,) = give(s, P1, "Kak Ton Janda Muda", where="members")
    hand = len(me.hand)
    act(s, P1, type="kahwin", member=kak)  # costs 1, gives +1 Juta and +1 Draw at once
    assert me.spouse == kak and me.juta == 1 and len(me.hand) == hand + 1


def test_new_action_attribute_applies_at_once():
    s = new(2)
    arrange_turn(s, P1)
    me = player(s, P1)
    clear_hand(s, P1)
    give(s, P1, "Beg Tangan Berjenama", "Jumpa Bomoh")
    act(s, P1, type="play", card=card_id("Beg Tangan Berjenama"))  # an ITEM from hand costs an ACTION
    pass_all(s)
    assert s.turn.actions_used == 1 and attributes(s, me)["action"] == 2
    act(s, P1, type="play", card=card_id("Jumpa Bomoh"))


# --- Kedai, limits, members ------------------------------------------------------------------


def test_kedai_refill_is_face_down_until_next_turn():
    s = new(2)
    arrange_turn(s, P1)
    player(s, P1).juta = 9
    set_kedai(s, 2, "Jam Rolex Tiruan")
    act(s, P1, type="buy", slot=2)
    pass_all(s)
    assert s.kedai_hidden[2]
    with pytest.raises(IllegalAction, match="face down"):
        act(s, P1, type="buy", slot=2)
    assert all(a.get("slot") != 2 for a in GAME.rules.legal_actions(s, P1))
    v = GAME.rules.view(s, P1)
    assert v["kedai"][2]["card"] is None and v["kedai"][2]["face_down"]
    act(s, P1, type="end_turn")
    assert not s.kedai_hidden[2]
    assert GAME.rules.view(s, P2)["kedai"][2]["card"]["id"] == s.kedai[2]


def test_type_limit_needs_a_replacement_which_goes_to_hand():
    s = new(2)
    arrange_turn(s, P1)
    me = player(s, P1)
    a, b = give(s, P1, "Motor Kapcai", "Basikal Tua", where="items")
    me.juta = 9
    lori = set_kedai(s, 0, "Lori Balak")
    before = GAME.rules.state_to_json(s)
    with pytest.raises(IllegalAction, match="choose which one to replace"):
        act(s, P1, type="buy", slot=0)
    assert GAME.rules.state_to_json(s) == before
    legal = [x for x in GAME.rules.legal_actions(s, P1) if x["type"] == "buy" and x["slot"] == 0]
    assert legal == [{"type": "buy", "slot": 0, "replace": a}, {"type": "buy", "slot": 0, "replace": b}]
    act(s, P1, type="buy", slot=0, replace=b)
    assert me.items == [a, lori] and b in me.hand
    # the same for a member recruited over the limit
    m1, m2 = give(s, P1, "Jamal Sado", "Lily", where="members")
    me.spouse = m2
    pass_all(s)
    set_kedai(s, 1, "Aina Mualaf")
    act(s, P1, type="recruit", slot=1, replace=m2)
    assert s.choice.kind == "pay"
    act(s, P1, type="pay", card=me.hand[0])
    assert m2 in me.hand and me.spouse is None and card_id("Aina Mualaf") in me.members


def test_recruit_by_discarding_cards_step_by_step_and_cancel():
    s = new(2)
    arrange_turn(s, P1)
    me = player(s, P1)
    clear_hand(s, P1)
    c1, c2, c3 = give(s, P1, "Jumpa Bomoh", "Cliffhanger", "Pelumba Haram")
    rashid = set_kedai(s, 0, "Dato Rashid")
    act(s, P1, type="recruit", slot=0)
    assert s.choice.kind == "pay" and GAME.rules.actors(s) == {P1}
    act(s, P1, type="pay", card=c2)
    assert {"type": "pay", "card": c2} not in GAME.rules.legal_actions(s, P1)
    act(s, P1, type="cancel")
    assert me.hand == [c1, c2, c3] and s.kedai[0] == rashid
    act(s, P1, type="recruit", slot=0)
    act(s, P1, type="pay", card=c1)
    act(s, P1, type="pay", card=c3)
    assert me.members == [rashid] and me.hand == [c2]
    assert c1 in s.blue_discard and c3 in s.blue_discard
    assert s.kedai_hidden[0]
    clear_hand(s, P1)
    pass_all(s)
    set_kedai(s, 1, "Lily")
    with pytest.raises(IllegalAction, match="costs 2 cards"):
        act(s, P1, type="recruit", slot=1)


def test_kahwin_rules():
    s = new(2, heroes=["Ryan Kaya-Raya", "Inspektor Wang"])  # P1 is male
    arrange_turn(s, P1)
    me = player(s, P1)
    jamal, lily = give(s, P1, "Jamal Sado", "Lily", where="members")
    me.juta = 1
    with pytest.raises(IllegalAction, match="different genders"):
        act(s, P1, type="kahwin", member=jamal)
    with pytest.raises(IllegalAction, match="costs 2 Juta"):
        act(s, P1, type="kahwin", member=lily)
    me.juta = 2
    act(s, P1, type="kahwin", member=lily)
    assert me.spouse == lily and me.juta == 0 and s.window is None  # kahwin opens no window
    (aina,) = give(s, P1, "Aina Mualaf", where="hand")
    me.members.remove(jamal)
    me.members.append(aina)
    me.hand.remove(aina)
    me.juta = 5
    with pytest.raises(IllegalAction, match="cannot KAHWIN two"):
        act(s, P1, type="kahwin", member=aina)


def test_kahwin_printed_cost_and_discount():
    s = new(2, heroes=["Ryan Kaya-Raya", "Inspektor Wang"])
    arrange_turn(s, P1)
    me = player(s, P1)
    (kak,) = give(s, P1, "Kak Ton Janda Muda", where="members")  # printed kahwin 1
    me.juta = 1
    act(s, P1, type="kahwin", member=kak)
    assert me.juta == 1  # paid 1, got +1 Juta at once
    s2 = new(2, heroes=["Kamsiah Cable", "Inspektor Wang"])  # female
    arrange_turn(s2, P1)
    me2 = player(s2, P1)
    give(s2, P1, "Banglo Atas Bukit", where="items")
    (bakhil,) = give(s2, P1, "Haji Bakhil", where="members")  # printed 4, Banglo makes it 3
    me2.juta = 3
    act(s2, P1, type="kahwin", member=bakhil)
    assert me2.spouse == bakhil and me2.juta == 2  # 3 - 3 + 2 Juta at once


# --- Dengki -----------------------------------------------------------------------------------


def test_rulebook_example_two_dengki_against_wang_shielded_by_aina():
    s = new(2, heroes=["Kaya bin Raya", "Inspektor Wang"])
    (aina,) = give(s, P2, "Aina Mualaf", where="members")
    arrange_turn(s, P1)
    s.turn.bonus_dengki = 1  # 2 Dengki
    clear_hand(s, P2)
    act(s, P1, type="attack", target=P2)
    wang = player(s, P2)
    assert wang.air_muka == 6 and wang.members == [] and aina in s.green_discard


def test_absorb_order_unmarried_then_spouse_then_hero_with_choice():
    s = new(2, heroes=["Kaya bin Raya", "Inspektor Wang"])
    wang = player(s, P2)
    jamal, aina = give(s, P2, "Jamal Sado", "Aina Mualaf", where="members")  # unmarried 2 and 1
    clear_hand(s, P2)
    arrange_turn(s, P1)
    s.turn.bonus_dengki = 1  # 2 Dengki: order matters (2 < 3)
    act(s, P1, type="attack", target=P2)
    assert s.choice.kind == "absorb" and GAME.rules.actors(s) == {P2}
    assert GAME.rules.legal_actions(s, P2) == [{"type": "absorb", "member": jamal}, {"type": "absorb", "member": aina}]
    act(s, P2, type="absorb", member=aina)  # Aina takes 1, then Jamal takes 1
    assert wang.members == [] and wang.air_muka == 7
    # married Lily-like spouse: absorbs up to its Air Muka and stays; the hero takes the rest
    s = new(2, heroes=["Kaya bin Raya", "Inspektor Mei Ling"])
    mei = player(s, P2)
    bobby, jamal = give(s, P2, "Bobby Mat Salleh", "Jamal Sado", where="members")
    mei.spouse = jamal
    clear_hand(s, P2)
    arrange_turn(s, P1)
    s.turn.bonus_dengki = 4  # 5 Dengki: Bobby 1 (discarded), spouse Jamal 2 (stays), hero 2
    act(s, P1, type="attack", target=P2)
    assert mei.members == [jamal] and mei.spouse == jamal and mei.air_muka == 5


def test_no_absorb_choice_when_all_members_are_used_up():
    s = new(2)
    give(s, P2, "Jamal Sado", "Aina Mualaf", where="members")
    clear_hand(s, P2)
    arrange_turn(s, P1)
    s.turn.bonus_dengki = 3  # 4 >= 2 + 1
    act(s, P1, type="attack", target=P2)
    assert s.choice is None and player(s, P2).members == [] and player(s, P2).air_muka == 6


def test_elimination_and_last_player_standing():
    s = new(3)
    for pid in (P2, P3):
        clear_hand(s, pid)
    arrange_turn(s, P1)
    victim = player(s, P2)
    victim.air_muka = 1
    victim.juta = 4
    s.bank -= 3
    player(s, P1).juta = 0
    s.bank += 1
    items = give(s, P2, "Motor Kapcai", where="items")
    give(s, P2, "Jumpa Bomoh")
    bank = s.bank
    act(s, P1, type="attack", target=P2)
    pass_window(s)
    assert not victim.alive and victim.air_muka == 0 and victim.hand == [] and victim.items == []
    assert items[0] in s.green_discard and s.bank == bank + 4
    assert s.turn.player == P3 and not GAME.rules.is_over(s)
    check_invariants(s)
    arrange_turn(s, P3)
    player(s, P1).air_muka = 1
    clear_hand(s, P1)
    act(s, P3, type="attack", target=P1)
    assert GAME.rules.is_over(s) and GAME.rules.result(s).winners == (P3,)
    assert GAME.rules.actors(s) == frozenset() and GAME.rules.waiting(s).turn is None
    assert GAME.rules.legal_actions(s, P3) == []


def test_air_muka_is_capped_at_seven():
    s = new(2)
    arrange_turn(s, P1)
    player(s, P1).air_muka = 6
    clear_hand(s, P1)
    give(s, P1, "Balik Kampung")
    act(s, P1, type="play", card=card_id("Balik Kampung"))
    pass_all(s)
    assert player(s, P1).air_muka == 7


# --- decks ------------------------------------------------------------------------------------


def test_blue_deck_reshuffles_its_discard_pile():
    s = new(2)
    arrange_turn(s, P1)
    me = player(s, P1)
    clear_hand(s, P1)
    clear_hand(s, P2)
    give(s, P1, "Jumpa Bomoh")
    s.blue_discard.extend(s.blue_deck[:-1])  # one card left in the deck
    s.blue_deck = s.blue_deck[-1:]
    events = GAME.rules.apply(s, P1, {"type": "play", "card": card_id("Jumpa Bomoh")})
    assert len(me.hand) == 2 and len(s.blue_deck) > 0 and s.blue_discard == []
    assert any(e["type"] == "reshuffle" and e["deck"] == "blue" for e in events)
    check_invariants(s)


def test_green_deck_reshuffles_for_kedai_refill():
    s = new(2)
    arrange_turn(s, P1)
    me = player(s, P1)
    me.juta = 9
    set_kedai(s, 0, "Jam Rolex Tiruan")
    s.green_discard.extend(s.green_deck)
    s.green_deck = []
    events = act(s, P1, type="buy", slot=0)
    assert any(e["type"] == "reshuffle" and e["deck"] == "green" for e in events)
    assert s.kedai[0] is not None and s.green_discard == []
