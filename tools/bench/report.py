"""The printed table: every figure of a run, latencies also as multiples of the floor.

Columns are the sizes run (live matches), then the whole-games run, so a
figure's trend with scale reads across a row. Latency cells show
``ms (x floor)``: the ratio to the same percentile of the floor clicked
between that run's moves (under saturation, of the floor's own saturated run).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from typing import Any

from tools.bench import capacity_report, pictures, store_commits
from tools.bench.game_figures import all_figures
from tools.bench.game_sizes import latency_ratio
from tools.bench.kinds import KINDS
from tools.bench.phone_report import HEADER as PHONE_HEADER, TITLE as PHONE_TITLE, phone_rows
from tools.bench.targets import Target, commit_alone_ms

Row = tuple[str, list[str]]


def _num(value: float | None, digits: int = 2) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:.{digits}f}"


def _kb(value: float) -> str:
    return _num(value / 1000.0, 1)


def _ratio(ms: float, floor_ms: float) -> str:
    return f"{_num(ms)} ({ms / floor_ms:.1f}x)" if floor_ms else _num(ms)


def _load(values: list[float] | None) -> str:
    return " ".join(f"{v:.2f}" for v in values) if values else "?"


def busy_floor_p50(results: dict[str, Any]) -> float:
    return results["floor"]["throughput"]["latency_ms"]["p50"]


def _grid(title: str, header: list[str], rows: list[Row]) -> list[str]:
    widths = [max(len(header[0]), *(len(r[0]) for r in rows))]
    for i in range(1, len(header)):
        widths.append(max(len(header[i]), *(len(r[1][i - 1]) for r in rows)))

    def line(cells: list[str]) -> str:
        return "  ".join(
            c.ljust(w) if j == 0 else c.rjust(w) for j, (c, w) in enumerate(zip(cells, widths, strict=True))
        )

    out = [title, line(header), line(["-" * w for w in widths])]
    out += [line([label, *cells]) for label, cells in rows]
    return out


def _commit_alone(floor: dict[str, Any]) -> list[str]:
    """The commit alone beside the floor alone: the share of a move's latency nothing on its path can remove."""
    commit = floor.get("commit_alone")
    if not commit:
        return []
    ms, floor_ms = commit["latency_ms"]["p50"], floor["latency_ms"]["p50"]
    times = f" = {ms / floor_ms:.1f}x the floor alone" if floor_ms else ""
    return [
        f"Commit alone (one move stored through Storage, idle loop, synchronous={commit['synchronous']}, "
        f"{commit['state_bytes']}-byte state): p50 {_num(ms, 3)} ms{times} · p99 "
        f"{_num(commit['latency_ms']['p99'], 3)} ms. A move is stored before its reply, so no move is faster "
        "than the floor plus this."
    ]


