"""The capacity runs in the printed table: live matches one token holds under Discord's rate limits."""

from __future__ import annotations

from typing import Any

#: A table further behind its state than this (seconds) is lagging.
LAG_LIMIT = 2.0
#: Live matches one bot token should hold with every table within ``LAG_LIMIT`` of its state.
CAPACITY_TARGET = 1000
#: Virtual seconds of warm-up before the window measured: the first window DMs of every player of a load
#: whose matches all began in the same second are sent by then (at 1,000 matches they take about 100 s).
WARMUP = 120.0
#: Limited requests (outside interaction replies) per committed move, per game.
PER_MOVE_TARGET = 1.0


def _n(value: float, digits: int = 2) -> str:
    return f"{value:.{digits}f}"


def _background_wait(run: dict[str, Any]) -> str:
    """How long hand-DM edits (background requests) waited for the pacer: mean and longest."""
    waits = (run.get("paced_wait_s") or {}).get("background")
    if not waits or not waits["count"]:
        return "0 / 0"
    return f"{_n(waits['seconds'] / waits['count'])} / {_n(waits['longest'])}"


def _shown_after(run: dict[str, Any]) -> str:
    """How long a change to a player's hand took to reach their DM: mean and longest."""
    shown = run.get("hand_dm_shown_after_s")
    if not shown or not shown["count"]:
        return "-"
    return f"{_n(shown['seconds'] / shown['count'])} / {_n(shown['longest'])}"


def _tidy_ups(run: dict[str, Any]) -> str:
    """Tidy-ups (folds of old prompts, deletes of old pings) waiting when the window ended, and dropped unsent."""
    tidy = run.get("tidy_ups")
    if not tidy:
        return "-"
    return f"{tidy['pending_at_end']} / {tidy['dropped']}"


def per_move_run(capacity: dict[str, Any]) -> dict[str, Any] | None:
    """The run whose requests per move are judged: the lightest load (no folding forced by congestion)."""
    runs = capacity.get("runs") or {}
    return runs[min(runs, key=int)] if runs else None


def section(results: dict[str, Any]) -> list[str]:
    capacity = results.get("capacity")
    if not capacity or not capacity.get("runs"):
        return []
    runs = sorted(capacity["runs"].values(), key=lambda r: r["matches"])
    games = sorted(runs[0]["games"])
    header = [
        "live matches",
        "moves/s",
        "limited req/s",
        "limited/move",
        "table lag p50 / p99 / max s",
        f"lag > {LAG_LIMIT:.0f} s",
        "429s",
        "invalid",
        "move wait p50 / p99 s",
        "hand DM wait mean / max s",
        "hand change to DM mean / max s",
        "tidy-ups waiting / dropped",
        *[f"{g} /move" for g in games],
    ]
    lines = [
        "",
        f"Capacity under Discord's rate limits (stand-in enforcing 50 req/s global, 5 per 5 s per channel; "
        f"people answer in 3-15 s, AI at its delay; {runs[0]['window_s']:.0f} virtual s after "
        f"{runs[0]['warmup_s']:.0f} s warm-up; pictures off)",
        "  " + " | ".join(header),
    ]
    for r in runs:
        lag = r["table_lag_s"]
        wait = r["move_latency_s"]
        cells = [
            str(r["matches"]),
            _n(r["moves_per_s"], 1),
            _n(r["limited_per_s"], 1),
            _n(r["limited_per_move"]),
            f"{_n(lag['p50'])} / {_n(lag['p99'])} / {_n(r['table_lag_max_s'])}",
            f"{100 * r['lagging_share']:.1f}%",
            str(r["rate_limited_429"]),
            str(sum(r["invalid_requests"].values())),
            f"{_n(wait['p50'])} / {_n(wait['p99'])}",
            _background_wait(r),
            _shown_after(r),
            _tidy_ups(r),
            *[_n(r["games"][g]["limited_per_move"]) for g in games],
        ]
        lines.append("  " + " | ".join(cells))
    lines += _waits(runs) + _start(runs) + _kinds(runs)
    held = capacity.get("holds_up_to", 0)
    lines.append(
        f"  One token holds {held} live matches with no table, prompt, ping or hand DM more than "
        f"{LAG_LIMIT:.0f} s behind its commit (of the loads run; target {CAPACITY_TARGET:,})."
    )
    return lines + _two_processes(capacity)


def _latest(run: dict[str, Any]) -> str:
    """The longest any table, prompt, ping or hand DM waited after its commit, and whether all were on time."""
    worst = max(figure["max"] for figure in run["lateness_s"].values())
    return f"{_n(worst)} s{'' if run['holds'] else ' (late)'}"


