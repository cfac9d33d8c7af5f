"""What the figures were measured on, and the process's resident memory.

Benchmark figures mean little without the machine they came from, so every
run records the core count, CPU model, memory and Python version next to them.
Resident memory is read from ``/proc/self/status`` (Linux) to need no extra
package; elsewhere it falls back to ``resource``'s peak, which is labelled so.
"""

from __future__ import annotations

import gc
import os
import platform
import sys
from pathlib import Path
from typing import Any


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _memory_bytes() -> int | None:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def describe() -> dict[str, Any]:
    """Cores, CPU model, memory, OS and Python: enough to tell two runs' machines apart."""
    import discord

    return {
        "cores": os.cpu_count(),
        "cpu": _cpu_model(),
        "memory_bytes": _memory_bytes(),
        "os": f"{platform.system()} {platform.release()}",
        "python": sys.version.split()[0],
        "discord_py": discord.__version__,
        "load_average_at_start": load_average(),
    }


def load_average() -> list[float] | None:
    """1, 5 and 15 minute load averages: how busy the machine was with other work around a run."""
    try:
        return [float(x) for x in Path("/proc/loadavg").read_text().split()[:3]]
    except (OSError, ValueError):
        return None


def rss_bytes(collect: bool = True) -> int:
    """Resident set size of this process now; ``collect`` runs the GC first so garbage does not count."""
    if collect:
        gc.collect()
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    import resource  # peak, not current: only a fallback where /proc is missing

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
