"""Hard: determinized Monte Carlo search over the engine, from one seat's view only.

Each round draws a full state consistent with what the seat may see (the game's
``sample(view, rng)``: hidden cards dealt at random from the cards the seat cannot
account for), plays each candidate action in a copy of that same deal, plays the
rest of the game out with the normal policy for every seat, and scores the end for
the seat (1 a win, shared or not, 0.5 a draw, 0 a loss). This is the root
of the information-set Monte Carlo tree search family OpenSpiel ships, one level
deep, with common random numbers: every candidate meets the same deals and the same
playout luck, so the comparison measures the move, not the deal. The move with the
best total is played, but a close call (within ``MARGIN`` a deal, or fewer than
``LEAD`` deals ahead) goes to the normal policy's own choice: the search only
overrides normal when the playouts clearly say so. A game may tell the search more of itself
(:class:`bot.kernel.module.SearchHints`: a faster path for its playouts).

Pure and synchronous: it runs in a worker process (:mod:`bot.ai.pool`), never on the
event loop. Stops at a time budget (the server's ``ai_think_ms``) or after a fixed
number of playouts (tests, which must not depend on the clock).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.kernel.contract import Action, PlayerId, Rules, next_mover
from bot.kernel.module import SearchHints
from bot.kernel.policy import Policy
from bot.kernel.rng import Rng

#: A playout longer than this many moves is scored as it stands (a safety bound).
PLAYOUT_MOVES = 400
#: At most this many root candidates; the rest are dropped, the normal choice always kept.
MAX_CANDIDATES = 6
#: The normal choice keeps the move unless another beats it by this much (in mean value)...
MARGIN = 0.03
#: ... and by at least this many whole games over the deals tried (noise cannot flip a move).
LEAD = 1.5


@dataclass
class Budget:
    """When to stop: a wall-clock allowance in milliseconds, a playout count, or both (whichever first)."""

    ms: float | None = None
    playouts: int | None = None
    #: "wall" (the bot: a move never takes longer than set) or "cpu" (this process's CPU time: the bench,
    #: so a machine busy with other work does not shorten the search it measures).
    clock: str = "wall"

    def now(self) -> float:
        return time.process_time() if self.clock == "cpu" else time.perf_counter()

    def __post_init__(self) -> None:
        if self.ms is None and self.playouts is None:
            raise ValueError("a search needs a time budget or a playout count")


def value_for(rules: Rules[Any], state: Any, player: PlayerId) -> float:
    """The seat's score of a playout: 1 a win, shared or not, 0.5 a draw (or a playout cut off), 0 a loss.

    A shared win is a whole win: where a game lets several players win (Mat Goceng: everyone whose secret
    objective holds), a win beside another is worth as much to the seat as one alone, and a search that
    halved it would shun the moves that let an ally's objective hold too. An ending nobody wins is a loss
    for the seat like any other.
    """
    if not rules.is_over(state):
        return 0.5
    result = rules.result(state)
    if player in result.winners:
        return 1.0
    return 0.5 if result.is_draw else 0.0


def playout(rules: Rules[Any], state: Any, policy: Policy, rng: Rng, moves: int = PLAYOUT_MOVES) -> None:
    """Play ``state`` on with ``policy`` in every seat (each from its own view) until over or ``moves`` run out."""
    for _ in range(moves):
        if rules.is_over(state):
            return
        player = next_mover(rules, state)
        if player is None:
            return
        legal = rules.legal_actions(state, player)
        if not legal:
            return
        rules.apply(state, player, policy.choose(rules.view(state, player), legal, rng))


def candidates(legal: Sequence[Action], preferred: Action, rng: Rng, limit: int = MAX_CANDIDATES) -> list[Action]:
    """The root actions to try: all when few; else the normal choice, one of each other kind, then a sample."""
    if len(legal) <= limit:
        return list(legal)
    others = [a for a in legal if a != preferred]
    rng.shuffle(others)
    chosen = [preferred]
    kinds = {preferred.get("type")}
    for action in others:
        if len(chosen) < limit and action.get("type") not in kinds:
            kinds.add(action.get("type"))
            chosen.append(action)
    for action in others:
        if len(chosen) >= limit:
            break
        if action not in chosen:
            chosen.append(action)
    return chosen


def search(
    rules: Rules[Any],
    view: Mapping[str, Any],
    legal: Sequence[Action],
    player: PlayerId,
    rng: Rng,
    sample: Callable[[Mapping[str, Any], Rng], Any],
    policy: Policy,
    budget: Budget,
    pick: Callable[[Sequence[Action], Action, Rng], list[Action]] | None = None,
    hints: SearchHints | None = None,
) -> Action:
    """The move with the best mean playout value over determinizations of ``view`` (see the module doc).

    Rounds of common random numbers: each round draws one deal and one playout seed and
    tries every candidate on that same deal, so candidates are compared on equal luck.
    """
    if not legal:
        raise ValueError("no legal action to choose from")
    preferred = policy.choose(view, legal, Rng.seeded(rng.next64()))
    if len(legal) == 1:
        return legal[0]
    hints = hints or SearchHints()
    try:
        sample(view, Rng.seeded(0))
    except NotImplementedError:  # a position the game's sampler cannot deal (say, a secret negotiation)
        return preferred
    roots = (pick or candidates)(legal, preferred, rng)
    totals = [0.0] * len(roots)
    stop = budget.now() + budget.ms / 1000.0 if budget.ms is not None else None
    done = rounds = 0
    while True:
        if budget.playouts is not None and done + len(roots) > max(budget.playouts, len(roots)):
            break
        if stop is not None and rounds and budget.now() >= stop:
            break
        deal, luck = rng.next64(), rng.next64()
        for i, root in enumerate(roots):
            world = sample(view, Rng.seeded(deal))
            rules.apply(world, player, root)
            if hints.playout is not None:
                hints.playout(world, policy, Rng.seeded(luck), PLAYOUT_MOVES)
            else:
                playout(rules, world, policy, Rng.seeded(luck))
            totals[i] += value_for(rules, world, player)
            done += 1
        rounds += 1
    best = max(range(len(roots)), key=lambda i: totals[i])
    keep = roots.index(preferred)
    lead = totals[best] - totals[keep]
    if lead / rounds <= MARGIN or lead < LEAD:
        return preferred
    return roots[best]


def hard_move(
    game_name: str, view: Mapping[str, Any], legal: Sequence[Action], player: PlayerId, rng: Rng, budget: Budget
) -> Action:
    """A hard seat's move: the game's search with its sampler, normal playouts and its hints (normal's move
    where the game has no sampler). The bot's pool and the bench's seats both play it."""
    from bot.ai.registry import policy as policy_for, sampler
    from bot.kernel.module import get_game

    game = get_game(game_name)
    sample = sampler(game_name)
    normal = policy_for(game_name, "normal")
    if sample is None:
        return normal.choose(view, legal, rng)
    return search(game.rules, view, legal, player, rng, sample, normal, budget, hints=game.search)


def think(
    game_name: str,
    view: Mapping[str, Any],
    legal: Sequence[Action],
    player: PlayerId,
    seed: int,
    think_ms: float | None = None,
    playouts: int | None = None,
) -> Action:
    """A hard seat's move, by name and plain data only: what a worker process runs (see :mod:`bot.ai.pool`)."""
    return hard_move(game_name, view, legal, player, Rng.seeded(seed), Budget(ms=think_ms, playouts=playouts))
