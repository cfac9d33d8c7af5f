"""Who may act now and every action they may take, in a stable order.

Action shapes (parameters in the order a person decides them):

* ``challenge {target}``: the active player challenges someone not yet challenged this turn.
* ``reconcile {}`` / ``fight {}``: the challenged player's answer.
* ``play {card}``: the punch token holder adds a card of their own to their line.
* ``ask_help {}``: the holder opens the Extra Power window (once per card owed).
* ``give_up {}``: the holder, with no fitting card, loses the battle.
* ``offer {card, price}`` / ``withdraw {}`` / ``decline {}`` / ``stand {}``: a player outside the battle
  offers (or revises), withdraws, declines, or leaves the offer standing as it is.
* ``take_counter {}`` / ``refuse_counter {}``: a helper answers the battler's counter-offer.
* ``accept {helper}`` / ``counter {helper, price}`` / ``no_help {}``: the battler takes one offer,
  offers a lower price for one, or takes none (see :mod:`negotiation`).
* ``peek {target}`` / ``kasbon {target}``: the target of Mata Menembus Sukma or Kasbon.
"""

from __future__ import annotations

from bot.kernel.contract import Action

from . import negotiation
from .flow import fitting_cards
from .state import BATTLE, CHALLENGE, OVER, RECONCILE_PRICE, RESPOND, GocengState


def actors(state: GocengState) -> frozenset[int]:
    """Who may act now. In the Extra Power window, see :func:`negotiation.window_actors`.

    A helper who leaves their offer standing (``stand``) leaves the actors until the battler
    counters it: without that, a driver that asks every actor in turn (the platform's AI seats)
    would keep asking a helper who has nothing more to say.
    """
    if state.phase == OVER:
        return frozenset()
    if state.pending is not None:
        return frozenset((state.pending.player,))
    if state.phase == CHALLENGE:
        return frozenset((state.active,))
    if state.phase == RESPOND:
        assert state.target is not None  # a challenge names whom it challenges
        return frozenset((state.target,))
    battle = state.battle
    assert battle is not None  # past the challenge and the answer, the game is in a battle
    if battle.window is not None:
        return frozenset(negotiation.window_actors(state))
    return frozenset((battle.holder,))


def legal_actions(state: GocengState, player: int) -> list[Action]:
    if player not in actors(state):
        return []
    if state.pending is not None:
        return [{"type": state.pending.kind, "target": t} for t in state.pending.candidates]
    if state.phase == CHALLENGE:
        return [{"type": "challenge", "target": t} for t in state.others(player) if t not in state.challenged]
    if state.phase == RESPOND:
        out: list[Action] = []
        if state.coins[player] >= RECONCILE_PRICE:
            out.append({"type": "reconcile"})
        out.append({"type": "fight"})
        return out
    battle = state.battle
    assert state.phase == BATTLE and battle is not None
    window = battle.window
    if window is None:
        mine = fitting_cards(state, battle, player, player)
        out = [{"type": "play", "card": c} for c in mine]
        if not battle.asked:
            out.append({"type": "ask_help"})
        if not mine:
            out.append({"type": "give_up"})
        return out
    if player == battle.holder:
        return negotiation.battler_actions(state)
    return negotiation.helper_actions(state, player)


def timeout_action(state: GocengState, player: int) -> Action:
    """Pass, decline, keep a standing offer, or the first fitting card: the least a silent player would do."""
    if player not in actors(state):
        raise ValueError(f"player {player} has no decision pending")
    # Each answer is the first of ``legal_actions`` of its kind, picked without listing them all
    # (a helper may have a hundred offers), since the platform asks this at every decision.
    if state.pending is not None:
        return {"type": state.pending.kind, "target": state.pending.candidates[0]}
    if state.phase == CHALLENGE:
        return {"type": "challenge", "target": next(t for t in state.others(player) if t not in state.challenged)}
    if state.phase == RESPOND:
        return {"type": "fight"}
    battle = state.battle
    assert battle is not None  # past the challenge and the answer, the game is in a battle
    if battle.window is not None:
        return negotiation.timeout_action(state, player)
    mine = fitting_cards(state, battle, player, player)
    return {"type": "play", "card": mine[0]} if mine else {"type": "give_up"}
