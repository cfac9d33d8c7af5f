"""Whole seeded matches of every registered game: channel mentions, turns, DM prompts and requests.

Every game in ``bot.kernel.module.all_games()`` is played to its end at a few table
sizes (2 for a two-player game; 3, 4 and 6, or the nearest allowed, otherwise),
several seeded matches each, through the real bot and the stand-in: ``/<game>
new`` by the host, Join by every other person, Add AI for the AI seats, Start,
then each human move clicked through the real picker (from the DM prompt that
asked them if one did, else "Take action"; then the picker's steps) by whoever
may act. Human seats choose with the game's own
policy from their own view, so matches look like play (DRUMP's blocks, Drama's
Plot Twists, Mat Goceng's negotiations all happen). AI seats play through the
bot's own timers: the server's AI delay is set to 0 and due timers are run
after every click, so the clock never moves and no deadline or reminder fires.

What is counted, from the Start click to the end of the match:

* **Channel mentions**: ``<@id>`` user mentions in public channel messages the
  bot posted, and those an edit added to a public message. Mentions in DMs
  and ephemeral replies are not channel mentions and are not counted.
* **Turns**: changes of ``game.rules.waiting(state).turn``, read from every committed
  move (the announcer's move listeners), the first turn included.
* **Mentions per player per turn**: mentions / (human seats x turns). AI seats
  are never mentioned, so they are left out of the denominator.
* **DM prompts**: the private "you may respond" prompts of secret windows.
* **Requests per move** (every committed move: clicked, AI, automatic pass):
  interaction replies (callback, followups and their edits: free of the
  global rate limit) against every other request (channel posts, edits,
  deletes, DMs: the scarce 50 per second).

What a person on a phone feels (each counter in its own module):

* **Table height at 400 px** (``table_heights``): the estimated height
  (``tools.sim.phone``) of every version of the public table message the
  match showed, from Start's to the final one; the largest and the median.
* **Taps** (``taps``): every interaction a person sends after Start (the lobby
  is left out), per move a person decided (``MoveOutcome.by == PLAYER``); and
  the taps made in one's own turn (``waiting.turn`` is them), per own turn of a
  human seat (a turn counted once, however many moves it has), with what those
  taps did (Take action, each picker step by the key it chose, the last step,
  Back, Pass).
* **New DMs per person per match** (``new_dms``): new messages in the human
  seats' DM channels (hands, prompts, reminders, notices), from Start on; edits
  are not new messages.
* **Stale answers** (``stale``): clicks the bot answered with "no longer
  current" (the question changed or is over, the button is no longer valid, not
  your turn...), by wording. The driver clicks what it was just shown, so any is
  worth a look.

Each mention is also classified by the ping that carried it and the
situation (the mentioned player's own turn, a decision waiting on them alone
out of turn, a public window, a reminder, other text), and repeats (a second
mention of the same person in the same turn) are counted, so a missed target
says which notification causes it.
"""

from __future__ import annotations

import asyncio
import re
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.frontend.ui.components import LobbyButton
from bot.kernel.contract import Action, next_mover
from bot.kernel.module import GameModule, all_games
from bot.kernel.rng import Rng
from bot.play.match_types import PLAYER, MoveOutcome, is_ai
from bot.play.record import ACTIVE
from tools.bench import prune
from tools.bench.arena import Arena, Seat, make_bot
from tools.bench.kinds import kind_of
from tools.bench.new_dms import NewDMs
from tools.bench.player import Driver
from tools.bench.stale import count_stale
from tools.bench.table_heights import TableHeights
from tools.bench.taps import TapCount
from tools.sim import FakeDiscord, FakeMessage

