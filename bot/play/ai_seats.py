"""An AI seat's move: its level's policy, or hard's search in the worker pool.

The match service asks :meth:`AiSeats.choose` for every AI move. The seat's level
comes from the match's ``table_options`` (:mod:`bot.ai.levels`); a person's seat the
AI plays while they are away plays normal. Every level decides from the seat's view
and legal actions only. Hard searches for ``ai_think_ms`` in a worker process and
plays normal when the pool is unavailable or the game has no determinizer. The search
is anything with :class:`SearchPool`'s ``think``: the bot's own pool, or search workers
on other machines (:class:`bot.play.remote_search.RemoteSearch`, ``AI_SEARCH=remote``).

A decision is asked in two steps: :meth:`AiSeats.question` reads what the seat may see, and
:meth:`AiSeats.answer` decides from that plain data alone. So a hard seat can search ahead, during the
AI pause, and its answer be played at the pause's end if the match has not moved since
(:mod:`bot.frontend.handlers.timers`).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.ai import registry
from bot.ai.levels import HARD, NORMAL, level_of
from bot.ai.pool import SHARED, PoolUnavailable
from bot.kernel.contract import Action, PlayerId
from bot.kernel.rng import Rng
from bot.play.match_types import LiveMatch, is_ai

log = logging.getLogger(__name__)

#: Used when a server has no ``ai_think_ms`` setting.
DEFAULT_THINK_MS = 1000


def move_seed(seed: int, seq: int) -> int:
    """The seeded randomness of one AI decision: from the match seed and the move number, so it replays."""
    return (seed ^ ((seq + 1) * 0x9E3779B97F4A7C15)) & ((1 << 64) - 1)


class Search(Protocol):
    """Where hard searches run: :class:`SearchPool` in this process's workers, or a remote search beside it.

    PoolUnavailable tells the seat to play normal instead."""

    async def think(
        self,
        game_name: str,
        view: Mapping[str, Any],
        legal: Sequence[Action],
        player: PlayerId,
        seed: int,
        think_ms: float,
    ) -> Action: ...


@dataclass(frozen=True)
class Question:
    """One AI decision as plain data: what the seat sees and may do, and how it decides (its level, its seed,
    how long a search may think), as they were at move ``seq``."""

    match_id: int
    game_name: str
    player: PlayerId
    seq: int
    view: Mapping[str, Any]
    legal: Sequence[Action]
    seed: int
    level: str
    think_ms: int

    @property
    def searches(self) -> bool:
        """Whether the answer takes a search (a hard seat with a choice, in a game with a sampler)."""
        return searches(self.game_name, self.level, len(self.legal))


@dataclass(frozen=True)
class Answered:
    """An AI decision made ahead of playing it: good only while the match stands where it was asked."""

    question: Question
    action: Action


def searches(game_name: str, level: str, choices: int) -> bool:
    """Whether a decision of ``choices`` options at ``level`` takes hard's search (in a game with a sampler)."""
    return level == HARD and choices > 1 and registry.sampler(game_name) is not None


def seat_level(live: LiveMatch, player: PlayerId) -> str:
    """An AI seat's level from the match's options; a person's seat the AI covers plays normal."""
    return level_of(live.record.table_options, player) if is_ai(player) else NORMAL


def think_seconds(live: LiveMatch, player: PlayerId, settings: Mapping[str, Any] | Any) -> float:
    """How long ``player``'s next decision will search (0 where it needs none): the wake-up that asks it starts
    that much early, so a hard seat's move lands after the AI pause, not after the pause and the search."""
    level = seat_level(live, player)
    if level != HARD or not searches(live.game.name, level, len(live.game.rules.legal_actions(live.state, player))):
        return 0.0
    return _setting(settings, "ai_think_ms", DEFAULT_THINK_MS) / 1000.0


class AiSeats:
    """Chooses AI seats' moves; counts the moves decided per level (``decided``, read by tests and the bench)."""

    def __init__(self, pool: Search | None = None) -> None:
        self.pool: Search = pool if pool is not None else SHARED
        self.decided: Counter[str] = Counter()

    def level(self, live: LiveMatch, player: PlayerId) -> str:
        return seat_level(live, player)

    def question(self, live: LiveMatch, player: PlayerId, settings: Mapping[str, Any] | Any) -> Question:
        """What ``player``'s decision is, read from the match now (call with the match lock held)."""
        game = live.game
        return Question(
            match_id=live.id,
            game_name=game.name,
            player=player,
            seq=live.record.seq,
            view=game.rules.view(live.state, player),  # shares nothing with the state (the contract)
            legal=game.rules.legal_actions(live.state, player),
            seed=move_seed(live.record.seed, live.record.seq),
            level=self.level(live, player),
            think_ms=_setting(settings, "ai_think_ms", DEFAULT_THINK_MS),
        )

    async def answer(self, question: Question) -> Action:
        """The seat's move, from the question alone (whoever plays it later checks the match is still at
        ``question.seq``)."""
        level = question.level
        if question.searches:
            try:
                action = await self.pool.think(
                    question.game_name, question.view, question.legal, question.player, question.seed, question.think_ms
                )
                if action in question.legal:
                    self.decided[HARD] += 1
                    return action
                log.warning("a hard search returned an illegal move in match #%s; playing normal", question.match_id)
            except PoolUnavailable as exc:
                log.warning("hard AI plays normal in match #%s: %s", question.match_id, exc)
            level = NORMAL
        self.decided[level] += 1
        return registry.policy(question.game_name, level).choose(
            question.view, question.legal, Rng.seeded(question.seed)
        )

    async def choose(self, live: LiveMatch, player: PlayerId, settings: Mapping[str, Any] | Any) -> Action:
        """``player``'s move at their seat's level, asked and answered at once (call with the match lock held)."""
        return await self.answer(self.question(live, player, settings))


def _setting(settings: Any, key: str, default: int) -> int:
    try:
        return int(settings[key])
    except (KeyError, TypeError):
        return default
