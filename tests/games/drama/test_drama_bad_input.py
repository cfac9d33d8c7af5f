"""Every illegal action raises a readable reason and leaves the state exactly as it was."""

from __future__ import annotations

import pytest

from bot.games.drama.state import player
from bot.kernel.contract import IllegalAction
from tests.games.drama.drama_helpers import GAME, P1, P2, P3, arrange_turn, card_id, clear_hand, give, new, set_kedai


def refused(state, pid, action, fragment):
    before = GAME.rules.state_to_json(state)
    with pytest.raises(IllegalAction) as info:
        GAME.rules.apply(state, pid, action)
    reason = info.value.reason
    assert fragment in reason, reason
    assert reason[0].isupper() and reason.endswith("."), reason
    assert GAME.rules.state_to_json(state) == before
    assert action not in GAME.rules.legal_actions(state, pid)


@pytest.fixture
def turn():
    s = new(3, heroes=["Ryan Kaya-Raya", "Inspektor Wang", "Ustazah Salmah"])
    arrange_turn(s, P1)
    for p in (P1, P2, P3):
        clear_hand(s, p)
    return s


def test_malformed_actions(turn):
    s = turn
    give(s, P1, "Jumpa Bomoh")
    refused(s, P1, "end_turn", "object with a 'type'")
    refused(s, P1, {"kind": "end_turn"}, "object with a 'type'")
    refused(s, P1, {"type": "dance"}, "no action 'dance'")
    refused(s, P1, {"type": "end_turn", "now": True}, "takes no 'now'")
    refused(s, P1, {"type": "play", "card": True}, "not in your hand")
    refused(s, P1, {"type": "play", "card": "Jumpa Bomoh"}, "not in your hand")
    refused(s, P1, {"type": "play", "card": 999}, "not in your hand")
    refused(s, P1, {"type": "buy", "slot": 7}, "slot from 0 to 3")
    refused(s, P1, {"type": "buy", "slot": "0"}, "whole number")
    refused(s, P1, {"type": "buy"}, "Choose the 'slot'")
    refused(s, P1, {"type": "attack", "target": P1}, "Attack another player")
    refused(s, P1, {"type": "attack", "target": 424242}, "Attack another player")
    refused(s, P1, {"type": "kahwin", "member": 70}, "MEMBER in front of you")
    refused(s, P1, {"type": "use", "card": 70}, "not in front of you")


def test_wrong_phase(turn):
    s = turn
    refused(s, P1, {"type": "pick_hero", "hero": "Lily"}, "already been chosen")
    refused(s, P1, {"type": "pass"}, "no Plot Twist window")
    refused(s, P1, {"type": "absorb", "member": 70}, "no such decision")
    give(s, P2, "Jumpa Bomoh", "Cliffhanger")
    give(s, P1, "Pelumba Haram")
    GAME.rules.apply(s, P1, {"type": "play", "card": card_id("Pelumba Haram")})
    # a window is open: the turn player waits, an Episode cannot answer
    refused(s, P1, {"type": "end_turn"}, "window is open")
    refused(s, P1, {"type": "buy", "slot": 0}, "window is open")
    refused(s, P2, {"type": "play", "card": card_id("Jumpa Bomoh")}, "Only a PLOT TWIST")
    refused(s, P3, {"type": "pass"}, "cannot respond")
    GAME.rules.apply(s, P2, {"type": "pass"})
    s2 = GAME.rules.new_game([P1, P2], 1)
    refused(s2, s2.pick_queue[0], {"type": "end_turn"}, "still being chosen")
    refused(s2, s2.pick_queue[0], {"type": "pick_hero", "hero": "Nobody"}, "not available")
    s3 = new(2)  # the opening window of turn 1, before Collecting
    tp = s3.turn.player
    refused(s3, tp, {"type": "end_turn"}, "window is open")


def test_unpaid_costs(turn):
    s = turn
    me = player(s, P1)
    me.juta = 0
    set_kedai(s, 0, "Lori Balak")
    refused(s, P1, {"type": "buy", "slot": 0}, "costs 4 Juta and you have 0")
    set_kedai(s, 1, "Jamal Sado")
    refused(s, P1, {"type": "recruit", "slot": 1}, "costs 2 cards from your hand")
    (lily,) = give(s, P1, "Lily", where="members")
    refused(s, P1, {"type": "kahwin", "member": lily}, "costs 2 Juta")
    refused(s, P1, {"type": "hero_ability", "discard": 0}, "needs a card from your hand")
    (tel,) = give(s, P1, "Telefon Lipat", where="items")
    refused(s, P1, {"type": "use", "card": tel}, "costs 1 Juta")
    give(s, P1, "Jumpa Bomoh", "Menang Cabutan Bertuah")
    GAME.rules.apply(s, P1, {"type": "play", "card": card_id("Jumpa Bomoh")})
    refused(s, P1, {"type": "play", "card": card_id("Menang Cabutan Bertuah")}, "no ACTION left")


