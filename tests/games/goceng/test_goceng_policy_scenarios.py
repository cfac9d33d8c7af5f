"""Constructed positions where the heuristic picks the better move, one for each idea it weighs.

Three players unless said: Mat Goceng, Nyi Kencleng and Rijkaard Cere, as printed for that table.
"""

from __future__ import annotations

from goceng_helpers import GAME, act, deal, new, set_characters, start_battle

from bot.games.goceng.ai import HeuristicPolicy, run_length
from bot.games.goceng.state import GocengState
from bot.games.goceng.view import card_info
from bot.kernel.rng import Rng

AI = HeuristicPolicy()


def _choose(s: GocengState, player: int) -> dict:
    return AI.choose(GAME.rules.view(s, player), GAME.rules.legal_actions(s, player), Rng.seeded(1))


def _cards(*ids: str) -> list[dict]:
    return [card_info(c) for c in ids]


def _table(characters: dict[int, str], revealed: tuple[int, ...] = (), seed: int = 80) -> GocengState:
    s = new(len(characters), seed=seed)
    set_characters(s, characters)
    for p in revealed:
        s.revealed.append(p)
        s.stamina[p] = 1
    return s


THREE = {1: "nyi_kencleng", 2: "mat_goceng", 3: "rijkaard_cere"}


# --- what a hand is worth ------------------------------------------------------------------------


def test_a_hand_is_worth_the_run_it_lays_not_its_size():
    assert run_length(None, _cards("YY", "YB", "BR", "RR")) == 4  # yellow, yellow-blue, blue-red, red
    assert run_length(None, _cards("RR", "GG", "BB", "YY")) == 1  # four cards, none follows another
    assert run_length("green", _cards("GB", "BR", "YY")) == 2  # after a green end: GB then BR
    assert run_length("red", _cards("YY", "*Y")) == 2  # a special top fits any end


def test_in_a_battle_it_plays_the_card_that_leaves_the_longest_run():
    """BR has the most cards able to follow it here, but only YY first lays all four."""
    s = _table(THREE)
    deal(s, {1: ["BR", "RR", "YB", "YY"]})
    start_battle(s, 1, 2)
    assert _choose(s, 1) == {"type": "play", "card": "YY"}


# --- answering a challenge -----------------------------------------------------------------------


def _challenged(hand: list[str], *, stamina: int = 3, challenger_stamina: int = 3, characters=THREE) -> GocengState:
    """Player 1 challenges player 2, who holds ``hand``."""
    s = _table(characters)
    s.stamina[2], s.stamina[1] = stamina, challenger_stamina
    for p in (1, 2):
        if s.stamina[p] == 1:
            s.revealed.append(p)
    deal(s, {2: hand})
    s.active = 1
    act(s, 1, {"type": "challenge", "target": 2})
    return s


def test_a_defender_fights_with_a_long_run_and_pays_with_a_short_one():
    """Five cards that lay only three in a row lose to most challengers: Mat Goceng pays 2 silver instead."""
    assert _choose(_challenged(["RR", "GG", "BB", "YB", "GR"]), 2) == {"type": "reconcile"}
    assert _choose(_challenged(["YY", "YB", "BR", "RR", "GG"]), 2) == {"type": "fight"}


def test_at_its_last_stamina_it_pays_even_with_a_long_run():
    """A lost battle at 1 stamina loses the game: a run of 4 is not worth that risk."""
    assert _choose(_challenged(["YY", "YB", "BR", "RR", "GG"], stamina=1), 2) == {"type": "reconcile"}


def test_it_fights_when_the_battle_decides_the_game_for_it():
    """Rijkaard Cere at 1 stamina, challenged by Nyi Kencleng at 1 stamina: beating her wins it the game, and
    a run of 5 is worth the risk."""
    hunter = {1: "nyi_kencleng", 2: "rijkaard_cere", 3: "mat_goceng"}
    s = _challenged(["YY", "YB", "BR", "RR", "RG"], stamina=1, challenger_stamina=1, characters=hunter)
    assert _choose(s, 2) == {"type": "fight"}


def test_it_does_not_beat_a_challenger_whose_defeat_would_lose_it_the_game():
    """Nyi Kencleng at 1 stamina challenges Mat Goceng: beating her would end the game with her defeated."""
    s = _challenged(["YY", "YB", "BR", "RR", "RG"], challenger_stamina=1)
    assert _choose(s, 2) == {"type": "reconcile"}


# --- whom to challenge ---------------------------------------------------------------------------


def test_a_rich_character_leaves_a_last_stamina_alone_unless_its_defeat_finds_her_richest():
    """Nyi Kencleng (1) may challenge Rijkaard Cere at 1 stamina or Mat Goceng at 3. Defeating Rijkaard Cere
    ends the game: a win for her only if she is the richest then."""
    s = _table(THREE, revealed=(3,))
    s.active = 1
    s.coins.update({1: 3, 2: 5, 3: 7})
    assert _choose(s, 1) == {"type": "challenge", "target": 2}
    s.coins.update({1: 9, 2: 3, 3: 3})
    assert _choose(s, 1) == {"type": "challenge", "target": 3}


