"""The per-game size figures reach the printed table and the targets, from a run's JSON alone."""

from __future__ import annotations

from typing import Any

from tools.bench.game_sizes import targets
from tools.bench.report import game_sizes_section


def _lat(p50: float, p90: float, p99: float) -> dict[str, float]:
    return {"n": 300, "p50": p50, "p90": p90, "p99": p99, "mean": p50, "max": p99}


def _game(title: str, players: int, per_match: float, p50: float) -> dict[str, Any]:
    return {
        "title": title,
        "players": players,
        "matches": 200,
        "opening_moves": 4,
        "memory": {
            "rss_empty_bytes": 80e6,
            "rss_per_live_match_bytes": per_match,
            "rss_per_added_match_bytes": per_match / 2,
            "stand_in_per_added_match_bytes": per_match / 10,
        },
        "latency_ms": _lat(p50, 2 * p50, 4 * p50),
        "floor_ms": _lat(0.25, 0.3, 0.5),
        "cpu_ms": _lat(p50, p50, p50),
        "floor_cpu_ms": _lat(0.2, 0.2, 0.2),
    }


RESULTS = {
    "floor": {"commit_alone": {"latency_ms": _lat(0.25, 0.3, 0.5)}},
    "game_sizes": {
        "matches": 200,
        "games": {
            "drump": _game("DRUMP", 2, 40_000, 0.5),
            "drama": _game("Drama Pukul 7", 6, 300_000, 1.0),
        },
    },
}


def test_every_game_gets_a_row_with_its_memory_and_latency_ratio() -> None:
    lines = game_sizes_section(RESULTS)
    text = "\n".join(lines)
    assert "Every game at its largest table (200 live matches each" in text
    drama = next(line for line in lines if line.startswith("drama (Drama Pukul 7)"))
    assert "300.0" in drama and "150.0" in drama and "120.0" in drama and "1.00 (4.0x)" in drama and "4.0x" in drama
    drump = next(line for line in lines if line.startswith("drump (DRUMP)"))
    assert "40.0" in drump and "0.50 (2.0x)" in drump
    ratios = drama.split()
    assert ratios[-4:-2] == ["4.0x", "2.0x"], "the ratio to the floor alone, then to the floor plus the commit alone"


def test_a_move_slower_than_three_floors_and_commits_misses_the_target() -> None:
    slow = {**RESULTS, "game_sizes": {"matches": 200, "games": {"drama": _game("Drama Pukul 7", 6, 40_000, 1.6)}}}
    verdicts = {t.name: t.met for t in targets(slow)}
    assert verdicts["move latency p50 / floor-plus-commit p50 (drama, 6 seats, 200 matches)"] is False


def test_targets_judge_each_game_on_memory_and_latency() -> None:
    verdicts = {t.name: t.met for t in targets(RESULTS)}
    assert verdicts == {
        "bot memory per added live match, stand-in aside (drama, 6 seats, 200 matches)": False,
        # 1.00 ms over 0.25 + 0.25: 2.0x, within 3x of the floor plus the commit alone (4.0x the floor alone).
        "move latency p50 / floor-plus-commit p50 (drama, 6 seats, 200 matches)": True,
        "bot memory per added live match, stand-in aside (drump, 2 seats, 200 matches)": True,
        "move latency p50 / floor-plus-commit p50 (drump, 2 seats, 200 matches)": True,
    }


def test_a_run_without_the_game_sizes_adds_nothing() -> None:
    assert game_sizes_section({}) == [] and targets({}) == []
    assert targets({"game_sizes": RESULTS["game_sizes"]}) == [], "no commit alone measured: nothing to judge by"