MAX_STEPS = 20_000
_GUILD = 8_400_000_000_000_000_000
_CHANNEL_BASE = 8_500_000_000_000_000_000
_USER_BASE = 8_600_000_000_000_000_000
_MENTION = re.compile(r"<@!?(\d+)>")
#: How a ping reads (``bot.ui.render``): its first words name the situation.
PING_KINDS = (
    ("it's your turn", "own turn"),
    ("your move", "decision alone, out of turn"),
    ("you may respond", "public window"),
    ("is waiting for you", "reminder"),
)
#: Situations in the order the report lists them.
SITUATIONS = tuple(kind for _, kind in PING_KINDS) + ("other message",)
#: The target: at most this many channel mentions per player per turn, on average.
MENTION_LIMIT = 1.0


#: The table sizes whole matches are played at: the smallest table, the usual one, the full one.
WHOLE_SIZES = (3, 4, 6)


def table_sizes(game: GameModule, among: tuple[int, ...] = WHOLE_SIZES) -> list[int]:
    """2 for a two-player game; otherwise the sizes ``among``, clamped to what the game allows."""
    sizes = {min(max(n, game.rules.min_players), game.rules.max_players) for n in among}
    if game.rules.max_players == 2:
        sizes = {2}
    return sorted(sizes)


def situation(content: str) -> str:
    for words, kind in PING_KINDS:
        if words in content:
            return kind
    return "other message"


@dataclass
class MatchFigures:
    """What one whole match cost."""

    game: str
    players: int
    humans: int
    moves: Counter[str] = field(default_factory=Counter)  # by who decided: player, ai, auto, ...
    turns: int = 0
    mentions: int = 0
    by_situation: Counter[str] = field(default_factory=Counter)
    #: Mentions of one person in one turn beyond the first, by the situation of the extra one.
    repeats: Counter[str] = field(default_factory=Counter)
    max_in_one_turn: int = 0
    dm_prompts: int = 0
    requests: Counter[str] = field(default_factory=Counter)  # by kind (see ``kinds``)
    clicks: int = 0
    #: Times the match waited out a timer with no human to act (the clock was moved to it).
    timer_waits: int = 0
    seconds: float = 0.0
    #: Turns whose turn player is a human seat.
    own_turns: int = 0
    #: People's taps after Start (see ``taps``).
    taps: TapCount = field(default_factory=TapCount)
    #: Estimated height at 400 px of every version of the table message, in order.
    table_heights: list[int] = field(default_factory=list)
    #: New messages in the human seats' DM channels.
    new_dms: int = 0
    #: Clicks answered with "no longer current", by wording (see ``stale``).
    stale: Counter[str] = field(default_factory=Counter)


class ChannelWatch:
    """Counts the mentions the bot adds to one channel's public messages, and the turns of its match."""

    def __init__(self, world: FakeDiscord, channel_id: int, figures: MatchFigures) -> None:
        self.world, self.channel_id, self.figures = world, channel_id, figures
        self._known: dict[int, set[int]] = {}
        self._per_turn: Counter[tuple[int, int]] = Counter()
        self._turn: Any = None
        self._mark = 0

    def baseline(self) -> None:
        """What the channel already shows (the lobby) is not counted; requests count from here."""
        for msg in self.world.channel_messages(self.channel_id):
            self._known[msg.id] = self._ids(msg.content)
        self._mark = len(self.world.requests)

    def on_move(self, outcome: MoveOutcome) -> None:
        self.figures.moves[outcome.by] += 1
        turn = outcome.after.turn
        if turn is not None and turn != self._turn:
            self.figures.turns += 1
            self.figures.own_turns += not is_ai(turn)
            self._turn = turn

    def started(self, turn: Any) -> None:
        self._turn = turn
        self.figures.turns = 1 if turn is not None else 0
        self.figures.own_turns = 1 if turn is not None and not is_ai(turn) else 0

    @staticmethod
    def _ids(content: str) -> set[int]:
        return {int(m) for m in _MENTION.findall(content or "") if int(m) > 0}

    def scan(self) -> None:
        """Read the requests made since the last scan and the channel's public messages they touched."""
        world, fig = self.world, self.figures
        new = world.requests[self._mark :]
        self._mark = len(world.requests)
        touched: dict[int, Any] = {m.id: m for m in world.channel_messages(self.channel_id)}
        for request in new:
            kind = kind_of(world, request)
            fig.requests[kind] += 1
            if (
                kind == "dm"
                and request.method == "POST"
                and isinstance(request.json, dict)
                and (request.json.get("content") or "").startswith("⚡")
            ):
                fig.dm_prompts += 1
            # A public message posted and already deleted again in this step still counts.
            if kind == "message" and isinstance(request.response, dict) and "id" in request.response:
                msg = world.log.messages.get(int(request.response["id"]))
                if msg is not None:
                    touched[msg.id] = msg
        for msg in touched.values():
            if msg.visible_to is not None or msg.channel_id != self.channel_id:
                continue
            ids = self._ids(msg.content)
            added = ids - self._known.get(msg.id, set())
            self._known[msg.id] = ids
            kind = situation(msg.content)
            for player in sorted(added):
                fig.mentions += 1
                fig.by_situation[kind] += 1
                key = (fig.turns, player)
                self._per_turn[key] += 1
                if self._per_turn[key] > 1:
                    fig.repeats[kind] += 1
                fig.max_in_one_turn = max(fig.max_in_one_turn, self._per_turn[key])


