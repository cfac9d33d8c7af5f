"""The heuristic AI plays towards its own character's objective, from its own view only."""

from __future__ import annotations

from bot.games.goceng.policy import HeuristicPolicy
from bot.games.rng import Rng

from goceng_helpers import GAME, act, deal, new, set_characters, start_battle

AI = HeuristicPolicy()


def _choose(s, player):
    return AI.choose(GAME.view(s, player), GAME.legal_actions(s, player), Rng.seeded(1))


def _nyi_kencleng_asks_for_help():
    """Nyi Kencleng (1, revealed) is stuck against Wan Fulus (2); 3 and 4 hold fitting cards."""
    s = new(4, seed=70)
    set_characters(s, {1: "nyi_kencleng", 2: "wan_fulus", 3: "mat_goceng", 4: "rijkaard_cere"})
    s.revealed.append(1)
    deal(s, {1: ["RR", "BB"], 2: ["GG"], 3: ["RY"], 4: ["RG"]})
    start_battle(s, 1, 2)
    act(s, 1, {"type": "play", "card": "RR"})
    act(s, 2, {"type": "play", "card": "GG"})
    assert _choose(s, 1) == {"type": "ask_help"}
    act(s, 1, {"type": "ask_help"})
    return s


def test_mat_goceng_helps_nyi_kencleng_for_free_and_rijkaard_cere_refuses():
    s = _nyi_kencleng_asks_for_help()
    assert _choose(s, 3) == {"type": "offer", "card": "RY", "price": 0}
    assert _choose(s, 4) == {"type": "decline"}
    act(s, 3, {"type": "offer", "card": "RY", "price": 0})
    assert _choose(s, 1) == {"type": "accept", "helper": 3}


def test_a_helper_asked_again_comes_down_in_price_and_then_bows_out():
    s = _nyi_kencleng_asks_for_help()
    set_characters(s, {3: "wan_fulus", 2: "mat_goceng"})  # a rich helper with no stake in this battle
    first = _choose(s, 3)
    assert first == {"type": "offer", "card": "RY", "price": 3}
    act(s, 3, first)
    for price in (2, 1, 0):
        act(s, 3, _choose(s, 3))
        assert s.battle.window.stack[0]["price"] == price
    assert _choose(s, 3) == {"type": "decline"}


def test_a_hunter_challenges_its_known_target():
    s = new(4, seed=71)
    set_characters(s, {1: "rijkaard_cere", 3: "nyi_kencleng"})
    s.revealed.append(3)
    s.active = 1
    assert _choose(s, 1) == {"type": "challenge", "target": 3}
