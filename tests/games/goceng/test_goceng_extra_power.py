"""The Extra Power negotiation: asking, offers, changes, withdrawals, acceptance, and Ajian help."""

from __future__ import annotations

import pytest
from goceng_helpers import ALL_CARDS, GAME, act, card_count, deal, illegal, new, start_battle, types


def _stuck_battler(n: int = 4, seed: int = 20, extra: dict | None = None):
    """Player 1 battles player 2; 1's line ends on red and 1 holds only a blue card."""
    s = new(n, seed)
    hands = {1: ["RR", "BB"], 2: ["GG", "GY"], 3: ["RY", "YY"], 4: ["RG", "BR"]}
    hands.update(extra or {})
    deal(s, {p: c for p, c in hands.items() if p <= n})
    start_battle(s, 1, 2)
    act(s, 1, {"type": "play", "card": "RR"})
    act(s, 2, {"type": "play", "card": "GG"})
    return s


def _offers(s, viewer):
    return {
        o["player"]: o["card"] and o["card"]["id"] for o in GAME.rules.view(s, viewer)["battle"]["window"]["offers"]
    }


def test_every_non_battler_is_asked_alike_and_the_battler_may_take_no_offer_at_once():
    s = _stuck_battler(extra={4: ["GG", "YY"]})  # 4 holds nothing that fits the red end
    assert GAME.rules.legal_actions(s, 1) == [{"type": "ask_help"}, {"type": "give_up"}]
    act(s, 1, {"type": "ask_help"})
    waiting = GAME.rules.waiting(s)
    assert waiting.in_window and waiting.window.full and waiting.window.decider == 1
    assert GAME.rules.actors(s) == {1, 3, 4}  # both asked; the battler may close the window at any time
    assert GAME.rules.legal_actions(s, 4) == [{"type": "decline"}]  # no fitting card: can only decline
    assert GAME.rules.legal_actions(s, 2) == [] and GAME.rules.legal_actions(s, 1) == [{"type": "no_help"}]
    # the public view says nothing about who is still asked or who could help
    assert GAME.rules.view(s, None)["battle"]["window"] == {"battler": 1, "you_may_answer": False, "offers": []}
    events = act(s, 1, {"type": "no_help"})  # before any offer arrives
    assert types(events)[0] == "no_help" and (s.battle is None or s.battle.window is None)


@pytest.mark.parametrize("coins", [5, 10, 30])
def test_a_helper_may_ask_any_whole_price_up_to_what_the_battler_holds(coins):
    s = _stuck_battler()
    s.coins[1] = coins
    act(s, 1, {"type": "ask_help"})
    offers_3 = [a for a in GAME.rules.legal_actions(s, 3) if a["type"] == "offer"]
    assert offers_3 == [{"type": "offer", "card": "RY", "price": p} for p in range(coins + 1)]  # the fitting card
    illegal(s, 3, {"type": "offer", "card": "RY", "price": coins + 1}, f"from 0 to {coins} silver")
    illegal(s, 3, {"type": "offer", "card": "RY", "price": -1}, f"from 0 to {coins} silver")
    illegal(s, 3, {"type": "offer", "card": "RY", "price": True}, "whole number")
    illegal(s, 3, {"type": "offer", "card": "YY", "price": 1}, "does not fit")
    act(s, 3, {"type": "offer", "card": "RY", "price": coins - 3})  # a price no short menu would hold
    assert _offers(s, 1) == {3: "RY"}


@pytest.mark.parametrize("coins", [5, 10, 30])
def test_the_battler_may_counter_with_any_lower_whole_price(coins):
    s = _stuck_battler()
    s.coins[1] = coins
    act(s, 1, {"type": "ask_help"})
    act(s, 3, {"type": "offer", "card": "RY", "price": coins})
    counters = [a["price"] for a in GAME.rules.legal_actions(s, 1) if a["type"] == "counter"]
    assert counters == list(range(coins))
    illegal(s, 1, {"type": "counter", "helper": 3, "price": coins}, f"below the {coins} asked")
    illegal(s, 1, {"type": "counter", "helper": 3, "price": -2}, f"from 0 to {coins - 1} silver")
    act(s, 1, {"type": "counter", "helper": 3, "price": coins - 1})
    events = act(s, 3, {"type": "take_counter"})
    assert "accept" in types(events) and s.coins[1] == 1 and s.battle.window is None


