"""``python -m bot bench soak`` runs end to end with tiny numbers and reports its figures (no figure is asserted)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]


def test_the_soak_runs_and_reports_memory_growth(tmp_path: Path) -> None:
    out = tmp_path / "soak.json"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p))
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "bench",
            "soak",
            "--moves",
            "150",
            "--warmup",
            "20",
            "--matches",
            "1",
            "--samples",
            "3",
            "--trace",
            "--out",
            str(out),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "growth after warm-up" in proc.stdout and "MB per 100,000 moves" in proc.stdout
    result = json.loads(out.read_text())
    assert result["moves"] == 150 and len(result["samples"]) == 4  # the warm-up mark, then one per 50 moves
    assert result["matches_finished"] >= 1, "no match ended: the replacing (and the stand-in's pruning) went untried"
    assert result["live_matches_at_end"] == 1
    assert result["rss_growth_bytes"] == result["samples"][-1]["rss_bytes"] - result["rss_after_warmup_bytes"]
    assert result["tracemalloc_top_growth"] and all("where" in row for row in result["tracemalloc_top_growth"])
