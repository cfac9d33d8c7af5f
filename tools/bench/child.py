"""Entry point of one benchmark job in a fresh interpreter: ``python -m tools.bench.child NAME PARAMS OUT``.

Warnings the bot logs during the run (a failed Discord request it
swallowed, say) are counted and returned with the figures rather than
printed, so the report can show them next to the numbers they affect.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from collections import Counter
from typing import Any

#: Tracebacks of errors kept with the figures (the first ones: a bug met under load is found from them).
TRACEBACKS_KEPT = 3


class _Tally(logging.Handler):
    """Counts warning-and-above log messages by their text, and keeps the first errors' tracebacks."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.counts: Counter[str] = Counter()
        self.tracebacks: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name == "discord.client" and "voice will NOT be supported" in record.getMessage():
            return  # the bot uses no voice; discord.py says so at every start
        self.counts[f"{record.name}: {record.getMessage()}"[:200]] += 1
        if record.exc_info and len(self.tracebacks) < TRACEBACKS_KEPT:
            self.tracebacks.append(logging.Formatter().format(record)[-4000:])


def main(argv: list[str]) -> int:
    name, params, out = argv[0], json.loads(argv[1]), argv[2]
    from tools.bench.jobs import JOBS, VIRTUAL_TIME_JOBS
    from tools.sim import virtual_time

    tally = _Tally()
    root = logging.getLogger()
    root.addHandler(tally)
    root.setLevel(logging.WARNING)
    run = virtual_time.run if name in VIRTUAL_TIME_JOBS else asyncio.run
    result: dict[str, Any] = run(JOBS[name](**params))
    result["log_warnings"] = dict(tally.counts.most_common(10))
    if tally.tracebacks:
        result["log_tracebacks"] = tally.tracebacks
    with open(out, "w") as fh:
        json.dump(result, fh)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
