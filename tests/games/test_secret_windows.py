"""Who may still answer a secret window is nobody else's business.

With automatic passes, the players still asked in a secret window are exactly
those who hold an answer (a Plot Twist, a fitting card). So what anyone else
sees must not change with that set: along seeded playouts, whenever a secret
window is open, dropping a player from it changes neither the spectator's view
nor any other player's view.
"""

from __future__ import annotations

import copy

import pytest

from bot.kernel.module import all_games
from bot.kernel.rng import Rng

GAMES = [g for g in all_games() if g.name in ("drama", "goceng")]


def _window_of(state):
    """The engine's response window object, wherever the game keeps it."""
    if getattr(state, "window", None) is not None:
        return state.window
    battle = getattr(state, "battle", None)
    return battle.window if battle is not None else None


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_views_do_not_depend_on_who_is_still_asked(game):
    checked = 0
    for seed in range(12):
        players = list(range(1, 5))
        state = game.rules.new_game(players, seed)
        rng = Rng.seeded(seed)
        for _ in range(1500):
            if game.rules.is_over(state):
                break
            waiting = game.rules.waiting(state)
            window = _window_of(state)
            if (
                waiting.window is not None
                and not waiting.window.public
                and window is not None
                and len(window.waiting) >= 2
            ):
                dropped = window.waiting[0]
                other = copy.deepcopy(state)
                _window_of(other).waiting.remove(dropped)
                for viewer in [None] + [p for p in players if p != dropped]:
                    assert game.rules.view(state, viewer) == game.rules.view(other, viewer), (seed, viewer)
                checked += 1
            actor = sorted(waiting.actors)[0]
            legal = game.rules.legal_actions(state, actor)
            game.rules.apply(state, actor, legal[rng.below(len(legal))])
    assert checked > 20, "too few secret windows were seen to mean anything"
