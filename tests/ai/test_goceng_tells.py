"""Hard's Mat Goceng deals read the table: a hidden character is dealt by how its play shows.

The normal policy, which hard's opponents play, plays each character its own way: the rich fight rather than
pay and hoard coins, a hunter goes first for the player shown to be its prey, the protector asks little for
help. So the sampler deals the hidden characters of a three-seat game by the odds of what the view shows
(``sampler.TELLS``), not evenly; where no odds are fitted (four seats or more) it still deals them evenly.
"""

from __future__ import annotations

import math
from collections import Counter

from bot.games.goceng import sampler
from bot.games.goceng.sampler import sample, tells
from bot.kernel.rng import Rng
from tests.games.goceng.goceng_helpers import GAME, act, new, set_characters, start_battle

RULES = GAME.rules
DRAWS = 400


def _dealt(view: dict, player: int) -> Counter[str]:
    return Counter(sample(view, Rng.seeded(i)).characters[player] for i in range(DRAWS))


def test_the_rich_player_who_fought_though_it_could_pay_is_dealt_nyi_kencleng_mostly():
    state = new(3, seed=5)
    set_characters(state, {1: "mat_goceng", 2: "nyi_kencleng", 3: "rijkaard_cere"})
    state.coins = {1: 4, 2: 11, 3: 1}
    state.stamina = {1: 3, 2: 2, 3: 3}
    start_battle(state, attacker=3, defender=2)  # player 2 fights with 11 silver to pay with
    view = RULES.view(state, 1)
    assert view["players"][1]["character"] is None and view["players"][2]["character"] is None
    assert tells(view)[2][3] == 1  # fought though it could pay
    dealt = _dealt(view, 2)
    assert set(dealt) <= {"nyi_kencleng", "rijkaard_cere"}
    assert dealt["nyi_kencleng"] > 0.85 * DRAWS, dealt


def test_a_challenger_that_goes_first_for_the_shown_nyi_kencleng_is_dealt_her_hunter_mostly():
    state = new(3, seed=7)
    set_characters(state, {1: "nyi_kencleng", 2: "rijkaard_cere", 3: "mat_goceng"})
    state.stamina = {1: 1, 2: 3, 3: 3}
    state.revealed = [1]
    state.coins = {1: 5, 2: 5, 3: 5}
    state.active = 2
    act(state, 2, {"type": "challenge", "target": 1})
    view = RULES.view(state, 1)
    assert tells(view)[2][-2:] == (1, 0)  # went first for the shown Nyi Kencleng (then Rijkaard Cere: unseen)
    dealt = _dealt(view, 2)
    assert dealt["rijkaard_cere"] > 0.85 * DRAWS, dealt
    # The one who did not challenge is dealt the other character, Mat Goceng, as often.
    assert _dealt(view, 3)["mat_goceng"] == dealt["rijkaard_cere"]


def test_with_nothing_to_tell_the_two_hidden_characters_are_dealt_about_evenly():
    state = new(3, seed=3)
    set_characters(state, {1: "rijkaard_cere"})
    state.coins = {1: 5, 2: 5, 3: 5}
    view = RULES.view(state, 1)
    assert tells(view)[2] == tells(view)[3]
    dealt = _dealt(view, 2)
    assert abs(dealt["nyi_kencleng"] - DRAWS / 2) < 0.1 * DRAWS, dealt


def test_four_seats_or_more_are_dealt_evenly_as_before():
    assert set(sampler.TELLS) == {3}
    state = new(4, seed=2)
    state.coins = {1: 1, 2: 12, 3: 1, 4: 6}
    view = RULES.view(state, 1)
    mine = state.characters[1]
    dealt = _dealt(view, 2)
    assert mine not in dealt and len(dealt) == 3
    assert all(abs(n - DRAWS / 3) < 0.1 * DRAWS for n in dealt.values()), dealt


def test_the_odds_of_a_deal_are_its_weighted_tells_sharpened():
    """Two hidden players, two ways to deal: the odds are exp(SHARPEN x the difference of the weighted tells)."""
    state = new(3, seed=5)
    set_characters(state, {1: "mat_goceng"})
    state.coins = {1: 4, 2: 8, 3: 3}
    view = RULES.view(state, 1)
    shows = tells(view)
    left = ("nyi_kencleng", "rijkaard_cere")
    deals, running = sampler._deal_weights(3, left, (shows[2], shows[3]))
    weights = sampler.TELLS[3]

    def score(deal: tuple[str, ...]) -> float:
        return sum(w * x for c, p in zip(deal, (2, 3), strict=True) for w, x in zip(weights[c], shows[p], strict=True))

    odds = running[0] / (running[1] - running[0])
    assert deals[0] == left and deals[1] == left[::-1]
    assert abs(odds - math.exp(sampler.SHARPEN * (score(deals[0]) - score(deals[1])))) < 1e-9
    assert sampler.SHARPEN > 1 and odds > 1  # the richer one is the likelier Nyi Kencleng, and more so than fitted
