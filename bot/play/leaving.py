"""Leaving a running match, ending one early, and what leaving means for the result.

The ruling (RULINGS, "All games"): in a two-player match conceding gives the other
player the win; in a larger match the match goes on without the leaver, who counts as
a loser, either because the game removes them (Drama Pukul 7 eliminates their hero) or
because an AI plays their seat to the end (Laga Jakarta, Mat Goceng). An AI seat can
still come out on top, so the result that counts is worked out here
(:func:`counted_result`) rather than in each engine. A leave is logged like a move, so
the match still replays exactly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from bot.kernel.contract import LEAVE, PlayerId, Result, Rules
from bot.kernel.module import GameModule
from bot.kernel.wording import Wording, say, say_n
from bot.play.match_types import LEFT, LiveMatch, MatchEnd, MatchError, MoveOutcome
from bot.play.matches import Matches
from bot.play.moves import Moves
from bot.play.ports import MatchStore, Narrator
from bot.play.record import ABANDONED, ACTIVE, FINISHED

LeaveKind = Literal["concede", "eliminate", "ai"]


def leave_kind(game: GameModule, player_count: int) -> LeaveKind:
    """How a leave is handled: "concede" (two players: the other wins), "eliminate" (the game
    overrides ``player_left``, i.e. Drama), or "ai" (the seat stays and the AI plays it)."""
    if player_count <= 2:
        return "concede"
    if type(game.rules).player_left is not Rules.player_left:
        return "eliminate"
    return "ai"


def counted_result(
    result: Result, left: Sequence[PlayerId], names: Mapping[PlayerId, str] | None = None
) -> tuple[Result, list[Wording]]:
    """The result that counts once leavers are losers, and what to add to its summary (said in its reader's words).

    Leavers are removed from ``winners``. If that empties a list that had a winner, the
    best-scoring players who stayed win (ties share the win); with no scores to go by nobody
    wins. A draw or a game that had no winner stays so: leaving never turns them into a win.
    The added lines say who left (``names`` labels them) and why the winner changed.
    """
    gone = set(left)
    if not gone:  # nobody left: the engine's result stands as it is
        return result, []
    winners = tuple(w for w in result.winners if w not in gone)
    note: Wording | None = None
    if result.winners and not winners:
        stayed = {p: s for p, s in result.scores.items() if p not in gone}
        if stayed:
            best = max(stayed.values())
            winners = tuple(p for p, s in stayed.items() if s == best)
            note = (
                say("The winner left, so the best score among those who stayed wins.")
                if len(result.winners) == 1
                else say("Every winner left, so the best score among those who stayed wins.")
            )
        else:
            note = (
                say("The winner left, so nobody wins.")
                if len(result.winners) == 1
                else say("Every winner left, so nobody wins.")
            )
    label = names or {}
    leavers = list(dict.fromkeys(left))  # in the order they left, each once
    who = ", ".join(label[p] if p in label else str(say("Player {player}", player=p)) for p in leavers)
    lines = [
        say_n(
            "{who} left the match and counts as a loser.",
            "{who} left the match and count as losers.",
            len(leavers),
            who=who,
        )
    ]
    if note is not None:
        lines.append(note)
    return Result(winners=winners, scores=dict(result.scores), summary=result.summary, draw=result.draw), lines


def check_may_leave(live: LiveMatch | None, player: PlayerId) -> LiveMatch:
    """Refusals of a leave (no running match, not a player, left already); the front end checks early too."""
    if live is None or live.record.status != ACTIVE or live.state is None:
        raise MatchError(say("There is no match in progress here."))
    rec = live.record
    if player not in rec.players:
        raise MatchError(say("You are not playing in this match."))
    if player in rec.left:
        raise MatchError(say("You have already left this match."))
    return live


def check_may_end(live: LiveMatch | None, by: PlayerId, *, may_manage: bool) -> LiveMatch:
    """Refusals of the end command (nothing live, not the host nor a manager); the front end checks early too."""
    if live is None or not live.record.is_live:
        raise MatchError(say("There is no match in progress here."))
    if by != live.record.host_id and not may_manage:
        raise MatchError(say("Only the host or someone with Manage Channels can end this match."))
    return live


class Leaving:
    """Players leaving a running match, passing until their turn, and a match ended early."""

    def __init__(self, matches: Matches, moves: Moves, store: MatchStore, narrator: Narrator) -> None:
        self._matches = matches
        self._moves = moves
        self._store = store
        self._narrator = narrator

    async def leave(self, match_id: int, player: PlayerId) -> MatchEnd | list[MoveOutcome]:
        """A player leaves a running match, as the ruling says. Call with the match lock held.

        With two players the other one wins (a :class:`MatchEnd`). In a larger match it goes
        on without them and they count as a loser: the game eliminates them (Drama Pukul 7),
        or the AI plays their seat to the end.
        """
        live = check_may_leave(await self._matches.load(match_id), player)
        rec = live.record
        kind = leave_kind(live.game, len(rec.players))
        if kind == "concede":
            return await self._concede(live, player)
        before = live.game.rules.waiting(live.state)
        events = live.game.rules.player_left(live.state, player)  # raises IllegalAction before mutating
        rec.left.append(player)
        extra: tuple[Wording, ...] = ()
        if kind == "ai":
            if player not in rec.autopilot:
                rec.autopilot.append(player)
            extra = (
                say(
                    "🚪 {player} left the match: the AI plays their seat to the end (it counts as a loss for them).",
                    player=live.name_of(player),
                ),
            )
        rec.skipping = [p for p in rec.skipping if p != player]
        # One write: the seat's leaving (left, AI cover, skipping) is stored with the state that says so, or
        # neither is; a failed commit reloads the match as stored.
        outcome = await self._moves.commit(live, player, dict(LEAVE), events, before, LEFT, extra)
        if outcome.finished:
            return [outcome]
        return [outcome] + await self._moves.auto_pass(match_id)

    async def _concede(self, live: LiveMatch, player: PlayerId) -> MatchEnd:
        """Two players: the one who stays wins."""
        others = [p for p in live.record.players if p != player]
        summary = await self._narrator.words(
            live.record.guild_id, say("{player} conceded.", player=live.name_of(player))
        )
        result = Result(winners=(others[0],), summary=summary)
        await self._store.end_match(live.id, status=FINISHED, reason="conceded", result=result.to_json())
        await self._matches.reload(live.id)
        live.record.status = FINISHED
        live.record.result = result.to_json()
        return MatchEnd(live, "conceded", result, player)

    async def end(self, match_id: int, by: PlayerId, *, may_manage: bool) -> MatchEnd:
        """The host (or a manager) ends a match early: it counts for no one."""
        live = check_may_end(await self._matches.load(match_id), by, may_manage=may_manage)
        await self._store.end_match(match_id, status=ABANDONED, reason="ended")
        await self._matches.reload(match_id)
        live.record.status = ABANDONED
        return MatchEnd(live, "ended", None, by)

    async def set_skipping(self, live: LiveMatch, player: PlayerId, on: bool) -> None:
        """Pass on every window until the player's own turn (or until they act themselves)."""
        rec = live.record
        if player not in rec.players or player in rec.left:
            raise MatchError(say("You are not playing in this match."))
        if on and player not in rec.skipping:
            rec.skipping.append(player)
        elif not on and player in rec.skipping:
            rec.skipping.remove(player)
        await self._store.save_seats(live.id, left=rec.left, skipping=rec.skipping, autopilot=rec.autopilot)


__all__ = ["LeaveKind", "Leaving", "check_may_end", "check_may_leave", "counted_result", "leave_kind"]
