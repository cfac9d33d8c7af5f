"""How many live matches one bot token holds under Discord's rate limits, at the pace people play.

One run holds ``matches`` live matches of every registered game at once (2 seats
for DRUMP, 3 and 6 for the others, the 6-seat tables with 2 AI seats), in a world that enforces
Discord's limits (``tools.sim.ratelimit``), on a virtual-time loop: a person
answers 3 to 15 seconds after a question reaches them, AI seats move after
the server's AI delay, and those seconds pass without real waiting (see
``tools.sim.virtual_time``). A finished match is replaced by a new one in its
channel, so the load holds.

The matches are opened with the limits off (their lobbies and starts are not
what is measured), then the limits go on and the players start thinking. After
``warmup`` virtual seconds, ``window`` seconds are measured. Every match starts in
the same second, which a running bot never sees (its matches are of every age):
in the first two minutes every player of Drama Pukul 7 and Mat Goceng is asked in
their first window and gets their first window DM, a storm of posts. So the
warm-up is long enough for that storm to pass (``capacity_report.WARMUP``), and what a
player waited during it is kept apart (``Load.start_late``), as a start's figure, not a load's:

* **Table lag**: from a move's commit to Discord accepting a table edit that
  shows it (the refresher reports which move each shown table reflects). A
  move never shown by the end counts with the time it has waited so far.
* **Limited requests per move**, per game: every request outside interaction
  replies (channel posts, edits, deletes, DMs, opening DM channels) that
  Discord served, over the committed moves of that game; 429s apart.
* **Move latency**: click to the reply's request, in virtual seconds, so only
  waiting counts (a lock held by another move, a rate limit); the CPU side is
  the size runs' latency against the floor.

CPU time costs nothing on the virtual clock: this is the token's capacity, not
the machine's (the size runs measure that).
"""

from __future__ import annotations

import asyncio
from collections import Counter, defaultdict, deque
from pathlib import Path
from typing import Any

from bot.frontend.client import GameBot
from bot.frontend.delivery.lateness import CATCH_UP, HAND, PING, PROMPT
from bot.frontend.delivery.ratelimit import GlobalPacer, Priority, Waits
from bot.frontend.ui.components import LobbyButton
from bot.kernel.contract import waits_for_others
from bot.kernel.module import all_games
from bot.kernel.rng import Rng
from bot.play.record import ACTIVE
from tools.bench import prune
from tools.bench.arena import Arena, Seat
from tools.bench.capacity_report import LAG_LIMIT
from tools.bench.kinds import kind_of
from tools.bench.player import Driver
from tools.bench.shared_locks import LockTable, SharingProcess, share_out
from tools.bench.stats import summary
from tools.bench.tracker import HandlerTracker
from tools.bench.whole import open_match, table_sizes
from tools.sim import FakeDiscord
from tools.sim.ratelimit import RateLimits
from tools.sim.virtual_time import LoopClock

#: The table sizes of a round of tables: the smallest and the full one (the figures' mix since they began).
CAPACITY_SIZES = (3, 6)
#: Seconds a person takes to answer, uniformly.
THINK = (3.0, 15.0)
CHANNELS_PER_GUILD = 10
_GUILD_BASE = 8_700_000_000_000_000_000
_CHANNEL_BASE = 8_800_000_000_000_000_000
_USER_BASE = 8_900_000_000_000_000_000
_LIMITED = ("edit", "message", "delete", "dm_open", "dm_post", "dm_patch", "dm_delete", "other")
#: What a player waits for besides the table, as ``bot.frontend.delivery.lateness`` names it.
DELIVERIES = (PROMPT, PING, HAND)


def plan() -> list[tuple[str, int, int]]:
    """(game, seats, AI seats) of one round of tables, as in the whole-match figures (at ``CAPACITY_SIZES``)."""
    out = []
    for game in all_games():
        sizes = table_sizes(game, CAPACITY_SIZES)
        for players in sizes:
            ai = min(2, players - 2) if players == sizes[-1] and len(sizes) > 1 else 0
            out.append((game.name, players, ai))
    return out


