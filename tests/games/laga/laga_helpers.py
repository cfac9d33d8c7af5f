"""Helpers for Laga Jakarta scenario tests: arrange a state explicitly, then play through the GameModule API.

Every helper moves cards rather than inventing them, so a state arranged here still
holds each card exactly once.
"""

from __future__ import annotations

from typing import Any

from bot.games.laga.cards import cards
from bot.games.laga.decisions import with_derived_keys
from bot.games.laga.state import LagaState
from bot.kernel.module import get_game

G = get_game("laga")
ORDER = ["kerja", "nongkrong", "training", "lowongan", "impian", "stasiun"]
#: Default Jobs, one per seat: abilities that act only when their owner uses them.
PLAIN_JOBS = ["Employee", "Paranormal", "MLM Agent", "YouTube Star", "SPG", "Congressman"]


def census(s: LagaState) -> None:
    """Every card is in exactly one place (run after every step of every playout, so kept cheap)."""
    c = cards()
    looking = set(s.looking)
    jobs = s.job_deck + [j for p in s.players for j in p.jobs] + [x for x in s.looking if x in c.jobs]
    dreams = (
        s.dream_deck + [d for p in s.players for d in p.dreams + p.completed] + [x for x in s.looking if x in c.dreams]
    )
    news = s.news_deck + s.news_box + s.news_done + ([s.news] if s.news else [])
    assert len(looking) == len(s.looking) and looking <= c.jobs.keys() | c.dreams.keys(), "stray cards looked at"
    assert len(jobs) == len(c.jobs) and set(jobs) == c.jobs.keys(), "job cards lost or duplicated"
    assert len(dreams) == len(c.dreams) and set(dreams) == c.dreams.keys(), "dream cards lost or duplicated"
    assert len(news) == len(c.news) and set(news) == c.news.keys(), "news cards lost or duplicated"


def _pull(s: LagaState, name: str) -> None:
    """Take a card out of wherever it is (deck, hand, completed, job stack, News piles)."""
    for pile in (s.job_deck, s.dream_deck, s.news_deck, s.news_box, s.news_done, s.looking):
        if name in pile:
            pile.remove(name)
            return
    for p in s.players:
        for pile in (p.jobs, p.dreams, p.completed):
            if name in pile:
                pile.remove(name)
                return
    if s.news == name:
        s.news = ""
        return
    raise AssertionError(f"card {name!r} not found")


def setup(
    n: int = 3,
    seed: int = 5,
    *,
    news: str = "",
    tokens: list[int] | None = None,
    turn: int = 0,
    genders: dict[int, str] | None = None,
) -> LagaState:
    """A fresh game parked at the start of seat ``turn``'s Action phase with a known ring.

    The ring is ORDER clockwise (kerja at position 0); resources are zero; nothing is pending;
    seat i holds PLAIN_JOBS[i] and no Dream.
    """
    s = G.rules.new_game(list(range(1, n + 1)), seed, {"genders": genders} if genders else None)
    s.tasks = []
    s.phase = "pre"
    s.first = 0
    s.turn = turn
    s.used = []
    s.overflow_fined = False
    s.ring = list(ORDER)
    s.tokens = list(tokens) if tokens is not None else [2, 2, 1, 1, 1, 1]
    for p, name in zip(s.players, PLAIN_JOBS, strict=False):
        p.res = {"coin": 0, "pride": 0, "skill": 0}
        p.face_down = False
        job(s, p.pid, name)
        dreams(s, p.pid)
    set_news(s, news)
    census(s)
    return s


def set_news(s: LagaState, name: str) -> None:
    """Put ``name`` in force (or none); the previous card goes back to the box."""
    if s.news:
        s.news_box.append(s.news)
        s.news = ""
    if name:
        _pull(s, name)
        s.news = name


def job(s: LagaState, pid: int, *names: str) -> None:
    """Give player ``pid`` exactly this Job stack (last = current); old Jobs go to the deck."""
    p = s.player(pid)
    for old in p.jobs:
        s.job_deck.append(old)
    p.jobs = []
    for name in names:
        _pull(s, name)
        p.jobs.append(name)


def dreams(s: LagaState, pid: int, held: tuple[str, ...] = (), completed: tuple[str, ...] = ()) -> None:
    """Give player ``pid`` exactly these uncompleted and completed Dreams; old ones go to the deck."""
    p = s.player(pid)
    s.dream_deck.extend(p.dreams + p.completed)
    p.dreams, p.completed = [], []
    for name in held:
        _pull(s, name)
        p.dreams.append(name)
    for name in completed:
        _pull(s, name)
        p.completed.append(name)


def top(s: LagaState, deck: str, *names: str) -> None:
    """Put ``names`` on top of a deck ("job", "dream" or "news"), first name on top."""
    pile = {"job": s.job_deck, "dream": s.dream_deck, "news": s.news_deck}[deck]
    for name in reversed(names):
        _pull(s, name)
        pile.insert(0, name)


def res(s: LagaState, pid: int, coin: int = 0, pride: int = 0, skill: int = 0) -> None:
    s.player(pid).res = {"coin": coin, "pride": pride, "skill": skill}


def have(s: LagaState, pid: int) -> tuple[int, int, int]:
    r = s.player(pid).res
    return (r["coin"], r["pride"], r["skill"])


def act(s: LagaState, pid: int, action: dict[str, Any]) -> list[dict[str, Any]]:
    """Apply an action that must be legal (it is checked against legal_actions first)."""
    action = with_derived_keys(s, action)
    legal = G.rules.legal_actions(s, pid)
    assert action in legal, f"{action} not legal; legal: {legal[:12]}"
    events = G.rules.apply(s, pid, action)
    census(s)
    return events


def sow(s: LagaState, pid: int, tile: str, direction: str = "cw", **extra: Any) -> list[dict[str, Any]]:
    return act(s, pid, {"type": "sow", "tile": tile, "direction": direction, **extra})


def pending(s: LagaState) -> str:
    """The kind of decision the game waits on ("pre"/"post" when nothing is pending)."""
    return s.tasks[-1].kind if s.tasks else s.phase


def types(s: LagaState, pid: int) -> set[str]:
    return {a["type"] for a in G.rules.legal_actions(s, pid)}


def take(s: LagaState, pid: int, coin: int = 0, pride: int = 0, skill: int = 0) -> list[dict[str, Any]]:
    return act(s, pid, {"type": "take", "coin": coin, "pride": pride, "skill": skill})


def finish(s: LagaState, pid: int) -> None:
    """Decline whatever is pending for ``pid`` until the turn is in its post phase."""
    while s.tasks and s.tasks[-1].player == pid:
        legal = G.rules.legal_actions(s, pid)
        done = next((a for a in legal if a["type"] == "done"), None)
        act(s, pid, done or G.rules.timeout_action(s, pid))


def kinds(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def open_news(s: LagaState, name: str) -> list[dict[str, Any]]:
    """End the last seat's turn so seat 0 (made first player) opens ``name`` and is paid."""
    s.first = 0
    s.turn = len(s.players) - 1
    s.phase = "post"
    s.tasks = []
    top(s, "news", name)
    return act(s, s.players[-1].pid, {"type": "end"})


def end_turn(s: LagaState) -> list[dict[str, Any]]:
    """Skip to the end of the current turn and end it (the next player's Salary follows)."""
    s.tasks = []
    s.phase = "post"
    return act(s, s.current.pid, {"type": "end"})
