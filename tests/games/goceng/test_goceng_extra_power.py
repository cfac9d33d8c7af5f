"""The Extra Power negotiation: asking, offers, changes, withdrawals, acceptance, and Ajian help."""

from __future__ import annotations

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


def test_a_negotiation_with_two_offers_and_one_accepted():
    s = _stuck_battler()
    assert GAME.legal_actions(s, 1) == [{"type": "ask_help"}, {"type": "give_up"}]
    act(s, 1, {"type": "ask_help"})
    assert GAME.waiting(s).in_window and GAME.actors(s) == {1, 3, 4}
    assert GAME.legal_actions(s, 2) == []
    offers_3 = [a for a in GAME.legal_actions(s, 3) if a["type"] == "offer"]
    assert {a["card"] for a in offers_3} == {"RY"}  # only cards that fit the battler's line
    assert [a["price"] for a in offers_3] == list(range(0, 21))
    illegal(s, 3, {"type": "offer", "card": "YY", "price": 1}, "does not fit")
    events = act(s, 3, {"type": "offer", "card": "RY", "price": 3})
    assert events[0] == {"type": "offer", "player": 3, "price": 3, "changed": False}
    assert events[1]["visible_to"] == [1, 3] and events[1]["card"] == "RY"
    act(s, 4, {"type": "offer", "card": "RG", "price": 1})
    # everyone answered; the offers stand (and may still change) until the battler decides
    assert GAME.actors(s) == {1, 3, 4} and s.battle.window.waiting == []
    assert GAME.waiting(s).round == 1
    assert GAME.legal_actions(s, 1) == [{"type": "accept", "helper": 3}, {"type": "accept", "helper": 4},
                                        {"type": "no_help"}]

    def offers(viewer):
        return {o["player"]: o["card"] and o["card"]["id"] for o in GAME.view(s, viewer)["battle"]["window"]["offers"]}

    assert offers(1) == {3: "RY", 4: "RG"}
    assert offers(3) == {3: "RY", 4: None} and offers(2) == {3: None, 4: None} and offers(None) == {3: None, 4: None}
    events = act(s, 1, {"type": "accept", "helper": 4})
    assert events[0] == {"type": "accept", "player": 1, "helper": 4, "card": "RG", "price": 1}
    assert s.coins == {1: 4, 2: 5, 3: 5, 4: 6}
    assert s.battle.lines[1] == ["RR", "RG"] and s.hands[4] == ["BR"] and s.hands[3] == ["RY", "YY"]
    assert s.hands[1] == ["BB"]
    assert s.battle.window is None and s.battle.holder == 2 and not GAME.waiting(s).in_window
    assert card_count(s) == ALL_CARDS


def test_an_offer_the_battler_cannot_afford():
    s = _stuck_battler()
    s.coins[1] = 1
    s.coins[2] = 9
    act(s, 1, {"type": "ask_help"})
    act(s, 3, {"type": "offer", "card": "RY", "price": 2})
    assert {"type": "accept", "helper": 3} not in GAME.legal_actions(s, 1)
    illegal(s, 1, {"type": "accept", "helper": 3}, "cannot afford")
    act(s, 4, {"type": "decline"})
    assert GAME.actors(s) == {1, 3} and GAME.legal_actions(s, 1) == [{"type": "no_help"}]
    assert GAME.legal_actions(s, 4) == []
    events = act(s, 1, {"type": "no_help"})
    assert types(events)[:2] == ["no_help", "battle_lost"]  # nothing of 1's own fits: the battle is lost
    assert s.stamina[1] == 2 and s.coins[1] == 1 and s.hands[3][:2] == ["RY", "YY"]


def test_a_withdrawn_offer_cannot_be_accepted_and_an_offer_can_change():
    s = _stuck_battler()
    act(s, 1, {"type": "ask_help"})
    act(s, 3, {"type": "offer", "card": "RY", "price": 4})
    assert GAME.legal_actions(s, 3)[-3:] == [{"type": "keep_offer"}, {"type": "withdraw"}, {"type": "decline"}]
    assert {"type": "offer", "card": "RY", "price": 4} not in GAME.legal_actions(s, 3)
    illegal(s, 3, {"type": "offer", "card": "RY", "price": 4}, "already your offer")
    events = act(s, 3, {"type": "offer", "card": "RY", "price": 2})
    assert events[0]["changed"] is True and s.battle.window.stack == [{"player": 3, "card": "RY", "price": 2}]
    act(s, 3, {"type": "withdraw"})
    assert s.battle.window.stack == [] and 3 in GAME.actors(s)
    illegal(s, 1, {"type": "accept", "helper": 3}, "no offer")
    illegal(s, 3, {"type": "withdraw"}, "no offer")
    act(s, 3, {"type": "decline"})
    act(s, 4, {"type": "offer", "card": "RG", "price": 0})
    act(s, 1, {"type": "accept", "helper": 4})
    assert s.battle.lines[1] == ["RR", "RG"] and s.coins[1] == 5


