"""Each game's policy for each level, and the per-game determinizer hard searches with.

Normal is the game's own policy (``Game.ai_policy``). Easy is a game's own easy
policy where it has one (DRUMP's greedy builder), else :class:`bot.ai.easy.EasyPolicy`
over the game's normal. Hard is not a policy object: it is a search
(:mod:`bot.ai.search`) that needs the game's ``sample`` (a full state drawn from a
seat's view); a game without one plays normal at hard.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Mapping

from bot.ai.levels import EASY, HARD, NORMAL
from bot.kernel.contract import get_game
from bot.kernel.policy import Policy, RandomPolicy

#: Games with an easy policy of their own: game name -> (module, class).
_OWN_EASY: dict[str, tuple[str, str]] = {
    "drump": ("bot.games.drump.policies", "EasyPolicy"),
}

#: Games that hard can search: game name -> module with ``sample(view, rng) -> state``.
SAMPLERS: dict[str, str] = {
    "drama": "bot.games.drama.determinize",
    "drump": "bot.games.drump.determinize",
    "goceng": "bot.games.goceng.determinize",
    "laga": "bot.games.laga.determinize",
}

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
    normal = get_game(game_name).ai_policy()
    if level in (NORMAL, HARD):
        return normal
    if level == EASY:
        own = _OWN_EASY.get(game_name)
        if own is not None:
            return getattr(importlib.import_module(own[0]), own[1])()
        from bot.ai.easy import EasyPolicy

        return EasyPolicy(normal)
    raise ValueError(f"unknown AI level {level!r}")


def sampler(game_name: str) -> Callable[[Mapping[str, Any], Any], Any] | None:
    """The game's ``sample(view, rng)``, or None when the game has no determinizer yet."""
    module = SAMPLERS.get(game_name)
    if module is None:
        return None
    try:
        return importlib.import_module(module).sample  # type: ignore[no-any-return]
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        return None
