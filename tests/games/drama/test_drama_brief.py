"""The picker's brief and questions: short, private to the viewer, and a real question at every step."""

from __future__ import annotations

from bot.games.drama.state import CARDS
from bot.kernel.rng import Rng
from tests.games.drama.drama_helpers import GAME, P1, P2, give, new, public_cards
from tests.games.picker_kit import pick_at_random

MAX_LINES = 6
#: Every action parameter Drama uses (these seeds reach them all).
KEYS = {"type", "hero", "card", "target", "pick", "entry", "slot", "replace", "discard", "member"}


def _names(state) -> dict[int, str]:
    return {p.id: f"Name{p.id}" for p in state.players}


def _check_brief(state, viewer: int) -> str:
    brief = GAME.presenter.brief_text(GAME.rules.view(state, viewer), _names(state))
    lines = brief.splitlines()
    assert 0 < len(lines) <= MAX_LINES, brief
    me = next(p for p in state.players if p.id == viewer)
    assert all(CARDS.name(c) in brief for c in me.hand), brief
    shown = {CARDS.name(c) for c in public_cards(state) | set(me.hand)}
    for other in state.players:
        if other.id != viewer:
            secret = {CARDS.name(c) for c in other.hand} - shown
            assert not [n for n in secret if n in brief], (secret, brief)
    return brief


def test_drama_brief_names_your_hand_and_hero_only():
    state = new(2, seed=3)
    give(state, P1, "Cliffhanger")
    give(state, P2, "Saksi Palsu")
    brief = _check_brief(state, P1)
    assert "Cliffhanger" in brief and "Saksi Palsu" not in brief


def test_drama_brief_and_questions_along_seeded_games():
    used: set[str] = set()
    for seed in range(18):
        state = GAME.rules.new_game(list(range(1, 2 + seed % 5 + 1)), seed)
        rng = Rng.seeded(seed)
        steps = 0
        while not GAME.rules.is_over(state) and steps < 3000:
            actors = sorted(GAME.rules.actors(state))
            for pid in actors:
                _check_brief(state, pid)
            pid = actors[rng.below(len(actors))]
            GAME.rules.apply(state, pid, pick_at_random(GAME, state, pid, rng, used))
            steps += 1
    assert used == KEYS, used