def _two_processes(capacity: dict[str, Any]) -> list[str]:
    """The same loads served by two processes sharing the token: the ceiling must not move (processes add no
    request capacity; they take their slots from one shared ledger of the global rate), and no global 429."""
    shared = capacity.get("two_processes") or {}
    if not shared:
        return []
    alone = capacity.get("runs") or {}
    lines = [
        "",
        "Two bot processes on one token and one database (each serving half the partitions, both taking their "
        "request slots from one ledger of the global rate), against one process at the same load",
        "  live matches | one process: latest delivery, 429s | two: latest delivery, 429s | "
        "moves/s one / two | matches per process | moves per process",
    ]
    for n in sorted(shared, key=int):
        two = shared[n]
        one = alone.get(n)
        lines.append(
            "  "
            + " | ".join(
                [
                    n,
                    f"{_latest(one)}, {one['rate_limited_429']}" if one else "not run",
                    f"{_latest(two)}, {two['rate_limited_429']}",
                    f"{_n(one['moves_per_s'], 1) if one else '-'} / {_n(two['moves_per_s'], 1)}",
                    " / ".join(str(p["matches"]) for p in two["processes"]),
                    " / ".join(str(p["moves"]) for p in two["processes"]),
                ]
            )
        )
    return lines


#: What a player waits for, in the order the report lists them, and what each is.
WAITS = {
    "table": "table",
    "prompt": "prompt (a window's or a decision's DM)",
    "ping": "ping",
    "hand": "hand DM (a change someone else made)",
    "catch_up": "hand DM catching up own moves (not held to the limit)",
}
#: The limited requests by kind, as the report names them.
KINDS = {
    "dm_post": "DM post",
    "dm_patch": "DM edit",
    "dm_delete": "DM delete",
    "dm_open": "DM open",
    "message": "channel post",
    "edit": "channel edit",
    "delete": "channel delete",
    "other": "other",
}


def _waits(runs: list[dict[str, Any]]) -> list[str]:
    """Per load, how late each thing a player relies on reached Discord: p50 / p99 / max, and the share on time."""
    if not any("lateness_s" in r for r in runs):
        return []
    lines = [
        "",
        f"  From a commit to Discord accepting what shows it, s: p50 / p99 / max (share within {LAG_LIMIT:.0f} s)",
        "  " + " | ".join(["live matches", *WAITS.values()]),
    ]
    for r in runs:
        late = dict(r.get("lateness_s") or {}, catch_up=r.get("catching_up_s"))
        cells = [str(r["matches"])]
        for kind in WAITS:
            f = late.get(kind)
            cells.append(
                "-"
                if not f or not f["n"]
                else f"{_n(f['p50'])} / {_n(f['p99'])} / {_n(f['max'])} ({100 * f['on_time']:.1f}%)"
            )
        lines.append("  " + " | ".join(cells))
    return lines


def _start(runs: list[dict[str, Any]]) -> list[str]:
    """Per load, the same during the warm-up, when every match was in its first minutes: a start's figure.

    Every match of a run begins in the same second, so every player of Drama Pukul 7 and Mat Goceng gets
    their first window DM within the first two minutes; a running bot's matches are of every age."""
    if not any(r.get("start_lateness_s") for r in runs):
        return []
    kinds = ("table", "prompt", "ping", "hand")
    lines = [
        "",
        f"  While every match starts (the {runs[0]['warmup_s']:.0f} s warm-up, every match begun in the same "
        f"second), s: max (share within {LAG_LIMIT:.0f} s)",
        "  " + " | ".join(["live matches", *(WAITS[k] for k in kinds)]),
    ]
    for r in runs:
        start = r.get("start_lateness_s") or {}
        cells = [str(r["matches"])]
        for kind in kinds:
            f = start.get(kind)
            cells.append("-" if not f or not f["n"] else f"{_n(f['max'])} ({100 * f['on_time']:.1f}%)")
        lines.append("  " + " | ".join(cells))
    return lines


def _kinds(runs: list[dict[str, Any]]) -> list[str]:
    """Per load, the limited requests per move of every game together, by kind."""
    lines = [
        "",
        "  Limited requests per move, every game, by kind",
        "  " + " | ".join(["live matches", *KINDS.values()]),
    ]
    for r in runs:
        moves = sum(g["moves"] for g in r["games"].values())
        cells = [str(r["matches"])]
        for kind in KINDS:
            count = sum(g["by_kind_per_move"].get(kind, 0.0) * g["moves"] for g in r["games"].values())
            cells.append(_n(count / moves) if moves else "-")
        lines.append("  " + " | ".join(cells))
    return lines
