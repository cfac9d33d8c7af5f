"""Who wins a finished game of Mat Goceng: each surviving player whose character's objective holds.

Only one player is ever defeated (the game ends at the first 0 stamina), so
"defeated" below always means that one player, whoever dealt the last blow.
"""

from __future__ import annotations

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
