"""Who wins a finished game of Mat Goceng: each surviving player whose character's objective holds.

Only one player is ever defeated (the game ends at the first 0 stamina), so
"defeated" below always means that one player, whoever dealt the last blow.
"""

from __future__ import annotations

from typing import Any

from .state import GocengState

#: Characters that win when any of these characters is defeated.
_HUNTERS: dict[str, tuple[str, ...]] = {
    "rijkaard_cere": ("nyi_kencleng",),
    "bang_codet": ("mat_goceng", "baba_amsyong"),
    "baba_amsyong": ("rijkaard_cere", "bang_codet"),
}
_RICH = ("nyi_kencleng", "wan_fulus")


def objective_met(state: GocengState, player: int) -> bool:
    """Whether ``player`` survived and completed their own objective (state must be over)."""
    if state.stamina[player] <= 0:
        return False
    character = state.characters[player]
    defeated = {state.characters[p] for p in state.players if state.stamina[p] <= 0}
    if character == "mat_goceng":
        return "nyi_kencleng" not in defeated
    if character in _RICH:
        return state.coins[player] == max(state.coins.values())
    return any(target in defeated for target in _HUNTERS.get(character, ()))


def winners(state: GocengState) -> list[int]:
    return [p for p in state.players if objective_met(state, p)]


def reason(state: GocengState, player: int) -> str:
    """Why ``player`` won or did not, as a code the text modules word (state must be over).

    ``defeated`` (out of stamina), ``protected`` / ``not_protected`` (Mat Goceng),
    ``richest`` / ``not_richest``, ``target_fell`` / ``target_stands`` (the hunters).
    """
    if state.stamina[player] <= 0:
        return "defeated"
    met = objective_met(state, player)
    character = state.characters[player]
    if character == "mat_goceng":
        return "protected" if met else "not_protected"
    if character in _RICH:
        return "richest" if met else "not_richest"
    return "target_fell" if met else "target_stands"


def report(state: GocengState) -> list[list[Any]]:
    """[player, won, reason] for every player in seat order: the end of game as data for views and events."""
    won = set(winners(state))
    return [[p, p in won, reason(state, p)] for p in state.players]
