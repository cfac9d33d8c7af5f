"""Each measurement that cares about memory or a clean event loop runs in a child process.

Resident memory only means something from a fresh interpreter: a second
N-match run in the same process would reuse the first one's freed memory and
report almost nothing per match. So the floor, each size, the
finished-match run, the whole matches of every game, each game's own figures
(``figures``, given the game) and each game's size run are jobs, each started
with ``python -m tools.bench.child`` and handing back its figures as JSON; the
parent only collects them.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from tools.bench.stats import summary

ROOT = Path(__file__).resolve().parents[2]


class JobFailed(RuntimeError):
    """A child measurement exited with an error; carries the end of its stderr."""


async def floor_job(*, clicks: int, warmup: int, concurrency: int, workdir: str) -> dict[str, Any]:
    """The floor clicked alone, then at saturation; and beside it, in the same clean process, the commit alone."""
    from tools.bench.commit_alone import measure_commit_alone
    from tools.bench.floor import measure_floor

    measured = await measure_floor(clicks, warmup, concurrency)
    commit = await measure_commit_alone(workdir, clicks, warmup)
    return {
        "clicks": clicks,
        "latency_ms": summary(measured["latencies"], 1000.0),
        "commit_alone": {
            "synchronous": commit["synchronous"],
            "state_bytes": commit["state_bytes"],
            "latency_ms": summary(commit["seconds"], 1000.0),
        },
        "throughput": {
            "concurrency": concurrency,
            "clicks_per_s": measured["clicks_per_s"],
            "clicks_per_cpu_s": measured["clicks_per_cpu_s"],
            "latency_ms": summary(measured["busy_latencies"], 1000.0),
        },
    }


#: The other jobs: each is one coroutine of a module, imported only in the child that runs it
#: (so a job's imports never weigh on another's memory figures).
_JOB_FUNCTIONS: dict[str, tuple[str, str]] = {
    "size": ("tools.bench.scale", "run_size"),
    "finished": ("tools.bench.finished", "run_finished"),
    "stores": ("tools.bench.store_commits", "run_store_commits"),
    "whole": ("tools.bench.whole", "run_whole"),
    "figures": ("tools.bench.game_figures", "run_figures"),
    "soak": ("tools.bench.soak", "run_soak"),
    "capacity": ("tools.bench.capacity", "run_capacity"),
    "ai": ("tools.bench.ai_figures", "run_ai"),
    "ai_latency": ("tools.bench.ai_latency", "run_ai_latency"),
    "game_size": ("tools.bench.game_sizes", "run_game_size"),
}

#: Jobs that run on a virtual-time loop (``bot.sim.virtual_time``): their seconds are simulated.
VIRTUAL_TIME_JOBS = frozenset({"capacity"})


def _imported_job(module: str, function: str) -> Callable[..., Awaitable[dict[str, Any]]]:
    async def job(**params: Any) -> dict[str, Any]:
        return await getattr(importlib.import_module(module), function)(**params)

    job.__name__ = f"{function}_job"
    return job


JOBS: dict[str, Callable[..., Awaitable[dict[str, Any]]]] = {
    "floor": floor_job,
    **{name: _imported_job(*where) for name, where in _JOB_FUNCTIONS.items()},
}


def run_job(name: str, params: dict[str, Any], *, timeout: float = 900.0) -> dict[str, Any]:
    """Run job ``name`` in a fresh interpreter and return its figures."""
    with tempfile.TemporaryDirectory(prefix="bench-job-") as tmp:
        out = Path(tmp) / "result.json"
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
        proc = subprocess.run(
            [sys.executable, "-m", "tools.bench.child", name, json.dumps(params), str(out)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if proc.returncode != 0 or not out.exists():
            tail = "\n".join(proc.stderr.strip().splitlines()[-25:])
            raise JobFailed(f"bench job {name!r} failed (exit {proc.returncode}):\n{tail}")
        return json.loads(out.read_text())
