"""Scenario tests of the attack exchange: success at 14, failure, blocks, re-attacks, Aces."""

from __future__ import annotations

from drump_kit import GAME, A, B, arrange, hand, new, play, refused, side_view

from bot.games.drump.state import BLOCK, MAIN, REATTACK


def _types(events):
    return [e["type"] for e in events]


def test_drump_unblocked_attack_reaching_14_clears_the_zone_and_the_attacker_draws():
    state = arrange(new(), hands={A: ["2S", "8D"]}, zones={B: {1: ["9H", "3C"]}}, deck_top=["4D"])
    events = play(state, A, "attack", target=1, card="2S")
    assert events[0]["card"] == "2S" and state.phase == BLOCK
    assert (
        GAME.rules.waiting(state).in_window and GAME.rules.actors(state) == {B} and GAME.rules.waiting(state).turn == A
    )
    assert GAME.rules.view(state, A)["attack"]["card"] == "2S"
    assert GAME.rules.timeout_action(state, B) == {"type": "no_block"}
    events = play(state, B, "no_block")
    assert _types(events) == ["no_block", "reveal", "attack_success", "draw", "drew"]
    assert events[1]["cards"] == ["9H", "3C"] and events[2]["total"] == 14
    assert side_view(state, A, B)["zones"][1] == []
    assert GAME.rules.view(state, None)["drop"][-3:] == ["9H", "3C", "2S"]
    assert hand(state, A) == ["4D", "8D"] and state.phase == MAIN and not GAME.rules.waiting(state).in_window
    refused(state, A, {"type": "attack", "target": 1, "card": "8D"}, "already attacked")


def test_drump_attack_with_an_ace_counts_it_11_to_reach_14():
    state = arrange(new(), hands={A: ["AS"]}, zones={B: {0: ["3H"]}})
    play(state, A, "attack", target=0, card="AS")
    events = play(state, B, "no_block")
    assert events[-3]["type"] == "attack_success" and events[-3]["total"] == 14


def test_drump_failed_attack_stays_face_up_in_the_zone_and_counts_for_its_owner():
    state = arrange(new(), hands={A: ["2S"], B: ["KC"]}, zones={B: {3: ["9H", "2C"]}}, deck_top=["5S", "6S"])
    play(state, A, "attack", target=3, card="2S")
    events = play(state, B, "no_block")
    assert _types(events) == ["no_block", "reveal", "attack_fail"]
    assert events[-1]["total"] == 13
    zone = side_view(state, A, B)["zones"][3]
    assert zone == [{"card": "9H", "up": True}, {"card": "2C", "up": True}, {"card": "2S", "up": True}]
    assert hand(state, A) == []  # no draw for a failed attack
    play(state, A, "end_turn")
    # The zone is now B's: 9 + 2 + 2 = 13 summons B's Dragon.
    play(state, B, "summon", part="KC", zone=3)
    assert side_view(state, None, B)["parts"]["tail"] == "KC"


def test_drump_attack_needs_a_force_card_and_a_non_empty_zone():
    state = arrange(new(), hands={A: ["KS", "5H"]}, zones={B: {0: ["4C"]}})
    refused(state, A, {"type": "attack", "target": 2, "card": "5H"}, "empty")
    refused(state, A, {"type": "attack", "target": 0, "card": "KS"}, "Force Card")
    refused(state, A, {"type": "attack", "target": 0, "card": "7H"}, "do not have")


def test_drump_block_then_higher_reattack_then_blocked_again_then_stop():
    state = arrange(
        new(),
        hands={A: ["5S", "4D", "QC", "KD"], B: ["10H", "JS"]},
        zones={B: {2: ["6C", "AH"]}},
        deck_top=["2D", "3D"],
    )
    play(state, A, "attack", target=2, card="5S")
    # A block may use any Monster Part (or an Ace); Force Cards cannot block.
    assert GAME.rules.legal_actions(state, B) == [
        {"type": "block", "card": "10H"},
        {"type": "block", "card": "JS"},
        {"type": "no_block"},
    ]
    events = play(state, B, "block", card="10H")
    assert _types(events) == ["block", "draw", "drew"] and events[0]["blocked"] == "5S"
    assert hand(state, B) == ["2D", "JS"] and GAME.rules.view(state, None)["drop"][-2:] == ["5S", "10H"]
    assert side_view(state, A, B)["zones"][2] == [{"card": "6C", "up": True}, {"card": None, "up": False}]
    assert state.phase == REATTACK and GAME.rules.actors(state) == {A} and not GAME.rules.waiting(state).in_window
    assert GAME.rules.timeout_action(state, A) == {"type": "stop"}
    # Higher than 5: the Queen part (12) and King part (13) qualify, the 4 does not.
    assert GAME.rules.legal_actions(state, A) == [
        {"type": "reattack", "card": "QC"},
        {"type": "reattack", "card": "KD"},
        {"type": "stop"},
    ]
    refused(state, A, {"type": "reattack", "card": "4D"}, "worth more than 5")
    play(state, A, "reattack", card="QC")
    assert state.phase == BLOCK and GAME.rules.view(state, B)["attack"]["blocks"] == [["5S", "10H"]]
    play(state, B, "block", card="JS")
    assert GAME.rules.legal_actions(state, A) == [{"type": "reattack", "card": "KD"}, {"type": "stop"}]
    events = play(state, A, "stop")
    assert events == [{"type": "attack_end", "player": A, "reason": "stop"}]
    assert state.phase == MAIN and GAME.rules.view(state, A)["attack"] is None
    assert len(side_view(state, A, B)["zones"][2]) == 2  # untouched and still face down


