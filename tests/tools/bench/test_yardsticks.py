"""The yardsticks normal is measured against: at least two rule-based players per game, found and played."""

from __future__ import annotations

from bot.ai import registry
from bot.ai.arena import Tally, play
from bot.kernel.module import all_games, get_game
from tools.bench import yardsticks


def test_every_game_keeps_at_least_two_rule_based_players_in_the_tests():
    for game in all_games():
        players = yardsticks.yardsticks(game.name)
        assert len(players) >= 2, (game.name, [p.name for p in players])
        assert len({p.name for p in players}) == len(players)  # each row is named by its player


def test_a_second_authors_players_of_a_game_are_found_beside_the_first():
    names = {p.name for p in yardsticks.yardsticks("drama")}
    assert {"builder", "spoiler", "planner", "brawler"} <= names
    assert [m.__name__ for m in yardsticks.rulebook_modules("drama")] == ["rulebook_drama", "rulebook_drama_fresh"]


def test_the_interval_holds_the_score_and_narrows_with_more_games():
    few, many = Tally(wins=6, draws=0, losses=4), Tally(wins=600, draws=0, losses=400)
    (a, b), (c, d) = few.interval(), many.interval()
    assert a < 0.6 < b and c < 0.6 < d and (d - c) < (b - a) / 5
    assert Tally(wins=0, draws=10, losses=0).interval() == (0.5, 0.5)  # all draws: no spread


def test_a_short_run_reports_normal_against_each_yardstick():
    results = yardsticks.measure(games=4, seed=1, only=["drump"])
    rows = results["drump"]["rows"]
    assert set(rows) == {"bold", "steady"} and all(r["games"] == 4 for r in rows.values())
    assert "| DRUMP (2) | bold | 4 |" in yardsticks.render(results)


def test_the_fair_share_is_the_yardsticks_own_mirror_every_seat_counted():
    # One winner or a draw in every two-seat game: the mirror gives each seat exactly half.
    drump = yardsticks.mirror(get_game("drump"), registry.policy("drump", "random"), 6, seed=1, seats=2)
    assert drump.games == 12 and drump.score == 0.5
    # Three seats with shared wins and games nobody wins: each seat that won counts, so the share is the
    # winners per seat, not one over the seats.
    game, player = get_game("goceng"), registry.policy("goceng", "random")
    tally = yardsticks.mirror(game, player, 8, seed=1, seats=3)
    winners = [len(play(game, [player] * 3, s).winners) for s in range(1, 9)]
    assert tally.games == 24 and tally.draws == 0 and tally.wins == sum(winners)
    assert any(w > 1 for w in winners) or any(w == 0 for w in winners)  # these seeds do not all have one winner


def test_each_row_reports_its_yardsticks_mirror_as_the_fair_share():
    results = yardsticks.measure(games=4, seed=1, only=["goceng"])
    rows = results["goceng"]["rows"]
    for name, row in rows.items():
        stick = next(s for s in yardsticks.yardsticks("goceng") if s.name == name)
        assert row["fair"] == round(yardsticks.mirror(get_game("goceng"), stick, 4, seed=1, seats=3).score, 4)
        assert f"| {row['fair']:.1%} |" in yardsticks.render(results)