def build_world(max_players: int, tables: int) -> tuple[FakeDiscord, list[Seat]]:
    """One server, one channel per match, ``max_players`` distinct members per channel."""
    world = FakeDiscord(settle_timeout=30.0)
    world.add_guild(_GUILD, "Whole matches")
    seats: list[Seat] = []
    for i in range(tables):
        channel_id = _CHANNEL_BASE + i
        world.add_channel(_GUILD, channel_id, f"meja-{i}")
        players = tuple(_USER_BASE + max_players * i + j for j in range(max_players))
        for user in players:
            world.add_member(_GUILD, user, f"P{user % 100000}")
        seats.append(Seat(_GUILD, channel_id, players))  # type: ignore[arg-type]
    return world, seats


async def open_match(arena: Arena, seat: Seat, game: GameModule, humans: int, ai_seats: int) -> tuple[int, FakeMessage]:
    """``/<game> new`` by the host, Join by the other humans, Add AI for the AI seats (Start is the caller's)."""
    host = seat.players[0]
    record = await arena.world.slash(arena.bot, host, seat.channel_id, game.name, "new", wait=False)
    lobby = (await arena._finish(record, f"/{game.name} new")).message
    if lobby is None:
        raise RuntimeError(f"/{game.name} new did not post a lobby: {record.text}")
    match_id = int(next(c for c in lobby.custom_ids() if c.startswith("lobby:")).split(":")[1])
    for guest in seat.players[1:humans]:
        await arena.send(guest, lobby, LobbyButton.custom_id_for(match_id, "join"))
    for _ in range(ai_seats):
        await arena.send(host, lobby, LobbyButton.custom_id_for(match_id, "add_ai"))
    seat.match_id = match_id
    return match_id, lobby


