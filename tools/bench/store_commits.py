"""Commits per second on each store: many matches storing their moves at once, on SQLite and on PostgreSQL.

What the choice of store costs a move, and how many moves a second each can take. One match
storing its moves alone gives a commit's latency; then each of ``matches`` coroutines stores
moves of its own match, one after another, as fast as the store takes them, for ``seconds``,
through ``Storage`` (the statement a real move sends, with a DRUMP-sized state): on a SQLite
file with the sync mode the bot runs with, then on a throwaway PostgreSQL server
(``tools/throwaway_postgres.py``) that syncs each commit to disk as a production server does,
its data on the same disk. Both stores here run on one machine with the
benchmark itself: the figures compare the two stores on one machine.

    python -m bot bench stores [--matches 50] [--seconds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.config import database_synchronous
from bot.store.storage import Storage
from tools.bench.commit_alone import GAME, started_match, store_move
from tools.bench.stats import summary


async def _hammer(location: str, matches: int, seconds: float, first_channel: int) -> dict[str, Any]:
    """``matches`` matches storing moves at once for ``seconds``: commits per second and each commit's latency."""
    storage = await Storage.open(location)
    try:
        started = [await started_match(storage, first_channel + n, n) for n in range(matches)]
        latencies: list[float] = []
        stop = time.perf_counter() + seconds

        async def one(match_id: int, state_json: str) -> None:
            seq = 0
            while time.perf_counter() < stop:
                begun = time.perf_counter()
                seq = await store_move(storage, match_id, seq, state_json)
                latencies.append(time.perf_counter() - begun)

        begun = time.perf_counter()
        await asyncio.gather(*(one(match_id, state_json) for match_id, state_json in started))
        elapsed = time.perf_counter() - begun
        return {
            "commits": len(latencies),
            "commits_per_s": len(latencies) / elapsed,
            "latency_ms": summary(latencies, 1000.0),
        }
    finally:
        await storage.close()


async def _both(location: str, matches: int, seconds: float) -> dict[str, Any]:
    """One match alone (a commit's own latency), then ``matches`` at once (the store's throughput)."""
    alone = await _hammer(location, 1, seconds, first_channel=1)
    return {"alone": alone, "busy": await _hammer(location, matches, seconds, first_channel=2)}


async def run_store_commits(*, workdir: str, matches: int = 50, seconds: float = 5.0) -> dict[str, Any]:
    """The same load on each store; PostgreSQL is skipped (with why) where its server is not installed."""
    from tools.throwaway_postgres import PostgresMissing, ThrowawayPostgres

    out: dict[str, Any] = {"matches": matches, "seconds": seconds, "state": GAME}
    path = Path(workdir) / "store-commits.sqlite3"
    out["sqlite"] = await _both(str(path), matches, seconds) | {"synchronous": database_synchronous()}
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    try:
        server = ThrowawayPostgres.start(durable=True)
    except PostgresMissing as exc:
        out["postgresql"] = {"skipped": str(exc)}
        return out
    try:
        from bot.store.postgres import migrate

        await migrate(server.url())
        out["postgresql"] = await _both(server.url(), matches, seconds) | {"synchronous_commit": "on"}
    finally:
        server.stop()
    return out


def report(figures: dict[str, Any]) -> list[str]:
    """The two stores side by side, one line each."""
    lines = [
        f"Stores: {figures['matches']} matches storing {figures['state']} moves at once for "
        f"{figures['seconds']:.0f} s through Storage (one machine: store and benchmark share its cores and disk)"
    ]
    for name, label in (("sqlite", "SQLite"), ("postgresql", "PostgreSQL")):
        store = figures.get(name)
        if store is None:
            continue
        if "skipped" in store:
            lines.append(f"  {label}: not measured ({store['skipped']})")
            continue
        sync = store.get("synchronous") or f"synchronous_commit={store.get('synchronous_commit')}"
        alone, busy = store["alone"], store["busy"]
        lines.append(
            f"  {label} ({sync}): one match alone p50 {alone['latency_ms']['p50']:.2f} ms a commit "
            f"({alone['commits_per_s']:,.0f}/s); {figures['matches']} at once "
            f"{busy['commits_per_s']:,.0f} commits/s, p50 {busy['latency_ms']['p50']:.2f} ms, "
            f"p99 {busy['latency_ms']['p99']:.2f} ms"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bot bench stores", description=__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=50, help="matches storing moves at once (default 50)")
    p.add_argument("--seconds", type=float, default=5.0, help="seconds of storing on each store (default 5)")
    p.add_argument("--out", default=None, help="also write the figures to this JSON file")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="meja-stores-") as workdir:
        figures = asyncio.run(run_store_commits(workdir=workdir, matches=args.matches, seconds=args.seconds))
    print("\n".join(report(figures)))
    if args.out:
        Path(args.out).write_text(json.dumps(figures, indent=2) + "\n")
    return 0


__all__ = ["main", "report", "run_store_commits"]
