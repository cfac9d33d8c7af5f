"""Mat Goceng scenarios: the challenge phase, battles, special fists and the Ajian cards played directly."""

from __future__ import annotations

from goceng_helpers import ALL_CARDS, GAME, act, card_count, deal, illegal, new, start_battle, types

# --- challenge phase ---------------------------------------------------------------------------


def test_everyone_reconciles_so_the_active_player_collects_draws_to_five_and_passes():
    s = new(4, seed=3)
    s.active = 1
    deal(s, {1: ["RR", "RY"]})
    act(s, 1, {"type": "challenge", "target": 2})
    act(s, 2, {"type": "reconcile"})
    assert GAME.rules.actors(s) == {1}
    assert {"type": "challenge", "target": 2} not in GAME.rules.legal_actions(s, 1)
    illegal(s, 1, {"type": "challenge", "target": 2}, "already challenged")
    act(s, 1, {"type": "challenge", "target": 3})
    act(s, 3, {"type": "reconcile"})
    act(s, 1, {"type": "challenge", "target": 4})
    events = act(s, 4, {"type": "reconcile"})
    assert types(events)[:3] == ["reconcile", "all_reconciled", "draw"]
    assert s.coins == {1: 11, 2: 3, 3: 3, 4: 3}
    assert len(s.hands[1]) == 5 and s.hands[1][:2] == ["RR", "RY"]
    assert s.active == 2 and s.phase == "challenge" and s.challenged == []
    assert GAME.rules.waiting(s).turn == 2


def test_a_player_who_cannot_pay_must_fight():
    s = new(3, seed=4)
    s.active = 1
    s.coins = {1: 12, 2: 1, 3: 2}
    act(s, 1, {"type": "challenge", "target": 2})
    assert GAME.rules.legal_actions(s, 2) == [{"type": "fight"}]
    illegal(s, 2, {"type": "reconcile"}, "must fight")
    act(s, 2, {"type": "fight"})
    assert s.phase == "battle" and s.battle.attacker == 1 and s.battle.defender == 2
    assert GAME.rules.actors(s) == {1}


def test_a_reconcile_chain_stops_at_a_player_who_cannot_pay():
    s = new(5, seed=4)
    s.active = 1
    s.coins = {1: 5, 2: 5, 3: 1, 4: 5, 5: 9}
    act(s, 1, {"type": "challenge", "target": 2})
    act(s, 2, {"type": "reconcile"})
    assert [a["target"] for a in GAME.rules.legal_actions(s, 1)] == [3, 4, 5]  # 2 is not challenged again
    act(s, 1, {"type": "challenge", "target": 3})
    assert GAME.rules.legal_actions(s, 3) == [{"type": "fight"}]  # 1 silver: 3 cannot pay, so must fight
    illegal(s, 3, {"type": "reconcile"}, "you have 1")
    act(s, 3, {"type": "fight"})
    assert (s.battle.attacker, s.battle.defender) == (1, 3) and s.coins == {1: 7, 2: 3, 3: 1, 4: 5, 5: 9}
    assert s.challenged == [2, 3]


def test_a_reconcile_chain_ends_in_a_fight_with_the_next_challenged_player():
    s = new(4, seed=5)
    s.active = 2
    s.coins = {1: 5, 2: 5, 3: 3, 4: 2}  # 3 pays with a gold and gets change; 4 pays its last 2 silver
    act(s, 2, {"type": "challenge", "target": 3})
    act(s, 3, {"type": "reconcile"})
    act(s, 2, {"type": "challenge", "target": 4})
    act(s, 4, {"type": "reconcile"})
    assert s.coins == {1: 5, 2: 9, 3: 1, 4: 0}
    assert GAME.rules.legal_actions(s, 2) == [{"type": "challenge", "target": 1}]
    act(s, 2, {"type": "challenge", "target": 1})
    act(s, 1, {"type": "fight"})
    assert (s.battle.attacker, s.battle.defender, s.battle.holder) == (2, 1, 2)
    assert sum(s.coins.values()) == 15  # the value set above, unchanged


# --- battles -----------------------------------------------------------------------------------


def test_a_battle_lost_at_the_first_card():
    s = new(3, seed=6)
    deal(s, {2: [], 3: ["GG", "BB"]})
    start_battle(s, 1, 2)
    act(s, 1, {"type": "play", "card": s.hands[1][0]})
    assert GAME.rules.legal_actions(s, 2) == [{"type": "ask_help"}, {"type": "give_up"}]
    events = act(s, 2, {"type": "give_up"})
    assert "battle_lost" in types(events)
    assert s.stamina == {1: 3, 2: 2, 3: 3}
    assert len(s.hands[1]) == 5 and len(s.hands[2]) == 5 and s.hands[3] == ["GG", "BB"]
    assert s.battle is None and s.active == 2 and s.phase == "challenge"
    assert card_count(s) == ALL_CARDS


