"""A player leaving Drama Pukul 7: their hero is out as at 0 Air Muka, at whatever moment they leave.

RULINGS, "All games": in a match of three or more the match goes on without the
leaver, who counts as a loser; in Drama Pukul 7 their hero is eliminated as at 0
Air Muka. Each test leaves at one moment the table can be waiting in, then checks
that the match goes on exactly as the rules engine would without that hero.
"""

from __future__ import annotations

import pytest

from bot.games.drama.state import player
from bot.kernel.contract import LEAVE, IllegalAction, apply_logged, replay
from tests.games.drama.drama_helpers import (
    GAME,
    P1,
    P2,
    P3,
    arrange_turn,
    card_id,
    check_accounting,
    check_invariants,
    clear_hand,
    collect,
    give,
    ids_in,
    new,
    pass_all,
    public_cards,
    set_kedai,
)

HEROES = ["Ryan Kaya-Raya", "Inspektor Wang", "Ustazah Salmah"]


def act(state, pid, **action):
    return GAME.rules.apply(state, pid, action)


def leave(state, pid):
    """Leave, then check what must hold after any leave: the accounting, no hidden card in a
    public event, the leaver out and never asked again, the JSON round trip."""
    events = GAME.rules.player_left(state, pid)
    check_invariants(state)
    check_accounting(state)
    public = [e for e in events if "visible_to" not in e]
    assert public[0] == {"type": "left", "player": pid}
    assert {"type": "eliminated", "player": pid, "reason": "left"} in public
    assert ids_in(public) <= public_cards(state), "a public event shows a hidden card"
    p = player(state, pid)
    assert not p.alive and p.air_muka == 0 and pid in state.eliminated
    assert pid not in GAME.rules.actors(state) and GAME.rules.legal_actions(state, pid) == []
    if not GAME.rules.is_over(state):
        assert GAME.rules.actors(state), "the match must wait on someone still in"
        assert all(player(state, a).alive for a in GAME.rules.actors(state))
    assert GAME.rules.state_from_json(GAME.rules.state_to_json(state)) == state
    for e in events:
        assert GAME.presenter.event_line(e, {})
    return events


def types(events):
    return [e["type"] for e in events if "visible_to" not in e]


def three(seed: int = 1):
    s = new(3, seed=seed, heroes=HEROES)
    for pid in (P1, P2, P3):
        clear_hand(s, pid)
    return s


# --- who may leave ------------------------------------------------------------------------


def test_only_a_player_still_in_a_running_match_can_leave():
    s = new(3)
    before = GAME.rules.state_to_json(s)
    with pytest.raises(IllegalAction, match="not playing in this match"):
        GAME.rules.player_left(s, 4242)
    assert GAME.rules.state_to_json(s) == before
    leave(s, P3)
    before = GAME.rules.state_to_json(s)
    with pytest.raises(IllegalAction, match="already out"):
        GAME.rules.player_left(s, P3)
    assert GAME.rules.state_to_json(s) == before
    leave(s, P2)
    assert GAME.rules.is_over(s)
    before = GAME.rules.state_to_json(s)
    with pytest.raises(IllegalAction, match="already over"):
        GAME.rules.player_left(s, P1)
    assert GAME.rules.state_to_json(s) == before


def test_a_knocked_out_hero_cannot_leave_either():
    s = new(3)
    s.players[2].air_muka = 1
    arrange_turn(s, P1)
    clear_hand(s, P2)
    clear_hand(s, P3)
    act(s, P1, type="attack", target=P3)
    assert not player(s, P3).alive
    with pytest.raises(IllegalAction, match="already out"):
        GAME.rules.player_left(s, P3)


# --- the leaver's cards --------------------------------------------------------------------


def test_the_leavers_cards_go_to_the_discard_piles_and_their_juta_to_the_bank():
    s = new(3, heroes=HEROES)
    arrange_turn(s, P2)
    me = player(s, P1)
    (item,) = give(s, P1, "Motor Kapcai", where="items")
    m1, m2 = give(s, P1, "Jamal Sado", "Lily", where="members")
    me.spouse = m2
    hand = list(me.hand)
    s.bank -= 3 - me.juta
    me.juta, bank = 3, s.bank
    events = leave(s, P1)
    assert types(events) == ["left", "eliminated"]
    assert item in s.green_discard and m1 in s.green_discard and m2 in s.green_discard
    assert all(c in s.blue_discard for c in hand)
    assert s.bank == bank + 3 and me.juta == 0 and me.spouse is None
    assert not GAME.rules.is_over(s) and GAME.rules.actors(s) == {P2}


def test_a_leaver_is_skipped_in_the_turn_order_from_then_on():
    s = three()
    arrange_turn(s, P1)
    leave(s, P2)
    act(s, P1, type="end_turn")
    assert s.turn.player == P3
    collect(s)
    act(s, P3, type="end_turn")
    assert s.turn.player == P1


