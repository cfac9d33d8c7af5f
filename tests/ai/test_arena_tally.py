"""A tally's score and its 95% interval: what every AI figure is reported with."""

from __future__ import annotations

import pytest

from bot.ai.arena import Tally


def test_an_even_tally_of_a_hundred_games_is_fifty_percent_give_or_take_ten():
    low, high = Tally(wins=50, losses=50).interval()
    assert (low, high) == pytest.approx((0.402, 0.598), abs=1e-3)


def test_draws_score_half_and_narrow_the_interval():
    even = Tally(wins=50, losses=50)
    drawn = Tally(wins=25, draws=50, losses=25)
    assert drawn.score == even.score == 0.5
    assert drawn.interval()[1] - drawn.interval()[0] < even.interval()[1] - even.interval()[0]


def test_the_interval_stays_within_nothing_and_everything():
    assert Tally(wins=40).interval() == (1.0, 1.0)
    assert Tally(losses=3).interval() == (0.0, 0.0)
    assert Tally().interval() == (0.0, 0.0)


def test_the_json_row_carries_the_interval():
    row = Tally(wins=30, losses=10, seeds=[1, 40]).to_json()
    assert row["score"] == 0.75 and row["interval"][0] < 0.75 < row["interval"][1]


def test_a_duel_played_in_parts_plays_the_games_of_the_whole_run():
    """Each game keeps its seed and its seat however the run is split: parts add up to the whole."""
    from bot.ai import registry
    from bot.ai.arena import duel
    from bot.kernel.module import get_game

    game = get_game("goceng")
    normal, easy = registry.policy("goceng", "normal"), registry.policy("goceng", "easy")
    whole = duel(game, normal, easy, 9, seed=40)
    parts = duel(game, normal, easy, 4, seed=40) + duel(game, normal, easy, 5, seed=40, first=4)
    assert parts.seeds == whole.seeds == list(range(40, 49))
    assert (parts.wins, parts.draws, parts.losses) == (whole.wins, whole.draws, whole.losses)
