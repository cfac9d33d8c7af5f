"""The offline demo: a whole DRUMP match through the real bot, with nothing private in the channel part."""

from __future__ import annotations

import io
import subprocess
import sys

from bot.demo import run_demo
from bot.storage import Storage


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
        finished = await store.finished_matches()
        assert len(finished) == 1 and finished[0].result is not None
    finally:
        await store.close()


def test_demo_command_line(tmp_path):
    done = subprocess.run([sys.executable, "-m", "bot", "demo", "--seed", "3", "--db", str(tmp_path / "d.db")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("== DRUMP demo · seed 3") and "[private → Demo Host" in done.stdout
    bad = subprocess.run([sys.executable, "-m", "bot", "demo", "--players", "3", "--db", str(tmp_path / "e.db")],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "exactly 2 players" in bad.stderr