# --- hero picking -------------------------------------------------------------------------


def test_leaving_on_ones_own_pick_passes_the_pick_and_the_gold_card_on():
    s = GAME.rules.new_game([P1, P2, P3], 1)
    first, second, third = s.pick_queue
    assert s.first == first
    events = leave(s, first)
    assert types(events) == ["left", "eliminated"]
    assert s.phase == "pick" and s.pick_queue == [second, third] and GAME.rules.actors(s) == {second}
    act(s, second, type="pick_hero", hero=GAME.rules.legal_actions(s, second)[0]["hero"])
    events = act(s, third, type="pick_hero", hero=GAME.rules.legal_actions(s, third)[0]["hero"])
    assert {"type": "first_player", "player": second} in events
    assert s.first == second and s.turn.player == second and s.turn.number == 1
    assert player(s, first).hero == "" and not player(s, first).alive
    check_accounting(s)


def test_leaving_while_another_player_picks_removes_only_the_leavers_pick():
    s = GAME.rules.new_game([P1, P2, P3, 1004], 2, {"heroes": "deal"})
    first, second, third, fourth = s.pick_queue
    round_before = GAME.rules.waiting(s)
    leave(s, third)
    assert s.pick_queue == [first, second, fourth] and GAME.rules.waiting(s) == round_before
    for pid in (first, second, fourth):
        act(s, pid, type="pick_hero", hero=GAME.rules.legal_actions(s, pid)[0]["hero"])
    assert s.turn.player == first and s.phase == "collect"


def test_leaving_after_picking_but_before_the_first_turn():
    s = GAME.rules.new_game([P1, P2, P3], 3)
    first, second, third = s.pick_queue
    act(s, first, type="pick_hero", hero=GAME.rules.legal_actions(s, first)[0]["hero"])
    leave(s, first)
    act(s, second, type="pick_hero", hero=GAME.rules.legal_actions(s, second)[0]["hero"])
    act(s, third, type="pick_hero", hero=GAME.rules.legal_actions(s, third)[0]["hero"])
    assert s.turn.player == second and s.first == second


def test_the_last_to_pick_leaving_starts_the_first_turn():
    s = GAME.rules.new_game([P1, P2, P3], 4)
    first, second, third = s.pick_queue
    for pid in (first, second):
        act(s, pid, type="pick_hero", hero=GAME.rules.legal_actions(s, pid)[0]["hero"])
    events = leave(s, third)
    assert {"type": "first_player", "player": first} in events
    assert s.phase == "collect" and s.turn.player == first and s.turn.number == 1


def test_when_all_others_leave_during_picking_the_last_player_wins():
    s = GAME.rules.new_game([P1, P2, P3], 1)
    first, second, third = s.pick_queue
    leave(s, second)
    events = leave(s, first)
    assert events[-1] == {"type": "game_over", "winner": third}
    assert GAME.rules.is_over(s) and GAME.rules.waiting(s).turn is None
    r = GAME.rules.result(s)
    assert r.winners == (third,) and "left" in r.summary


# --- the leaver's own turn --------------------------------------------------------------------


def test_leaving_in_ones_own_action_phase_passes_the_turn_on():
    s = three()
    arrange_turn(s, P1)
    give(s, P2, "Jumpa Bomoh")
    events = leave(s, P1)
    assert types(events)[:4] == ["left", "eliminated", "turn_end", "turn"]
    assert s.turn.player == P2 and s.turn.number > 0
    assert s.choice.kind == "start" and GAME.rules.actors(s) == {P2}  # nobody else holds a card: no windows
    collect(s)
    assert s.phase == "action" and GAME.rules.actors(s) == {P2}


def test_leaving_at_the_start_of_ones_own_turn_skips_collecting():
    s = three()
    arrange_turn(s, P3)
    give(s, P2, "Jumpa Bomoh")
    act(s, P3, type="end_turn")
    assert s.turn.player == P1 and s.window is not None and s.window.waiting == [P2]
    events = leave(s, P1)
    assert "collect" not in types(events) and s.window.waiting == [P2]  # P2 may still answer
    bank = s.bank
    events = act(s, P2, type="pass") + collect(s)
    assert [e["player"] for e in events if e["type"] == "collect"] == [P2]  # P1 never collected
    assert s.turn.player == P2 and s.bank == bank - 1


