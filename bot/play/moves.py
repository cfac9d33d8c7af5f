"""Moves: apply one to a match, commit it, and what follows by itself (automatic passes, timeouts, AI seats).

This is where an engine meets the store. Every move is checked by the engine, applied
to the cached state under the match's lock, and committed (one guarded write, with
the move's log row) before the caller gets anything to show: commit first, then show.
A move's words come from the :class:`~bot.play.ports.Narrator` (the service chooses no
language); a commit that fails drops the cached match, and the store stays the truth.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any

from bot.ai.levels import NORMAL
from bot.ai.registry import policy
from bot.kernel.contract import Action, Event, PlayerId, Waiting
from bot.kernel.module import GameModule
from bot.kernel.rng import Rng
from bot.kernel.wording import Names, Wording, say
from bot.play.ai_seats import AiSeats, Answered, Question, move_seed
from bot.play.autopass import automatic_answer
from bot.play.clock import Clock
from bot.play.match_types import (
    AI,
    AUTO,
    PLAYER,
    TIMEOUT,
    TURN_TIMEOUT,
    LiveMatch,
    MatchError,
    MoveOutcome,
    StaleTurn,
    is_ai,
)
from bot.play.matches import Matches
from bot.play.people import People
from bot.play.ports import Aside, MatchStore, Narrator
from bot.play.record import ACTIVE, FINISHED, StoreUnavailable
from bot.play.settings import GuildSettings, ServerSettings

log = logging.getLogger(__name__)

RECENT_LINES = 12
#: Builds what a move's caller will show, from the move's outcome, while its commit runs.
Prepare = Callable[[MoveOutcome], None]
#: Safety bound on the timeouts one expiry may chain (a turn's remaining decisions).
MAX_CHAINED_TIMEOUTS = 50
#: Safety bound on the passes one move may set off (windows that open one after another).
MAX_CHAINED_PASSES = 50


def check_turn(live: LiveMatch | None, player: PlayerId, decision: int | None, *, person: bool = True) -> LiveMatch:
    """Refusals shared by every move: match over, not a player, question over, nothing to answer.

    ``decision`` is the decision number the prompt was built for (None: any). It
    stays the same for a whole window round, so others' answers never make a
    prompt stale; only a new round or a new decision does.
    """
    if live is None or live.record.status != ACTIVE or live.state is None:
        raise MatchError(say("This match is over."))
    if player not in live.record.players:
        raise MatchError(say("You are not playing in this match."))
    if person and player in live.record.left:  # the AI still plays a leaver's seat
        raise MatchError(say("You left this match; it goes on without you."))
    if decision is not None and decision != live.record.decision_seq:
        raise StaleTurn()
    if player not in live.waiting.actors:
        raise MatchError(nothing_for(live))
    return live


def nothing_for(live: LiveMatch) -> Wording:
    """Why a player has nothing to do now, without telling who may answer a secret window."""
    waiting = live.waiting
    if waiting.window is not None and not waiting.window.public:
        return say("Nothing is waiting on you right now: the others may still respond.")
    names = Names(tuple(live.name_of(p) for p in sorted(waiting.actors)))
    return say("It is not your turn; waiting for {names}.", names=names)


def deadline_for(
    settings: GuildSettings, game: GameModule, state: Any, now: float, keep: float | None = None
) -> float | None:
    """When the pending decision times out: a window's or a turn's length from now, or ``keep``.

    ``keep`` is the running deadline of a window round that is still open
    (others answered, these players have not), so answering never extends it.
    """
    if game.rules.is_over(state):
        return None
    if keep is not None:
        return keep
    return now + settings[game.rules.waiting(state).setting]


class Moves:
    """Applies and commits moves; plays the ones nobody has to click (automatic passes, timeouts, AI seats)."""

    def __init__(
        self,
        matches: Matches,
        settings: ServerSettings,
        people: People,
        store: MatchStore,
        narrator: Narrator,
        ai: AiSeats,
        clock: Clock,
    ) -> None:
        self._matches = matches
        self._settings = settings
        self._people = people
        self._store = store
        self._narrator = narrator
        self._ai = ai
        self._clock = clock

    async def act(
        self,
        match_id: int,
        player: PlayerId,
        action: Action,
        *,
        decision: int | None,
        by: str = PLAYER,
        prepare: Prepare | None = None,
    ) -> MoveOutcome:
        """Apply and commit one move. Call with the match lock held.

        ``by`` says who decided it: the player, a timeout (``TIMEOUT``, or
        ``TURN_TIMEOUT`` when a turn's clock ran out, which counts towards the
        AI taking over the seat), the AI policy, or an automatic pass (``AUTO``).
        Raises MatchError / StaleTurn / IllegalAction without changing anything.
        """
        live = check_turn(await self._matches.load(match_id), player, decision, person=by == PLAYER)
        before = live.game.rules.waiting(live.state)
        events = live.game.rules.apply(live.state, player, action)  # raises IllegalAction before mutating
        return await self.commit(live, player, action, events, before, by, prepare=prepare)

    async def play(
        self,
        match_id: int,
        player: PlayerId,
        action: Action,
        *,
        decision: int | None,
        by: str = PLAYER,
        prepare: Prepare | None = None,
    ) -> list[MoveOutcome]:
        """One move and the automatic passes it makes due: what every caller announces together.

        ``prepare(outcome)`` runs while the move's commit is in flight (see :meth:`commit`).
        """
        outcome = await self.act(match_id, player, action, decision=decision, by=by, prepare=prepare)
        return [outcome] + await self.auto_pass(match_id)

    async def commit(
        self,
        live: LiveMatch,
        player: PlayerId,
        action: Action,
        events: list[Event],
        before: Waiting,
        by: str,
        extra: Sequence[Wording] = (),
        prepare: Prepare | None = None,
    ) -> MoveOutcome:
        """Store a move just applied to the cached state (or drop the state if storing fails).

        The narrator words it: the public lines (the table's log, stored) and the result in the
        server's language, each player's private lines in their own. ``prepare`` is called with the
        outcome while the commit runs in its worker thread, to build (never send) what the caller
        shows once this returns.
        """
        game, state, rec = live.game, live.state, live.record
        match_id = live.id
        settings = await self._settings.of(rec.guild_id)
        after = game.rules.waiting(state)
        same_round = before.round is not None and after.window is not None and after.round == before.round
        deadline = deadline_for(settings, game, state, self._clock.now(), keep=rec.deadline if same_round else None)
        timeouts, autopilot, took_over = _idle_after(live, player, by, settings["idle_takeover"])
        skipping = [p for p in rec.skipping if p != after.turn and not (p == player and by == PLAYER)]
        absent = _absent_after(live, player, by, before)
        newly_absent = player in absent and player not in rec.absent
        # Who lets a secret window run out is told to them alone: the table would learn who could have answered.
        secret = before.window is not None and not before.window.public
        said: list[Event | Wording | Aside] = []
        if by in (TIMEOUT, TURN_TIMEOUT):
            if secret:
                said.append(Aside(say("⏱️ Time ran out for you."), (player,)))
            else:
                said.append(say("⏱️ Time ran out for {player}.", player=live.name_of(player)))
        said.extend(events)
        said.extend(extra)
        if took_over:
            said.append(
                Aside(say("🤖 You seem to be away: the AI plays for you until you click again."), (player,))
                if secret
                else say(
                    "🤖 {player} seems to be away: the AI plays for them until they click again.",
                    player=live.name_of(player),
                )
            )
        if newly_absent:
            said.append(
                Aside(say("⏭️ You did not answer in time: windows pass for you until you act again."), (player,))
                if secret
                else say(
                    "⏭️ {player} did not answer in time: windows pass for them until they act again.",
                    player=live.name_of(player),
                )
            )
        told = await self._narrator.tell(live, said)
        result = await self._narrator.result(live) if game.rules.is_over(state) else None
        recent = (rec.recent + told.public)[-RECENT_LINES:]
        new_seq = rec.seq + 1
        state_json = game.rules.state_to_json(state)
        commit = self._store.start(
            self._store.record_action(
                match_id,
                expected_seq=rec.seq,
                player_id=player,
                action=action,
                state_json=state_json,
                deadline=deadline,
                recent=recent,
                result=result.to_json() if result else None,
                timeouts=timeouts,
                autopilot=autopilot,
                new_decision=not same_round,
                skipping=skipping,
                absent=absent,
                left=list(rec.left),
            )
        )
        try:
            # The cached record as it is once stored. Only the lock holder sees it before the commit ends
            # (as it sees the state the engine already moved on), and a failed commit drops it.
            rec.seq, rec.deadline, rec.recent = new_seq, deadline, recent
            rec.timeouts, rec.autopilot, rec.skipping, rec.absent = timeouts, autopilot, skipping, absent
            live.last_actor = player
            live.last_move_at = self._clock.now()
            if not same_round:
                rec.decision_seq = new_seq
                rec.decision_started, rec.reminded = self._clock.now(), False
            outcome = MoveOutcome(
                match=live,
                player=player,
                action=action,
                events=events,
                seq=new_seq,
                by=by,
                before=before,
                after=after,
                result=result,
                public_lines=list(told.public),
                private_lines=told.private,
                new_decision=not same_round,
                retell=told.retell,
            )
            if prepare is not None:
                await asyncio.sleep(0)  # the commit reaches the store's thread; build the reply meanwhile
                try:
                    prepare(outcome)
                except Exception:  # the caller builds it again after the commit, and meets the error there
                    log.debug("building a reply during the commit of match #%s failed", match_id, exc_info=True)
            await commit
        except StoreUnavailable:
            if not await self._landed(match_id, new_seq, state_json):
                await self._matches.reload(match_id)  # the store is the truth; drop the mutated copy
                raise
            # The connection was cut after the server took the commit (its answer was lost): the move stands.
            log.warning("the commit of move %d of match #%s was cut off but is stored: it stands", new_seq, match_id)
        except BaseException:
            if not commit.done():
                commit.cancel()
            await asyncio.gather(commit, return_exceptions=True)
            await self._matches.reload(match_id)  # the store is the truth; drop the mutated copy
            raise
        if result is not None:
            rec.status = FINISHED
            rec.result = result.to_json()
            self._matches.forget(match_id)
        return outcome

    async def _landed(self, match_id: int, seq: int, state_json: str) -> bool:
        """Whether a move whose commit failed was stored after all: a connection cut while the server committed
        loses only the answer. The stored row says (only this process writes the match, under its lock); when the
        store cannot be read either, the move counts as not taken, and the next load shows the truth."""
        try:
            stored = await self._store.get_match(match_id)
        except StoreUnavailable:
            return False
        return stored is not None and stored.seq == seq and stored.state == state_json

    async def auto_pass(self, match_id: int) -> list[MoveOutcome]:
        """Answer for everyone in an open window who has nothing to decide. Call with the lock held.

        See :func:`bot.play.autopass.automatic_answer` for who is passed for. Each pass is an
        ordinary committed move in the log.
        """
        outcomes: list[MoveOutcome] = []
        for _ in range(MAX_CHAINED_PASSES):
            live = await self._matches.load(match_id)
            if live is None or live.record.status != ACTIVE or live.state is None:
                break
            waiting = live.waiting
            if waiting.window is None:
                break
            found = None
            for player in sorted(waiting.actors):
                always_ask = not is_ai(player) and bool((await self._people.prefs(player)).get("always_ask"))
                answer = automatic_answer(live, waiting, player, always_ask=always_ask)
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

    async def expire(self, match_id: int) -> list[MoveOutcome]:
        """Take the engine's timeout action for whoever's deadline has passed.

        Call with the match lock held. A deadline that is not yet due, or already
        handled (no deadline stored), does nothing, so a deadline never fires twice.
        When a turn's clock runs out the player is away: the rest of their turn's
        pending decisions (say, a discard after ending the turn) are timed out at once.
        """
        live = await self._matches.load(match_id)
        outcomes: list[MoveOutcome] = []
        if (
            live is None
            or live.record.status != ACTIVE
            or live.record.deadline is None
            or live.record.deadline > self._clock.now()
        ):
            return outcomes
        window = live.waiting.in_window
        by = TIMEOUT if window else TURN_TIMEOUT
        round_deadline = live.record.deadline
        takeover_after = (await self._settings.of(live.record.guild_id))["idle_takeover"]
        for _ in range(MAX_CHAINED_TIMEOUTS):
            actors = sorted(live.waiting.actors)
            if not actors:
                break
            player = actors[0]
            # The timeout that hands an absent player's seat to the AI is played by the AI already: the table does
            # not lose that turn to the engine's bare timeout move (a pass, an end of turn).
            takes_over = (
                by == TURN_TIMEOUT
                and not is_ai(player)
                and live.record.timeouts.get(player, 0) + 1 >= takeover_after
                and player not in live.record.autopilot
            )
            rules = live.game.rules
            action = (
                _policy_choice(live, player)
                if takes_over
                else rules.timeout_action(live.state, player) or _policy_choice(live, player)
            )
            outcome = await self.act(match_id, player, action, decision=live.decision, by=by)
            outcomes.append(outcome)
            by = TIMEOUT  # only the first counts towards the idle takeover
            if outcome.finished or takes_over:
                break  # (the AI holds the seat now: it plays the rest of the turn at its own pace)
            still_window = live.waiting.in_window
            if window and still_window and live.record.deadline == round_deadline:
                continue  # others in the same window round timed out too
            if not window and not still_window and player in live.waiting.actors:
                continue  # the same absent player still owes this turn's decisions
            break
        if outcomes and not outcomes[-1].finished:
            outcomes += await self.auto_pass(match_id)
        return outcomes

    async def ai_question(self, match_id: int, player: PlayerId) -> Question:
        """``player``'s pending decision as the AI is asked it (call with the match lock held): answer it with
        :meth:`answer_ai`, then play the answer with :meth:`ai_move`, now or later."""
        live = check_turn(await self._matches.load(match_id), player, None, person=False)
        return self._ai.question(live, player, await self._settings.of(live.record.guild_id))

    async def answer_ai(self, question: Question) -> Action:
        """The AI's move for an asked decision (it reads only the question)."""
        return await self._ai.answer(question)

    async def ai_move(self, match_id: int, player: PlayerId, answer: Answered | None = None) -> list[MoveOutcome]:
        """Let the AI decide for ``player`` (at their seat's level) and play it like any move (call with the
        match lock held). ``answer``, decided earlier from the same position, is played instead of asking again
        if the match has not moved since; a stale one is dropped and the AI asked anew.

        The AI sees only that player's view; its randomness is seeded from the match seed
        and move number, and its choice goes into the action log like any other, so the
        match replays without the AI.
        """
        live = check_turn(await self._matches.load(match_id), player, None, person=False)
        if answer is not None and answer.question.seq == live.record.seq and answer.question.player == player:
            action = answer.action
        else:
            action = await self._ai.choose(live, player, await self._settings.of(live.record.guild_id))
        return await self.play(match_id, player, action, decision=live.decision, by=AI)

    async def reclaim(self, live: LiveMatch, player: PlayerId) -> bool:
        """A player back at the table takes their seat from the AI. True if they had been replaced."""
        if player not in live.record.autopilot or player in live.record.left:
            return False
        live.record.autopilot.remove(player)
        live.record.timeouts.pop(player, None)
        await self._store.save_idle(live.id, live.record.timeouts, live.record.autopilot)
        return True

    async def mark_reminded(self, live: LiveMatch) -> bool:
        """Record that the pending decision's halfway reminder goes out; False if it already had."""
        if not await self._store.mark_reminded(live.id):
            return False
        live.record.reminded = True
        return True


def _policy_choice(live: LiveMatch, player: PlayerId) -> Action:
    """The game's normal AI policy's move for ``player``, from their view, seeded by match and move number."""
    rules = live.game.rules
    legal = rules.legal_actions(live.state, player)
    rng = Rng.seeded(move_seed(live.record.seed, live.record.seq))
    return policy(live.game.name, NORMAL).choose(rules.view(live.state, player), legal, rng)


def _absent_after(live: LiveMatch, player: PlayerId, by: str, before: Waiting) -> list[int]:
    """Who windows pass for: a person whose window answer timed out, until they act themselves.

    A window must not wait its whole timer again on someone who has gone; their own turn
    still waits for them (and its timeouts lead to the AI taking over, as before). Someone
    the window's question never reached (Discord failed to deliver it) has not gone.
    """
    absent = [p for p in live.record.absent if not (p == player and by == PLAYER)]
    missed = by == TIMEOUT and before.window is not None and not is_ai(player) and live.was_reached(player)
    if missed and player not in absent:
        absent.append(player)
    return absent


def _idle_after(
    live: LiveMatch, player: PlayerId, by: str, takeover_after: int
) -> tuple[dict[int, int], list[int], bool]:
    """Consecutive turn timeouts and AI takeover (after ``takeover_after`` in a row), after a move decided ``by``."""
    timeouts = dict(live.record.timeouts)
    autopilot = list(live.record.autopilot)
    if by == PLAYER:
        timeouts.pop(player, None)
        if player in autopilot and player not in live.record.left:
            autopilot.remove(player)
        return timeouts, autopilot, False
    if by != TURN_TIMEOUT or is_ai(player):
        return timeouts, autopilot, False
    timeouts[player] = timeouts.get(player, 0) + 1
    took_over = timeouts[player] >= takeover_after and player not in autopilot
    if took_over:
        autopilot.append(player)
    return timeouts, autopilot, took_over


__all__ = ["Moves", "Prepare", "check_turn", "deadline_for", "nothing_for"]