class Load:
    """The live matches, their players, and what the window measures.

    ``bots`` are the processes serving the token (one, or several sharing the partitions of the matches:
    each seat is played through the process that owns its server's partition, see :meth:`place`)."""

    def __init__(
        self, world: FakeDiscord, bots: list[GameBot], seats: list[Seat], tables: list[tuple[str, int, int]], seed: int
    ) -> None:
        self.world, self.bots, self.seats, self.tables = world, bots, seats, tables
        self.rng = Rng.seeded(seed)
        self.arenas = [Arena(world, bot, "", seats, HandlerTracker(bot.handlers), keep_tokens=True) for bot in bots]
        self.drivers = [Driver(arena, self.rng) for arena in self.arenas]
        #: The process (its index in ``bots``) that serves each seat's server.
        self.process_of_seat = [0] * len(seats)
        self.games = {g.name: g for g in all_games()}
        self.game_of_match: dict[int, str] = {}
        self.seat_of_match: dict[int, int] = {}
        self.seat_of_channel = {s.channel_id: i for i, s in enumerate(seats)}
        self.seat_of_user = {u: i for i, s in enumerate(seats) for u in s.players}
        self.changed: dict[int, asyncio.Event] = {}
        self.measuring = False
        #: Whether the warm-up is under way: what players wait then is the start's figure (``start_late``).
        self.starting = False
        #: match -> its moves not shown yet: (seq, committed at, committed in the measured window).
        self.commits: dict[int, deque[tuple[int, float, bool]]] = defaultdict(deque)
        self.lags: list[float] = []
        self.moves: Counter[str] = Counter()
        self.moves_by_process: Counter[int] = Counter()
        self.requests: dict[str, Counter[str]] = defaultdict(Counter)
        self.refused = 0
        self.latencies: list[float] = []
        self.failed_moves = 0
        self.replaced = 0
        #: The tidy-ups (folds of old prompts, deletes of old pings) still waiting when the window ends, and dropped.
        self.tidy: dict[str, int] = {}
        #: How late each prompt, ping and hand DM reached Discord after its commit (``Lateness``), by kind.
        #: A hand DM catching up its player's own moves (their picker showed them) is timed too, not held to the limit.
        self.late: dict[str, list[float]] = {kind: [] for kind in (*DELIVERIES, CATCH_UP)}
        #: The same during the warm-up, the table's lags too: while every match is in its first minutes.
        self.start_late: dict[str, list[float]] = {kind: [] for kind in ("table", *DELIVERIES)}
        for bot in bots:
            bot.announcer.move_listeners.append(self._on_move)
            bot.announcer.refresher.shown_listeners.append(self._on_shown)
            bot.announcer.lateness.listeners.append(self._on_late)

    def place(self) -> None:
        """Play each seat through the process serving its server (after the partitions were shared out)."""
        for i, seat in enumerate(self.seats):
            owners = [k for k, bot in enumerate(self.bots) if bot.ownership.owns_guild(seat.guild_id)]
            if len(owners) != 1:
                raise RuntimeError(f"server {seat.guild_id} is served by {len(owners)} processes")
            self.process_of_seat[i] = owners[0]

    def arena_of(self, seat_index: int) -> Arena:
        return self.arenas[self.process_of_seat[seat_index]]

    def driver_of(self, seat_index: int) -> Driver:
        return self.drivers[self.process_of_seat[seat_index]]

    def live(self, match_id: int) -> Any:
        """The match as its process holds it (None once it is no longer live there)."""
        return self.arena_of(self.seat_of_match[match_id]).service.matches._cache.get(match_id)

    def now(self) -> float:
        return asyncio.get_running_loop().time()

    # --- what the bot reports -------------------------------------------------------
    def _on_move(self, outcome: Any) -> None:
        match_id = outcome.match.id
        if self.measuring:
            self.moves[self.game_of_match.get(match_id, "?")] += 1
            seat = self.seat_of_match.get(match_id)
            if seat is not None:
                self.moves_by_process[self.process_of_seat[seat]] += 1
        if self.measuring or self.starting:
            self.commits[match_id].append((outcome.seq, self.now(), self.measuring))
        event = self.changed.get(match_id)
        if event is not None:
            event.set()

    def _on_shown(self, match_id: int, seq: int) -> None:
        pending = self.commits.get(match_id)
        now = self.now()
        while pending and pending[0][0] <= seq:
            _, at, measured = pending.popleft()
            (self.lags if measured else self.start_late["table"]).append(now - at)

    def _on_late(self, kind: str, seconds: float) -> None:
        if self.measuring:
            self.late[kind].append(seconds)
        elif self.starting and kind in self.start_late:
            self.start_late[kind].append(seconds)

    def scan(self) -> None:
        """Attribute the requests served since the last scan to games; forget them."""
        world = self.world
        for request in world.requests:
            if request.status == 429:
                self.refused += self.measuring
                continue
            if not self.measuring:
                continue
            game = self._game_of(request)
            kind = kind_of(world, request)
            if kind == "dm":  # which DM request: opening the channel, a post, an edit, a delete
                kind = "dm_open" if request.route == "/users/@me/channels" else f"dm_{request.method.lower()}"
            self.requests[game][kind] += 1
        prune.sweep(world)

    def _game_of(self, request: Any) -> str:
        seat = None
        parts = request.path.split("/")
        if request.route.startswith("/channels/{channel_id}"):
            channel_id = int(parts[2])
            seat = self.seat_of_channel.get(channel_id)
            if seat is None:
                channel = self.world.directory.channels.get(channel_id)
                if channel is not None and channel.recipient_id is not None:
                    seat = self.seat_of_user.get(channel.recipient_id)
        elif request.route == "/users/@me/channels" and isinstance(request.json, dict):
            seat = self.seat_of_user.get(int(request.json.get("recipient_id", 0)))
        if seat is None:
            return "?"
        return self.tables[seat][0]

    # --- people ---------------------------------------------------------------------------
    async def open(self, seat_index: int) -> int:
        game_name, players, ai = self.tables[seat_index]
        seat = self.seats[seat_index]
        game = self.games[game_name]
        arena = self.arena_of(seat_index)
        match_id, lobby = await open_match(arena, seat, game, players - ai, ai)
        self.game_of_match[match_id] = game_name
        self.seat_of_match[match_id] = seat_index
        self.changed[match_id] = asyncio.Event()
        await arena.send(seat.players[0], lobby, LobbyButton.custom_id_for(match_id, "start"))
        return match_id

    async def seat_loop(self, seat_index: int, match_id: int) -> None:
        """Play the seat's match to its end, then open the next one there, until cancelled."""
        while True:
            await self.play(match_id)
            self.driver_of(seat_index).forget_players(self.seats[seat_index].players)
            self.replaced += 1
            match_id = await self.open(seat_index)

    async def play(self, match_id: int) -> None:
        live = self.live(match_id)
        thinking: dict[int, asyncio.Task[None]] = {}
        event = self.changed[match_id]
        try:
            while live is not None and live.record.status == ACTIVE:
                for player in sorted(live.waiting.actors):
                    if player in thinking or live.ai_controls(player):
                        continue
                    thinking[player] = asyncio.get_running_loop().create_task(self.think(match_id, player, thinking))
                event.clear()
                await event.wait()
        finally:  # the match ended, or the run did: nobody thinks on (no click reaches a bot while it closes)
            for task in list(thinking.values()):
                task.cancel()
            self.changed.pop(match_id, None)

    async def think(self, match_id: int, player: int, thinking: dict[int, Any]) -> None:
        try:
            await asyncio.sleep(THINK[0] + (THINK[1] - THINK[0]) * self.rng.random())
            live = self.live(match_id)
            if live is None or live.record.status != ACTIVE or player not in live.waiting.actors:
                return
            if waits_for_others(live.game.rules, live.state, player):
                return  # a battler with no offer yet waits for them (asked again at the next change)
            policy = live.game.policies["normal"]()

            def choose(who: int, legal: list[Any]) -> Any:
                return policy.choose(live.game.rules.view(live.state, who), legal, self.rng)

            try:
                sample = await self.driver_of(self.seat_of_match[match_id]).play_move(
                    match_id, player=player, choose=choose
                )
            except Exception:
                self.failed_moves += self.measuring
                return
            if self.measuring:
                self.latencies.append(sample.latency)
        finally:
            thinking.pop(player, None)
            event = self.changed.get(match_id)
            if event is not None:
                event.set()


