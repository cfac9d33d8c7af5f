"""Plot Twist windows: when they open, who answers, last-in first-out, cancels, timing, Dengki counters."""

from __future__ import annotations

import pytest

from bot.games.drama.ai import HeuristicPolicy
from bot.games.drama.state import player
from bot.kernel.contract import IllegalAction
from tests.games.drama.drama_helpers import (
    GAME,
    P1,
    P2,
    P3,
    arrange_turn,
    card_id,
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


# --- Plot Twist windows ---------------------------------------------------------------------


def test_every_player_with_cards_is_asked_and_passing_closes_the_window():
    s = new(4)
    tp = s.turn.player
    w = s.window
    assert set(w.waiting) == {p.id for p in s.players} - {tp}
    assert GAME.rules.waiting(s).in_window
    for pid in list(w.waiting):
        assert GAME.rules.timeout_action(s, pid) == {"type": "pass"}
        act(s, pid, type="pass")
    assert s.window is None and s.choice.kind == "start" and GAME.rules.actors(s) == {tp}
    collect(s)
    assert s.window.kind == "action_start"


def test_plot_twist_on_own_turn_costs_an_action_and_others_are_free():
    s = new(2, heroes=["Ryan Kaya-Raya", "Inspektor Wang"])
    arrange_turn(s, P1)
    clear_hand(s, P1)
    clear_hand(s, P2)
    give(s, P2, "Klinik Kampung Ubi", where="items")
    give(s, P1, "Aku Sebenarnya Polis")
    act(s, P1, type="play", card=card_id("Aku Sebenarnya Polis"), target=P2, pick=card_id("Klinik Kampung Ubi"))
    assert s.turn.actions_used == 1
    assert card_id("Klinik Kampung Ubi") in player(s, P1).items
    # on P2's turn P1 answers for free in a window
    arrange_turn(s, P2)
    give(s, P1, "Sebenarnya Semua Hanyalah Mimpi")
    give(s, P2, "Jumpa Bomoh")
    act(s, P2, type="play", card=card_id("Jumpa Bomoh"))
    hand = len(player(s, P2).hand)
    act(s, P1, type="play", card=card_id("Sebenarnya Semua Hanyalah Mimpi"), entry=0)
    assert s.turn.actions_used == 1  # P2's action for the Episode only
    pass_all(s)
    assert len(player(s, P2).hand) == hand  # the Episode was cancelled


def test_cancel_of_a_cancel_resolves_last_in_first_out():
    s = new(3, heroes=["Ryan Kaya-Raya", "Inspektor Wang", "Ustazah Salmah"])
    arrange_turn(s, P1)
    for pid in (P1, P2, P3):
        clear_hand(s, pid)
    give(s, P1, "Pelumba Haram", "Jumpa Bomoh")
    give(s, P2, "Sebenarnya Semua Hanyalah Mimpi")
    give(s, P3, "Rupanya Kembar!")
    s.turn.bonus_action = 1  # so P1 may still answer in the windows of this turn
    act(s, P1, type="play", card=card_id("Pelumba Haram"))
    assert set(s.window.waiting) == {P2, P3}
    act(s, P2, type="play", card=card_id("Sebenarnya Semua Hanyalah Mimpi"), entry=0)
    assert set(s.window.waiting) == {P1, P3}  # a new round: the cancel can be countered
    # P3's Kembar cancels P2's Mimpi (a Plot Twist); Kembar cannot target the Episode
    legal = [a for a in GAME.rules.legal_actions(s, P3) if a["type"] == "play"]
    assert legal == [{"type": "play", "card": card_id("Rupanya Kembar!"), "entry": 1}]
    act(s, P3, type="play", card=card_id("Rupanya Kembar!"), entry=1)
    pass_all(s)
    assert s.extra_turns == 1  # Pelumba Haram stands: its cancel was cancelled
    act(s, P1, type="end_turn")
    assert s.turn.player == P1


def test_cancel_resolves_and_the_episode_does_nothing():
    s = new(2)
    arrange_turn(s, P1)
    clear_hand(s, P1)
    clear_hand(s, P2)
    give(s, P1, "Pelumba Haram")
    give(s, P2, "Saksi Palsu")
    act(s, P1, type="play", card=card_id("Pelumba Haram"))
    events = act(s, P2, type="play", card=card_id("Saksi Palsu"), entry=0)
    assert any(e["type"] == "cancelled" for e in events)
    assert s.extra_turns == 0


def test_cliffhanger_in_collecting_phase_skips_the_whole_turn():
    s = new(2)
    tp = s.turn.player
    other = P2 if tp == P1 else P1
    clear_hand(s, other)
    give(s, other, "Cliffhanger")
    me = player(s, tp)
    juta, hand = me.juta, len(me.hand)
    act(s, other, type="play", card=card_id("Cliffhanger"))
    assert GAME.rules.actors(s) == {tp}  # the turn player may answer (paying an Action)
    act(s, tp, type="pass")
    assert me.juta == juta and len(me.hand) == hand  # nothing collected
    assert s.turn.player == other


def test_cliffhanger_in_action_phase_stops_cards_and_attack_but_not_buying():
    s = new(2)
    tp = s.turn.player
    other = P2 if tp == P1 else P1
    clear_hand(s, other)
    give(s, other, "Cliffhanger")
    pass_window(s)
    collect(s)
    me = player(s, tp)
    juta = me.juta
    act(s, other, type="play", card=card_id("Cliffhanger"))
    act(s, tp, type="pass")
    assert s.phase == "action" and s.turn.silenced and me.juta == juta
    types = {a["type"] for a in GAME.rules.legal_actions(s, tp)}
    assert "attack" not in types and "play" not in types and "end_turn" in types
    with pytest.raises(IllegalAction, match="Cliffhanger"):
        act(s, tp, type="attack", target=other)
    me.juta = 9
    rolex = set_kedai(s, 0, "Jam Rolex Tiruan")
    act(s, tp, type="buy", slot=0)  # free actions stay allowed
    assert rolex in me.items and me.juta == 7


def test_cliffhanger_after_dengki_is_declared_stops_the_attack():
    s = new(2)
    arrange_turn(s, P1)
    clear_hand(s, P2)
    give(s, P2, "Cliffhanger")
    act(s, P1, type="attack", target=P2)
    act(s, P2, type="play", card=card_id("Cliffhanger"))
    pass_all(s)
    assert player(s, P2).air_muka == 7 and s.turn.player == P2


def test_jelaskan_turns_dengki_back_and_a_second_one_turns_it_again():
    s = new(2)
    arrange_turn(s, P1)
    clear_hand(s, P1)
    clear_hand(s, P2)
    give(s, P1, "Jelaskan Di Social Media")
    give(s, P2, "Jelaskan Di Social Media")
    with pytest.raises(IllegalAction, match="DENGKI is aimed at you"):
        act(s, P1, type="play", card=card_id("Jelaskan Di Social Media"))
    s.turn.bonus_action = 1
    act(s, P1, type="attack", target=P2)
    j2 = [c for c in player(s, P2).hand][0]
    act(s, P2, type="play", card=j2)
    assert GAME.rules.view(s, P1)["attack"]["projected_target"] == P1
    j1 = player(s, P1).hand[0]
    act(s, P1, type="play", card=j1)  # counters with the same effect (costs P1 an Action)
    pass_all(s)
    assert player(s, P2).air_muka == 6 and player(s, P1).air_muka == 7


def test_jelaskan_reflection_hits_the_attacker():
    s = new(2)
    arrange_turn(s, P1)
    clear_hand(s, P2)
    give(s, P2, "Jelaskan Di Social Media")
    act(s, P1, type="attack", target=P2)
    act(s, P2, type="play", card=card_id("Jelaskan Di Social Media"))
    pass_all(s)
    assert player(s, P1).air_muka == 6 and player(s, P2).air_muka == 7


def test_pelumba_haram_gives_an_extra_turn():
    s = new(2)
    arrange_turn(s, P1)
    clear_hand(s, P2)
    give(s, P1, "Pelumba Haram")
    act(s, P1, type="play", card=card_id("Pelumba Haram"))
    assert s.extra_turns == 1
    n = s.turn.number
    act(s, P1, type="end_turn")
    assert s.turn.player == P1 and s.turn.number == n + 1 and s.extra_turns == 0
    pass_all(s)
    act(s, P1, type="end_turn")
    assert s.turn.player == P2


def test_last_in_first_out_the_answer_resolves_before_the_card_it_answers():
    """Rampas Harta Pusaka answered by Hutang Keliling Pinggang: the answer resolves first."""
    s = new(2)
    arrange_turn(s, P1)
    for pid in (P1, P2):
        clear_hand(s, pid)
    give(s, P1, "Rampas Harta Pusaka")
    give(s, P2, "Hutang Keliling Pinggang")
    me, them = player(s, P1), player(s, P2)
    s.bank += me.juta + them.juta - 2
    me.juta, them.juta = 1, 1
    act(s, P1, type="play", card=card_id("Rampas Harta Pusaka"), target=P2)
    act(s, P2, type="play", card=card_id("Hutang Keliling Pinggang"), target=P1)
    assert s.window is None
    # Hutang first: P1 1 -> 0, P2 1 -> 2; then Rampas takes 2 back (first-in first-out would end at 1 and 1)
    assert (me.juta, them.juta) == (2, 0)


def test_windows_open_at_each_ruled_moment():
    """After every card, ability or purchase put into play, on a Dengki target, and at both turn starts."""
    s = new(3, heroes=["Ryan Kaya-Raya", "Inspektor Wang", "Ustazah Salmah"])
    arrange_turn(s, P1)
    for pid in (P1, P2, P3):
        clear_hand(s, pid)
    give(s, P2, "Jumpa Bomoh")
    give(s, P3, "Jumpa Bomoh")
    me = player(s, P1)
    me.juta = 9
    s.bank -= 9 - 1
    s.turn.bonus_action = 5
    bomoh, rumah, pay1, pay2 = give(s, P1, "Jumpa Bomoh", "Rumah Teres Dua Tingkat", "Cliffhanger", "Pelumba Haram")
    (tel,) = give(s, P1, "Telefon Lipat", where="items")
    (lily,) = give(s, P1, "Lily", where="members")
    set_kedai(s, 0, "Jam Rolex Tiruan")
    set_kedai(s, 1, "Aina Mualaf")

    def window_after(kind, stack, **action):
        act(s, P1, **action)
        assert s.window is not None and s.window.kind == kind, action
        assert s.window.waiting == [P2, P3], action  # everyone else, in seat order after the turn player
        assert [e["cls"] for e in s.window.stack] == stack, action
        pass_window(s)
        assert s.window is None

    window_after("played", ["episode"], type="play", card=bomoh)
    window_after("played", [], type="buy", slot=0)
    act(s, P1, type="recruit", slot=1)
    window_after("played", [], type="pay", card=pay1)
    window_after("played", [], type="play", card=rumah)
    window_after("played", ["ability"], type="hero_ability", discard=pay2)
    window_after("played", ["ability"], type="use", card=tel)
    act(s, P1, type="kahwin", member=lily)
    assert s.window is None  # KAHWIN puts no card into play
    act(s, P1, type="attack", target=P2)
    assert s.window.kind == "dengki" and s.window.waiting == [P2, P3]
    pass_window(s)
    assert s.turn.player == P2 and s.window.kind == "turn_start" and s.window.waiting == [P3, P1]
    pass_window(s)
    collect(s)
    assert s.phase == "action" and s.window.kind == "action_start" and s.window.waiting == [P3, P1]


def test_a_plot_twist_reopens_the_window_for_everyone_else():
    s = new(3, heroes=["Ryan Kaya-Raya", "Inspektor Wang", "Ustazah Salmah"])
    arrange_turn(s, P1)
    for pid in (P1, P2, P3):
        clear_hand(s, pid)
    give(s, P1, "Pelumba Haram", "Jumpa Bomoh")
    give(s, P2, "Anak Luar Nikah Muncul", "Jumpa Bomoh")
    give(s, P3, "Jumpa Bomoh")
    s.turn.bonus_action = 1
    act(s, P1, type="play", card=card_id("Pelumba Haram"))
    act(s, P3, type="pass")
    assert s.window.waiting == [P2]
    act(s, P2, type="play", card=card_id("Anak Luar Nikah Muncul"), target=P1)
    assert s.window.waiting == [P3, P1] and s.window.answered == [P2]  # P3 passed before, and is asked again
    assert [e["cls"] for e in s.window.stack] == ["episode", "plot_twist"]
    pass_all(s)
    assert player(s, P1).air_muka == 6 and s.extra_turns == 1


def test_window_round_is_shared_until_a_response_reopens_the_window():
    """The platform gives one deadline per round: passes keep the round, a response or a new window changes it."""
    s = new(3)
    tp = s.turn.player
    waiting = list(s.window.waiting)
    first = GAME.rules.waiting(s).round
    assert first is not None
    act(s, waiting[0], type="pass")
    assert GAME.rules.waiting(s).round == first
    responder = waiting[1]
    clear_hand(s, responder)
    give(s, responder, "Anak Luar Nikah Muncul", "Jumpa Bomoh")
    act(s, responder, type="play", card=card_id("Anak Luar Nikah Muncul"), target=tp)
    second = GAME.rules.waiting(s).round
    assert second not in (None, first) and s.window.kind == "turn_start"
    pass_all(s)
    assert s.window is None and GAME.rules.waiting(s).round is None and not GAME.rules.waiting(s).in_window
    assert s.phase == "action"
    # a reactive-ability decision is a response round of its own
    s = new(2)
    arrange_turn(s, P1)
    clear_hand(s, P2)
    give(s, P2, "Klinik Kampung Ubi", where="items")
    act(s, P1, type="attack", target=P2)
    assert s.choice.kind == "react" and GAME.rules.waiting(s).in_window
    assert str(GAME.rules.waiting(s).round).startswith("react-")


def test_every_pending_decision_has_a_legal_timeout_that_moves_on():
    # picking a hero
    s = GAME.rules.new_game([P1, P2], 2)
    pid = s.pick_queue[0]
    t = GAME.rules.timeout_action(s, pid)
    assert t in GAME.rules.legal_actions(s, pid)
    act(s, pid, **t)
    assert player(s, pid).hero
    # a window: pass; the turn: end it
    s = new(2)
    for expected in ("pass", "collect", "pass"):  # the window, the turn player's collect-or-attack, a window
        pid = next(iter(GAME.rules.actors(s)))
        assert GAME.rules.timeout_action(s, pid) == {"type": expected}
        act(s, pid, **GAME.rules.timeout_action(s, pid))
    tp = s.turn.player
    assert GAME.rules.timeout_action(s, tp) == {"type": "end_turn"}
    act(s, tp, type="end_turn")
    assert s.turn.player != tp
    # paying to recruit: cancel, nothing is paid
    s = new(2)
    arrange_turn(s, P1)
    hand = list(player(s, P1).hand)
    set_kedai(s, 0, "Jamal Sado")
    act(s, P1, type="recruit", slot=0)
    act(s, P1, type="pay", card=hand[0])
    assert GAME.rules.timeout_action(s, P1) == {"type": "cancel"}
    act(s, P1, type="cancel")
    assert player(s, P1).hand == hand and player(s, P1).members == [] and s.choice is None
    # which Member absorbs first: the first offered
    s = new(2)
    jamal, aina = give(s, P2, "Jamal Sado", "Aina Mualaf", where="members")
    clear_hand(s, P2)
    arrange_turn(s, P1)
    s.turn.bonus_dengki = 1
    act(s, P1, type="attack", target=P2)
    assert GAME.rules.timeout_action(s, P2) == {"type": "absorb", "member": jamal}
    act(s, P2, **GAME.rules.timeout_action(s, P2))
    assert player(s, P2).members == [aina] and player(s, P2).air_muka == 7


def test_the_seat_filling_policy_is_the_heuristic():
    assert isinstance(GAME.policies["normal"](), HeuristicPolicy)


def test_a_dengki_turned_back_is_told_as_going_the_other_way():
    """Once a reflection stands, the window's words and the picture name the turned-back attack as it now goes
    (P2's DENGKI at P1), never "P1 attacks P1"."""
    from bot.games.drama.explain import _moment
    from bot.games.drama.picture import _chain_lines

    s = new(2)
    arrange_turn(s, P1)
    clear_hand(s, P2)
    give(s, P2, "Jelaskan Di Social Media")
    act(s, P1, type="attack", target=P2)
    names = {P1: "Ayu", P2: "Budi"}
    assert _moment(s, P1, names).startswith("Ayu aims")
    act(s, P2, type="play", card=card_id("Jelaskan Di Social Media"))
    assert _moment(s, P2, names).startswith("Budi aims") and "Ayu" in _moment(s, P2, names)
    (attack, *_) = _chain_lines(GAME.rules.view(s, None), names)
    assert "Budi attacks Ayu" in attack
