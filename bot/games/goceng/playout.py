"""Hard's Mat Goceng playouts, played straight on the engine's own modules: the same moves, fewer checks.

:func:`bot.ai.search.playout` asks the ``Rules`` surface at every move who acts next (a ``Waiting``
record, its window's round), lists the legal actions, builds the mover's view and applies the policy's
choice through ``actions.apply``, which checks the action's shape, the mover and the stage before it
runs the handler. A policy in a playout only ever picks from the legal list, so those checks can never
fail there. :func:`playout` makes exactly the same moves (same mover, same legal list in the same
order, same view, same choice, same handler, same window rounds) without them, so a search's
playouts cost less and the same budget meets more deals. ``tests/ai/test_goceng_playout.py`` plays
both side by side to hold them equal.
"""

from __future__ import annotations

from bot.kernel.contract import Action
from bot.kernel.policy import Policy
from bot.kernel.rng import Rng

from . import actions, legal, negotiation
from .state import OVER, GocengState
from .view import build_view

_WINDOW_STAGES = (actions.HELPER, actions.BATTLER)


def next_mover(state: GocengState) -> int | None:
    """Who moves next, as :func:`bot.kernel.contract.next_mover` decides it for this game: the first actor by
    seat id, but the battler of an open window after the helpers, and not at all while its only choice is
    its silence and others may still answer."""
    if state.phase == OVER:
        return None
    acting = legal.actors(state)
    battle = state.battle
    if state.pending is not None or battle is None or battle.window is None:
        return min(acting, default=None)
    # The battler's only choice is its silence (no help) exactly while no offer stands.
    decider = battle.holder
    movers = sorted(acting)
    if decider in acting and len(acting) >= 2 and not battle.window.stack:
        movers.remove(decider)
    movers.sort(key=lambda p: p == decider)
    return movers[0] if movers else None


def apply(state: GocengState, player: int, action: Action) -> None:
    """``actions.apply`` for an action known to be legal: the handler, and the window's round kept."""
    stage, _, handler = actions.SPECS[action["type"]]
    if stage not in _WINDOW_STAGES:
        handler(state, player, action)
        return
    before = negotiation.window_actors(state)
    handler(state, player, action)
    negotiation.new_round_if_asked(state, before)


def playout(state: GocengState, policy: Policy, rng: Rng, moves: int) -> None:
    """:func:`bot.ai.search.playout` for Mat Goceng, the engine's modules called directly."""
    for _ in range(moves):
        if state.phase == OVER:
            return
        player = next_mover(state)
        if player is None:
            return
        choices = legal.legal_actions(state, player)
        if not choices:
            return
        apply(state, player, policy.choose(build_view(state, player), choices, rng))
