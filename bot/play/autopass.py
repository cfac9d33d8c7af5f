"""Answers nobody has to click for: who is passed for in a response window, and when.

A window actor whose only legal answer is a pass is passed for at once, unless the game
keeps full windows, the host chose full windows, or the person asked to be asked always;
a player passing until their turn is passed for in every window, and so is a player who
let a window time out, until they act again. The moves themselves are committed by
:meth:`bot.play.moves.Moves.auto_pass`, each an ordinary move in the log.
"""

from __future__ import annotations

from bot.kernel.contract import Action, PlayerId, Waiting
from bot.play.match_types import LiveMatch


def automatic_answer(live: LiveMatch, waiting: Waiting, player: PlayerId, *, always_ask: bool) -> Action | None:
    """The answer given for ``player`` in the open window without asking them, or None to ask them.

    ``always_ask``: the person asked to be asked in every window (a preference of theirs).
    """
    assert waiting.window is not None
    rules, state = live.game.rules, live.state
    if player == waiting.window.decider:
        return None  # they decide after the others (a battler weighing offers still to come)
    if player in live.record.skipping and player != waiting.turn:
        return rules.timeout_action(state, player)
    if player in live.record.absent:
        return rules.timeout_action(state, player)  # a window timed out on them: they are away
    if waiting.window.full or live.record.table_options.get("full_windows"):
        return None
    if always_ask:
        return None
    legal = rules.legal_actions(state, player)
    return legal[0] if len(legal) == 1 else None


__all__ = ["automatic_answer"]
