"""Worker processes end with the bot, however it ends: after a SIGKILL no worker is left running."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: A bot stand-in: starts a pool, makes every worker answer once, prints their pids, then waits to be killed.
#: ``plain`` starts the pool as the standard library would, without the watch, to show that the check sees
#: a worker left behind.
CHILD = """
import asyncio, os, sys, time
from concurrent.futures import ProcessPoolExecutor
import multiprocessing
from bot.workers import WorkerPool, lower_priority

async def main(plain):
    if plain:
        pool = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn"))
        pids = {pool.submit(os.getpid).result() for _ in range(4)}
    else:
        pool = WorkerPool("test", 2, lower_priority)
        pids = {await pool.run(60, os.getpid) for _ in range(4)}
    print(" ".join(map(str, sorted(pids))), flush=True)
    time.sleep(600)

asyncio.run(main(sys.argv[1] == "plain"))
"""


def _running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie waiting for its new parent to reap it has ended)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    if stat.exists():
        return stat.read_text().rpartition(")")[2].split()[0] != "Z"
    return True


def _kill_the_bot_and_watch(kind: str, seconds: float) -> tuple[list[int], list[int]]:
    """Start the stand-in, SIGKILL it once its workers answered; the workers, and those still running after."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    bot = subprocess.Popen([sys.executable, "-c", CHILD, kind], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        assert bot.stdout is not None
        workers = [int(pid) for pid in bot.stdout.readline().split()]
        assert workers and all(_running(pid) for pid in workers)
    finally:
        bot.send_signal(signal.SIGKILL)
        bot.wait()
    deadline = time.monotonic() + seconds
    while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    return workers, [pid for pid in workers if _running(pid)]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_workers_exit_when_the_bot_is_killed():
    _, left = _kill_the_bot_and_watch("watched", seconds=10.0)
    assert left == []


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_the_check_sees_workers_left_behind_by_a_pool_without_the_watch():
    workers, left = _kill_the_bot_and_watch("plain", seconds=1.0)
    try:
        assert left == workers
    finally:
        for pid in left:
            os.kill(pid, signal.SIGKILL)