def test_leaving_with_ones_card_on_the_stack_voids_it_and_the_window_finishes():
    s = three()
    arrange_turn(s, P1)
    give(s, P1, "Jumpa Bomoh")
    give(s, P2, "Pelumba Haram")
    give(s, P3, "Pelumba Haram")
    act(s, P1, type="play", card=card_id("Jumpa Bomoh"))
    rnd = GAME.rules.waiting(s).round
    leave(s, P1)
    assert s.window.waiting == [P2, P3] and s.window.stack[0]["void"] is True
    assert GAME.rules.waiting(s).round == rnd  # the others keep their prompt and deadline
    assert GAME.rules.view(s, P2)["window"]["stack"][0]["void"] is True
    events = []
    for pid in (P2, P3):
        events += act(s, pid, type="pass")
    assert {"type": "fizzle", "player": P1, "name": "Jumpa Bomoh"} in events
    assert "draw" not in [e["type"] for e in events if e.get("player") == P1]
    assert s.turn.player == P2


def test_leaving_during_ones_own_recruit_payment_drops_it():
    s = three()
    arrange_turn(s, P1)
    give(s, P1, "Jumpa Bomoh", "Cliffhanger")
    rashid = set_kedai(s, 0, "Dato Rashid")
    act(s, P1, type="recruit", slot=0)
    act(s, P1, type="pay", card=card_id("Jumpa Bomoh"))
    assert s.choice is not None and s.choice.kind == "pay"
    leave(s, P1)
    assert s.choice.kind == "start" and s.kedai[0] == rashid and s.turn.player == P2


def test_a_leaver_takes_no_extra_turn():
    s = three()
    arrange_turn(s, P1)
    s.extra_turns = 1
    leave(s, P1)
    assert s.turn.player == P2 and s.extra_turns == 0


# --- someone else's window ----------------------------------------------------------------------


def test_leaving_as_the_last_to_answer_closes_the_window_and_it_resolves():
    s = three()
    arrange_turn(s, P1)
    give(s, P1, "Jumpa Bomoh")
    give(s, P2, "Pelumba Haram")
    give(s, P3, "Pelumba Haram")
    act(s, P1, type="play", card=card_id("Jumpa Bomoh"))
    act(s, P2, type="pass")
    assert s.window.waiting == [P3]
    events = leave(s, P3)
    assert "resolve" in types(events) and len(player(s, P1).hand) == 2
    assert s.window is None and GAME.rules.actors(s) == {P1} and s.turn.player == P1


def test_leaving_while_others_still_answer_keeps_their_round():
    s = three()
    arrange_turn(s, P1)
    give(s, P1, "Jumpa Bomoh")
    give(s, P2, "Pelumba Haram")
    give(s, P3, "Pelumba Haram")
    act(s, P1, type="play", card=card_id("Jumpa Bomoh"))
    rnd = GAME.rules.waiting(s).round
    leave(s, P2)
    assert s.window.waiting == [P3] and GAME.rules.waiting(s).round == rnd
    act(s, P3, type="pass")
    assert len(player(s, P1).hand) == 2


def test_a_leavers_stacked_cancel_cancels_nothing_and_cannot_be_countered():
    s = three()
    arrange_turn(s, P1)
    give(s, P1, "Jumpa Bomoh")
    give(s, P2, "Sebenarnya Semua Hanyalah Mimpi")
    give(s, P3, "Rupanya Kembar!")
    act(s, P1, type="play", card=card_id("Jumpa Bomoh"))
    act(s, P2, type="play", card=card_id("Sebenarnya Semua Hanyalah Mimpi"), entry=0)
    assert {"type": "play", "card": card_id("Rupanya Kembar!"), "entry": 1} in GAME.rules.legal_actions(s, P3)
    leave(s, P2)
    assert s.window.waiting == [P3]
    assert [a for a in GAME.rules.legal_actions(s, P3) if a["type"] == "play"] == []  # nothing live to cancel
    with pytest.raises(IllegalAction):
        act(s, P3, type="play", card=card_id("Rupanya Kembar!"), entry=1)
    events = act(s, P3, type="pass")
    assert "cancelled" not in types(events)
    assert len(player(s, P1).hand) == 2  # Jumpa Bomoh resolved: the leaver's cancel did nothing


def test_a_leavers_reflection_does_not_turn_the_dengki_back():
    s = three()
    arrange_turn(s, P1)
    give(s, P2, "Jelaskan Di Social Media", "Pelumba Haram")
    give(s, P3, "Pelumba Haram")
    act(s, P1, type="attack", target=P2)
    act(s, P2, type="play", card=card_id("Jelaskan Di Social Media"))
    assert GAME.rules.view(s, P3)["attack"]["projected_target"] == P1
    leave(s, P2)
    assert GAME.rules.view(s, P3)["attack"]["projected_target"] == P2
    events = pass_all(s)
    assert "attack_off" in types(events) and player(s, P1).air_muka == 7
    assert s.turn.player == P3


# --- a pending Dengki ---------------------------------------------------------------------------


