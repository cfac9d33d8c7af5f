"""The Laga benchmark module plays whole matches through the bot and reports clicks and mentions."""

import asyncio

import pytest

from tools.bench.games.laga import render, run_laga


@pytest.mark.slow
def test_laga_bench_from_a_whole_match(tmp_path):
    figures = asyncio.run(run_laga(matches=1, seed=2, workdir=str(tmp_path)))
    assert figures["matches"] == 1 and figures["players"] == 4 and figures["turns_per_match"] >= 12 * 4
    moves = figures["by_decision"]["move on the ring"]
    assert moves["decisions"] == 48 and 1.0 <= moves["clicks_per_decision"] <= 2.0  # one choice, after Take action
    assert 1.0 <= figures["clicks_per_move"] < 2.5 and figures["clicks_per_turn"] > 3
    assert 0 < figures["mentions_per_player_per_turn"] <= 1.0
    lines = render(figures)
    assert "clicks per move" in lines[2] and any(line.startswith("  move on the ring") for line in lines)
