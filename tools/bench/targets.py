"""The issue's targets, checked against one run's figures.

Each target names the figure it reads, so the table can print it beside
the measured value and the JSON can carry a plain met/missed per target.
The per-size targets are judged at the largest size run (the issue asks for
1,000 live matches); smaller sizes are shown for the trend. Requests per
move are judged over whole games (the finished-match run): a size run of
2,000 moves over 1,000 matches sees mostly openings, where turns rarely change.
Channel mentions are judged per game over its whole seeded matches (every
table size together): mentions / (human seats x turns), at most 1. So are a
Drama Pukul 7 turn's taps: a person's taps in their own turn, per own turn, at most 5.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from tools.bench.capacity_report import CAPACITY_TARGET, PER_MOVE_TARGET, per_move_run
from tools.bench.phone_report import DRAMA_TURN_TAPS


@dataclass(frozen=True)
class Target:
    name: str
    value: float | None
    limit: float
    unit: str
    #: The value must reach the limit (a capacity), not stay under it.
    at_least: bool = False

    @property
    def met(self) -> bool | None:
        if self.value is None:
            return None
        return self.value >= self.limit if self.at_least else self.value <= self.limit

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "met": self.met}


def commit_alone_ms(results: dict[str, Any]) -> float | None:
    """The run's stored commit alone, p50 (ms): a move is stored before its reply, so no move is faster than the
    floor plus this; None when the run did not measure it."""
    commit = (results.get("floor") or {}).get("commit_alone")
    return commit["latency_ms"]["p50"] if commit else None


def check(results: dict[str, Any]) -> list[Target]:
    sizes = results["sizes"]
    largest = sizes[max(sizes, key=int)] if sizes else None
    n = largest["matches"] if largest else 0
    out: list[Target] = []
    if largest:
        commit = commit_alone_ms(results)
        if commit is not None:
            # A move is stored before its reply, by design: the floor is a bare click plus one stored commit.
            out.append(
                Target(
                    f"move latency p50 / floor-plus-commit p50 ({n} matches)",
                    largest["latency_ms"]["p50"] / (largest["floor_ms"]["p50"] + commit),
                    3.0,
                    "x",
                )
            )
        out.append(Target(f"move latency p99 ({n} matches)", largest["latency_ms"]["p99"], 50.0, "ms"))
        out.append(
            Target(
                f"resident memory per live match ({n} matches)",
                largest["memory"]["rss_per_live_match_bytes"] / 1000.0,
                100.0,
                "KB",
            )
        )
        restart = largest.get("restart")
        if restart:
            out.append(
                Target(
                    f"restart: {restart['matches']} matches reloaded and first click answered",
                    restart["ready_s"],
                    2.0,
                    "s",
                )
            )
    whole = results["finished"]["requests_per_move"]["total_without_dm"]["mean"]
    out.append(Target("Discord requests per move over whole games, mean, DMs aside", whole, 2.0, "requests"))
    for name, game in sorted((results.get("whole") or {}).get("games", {}).items()):
        out.append(
            Target(
                f"channel mentions per player per turn, {name} (whole matches)",
                game["mentions_per_player_per_turn"],
                1.0,
                "mentions",
            )
        )
    drama = (results.get("whole") or {}).get("games", {}).get("drama")
    if drama is not None:
        out.append(
            Target("taps per own turn, drama (whole matches)", drama["taps_per_own_turn"], DRAMA_TURN_TAPS, "taps")
        )
    capacity = results.get("capacity")
    if capacity and capacity.get("runs"):
        out.append(
            Target(
                "live matches one token holds, no table, prompt, ping or hand DM > 2 s behind (capacity runs)",
                float(capacity["holds_up_to"]),
                float(CAPACITY_TARGET),
                "matches",
                at_least=True,
            )
        )
        run = per_move_run(capacity)
        for name, game in sorted(run["games"].items()):
            out.append(
                Target(
                    f"limited requests per move, {name}, DMs included ({run['matches']} matches, people's pace)",
                    game["limited_per_move"],
                    PER_MOVE_TARGET,
                    "requests",
                )
            )
    drump = results["engines"].get("drump", {})
    out.append(Target("full random DRUMP game", drump.get("ms_per_game"), 5.0, "ms"))
    return out
