"""``python -m bot bench hard``: hard against normal over many games, kept game by game in a ledger.

Hard at the server's default second costs about half a minute of CPU a game, so a figure over a
thousand games takes several core-hours: more than one sitting on a small machine. The ledger is a
JSON-lines file kept in the repository (``docs/figures/hard/``): a header naming the run (game, budget,
clock, first seed, seats, and a fingerprint of the code that decides hard's and normal's moves), then one
line per game as it ends (its index, seed, hard's seat, the result, its CPU seconds, the commit).

A sitting reads the ledger and plays the games still missing, lowest index first, so sittings add up to
exactly the run one sitting would have played: game ``i`` has seed ``seed + i`` and hard in seat
``i % seats``, as in :func:`bot.ai.arena.duel`. A sitting stops starting games at its deadline and waits
for the ones in flight, and the figure counts only the unbroken run of games from the first: where a
sitting stops is set by the clock, never by the results so far.

The fingerprint covers every file of the kernel, the AI and the game's own folder. A sitting on other code
is refused, unless it is told why the change does not alter play (``--code-change``); that reason is
written into the ledger where it applies, for a reader to judge.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.ai.arena import Tally
from bot.ai.levels import HARD, NORMAL
from bot.kernel.module import get_game
from tools.bench.ai_figures import duel_part

ROOT = Path(__file__).resolve().parents[2]
LEDGERS = ROOT / "docs" / "figures" / "hard"
#: The folders whose code decides a game's moves, besides the game's own.
PLAY_CODE = ("bot/kernel", "bot/ai")


class LedgerError(Exception):
    """A ledger that does not fit the run asked for (other settings, other code): nothing is played."""


def fingerprint(game_name: str, root: Path = ROOT) -> str:
    """A short hash of every Python file that decides moves in ``game_name``: the kernel, the AI, the game."""
    digest = hashlib.sha256()
    for folder in (*PLAY_CODE, f"bot/games/{game_name}"):
        for path in sorted((root / folder).rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def commit(root: Path = ROOT) -> str:
    """The commit the games are played on (``+`` when the play code has uncommitted changes), or ``?``."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", *PLAY_CODE, "bot/games"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"
    return head + ("+" if dirty else "")


@dataclass
class Ledger:
    """A run's settings and the games played so far, by index."""

    header: dict[str, Any]
    games: dict[int, dict[str, Any]] = field(default_factory=dict)
    notes: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def read(cls, path: Path) -> Ledger | None:
        if not path.exists():
            return None
        lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        if not lines or "ledger" not in lines[0]:
            raise LedgerError(f"{path} is not a ledger (no header line)")
        ledger = cls(lines[0])
        for line in lines[1:]:
            if "note" in line:
                ledger.notes.append(line)
            else:
                ledger.games[line["game"]] = line
        return ledger

    def prefix(self) -> list[dict[str, Any]]:
        """The games from the first up to the first one missing: the ones a figure may count."""
        out: list[dict[str, Any]] = []
        while len(out) in self.games:
            out.append(self.games[len(out)])
        return out

    def missing(self, target: int) -> Iterator[int]:
        """The indices below ``target`` not played yet, lowest first."""
        return (i for i in range(target) if i not in self.games)

    def tally(self) -> Tally:
        tally = Tally()
        for game in self.prefix():
            tally.seeds.append(game["seed"])
            if game["result"] == "win":
                tally.wins += 1
            elif game["result"] == "draw":
                tally.draws += 1
            else:
                tally.losses += 1
        return tally


def header_for(game_name: str, ms: float, clock: str, seed: int) -> dict[str, Any]:
    game = get_game(game_name)
    return {
        "ledger": "hard vs normal",
        "game": game_name,
        "hard_ms": ms,
        "clock": clock,
        "seed": seed,
        "seats": game.rules.min_players,
        "code": fingerprint(game_name),
    }


def open_ledger(path: Path, header: dict[str, Any], code_change: str | None) -> Ledger:
    """The ledger at ``path`` (made with ``header`` when new), checked against the run asked for."""
    _drop_torn_tail(path)
    ledger = Ledger.read(path)
    if ledger is None:
        path.parent.mkdir(parents=True, exist_ok=True)
        _append(path, header)
        return Ledger(header)
    settings = ("ledger", "game", "hard_ms", "clock", "seed", "seats")
    differ = [k for k in settings if ledger.header.get(k) != header[k]]
    if differ:
        theirs = ", ".join(f"{k}={ledger.header.get(k)!r}" for k in differ)
        raise LedgerError(f"{path} keeps another run ({theirs}): give another --ledger")
    code = ledger.notes[-1]["code"] if ledger.notes else ledger.header["code"]
    if code != header["code"]:
        if not code_change:
            raise LedgerError(
                f"the code that decides moves changed since {path} was started ({code} → {header['code']}); "
                "its games would not be one run. Start another ledger, or say why play is unchanged with "
                "--code-change REASON"
            )
        note = {"note": code_change, "code": header["code"], "from_game": len(ledger.prefix()), "commit": commit()}
        _append(path, note)
        ledger.notes.append(note)
    return ledger


def _drop_torn_tail(path: Path) -> None:
    """Cut a last line a killed sitting left half-written (the game it names is played again)."""
    if not path.exists():
        return
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        path.write_bytes(data[: data.rfind(b"\n") + 1])


