"""Who may act now and every action they may take, in a stable order.

Action shapes (parameters in the order a person decides them):

* ``challenge {target}``: the active player challenges someone not yet challenged this turn.
* ``reconcile {}`` / ``fight {}``: the challenged player's answer.
* ``play {card}``: the punch token holder adds a card of their own to their line.
* ``ask_help {}``: the holder opens the Extra Power window (once per card owed).
* ``give_up {}``: the holder, with no fitting card, loses the battle.
* ``offer {card, price}`` / ``withdraw {}`` / ``decline {}``: a player outside the battle answers the window.
* ``keep_offer {}``: a helper stands by their offer as final and stops being asked (see ``actors``).
* ``accept {helper}`` / ``no_help {}``: the battler takes one affordable offer, or none.
* ``peek {target}`` / ``kasbon {target}``: the target of Mata Menembus Sukma or Kasbon.
"""

from __future__ import annotations

from bot.engine import Action

from .flow import fitting_cards
from .state import BATTLE, CHALLENGE, OVER, RESPOND, RECONCILE_PRICE, START_COINS, GocengState


def max_price(state: GocengState) -> int:
    """The highest price a helper may ask: every coin on the table."""
    return START_COINS * len(state.players)


def offer_index(state: GocengState, player: int) -> int | None:
    """Position of ``player``'s standing offer in the open window, or None."""
    window = state.battle.window if state.battle else None
    if window is None:
        return None
    for i, offer in enumerate(window.stack):
        if offer["player"] == player:
            return i
    return None


def kept(state: GocengState) -> list[int]:
    """Helpers whose standing offer is final (``keep_offer``): they wait for the battler's decision."""
    window = state.battle.window if state.battle else None
    return window.context.get("kept", []) if window is not None else []


def actors(state: GocengState) -> frozenset[int]:
    """Who may act now. In the Extra Power window: the battler, the helpers yet to answer, and the
    helpers whose offer stands (they may still change, withdraw or keep it until the battler decides).

    A helper who keeps their offer leaves the actors: without that, a helper whose offer stands
    could only ever answer again by changing or withdrawing it, and a driver that asks every actor
    in turn (the platform's AI seats) would wear every offer down to nothing before the battler chose.
    """
    if state.phase == OVER:
        return frozenset()
    if state.pending is not None:
        return frozenset((state.pending.player,))
    if state.phase == CHALLENGE:
        return frozenset((state.active,))
    if state.phase == RESPOND:
        return frozenset((state.target,))
    battle = state.battle
    if battle.window is not None:
        final = kept(state)
        return frozenset({battle.holder, *battle.window.waiting,
                          *(o["player"] for o in battle.window.stack if o["player"] not in final)})
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
        out = [{"type": "accept", "helper": o["player"]} for o in window.stack
               if o["price"] <= state.coins[player]]
        out.append({"type": "no_help"})
        return out
    current = offer_index(state, player)
    standing = window.stack[current] if current is not None else None
    out = []
    for card in fitting_cards(state, battle, battle.holder, player):
        for price in range(max_price(state) + 1):
            if standing is None or standing["card"] != card or standing["price"] != price:
                out.append({"type": "offer", "card": card, "price": price})
    if standing is not None:
        out.append({"type": "keep_offer"})
        out.append({"type": "withdraw"})
    out.append({"type": "decline"})
    return out


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
    if battle.window is not None:
        if player == battle.holder:
            return {"type": "no_help"}
        return {"type": "keep_offer"} if offer_index(state, player) is not None else {"type": "decline"}
    mine = fitting_cards(state, battle, player, player)
    return {"type": "play", "card": mine[0]} if mine else {"type": "give_up"}