def test_each_battler_extends_their_own_line_and_whoever_cannot_loses():
    s = new(3, seed=7)
    deal(s, {1: ["RY", "YG", "BB"], 2: ["BG", "GR"]})
    start_battle(s, 1, 2)
    act(s, 1, {"type": "play", "card": "RY"})
    assert s.battle.holder == 2
    act(s, 2, {"type": "play", "card": "BG"})  # 2's own line is empty: any card fits
    assert [a for a in GAME.rules.legal_actions(s, 1) if a["type"] == "play"] == [{"type": "play", "card": "YG"}]
    illegal(s, 1, {"type": "play", "card": "BB"}, "does not match")
    act(s, 1, {"type": "play", "card": "YG"})
    act(s, 2, {"type": "play", "card": "GR"})
    assert s.battle.lines == {1: ["RY", "YG"], 2: ["BG", "GR"]}
    assert GAME.rules.legal_actions(s, 1) == [{"type": "ask_help"}, {"type": "give_up"}]
    act(s, 1, {"type": "give_up"})
    assert s.stamina[1] == 2 and s.stamina[2] == 3
    assert {"BG", "GR", "RY", "YG"} <= set(s.discard)


def test_special_fists_match_every_colour():
    s = new(3, seed=8)
    deal(s, {1: ["RR", "*B", "YY"], 2: ["**", "GY", "BR", "YB"]})
    start_battle(s, 1, 2)
    act(s, 1, {"type": "play", "card": "RR"})
    act(s, 2, {"type": "play", "card": "**"})
    plays_1 = [a["card"] for a in GAME.rules.legal_actions(s, 1) if a["type"] == "play"]
    assert plays_1 == ["*B"]  # a special top fist fits a red line; yellow does not
    act(s, 1, {"type": "play", "card": "*B"})
    plays_2 = [a["card"] for a in GAME.rules.legal_actions(s, 2) if a["type"] == "play"]
    assert plays_2 == ["GY", "BR", "YB"]  # after a special bottom fist anything fits


def test_the_battler_who_can_continue_may_not_give_up():
    s = new(3, seed=9)
    deal(s, {1: ["RR", "RY"]})
    start_battle(s, 1, 2)
    illegal(s, 1, {"type": "give_up"}, "can still continue")


# --- Ajian cards played directly ---------------------------------------------------------------


def test_tapak_bayangan_discards_the_opponents_last_card_and_demands_two():
    s = new(3, seed=10)
    deal(s, {1: ["RR", "TB-RG", "GG"], 2: ["YY", "YB", "BB", "GR"]})
    start_battle(s, 1, 2)
    act(s, 1, {"type": "play", "card": "RR"})
    act(s, 2, {"type": "play", "card": "YY"})
    events = act(s, 1, {"type": "play", "card": "TB-RG"})
    tapak = next(e for e in events if e["type"] == "tapak")
    assert tapak == {"type": "tapak", "player": 1, "target": 2, "discarded": "YY"}
    assert s.battle.lines[2] == [] and "YY" in s.discard
    assert s.battle.holder == 2 and s.battle.owed[2] == 2
    act(s, 2, {"type": "play", "card": "YB"})  # the replacement: the line is empty again
    assert s.battle.holder == 2 and s.battle.owed[2] == 1
    act(s, 2, {"type": "play", "card": "BB"})  # the response
    assert s.battle.holder == 1 and s.battle.owed == {1: 1, 2: 1}
    assert card_count(s) == ALL_CARDS


def test_tapak_bayangan_against_an_empty_line_discards_nothing():
    s = new(3, seed=11)
    deal(s, {1: ["TB-YG"], 2: ["RR", "GG"]})
    start_battle(s, 1, 2)
    events = act(s, 1, {"type": "play", "card": "TB-YG"})
    assert {"type": "tapak", "player": 1, "target": 2, "discarded": None} in events
    assert s.battle.holder == 2 and s.battle.owed[2] == 1


def test_thi_tjhi_ie_draws_one_card_for_its_player():
    s = new(3, seed=12)
    deal(s, {1: ["TTI-GR", "RR"]})
    start_battle(s, 1, 2)
    deck_before = len(s.deck)
    top = s.deck[-1]
    events = act(s, 1, {"type": "play", "card": "TTI-GR"})
    assert s.hands[1] == ["RR", top] and len(s.deck) == deck_before - 1
    drew = next(e for e in events if e["type"] == "drew")
    assert drew["visible_to"] == [1] and drew["cards"] == [top]
    assert next(e for e in events if e["type"] == "draw") == {"type": "draw", "player": 1, "count": 1}


