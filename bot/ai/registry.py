"""Each game's policy for each level, and the sampler hard searches with, read from the game's module.

Normal is the game's ``"normal"`` policy. Easy is a game's own ``"easy"`` policy where it has
one (DRUMP's greedy builder), else :class:`bot.ai.easy.EasyPolicy` over the game's normal.
Hard is not a policy object: it is a search (:mod:`bot.ai.search`) that needs the game's
``sampler`` (a full state drawn from a seat's view); a game without one plays normal at hard.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.ai.levels import EASY, HARD, NORMAL
from bot.kernel.module import get_game
from bot.kernel.policy import Policy, RandomPolicy

_CACHE: dict[tuple[str, str], Policy] = {}


def policy(game_name: str, level: str) -> Policy:
    """The policy a seat of ``game_name`` plays at ``level`` ("random" too, for measurements).

    Hard's own moves come from the search; this returns its playout policy (normal).
    """
    key = (game_name, level)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = _build(game_name, level)
    return found


def _build(game_name: str, level: str) -> Policy:
    if level == "random":
        return RandomPolicy()
    policies = get_game(game_name).policies
    normal = policies[NORMAL]()
    if level in (NORMAL, HARD):
        return normal
    if level == EASY:
        own = policies.get(EASY)
        if own is not None:
            return own()
        from bot.ai.easy import EasyPolicy

        return EasyPolicy(normal)
    raise ValueError(f"unknown AI level {level!r}")


def sampler(game_name: str) -> Callable[[Mapping[str, Any], Any], Any] | None:
    """The game's ``sample(view, rng)``, or None when the game has no sampler."""
    return get_game(game_name).sampler