def test_the_attacker_leaving_before_the_dengki_lands_calls_it_off():
    s = three()
    arrange_turn(s, P1)
    give(s, P2, "Pelumba Haram")
    give(s, P3, "Pelumba Haram")
    act(s, P1, type="attack", target=P2)
    assert s.window.kind == "dengki" and s.window.waiting == [P2, P3]
    leave(s, P1)
    assert s.window.waiting == [P2, P3]
    events = pass_all(s)
    assert "attack_off" in types(events) and player(s, P2).air_muka == 7
    assert s.turn.player == P2


def test_the_target_leaving_before_the_dengki_lands_ends_the_attackers_turn():
    s = three()
    arrange_turn(s, P1)
    give(s, P2, "Pelumba Haram")
    give(s, P3, "Pelumba Haram")
    act(s, P1, type="attack", target=P2)
    events = leave(s, P2)
    assert s.window.waiting == [P3]
    events = act(s, P3, type="pass")
    assert "attack_off" in types(events) and s.turn.player == P3


# --- a choice pending for the leaver, or about the leaver's card ---------------------------------


def test_leaving_while_ordering_ones_shields_drops_the_hit():
    s = three()
    jamal, aina = give(s, P2, "Jamal Sado", "Aina Mualaf", where="members")
    arrange_turn(s, P1)
    s.turn.bonus_dengki = 1
    act(s, P1, type="attack", target=P2)
    assert s.choice.kind == "absorb" and GAME.rules.actors(s) == {P2}
    leave(s, P2)
    assert s.choice.kind == "start" and jamal in s.green_discard and aina in s.green_discard
    assert s.turn.player == P3  # the attacker's turn ended with the attack


def test_leaving_while_offered_a_reactive_ability_drops_the_loss():
    s = three()
    (klinik,) = give(s, P2, "Klinik Kampung Ubi", where="items")
    arrange_turn(s, P1)
    act(s, P1, type="attack", target=P2)
    assert s.choice.kind == "react" and GAME.rules.waiting(s).in_window
    events = leave(s, P2)
    assert s.choice.kind == "start" and klinik in s.green_discard and "air_muka" not in types(events)
    assert s.turn.player == P3


def test_leaving_while_a_thief_makes_room_for_ones_item_makes_the_theft_fail():
    s = three()
    kapcai, basikal = give(s, P1, "Motor Kapcai", "Basikal Tua", where="items")
    (lori,) = give(s, P2, "Lori Balak", where="items")
    arrange_turn(s, P1)
    give(s, P1, "Aku Sebenarnya Polis")
    act(s, P1, type="play", card=card_id("Aku Sebenarnya Polis"), target=P2, pick=lori)
    assert s.choice.kind == "to_hand" and s.choice.player == P1
    events = leave(s, P2)
    assert {"type": "take_fails", "player": P1, "target": P2, "card": lori, "name": "Lori Balak"} in events
    assert s.choice is None and lori in s.green_discard and player(s, P1).items == [kapcai, basikal]
    assert GAME.rules.actors(s) == {P1} and s.phase == "action"  # P1's turn goes on


def test_someone_elses_choice_is_left_alone():
    s = three()
    give(s, P3, "Jamal Sado", "Aina Mualaf", where="members")
    arrange_turn(s, P1)
    s.turn.bonus_dengki = 1
    act(s, P1, type="attack", target=P3)
    choice = s.choice
    leave(s, P2)
    assert s.choice == choice and GAME.rules.actors(s) == {P3}


# --- the end ----------------------------------------------------------------------------------------


def test_the_last_hero_left_wins():
    s = three()
    arrange_turn(s, P2)
    leave(s, P1)
    events = leave(s, P2)
    assert events[-1] == {"type": "game_over", "winner": P3}
    assert GAME.rules.is_over(s) and GAME.rules.actors(s) == frozenset()
    r = GAME.rules.result(s)
    assert r.winners == (P3,) and not r.is_draw and r.scores[P1] == r.scores[P2] == 0


def test_two_players_leaving_is_an_elimination_too():
    s = new(2)
    events = leave(s, P1)
    assert events[-1] == {"type": "game_over", "winner": P2} and GAME.rules.result(s).winners == (P2,)


def test_a_logged_leave_replays_to_the_same_state():
    ids = [P1, P2, P3]
    s = GAME.rules.new_game(ids, 5)
    log = []
    for _ in range(3):
        pid = s.pick_queue[0]
        action = GAME.rules.legal_actions(s, pid)[0]
        GAME.rules.apply(s, pid, action)
        log.append((pid, action))
    mid = next(iter(sorted(GAME.rules.actors(s))))
    apply_logged(GAME.rules, s, mid, dict(LEAVE))
    log.append((mid, dict(LEAVE)))
    assert not player(s, mid).alive
    assert replay(GAME.rules, ids, 5, None, log) == s
