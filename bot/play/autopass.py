"""Answers nobody has to click for: automatic passes in response windows, and the preferences behind them.

A window actor whose only legal answer is a pass is passed for at once, unless
the game keeps full windows, the host chose full windows, or the person asked
to be asked always; a player passing until their turn is passed for in every
window, and so is a player who let a window time out, until they act again. Mixed into :class:`bot.play.matches.MatchService`, which provides ``load``,
``act``, ``storage`` and the ``_prefs`` cache; every method here is called with
the match's lock held, like the service's own moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.kernel.contract import Action, PlayerId, Waiting
from bot.kernel.i18n import N_, t
from bot.play.match_types import AUTO, LiveMatch, MatchError, MoveOutcome, is_ai
from bot.store.sqlite import ACTIVE

if TYPE_CHECKING:
    from bot.play.matches import MatchService

#: Safety bound on the passes one move may set off (windows that open one after another).
MAX_CHAINED_PASSES = 50

#: What a person may set for themselves, everywhere they play.
USER_PREFS = {
    "always_ask": N_("Ask me in every response window, even when I can only pass."),
    "language": N_("The language of what only I see (DMs, pickers, replies); none: the server's."),
}


class AutoPassMixin:
    # --- automatic passes ------------------------------------------------------
    async def auto_pass(self: "MatchService", match_id: int) -> list[MoveOutcome]:
        """Answer for everyone in an open window who has nothing to decide. Call with the lock held.

        A player whose only legal answer is one action (a pass) is not made to
        click for it, unless the game keeps full windows (DRUMP's block), the
        host chose full windows for the table, or the player asked to be asked
        always. A player passing until their turn is passed for in every window.
        Each pass is an ordinary committed move in the log.
        """
        outcomes: list[MoveOutcome] = []
        for _ in range(MAX_CHAINED_PASSES):
            live = await self.load(match_id)
            if live is None or live.record.status != ACTIVE or live.state is None:
                break
            waiting = live.waiting
            if waiting.window is None:
                break
            found = None
            for player in sorted(waiting.actors):
                answer = await self._automatic_answer(live, waiting, player)
                if answer is not None:
                    found = (player, answer)
                    break
            if found is None:
                break
            outcome = await self.act(match_id, found[0], found[1], decision=live.decision, by=AUTO)
            outcomes.append(outcome)
            if outcome.finished:
                break
        return outcomes

    async def _automatic_answer(self: "MatchService", live: LiveMatch, waiting: Waiting, player: PlayerId) -> Action | None:
        assert waiting.window is not None
        game, state = live.game, live.state
        if player == waiting.window.decider:
            return None  # they decide after the others (a battler weighing offers still to come)
        if player in live.record.skipping and player != waiting.turn:
            return game.rules.timeout_action(state, player)
        if player in live.record.absent:
            return game.rules.timeout_action(state, player)  # a window timed out on them: they are away
        if waiting.window.full or live.record.table_options.get("full_windows"):
            return None
        if not is_ai(player) and (await self.user_prefs(player)).get("always_ask"):
            return None
        legal = game.rules.legal_actions(state, player)
        return legal[0] if len(legal) == 1 else None

    # --- a person's own preferences ---------------------------------------------
    async def user_prefs(self: "MatchService", user_id: PlayerId) -> dict[str, Any]:
        """A person's preferences (cached: read in every window)."""
        cached = self._prefs.get(user_id)
        if cached is None:
            cached = await self.storage.user_prefs(user_id) if user_id > 0 else {}
            self._prefs[user_id] = cached
        return cached

    async def set_user_pref(self: "MatchService", user_id: PlayerId, key: str, value: Any) -> dict[str, Any]:
        if key not in USER_PREFS:
            raise MatchError(t("There is no preference called {key}.", key=key))
        await self.storage.set_user_pref(user_id, key, value)
        self._prefs.pop(user_id, None)
        return await self.user_prefs(user_id)

    async def set_skipping(self: "MatchService", live: LiveMatch, player: PlayerId, on: bool) -> None:
        """Pass on every window until the player's own turn (or until they act themselves)."""
        rec = live.record
        if player not in rec.players or player in rec.left:
            raise MatchError(t("You are not playing in this match."))
        if on and player not in rec.skipping:
            rec.skipping.append(player)
        elif not on and player in rec.skipping:
            rec.skipping.remove(player)
        await self.storage.save_seats(live.id, left=rec.left, skipping=rec.skipping, autopilot=rec.autopilot)