def test_two_helpers_compete_and_the_battler_sees_every_card():
    s = _stuck_battler()
    act(s, 1, {"type": "ask_help"})
    events = act(s, 3, {"type": "offer", "card": "RY", "price": 3})
    assert events[0] == {"type": "offer", "player": 3, "battler": 1, "price": 3, "changed": False}
    assert events[1]["visible_to"] == [1, 3] and events[1]["card"] == "RY"
    assert GAME.rules.actors(s) == {1, 3, 4}  # the battler was asked from the start; 3 may still revise
    assert GAME.rules.waiting(s).round == "1.0"
    act(s, 4, {"type": "offer", "card": "RG", "price": 1})
    assert GAME.rules.waiting(s).round == "1.0"  # nobody new was asked: everyone's prompt still answers
    assert GAME.rules.legal_actions(s, 1)[:2] == [{"type": "accept", "helper": 3}, {"type": "accept", "helper": 4}]
    assert {"type": "counter", "helper": 3, "price": 1} in GAME.rules.legal_actions(s, 1)
    assert _offers(s, 1) == {3: "RY", 4: "RG"}
    assert _offers(s, 3) == {3: "RY", 4: None} and _offers(s, 2) == {3: None, 4: None}
    assert _offers(s, None) == {3: None, 4: None}
    assert [o["price"] for o in GAME.rules.view(s, None)["battle"]["window"]["offers"]] == [3, 1]
    events = act(s, 1, {"type": "accept", "helper": 4})
    assert events[0] == {"type": "accept", "player": 1, "helper": 4, "card": "RG", "price": 1}
    assert s.coins == {1: 4, 2: 5, 3: 5, 4: 6}
    assert s.battle.lines[1] == ["RR", "RG"] and s.hands[4] == ["BR"] and s.hands[3] == ["RY", "YY"]
    assert s.battle.window is None and s.battle.holder == 2 and not GAME.rules.waiting(s).in_window
    assert card_count(s) == ALL_CARDS


def test_an_offer_is_revised_and_withdrawn_until_one_is_accepted():
    s = _stuck_battler()
    act(s, 1, {"type": "ask_help"})
    act(s, 3, {"type": "offer", "card": "RY", "price": 4})
    assert GAME.rules.legal_actions(s, 3)[-2:] == [{"type": "stand"}, {"type": "withdraw"}]
    assert {"type": "offer", "card": "RY", "price": 4} not in GAME.rules.legal_actions(s, 3)
    illegal(s, 3, {"type": "offer", "card": "RY", "price": 4}, "already your offer")
    illegal(s, 3, {"type": "decline"}, "withdraw it instead")
    events = act(s, 3, {"type": "offer", "card": "RY", "price": 1})
    assert events[0]["changed"] is True
    assert s.battle.window.stack == [{"player": 3, "card": "RY", "price": 1, "counter": None, "refused": False}]
    act(s, 3, {"type": "withdraw"})
    assert s.battle.window.stack == [] and GAME.rules.actors(s) == {1, 3, 4}  # 3 is asked again
    assert GAME.rules.legal_actions(s, 1) == [{"type": "no_help"}]  # the battler may still give up on help
    illegal(s, 1, {"type": "accept", "helper": 3}, "no offer standing")
    illegal(s, 3, {"type": "withdraw"}, "no offer to withdraw")
    act(s, 3, {"type": "decline"})
    act(s, 4, {"type": "offer", "card": "RG", "price": 0})
    act(s, 1, {"type": "accept", "helper": 4})
    assert s.battle.lines[1] == ["RR", "RG"] and s.coins[1] == 5


def test_a_counter_offer_accepted_closes_the_deal_at_the_lower_price():
    s = _stuck_battler()
    act(s, 1, {"type": "ask_help"})
    act(s, 3, {"type": "offer", "card": "RY", "price": 5})
    counters = [a["price"] for a in GAME.rules.legal_actions(s, 1) if a["type"] == "counter"]
    assert counters == [0, 1, 2, 3, 4]  # every price below the asked one
    illegal(s, 1, {"type": "counter", "helper": 3, "price": 5}, "below the 5 asked")
    illegal(s, 1, {"type": "counter", "helper": 4, "price": 1}, "no offer standing")
    act(s, 3, {"type": "stand"})
    assert GAME.rules.actors(s) == {1, 4} and GAME.rules.waiting(s).round == "1.0"  # 3 left the offer as it is
    events = act(s, 1, {"type": "counter", "helper": 3, "price": 2})
    assert events == [{"type": "counter", "player": 1, "helper": 3, "price": 2, "asked": 5}]
    assert 3 in GAME.rules.actors(s) and GAME.rules.waiting(s).round == "1.1"  # a counter asks the helper anew
    assert GAME.rules.legal_actions(s, 3)[:2] == [{"type": "take_counter"}, {"type": "refuse_counter"}]
    illegal(s, 1, {"type": "counter", "helper": 3, "price": 1}, "wait for their answer")
    illegal(s, 3, {"type": "stand"}, "take it or refuse it first")
    illegal(s, 4, {"type": "take_counter"}, "no counter-offer")
    assert GAME.rules.view(s, None)["battle"]["window"]["offers"][0]["counter"] == 2
    events = act(s, 3, {"type": "take_counter"})
    assert types(events)[:2] == ["take_counter", "accept"] and events[1]["price"] == 2
    assert s.coins[1] == 3 and s.coins[3] == 7 and s.battle.lines[1] == ["RR", "RY"]
    assert s.battle.window is None and s.battle.holder == 2


