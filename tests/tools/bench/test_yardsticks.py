"""The yardsticks normal is measured against: two rule-based players per game, found and played."""

from __future__ import annotations

from bot.ai.arena import Tally
from bot.kernel.module import all_games
from tools.bench import yardsticks


def test_every_game_keeps_two_rule_based_players_in_the_tests():
    for game in all_games():
        players = yardsticks.yardsticks(game.name)
        assert len(players) == 2, (game.name, [p.name for p in players])
        assert len({p.name for p in players}) == 2


def test_the_interval_holds_the_score_and_narrows_with_more_games():
    few, many = Tally(wins=6, draws=0, losses=4), Tally(wins=600, draws=0, losses=400)
    (a, b), (c, d) = yardsticks.interval(few), yardsticks.interval(many)
    assert a < 0.6 < b and c < 0.6 < d and (d - c) < (b - a) / 5
    assert yardsticks.interval(Tally(wins=0, draws=10, losses=0)) == (0.5, 0.5)  # all draws: no spread


def test_a_short_run_reports_normal_against_each_yardstick():
    results = yardsticks.measure(games=4, seed=1, only=["drump"])
    rows = results["drump"]["rows"]
    assert set(rows) == {"bold", "steady"} and all(r["games"] == 4 for r in rows.values())
    assert "| DRUMP (2) | bold | 4 |" in yardsticks.render(results)
