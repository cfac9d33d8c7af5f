"""The picker's brief and questions: short, private to the viewer, and a real question at every step."""

from __future__ import annotations

import json

from bot.games.laga.view import public_view
from bot.kernel.rng import Rng
from tests.games.laga.laga_helpers import G, dreams, setup
from tests.games.picker_kit import pick_at_random

MAX_LINES = 6
#: The parameters these seeded playouts reach (amounts never split: a whole mix is one ``take`` or
#: ``paying`` choice; the News choice is rare, so it is asked directly below).
KEYS = {
    "type",
    "move",
    "take",
    "paying",
    "pick",
    "tile",
    "to",
    "amount",
    "from",
    "target",
    "card",
    "deck",
    "mode",
    "resource",
}


def _check_brief(s, viewer: int) -> str:
    brief = G.presenter.brief_text(G.rules.view(s, viewer), {p.pid: f"Name{p.pid}" for p in s.players})
    assert 0 < len(brief.splitlines()) <= MAX_LINES, brief
    me = s.player(viewer)
    top = s.tasks[-1] if s.tasks else None
    looking = list(s.looking) if top is not None and top.kind == "cards" and top.player == viewer else []
    assert all(d in brief for d in me.dreams + looking), brief
    public = json.dumps(public_view(s))
    for other in s.players:
        if other.pid != viewer:
            secret = set(other.dreams) | (set(s.looking) if top is not None and top.player == other.pid else set())
            assert not [n for n in secret if n in brief and n not in public], brief
    return brief


def test_laga_brief_shows_your_dreams_not_theirs():
    s = setup(3)
    a, b = s.players[0].pid, s.players[1].pid
    dreams(s, a, held=("Monas Selfie",))
    dreams(s, b, held=("Idol Audition",))
    brief = _check_brief(s, a)
    assert "Monas Selfie" in brief and "Idol Audition" not in brief and "**You:**" in brief


def test_laga_brief_and_questions_along_seeded_games():
    used: set[str] = set()
    for seed in range(40):
        s = G.rules.new_game(list(range(11, 11 + 2 + seed % 5)), seed)
        rng = Rng.seeded(seed)
        while not G.rules.is_over(s):
            (pid,) = G.rules.actors(s)
            _check_brief(s, pid)
            G.rules.apply(s, pid, pick_at_random(G, s, pid, rng, used))
    assert KEYS <= used, used


def test_laga_rare_steps_still_ask_a_question():
    s = setup(3)
    pid = s.players[0].pid
    for kind, key in (("news", "choice"), ("take", "skill"), ("hire", "skill"), ("complete", "skill")):
        question = G.presenter.question(s, pid, key, (("type", kind),))
        assert question.endswith("?") and len(question) <= 100, question
