"""The AI bench's own parts: a duel split over processes, and normal's decision times."""

from __future__ import annotations

from tools.bench.ai_figures import normal_decision_ms, render, split_duel


def test_the_bench_splits_a_duel_over_processes_without_changing_its_games():
    args = {"hard_ms": 1.0, "clock": "cpu", "seed": 40}
    alone = split_duel("goceng", "normal", "easy", 9, processes=1, **args)
    split = split_duel("goceng", "normal", "easy", 9, processes=2, **args)
    assert split.to_json() == alone.to_json() and split.seeds == list(range(40, 49))


def test_normal_is_timed_on_every_decision_of_whole_games_at_the_largest_table():
    timed = normal_decision_ms("laga", games=2, seed=3)
    assert timed["seats"] == 6 and timed["games"] == 2
    assert timed["n"] > 50 and 0 <= timed["p50"] <= timed["p99"] <= timed["max"]


def test_the_report_prints_normals_decision_times_under_its_game():
    table = {"title": "Laga Jakarta", "seats": 2, "rows": {}, "normal_ms": normal_decision_ms("laga", games=1, seed=3)}
    text = render({"options": {"hard_ms": 100.0}, "levels": {"laga": table}})
    assert "Normal's decisions (" in text and "at 6 seats" in text