async def play_match(arena: Arena, seat: Seat, game: GameModule, players: int, humans: int, rng: Rng) -> MatchFigures:
    figures = MatchFigures(game=game.name, players=players, humans=humans)
    world, bot = arena.world, arena.bot
    match_id, lobby = await open_match(arena, seat, game, humans, players - humans)
    watch = ChannelWatch(world, seat.channel_id, figures)
    watch.baseline()

    def table_id() -> int | None:
        """The match's table message now (a finished match leaves the cache: its table is the last one known)."""
        cached = arena.service.matches._cache.get(match_id)
        return None if cached is None else cached.record.message_id

    table = TableHeights(world, seat.channel_id, table_id)
    table.baseline()
    dms = NewDMs(world, seat.players[:humans])
    dms.baseline()

    def scan() -> None:
        watch.scan()
        table.scan()
        dms.scan()

    listener = watch.on_move
    bot.announcer.move_listeners.append(listener)
    driver = Driver(arena, rng)
    policy = game.policies["normal"]()
    started = time.perf_counter()
    try:
        host = seat.players[0]
        await arena.send(host, lobby, LobbyButton.custom_id_for(match_id, "start"))
        figures.clicks += 1
        taps_from = len(world.interactions)  # Join, Add AI and Start are not taps of the match
        live = arena.service.matches._cache[match_id]
        watch.started(live.waiting.turn)
        await bot.scheduler.run_due()  # an AI seat may open the match
        scan()

        def choose(player: int, legal: list[Action]) -> Action:
            return policy.choose(live.game.rules.view(live.state, player), legal, rng)

        for _ in range(MAX_STEPS):
            if live.record.status != ACTIVE:
                break
            humans = [p for p in live.waiting.actors if not live.ai_controls(p)]
            person = next_mover(live.game.rules, live.state, among=humans) if humans else None
            if person is None:
                if not await bot.scheduler.run_due():
                    # Nothing due: the match waits out a timer (an AI seat never answers its own last
                    # response in a window). Move the clock to it, as waiting would.
                    pending = bot.scheduler.pending().get(match_id)
                    if pending is None:
                        raise RuntimeError(
                            f"{game.name} match #{match_id} waits on AI seats with no timer: {live.waiting}"
                        )
                    clock = arena.service.clock
                    clock.advance(max(0.0, pending - clock.now()))
                    figures.timer_waits += 1
                    await bot.scheduler.run_due()
                scan()
                continue
            player = person
            turn, legal = live.waiting.turn, live.game.rules.legal_actions(live.state, player)
            mark = len(world.interactions)
            sample = await driver.play_move(match_id, player=player, choose=choose)
            figures.clicks += sample.setup_clicks + 1
            figures.taps.move(world.interactions[mark:], turn, legal)
            scan()
            await bot.scheduler.run_due()
            scan()
        else:
            raise RuntimeError(f"{game.name} match #{match_id} did not end in {MAX_STEPS} steps")
        await world.settle()
        scan()
        figures.stale = count_stale(world.interactions[taps_from:])
        figures.table_heights, figures.new_dms = table.heights, dms.count
    finally:
        bot.announcer.move_listeners.remove(listener)
        driver.forget_players(seat.players)
    figures.seconds = time.perf_counter() - started
    return figures


def _ratio(a: float, b: float) -> float:
    return a / b if b else 0.0


