"""Scenario tests of DRUMP's own-turn rules: placing, summoning, Extra Jack, exchanges, trimming."""

from __future__ import annotations

from drump_kit import GAME, A, B, arrange, hand, new, play, refused, side_view

from bot.games.drump.state import DISCARD, MAIN


def _summons(state, player=A):
    return [(a["part"], a["zone"]) for a in GAME.rules.legal_actions(state, player) if a["type"] == "summon"]


def test_drump_setup_deals_five_each_and_the_first_player_draws_a_sixth():
    for seed in range(20):
        state = new(seed)
        first = GAME.rules.waiting(state).turn
        second = B if first == A else A
        assert len(hand(state, first)) == 6 and len(hand(state, second)) == 5
        assert GAME.rules.view(state, None)["deck"] == 52 - 11
        assert GAME.rules.view(state, None)["first"] == first


def test_drump_place_first_card_face_up_then_face_down_and_one_per_zone_per_turn():
    state = arrange(new(), hands={A: ["3S", "4H", "5C", "KD"]})
    events = play(state, A, "place", card="3S", zone=0)
    assert events[0]["face_up"] and events[0]["card"] == "3S"
    refused(state, A, {"type": "place", "card": "4H", "zone": 0}, "already placed")
    refused(state, A, {"type": "place", "card": "KD", "zone": 1}, "Force Cards")
    GAME.rules.apply(state, A, {"type": "end_turn"})
    GAME.rules.apply(state, B, {"type": "end_turn"})
    events = play(state, A, "place", card="4H", zone=0)
    assert not events[0]["face_up"] and events[0]["card"] is None  # the public event hides it
    assert [i["card"] for i in side_view(state, B, A)["zones"][0]] == ["3S", None]
    assert [i["card"] for i in side_view(state, A, A)["zones"][0]] == ["3S", "4H"]


def test_drump_summon_sums_with_aces_need_two_cards():
    state = arrange(
        new(),
        hands={A: ["JS", "QH", "KC", "10D", "JH"]},
        zones={A: {0: ["AS"], 1: ["AH", "AC"], 2: ["AD", "2S"], 3: ["9S", "2H"]}},
    )
    # zone 0: a lone Ace never summons a Jack; zone 1: A+A = 2/12/22 -> Pegasus (12);
    # zone 2: A+2 = 3/13 -> Dragon (13); zone 3: 9+2 = 11 -> Hydra.
    assert sorted(_summons(state)) == sorted([("QH", 1), ("KC", 2), ("JS", 3), ("JH", 3)])
    refused(state, A, {"type": "summon", "part": "JS", "zone": 0}, "two or more cards")
    refused(state, A, {"type": "summon", "part": "10D", "zone": 1}, "cannot add up to 10")
    events = play(state, A, "summon", part="QH", zone=1)
    assert events[0]["cards"] == ["AH", "AC"] and events[0]["replaced"] is None
    assert side_view(state, B, A)["parts"]["body"] == "QH"
    assert side_view(state, B, A)["zones"][1] == []
    assert GAME.rules.view(state, B)["drop"][-2:] == ["AH", "AC"]
    refused(state, A, {"type": "summon", "part": "KC", "zone": 2}, "already summoned")


def test_drump_three_card_zone_with_an_ace_summons_at_its_high_value():
    state = arrange(new(), hands={A: ["JC"]}, zones={A: {0: ["AS", "5H", "5D"]}})  # 11 or 21
    assert _summons(state) == [("JC", 0)]


def test_drump_summon_replaces_a_part_already_in_the_slot():
    state = arrange(new(), hands={A: ["KS"]}, zones={A: {2: ["6H", "7C"]}}, parts={A: ["JS"]})
    events = play(state, A, "summon", part="KS", zone=2)
    assert events[0]["replaced"] == "JS"
    assert side_view(state, None, A)["parts"]["head"] == "KS"
    assert "JS" in GAME.rules.view(state, None)["drop"]


