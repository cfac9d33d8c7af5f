"""The offline demo: a whole DRUMP match through the real bot, with nothing private in the channel part."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from bot.kernel.module import all_games, get_game
from bot.store.sqlite import Storage
from tools.demo import playable, run_demo

pytestmark = pytest.mark.slow


async def test_demo_plays_drump_to_the_end_and_keeps_private_text_private(tmp_path, clock):
    out = io.StringIO()
    database = tmp_path / "demo.sqlite3"
    transcript = await run_demo("drump", seed=5, database=str(database), out=out)
    printed = out.getvalue()
    assert "The table at the end" in printed and ("wins" in printed or "Draw" in printed)
    public = "\n".join(transcript.public)
    private_only = [line for line in transcript.private if line.startswith(("Hand", "• You"))]
    assert private_only, "the host's private hand must be shown, marked private"
    assert "Hand:" not in public
    for line in private_only:
        assert line not in public, line
    assert all(line.startswith(("[#meja-kad]", "[private → ", "==")) for line in printed.splitlines())
    store = await Storage.open(database, clock=clock)
    try:
        finished = await store.matches.finished_matches()
        assert len(finished) == 1 and finished[0].result is not None
    finally:
        await store.close()


def test_demo_command_line(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "bot", "demo", "--seed", "3", "--db", str(tmp_path / "d.db")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("== DRUMP demo · seed 3") and "[private → Demo Host" in done.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "bot", "demo", "--players", "3", "--db", str(tmp_path / "e.db")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 2 and "exactly 2 players" in bad.stderr


def _private_listings(lines: list[str]) -> list[str]:
    """The host's private listings in the transcript: their hand, their Dreams, their dealt hero."""
    return [
        line
        for line in lines
        if line.startswith(("Hand:", "Your hand:", "Your Dreams:", "Your dealt hero:", "Your character"))
    ]


@pytest.mark.parametrize("game", playable())
async def test_demo_plays_every_game_to_the_end_with_its_window_prompts_private(tmp_path, clock, game):
    out = io.StringIO()
    database = tmp_path / f"demo-{game}.sqlite3"
    players = min(get_game(game).rules.max_players, max(3, get_game(game).rules.min_players))
    transcript = await run_demo(game, seed=2, players=players, database=str(database), out=out)
    printed = out.getvalue()
    assert printed.startswith(f"== {get_game(game).title} demo · seed 2 · {players} players")
    assert "The table at the end" in printed
    assert any(w in printed for w in ("wins", "win!", "Draw", "No winner"))
    assert all(line.startswith(("[#meja-kad]", "[private → ", "==")) for line in printed.splitlines())
    public = "\n".join(transcript.public)
    listings = _private_listings(transcript.private)
    assert listings, "the host's private view must be shown, marked private"
    for line in listings:
        assert line not in public, line
    # Window prompts go to the host privately, never to the channel.
    assert "You may respond" not in public
    store = await Storage.open(database, clock=clock)
    try:
        finished = await store.matches.finished_matches()
        assert len(finished) == 1 and finished[0].result is not None
    finally:
        await store.close()


def test_demo_offers_every_registered_game():
    assert set(playable()) == {g.name for g in all_games()}


def test_demo_command_line_for_another_game(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "demo",
            "goceng",
            "--players",
            "4",
            "--seed",
            "2",
            "--db",
            str(tmp_path / "g.db"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("== Mat Goceng demo · seed 2 · 4 players") and "The table at the end" in done.stdout