def test_a_counter_offer_refused_leaves_the_price_standing():
    s = _stuck_battler()
    act(s, 1, {"type": "ask_help"})
    act(s, 3, {"type": "offer", "card": "RY", "price": 4})
    act(s, 1, {"type": "counter", "helper": 3, "price": 1})
    events = act(s, 3, {"type": "refuse_counter"})
    assert events == [{"type": "refuse_counter", "player": 3, "battler": 1, "price": 4}]
    assert not any(a["type"] == "counter" for a in GAME.rules.legal_actions(s, 1))  # once per offer
    illegal(s, 1, {"type": "counter", "helper": 3, "price": 1}, "refused your counter-offer")
    act(s, 3, {"type": "offer", "card": "RY", "price": 3})  # a revision may be countered again
    assert {"type": "counter", "helper": 3, "price": 1} in GAME.rules.legal_actions(s, 1)
    act(s, 1, {"type": "accept", "helper": 3})
    assert s.coins[1] == 2 and s.coins[3] == 8


def test_the_battler_may_take_none():
    s = _stuck_battler()
    act(s, 1, {"type": "ask_help"})
    act(s, 3, {"type": "offer", "card": "RY", "price": 1})
    act(s, 4, {"type": "decline"})
    events = act(s, 1, {"type": "no_help"})
    assert types(events)[:2] == ["no_help", "battle_lost"]  # nothing of 1's own fits: the battle is lost
    assert s.stamina[1] == 2 and s.coins[1] == 5 and s.hands[3][:2] == ["RY", "YY"]


def test_when_everyone_declines_the_battler_plays_on_alone():
    s = _stuck_battler(extra={1: ["RR", "RB", "BB"]})
    act(s, 1, {"type": "ask_help"})  # asking is allowed even with a card that fits
    act(s, 3, {"type": "decline"})
    events = act(s, 4, {"type": "decline"})
    assert types(events) == ["decline", "no_help"]
    assert s.battle.window is None and s.battle.holder == 1
    assert GAME.rules.legal_actions(s, 1) == [{"type": "play", "card": "RB"}]  # no second request, no giving up
    illegal(s, 1, {"type": "ask_help"}, "already asked")
    act(s, 1, {"type": "play", "card": "RB"})
    assert s.battle.holder == 2 and not s.battle.asked


def test_the_window_times_out_into_no_help_whatever_the_order():
    s = _stuck_battler()
    act(s, 1, {"type": "ask_help"})
    act(s, 3, {"type": "offer", "card": "RY", "price": 1})
    act(s, 1, {"type": "counter", "helper": 3, "price": 0})
    assert GAME.rules.timeout_action(s, 1) == {"type": "no_help"}
    assert GAME.rules.timeout_action(s, 4) == {"type": "decline"}
    assert GAME.rules.timeout_action(s, 3) == {"type": "refuse_counter"}  # silence sells nothing
    for reverse in (False, True):
        t = GAME.rules.state_from_json(GAME.rules.state_to_json(s))
        for _ in range(10):  # the platform times out the lowest actor until the window closes
            if not GAME.rules.waiting(t).in_window:
                break
            player = sorted(GAME.rules.actors(t), reverse=reverse)[0]
            GAME.rules.apply(t, player, GAME.rules.timeout_action(t, player))
        assert not GAME.rules.waiting(t).in_window and t.stamina[1] == 2 and t.hands[3][0] == "RY"
        assert t.coins[1] == 5 and t.coins[3] == 5  # no offer was taken


def test_the_negotiation_round_trips_through_json_exactly():
    s = _stuck_battler()
    act(s, 1, {"type": "ask_help"})
    act(s, 3, {"type": "offer", "card": "RY", "price": 4})
    act(s, 1, {"type": "counter", "helper": 3, "price": 1})
    act(s, 4, {"type": "offer", "card": "RG", "price": 3})
    act(s, 4, {"type": "stand"})
    text = GAME.rules.state_to_json(s)
    again = GAME.rules.state_from_json(text)
    assert GAME.rules.state_to_json(again) == text and again.battle.window.stack == s.battle.window.stack
    assert again.battle.window.context == {"battler": 1, "final": [4], "round": 0}


