"""Walk the generic picker as a player would, checking each step's question on the way.

Shared by the games' brief tests: every step must ask a real question (not the
engine default "Choose <key>:"), of at most 100 characters.
"""

from __future__ import annotations

from typing import Any

from bot.kernel.contract import Action, Game
from bot.kernel.rng import Rng
from bot.frontend.ui.picker import walk


def pick_at_random(game: Game, state: Any, player: int, rng: Rng, used: set[str]) -> Action:
    """A random path through the picker to one legal action; ``used`` collects the keys asked about."""
    legal = game.legal_actions(state, player)
    path: list[int] = []
    while (step := walk(legal, path)).key is not None:
        used.add(step.key)
        question = game.describe_question(state, player, step.key, step.context)
        assert 0 < len(question) <= 100 and question != f"Choose {step.key.replace('_', ' ')}:", question
        path.append(rng.below(len(step.choices)))
    assert step.action is not None
    return step.action