def test_when_everyone_declines_the_battler_plays_on_alone():
    s = _stuck_battler(extra={1: ["RR", "RB", "BB"]})
    act(s, 1, {"type": "ask_help"})  # asking is allowed even with a card that fits
    act(s, 3, {"type": "decline"})
    events = act(s, 4, {"type": "decline"})
    assert types(events) == ["decline", "no_help"]
    assert s.battle.window is None and s.battle.holder == 1
    assert GAME.legal_actions(s, 1) == [{"type": "play", "card": "RB"}]  # no second request, no giving up
    illegal(s, 1, {"type": "ask_help"}, "already asked")
    act(s, 1, {"type": "play", "card": "RB"})
    assert s.battle.holder == 2 and not s.battle.asked


def test_the_window_times_out_into_no_help():
    s = _stuck_battler()
    act(s, 1, {"type": "ask_help"})
    act(s, 3, {"type": "offer", "card": "RY", "price": 1})
    assert GAME.timeout_action(s, 1) == {"type": "no_help"}
    assert GAME.timeout_action(s, 4) == {"type": "decline"}
    assert GAME.timeout_action(s, 3) == {"type": "keep_offer"}  # silence does not withdraw an offer
    for order in (sorted, lambda ps: sorted(ps, reverse=True)):  # whatever order the timeouts land in
        t = GAME.state_from_json(GAME.state_to_json(s))
        for player in order([1, 3, 4]):
            if GAME.waiting(t).in_window and GAME.legal_actions(t, player):
                GAME.apply(t, player, GAME.timeout_action(t, player))
        assert not GAME.waiting(t).in_window and t.stamina[1] == 2 and t.hands[3][0] == "RY"
        assert t.coins[1] == 5 and t.coins[3] == 5  # no offer was taken


def test_a_kept_offer_stands_until_the_battler_decides():
    s = _stuck_battler()
    act(s, 1, {"type": "ask_help"})
    illegal(s, 3, {"type": "keep_offer"}, "no offer to keep")
    act(s, 3, {"type": "offer", "card": "RY", "price": 2})
    events = act(s, 3, {"type": "keep_offer"})
    assert events == [{"type": "keep_offer", "player": 3}]
    # 3 is no longer asked: they cannot change the offer now, but it stands
    assert GAME.actors(s) == {1, 4} and GAME.legal_actions(s, 3) == []
    illegal(s, 3, {"type": "offer", "card": "RY", "price": 1}, "not your turn")
    illegal(s, 3, {"type": "withdraw"}, "not your turn")
    assert [o["kept"] for o in GAME.view(s, 2)["battle"]["window"]["offers"]] == [True]
    assert "2 silver (final)" in GAME.render_view(GAME.view(s, 1), {})
    act(s, 4, {"type": "decline"})
    assert GAME.waiting(s).in_window and GAME.actors(s) == {1}  # the offer keeps the window open
    assert GAME.legal_actions(s, 1) == [{"type": "accept", "helper": 3}, {"type": "no_help"}]
    act(s, 1, {"type": "accept", "helper": 3})
    assert s.battle.lines[1] == ["RR", "RY"] and s.coins[1] == 3 and s.coins[3] == 7


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
    act(s, 3, {"type": "offer", "card": "TTI-GR", "price": 2})
    act(s, 4, {"type": "decline"})
    events = act(s, 1, {"type": "accept", "helper": 3})
    assert {"type": "thi_tjhi_ie", "player": 3} in events
    assert s.hands[3] == ["YY", top] and s.hands[1] == ["BB"]
    assert s.coins[3] == 7 and s.coins[1] == 3


def test_kasbon_as_extra_power_lets_the_helper_take_a_card():
    s = _stuck_battler(n=5, extra={3: ["KB-RB"], 4: ["GG", "YY"], 5: ["BB"]})
    act(s, 1, {"type": "ask_help"})
    act(s, 3, {"type": "offer", "card": "KB-RB", "price": 1})
    act(s, 1, {"type": "accept", "helper": 3})
    assert s.pending.kind == "kasbon" and s.pending.player == 3 and GAME.actors(s) == {3}
    assert [a["target"] for a in GAME.legal_actions(s, 3)] == [4, 5]  # not a battler, not the helper
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
        return next(p for p in GAME.view(s, viewer)["players"] if p["id"] == 2)["character"]

    assert character_of_2(3) == s.characters[2] and character_of_2(1) is None and character_of_2(4) is None


def test_tapak_bayangan_as_extra_power_hits_the_battlers_opponent():
    s = _stuck_battler(extra={3: ["TB-RG"]})
    act(s, 1, {"type": "ask_help"})
    act(s, 3, {"type": "offer", "card": "TB-RG", "price": 2})
    events = act(s, 1, {"type": "accept", "helper": 3})
    assert {"type": "tapak", "player": 3, "target": 2, "discarded": "GG"} in events
    assert s.battle.lines == {1: ["RR", "TB-RG"], 2: []}
    assert s.battle.holder == 2 and s.battle.owed[2] == 2
