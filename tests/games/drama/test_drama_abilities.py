"""Hero, Item and Member abilities: once per turn each, passive, active and reactive (Klinik Kampung Ubi)."""

from __future__ import annotations

import pytest

from bot.games.drama.state import player
from bot.kernel.contract import IllegalAction
from tests.games.drama.drama_helpers import (
    GAME,
    P1,
    P2,
    arrange_turn,
    card_id,
    clear_hand,
    give,
    new,
    pass_all,
    set_kedai,
)


def act(state, pid, **action):
    return GAME.rules.apply(state, pid, action)


def test_hero_ability_once_per_turn():
    s = new(2, heroes=["Ryan Kaya-Raya", "Inspektor Wang"])
    arrange_turn(s, P1)
    clear_hand(s, P2)
    me = player(s, P1)
    c = me.hand[0]
    act(s, P1, type="hero_ability", discard=c)
    pass_all(s)
    assert s.turn.discount == 1 and c in s.blue_discard
    with pytest.raises(IllegalAction, match="already used"):
        act(s, P1, type="hero_ability", discard=me.hand[0])
    me.juta = 2
    set_kedai(s, 0, "Rantai Emas 916")  # 3 Juta, 2 with the discount
    act(s, P1, type="buy", slot=0)
    assert me.juta == 1 and s.turn.discount == 0  # 2 paid, +1 Juta at once


def test_item_ability_once_per_turn_and_again_next_turn():
    s = new(2)
    arrange_turn(s, P1)
    clear_hand(s, P2)
    (tel,) = give(s, P1, "Telefon Lipat", where="items")
    me = player(s, P1)
    s.bank -= 3 - me.juta
    me.juta = 3
    hand = len(me.hand)
    act(s, P1, type="use", card=tel)
    pass_all(s)
    assert me.juta == 2 and len(me.hand) == hand + 1
    with pytest.raises(IllegalAction, match="already used"):
        act(s, P1, type="use", card=tel)
    act(s, P1, type="end_turn")  # a real round of turns, not a reset by hand
    pass_all(s)
    act(s, P2, type="end_turn")
    pass_all(s)
    assert s.turn.player == P1 and s.phase == "action"
    assert {"type": "use", "card": tel} in GAME.rules.legal_actions(s, P1)
    hand = len(me.hand)
    act(s, P1, type="use", card=tel)
    pass_all(s)
    assert len(me.hand) == hand + 1


def test_klinik_kampung_ubi_discards_itself_to_avoid_losing_air_muka():
    s = new(2)
    arrange_turn(s, P1)
    clear_hand(s, P2)
    (klinik,) = give(s, P2, "Klinik Kampung Ubi", where="items")
    act(s, P1, type="attack", target=P2)
    assert s.choice.kind == "react" and GAME.rules.actors(s) == {P2} and GAME.rules.waiting(s).in_window
    assert GAME.rules.legal_actions(s, P2) == [{"type": "react", "card": klinik}, {"type": "decline"}]
    assert GAME.rules.timeout_action(s, P2) == {"type": "decline"}
    act(s, P2, type="react", card=klinik)
    pass_all(s)
    assert player(s, P2).air_muka == 7 and klinik in s.green_discard and player(s, P2).items == []


def test_klinik_can_be_declined_and_can_be_cancelled():
    s = new(2)
    arrange_turn(s, P1)
    clear_hand(s, P2)
    give(s, P2, "Klinik Kampung Ubi", where="items")
    act(s, P1, type="attack", target=P2)
    act(s, P2, type="decline")
    assert player(s, P2).air_muka == 6 and len(player(s, P2).items) == 1
    # cancelled by Mimpi: the card is paid (discarded) and the loss happens
    s = new(2)
    arrange_turn(s, P1)
    clear_hand(s, P2)
    clear_hand(s, P1)
    s.turn.bonus_action = 1
    (klinik,) = give(s, P2, "Klinik Kampung Ubi", where="items")
    give(s, P1, "Sebenarnya Semua Hanyalah Mimpi")
    act(s, P1, type="attack", target=P2)
    act(s, P2, type="react", card=klinik)
    act(s, P1, type="play", card=card_id("Sebenarnya Semua Hanyalah Mimpi"), entry=0)
    pass_all(s)
    assert player(s, P2).air_muka == 6 and klinik in s.green_discard


def test_reactive_ability_not_on_own_turn():
    s = new(2)
    arrange_turn(s, P1)
    clear_hand(s, P2)
    give(s, P1, "Klinik Kampung Ubi", where="items")
    give(s, P2, "Jelaskan Di Social Media")
    act(s, P1, type="attack", target=P2)
    act(s, P2, type="play", card=card_id("Jelaskan Di Social Media"))
    pass_all(s)
    assert s.choice is None and player(s, P1).air_muka == 6  # no Klinik on your own turn


def test_passive_abilities():
    s = new(2)
    arrange_turn(s, P1)
    clear_hand(s, P2)
    give(s, P2, "Cincin Batu Akik", where="items")
    s.turn.bonus_dengki = 1
    act(s, P1, type="attack", target=P2)
    assert player(s, P2).air_muka == 6  # 2 - 1
    s = new(2, heroes=["Kamsiah Cable", "Inspektor Wang"])
    arrange_turn(s, P1)
    me = player(s, P1)
    give(s, P1, "Pejabat Guaman", where="items")
    (rashid,) = give(s, P1, "Dato Rashid", where="members")
    me.spouse = rashid
    me.juta = 1
    set_kedai(s, 0, "Jam Rolex Tiruan")  # 2 - 1 (Dato Rashid married)
    act(s, P1, type="buy", slot=0)
    assert me.juta == 0
    pass_all(s)
    set_kedai(s, 1, "Aina Mualaf")  # recruit 1 - 1 (Pejabat Guaman) = free
    act(s, P1, type="recruit", slot=1)
    assert s.choice is None and card_id("Aina Mualaf") in me.members
