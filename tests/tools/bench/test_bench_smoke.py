"""The benchmark runs end to end with tiny numbers and reports every figure (no timing is asserted).

It exists so ``python -m bot bench`` never rots: it drives the real CLI in
a subprocess, exactly as a person runs it, and checks the table and the
JSON carry each figure the issue asks for.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.kernel.module import all_games
from tools.bench.game_figures import all_figures

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]

TINY = [
    "--matches",
    "2,4",
    "--moves",
    "8",
    "--busy-moves",
    "6",
    "--warmup",
    "2",
    "--concurrency",
    "2",
    "--floor-clicks",
    "20",
    "--finished",
    "1",
    "--game-matches",
    "1",
    "--ai-seats",
    "1",
    "--store-seconds",
    "0.2",
    "--engine-seconds",
    "0.02",
    "--game-sizes",
    "2",
    "--game-size-moves",
    "6",
    "--capacity",
    "7,14",
    "--capacity-seconds",
    "5",
    "--capacity-warmup",
    "10",
    "--capacity-shared",
    "14",
    "--seed",
    "3",
]


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def test_bench_runs_and_reports_every_figure(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p))
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "bench", *TINY, "--out", str(out), "--workdir", str(tmp_path / "work")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    table = proc.stdout
    for heading in (
        "Floor",
        "Commit alone",
        "Move latency p50",
        "Move latency p90",
        "Move latency p99",
        "Throughput at saturation",
        "Requests per move: reply",
        "Requests per move: edit",
        "Requests per move: dm",
        "Requests per move: followup",
        "Requests per move: total without DMs",
        "Commit per move",
        "Database per move",
        "per finished match",
        "Stores:",
        "SQLite (",
        "Resident memory per live match",
        "Restart:",
        "Engines",
        "drump",
        "Whole matches, every game",
        "Every game at its largest table",
        "mentions by ping",
        "What a phone player feels",
        "an own turn's taps go to",
        "Capacity under Discord's rate limits",
        "From a commit to Discord accepting what shows it",
        "While every match starts",
        "Limited requests per move, every game, by kind",
        "Two bot processes on one token",
        "Drama Pukul 7, 1 seeded whole matches of 4 people",
        "Targets",
    ):
        assert heading in table, f"{heading!r} missing from the table:\n{table}"

    data = json.loads(out.read_text())
    assert _number(data["floor"]["latency_ms"]["p50"])
    assert sorted(data["sizes"], key=int) == ["2", "4"]
    for size in data["sizes"].values():
        for q in ("p50", "p90", "p99"):
            assert _number(size["latency_ms"][q]) and _number(size["floor_ms"][q])
        assert _number(size["throughput"]["moves_per_s"])
        for kind in ("reply", "edit", "dm", "followup"):
            assert _number(size["requests_per_move"]["by_kind"][kind]["mean"])
            assert _number(size["requests_per_move"]["by_kind"][kind]["max"])
        assert _number(size["requests_per_move"]["total_without_dm"]["mean"])
        assert _number(size["commit_ms"]["p50"])
        assert all(_number(size["database_per_move"][k]) for k in ("round_trips", "reads", "commits"))
        assert size["database_per_move"]["commits"] >= 1.0  # every move is stored, each in its own transaction
        assert _number(size["memory"]["rss_per_live_match_bytes"])
        assert size["live_matches_at_end"] == size["matches"]
    restart = data["sizes"]["4"]["restart"]
    assert restart["matches"] == 4 and _number(restart["reload_s"]) and _number(restart["ready_s"])
    finished = data["finished"]
    assert _number(finished["db_bytes_per_finished_match"])
    assert _number(finished["requests_per_move"]["total_without_dm"]["mean"])
    assert _number(data["floor"]["throughput"]["clicks_per_s"])
    commit_alone = data["floor"]["commit_alone"]
    assert _number(commit_alone["latency_ms"]["p50"]) and commit_alone["synchronous"] in ("FULL", "NORMAL")
    assert commit_alone["latency_ms"]["n"] == data["floor"]["clicks"]
    stores = data["stores"]
    for store in ("sqlite", "postgresql"):
        if "skipped" in stores[store]:  # a machine without PostgreSQL's server says so in the figure
            assert os.environ.get("MEJA_NEED_POSTGRES") != "1", stores[store]
            continue
        for part in ("alone", "busy"):
            assert stores[store][part]["commits"] > 0 and _number(stores[store][part]["commits_per_s"])
            assert _number(stores[store][part]["latency_ms"]["p50"])
    drump = data["engines"]["drump"]
    assert _number(drump["games_per_s"]) and _number(drump["apply_median_us"])
    assert all("error" in e or _number(e["games_per_s"]) for e in data["engines"].values())
    assert {t["name"].split(" (")[0] for t in data["targets"]} >= {
        "move latency p50 / floor-plus-commit p50",
        "move latency p99",
        "full random DRUMP game",
    }

    capacity = data["capacity"]
    assert sorted(capacity["runs"], key=int) == ["7", "14"]
    for run in capacity["runs"].values():
        assert _number(run["table_lag_s"]["p99"]) and _number(run["limited_per_move"])
        assert sorted(run["games"]) == sorted(g.name for g in all_games()), "every game is in the capacity load"
        assert run["moves"] > 0
        assert run["tidy_ups"]["dropped"] >= 0 and run["tidy_ups"]["pending_at_end"] >= 0
        late = run["lateness_s"]
        assert sorted(late) == ["hand", "ping", "prompt", "table"], "every thing a player waits for is timed"
        assert late["table"]["n"] > 0 and late["ping"]["n"] > 0, "a few seconds of play move tables and ping"
        for figure in late.values():
            assert 0.0 <= figure["p50"] <= figure["max"] and 0.0 <= figure["on_time"] <= 1.0
        assert run["holds"] == all(f["max"] <= 2.0 for f in late.values())
        assert run["warmup_s"] == 10.0
        start = run["start_lateness_s"]
        assert sorted(start) == ["hand", "ping", "prompt", "table"], "what players waited as the matches began"
        assert start["table"]["n"] > 0, "the warm-up's moves are timed apart, as the start's figure"
    assert capacity["holds_up_to"] in (0, 7, 14)
    shared = capacity["two_processes"]["14"]
    assert [p["partitions"] for p in shared["processes"]] == [8, 8], "two processes share the partitions out"
    assert all(p["shares_the_rate"] for p in shared["processes"]), "both take their slots from the shared ledger"
    assert sum(p["matches"] for p in shared["processes"]) == 14
    assert sum(p["moves"] for p in shared["processes"]) == shared["moves"] > 0
    assert shared["rate_limited_429"] == 0

    whole = data["whole"]
    names = sorted(g.name for g in all_games())
    assert sorted(whole["games"]) == names, "every registered game gets whole matches"
    for name, game in whole["games"].items():
        assert game["matches"] >= 1 and game["by_size"], name
        seat_turns = 0
        for players, size in game["by_size"].items():
            assert size["matches"] == 1 and 1 <= size["humans"] <= int(players), (name, players)
            assert size["turns_per_match"] >= 1, (name, players)
            assert size["moves_per_match"] >= size["turns_per_match"] - 1, "a turn changes only with a move"
            assert size["mentions_per_match"] >= 1, "the first human to act is told"
            expected = size["mentions_per_match"] / (size["humans"] * size["turns_per_match"])
            assert math.isclose(size["mentions_per_player_per_turn"], expected), (name, players)
            assert sum(size["mentions_by_situation"].values()) == size["mentions_per_match"]
            assert size["max_mentions_one_player_one_turn"] >= 1
            req = size["requests_per_move"]
            assert req["interaction"] > 0 and req["other"] > 0, "every move answers a click and edits the table"
            assert math.isclose(req["other"], req["other_channel"] + req["other_dm"])
            assert _number(size["dm_prompts_per_turn"]) and size["dm_prompts_per_turn"] >= 0
            height = size["table_height_px"]
            assert 0 < height["median"] <= height["max"] and height["versions_per_match"] >= 1, (name, players)
            assert size["taps_per_move"] >= 1, "a person's move takes at least the tap that applies it"
            assert size["taps_per_own_turn"] >= 0 and size["own_turns_per_match"] >= 0
            assert size["new_dms_per_person_per_match"] >= 0 and size["stale_answers_per_match"] >= 0
            seat_turns += size["humans"] * size["turns_per_match"]
        total = game["mentions_per_match"] * game["matches"]
        assert math.isclose(game["mentions_per_player_per_turn"], total / seat_turns), name
        assert f"{name}, all" in table
    sizes = data["game_sizes"]
    assert sorted(sizes["games"]) == names, "every registered game gets its own size run"
    for name, entry in sizes["games"].items():
        assert entry["matches"] == 2 and entry["live_matches_at_end"] == 3, "the warm-up match stays live too"
        assert _number(entry["memory"]["rss_per_live_match_bytes"]) and entry["latency_ms"]["n"] == 6, name
        assert _number(entry["floor_ms"]["p50"]) and entry["floor_ms"]["n"] == 6, name
    mention_targets = {t["name"]: t for t in data["targets"] if t["name"].startswith("channel mentions per player")}
    assert len(mention_targets) == len(names)
    for t in mention_targets.values():
        assert t["met"] == (t["value"] <= t["limit"]) and t["limit"] == 1.0
    turn_taps = next(t for t in data["targets"] if t["name"].startswith("taps per own turn, drama"))
    assert turn_taps["limit"] == 5.0 and turn_taps["value"] == whole["games"]["drama"]["taps_per_own_turn"]
    drama = data["drama"]
    assert drama["matches"] == 1 and drama["players"] == 4 and drama["turns_per_match"] >= 1
    assert drama["clicks_per_turn_turn_player"] >= 1, "a turn takes at least a click"
    for key in ("clicks_per_turn_per_other_player", "mentions_per_player_per_turn", "window_rounds_per_match"):
        assert _number(drama[key]) and drama[key] >= 0, key
    assert drama["window_seconds_waiting_on_nobody"] == 0, "a window waited on nobody able to answer"
    for figures in all_figures():  # every game's own figures, found in tools/bench/games/, run and printed
        assert data[figures.game], figures.game
        assert "\n".join(figures.render(data[figures.game])) in table, figures.game