def render(results: dict[str, Any], targets: list[Target]) -> str:
    m = results["machine"]
    floor = results["floor"]["latency_ms"]
    sizes = [results["sizes"][k] for k in sorted(results["sizes"], key=int)]
    mem = f"{m['memory_bytes'] / 2**30:.1f} GiB" if m.get("memory_bytes") else "?"
    lines = [
        f"Meja Kad benchmark · {m['cores']} cores · {m['cpu']} · {mem} · Python {m['python']} · "
        f"discord.py {m['discord_py']} · seed {results['options']['seed']}",
        f"Floor (bare discord.py bot, button click -> edit, {results['floor']['clicks']} clicks alone): "
        f"p50 {_num(floor['p50'], 3)} ms · p90 {_num(floor['p90'], 3)} ms · p99 {_num(floor['p99'], 3)} ms · "
        f"{_num(results['floor']['throughput']['clicks_per_s'], 0)} clicks/s at saturation "
        f"(c={results['floor']['throughput']['concurrency']}, p50 {_num(busy_floor_p50(results), 2)} ms)",
        *_commit_alone(results["floor"]),
        "Latency ratios use the floor clicked between the moves of the same run (one click before each move). "
        f"Load average (other work on the machine) at start / end: {_load(m.get('load_average_at_start'))} / "
        f"{_load(m.get('load_average_at_end'))}.",
        "",
    ]

    columns = [*sizes, results["finished"]]

    def per_size(label: str, cell: Callable[[dict[str, Any]], str]) -> Row:
        """One row across the sizes and the whole-games run ("-" where a figure is not measured)."""
        cells = []
        for column in columns:
            try:
                cells.append(cell(column))
            except KeyError:
                cells.append("-")
        return label, cells

    busy_floor = results["floor"]["throughput"]["latency_ms"]
    floor_per_cpu = results["floor"]["throughput"]["clicks_per_cpu_s"]

    def per_cpu(busy: dict[str, Any]) -> str:
        rate = busy["moves_per_cpu_s"]
        return f"{_num(rate, 0)} ({_num(floor_per_cpu / rate, 1)})" if rate else "-"

    def vs_floor(q: str) -> Callable[[dict[str, Any]], str]:
        return lambda s: _ratio(s["latency_ms"][q], s["floor_ms"][q])

    rows: list[Row] = [
        per_size("Move latency p50, ms (x floor)", vs_floor("p50")),
        per_size("Move latency p90, ms (x floor)", vs_floor("p90")),
        per_size("Move latency p99, ms (x floor)", vs_floor("p99")),
        per_size(
            "  floor, clicked between the moves, p50 / p99, ms",
            lambda s: f"{_num(s['floor_ms']['p50'], 3)} / {_num(s['floor_ms']['p99'], 3)}",
        ),
        per_size(
            "CPU per final click, to handler end, p50 ms (x floor)",
            lambda s: _ratio(s["cpu_ms"]["p50"], s["floor_cpu_ms"]["p50"]),
        ),
        per_size("Moves per second, one at a time (picker incl.)", lambda s: _num(s["one_at_a_time_moves_per_s"], 0)),
        per_size(
            "Throughput at saturation, moves/s",
            lambda s: f"{_num(s['throughput']['moves_per_s'], 0)} (c={s['throughput']['concurrency']})",
        ),
        per_size("  moves per CPU second (floor clicks per CPU s / this)", lambda s: per_cpu(s["throughput"])),
        per_size(
            "  latency under saturation p50, ms (x floor's)",
            lambda s: _ratio(s["throughput"]["latency_ms"]["p50"], busy_floor["p50"]),
        ),
        per_size(
            "  latency under saturation p99, ms (x floor's)",
            lambda s: _ratio(s["throughput"]["latency_ms"]["p99"], busy_floor["p99"]),
        ),
        per_size(
            "Interactions per move (picker incl.), mean/max",
            lambda s: (
                f"{_num(s['requests_per_move']['interactions_per_move']['mean'])} / "
                f"{s['requests_per_move']['interactions_per_move']['max']}"
            ),
        ),
    ]
    for kind in KINDS:
        rows.append(
            per_size(
                f"Requests per move: {kind}, mean/max",
                lambda s, k=kind: (
                    f"{_num(s['requests_per_move']['by_kind'][k]['mean'])} / "
                    f"{s['requests_per_move']['by_kind'][k]['max']}"
                ),
            )
        )
    rows += [
        per_size(
            "Requests per move: total, mean/max",
            lambda s: f"{_num(s['requests_per_move']['total']['mean'])} / {s['requests_per_move']['total']['max']}",
        ),
        per_size(
            "Requests per move: total without DMs, mean/max",
            lambda s: (
                f"{_num(s['requests_per_move']['total_without_dm']['mean'])} / "
                f"{s['requests_per_move']['total_without_dm']['max']}"
            ),
        ),
        per_size(
            "Commit per move p50 / p99, ms",
            lambda s: f"{_num(s['commit_ms']['p50'], 3)} / {_num(s['commit_ms']['p99'], 3)}",
        ),
        per_size(
            "Database per move (handler and background): round trips / reads / commits (disk syncs)",
            lambda s: (
                "{round_trips:.2f} / {reads:.2f} / {commits:.2f}".format(**s["database_per_move"])
                if "database_per_move" in s
                else "-"
            ),
        ),
        per_size("Database size per live match, KB", lambda s: _kb(s["storage"]["db_bytes_per_live_match"])),
        per_size("Resident memory, empty bot, MB", lambda s: _num(s["memory"]["rss_empty_bytes"] / 1e6, 1)),
        per_size("Resident memory per live match, KB", lambda s: _kb(s["memory"]["rss_per_live_match_bytes"])),
        per_size(
            "Resident memory growth per 1,000 moves (each match's first moves; leaks: bench soak), KB",
            lambda s: _kb(s["memory"]["rss_growth_per_1000_moves_bytes"]),
        ),
        per_size(
            "discord.py view store after run: messages / items",
            lambda s: (
                f"{s['memory']['view_store']['messages_with_views']} / "
                f"{s['memory']['view_store']['dispatchable_items']}"
            ),
        ),
    ]
    header = ["Live matches"] + [f"{s['matches']:,}" for s in sizes] + [f"{results['finished']['matches']} whole games"]
    lines += _grid("Moves (DRUMP, through the real picker; latency = click dispatch -> reply request)", header, rows)

    restarted = next((s for s in sizes if "restart" in s), None)
    if restarted:
        restart = restarted["restart"]
        lines += [
            "",
            f"Restart: {restart['matches']:,} live matches reloaded in {_num(restart['reload_s'], 3)} s "
            f"({_num(restart['reload_cpu_s'], 3)} s of CPU); "
            f"first click answered {_num(restart['ready_s'], 3)} s after the restart began "
            f"(that click: {_ratio(restart['first_reply_ms'], restarted['floor_ms']['p50'])} ms)",
        ]
    fin = results["finished"]
    lines += [
        "",
        f"Storage: {_kb(fin['db_bytes_per_finished_match'])} KB per finished match "
        f"({fin['matches']} whole games, {_num(fin['moves_per_match'], 0)} moves each, "
        f"{_num(fin['db_bytes_per_move'], 0)} bytes per move)",
    ]
    if "stores" in results:
        lines += ["", *store_commits.report(results["stores"])]

    lines += whole_section(results)
    lines += game_sizes_section(results)
    lines += own_figures_section(results)
    lines += pictures.section(results)
    lines += capacity_report.section(results)

    engine_rows: list[Row] = []
    for name, e in sorted(results["engines"].items()):
        if "error" in e:
            engine_rows.append((name, ["error", "-", "-", e["error"][:60]]))
        else:
            engine_rows.append(
                (
                    name,
                    [
                        _num(e["games_per_s"], 0),
                        _num(e["ms_per_game"], 2),
                        _num(e["apply_median_us"], 1),
                        _num(e["moves_per_game"], 0),
                    ],
                )
            )
    lines += [""] + _grid(
        "Engines (random legal moves, no Discord, no database; CPU time)",
        ["Game", "games/CPU s", "CPU ms/game", "apply p50 us", "moves/game"],
        engine_rows,
    )

    target_rows: list[Row] = []
    for t in targets:
        verdict = "n/a" if t.met is None else ("met" if t.met else "MISSED")
        bound = ">=" if t.at_least else "<="
        target_rows.append((t.name, [f"{_num(t.value)} {t.unit}", f"{bound} {_num(t.limit)} {t.unit}", verdict]))
    lines += [""] + _grid("Targets", ["Target", "measured", "limit", ""], target_rows)
    warnings: Counter[str] = Counter()
    for part in [*sizes, results["finished"], *([results["whole"]] if "whole" in results else [])]:
        warnings.update(part.get("log_warnings", {}))
    if warnings:
        lines += ["", "Warnings the bot logged during the run (count: message):"]
        lines += [f"  {count}: {text}" for text, count in warnings.most_common(5)]
    return "\n".join(lines)