def test_failed_conditions(turn):
    s = turn
    give(
        s,
        P1,
        "Aku Sebenarnya Polis",
        "Gangster Tapi Hati Baik",
        "Balik Kampung",
        "Cliffhanger",
        "Jelaskan Di Social Media",
        "Sebenarnya Semua Hanyalah Mimpi",
        "Cerai Talak Tiga",
        "Kahwin Lari",
    )
    refused(
        s,
        P1,
        {"type": "play", "card": card_id("Aku Sebenarnya Polis"), "target": P2, "pick": 70},
        "No other player has an ITEM",
    )
    refused(
        s,
        P1,
        {"type": "play", "card": card_id("Gangster Tapi Hati Baik"), "pick": 90},
        "no MEMBER in the Deck Hijau discard",
    )
    refused(s, P1, {"type": "play", "card": card_id("Balik Kampung")}, "6 AIR MUKA or less")
    refused(s, P1, {"type": "play", "card": card_id("Cliffhanger")}, "another player's turn")
    refused(s, P1, {"type": "play", "card": card_id("Jelaskan Di Social Media")}, "DENGKI is aimed at you")
    refused(s, P1, {"type": "play", "card": card_id("Sebenarnya Semua Hanyalah Mimpi"), "entry": 0}, "to cancel there")
    refused(s, P1, {"type": "play", "card": card_id("Cerai Talak Tiga"), "target": P2}, "No other player is married")
    refused(s, P1, {"type": "play", "card": card_id("Kahwin Lari"), "pick": 90}, "cannot be chosen")
    # a target that does not meet the effect's need
    (rolex,) = give(s, P2, "Jam Rolex Tiruan", where="items")
    refused(
        s, P1, {"type": "play", "card": card_id("Aku Sebenarnya Polis"), "target": P3, "pick": rolex}, "has no ITEM"
    )
    refused(
        s,
        P1,
        {"type": "play", "card": card_id("Aku Sebenarnya Polis"), "target": P2, "pick": rolex + 1},
        "cannot be chosen",
    )
    refused(s, P1, {"type": "play", "card": card_id("Aku Sebenarnya Polis"), "target": P2}, "Choose the 'pick'")


def test_not_your_turn(turn):
    s = turn
    give(s, P2, "Jumpa Bomoh", "Cliffhanger")
    refused(s, P2, {"type": "end_turn"}, "not your turn")
    refused(s, P2, {"type": "buy", "slot": 0}, "not your turn")
    refused(s, P2, {"type": "play", "card": card_id("Cliffhanger")}, "only when a window opens")
    refused(s, 5555, {"type": "end_turn"}, "not playing")
    # an eliminated player
    player(s, P3).alive = False
    player(s, P3).air_muka = 0
    refused(s, P3, {"type": "end_turn"}, "out of the game")
    player(s, P3).alive = True
    player(s, P3).air_muka = 7
    # another player's pending decision
    give(s, P2, "Jamal Sado", "Aina Mualaf", where="members")
    clear_hand(s, P2)
    s.turn.bonus_dengki = 1
    GAME.rules.apply(s, P1, {"type": "attack", "target": P2})
    assert s.choice is not None and s.choice.player == P2
    refused(s, P1, {"type": "absorb", "member": s.choice.options[0]}, "Another player is making a decision")
    refused(s, P2, {"type": "absorb", "member": 12}, "Choose one of the cards offered")
    refused(s, P2, {"type": "decline"}, "which MEMBER shields you")


def test_over_the_type_limit_without_choosing_a_replacement(turn):
    s = turn
    me = player(s, P1)
    me.juta = 9
    a, b = give(s, P1, "Klinik Kampung Ubi", "Rumah Teres Dua Tingkat", where="items")
    set_kedai(s, 0, "Surau Kampung")
    refused(s, P1, {"type": "buy", "slot": 0}, "choose which one to replace")
    refused(s, P1, {"type": "buy", "slot": 0, "replace": 999}, "Choose one of your own BUILDING")
    set_kedai(s, 1, "Jam Rolex Tiruan")
    refused(s, P1, {"type": "buy", "slot": 1, "replace": a}, "do not choose a card to replace")
    m1, m2 = give(s, P1, "Jamal Sado", "Lily", where="members")
    give(s, P1, "Aina Mualaf", "Cliffhanger")
    refused(s, P1, {"type": "play", "card": card_id("Aina Mualaf")}, "choose which one to replace")
    set_kedai(s, 2, "Bobby Mat Salleh")
    refused(s, P1, {"type": "recruit", "slot": 2}, "choose which one to replace")


def test_game_over_refuses_everything():
    s = new(2)
    arrange_turn(s, P1)
    clear_hand(s, P2)
    player(s, P2).air_muka = 1
    GAME.rules.apply(s, P1, {"type": "attack", "target": P2})
    assert GAME.rules.is_over(s)
    refused(s, P1, {"type": "end_turn"}, "game is over")
    with pytest.raises(IllegalAction):
        GAME.rules.timeout_action(s, P1)


def test_new_game_checks_players_and_options():
    with pytest.raises(IllegalAction, match="2 to 6 players"):
        GAME.rules.new_game([P1], 1)
    with pytest.raises(IllegalAction, match="2 to 6 players"):
        GAME.rules.new_game(list(range(1, 8)), 1)
    with pytest.raises(IllegalAction, match="different player"):
        GAME.rules.new_game([P1, P1], 1)
    with pytest.raises(IllegalAction, match="no option"):
        GAME.rules.new_game([P1, P2], 1, {"speed": 2})
    assert GAME.rules.check_options(None) == {"heroes": "choose"}
    with pytest.raises(ValueError):
        GAME.rules.result(new(2))