def test_drump_reattack_with_a_part_through_no_block_uses_its_force_sum():
    state = arrange(new(), hands={A: ["5S", "10C"], B: ["QH"]}, zones={B: {0: ["2C"]}}, deck_top=["2D", "3D"])
    play(state, A, "attack", target=0, card="5S")
    play(state, B, "block", card="QH")
    play(state, A, "reattack", card="10C")
    events = play(state, B, "no_block")
    # 2 + 10 = 12 < 14: the Chimera stays in B's zone and counts 10 there.
    assert events[-1] == {"type": "attack_fail", "player": A, "zone": 0, "card": "10C", "total": 12}
    assert [i["card"] for i in side_view(state, None, B)["zones"][0]] == ["2C", "10C"]


def test_drump_ace_block_ends_the_attack():
    state = arrange(new(), hands={A: ["5S", "KD"], B: ["AC", "JS"]}, zones={B: {0: ["8C"]}}, deck_top=["2D"])
    play(state, A, "attack", target=0, card="5S")
    events = play(state, B, "block", card="AC")
    assert _types(events) == ["block", "attack_end", "draw", "drew"] and events[0]["ace"]
    assert state.phase == MAIN and GAME.rules.actors(state) == {A}
    assert not [a for a in GAME.rules.legal_actions(state, A) if a["type"] in ("reattack", "attack")]
    refused(state, A, {"type": "reattack", "card": "KD"}, "cannot re-attack now")


def test_drump_ace_reattack_cannot_be_blocked():
    state = arrange(
        new(), hands={A: ["5S", "AH"], B: ["KC", "QS"]}, zones={B: {0: ["9C", "4C"]}}, deck_top=["2D", "3D"]
    )
    play(state, A, "attack", target=0, card="5S")
    play(state, B, "block", card="KC")
    assert {"type": "reattack", "card": "AH"} in GAME.rules.legal_actions(state, A)
    events = play(state, A, "reattack", card="AH")
    # No block window: it resolves at once (9 + 4 + Ace as 1 = 14).
    assert _types(events) == ["attack", "reveal", "attack_success", "draw", "drew"]
    assert state.phase == MAIN and not GAME.rules.waiting(state).in_window
    assert "QS" in hand(state, B)


def test_drump_ace_reattack_is_allowed_even_after_a_king_and_a_blocked_ace_counts_one():
    state = arrange(
        new(), hands={A: ["AS", "AD", "2H"], B: ["KC", "QS"]}, zones={B: {0: ["3C"]}}, deck_top=["7D", "8D"]
    )
    play(state, A, "attack", target=0, card="AS")  # a first attack with an Ace can be blocked
    play(state, B, "block", card="KC")
    assert GAME.rules.view(state, A)["attack"]["beat"] == 1
    assert {"type": "reattack", "card": "2H"} in GAME.rules.legal_actions(state, A)
    assert {"type": "reattack", "card": "AD"} in GAME.rules.legal_actions(state, A)


def test_drump_block_window_opens_even_when_the_defender_cannot_block():
    state = arrange(new(), hands={A: ["5S"], B: ["2C", "3C"]}, zones={B: {0: ["8C"]}})
    play(state, A, "attack", target=0, card="5S")
    assert GAME.rules.waiting(state).in_window
    assert GAME.rules.legal_actions(state, B) == [{"type": "no_block"}]
    refused(state, B, {"type": "block", "card": "2C"}, "neither")