def _append(path: Path, line: dict[str, Any]) -> None:
    """One line, flushed to disk before the next game is counted: a killed sitting loses only games in flight."""
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(line, ensure_ascii=False) + "\n")
        f.flush()


def play_game(game_name: str, ms: float, clock: str, seed: int, index: int) -> dict[str, Any]:
    """Game ``index`` of the run, by names only (what a worker process runs): its ledger line."""
    started = time.process_time()
    tally = duel_part(game_name, HARD, NORMAL, ms, clock, seed, index, 1)
    result = "win" if tally.wins else "draw" if tally.draws else "loss"
    return {
        "game": index,
        "seed": seed + index,
        "hard_seat": index % get_game(game_name).rules.min_players + 1,
        "result": result,
        "cpu_s": round(time.process_time() - started, 1),
    }


def sit(
    path: Path,
    game_name: str,
    *,
    ms: float,
    clock: str,
    seed: int,
    target: int,
    minutes: float,
    processes: int,
    code_change: str | None = None,
) -> Ledger:
    """Play the ledger's missing games up to ``target``, starting none after ``minutes``; returns the ledger."""
    processes = max(1, processes)
    header = header_for(game_name, ms, clock, seed)
    ledger = open_ledger(path, header, code_change)
    stamp = commit()
    deadline = time.monotonic() + minutes * 60.0
    todo = ledger.missing(target)
    running: set[Future[dict[str, Any]]] = set()
    with ProcessPoolExecutor(processes) as pool:
        while True:
            while len(running) < processes and time.monotonic() < deadline:
                index = next(todo, None)
                if index is None:
                    break
                running.add(pool.submit(play_game, game_name, ms, clock, seed, index))
            if not running:
                break
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                line = dict(future.result(), commit=stamp)
                _append(path, line)
                ledger.games[line["game"]] = line
                tally = ledger.tally()
                _progress(f"{game_name}: game {line['game']} {line['result']}; {_figure(tally)}")
    return ledger


def _figure(tally: Tally) -> str:
    low, high = tally.interval()
    return (
        f"{tally.games} games, {tally.wins}/{tally.draws}/{tally.losses}, "
        f"{tally.score * 100:.1f}% [{low * 100:.1f}%–{high * 100:.1f}%]"
    )


def report(ledger: Ledger) -> str:
    """The ledger's figure, the seeds it covers, what the games cost and the commits they were played on."""
    tally = ledger.tally()
    h = ledger.header
    games = ledger.prefix()
    cpu = sum(g["cpu_s"] for g in games)
    commits = sorted({g.get("commit", "?") for g in games})
    seeds = f"seeds {tally.seeds[0]}–{tally.seeds[-1]}" if tally.seeds else "no games yet"
    lines = [
        f"hard vs normal, {get_game(h['game']).title} ({h['seats']} seats), hard at {h['hard_ms']:g} ms of "
        f"{h['clock']} time a move: {_figure(tally)}, {seeds}",
        f"{cpu / 3600:.1f} CPU hours, {cpu / max(1, len(games)):.0f} s a game; commits: {', '.join(commits)}",
    ]
    later = len(ledger.games) - len(games)
    if later:
        lines.append(f"{later} more games played past the first missing one: counted once it is played")
    lines.extend(f"note from game {n['from_game']}: {n['note']}" for n in ledger.notes)
    return "\n".join(lines)


def _progress(text: str) -> None:
    print(f"[bench hard] {text}", file=sys.stderr, flush=True)


def default_path(game_name: str, ms: float) -> Path:
    return LEDGERS / f"{game_name}-{ms:g}ms.jsonl"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bot bench hard",
        description=(
            "Hard against normal in one game, over as many sittings as it takes: each game is written to a "
            "ledger as it ends, and the next sitting plays the games still missing. Prints the figure so far."
        ),
    )
    p.add_argument("--game", required=True, help="the game")
    p.add_argument("--hard-ms", type=float, default=1000.0, help="hard's budget a move, ms (default 1000)")
    p.add_argument("--clock", choices=("cpu", "wall"), default="cpu", help="what the budget counts (default cpu)")
    p.add_argument("--seed", type=int, default=1, help="seed of the run's first game (default 1)")
    p.add_argument("--games", type=int, default=1000, help="the run's length (default 1000)")
    p.add_argument(
        "--minutes", type=float, default=60.0, help="start no game after this many minutes (default 60; 0 reports)"
    )
    p.add_argument("--processes", type=int, default=1, help="games played at once (default 1; at most the free cores)")
    p.add_argument("--ledger", type=Path, help="the ledger file (default docs/figures/hard/GAME-MSms.jsonl)")
    p.add_argument("--code-change", metavar="REASON", help="go on after a change of code, saying why play is the same")
    return p


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    path = args.ledger or default_path(args.game, args.hard_ms)
    try:
        ledger = sit(
            path,
            args.game,
            ms=args.hard_ms,
            clock=args.clock,
            seed=args.seed,
            target=args.games,
            minutes=args.minutes,
            processes=args.processes,
            code_change=args.code_change,
        )
    except LedgerError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(report(ledger))
    return 0
