"""Walk the generic picker as a player would, checking each step's question on the way.

Shared by the games' brief tests: every step must ask a real question (not the
engine default "Choose <key>:"); the front end fits it to a line (see ``render.QUESTION_LIMIT``).
"""

from __future__ import annotations

from typing import Any

from bot.frontend.ui.picker import walk
from bot.kernel.contract import Action
from bot.kernel.module import GameModule
from bot.kernel.rng import Rng


def pick_at_random(game: GameModule, state: Any, player: int, rng: Rng, used: set[str]) -> Action:
    """A random path through the picker to one legal action; ``used`` collects the keys asked about."""
    legal = game.rules.legal_actions(state, player)
    path: list[int] = []
    while (step := walk(legal, path)).key is not None:
        used.add(step.key)
        question = game.presenter.question(state, player, step.key, step.context)
        assert question.strip() and question != f"Choose {step.key.replace('_', ' ')}:", question
        path.append(rng.below(len(step.choices)))
    assert step.action is not None
    return step.action