def test_thi_tjhi_ie_as_extra_power_draws_for_the_helper():
    s = _stuck_battler(extra={3: ["TTI-GR", "YY"], 2: ["GG", "GY", "BB"]})
    act(s, 1, {"type": "ask_help"})
    act(s, 3, {"type": "decline"})
    act(s, 4, {"type": "offer", "card": "RG", "price": 0})
    act(s, 1, {"type": "accept", "helper": 4})
    act(s, 2, {"type": "play", "card": "GY"})
    # 1's line ends on green now; 3 helps with Thi Tjhi Ie and draws the extra card
    act(s, 1, {"type": "ask_help"})
    top = s.deck[-1]
    act(s, 3, {"type": "offer", "card": "TTI-GR", "price": 3})
    act(s, 4, {"type": "decline"})
    events = act(s, 1, {"type": "accept", "helper": 3})
    assert {"type": "thi_tjhi_ie", "player": 3} in events
    assert s.hands[3] == ["YY", top] and s.hands[1] == ["BB"]
    assert s.coins[3] == 8 and s.coins[1] == 2


def test_kasbon_as_extra_power_lets_the_helper_take_a_card():
    s = _stuck_battler(n=5, extra={3: ["KB-RB"], 4: ["GG", "YY"], 5: ["BB"]})
    act(s, 1, {"type": "ask_help"})
    act(s, 3, {"type": "offer", "card": "KB-RB", "price": 1})
    act(s, 1, {"type": "accept", "helper": 3})
    assert s.pending.kind == "kasbon" and s.pending.player == 3 and GAME.rules.actors(s) == {3}
    assert [a["target"] for a in GAME.rules.legal_actions(s, 3)] == [4, 5]  # not a battler, not the helper
    act(s, 3, {"type": "kasbon", "target": 5})
    assert s.hands[3] == ["BB"] and s.hands[5] == [] and s.hands[1] == ["BB"]
    assert s.battle.lines[1] == ["RR", "KB-RB"] and s.battle.holder == 2


def test_mata_menembus_sukma_as_extra_power_shows_the_helper():
    s = _stuck_battler(extra={3: ["MMS-RY"]})
    act(s, 1, {"type": "ask_help"})
    act(s, 3, {"type": "offer", "card": "MMS-RY", "price": 0})
    act(s, 1, {"type": "accept", "helper": 3})
    assert s.pending.kind == "peek" and s.pending.player == 3
    act(s, 3, {"type": "peek", "target": 2})
    assert s.seen == {1: [], 2: [], 3: [2], 4: []}

    def character_of_2(viewer):
        return next(p for p in GAME.rules.view(s, viewer)["players"] if p["id"] == 2)["character"]

    assert character_of_2(3) == s.characters[2] and character_of_2(1) is None and character_of_2(4) is None


def test_tapak_bayangan_as_extra_power_hits_the_battlers_opponent():
    s = _stuck_battler(extra={3: ["TB-RG"]})
    act(s, 1, {"type": "ask_help"})
    act(s, 3, {"type": "offer", "card": "TB-RG", "price": 3})
    events = act(s, 1, {"type": "accept", "helper": 3})
    assert {"type": "tapak", "player": 3, "target": 2, "discarded": "GG"} in events
    assert s.battle.lines == {1: ["RR", "TB-RG"], 2: []}
    assert s.battle.holder == 2 and s.battle.owed[2] == 2


def test_what_lasts_of_a_view_leaves_the_offers_to_the_prompts():
    """``lasting_view`` (what a hand DM shows) drops the open window and keeps everything else, unchanged."""
    s = _stuck_battler()
    act(s, 1, {"type": "ask_help"})
    act(s, 3, {"type": "offer", "card": "RY", "price": 0})
    view = GAME.rules.view(s, 3)
    before = repr(view)
    lasting = GAME.presenter.lasting(view)
    assert repr(view) == before  # the view itself is left as it was
    assert lasting["battle"]["window"] is None and view["battle"]["window"]["offers"]
    assert {k: v for k, v in lasting.items() if k != "battle"} == {k: v for k, v in view.items() if k != "battle"}
    assert {k: v for k, v in lasting["battle"].items() if k != "window"} == {
        k: v for k, v in view["battle"].items() if k != "window"
    }
    act(s, 1, {"type": "no_help"})
    assert GAME.presenter.lasting(GAME.rules.view(s, 3)) == GAME.rules.view(s, 3)  # no window open: the whole view