def whole_section(results: dict[str, Any]) -> list[str]:
    """Whole seeded matches of every game: mentions, turns, DM prompts and requests, per table size."""
    whole = results.get("whole")
    if not whole:
        return []
    rows: list[Row] = []
    notes: list[str] = []
    for name, game in sorted(whole["games"].items()):
        for players, s in sorted(game["by_size"].items(), key=lambda kv: int(kv[0])):
            ai = int(players) - s["humans"]
            req = s["requests_per_move"]
            rows.append(
                (
                    f"{name} {players}" + (f" ({ai} AI)" if ai else ""),
                    [
                        str(s["matches"]),
                        _num(s["moves_per_match"], 0),
                        _num(s["turns_per_match"], 1),
                        _num(s["mentions_per_match"], 1),
                        _num(s["mentions_per_player_per_turn"]),
                        str(s["max_mentions_one_player_one_turn"]),
                        _num(s["dm_prompts_per_turn"]),
                        _num(req["interaction"]),
                        f"{_num(req['other'])} ({_num(req['other_dm'])})",
                    ],
                )
            )
        req = game["requests_per_move"]
        rows.append(
            (
                f"{name}, all",
                [
                    str(game["matches"]),
                    _num(game["moves_per_match"], 0),
                    _num(game["turns_per_match"], 1),
                    _num(game["mentions_per_match"], 1),
                    _num(game["mentions_per_player_per_turn"]),
                    str(game["max_mentions_one_player_one_turn"]),
                    _num(game["dm_prompts_per_turn"]),
                    _num(req["interaction"]),
                    f"{_num(req['other'])} ({_num(req['other_dm'])})",
                ],
            )
        )
        kinds = ", ".join(f"{k} {v}" for k, v in game["mentions_by_situation"].items() if v) or "none"
        repeats = game.get("repeat_mentions_by_situation") or {}
        again = ("; again in the same turn: " + ", ".join(f"{k} {v}" for k, v in repeats.items())) if repeats else ""
        waits = game.get("timer_waits_per_match", 0)
        waited = f"; timers waited out with no human to act: {_num(waits)} per match" if waits else ""
        notes.append(f"  {name}: mentions by ping: {kinds}{again}{waited}")
    title = (
        f"Whole matches, every game ({whole['matches_per_size']} seeded per game and size, humans clicking "
        "the picker, AI seats on the bot's timers; per player = per human seat; requests per committed move)"
    )
    header = [
        "Game, seats",
        "matches",
        "moves/match",
        "turns/match",
        "mentions/match",
        "per player/turn",
        "max 1 player 1 turn",
        "DM prompts/turn",
        "interaction req/move",
        "other req/move (DM)",
    ]
    phone, phone_notes = phone_rows(whole)
    return ["", *_grid(title, header, rows), *notes, "", *_grid(PHONE_TITLE, PHONE_HEADER, phone), *phone_notes]