def build_world(tables: list[tuple[str, int, int]], limits: RateLimits) -> tuple[FakeDiscord, list[Seat]]:
    world = FakeDiscord(settle_timeout=60.0, rate_limits=limits)
    seats = []
    for i, (_, players, _) in enumerate(tables):
        # Servers a shard apart (Discord's shard formula keeps a snowflake's top bits), so that they fall in
        # different partitions when several processes share the matches out.
        guild_id = _GUILD_BASE + ((i // CHANNELS_PER_GUILD) << 22)
        if guild_id not in world.directory.guilds:
            world.add_guild(guild_id, f"Server {i // CHANNELS_PER_GUILD}")
        channel_id = _CHANNEL_BASE + i
        world.add_channel(guild_id, channel_id, f"meja-{i}")
        users = tuple(_USER_BASE + 6 * i + j for j in range(players))
        for user in users:
            world.add_member(guild_id, user, f"P{user % 100000}")
        seats.append(Seat(guild_id, channel_id, users))  # type: ignore[arg-type]
    return world, seats


async def run_capacity(
    *,
    matches: int,
    warmup: float,
    window: float,
    seed: int,
    workdir: str,
    pictures: bool = False,
    processes: int = 1,
) -> dict[str, Any]:
    """One load: ``matches`` live matches, ``warmup`` then ``window`` virtual seconds (see the module), served by
    ``processes`` bot processes on one token and one database, each serving its share of the partitions."""
    rounds = plan()
    tables = [rounds[i % len(rounds)] for i in range(matches)]
    limits = RateLimits(enabled=False)
    world, seats = build_world(tables, limits)
    name = f"capacity-{matches}" + (f"-{processes}p" if processes > 1 else "")
    db_path = str(Path(workdir) / f"{name}.sqlite3")
    for leftover in Path(workdir).glob(f"{name}.sqlite3*"):
        leftover.unlink()
    counter = iter(range(seed * 1_000_003, seed * 1_000_003 + 10_000_000))
    bots = await _start(world, processes, database=db_path, clock=LoopClock(), seeds=lambda: next(counter))
    load = Load(world, bots, seats, tables, seed)
    load.place()
    pacers = [bot.announcer.pacer for bot in bots]
    for pacer in pacers:
        pacer.suspend()  # set-up: neither Discord nor the bot limits anything
    tasks: list[asyncio.Task[None]] = []
    loop = asyncio.get_running_loop()
    started = loop.time()
    try:
        for i, seat in enumerate(seats):
            if i % CHANNELS_PER_GUILD == 0:
                await load.arena_of(i).service.settings.change(seat.guild_id, "pictures", int(pictures))
        first = [await load.open(i) for i in range(len(seats))]
        prune.sweep(world)
        limits.enabled = True
        for pacer in pacers:
            pacer.resume()
        set_up = loop.time() - started
        tasks = [loop.create_task(load.seat_loop(i, m)) for i, m in enumerate(first)]
        end_warmup = loop.time() + warmup
        load.starting = True
        while loop.time() < end_warmup:
            await asyncio.sleep(1.0)
            load.scan()
        load.starting, load.measuring = False, True
        measured_from = loop.time()
        end = measured_from + window
        while loop.time() < end:
            await asyncio.sleep(1.0)
            load.scan()
        load.measuring = False
        tidying = [bot.announcer.tidying for bot in bots]
        load.tidy = {"pending_at_end": sum(t.pending() for t in tidying), "dropped": sum(t.dropped for t in tidying)}
        now = loop.time()
        for pending in load.commits.values():  # never shown: count what they waited so far
            for _, at, measured in pending:
                (load.lags if measured else load.start_late["table"]).append(now - at)
        load.scan()
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        try:  # let the handlers and table edits under way finish before the database closes
            await world.settle(600.0, strict=False)
        except Exception:  # a run that failed already says why; this only tidies up
            pass
        for bot in bots:
            await bot.close()
        world.close()
    figures = _figures(load, matches, warmup, window, set_up, limits, pacers, [bot.announcer.hands for bot in bots])
    figures["processes"] = [
        {
            "partitions": len(bot.ownership.serving),
            "shares_the_rate": bot.announcer.pacer.shared,
            "matches": load.process_of_seat.count(k),
            "moves": load.moves_by_process[k],
        }
        for k, bot in enumerate(bots)
    ]
    return figures


async def _start(world: FakeDiscord, processes: int, **bot_settings: Any) -> list[GameBot]:
    """The bot's processes, connected: one alone, or several on one token sharing the partitions out (their
    requests then take their slots from one ledger of the token's global rate, as in production)."""
    if processes == 1:
        bot = GameBot(**bot_settings)
        await world.connect(bot)
        return [bot]
    world.gateway.duplicate_sessions = True  # every process hears every interaction, as on one shard
    table = LockTable()
    started = [SharingProcess(table, **bot_settings) for _ in range(processes)]
    for process in started:
        await world.connect(process)
    await share_out(started)
    return list(started)


def _figures(
    load: Load,
    matches: int,
    warmup: float,
    window: float,
    set_up: float,
    limits: RateLimits,
    pacers: list[GlobalPacer],
    hands: list[Any],
) -> dict[str, Any]:
    per_game = {}
    for name in load.games:
        moves = load.moves[name]
        kinds = load.requests.get(name, Counter())
        limited = sum(kinds[k] for k in _LIMITED)
        per_game[name] = {
            "moves": moves,
            "limited_per_move": limited / moves if moves else 0.0,
            "by_kind_per_move": {k: kinds[k] / moves for k in sorted(kinds)} if moves else {},
        }
    lags = sorted(load.lags)
    # Everything a player relies on, each from its commit to Discord accepting it: the table, and the rest.
    lateness = {"table": _lateness(lags), **{kind: _lateness(load.late[kind]) for kind in DELIVERIES}}
    total_moves = sum(load.moves.values())
    limited_all = sum(sum(c[k] for k in _LIMITED) for c in load.requests.values())
    return {
        "matches": matches,
        "warmup_s": warmup,
        "window_s": window,
        "moves": total_moves,
        "moves_per_s": total_moves / window,
        "limited_per_s": limited_all / window,
        "limited_per_move": limited_all / total_moves if total_moves else 0.0,
        "table_lag_s": summary(lags, 1.0),
        "table_lag_max_s": lags[-1] if lags else 0.0,
        "lagging_share": sum(1 for x in lags if x > LAG_LIMIT) / len(lags) if lags else 0.0,
        "table_holds": (lags[-1] if lags else 0.0) <= LAG_LIMIT,
        "lateness_s": lateness,
        "holds": all(figure["max"] <= LAG_LIMIT for figure in lateness.values()),
        "catching_up_s": _lateness(load.late[CATCH_UP]),
        # While every match was in its first minutes (the warm-up): the storm of first window DMs.
        "start_lateness_s": {kind: _lateness(seconds) for kind, seconds in load.start_late.items()},
        "catch_ups_deferred": sum(h.deferred for h in hands),
        "move_latency_s": summary(load.latencies, 1.0),
        "games": per_game,
        "rate_limited_429": load.refused,
        "invalid_requests": dict(limits.invalid),
        "paced_waits": sum(pacer.waited for pacer in pacers),
        "paced_wait_s": {
            level.name.lower(): vars(_together([pacer.waits[level] for pacer in pacers])) for level in Priority
        },
        "hand_dm_shown_after_s": vars(_together([h.shown_after for h in hands])),
        "tidy_ups": load.tidy,
        "webhook_waits": limits.webhook_waits,
        "failed_moves": load.failed_moves,
        "matches_replaced": load.replaced,
        "set_up_virtual_s": set_up,
    }


def _together(waits: list[Waits]) -> Waits:
    """The waits of several processes as one: how many, the seconds in all, the longest."""
    return Waits(
        count=sum(w.count for w in waits),
        seconds=sum(w.seconds for w in waits),
        longest=max((w.longest for w in waits), default=0.0),
    )


def _lateness(seconds: list[float]) -> dict[str, float]:
    """p50 / p99 / max of how late one kind of delivery was, and the share within ``LAG_LIMIT``."""
    data = sorted(seconds)
    figures = summary(data, 1.0)
    return {
        "n": len(data),
        "p50": figures["p50"] if data else 0.0,
        "p99": figures["p99"] if data else 0.0,
        "max": data[-1] if data else 0.0,
        "on_time": sum(1 for x in data if x <= LAG_LIMIT) / len(data) if data else 1.0,
    }