def test_a_weak_challenger_looks_for_a_target_that_will_pay():
    """Mat Goceng (1) must challenge someone; nobody is known. With a hand that lays one card it picks the
    player who can pay and has most to lose (2 stamina); with a long run, the shorter hand."""
    s = _table({1: "mat_goceng", 2: "nyi_kencleng", 3: "rijkaard_cere"})
    s.active = 1
    s.coins.update({2: 1, 3: 5})
    s.stamina[3] = 2
    deal(s, {1: ["RR", "GG", "BB", "YY"], 2: ["RG", "GB", "BY"]})
    assert _choose(s, 1) == {"type": "challenge", "target": 3}
    deal(s, {1: ["YY", "YB", "BR", "RR", "RG"]})
    assert _choose(s, 1) == {"type": "challenge", "target": 2}


# --- the Extra Power window ----------------------------------------------------------------------


def _asks_on_green(characters: dict[int, str], helper: list[str]) -> GocengState:
    """Battler 1 (line ending green, nothing that fits) asks for help against 2; the helper 3 holds ``helper``."""
    s = _table(characters)
    deal(s, {1: ["RG", "BB"], 2: ["YY", "BY"], 3: helper})
    start_battle(s, 1, 2)
    act(s, 1, {"type": "play", "card": "RG"})
    act(s, 2, {"type": "play", "card": "YY"})
    act(s, 1, {"type": "ask_help"})
    return s


HIDDEN_HUNTER = {1: "mat_goceng", 2: "nyi_kencleng", 3: "rijkaard_cere"}


def test_a_helper_gives_the_card_it_misses_least():
    """GY starts the helper's own best run (GY, YR, RR); GB leads nowhere: it offers GB. A Thi Tjhi Ie, which
    draws it a card back, goes before either."""
    s = _asks_on_green(HIDDEN_HUNTER, ["GY", "GB", "YR", "RR"])
    choice = _choose(s, 3)
    assert choice["type"] == "offer" and choice["card"] == "GB", choice
    s = _asks_on_green(HIDDEN_HUNTER, ["GY", "GB", "TTI-GR", "YR", "RR"])
    assert _choose(s, 3)["card"] == "TTI-GR"


def test_a_helper_keeps_a_short_hand_unless_the_win_serves_it():
    """A helper draws nothing back. With 3 cards and nothing at stake, Rijkaard Cere keeps them for its own
    next battle; Mat Goceng, seeing Nyi Kencleng in the battle, helps her for free all the same."""
    assert _choose(_asks_on_green(HIDDEN_HUNTER, ["GY", "YR", "RR"]), 3) == {"type": "decline"}
    ward = _asks_on_green({1: "nyi_kencleng", 2: "rijkaard_cere", 3: "mat_goceng"}, ["GY", "YR", "RR"])
    ward.revealed.append(1)
    assert _choose(ward, 3) == {"type": "offer", "card": "GY", "price": 0}


def test_the_protector_sells_cheaper_than_a_hunter_when_nothing_is_known():
    """Either battler may be Nyi Kencleng for Mat Goceng, and a refused sale may cost her a stamina; Rijkaard
    Cere has nothing to buy with coins and a card given is one its hunt lacks."""
    hunter = _choose(_asks_on_green(HIDDEN_HUNTER, ["GY", "GB", "YR", "RR"]), 3)
    protector = _choose(_asks_on_green({1: "rijkaard_cere", 2: "nyi_kencleng", 3: "mat_goceng"}, ["GY", "GB"] * 2), 3)
    assert hunter["type"] == protector["type"] == "offer"
    assert protector["price"] < hunter["price"], (protector, hunter)


def test_a_helper_helps_for_free_where_the_battlers_win_ends_the_game_its_way():
    """Five seats; Mat Goceng (3) sees Wan Fulus (2) at 1 stamina against a hidden battler, its ward one time in
    three. Beating Wan Fulus ends the game with Nyi Kencleng standing: Mat Goceng helps for nothing."""
    characters = {1: "rijkaard_cere", 2: "wan_fulus", 3: "mat_goceng", 4: "nyi_kencleng", 5: "bang_codet"}
    s = _table(characters, revealed=(2,))
    deal(s, {1: ["RG", "BB"], 2: ["YY", "BY"], 3: ["GY", "GB", "YR", "RR"]})
    start_battle(s, 1, 2)
    act(s, 1, {"type": "play", "card": "RG"})
    act(s, 2, {"type": "play", "card": "YY"})
    act(s, 1, {"type": "ask_help"})
    choice = _choose(s, 3)
    assert choice["type"] == "offer" and choice["price"] == 0, choice
