"""The lobby: seats, AI seats, options, start and cancel.

Options are validated by their declarations (the game's ``options`` and the
table's :data:`bot.kernel.options.TABLE_OPTIONS`), never by hand: a refused value
raises :class:`MatchError` naming the allowed values, and nothing is stored.

Every method here is called with the match's lock held: the front end takes it
(one layer takes locks), so a lobby change and its announcement stay in order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.ai.levels import DEFAULT_LEVEL, check_level, level_of, set_level
from bot.kernel.contract import IllegalAction, PlayerId
from bot.kernel.module import get_game
from bot.kernel.options import TABLE_OPTIONS, Option, check_table_options, find, seated_only
from bot.kernel.wording import Names, say, say_n
from bot.play.clock import Clock
from bot.play.match_types import LiveMatch, MatchEnd, MatchError, is_ai
from bot.play.matches import Matches
from bot.play.moves import deadline_for
from bot.play.ports import MatchStore, Narrator
from bot.play.record import ABANDONED, ACTIVE, FINISHED, LOBBY, ChannelBusy, MatchRecord
from bot.play.settings import ServerSettings

#: Seconds after which a lobby whose message was never posted may be replaced by ``/<game> new``.
UNPOSTED_LOBBY_AFTER = 60.0


class Lobby:
    """Opens lobbies, seats people and AI players, sets options, starts and cancels."""

    def __init__(
        self,
        matches: Matches,
        settings: ServerSettings,
        store: MatchStore,
        narrator: Narrator,
        clock: Clock,
        seeds: Callable[[], int],
    ) -> None:
        self._matches = matches
        self._settings = settings
        self._store = store
        self._narrator = narrator
        self._clock = clock
        #: Where new matches get their shuffle seed; tests pass a fixed sequence.
        self._seeds = seeds

    async def open(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game_name: str,
        host_id: PlayerId,
        host_name: str,
        options: Mapping[str, Any] | None = None,
        table_options: Mapping[str, Any] | None = None,
    ) -> LiveMatch:
        """A new lobby with the game's options and the table's, both checked first: nothing is created if refused."""
        game = get_game(game_name)
        try:
            checked = game.rules.check_options(options)
            table_checked = check_table_options(table_options)
        except IllegalAction as exc:
            raise MatchError(exc.reason) from None
        try:
            try:
                record = await self._store.create_match(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    game=game_name,
                    host_id=host_id,
                    host_name=host_name,
                    seed=self._seeds(),
                    options=checked,
                )
            except ChannelBusy as busy:
                if not await self._drop_unposted_lobby(busy.match):
                    raise
                record = await self._store.create_match(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    game=game_name,
                    host_id=host_id,
                    host_name=host_name,
                    seed=self._seeds(),
                    options=checked,
                )
        except ChannelBusy as busy:
            other = busy.match
            if other.status == LOBBY:  # an unposted one gives way after a minute; the end command ends it now
                text = say(
                    "This channel already has a lobby: {game} match #{match}. "
                    "Finish it (or end it with its `end` command) before starting another here.",
                    game=get_game(other.game).title,
                    match=other.id,
                )
            else:
                text = say(
                    "This channel already has a match in progress: {game} match #{match}. "
                    "Finish it (or end it with its `end` command) before starting another here.",
                    game=get_game(other.game).title,
                    match=other.id,
                )
            raise MatchError(text) from None
        record.table_options = table_checked
        await self._store.save_lobby(record)
        return self._matches.remember(record)

    async def rematch(self, match_id: int, user_id: PlayerId, name: str) -> tuple[LiveMatch, list[PlayerId]]:
        """A new lobby in the finished match's channel, with its game, options and AI seats, hosted by the player
        who asked (any person who played it): the new lobby and the other people of the old match, who are
        invited to join with one click. Their own options (Laga's ``gender``) wait for them in the new lobby."""
        old = await self._matches.load(match_id)
        if old is None or old.state is None or old.record.status not in (FINISHED, ABANDONED):
            raise MatchError(say("Only a finished match can be played again."))
        rec = old.record
        if user_id not in rec.players:
            raise MatchError(say("Only the players of match #{match} can start its rematch.", match=match_id))
        game = old.game
        per_player = {o.name for o in game.rules.options if o.per_player}
        table = {k: v for k, v in rec.table_options.items() if k in {o.name for o in TABLE_OPTIONS}}
        live = await self.open(
            guild_id=rec.guild_id,
            channel_id=rec.channel_id,
            game_name=game.name,
            host_id=user_id,
            host_name=name,
            options={k: v for k, v in rec.options.items() if k not in per_player},
            table_options=table,
        )
        new = live.record
        people = [p for p in rec.players if not is_ai(p)]
        for option in per_player & set(rec.options):
            kept = {str(p): v for p, v in (rec.options.get(option) or {}).items() if int(p) in people}
            if kept:
                new.options[option] = kept
        for seat in (p for p in rec.players if is_ai(p)):
            if len(new.players) >= game.rules.max_players:
                break
            number = next(n for n in range(1, 100) if -n not in new.players)
            new.players.append(-number)
            new.names[-number] = await self._narrator.words(rec.guild_id, say("AI {number}", number=number))
            set_level(new.table_options, -number, level_of(rec.table_options, seat))
        await self._store.save_lobby(new)
        return live, [p for p in people if p != user_id]

    async def _drop_unposted_lobby(self, other: MatchRecord) -> bool:
        """A lobby nobody can see (the bot died between storing it and posting it) gives way to a new one.

        Only once it is a minute old, so a lobby being posted right now is never
        replaced, and only while nobody but its host sits in it. True if dropped.
        """
        if (
            other.status != LOBBY
            or other.message_id is not None
            or len(other.players) > 1
            or self._clock.now() - other.created_at < UNPOSTED_LOBBY_AFTER
        ):
            return False
        dropped = await self._store.end_match(other.id, status=ABANDONED, reason="cancelled")
        self._matches.forget(other.id)
        return dropped

    def _require_lobby(self, live: LiveMatch | None) -> LiveMatch:
        if live is None or live.record.status != LOBBY:
            raise MatchError(say("This lobby is closed."))
        return live

    async def join(self, match_id: int, user_id: PlayerId, name: str) -> LiveMatch:
        live = self._require_lobby(await self._matches.load(match_id))
        rec = live.record
        if user_id in rec.players:
            raise MatchError(say("You are already in this match."))
        if len(rec.players) >= live.game.rules.max_players:
            raise MatchError(
                say_n(
                    "This lobby is full ({n} player).", "This lobby is full ({n} players).", live.game.rules.max_players
                )
            )
        rec.players.append(user_id)
        rec.names[user_id] = name
        await self._store.save_lobby(rec)
        return live

    async def leave(self, match_id: int, user_id: PlayerId) -> LiveMatch:
        live = self._require_lobby(await self._matches.load(match_id))
        rec = live.record
        if user_id not in rec.players:
            raise MatchError(say("You are not in this match."))
        rec.players.remove(user_id)  # a host who leaves their seat still hosts (e.g. to watch AI seats)
        await self._store.save_lobby(rec)
        return live

    async def add_ai(self, match_id: int, user_id: PlayerId, level: str = DEFAULT_LEVEL) -> LiveMatch:
        """Seat an AI player at ``level`` (host only). AI seats have negative ids: -1, -2, ...

        The level goes into the match's ``table_options`` (see :mod:`bot.ai.levels`).
        """
        live = self._require_lobby(await self._matches.load(match_id))
        rec = live.record
        if user_id != rec.host_id:
            raise MatchError(say("Only the host can add AI players."))
        try:
            check_level(level)
        except ValueError as exc:
            raise MatchError(str(exc)) from None
        if len(rec.players) >= live.game.rules.max_players:
            raise MatchError(
                say_n(
                    "This lobby is full ({n} player).", "This lobby is full ({n} players).", live.game.rules.max_players
                )
            )
        number = next(n for n in range(1, 100) if -n not in rec.players)
        rec.players.append(-number)
        rec.names[-number] = await self._narrator.words(rec.guild_id, say("AI {number}", number=number))  # public
        set_level(rec.table_options, -number, level)
        await self._store.save_lobby(rec)
        return live

    async def remove_ai(self, match_id: int, user_id: PlayerId) -> LiveMatch:
        live = self._require_lobby(await self._matches.load(match_id))
        rec = live.record
        if user_id != rec.host_id:
            raise MatchError(say("Only the host can remove AI players."))
        ai_seats = [p for p in rec.players if is_ai(p)]
        if not ai_seats:
            raise MatchError(say("There is no AI player to remove."))
        rec.players.remove(ai_seats[-1])
        set_level(rec.table_options, ai_seats[-1], None)
        await self._store.save_lobby(rec)
        return live

    async def start(self, match_id: int, user_id: PlayerId) -> LiveMatch:
        """Deal the game. Must be called with the match lock held (the caller announces it)."""
        live = self._require_lobby(await self._matches.load(match_id))
        rec, game = live.record, live.game
        if user_id != rec.host_id:
            raise MatchError(say("Only the host can start the match."))
        count = len(rec.players)
        if not game.rules.min_players <= count <= game.rules.max_players:
            if game.rules.min_players == game.rules.max_players:
                text = say_n(
                    "{game} needs exactly {n} player; there are {count}.",
                    "{game} needs exactly {n} players; there are {count}.",
                    game.rules.min_players,
                    game=game.title,
                    count=count,
                )
            else:
                text = say(
                    "{game} needs {low} to {high} players; there are {count}.",
                    game=game.title,
                    low=game.rules.min_players,
                    high=game.rules.max_players,
                    count=count,
                )
            raise MatchError(text)
        rec.options = seated_only(game.rules.options, rec.options, rec.players)  # a leaver's own options go with them
        try:
            state = game.rules.new_game(list(rec.players), rec.seed, rec.options)
        except IllegalAction as exc:  # e.g. options stored by an older version the engine now refuses
            raise MatchError(exc.reason) from None
        deadline = deadline_for(await self._settings.of(rec.guild_id), game, state, self._clock.now())
        versus = await self._narrator.words(rec.guild_id, say(" vs "))  # the first line of the table's log
        players = Names(tuple(live.name_of(p) for p in rec.players), versus)
        rec.recent = [await self._narrator.words(rec.guild_id, say("The match begins: {players}.", players=players))]
        await self._store.start_match(rec, game.rules.state_to_json(state), deadline)
        rec.status, rec.state, rec.seq, rec.deadline = ACTIVE, None, 0, deadline
        rec.decision_started, rec.reminded = self._clock.now(), False
        live.state = state
        live.last_move_at = self._clock.now()
        return live

    async def cancel(self, match_id: int, user_id: PlayerId, *, may_manage: bool) -> MatchEnd:
        live = self._require_lobby(await self._matches.load(match_id))
        if user_id != live.record.host_id and not may_manage:
            raise MatchError(say("Only the host (or someone with Manage Channels) can cancel this lobby."))
        await self._store.end_match(match_id, status=ABANDONED, reason="cancelled")
        await self._matches.reload(match_id)
        return MatchEnd(live, "cancelled", None, user_id)

    async def set_option(self, match_id: int, user_id: PlayerId, name: str, value: Any) -> LiveMatch:
        """The host changes a match-wide option: the game's own or the table's (``full_windows``)."""
        live = self._require_lobby(await self._matches.load(match_id))
        rec = live.record
        if user_id != rec.host_id:
            raise MatchError(say("Only the host can change the match options."))
        try:
            option, table = match_wide_option(live, name)
            checked = option.check(value)
        except IllegalAction as exc:
            raise MatchError(exc.reason) from None
        target = rec.table_options if table else rec.options
        target[option.name] = checked
        await self._store.save_lobby(rec)
        return live

    async def set_player_option(
        self, match_id: int, user_id: PlayerId, player_id: PlayerId, name: str, value: Any
    ) -> LiveMatch:
        """A seated player changes one of their own per-player options (Laga's ``gender``)."""
        live = self._require_lobby(await self._matches.load(match_id))
        rec, game = live.record, live.game
        if user_id != player_id:
            raise MatchError(say("You can only change your own options."))
        if player_id not in rec.players:
            raise MatchError(say("Take a seat first (press Join): options are set per seated player."))
        try:
            option = find(game.rules.options, name, owner=game.title)
            if not option.per_player:
                raise MatchError(say("{option} is set for the whole match, by the host.", option=option.title))
            checked = option.check(value)
        except IllegalAction as exc:
            raise MatchError(exc.reason) from None
        values = dict(rec.options.get(option.name) or {})
        values[str(player_id)] = checked
        rec.options[option.name] = values
        await self._store.save_lobby(rec)
        return live


def match_wide_option(live: LiveMatch, name: str) -> tuple[Option, bool]:
    """The match-wide option called ``name`` and whether it is the table's; MatchError if there is none."""
    game = live.game
    for option in game.rules.options:
        if option.name == name:
            if option.per_player:
                raise MatchError(say("{option} is set by each player for themselves.", option=option.title))
            return option, False
    for option in TABLE_OPTIONS:
        if option.name == name:
            return option, True
    names = ", ".join(o.name for o in (*game.rules.options, *TABLE_OPTIONS) if not o.per_player)
    raise MatchError(
        say("{game} has no option {name}; the host can change: {names}.", game=game.title, name=name, names=names)
    )
