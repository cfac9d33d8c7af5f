"""Each measurement that cares about memory or a clean event loop runs in a child process.

Resident memory only means something from a fresh interpreter: a second
N-match run in the same process would reuse the first one's freed memory and
report almost nothing per match. So the floor, each size, the
finished-match run and the whole matches of every game are jobs, each started with ``python -m bot.bench.child``
and handing back its figures as JSON; the parent only collects them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Awaitable, Callable

from bot.bench.stats import summary

ROOT = Path(__file__).resolve().parents[2]


class JobFailed(RuntimeError):
    """A child measurement exited with an error; carries the end of its stderr."""


async def floor_job(*, clicks: int, warmup: int, concurrency: int) -> dict[str, Any]:
    from bot.bench.floor import measure_floor

    measured = await measure_floor(clicks, warmup, concurrency)
    return {
        "clicks": clicks,
        "latency_ms": summary(measured["latencies"], 1000.0),
        "throughput": {"concurrency": concurrency, "clicks_per_s": measured["clicks_per_s"],
                       "clicks_per_cpu_s": measured["clicks_per_cpu_s"],
                       "latency_ms": summary(measured["busy_latencies"], 1000.0)},
    }


async def size_job(**params: Any) -> dict[str, Any]:
    from bot.bench.scale import run_size

    return await run_size(**params)


async def finished_job(**params: Any) -> dict[str, Any]:
    from bot.bench.finished import run_finished

    return await run_finished(**params)


async def whole_job(**params: Any) -> dict[str, Any]:
    from bot.bench.whole import run_whole

    return await run_whole(**params)


async def soak_job(**params: Any) -> dict[str, Any]:
    from bot.bench.soak import run_soak

    return await run_soak(**params)


JOBS: dict[str, Callable[..., Awaitable[dict[str, Any]]]] = {
    "floor": floor_job,
    "size": size_job,
    "finished": finished_job,
    "whole": whole_job,
    "soak": soak_job,
}


def run_job(name: str, params: dict[str, Any], *, timeout: float = 900.0) -> dict[str, Any]:
    """Run job ``name`` in a fresh interpreter and return its figures."""
    with tempfile.TemporaryDirectory(prefix="bench-job-") as tmp:
        out = Path(tmp) / "result.json"
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
        proc = subprocess.run(
            [sys.executable, "-m", "bot.bench.child", name, json.dumps(params), str(out)],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout,
        )
        if proc.returncode != 0 or not out.exists():
            tail = "\n".join(proc.stderr.strip().splitlines()[-25:])
            raise JobFailed(f"bench job {name!r} failed (exit {proc.returncode}):\n{tail}")
        return json.loads(out.read_text())