def test_kasbon_takes_a_random_card_from_a_chosen_player_outside_the_battle():
    s = new(4, seed=13)
    deal(s, {1: ["KB-RB", "RR"], 3: ["GG", "YY", "BB"], 4: ["RY"]})
    start_battle(s, 1, 2)
    act(s, 1, {"type": "play", "card": "KB-RB"})
    assert s.pending.kind == "kasbon" and GAME.rules.actors(s) == {1}
    assert GAME.rules.legal_actions(s, 1) == [{"type": "kasbon", "target": 3}, {"type": "kasbon", "target": 4}]
    illegal(s, 1, {"type": "kasbon", "target": 2}, "cannot take a card")
    probe = GAME.rules.state_from_json(GAME.rules.state_to_json(s))
    events = act(s, 1, {"type": "kasbon", "target": 3})
    taken = next(e for e in events if e["type"] == "kasbon_card")
    assert taken["visible_to"] == [1, 3] and taken["card"] in ("GG", "YY", "BB")
    assert {"type": "kasbon", "player": 1, "target": 3} in events  # the public line names no card
    assert s.hands[1] == ["RR", taken["card"]] and len(s.hands[3]) == 2
    GAME.rules.apply(probe, 1, {"type": "kasbon", "target": 3})  # the seeded RNG picks the same card again
    assert probe.hands == s.hands
    assert s.pending is None and s.battle.holder == 2


def test_kasbon_with_one_possible_target_resolves_at_once():
    s = new(3, seed=14)
    deal(s, {1: ["KB-GY"], 3: ["BB"]})
    start_battle(s, 1, 2)
    events = act(s, 1, {"type": "play", "card": "KB-GY"})
    assert "kasbon_card" in types(events) and s.hands[1] == ["BB"] and s.hands[3] == []
    assert s.pending is None


def test_mata_menembus_sukma_shows_one_character_to_its_player_only():
    s = new(4, seed=15)
    deal(s, {1: ["MMS-RY", "YY"]})
    start_battle(s, 1, 2)
    act(s, 1, {"type": "play", "card": "MMS-RY"})
    assert s.pending.kind == "peek" and GAME.rules.legal_actions(s, 1) == [
        {"type": "peek", "target": t} for t in (2, 3, 4)
    ]
    events = act(s, 1, {"type": "peek", "target": 3})
    peeked = next(e for e in events if e["type"] == "peeked")
    assert peeked["visible_to"] == [1] and peeked["character"] == s.characters[3]
    assert "character" not in next(e for e in events if e["type"] == "peek")

    def seen_by(viewer):
        return next(p for p in GAME.rules.view(s, viewer)["players"] if p["id"] == 3)["character"]

    assert seen_by(1) == s.characters[3]
    assert seen_by(2) is None and seen_by(4) is None and seen_by(None) is None
    assert s.battle.holder == 2


def test_a_second_tapak_bayangan_before_the_victims_turn_asks_for_one_more_card():
    s = new(3, seed=16)
    deal(s, {1: ["YY", "TB-YG", "GG", "GR", "RY"], 2: ["RR", "TB-BR", "TB-RG"]})
    start_battle(s, 1, 2)
    act(s, 1, {"type": "play", "card": "YY"})
    act(s, 2, {"type": "play", "card": "RR"})
    act(s, 1, {"type": "play", "card": "TB-YG"})  # 2 loses RR and owes 2 cards
    assert s.battle.lines == {1: ["YY", "TB-YG"], 2: []} and s.battle.owed == {1: 1, 2: 2}
    act(s, 2, {"type": "play", "card": "TB-BR"})  # the replacement, itself a Tapak: 1 loses TB-YG
    assert s.battle.holder == 2 and s.battle.owed == {1: 2, 2: 1}
    events = act(s, 2, {"type": "play", "card": "TB-RG"})  # the response, a Tapak again: 1 loses YY
    assert s.battle.lines == {1: [], 2: ["TB-BR", "TB-RG"]}
    assert events[-1] == {"type": "punch", "player": 1, "owed": 3}  # two replacements and a response
    for card in ("GG", "GR"):
        act(s, 1, {"type": "play", "card": card})
        assert s.battle.holder == 1
    act(s, 1, {"type": "play", "card": "RY"})
    assert s.battle.holder == 2 and s.battle.owed == {1: 1, 2: 1}
    assert card_count(s) == ALL_CARDS


def test_after_a_battle_both_battlers_draw_to_five_but_the_helper_does_not():
    s = new(4, seed=17)
    deal(s, {1: ["RR", "BB"], 2: ["GG", "GY"], 3: ["YY"], 4: ["RG", "BR"]})
    start_battle(s, 1, 2)
    act(s, 1, {"type": "play", "card": "RR"})
    act(s, 2, {"type": "play", "card": "GG"})
    act(s, 1, {"type": "ask_help"})
    act(s, 3, {"type": "decline"})
    act(s, 4, {"type": "offer", "card": "RG", "price": 1})
    act(s, 1, {"type": "accept", "helper": 4})
    act(s, 2, {"type": "play", "card": "GY"})
    events = act(s, 1, {"type": "give_up"})  # BB does not fit green
    drawn = {e["player"]: e["count"] for e in events if e["type"] == "draw"}
    assert drawn == {1: 4, 2: 5}
    assert len(s.hands[1]) == 5 and len(s.hands[2]) == 5
    assert s.hands[4] == ["BR"] and s.hands[3] == ["YY"]  # the helper plays on with what is left
    assert s.coins == {1: 4, 2: 5, 3: 5, 4: 6} and s.active == 2