def summarise(matches: list[MatchFigures]) -> dict[str, Any]:
    """The figures of a group of matches (one game, one table size, or one whole game)."""
    moves = sum(sum(m.moves.values()) for m in matches)
    turns = sum(m.turns for m in matches)
    seat_turns = sum(m.humans * m.turns for m in matches)
    mentions = sum(m.mentions for m in matches)
    requests: Counter[str] = Counter()
    by_who: Counter[str] = Counter()
    situations: Counter[str] = Counter()
    repeats: Counter[str] = Counter()
    for m in matches:
        requests.update(m.requests)
        by_who.update(m.moves)
        situations.update(m.by_situation)
        repeats.update(m.repeats)
    interaction = requests["reply"] + requests["followup"]
    other = sum(requests.values()) - interaction
    n = max(1, len(matches))
    heights = [h for m in matches for h in m.table_heights]
    own_turns = sum(m.own_turns for m in matches)
    own_kinds: Counter[str] = Counter()
    stale: Counter[str] = Counter()
    for m in matches:
        own_kinds.update(m.taps.own_turn_kinds)
        stale.update(m.stale)
    return {
        "matches": len(matches),
        "players": sorted({m.players for m in matches}),
        "moves_per_match": moves / n,
        "moves_by": {k: v / n for k, v in sorted(by_who.items())},
        "clicks_per_match": sum(m.clicks for m in matches) / n,
        "turns_per_match": turns / n,
        "mentions_per_match": mentions / n,
        "mentions_per_player_per_turn": _ratio(mentions, seat_turns),
        "mentions_by_situation": {k: situations[k] for k in SITUATIONS},
        "repeat_mentions_by_situation": {k: repeats[k] for k in SITUATIONS if repeats[k]},
        "max_mentions_one_player_one_turn": max((m.max_in_one_turn for m in matches), default=0),
        "dm_prompts_per_turn": _ratio(sum(m.dm_prompts for m in matches), turns),
        "requests_per_move": {
            "interaction": _ratio(interaction, moves),
            "other": _ratio(other, moves),
            "other_channel": _ratio(
                requests["message"] + requests["edit"] + requests["delete"] + requests["other"], moves
            ),
            "other_dm": _ratio(requests["dm"], moves),
        },
        "requests_by_kind": dict(sorted(requests.items())),
        "timer_waits_per_match": sum(m.timer_waits for m in matches) / n,
        "seconds_per_match": sum(m.seconds for m in matches) / n,
        "mention_target_met": _ratio(mentions, seat_turns) <= MENTION_LIMIT,
        "table_height_px": {
            "max": max(heights, default=0),
            "median": statistics.median(heights) if heights else 0,
            "versions_per_match": len(heights) / n,
        },
        "taps_per_move": _ratio(sum(m.taps.taps for m in matches), by_who[PLAYER]),
        "own_turns_per_match": own_turns / n,
        "taps_per_own_turn": _ratio(sum(m.taps.own_turn_taps for m in matches), own_turns),
        "own_turn_taps_by_kind": {k: v / own_turns for k, v in own_kinds.most_common()} if own_turns else {},
        "new_dms_per_person_per_match": _ratio(sum(m.new_dms for m in matches), sum(m.humans for m in matches)),
        "stale_answers_per_match": sum(stale.values()) / n,
        "stale_answers_by_reason": dict(stale.most_common()),
    }


async def run_whole(*, matches: int, ai_seats: int, seed: int, workdir: str) -> dict[str, Any]:
    """``matches`` seeded matches per game and table size; the largest table of a game has ``ai_seats`` AI seats."""
    games = all_games()
    plan = []
    for game in games:
        sizes = table_sizes(game)
        for players in sizes:
            ai = min(ai_seats, players - 2) if players == sizes[-1] and len(sizes) > 1 else 0
            plan += [(game, players, players - ai)] * matches
    max_players = max(p for _, p, _ in plan)
    world, seats = build_world(max_players, len(plan))
    db_path = str(Path(workdir) / "whole.sqlite3")
    for leftover in Path(workdir).glob("whole.sqlite3*"):
        leftover.unlink()  # a database from an earlier run would hold live matches in these channels
    bot = make_bot(db_path, seed)
    await world.connect(bot)
    assert bot.loop is asyncio.get_running_loop()
    from tools.bench.tracker import HandlerTracker

    arena = Arena(world, bot, db_path, seats, HandlerTracker(bot.handlers))
    start = time.perf_counter()
    try:
        await arena.service.settings.change(_GUILD, "ai_delay_seconds", 0)
        played: list[MatchFigures] = []
        for i, ((game, players, humans), seat) in enumerate(zip(plan, seats, strict=True)):
            rng = Rng.seeded(seed * 1_000_003 + i)
            played.append(await play_match(arena, seat, game, players, humans, rng))
            prune.sweep(world)
        result: dict[str, Any] = {"matches_per_size": matches, "ai_seats": ai_seats, "games": {}}
        for game in games:
            mine = [m for m in played if m.game == game.name]
            entry = summarise(mine)
            entry["title"] = game.title
            entry["by_size"] = {}
            for players in sorted({m.players for m in mine}):
                group = [m for m in mine if m.players == players]
                entry["by_size"][str(players)] = {**summarise(group), "humans": group[0].humans}
            result["games"][game.name] = entry
        result["seconds"] = time.perf_counter() - start
        return result
    finally:
        if not bot.is_closed():
            await bot.close()
        world.close()