def own_figures_section(results: dict[str, Any]) -> list[str]:
    """The figures some games have of their own (``tools/bench/games/``), each where the run measured them."""
    lines: list[str] = []
    for figures in all_figures():
        if results.get(figures.game):
            lines += figures.render(results[figures.game])
    return lines


def game_sizes_section(results: dict[str, Any]) -> list[str]:
    """Every game at its largest table: memory per live match and move latency against the floor."""
    sizes = results.get("game_sizes")
    if not sizes or not sizes.get("games"):
        return []
    rows: list[Row] = []
    commit = commit_alone_ms(results)
    for name, g in sorted(sizes["games"].items()):
        lat, floor = g["latency_ms"], g["floor_ms"]
        rows.append(
            (
                f"{name} ({g['title']})",
                [
                    str(g["players"]),
                    f"{g['matches']:,}",
                    _num(g["memory"]["rss_empty_bytes"] / 1e6, 1),
                    _kb(g["memory"]["rss_per_live_match_bytes"]),
                    _kb(g["memory"]["rss_per_added_match_bytes"]),
                    _kb(g["memory"]["rss_per_added_match_bytes"] - g["memory"]["stand_in_per_added_match_bytes"]),
                    *(_ratio(lat[q], floor[q]) for q in ("p50", "p90", "p99")),
                    _num(floor["p50"], 3),
                    f"{latency_ratio(g):.1f}x",
                    "-" if commit is None else f"{latency_ratio(g, commit):.1f}x",
                    _ratio(g["cpu_ms"]["p50"], g["floor_cpu_ms"]["p50"]),
                ],
            )
        )
    first = next(iter(sizes["games"].values()))
    title = (
        f"Every game at its largest table ({sizes['matches']:,} live matches each, all seats people, "
        f"{first['opening_moves']} moves into each before memory is read; latency = one picker click "
        f"at a time, a floor click before each; {first['latency_ms']['n']} clicks per game)"
    )
    header = [
        "Game",
        "seats",
        "live matches",
        "empty bot MB",
        "memory per live match KB",
        "2nd half, per match KB",
        "2nd half less stand-in KB",
        "latency p50 ms (x floor)",
        "p90 (x floor)",
        "p99 (x floor)",
        "floor p50 ms",
        "p50 / floor p50",
        "p50 / (floor + commit alone)",
        "CPU p50 ms (x floor)",
    ]
    return ["", *_grid(title, header, rows)]
