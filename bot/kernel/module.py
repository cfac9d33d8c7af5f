"""A game as one unit, and the registry that finds every game by its folder.

Each game is one package under ``bot/games/`` that exports ``MODULE``, a
:class:`GameModule`: its rules, what people read of it, its AI policies, the sampler
its hard AI searches with, where its pictures are drawn and any commands of its own.
The registry imports every package it finds there, so no list anywhere names the
games: adding a game is adding its folder (and its texts to the catalogues). A game
defined elsewhere (a test's toy game) is added with :func:`register`.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.kernel.contract import Rules
from bot.kernel.policy import Policy
from bot.kernel.present import Lookup, Presenter
from bot.kernel.rng import Rng

#: Where the games live: every package here that exports ``MODULE`` is a game.
GAMES_PACKAGE = "bot.games"
#: The AI level every game must have a policy for (the others fall back on it, see ``bot.ai.registry``).
NORMAL = "normal"

#: Draws a full state from what one seat sees: the hard AI searches over such samples.
Sampler = Callable[[Mapping[str, Any], Rng], Any]
#: Plays a state on with one policy in every seat, for at most the given number of moves: ``(state, policy,
#: rng, moves)``.
Playout = Callable[[Any, Policy, Rng, int], None]


@dataclass(frozen=True)
class SearchHints:
    """What a game tells the hard AI's search about itself, where the shared way does not suit it.

    ``playout`` is optional and changes nothing a playout plays: it must make exactly the moves the search's
    own playout makes through the ``Rules`` surface (a shorter path through the same engine, so a time budget
    meets more deals).
    """

    playout: Playout | None = None


@dataclass(frozen=True)
class GameModule:
    """Everything the platform needs of one game, declared in one place (the game's ``__init__.py``)."""

    rules: Rules[Any]
    presenter: Presenter
    #: The AI policies by level: ``"normal"`` always; ``"easy"`` where the game has an easy player of its own.
    policies: Mapping[str, Callable[[], Policy]]
    #: What the hard AI searches with; None plays normal at hard.
    sampler: Sampler | None = None
    #: How the hard AI searches this game, where it differs from the shared way.
    search: SearchHints = field(default_factory=SearchHints)
    #: The module (a dotted name, imported only where pictures are drawn) with ``table(view, names)`` and
    #: ``hand(view, names)`` returning PNG bytes or None; None for a game drawn as text only.
    picture: str | None = None
    #: Commands of the game's own, beside the ones every game has.
    commands: tuple[Lookup, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        if not self.rules.name:
            raise ValueError("a game needs a name")
        if NORMAL not in self.policies:
            raise ValueError(f"{self.rules.name}: a game needs a {NORMAL!r} AI policy")

    @property
    def name(self) -> str:
        """The registry key and the slash command group, e.g. ``"drump"``."""
        return self.rules.name

    @property
    def title(self) -> str:
        """The game's name as players know it, e.g. ``"DRUMP"``."""
        return self.rules.title


_REGISTRY: dict[str, GameModule] = {}
_discovered = False


def register(module: GameModule) -> GameModule:
    """Add a game under its name (a game in ``bot/games/`` is found without it)."""
    _REGISTRY[module.name] = module
    return module


def unregister(name: str) -> None:
    """Take a game out of the registry again (a test's toy game, once the test is over)."""
    _REGISTRY.pop(name, None)


def get_game(name: str) -> GameModule:
    """The game called ``name``; KeyError naming the known games otherwise."""
    _discover()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(_REGISTRY))}") from None


def all_games() -> list[GameModule]:
    """Every game, by name."""
    _discover()
    return [_REGISTRY[n] for n in sorted(_REGISTRY)]


def _discover() -> None:
    """Import every package under ``bot/games/`` once and register the ``MODULE`` it exports."""
    global _discovered
    if _discovered:
        return
    _discovered = True  # set first: a game that looks another up while it is imported finds it or not, once
    try:
        package = importlib.import_module(GAMES_PACKAGE)
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
            if not info.ispkg:
                continue
            module = importlib.import_module(f"{GAMES_PACKAGE}.{info.name}")
            found = getattr(module, "MODULE", None)
            if isinstance(found, GameModule):
                _REGISTRY.setdefault(found.name, found)
    except BaseException:
        _discovered = False
        raise


__all__ = ["GameModule", "Playout", "Sampler", "SearchHints", "all_games", "get_game", "register", "unregister"]
