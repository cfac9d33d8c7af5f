"""Bad input: every illegal action raises with a readable reason and changes nothing."""

from __future__ import annotations

import pytest
from goceng_helpers import GAME, act, deal, illegal, new, start_battle


@pytest.fixture
def challenge_phase():
    s = new(4, seed=40)
    s.active = 1
    return s


@pytest.mark.parametrize(
    "action, reason",
    [
        ("challenge", "JSON object"),
        (["challenge", 2], "JSON object"),
        ({}, "Unknown action type"),
        ({"type": 3}, "Unknown action type"),
        ({"type": "punch"}, "Unknown action type"),
        ({"type": "challenge"}, "needs exactly: target"),
        ({"type": "challenge", "target": 2, "zone": 1}, "needs exactly: target"),
        ({"type": "challenge", "target": "2"}, "whole number"),
        ({"type": "challenge", "target": True}, "whole number"),
        ({"type": "challenge", "target": 2.0}, "whole number"),
        ({"type": "challenge", "target": 1}, "another player"),
        ({"type": "challenge", "target": 99}, "another player"),
        ({"type": "play", "card": "RR"}, "cannot play now"),
        ({"type": "play", "card": "XX"}, "no skill card called"),
        ({"type": "fight"}, "cannot fight now"),
        ({"type": "offer", "card": "RR", "price": 1}, "cannot offer now"),
    ],
)
def test_malformed_or_out_of_phase_actions_from_the_active_player(challenge_phase, action, reason):
    illegal(challenge_phase, 1, action, reason)


def test_acting_out_of_turn_or_from_outside_the_game(challenge_phase):
    illegal(challenge_phase, 2, {"type": "challenge", "target": 3}, "not your turn")
    illegal(challenge_phase, 77, {"type": "challenge", "target": 3}, "not playing")
    illegal(challenge_phase, "1", {"type": "challenge", "target": 3}, "not playing")


def test_bad_battle_actions():
    s = new(4, seed=41)
    deal(s, {1: ["RY", "BB"], 2: ["GG"], 3: ["RR", "YB"]})
    start_battle(s, 1, 2)
    illegal(s, 2, {"type": "play", "card": "GG"}, "not your turn")
    illegal(s, 1, {"type": "play", "card": "GG"}, "not in your hand")
    act(s, 1, {"type": "play", "card": "RY"})
    act(s, 2, {"type": "play", "card": "GG"})
    illegal(s, 1, {"type": "play", "card": "BB"}, "does not match")
    illegal(s, 1, {"type": "accept", "helper": 3}, "cannot accept now")
    act(s, 1, {"type": "ask_help"})
    illegal(s, 1, {"type": "counter", "helper": 3, "price": 0}, "no offer standing")
    illegal(s, 1, {"type": "stand", "price": 1}, "needs exactly: no parameters")
    illegal(s, 3, {"type": "stand"}, "no offer standing")
    illegal(s, 3, {"type": "take_counter"}, "no counter-offer")
    illegal(s, 3, {"type": "refuse_counter"}, "no counter-offer")
    act(s, 3, {"type": "offer", "card": "YB", "price": 0})
    illegal(s, 1, {"type": "offer", "card": "BB", "price": 0}, "cannot offer now")
    illegal(s, 1, {"type": "decline"}, "cannot decline now")
    illegal(s, 1, {"type": "play", "card": "BB"}, "cannot play now")
    illegal(s, 1, {"type": "counter", "helper": 3, "price": 0}, "nothing to counter")
    illegal(s, 1, {"type": "counter", "helper": 3, "price": "0"}, "whole number")
    act(s, 3, {"type": "withdraw"})
    illegal(s, 3, {"type": "accept", "helper": 3}, "cannot accept now")
    illegal(s, 3, {"type": "no_help"}, "cannot no help now")
    illegal(s, 3, {"type": "offer", "card": "GG", "price": 0}, "not in your hand")
    illegal(s, 3, {"type": "offer", "card": "RR", "price": 0}, "does not fit")
    illegal(s, 3, {"type": "offer", "card": "YB", "price": -1}, "from 0 to 5 silver")
    illegal(s, 3, {"type": "offer", "card": "YB", "price": 21}, "from 0 to 5 silver")
    illegal(s, 3, {"type": "offer", "card": "YB", "price": "2"}, "whole number")
    illegal(s, 2, {"type": "offer", "card": "YB", "price": 1}, "not your turn")
    act(s, 3, {"type": "decline"})
    illegal(s, 3, {"type": "offer", "card": "YB", "price": 1}, "not your turn")


def test_bad_ajian_targets():
    s = new(4, seed=42)
    deal(s, {1: ["MMS-RY"]})
    start_battle(s, 1, 2)
    act(s, 1, {"type": "play", "card": "MMS-RY"})
    illegal(s, 1, {"type": "peek", "target": 1}, "cannot see")
    illegal(s, 1, {"type": "kasbon", "target": 3}, "cannot kasbon now")
    illegal(s, 2, {"type": "play", "card": s.hands[2][0]}, "not your turn")


def test_new_game_and_options_are_checked():
    from bot.kernel.contract import IllegalAction

    for players in ([1, 2], list(range(1, 8)), [1, 1, 2]):
        with pytest.raises(IllegalAction):
            GAME.rules.new_game(players, 1)
    with pytest.raises(IllegalAction):
        GAME.rules.new_game([1, 2, 3], 1, {"window": 30})
    with pytest.raises(ValueError):
        GAME.rules.timeout_action(new(3), 99)
