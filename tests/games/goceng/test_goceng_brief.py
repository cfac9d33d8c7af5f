"""The picker's brief and questions: short, private to the viewer, and a real question at every step."""

from __future__ import annotations

from goceng_helpers import CARDS, GAME, new

from bot.games.goceng.cards import AJIAN_NAMES
from bot.games.goceng.view import card_text, character_name, known_characters
from bot.kernel.rng import Rng
from tests.games.picker_kit import pick_at_random

MAX_LINES = 6
KEYS = {"type", "target", "card", "price", "helper"}


def _check_brief(state, viewer: int) -> str:
    view = GAME.rules.view(state, viewer)
    brief = GAME.presenter.brief_text(view, {p: f"Name{p}" for p in state.players})
    assert 0 < len(brief.splitlines()) <= MAX_LINES, brief
    assert all(card_text(c) in brief for c in view["hand"]), brief
    mine = CARDS.characters[state.characters[viewer]]
    assert mine.name in brief
    rest = brief.replace(mine.objective, "")  # an objective may name another character
    known = known_characters(state, viewer)
    visible = repr(view)
    for other in state.players:
        if other == viewer:
            continue
        if other not in known:
            assert character_name(state.characters[other]) not in rest, brief
        for card in state.hands[other]:
            ajian = CARDS.skills[card].ajian
            if ajian and repr(ajian) not in visible:  # an Ajian only they hold
                assert AJIAN_NAMES[ajian] not in brief, brief
    return brief


def test_goceng_brief_shows_you_and_your_hand():
    state = new(4, seed=3)
    viewer = state.players[1]
    brief = _check_brief(state, viewer)
    assert "**You:**" in brief and "**Hand:**" in brief and "silver" in brief


def test_goceng_brief_and_questions_along_seeded_games():
    used: set[str] = set()
    for seed in range(20):
        state = GAME.rules.new_game(list(range(1, 3 + seed % 4 + 1)), seed)
        rng = Rng.seeded(seed)
        steps = 0
        while not GAME.rules.is_over(state) and steps < 5000:
            actors = sorted(GAME.rules.actors(state))
            for pid in actors:
                _check_brief(state, pid)
            window = GAME.rules.waiting(state).window
            helpers = [p for p in actors if window is None or p != window.decider] or actors
            pid = helpers[rng.below(len(helpers))]  # the battler decides after the helpers, as an AI does
            GAME.rules.apply(state, pid, pick_at_random(GAME, state, pid, rng, used))
            steps += 1
    assert used == KEYS, used
