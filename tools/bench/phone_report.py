"""The whole-match figures a person on a phone feels, as rows for the printed report.

Per game and table size: the table's height at 400 px (largest and median of every
version shown), taps per move a person decided, taps per own turn, new DMs per
person per match, stale answers per match and mentions per person per turn; then,
per game, what the taps of an own turn are spent on.
"""

from __future__ import annotations

from typing import Any

#: The target of the issue: a Drama Pukul 7 turn costs at most this many taps on average.
DRAMA_TURN_TAPS = 5.0
#: The kinds of tap listed per game, most frequent first.
KINDS_SHOWN = 8

TITLE = (
    "What a phone player feels, whole matches (table height estimated at 400 px over every version shown; "
    "taps are a person's interactions after Start; per person = per human seat)"
)
HEADER = [
    "Game, seats",
    "table px max",
    "table px median",
    "taps/move",
    "taps/own turn",
    "new DMs/person/match",
    "stale answers/match",
    "mentions/person/turn",
]


def _num(value: float, digits: int = 2) -> str:
    return f"{value:.{digits}f}"


def _cells(s: dict[str, Any]) -> list[str]:
    height = s["table_height_px"]
    return [
        str(height["max"]),
        _num(height["median"], 0),
        _num(s["taps_per_move"]),
        _num(s["taps_per_own_turn"]),
        _num(s["new_dms_per_person_per_match"], 1),
        _num(s["stale_answers_per_match"]),
        _num(s["mentions_per_player_per_turn"]),
    ]


def spent_on(kinds: dict[str, float]) -> dict[str, float]:
    """Taps grouped by what they are for: opening the picker, choosing the kind of move, choosing its details,
    the tap that applies it, Back, Pass (the fine kinds of ``taps.tap_kind`` split the move's kind by name)."""
    groups: dict[str, float] = {}
    for kind, per in kinds.items():
        if "applies the move" in kind:
            group = "apply the move"
        elif kind.startswith("pick type"):
            group = "choose the kind of move"
        elif kind.startswith("pick "):
            group = "choose its details"
        elif kind == "Take action / Respond":
            group = "open the picker"
        else:
            group = kind
        groups[group] = groups.get(group, 0.0) + per
    return dict(sorted(groups.items(), key=lambda kv: -kv[1]))


def phone_rows(whole: dict[str, Any]) -> tuple[list[tuple[str, list[str]]], list[str]]:
    """The rows of the phone table (per game and size, then the game as a whole) and the notes under it."""
    rows: list[tuple[str, list[str]]] = []
    notes: list[str] = []
    for name, game in sorted(whole["games"].items()):
        for players, s in sorted(game["by_size"].items(), key=lambda kv: int(kv[0])):
            ai = int(players) - s["humans"]
            rows.append((f"{name} {players}" + (f" ({ai} AI)" if ai else ""), _cells(s)))
        rows.append((f"{name}, all", _cells(game)))
        kinds = game.get("own_turn_taps_by_kind") or {}
        groups = ", ".join(f"{group} {per:.2f}" for group, per in spent_on(kinds).items()) or "none"
        spent = ", ".join(f"{kind} {per:.2f}" for kind, per in list(kinds.items())[:KINDS_SHOWN]) or "none"
        stale = game.get("stale_answers_by_reason") or {}
        said = ("; stale answers: " + ", ".join(f"{k} {v}" for k, v in stale.items())) if stale else ""
        notes.append(f"  {name}: an own turn's taps go to: {groups}{said}")
        notes.append(f"    most often: {spent}")
    drama = whole["games"].get("drama")
    if drama is not None:
        taps = drama["taps_per_own_turn"]
        verdict = "met" if taps <= DRAMA_TURN_TAPS else "missed"
        notes.append(f"  drama: {taps:.2f} taps per own turn against at most {DRAMA_TURN_TAPS:g}: {verdict}")
    return rows, notes
