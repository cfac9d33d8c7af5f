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
import secrets
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from bot.clock import Clock, SystemClock
from bot.engine import Action, Event, Game, IllegalAction, PlayerId, Result, get_game
from bot.games.rng import Rng
from bot.settings import SETTINGS, GuildSettings
from bot.storage import ABANDONED, ACTIVE, FINISHED, LOBBY, ChannelBusy, MatchRecord, StaleMove, Storage


RECENT_LINES = 12
#: Safety bound on the timeouts one expiry may chain (a turn's remaining decisions).
MAX_CHAINED_TIMEOUTS = 50

#: Who decided a move.
PLAYER, TIMEOUT, TURN_TIMEOUT, AI = "player", "timeout", "turn_timeout", "ai"


def is_ai(player: PlayerId) -> bool:
    """AI seats have negative ids; real players are Discord users (positive snowflakes)."""
    return player < 0


class MatchError(Exception):
    """A request the bot refuses; ``reason`` is shown to the user as is."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class StaleTurn(MatchError):
    """A button or picker from an earlier turn."""

    def __init__(self) -> None:
        super().__init__("This is from an earlier turn. Use the latest message of the match.")


@dataclass
class LiveMatch:
    """A match record with its engine and, once started, its decoded state."""

    record: MatchRecord
    game: Game
    state: Any | None = None
    #: Who made the last move (in memory only; used to keep AI seats from answering themselves).
    last_actor: PlayerId | None = None
    #: Consecutive turn timeouts before the AI takes a seat over (the server's setting).
    takeover_after: int = 2
    #: When the last move was committed (in memory; paces AI seats so people can follow).
    last_move_at: float | None = None

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def seq(self) -> int:
        return self.record.seq

    def name_of(self, player: PlayerId) -> str:
        return self.record.names.get(player, f"Player {player}")


@dataclass
class MoveOutcome:
    """What one committed move did: enough for the caller to render and announce it."""

    match: LiveMatch
    player: PlayerId
    action: Action
    events: list[Event]
    seq: int
    window_before: bool
    window_after: bool
    result: Result | None = None
    timed_out: bool = False
    #: Public lines describing the move (safe for the channel).
    public_lines: list[str] = field(default_factory=list)
    #: Private lines per player (what only they may read, e.g. the card they drew).
    private_lines: dict[PlayerId, list[str]] = field(default_factory=dict)
    turn_before: PlayerId | None = None
    turn_after: PlayerId | None = None
    #: A response window opened, or reopened for a new round, with a fresh deadline.
    window_opened: bool = False

    @property
    def finished(self) -> bool:
        return self.result is not None


@dataclass
class MatchEnd:
    match: LiveMatch
    reason: str
    result: Result | None
    by: PlayerId | None = None


@dataclass
class _Locks:
    by_match: dict[int, asyncio.Lock] = field(default_factory=lambda: defaultdict(asyncio.Lock))


class MatchService:
    """Creates, loads and advances matches; owns the per-match locks and the state cache."""

    def __init__(self, storage: Storage, clock: Clock | None = None,
                 seeds: Callable[[], int] | None = None) -> None:
        self.storage = storage
        self.clock = clock or SystemClock()
        #: Where new matches get their shuffle seed; tests pass a fixed sequence.
        self.seeds = seeds or (lambda: secrets.randbits(63))
        self._locks = _Locks()
        self._cache: dict[int, LiveMatch] = {}
        self._settings: dict[int, GuildSettings] = {}

    # --- locks and loading ----------------------------------------------------
    def lock(self, match_id: int) -> asyncio.Lock:
        """The lock that serialises every change (and its announcement) to one match."""
        return self._locks.by_match[match_id]

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
        state = game.state_from_json(record.state) if record.state else None
        live = LiveMatch(record, game, state, last_move_at=record.updated_at)
        if record.is_live:
            self._cache[record.id] = live
        else:
            self._cache.pop(record.id, None)
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

    async def change_setting(self, guild_id: int, key: str, value: int) -> GuildSettings:
        """Validate and store one server setting; ValueError names the allowed range."""
        if key not in SETTINGS:
            raise ValueError(f"There is no setting called {key}.")
        checked = SETTINGS[key].validate(value)
        await self.storage.set_guild_setting(guild_id, key, checked)
        self._settings.pop(guild_id, None)
        return await self.settings(guild_id)

    # --- lobby ----------------------------------------------------------------
    async def open_lobby(self, *, guild_id: int, channel_id: int, game_name: str, host_id: PlayerId,
                         host_name: str, options: Mapping[str, Any] | None = None) -> LiveMatch:
        game = get_game(game_name)
        try:
            checked = game.check_options(options)
        except IllegalAction as exc:
            raise MatchError(exc.reason) from None
        try:
            record = await self.storage.create_match(
                guild_id=guild_id, channel_id=channel_id, game=game_name, host_id=host_id,
                host_name=host_name, seed=self.seeds(), options=checked,
            )
        except ChannelBusy as busy:
            other = busy.match
            what = "a lobby" if other.status == LOBBY else "a match in progress"
            raise MatchError(
                f"This channel already has {what}: {get_game(other.game).title} match #{other.id}. "
                "Finish it (or end it with its `end` command) before starting another here."
            ) from None
        return self._remember(record)

    def _require_lobby(self, live: LiveMatch | None) -> LiveMatch:
        if live is None or live.record.status != LOBBY:
            raise MatchError("This lobby is closed.")
        return live

    async def join(self, match_id: int, user_id: PlayerId, name: str) -> LiveMatch:
        async with self.lock(match_id):
            live = self._require_lobby(await self.load(match_id))
            rec = live.record
            if user_id in rec.players:
                raise MatchError("You are already in this match.")
            if len(rec.players) >= live.game.max_players:
                raise MatchError(f"This lobby is full ({live.game.max_players} players).")
            rec.players.append(user_id)
            rec.names[user_id] = name
            await self.storage.save_lobby(rec)
            return live

    async def leave(self, match_id: int, user_id: PlayerId) -> LiveMatch:
        async with self.lock(match_id):
            live = self._require_lobby(await self.load(match_id))
            rec = live.record
            if user_id not in rec.players:
                raise MatchError("You are not in this match.")
            rec.players.remove(user_id)  # a host who leaves their seat still hosts (e.g. to watch AI seats)
            await self.storage.save_lobby(rec)
            return live

    async def add_ai(self, match_id: int, user_id: PlayerId) -> LiveMatch:
        """Seat an AI player (host only). AI seats have negative ids: -1, -2, ..."""
        async with self.lock(match_id):
            live = self._require_lobby(await self.load(match_id))
            rec = live.record
            if user_id != rec.host_id:
                raise MatchError("Only the host can add AI players.")
            if len(rec.players) >= live.game.max_players:
                raise MatchError(f"This lobby is full ({live.game.max_players} players).")
            number = next(n for n in range(1, 100) if -n not in rec.players)
            rec.players.append(-number)
            rec.names[-number] = f"AI {number}"
            await self.storage.save_lobby(rec)
            return live

    async def remove_ai(self, match_id: int, user_id: PlayerId) -> LiveMatch:
        async with self.lock(match_id):
            live = self._require_lobby(await self.load(match_id))
            rec = live.record
            if user_id != rec.host_id:
                raise MatchError("Only the host can remove AI players.")
            ai_seats = [p for p in rec.players if is_ai(p)]
            if not ai_seats:
                raise MatchError("There is no AI player to remove.")
            rec.players.remove(ai_seats[-1])
            await self.storage.save_lobby(rec)
            return live

    async def start(self, match_id: int, user_id: PlayerId) -> LiveMatch:
        """Deal the game. Must be called with the match lock held (the caller announces it)."""
        live = self._require_lobby(await self.load(match_id))
        rec, game = live.record, live.game
        if user_id != rec.host_id:
            raise MatchError("Only the host can start the match.")
        count = len(rec.players)
        if not game.min_players <= count <= game.max_players:
            need = (f"exactly {game.min_players}" if game.min_players == game.max_players
                    else f"{game.min_players} to {game.max_players}")
            raise MatchError(f"{game.title} needs {need} players; there are {count}.")
        state = game.new_game(list(rec.players), rec.seed, rec.options)
        deadline = await self._deadline_for(live.record.guild_id, game, state)
        await self.storage.start_match(rec, game.state_to_json(state), deadline)
        rec.status, rec.state, rec.seq, rec.deadline = ACTIVE, None, 0, deadline
        rec.decision_started, rec.reminded = self.clock.now(), False
        live.state = state
        live.last_move_at = self.clock.now()
        return live

    async def cancel_lobby(self, match_id: int, user_id: PlayerId, *, may_manage: bool) -> MatchEnd:
        async with self.lock(match_id):
            live = self._require_lobby(await self.load(match_id))
            if user_id != live.record.host_id and not may_manage:
                raise MatchError("Only the host (or someone with Manage Channels) can cancel this lobby.")
            await self.storage.end_match(match_id, status=ABANDONED, reason="cancelled")
            await self._reload(match_id)
            return MatchEnd(live, "cancelled", None, user_id)

    # --- play -----------------------------------------------------------------
    async def _deadline_for(self, guild_id: int, game: Game, state: Any,
                            keep: float | None = None) -> float | None:
        """When the pending decision times out: a window's or a turn's length from now, or ``keep``.

        ``keep`` is the running deadline of a window round that is still open
        (others answered, these players have not), so answering never extends it.
        """
        if game.is_over(state):
            return None
        if keep is not None:
            return keep
        settings = await self.settings(guild_id)
        length = settings["window_seconds"] if game.in_response_window(state) else settings["turn_seconds"]
        return self.clock.now() + length

    def check_turn(self, live: LiveMatch | None, player: PlayerId, seq: int | None) -> LiveMatch:
        """Refusals shared by every move: match over, stale button, not a player, not their turn."""
        if live is None or live.record.status != ACTIVE or live.state is None:
            raise MatchError("This match is over.")
        if player not in live.record.players:
            raise MatchError("You are not playing in this match.")
        if seq is not None and seq != live.record.seq:
            raise StaleTurn()
        if player not in live.game.actors(live.state):
            waiting = ", ".join(live.name_of(p) for p in sorted(live.game.actors(live.state)))
            raise MatchError(f"It is not your turn; waiting for {waiting}.")
        return live

    async def act(self, match_id: int, player: PlayerId, action: Action, *, seq: int | None,
                  by: str = PLAYER) -> MoveOutcome:
        """Apply and commit one move. Call with the match lock held.

        ``by`` says who decided it: the player, a timeout (``TIMEOUT``, or
        ``TURN_TIMEOUT`` when a turn's clock ran out, which counts towards the
        AI taking over the seat), or the AI policy. Raises MatchError /
        StaleTurn / IllegalAction without changing anything.
        """
        timed_out = by in (TIMEOUT, TURN_TIMEOUT)
        live = self.check_turn(await self.load(match_id), player, seq)
        game, state = live.game, live.state
        window_before = game.in_response_window(state)
        turn_before = game.turn_player(state)
        round_before = game.window_round(state) if window_before else None
        events = game.apply(state, player, action)  # raises IllegalAction before mutating
        result = game.result(state) if game.is_over(state) else None
        same_round = (round_before is not None and game.in_response_window(state)
                      and game.window_round(state) == round_before)
        deadline = await self._deadline_for(live.record.guild_id, game, state,
                                            keep=live.record.deadline if same_round else None)
        public_lines, private_lines = self._describe(live, events, player if timed_out else None)
        live.takeover_after = (await self.settings(live.record.guild_id))["idle_takeover"]
        timeouts, autopilot, took_over = self._idle_after(live, player, by)
        if took_over:
            public_lines.append(f"🤖 {live.name_of(player)} seems to be away: the AI plays for them until "
                                "they click again.")
        recent = (live.record.recent + public_lines)[-RECENT_LINES:]
        try:
            new_seq = await self.storage.record_action(
                match_id, expected_seq=live.record.seq, player_id=player, action=action,
                state_json=game.state_to_json(state), deadline=deadline, recent=recent,
                result=result.to_json() if result else None, timeouts=timeouts, autopilot=autopilot,
                new_decision=not same_round,
            )
        except BaseException:
            await self._reload(match_id)  # the database is the truth; drop the mutated copy
            raise
        window_opened = game.in_response_window(state) and (not window_before or not same_round)
        live.record.seq = new_seq
        live.record.deadline = deadline
        live.record.recent = recent
        live.record.timeouts, live.record.autopilot = timeouts, autopilot
        live.last_actor = player
        live.last_move_at = self.clock.now()
        if not same_round:
            live.record.decision_started, live.record.reminded = self.clock.now(), False
        if result is not None:
            live.record.status = FINISHED
            live.record.result = result.to_json()
            self._cache.pop(match_id, None)
        return MoveOutcome(live, player, action, events, new_seq, window_before,
                           game.in_response_window(state), result, timed_out, public_lines, private_lines,
                           turn_before, None if result else game.turn_player(state), window_opened)

    def _idle_after(self, live: LiveMatch, player: PlayerId, by: str) -> tuple[dict[int, int], list[int], bool]:
        """Consecutive turn timeouts and AI takeover, after a move decided ``by`` someone."""
        timeouts = dict(live.record.timeouts)
        autopilot = list(live.record.autopilot)
        if by == PLAYER:
            timeouts.pop(player, None)
            if player in autopilot:
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
        if player not in live.record.autopilot:
            return False
        live.record.autopilot.remove(player)
        live.record.timeouts.pop(player, None)
        await self.storage.save_idle(live.id, live.record.timeouts, live.record.autopilot)
        return True

    async def ai_move(self, match_id: int, player: PlayerId) -> MoveOutcome:
        """Let the game's AI policy decide for ``player`` and play it like any move.

        The policy sees only that player's view; its randomness is seeded from
        the match seed and move number, and its choice goes into the action
        log like any other, so the match replays without the policy.
        """
        live = self.check_turn(await self.load(match_id), player, None)
        game = live.game
        legal = game.legal_actions(live.state, player)
        rng = Rng.seeded(live.record.seed ^ ((live.record.seq + 1) * 0x9E3779B97F4A7C15))
        action = game.ai_policy().choose(game.view(live.state, player), legal, rng)
        return await self.act(match_id, player, action, seq=live.record.seq, by=AI)

    def ai_controls(self, live: LiveMatch, player: PlayerId) -> bool:
        """Whether the AI decides for this seat: an AI player, or a human taken over while away."""
        return is_ai(player) or player in live.record.autopilot

    @staticmethod
    def _describe(live: LiveMatch, events: list[Event], timed_out_player: PlayerId | None
                  ) -> tuple[list[str], dict[PlayerId, list[str]]]:
        """Split a move's events into public lines and each player's private lines."""
        names = live.record.names
        public: list[str] = []
        private: dict[PlayerId, list[str]] = {}
        if timed_out_player is not None:
            public.append(f"⏱️ Time ran out for {live.name_of(timed_out_player)}.")
        for event in events:
            line = live.game.describe_event(event, names)
            visible_to = event.get("visible_to")
            if visible_to is None:
                public.append(line)
            else:
                for p in visible_to:
                    private.setdefault(int(p), []).append(line)
        return public, private

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
        window = live.game.in_response_window(live.state)
        by = TIMEOUT if window else TURN_TIMEOUT
        round_deadline = live.record.deadline
        for _ in range(MAX_CHAINED_TIMEOUTS):
            actors = sorted(live.game.actors(live.state))
            if not actors:
                break
            player = actors[0]
            action = live.game.timeout_action(live.state, player)
            outcome = await self.act(match_id, player, action, seq=live.record.seq, by=by)
            outcomes.append(outcome)
            by = TIMEOUT  # only the first counts towards the idle takeover
            if outcome.finished:
                break
            still_window = live.game.in_response_window(live.state)
            if window and still_window and live.record.deadline == round_deadline:
                continue  # others in the same window round timed out too
            if not window and not still_window and player in live.game.actors(live.state):
                continue  # the same absent player still owes this turn's decisions
            break
        return outcomes

    async def concede(self, match_id: int, player: PlayerId) -> MatchEnd:
        """A player gives up. With two players the other wins; otherwise the match is abandoned."""
        live = await self.load(match_id)
        if live is None or live.record.status != ACTIVE:
            raise MatchError("There is no match in progress here.")
        if player not in live.record.players:
            raise MatchError("You are not playing in this match.")
        others = [p for p in live.record.players if p != player]
        if len(others) == 1:
            result = Result(winners=(others[0],), summary=f"{live.name_of(player)} conceded.")
            await self.storage.end_match(match_id, status=FINISHED, reason="conceded", result=result.to_json())
        else:
            result = None
            await self.storage.end_match(match_id, status=ABANDONED, reason="conceded")
        await self._reload(match_id)
        live.record.status = FINISHED if result else ABANDONED
        live.record.result = result.to_json() if result else None
        return MatchEnd(live, "conceded", result, player)

    async def abort(self, match_id: int, by: PlayerId, *, may_manage: bool) -> MatchEnd:
        live = await self.load(match_id)
        if live is None or not live.record.is_live:
            raise MatchError("There is no match in progress here.")
        if by != live.record.host_id and not may_manage:
            raise MatchError("Only the host or someone with Manage Channels can end this match.")
        await self.storage.end_match(match_id, status=ABANDONED, reason="ended")
        await self._reload(match_id)
        live.record.status = ABANDONED
        return MatchEnd(live, "ended", None, by)

    async def note_dm_closed(self, live: LiveMatch, user_id: PlayerId) -> None:
        if user_id not in live.record.dm_closed:
            live.record.dm_closed.append(user_id)
            await self.storage.mark_dm_closed(live.id, user_id)

    def forget(self, match_id: int) -> None:
        self._cache.pop(match_id, None)

    def live_count(self) -> int:
        return len(self._cache)


__all__ = [
    "LiveMatch", "MatchEnd", "MatchError", "MatchService", "MoveOutcome", "StaleMove", "StaleTurn",
]
