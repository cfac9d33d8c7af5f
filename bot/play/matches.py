"""Matches as the bot runs them: lobby, moves, deadlines and endings, without any Discord code.

This is the one place that joins an engine to the database. Every change to a
match happens under that match's lock, is checked by the engine, and is
committed before the caller gets anything to show. The Discord layer (and
the demo, the benchmark, the AI seats) call this service and then render
what it returns; none of them touches an engine's state directly.

Live states are cached in memory after their first load, so a move costs one
engine ``apply`` and one SQLite transaction, not a JSON parse of the state.
If a commit fails, the cached state is dropped and reloaded from the
database, which stays the truth.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Any, Callable

from bot.ai.levels import NORMAL
from bot.ai.registry import policy
from bot.play.ai_seats import AiSeats
from bot.kernel.i18n import get_locale, t, use_locale
from bot.play.language import Languages
from bot.play.clock import Clock, SystemClock
from bot.kernel.contract import LEAVE, Action, Event, PlayerId, Result, Waiting
from bot.kernel.module import GameModule, get_game
from bot.play.leaving import final_result, leave_kind
from bot.kernel.rng import Rng
from bot.play.settings import SETTINGS, GuildSettings
from bot.play.autopass import AutoPassMixin
from bot.play.lobby import LobbyMixin
from bot.play.match_locks import MatchLocks
from bot.play.match_messages import MatchMessagesMixin
from bot.play.match_types import (AI, AUTO, LEFT, PLAYER, TIMEOUT, TURN_TIMEOUT, LiveMatch, MatchEnd, MatchError, MoveOutcome, StaleTurn, is_ai)
from bot.store.sqlite import ABANDONED, ACTIVE, FINISHED, MatchRecord, StaleMove, Storage


log = logging.getLogger(__name__)

RECENT_LINES = 12
#: Builds what a move's caller will show, from the move's outcome, while its commit runs.
Prepare = Callable[[MoveOutcome], None]
#: Safety bound on the timeouts one expiry may chain (a turn's remaining decisions).
MAX_CHAINED_TIMEOUTS = 50


class MatchService(LobbyMixin, AutoPassMixin, MatchMessagesMixin):
    """Creates, loads and advances matches; owns the per-match locks and the state cache.

    Lobby operations (open, join, leave, AI seats, start, cancel) come from
    :class:`bot.play.lobby.LobbyMixin`, automatic passes and people's preferences from
    :class:`bot.play.autopass.AutoPassMixin`, the records of what a match has shown in Discord
    from :class:`bot.play.match_messages.MatchMessagesMixin`; this module keeps play, timeouts and endings.
    """

    def __init__(self, storage: Storage, clock: Clock | None = None,
                 seeds: Callable[[], int] | None = None) -> None:
        self.storage = storage
        self.clock = clock or SystemClock()
        #: Where new matches get their shuffle seed; tests pass a fixed sequence.
        self.seeds = seeds or (lambda: secrets.randbits(63))
        #: AI seats' moves by level (hard searches in worker processes).
        self.ai = AiSeats()
        self._locks = MatchLocks()
        self._cache: dict[int, LiveMatch] = {}
        #: The per-user messages of each live match, by kind, as stored (see ``sent_messages``).
        self._sent: dict[int, dict[str, dict[int, tuple[int, int]]]] = {}
        self._settings: dict[int, GuildSettings] = {}
        self._prefs: dict[int, dict[str, Any]] = {}
        #: Which language each server's channels and each reader get (``bot.language``).
        self.languages = Languages(self)

    # --- locks and loading ----------------------------------------------------
    def lock(self, match_id: int) -> asyncio.Lock:
        """The lock that serialises every change (and its announcement) to one match."""
        return self._locks.get(match_id)

    async def load(self, match_id: int) -> LiveMatch | None:
        cached = self._cache.get(match_id)
        if cached is not None:
            return cached
        record = await self.storage.get_match(match_id)
        if record is None:
            return None
        return self._remember(record)

    def _remember(self, record: MatchRecord) -> LiveMatch:
        game = get_game(record.game)
        state = game.rules.state_from_json(record.state) if record.state else None
        live = LiveMatch(record, game, state, last_move_at=record.updated_at)
        if record.is_live:
            self._cache[record.id] = live
        else:
            self.forget(record.id)
        return live

    async def _reload(self, match_id: int) -> LiveMatch | None:
        self._cache.pop(match_id, None)
        return await self.load(match_id)

    async def live_in_channel(self, channel_id: int) -> LiveMatch | None:
        for live in self._cache.values():
            if live.record.channel_id == channel_id and live.record.is_live:
                return live
        record = await self.storage.live_match_in_channel(channel_id)
        return self._remember(record) if record else None

    async def load_all_live(self) -> list[LiveMatch]:
        """Load every live match (at start-up), so their buttons and deadlines work again."""
        return [self._remember(r) for r in await self.storage.live_matches()]

    async def settings(self, guild_id: int) -> GuildSettings:
        """A server's effective settings, cached: they are read on every move."""
        cached = self._settings.get(guild_id)
        if cached is None:
            cached = GuildSettings.from_stored(await self.storage.guild_settings(guild_id))
            self._settings[guild_id] = cached
        return cached

    def forget_settings(self, guild_id: int) -> None:
        """Drop a server's cached settings (one was just stored)."""
        self._settings.pop(guild_id, None)

    async def change_setting(self, guild_id: int, key: str, value: int) -> GuildSettings:
        """Validate and store one server setting; ValueError names the allowed range."""
        if key not in SETTINGS:
            raise ValueError(t("There is no setting called {key}.", key=key))
        checked = SETTINGS[key].validate(value)
        await self.storage.set_guild_setting(guild_id, key, checked)
        self._settings.pop(guild_id, None)
        return await self.settings(guild_id)

    # --- play -----------------------------------------------------------------
    async def _deadline_for(self, guild_id: int, game: GameModule, state: Any,
                            keep: float | None = None) -> float | None:
        """When the pending decision times out: a window's or a turn's length from now, or ``keep``.

        ``keep`` is the running deadline of a window round that is still open
        (others answered, these players have not), so answering never extends it.
        """
        if game.rules.is_over(state):
            return None
        if keep is not None:
            return keep
        settings = await self.settings(guild_id)
        return self.clock.now() + settings[game.rules.waiting(state).setting]

    def check_turn(self, live: LiveMatch | None, player: PlayerId, decision: int | None, *,
                   person: bool = True) -> LiveMatch:
        """Refusals shared by every move: match over, not a player, question over, nothing to answer.

        ``decision`` is the decision number the prompt was built for (None: any). It
        stays the same for a whole window round, so others' answers never make a
        prompt stale; only a new round or a new decision does.
        """
        if live is None or live.record.status != ACTIVE or live.state is None:
            raise MatchError(t("This match is over."))
        if player not in live.record.players:
            raise MatchError(t("You are not playing in this match."))
        if person and player in live.record.left:  # the AI still plays a leaver's seat
            raise MatchError(t("You left this match; it goes on without you."))
        if decision is not None and decision != live.record.decision_seq:
            raise StaleTurn()
        if player not in live.waiting.actors:
            raise MatchError(self.nothing_for(live))
        return live

    @staticmethod
    def nothing_for(live: LiveMatch) -> str:
        """Why a player has nothing to do now, without telling who may answer a secret window."""
        waiting = live.waiting
        if waiting.window is not None and not waiting.window.public:
            return t("Nothing is waiting on you right now: the others may still respond.")
        names = ", ".join(live.name_of(p) for p in sorted(waiting.actors))
        return t("It is not your turn; waiting for {names}.", names=names)

    async def act(self, match_id: int, player: PlayerId, action: Action, *, decision: int | None,
                  by: str = PLAYER, prepare: Prepare | None = None) -> MoveOutcome:
        """Apply and commit one move. Call with the match lock held.

        ``by`` says who decided it: the player, a timeout (``TIMEOUT``, or
        ``TURN_TIMEOUT`` when a turn's clock ran out, which counts towards the
        AI taking over the seat), the AI policy, or an automatic pass (``AUTO``).
        Raises MatchError / StaleTurn / IllegalAction without changing anything.
        """
        live = self.check_turn(await self.load(match_id), player, decision, person=by == PLAYER)
        before = live.game.rules.waiting(live.state)
        events = live.game.rules.apply(live.state, player, action)  # raises IllegalAction before mutating
        return await self._commit(live, player, action, events, before, by, prepare=prepare)

    async def _commit(self, live: LiveMatch, player: PlayerId, action: Action, events: list[Event],
                      before: Waiting, by: str, extra_lines: tuple[str, ...] = (),
                      prepare: Prepare | None = None) -> MoveOutcome:
        """Store a move just applied to the cached state (or drop the state if storing fails).

        The public lines (the table's log, stored) and the result are written in the
        server's language; each player's private lines in that player's own. ``prepare``
        is called with the outcome while the commit runs in its worker thread, to build
        (never send) what the caller shows once this returns.
        """
        timed_out = by in (TIMEOUT, TURN_TIMEOUT)
        game, state, rec = live.game, live.state, live.record
        match_id = live.id
        server = await self.languages.server(rec.guild_id)
        after = game.rules.waiting(state)
        same_round = before.round is not None and after.window is not None and after.round == before.round
        deadline = await self._deadline_for(rec.guild_id, game, state, keep=rec.deadline if same_round else None)
        live.takeover_after = (await self.settings(rec.guild_id))["idle_takeover"]
        timeouts, autopilot, took_over = self._idle_after(live, player, by)
        skipping = [p for p in rec.skipping if p != after.turn and not (p == player and by == PLAYER)]
        absent = self._absent_after(live, player, by, before)
        newly_absent = player in absent and player not in rec.absent

        told: dict[str, list[str]] = {}

        def retell(locale: str) -> list[str]:
            """The move's public lines in ``locale`` (the table's are in the server's), each language told once."""
            if locale not in told:
                told[locale] = tell(locale)
            return list(told[locale])

        def tell(locale: str) -> list[str]:
            with use_locale(locale):
                lines = self._public(live, events, player if timed_out else None)
                lines.extend(extra_lines)
                if took_over:
                    lines.append(t("🤖 {player} seems to be away: the AI plays for them until they click again.",
                                   player=live.name_of(player)))
                if newly_absent:
                    lines.append(t("⏭️ {player} did not answer in time: windows pass for them until they act "
                                   "again.", player=live.name_of(player)))
            return lines

        public_lines = retell(server)
        with use_locale(server):
            result = game.rules.result(state) if game.rules.is_over(state) else None
            if result is not None:
                result = final_result(result, rec.left, rec.names)
        recent = (rec.recent + public_lines)[-RECENT_LINES:]
        new_seq = rec.seq + 1
        commit = self.storage.start(self.storage.record_action(
            match_id, expected_seq=rec.seq, player_id=player, action=action,
            state_json=game.rules.state_to_json(state), deadline=deadline, recent=recent,
            result=result.to_json() if result else None, timeouts=timeouts, autopilot=autopilot,
            new_decision=not same_round, skipping=skipping, absent=absent,
        ))
        try:
            # What only the caller shows is worked out while the commit runs: private lines...
            readers = {int(p) for e in events for p in (e.get("visible_to") or ())}
            locales = {p: await self.languages.reader(p, rec.guild_id) for p in sorted(readers)}
            private_lines = self._private(live, events, locales)
            # ...and the cached record as it is once stored. Only the lock holder sees it before the commit
            # ends (as it sees the state the engine already moved on), and a failed commit drops it.
            rec.seq, rec.deadline, rec.recent = new_seq, deadline, recent
            rec.timeouts, rec.autopilot, rec.skipping, rec.absent = timeouts, autopilot, skipping, absent
            live.last_actor = player
            live.last_move_at = self.clock.now()
            if not same_round:
                rec.decision_seq = new_seq
                rec.decision_started, rec.reminded = self.clock.now(), False
            outcome = MoveOutcome(match=live, player=player, action=action, events=events, seq=new_seq, by=by,
                                  before=before, after=after, result=result, public_lines=public_lines,
                                  private_lines=private_lines, new_decision=not same_round, retell=retell)
            if prepare is not None:
                await asyncio.sleep(0)  # the commit reaches SQLite (see Storage.start); build the reply meanwhile
                try:
                    prepare(outcome)
                except Exception:  # the caller builds it again after the commit, and meets the error there
                    log.debug("building a reply during the commit of match #%s failed", match_id, exc_info=True)
            await commit
        except BaseException:
            if not commit.done():
                commit.cancel()
            await asyncio.gather(commit, return_exceptions=True)
            await self._reload(match_id)  # the database is the truth; drop the mutated copy
            raise
        if result is not None:
            rec.status = FINISHED
            rec.result = result.to_json()
            self.forget(match_id)
        return outcome

    async def play(self, match_id: int, player: PlayerId, action: Action, *, decision: int | None,
                   by: str = PLAYER, prepare: Prepare | None = None) -> list[MoveOutcome]:
        """One move and the automatic passes it makes due: what every caller announces together.

        ``prepare(outcome)`` runs while the move's commit is in flight (see ``_commit``).
        """
        outcome = await self.act(match_id, player, action, decision=decision, by=by, prepare=prepare)
        return [outcome] + await self.auto_pass(match_id)

    @staticmethod
    def _absent_after(live: LiveMatch, player: PlayerId, by: str, before: Waiting) -> list[int]:
        """Who windows pass for: a person whose window answer timed out, until they act themselves.

        A window must not wait its whole timer again on someone who has gone; their own turn
        still waits for them (and its timeouts lead to the AI taking over, as before).
        """
        absent = [p for p in live.record.absent if not (p == player and by == PLAYER)]
        if by == TIMEOUT and before.window is not None and not is_ai(player) and player not in absent:
            absent.append(player)
        return absent

    def _idle_after(self, live: LiveMatch, player: PlayerId, by: str) -> tuple[dict[int, int], list[int], bool]:
        """Consecutive turn timeouts and AI takeover, after a move decided ``by`` someone."""
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
        took_over = timeouts[player] >= live.takeover_after and player not in autopilot
        if took_over:
            autopilot.append(player)
        return timeouts, autopilot, took_over

    async def reclaim(self, live: LiveMatch, player: PlayerId) -> bool:
        """A player back at the table takes their seat from the AI. True if they had been replaced."""
        if player not in live.record.autopilot or player in live.record.left:
            return False
        live.record.autopilot.remove(player)
        live.record.timeouts.pop(player, None)
        await self.storage.save_idle(live.id, live.record.timeouts, live.record.autopilot)
        return True

    async def ai_move(self, match_id: int, player: PlayerId) -> list[MoveOutcome]:
        """Let the game's AI policy decide for ``player`` and play it like any move.

        The policy sees only that player's view; its randomness is seeded from
        the match seed and move number, and its choice goes into the action
        log like any other, so the match replays without the policy.
        """
        live = self.check_turn(await self.load(match_id), player, None, person=False)
        action = await self.ai.choose(live, player, await self.settings(live.record.guild_id))
        return await self.play(match_id, player, action, decision=live.decision, by=AI)

    @staticmethod
    def _policy_choice(live: LiveMatch, player: PlayerId) -> Action:
        """The game's AI policy's move for ``player``, from their view, seeded by match and move number."""
        game = live.game
        legal = game.rules.legal_actions(live.state, player)
        rng = Rng.seeded((live.record.seed ^ ((live.record.seq + 1) * 0x9E3779B97F4A7C15)) & ((1 << 64) - 1))
        return policy(game.name, NORMAL).choose(game.rules.view(live.state, player), legal, rng)

    def ai_controls(self, live: LiveMatch, player: PlayerId) -> bool:
        """Whether the AI decides for this seat: an AI player, or a human taken over while away."""
        return is_ai(player) or player in live.record.autopilot

    @staticmethod
    def _public(live: LiveMatch, events: list[Event], timed_out_player: PlayerId | None) -> list[str]:
        """The lines of a move's events everyone may read, in the current language (empty lines dropped)."""
        public: list[str] = []
        if timed_out_player is not None:
            public.append(t("⏱️ Time ran out for {player}.", player=live.name_of(timed_out_player)))
        for event in events:
            if event.get("visible_to") is None:
                line = live.game.presenter.event_line(event, live.record.names)
                if line:
                    public.append(line)
        return public

    @staticmethod
    def _private(live: LiveMatch, events: list[Event], locales: dict[PlayerId, str]) -> dict[PlayerId, list[str]]:
        """Each player's private lines of a move's events, each in its reader's language (``locales``)."""
        private: dict[PlayerId, list[str]] = {}
        for event in events:
            for p in event.get("visible_to") or ():
                with use_locale(locales.get(int(p), get_locale())):
                    line = live.game.presenter.event_line(event, live.record.names)
                if line:
                    private.setdefault(int(p), []).append(line)
        return private

    async def expire(self, match_id: int) -> list[MoveOutcome]:
        """Take the engine's timeout action for whoever's deadline has passed.

        Call with the match lock held. A deadline that is not yet due, or already
        handled (no deadline stored), does nothing, so a deadline never fires twice.
        When a turn's clock runs out the player is away: the rest of their turn's
        pending decisions (say, a discard after ending the turn) are timed out at once.
        """
        live = await self.load(match_id)
        outcomes: list[MoveOutcome] = []
        if (live is None or live.record.status != ACTIVE or live.record.deadline is None
                or live.record.deadline > self.clock.now()):
            return outcomes
        window = live.waiting.in_window
        by = TIMEOUT if window else TURN_TIMEOUT
        round_deadline = live.record.deadline
        for _ in range(MAX_CHAINED_TIMEOUTS):
            actors = sorted(live.waiting.actors)
            if not actors:
                break
            player = actors[0]
            action = live.game.rules.timeout_action(live.state, player) or self._policy_choice(live, player)
            outcome = await self.act(match_id, player, action, decision=live.decision, by=by)
            outcomes.append(outcome)
            by = TIMEOUT  # only the first counts towards the idle takeover
            if outcome.finished:
                break
            still_window = live.waiting.in_window
            if window and still_window and live.record.deadline == round_deadline:
                continue  # others in the same window round timed out too
            if not window and not still_window and player in live.waiting.actors:
                continue  # the same absent player still owes this turn's decisions
            break
        if outcomes and not outcomes[-1].finished:
            outcomes += await self.auto_pass(match_id)
        return outcomes

    @staticmethod
    def check_may_leave(live: LiveMatch | None, player: PlayerId) -> LiveMatch:
        """Refusals of a leave (no running match, not a player, left already); the table checks early too."""
        if live is None or live.record.status != ACTIVE or live.state is None:
            raise MatchError(t("There is no match in progress here."))
        rec = live.record
        if player not in rec.players:
            raise MatchError(t("You are not playing in this match."))
        if player in rec.left:
            raise MatchError(t("You have already left this match."))
        return live

    async def leave_match(self, match_id: int, player: PlayerId) -> MatchEnd | list[MoveOutcome]:
        """A player leaves a running match, as the ruling says. Call with the match lock held.

        With two players the other one wins (a :class:`MatchEnd`). In a larger
        match it goes on without them and they count as a loser: the game
        eliminates them (Drama Pukul 7), or the AI plays their seat to the end.
        The leave is logged like a move, so the match still replays exactly.
        """
        live = self.check_may_leave(await self.load(match_id), player)
        rec = live.record
        kind = leave_kind(live.game, len(rec.players))
        if kind == "concede":
            return await self._concede(live, player)
        before = live.game.rules.waiting(live.state)
        events = live.game.rules.player_left(live.state, player)  # raises IllegalAction before mutating
        rec.left.append(player)
        extra: tuple[str, ...] = ()
        if kind == "ai":
            if player not in rec.autopilot:
                rec.autopilot.append(player)
            with use_locale(await self.languages.server(rec.guild_id)):  # a line of the table's log
                extra = (t("🚪 {player} left the match: the AI plays their seat to the end "
                           "(it counts as a loss for them).", player=live.name_of(player)),)
        rec.skipping = [p for p in rec.skipping if p != player]
        await self.storage.save_seats(live.id, left=rec.left, skipping=rec.skipping, autopilot=rec.autopilot)
        outcome = await self._commit(live, player, dict(LEAVE), events, before, LEFT, extra)
        if outcome.finished:
            return [outcome]
        return [outcome] + await self.auto_pass(match_id)

    async def _concede(self, live: LiveMatch, player: PlayerId) -> MatchEnd:
        """Two players: the one who stays wins."""
        others = [p for p in live.record.players if p != player]
        with use_locale(await self.languages.server(live.record.guild_id)):  # the result is public
            result = Result(winners=(others[0],), summary=t("{player} conceded.", player=live.name_of(player)))
        await self.storage.end_match(live.id, status=FINISHED, reason="conceded", result=result.to_json())
        await self._reload(live.id)
        live.record.status = FINISHED
        live.record.result = result.to_json()
        return MatchEnd(live, "conceded", result, player)

    @staticmethod
    def check_may_end(live: LiveMatch | None, by: PlayerId, *, may_manage: bool) -> LiveMatch:
        """Refusals of the end command (nothing live, not the host nor a manager); the table checks early too."""
        if live is None or not live.record.is_live:
            raise MatchError(t("There is no match in progress here."))
        if by != live.record.host_id and not may_manage:
            raise MatchError(t("Only the host or someone with Manage Channels can end this match."))
        return live

    async def abort(self, match_id: int, by: PlayerId, *, may_manage: bool) -> MatchEnd:
        live = self.check_may_end(await self.load(match_id), by, may_manage=may_manage)
        await self.storage.end_match(match_id, status=ABANDONED, reason="ended")
        await self._reload(match_id)
        live.record.status = ABANDONED
        return MatchEnd(live, "ended", None, by)

    def forget(self, match_id: int) -> None:
        """The match is over (or left this process): nothing of it is kept in memory."""
        self._cache.pop(match_id, None)
        self._sent.pop(match_id, None)

    def live_count(self) -> int:
        return len(self._cache)


__all__ = [
    "LiveMatch", "MatchEnd", "MatchError", "MatchService", "MoveOutcome", "StaleMove", "StaleTurn",
]
