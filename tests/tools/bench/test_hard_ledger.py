"""The hard ledger: sittings add up to one run, the figure counts only an unbroken run of games, and a ledger
is never continued with other settings or, silently, other code."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tools.bench import hard_ledger
from tools.bench.hard_ledger import Ledger, LedgerError, fingerprint, report, sit

RUN = {"ms": 1.0, "clock": "cpu", "seed": 40}


def _sit(path: Path, target: int, minutes: float = 60.0, processes: int = 1, **extra) -> Ledger:
    return sit(path, "drama", target=target, minutes=minutes, processes=processes, **RUN, **extra)


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_sittings_add_up_to_the_games_one_run_would_play(tmp_path):
    path = tmp_path / "drama.jsonl"
    _sit(path, target=3)
    ledger = _sit(path, target=5, processes=2)
    games = ledger.prefix()
    assert [g["game"] for g in games] == [0, 1, 2, 3, 4]
    # Game i has seed seed + i and hard in seat i % seats + 1, as arena.duel plays it.
    assert [g["seed"] for g in games] == [40, 41, 42, 43, 44]
    assert [g["hard_seat"] for g in games] == [1, 2, 1, 2, 1]
    assert ledger.tally().games == 5 and ledger.tally().seeds == [40, 41, 42, 43, 44]
    header, *rows = _lines(path)
    assert header["ledger"] == "hard vs normal" and header["game"] == "drama" and len(rows) == 5
    assert all(r["result"] in ("win", "draw", "loss") and r["cpu_s"] >= 0 and r["commit"] for r in rows)


def test_a_sitting_starts_no_game_after_its_minutes(tmp_path):
    path = tmp_path / "drama.jsonl"
    ledger = _sit(path, target=5, minutes=0)
    assert ledger.prefix() == [] and len(_lines(path)) == 1


def test_the_figure_stops_at_the_first_missing_game_and_the_next_sitting_plays_it_first(tmp_path):
    path = tmp_path / "drama.jsonl"
    _sit(path, target=4)
    header, *rows = _lines(path)
    # A sitting killed with game 1 in flight: games 0, 2 and 3 are in the ledger, game 1 is not.
    path.write_text("".join(json.dumps(line) + "\n" for line in [header, rows[0], rows[2], rows[3]]))
    ledger = Ledger.read(path)
    assert ledger is not None and [g["game"] for g in ledger.prefix()] == [0]
    assert ledger.tally().games == 1
    assert "2 more games played past the first missing one" in report(ledger)
    ledger = _sit(path, target=4, processes=1)
    assert [g["game"] for g in ledger.prefix()] == [0, 1, 2, 3]
    assert _lines(path)[-1]["game"] == 1  # the gap was filled, nothing played twice
    assert len(_lines(path)) == 5


def test_a_line_left_half_written_by_a_killed_sitting_is_cut_and_its_game_played_again(tmp_path):
    path = tmp_path / "drama.jsonl"
    _sit(path, target=2)
    text = path.read_text()
    path.write_text(text[: text.rindex('"result"')])  # killed in the middle of game 1's line
    ledger = _sit(path, target=2)
    assert [g["game"] for g in ledger.prefix()] == [0, 1]
    assert [line["game"] for line in _lines(path)[1:]] == [0, 1]


def test_a_ledger_is_not_continued_with_other_settings(tmp_path):
    path = tmp_path / "drama.jsonl"
    _sit(path, target=1)
    with pytest.raises(LedgerError, match="another run"):
        sit(path, "drama", ms=2.0, clock="cpu", seed=40, target=2, minutes=60, processes=1)
    assert len(_lines(path)) == 2


def test_a_change_of_play_code_needs_a_reason_that_is_kept_in_the_ledger(tmp_path, monkeypatch):
    path = tmp_path / "drama.jsonl"
    _sit(path, target=1)
    monkeypatch.setattr(hard_ledger, "fingerprint", lambda game, root=None: "other")
    with pytest.raises(LedgerError, match="--code-change"):
        _sit(path, target=2)
    assert len(_lines(path)) == 2
    ledger = _sit(path, target=2, code_change="a docstring only")
    assert [g["game"] for g in ledger.prefix()] == [0, 1]
    note = _lines(path)[2]
    assert note["note"] == "a docstring only" and note["code"] == "other" and note["from_game"] == 1
    assert "note from game 1: a docstring only" in report(ledger)
    _sit(path, target=3)  # the note's code is now the ledger's: no second reason asked
    assert len(Ledger.read(path).prefix()) == 3


def test_the_fingerprint_follows_the_code_that_decides_moves_and_nothing_else(tmp_path):
    root = hard_ledger.ROOT
    for folder in (*hard_ledger.PLAY_CODE, "bot/games/drama", "bot/games/laga"):
        shutil.copytree(root / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__"))
    before = fingerprint("drama", tmp_path)
    (tmp_path / "bot/games/laga/rules.py").write_text("# another game's change\n")
    assert fingerprint("drama", tmp_path) == before
    (tmp_path / "bot/games/drama/ai.py").write_text("# normal changed\n")
    changed = fingerprint("drama", tmp_path)
    assert changed != before
    (tmp_path / "bot/ai/search.py").write_text("# the search changed\n")
    assert fingerprint("drama", tmp_path) != changed


def test_the_command_prints_the_figure_so_far(tmp_path, capsys):
    path = tmp_path / "drama.jsonl"
    argv = ["--game", "drama", "--hard-ms", "1", "--seed", "40", "--games", "2", "--ledger", str(path)]
    assert hard_ledger.main(argv) == 0
    out = capsys.readouterr().out
    assert "hard vs normal, Drama Pukul 7 (2 seats), hard at 1 ms of cpu time a move: 2 games" in out
    assert "seeds 40–41" in out
    other_budget = [*argv[:3], "5", *argv[4:]]
    assert hard_ledger.main(other_budget) == 2  # the same ledger for another budget: refused
    assert "keeps another run" in capsys.readouterr().err