def test_drump_extra_jack_discards_an_ace_and_is_allowed_after_a_summon():
    state = arrange(new(), hands={A: ["AS", "AD", "JH", "JC", "QS", "2C"]}, zones={A: {0: ["5H", "7D"]}})
    play(state, A, "summon", part="QS", zone=0)
    events = play(state, A, "extra_jack", part="JH", ace="AS")
    assert events[0]["replaced"] is None
    assert side_view(state, A, A)["parts"]["body"] == "JH"
    assert hand(state, A) == ["AD", "2C", "JC"]
    refused(state, A, {"type": "extra_jack", "part": "JC", "ace": "2C"}, "not an Ace")
    refused(state, A, {"type": "extra_jack", "part": "AD", "ace": "AD"}, "not a Jack")
    refused(state, A, {"type": "extra_jack", "part": "JD", "ace": "AD"}, "do not have")
    play(state, A, "extra_jack", part="JC", ace="AD")  # no per-turn limit
    assert side_view(state, A, A)["parts"]["tail"] == "JC"


def test_drump_two_exchanges_per_turn_and_the_third_is_refused():
    state = arrange(new(), hands={A: ["10S", "JH", "QC", "3D"]}, drop=["KS", "4H", "QD"], deck_top=["9C"])
    takes = [a["take"] for a in GAME.rules.legal_actions(state, A) if a["type"] == "exchange" and a["part"] == "10S"]
    assert takes == ["draw", "QD", "KS"]  # only Monster Parts can be taken, never a Force Card
    refused(state, A, {"type": "exchange", "part": "10S", "take": "4H"}, "not one")
    refused(state, A, {"type": "exchange", "part": "3D", "take": "draw"}, "Force Card")
    events = play(state, A, "exchange", part="10S", take="KS")
    assert hand(state, A) == ["3D", "JH", "QC", "KS"] and "10S" in GAME.rules.view(state, B)["drop"]
    assert events[0] == {"type": "exchange", "player": A, "part": "10S", "take": "KS"}
    play(state, A, "exchange", part="JH", take="draw")
    assert "9C" in hand(state, A)
    assert not [a for a in GAME.rules.legal_actions(state, A) if a["type"] == "exchange"]
    refused(state, A, {"type": "exchange", "part": "QC", "take": "10S"}, "at most 2")


def test_drump_exchange_cannot_take_back_the_part_it_puts_down_nor_draw_from_an_empty_deck():
    state = arrange(new(), hands={A: ["10S"]}, drop=["KS"], deck_size=0)
    refused(state, A, {"type": "exchange", "part": "10S", "take": "10S"}, "not in the drop zone")
    refused(state, A, {"type": "exchange", "part": "10S", "take": "draw"}, "deck is empty")
    takes = [a["take"] for a in GAME.rules.legal_actions(state, A) if a["type"] == "exchange"]
    assert "KS" in takes and "draw" not in takes and "10S" not in takes


def test_drump_trimming_to_five_at_the_end_of_the_turn():
    state = arrange(new(), hands={A: ["2S", "5H", "9C", "10D", "KS", "AH", "7D"]}, deck_top=["3C"])
    events = play(state, A, "end_turn")
    assert state.phase == DISCARD and events[-1] == {"type": "trim", "player": A, "count": 2}
    assert GAME.rules.actors(state) == {A} and GAME.rules.waiting(state).turn == A
    assert not GAME.rules.waiting(state).in_window
    assert GAME.rules.legal_actions(state, A) == [{"type": "discard", "card": c} for c in hand(state, A)]
    refused(
        state,
        A,
        {"type": "end_turn"},
        "cannot end your turn now; the game is waiting for the turn player to discard down to 5",
    )
    # A timeout discards the lowest card: 2 lowest, Aces kept longest.
    assert GAME.rules.timeout_action(state, A) == {"type": "discard", "card": "2S"}
    GAME.rules.apply(state, A, GAME.rules.timeout_action(state, A))
    assert GAME.rules.timeout_action(state, A) == {"type": "discard", "card": "5H"}
    play(state, A, "discard", card="AH")
    assert hand(state, A) == ["5H", "7D", "9C", "10D", "KS"]
    assert GAME.rules.waiting(state).turn == B and state.phase == MAIN and hand(state, B) == ["3C"]


def test_drump_turn_timeout_ends_the_turn():
    state = arrange(new(), hands={A: ["2S"]})
    assert GAME.rules.timeout_action(state, A) == {"type": "end_turn"}
    GAME.rules.apply(state, A, GAME.rules.timeout_action(state, A))
    assert GAME.rules.waiting(state).turn == B
