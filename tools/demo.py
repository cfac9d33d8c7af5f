"""``python -m bot demo [GAME] [--players N] [--language ms|id|en] [--db PATH]``: watch a whole match, offline.

Nothing here is a mock-up: the real bot (cogs, table, storage, discord.py's
own command tree and components) runs against the in-process stand-in for
Discord. A demo host opens the lobby with the slash command, fills the
other seats with AI players and starts; the host's own seat is played by
clicking through the real picker, choosing with the game's AI policy. Time
is simulated, so AI pauses and deadlines pass instantly. The match is
stored in a database of its own, a temporary file deleted at the end
(``--db PATH`` keeps it), so a real server's matches are never touched.

The transcript shows what people would see, as the Discord client shows
it (``@name``, ``#channel``, "in 2 minutes"): ``[#channel]`` lines are
public; ``[private → name]`` lines are the host's DMs and the replies only
they can see. Each line is printed once: a message that is edited prints
only its new or changed lines, marked ✎ (an edit that changes only its
picture prints nothing); a picker prints only the move it confirmed. The
table itself is summed up by one line per move.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import difflib
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TextIO

from bot.frontend.client import GameBot
from bot.frontend.ui.components import PassButton
from bot.kernel.languages import LANGUAGES
from bot.kernel.module import all_games, get_game
from bot.kernel.rng import Rng
from bot.play.clock import ManualClock
from bot.play.match_types import MoveOutcome
from tools.sim import FakeDiscord, FakeMessage, components as comp, seat

GUILD, CHANNEL, HOST = 900_000_000_000_000_001, 900_000_000_000_000_002, 900_000_000_000_000_003
CHANNEL_NAME = "meja-kad"
MAX_STEPS = 20_000
#: Marks a line that an edit of a message already printed made new or changed.
EDITED = "✎ "


def playable() -> tuple[str, ...]:
    """Every registered game: each one has a Discord table."""
    return tuple(game.name for game in all_games())


@dataclass
class Transcript:
    """What the demo printed, kept apart by audience so tests can check nothing private went public."""

    out: TextIO | None = None
    public: list[str] = field(default_factory=list)
    private: list[str] = field(default_factory=list)
    #: How a line looks in the Discord client (mentions, channels and times shown as names and words).
    looks: Callable[[str], str] = str
    #: The number of the match played (set once the lobby is open).
    match_id: int | None = None

    def say_public(self, text: str, *, edited: bool = False) -> None:
        for line in text.splitlines() or [""]:
            line = self.looks(line)
            self.public.append(line)
            self._print(f"[#{CHANNEL_NAME}] {EDITED if edited else ''}{line}")

    def say_private(self, who: str, where: str, text: str, *, edited: bool = False) -> None:
        for line in text.splitlines():
            line = self.looks(line)
            self.private.append(line)
            self._print(f"[private → {who} · {where}] {EDITED if edited else ''}{line}")

    def note(self, text: str) -> None:
        self._print(text)

    def _print(self, line: str) -> None:
        if self.out is not None:
            print(line, file=self.out)


class _Watcher:
    """Turns the stand-in's recorded requests into transcript lines, in order, each line once.

    A message seen for the first time prints its lines; each later version of it (an edit, or an
    interaction's update of it) prints only the lines that are new or changed, marked ✎, so an edit
    that changes only its picture prints nothing. A picker (a private message an interaction's answer
    gave components: a picker, or a DM prompt a click turned into one) prints from then on only the
    move it confirmed (its new ✅ lines), not each step. The table is summed
    up by the move lines (``on_move``), not by its edits.
    """

    def __init__(self, world: FakeDiscord, transcript: Transcript, host_name: str) -> None:
        self.world = world
        self.transcript = transcript
        self.host_name = host_name
        self._seen = 0
        self._table_id: int | None = None
        #: The lines of each message as last seen, by message id (compared as sent, before they are shown).
        self._lines: dict[int, list[str]] = {}
        self._pickers: set[int] = set()

    def on_move(self, outcome: MoveOutcome) -> None:
        for line in outcome.public_lines:
            self.transcript.say_public(f"• {line}")

    def flush(self, table_id: int | None) -> None:
        self._table_id = table_id
        for request in self.world.requests[self._seen :]:
            self._show(request)
        self._seen = len(self.world.requests)

    def _show(self, request) -> None:  # type: ignore[no-untyped-def]
        snapshot = _message_json(request)
        if snapshot is None:
            return
        try:
            message = self.world.message(int(snapshot["id"]))
        except KeyError:
            return
        if message.id == self._table_id:
            return
        lines = _snapshot_lines(snapshot)
        before = self._lines.get(message.id)
        self._lines[message.id] = lines
        private = message.guild_id is None or message.ephemeral
        if private and request.kind in ("reply", "followup") and comp.custom_ids(snapshot.get("components")):
            self._pickers.add(message.id)  # a picker, or a DM prompt a click turned into one
        new = lines if before is None else _changed(before, lines)
        if message.id in self._pickers:
            new = [line for line in new if line.startswith("✅")]
        if not new:
            return
        text, edited = "\n".join(new), before is not None and message.id not in self._pickers
        if private:
            self.transcript.say_private(
                self.host_name, "DM" if message.guild_id is None else "only you", text, edited=edited
            )
        else:
            self.transcript.say_public(text, edited=edited)


def _changed(before: list[str], after: list[str]) -> list[str]:
    """The lines of ``after`` that ``before`` did not have at their place: new or changed."""
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    return [line for op, _, _, j1, j2 in matcher.get_opcodes() if op in ("replace", "insert") for line in after[j1:j2]]


def _message_json(request) -> dict | None:  # type: ignore[no-untyped-def, type-arg]
    """The message as Discord returned it for this request (a snapshot, not today's edited version)."""
    response = request.response
    if not isinstance(response, dict):
        return None
    data = response.get("resource", {}).get("message") if "resource" in response else response
    return data if isinstance(data, dict) and "id" in data else None


def _snapshot_lines(snapshot: dict[str, Any]) -> list[str]:
    """What a player reads in this version of a message: its content, embeds and text displays."""
    parts = [snapshot.get("content") or ""]
    for embed in snapshot.get("embeds") or []:
        parts.extend(comp.embed_text(embed))
    parts.extend(comp.text_displays(snapshot.get("components")))
    return [line for part in parts for line in part.splitlines() if line.strip()]


_MARKUP = re.compile(r"<(?:(@!?|@&|#)(\d+)|t:(-?\d+)(?::([tTdDfFR]))?|/([^<>:]+):\d+)>")


class DiscordLooks:
    """Shows Discord's markup as its client does: ``<@id>`` as @name, ``<#id>`` as #channel, ``<@&id>`` as
    @role, ``</cmd:id>`` as /cmd, and ``<t:unix:style>`` as a time (``R``: relative to ``now()``)."""

    def __init__(self, world: FakeDiscord, now: Callable[[], float]) -> None:
        self.world = world
        self.now = now

    def __call__(self, text: str) -> str:
        return _MARKUP.sub(self._one, text) if "<" in text else text

    def _one(self, found: re.Match[str]) -> str:
        kind, number, stamp, style, command = found.groups()
        if stamp is not None:
            return self.time(int(stamp), style or "f")
        if command is not None:
            return f"/{command}"
        if kind == "#":
            channel = self.world.directory.channels.get(int(number))
            return f"#{channel.name}" if channel is not None and channel.name else "#unknown"
        if kind == "@&":
            for guild in self.world.directory.guilds.values():
                if int(number) in guild.roles:
                    return f"@{guild.roles[int(number)].name}"
            return "@unknown-role"
        return f"@{self.name(int(number))}"

    def name(self, user_id: int) -> str:
        for guild in self.world.directory.guilds.values():
            member = guild.members.get(user_id)
            if member is not None and member.nick:
                return member.nick
        user = self.world.directory.users.get(user_id)
        return (user.global_name or user.name) if user is not None else "unknown-user"

    def time(self, stamp: int, style: str) -> str:
        if style == "R":
            return relative_time(stamp - self.now())
        moment = dt.datetime.fromtimestamp(stamp, dt.UTC)
        formats = {"t": "%H:%M", "T": "%H:%M:%S", "d": "%d/%m/%Y", "D": "%-d %B %Y", "F": "%A, %-d %B %Y %H:%M"}
        return moment.strftime(formats.get(style, "%-d %B %Y %H:%M"))


def relative_time(seconds: float) -> str:
    """A time ``seconds`` from now as the Discord client words it: "in 2 minutes", "5 seconds ago"."""
    size = abs(seconds)
    if size < 1:
        return "now"
    units = (("year", 365 * 86400), ("month", 30 * 86400), ("day", 86400), ("hour", 3600), ("minute", 60))
    unit, count = next(
        ((name, round(size / length)) for name, length in units if size >= length), ("second", round(size))
    )
    words = f"{count} {unit}{'' if count == 1 else 's'}"
    return f"in {words}" if seconds > 0 else f"{words} ago"


@contextmanager
def _database(path: str | None) -> Iterator[str]:
    """``path``, or a temporary file of the demo's own, deleted (with its folder) at the end."""
    if path is not None:
        yield path
        return
    with tempfile.TemporaryDirectory(prefix="meja-demo-") as folder:
        yield os.path.join(folder, "demo.sqlite3")


async def run_demo(
    game_name: str = "drump",
    *,
    seed: int = 1,
    players: int | None = None,
    database: str | None = None,
    out: TextIO | None = None,
    pictures: str | None = None,
    language: str = "en",
) -> Transcript:
    """Play one whole match between AI-driven seats through the real bot; returns the transcript.

    ``database``: the SQLite file to store the match in; None (the default) uses a temporary one,
    deleted at the end. ``language``: the server's language and the host's own, set as people set
    them (``/settings language``, ``/language``) before the lobby opens. ``pictures``: a folder where
    each new picture of the table (table-001.png, ...) and of the demo host's own hand
    (hand-001.png, ...) is written.
    """
    game = get_game(game_name)
    seats = players or game.rules.min_players
    if not game.rules.min_players <= seats <= game.rules.max_players:
        need = (
            f"exactly {game.rules.min_players}"
            if game.rules.min_players == game.rules.max_players
            else f"{game.rules.min_players} to {game.rules.max_players}"
        )
        raise ValueError(f"{game.title} takes {need} players, not {seats}.")
    if language not in LANGUAGES:
        raise ValueError(f"there is no language {language!r}: choose one of {', '.join(LANGUAGES)}.")
    with _database(database) as path:
        return await _run(game_name, seed, seats, path, database is None, out, pictures, language)


async def _run(
    game_name: str,
    seed: int,
    seats: int,
    database: str,
    temporary: bool,
    out: TextIO | None,
    pictures: str | None,
    language: str,
) -> Transcript:
    game = get_game(game_name)
    clock = ManualClock()
    world = FakeDiscord(bot_name="Meja")
    world.add_guild(GUILD, "Demo Server")
    world.add_channel(GUILD, CHANNEL, CHANNEL_NAME)
    world.add_member(GUILD, HOST, "Demo Host", ["manage_guild"])  # may change the server's /settings
    transcript = Transcript(out, looks=DiscordLooks(world, clock.now))
    seeds = iter(range(seed, seed + 1_000_000))
    bot = GameBot(database=database, clock=clock, seeds=lambda: next(seeds))
    watcher = _Watcher(world, transcript, "Demo Host")
    try:
        await world.connect(bot)
        bot.announcer.move_listeners.append(watcher.on_move)
        if pictures:
            bot.announcer.move_listeners.append(_PictureWriter(pictures, HOST).on_move)
        where = "a temporary file, deleted at the end" if temporary else database
        transcript.note(
            f"== {game.title} demo · seed {seed} · {seats} players · {LANGUAGES[language]} · database: {where}"
        )
        watcher.flush(None)  # what connecting did is no part of the match
        if language != "en":  # as people do it: the server's language, then the host's own
            for command, option in (("settings", "language"), ("language", "choice")):
                transcript.say_public(f"Demo Host: /{command} {option}:{language}")
                await world.slash(bot, HOST, CHANNEL, command, options={option: language})
                await world.settle()
                watcher.flush(None)
        transcript.say_public(f"Demo Host: /{game_name} new")
        lobby = (await world.slash(bot, HOST, CHANNEL, game_name, "new")).message
        await world.settle()
        if lobby is None:
            raise RuntimeError("the lobby did not open: " + " ".join(m.text for m in world.channel_messages(CHANNEL)))
        match_id = int(next(c for c in lobby.custom_ids() if c.startswith("lobby:")).split(":")[1])
        transcript.match_id = match_id
        for _ in range(seats - 1):
            await world.click(bot, HOST, world.message(lobby.id), f"lobby:{match_id}:add_ai")
            await world.settle()
        await world.click(bot, HOST, world.message(lobby.id), f"lobby:{match_id}:start")
        await world.settle()
        watcher.flush(lobby.id)
        await _play(bot, world, clock, match_id, lobby.id, watcher, Rng.seeded(seed))
        final = world.message(lobby.id)
        transcript.note("== The table at the end")
        transcript.say_public(final.text)
    finally:
        if not bot.is_closed():
            await bot.close()
        world.close()
    return transcript


async def _play(
    bot: GameBot, world: FakeDiscord, clock: ManualClock, match_id: int, table_id: int, watcher: _Watcher, rng: Rng
) -> None:
    service = bot.service
    for _ in range(MAX_STEPS):
        live = await service.matches.load(match_id)
        if live is None or live.record.status != "active":
            watcher.flush(table_id)
            return
        if HOST in live.game.rules.actors(live.state) and not live.ai_controls(HOST):
            legal = live.game.rules.legal_actions(live.state, HOST)
            view = live.game.rules.view(live.state, HOST)
            action = live.game.policies["normal"]().choose(view, legal, rng)
            prompt = _window_prompt(world, match_id, live.record.decision_seq) if live.waiting.in_window else None
            if prompt is None:
                await seat.play(world, bot, HOST, world.message(table_id), legal, action)
            elif action == live.game.rules.timeout_action(live.state, HOST):
                passing = PassButton.on(prompt.custom_ids(), match_id, live.record.decision_seq)
                await world.click(bot, HOST, prompt, passing)
                await world.settle()
            elif (tap := seat.one_tap(prompt, legal, action)) is not None:  # the prompt carries the answer
                await world.click(bot, HOST, prompt, tap)
                await world.settle()
            else:  # Respond… on the DM prompt, then the picker it opens
                opened = await world.click(bot, HOST, prompt, seat.act_button(prompt))
                await world.settle()
                if opened.message is None:
                    raise RuntimeError(f"the picker did not open: {opened.text}")
                await seat.click_through(world, bot, HOST, opened.message, legal, action)
        else:
            pending = bot.scheduler.pending()
            if match_id not in pending:
                raise RuntimeError("the match is waiting for nobody")
            clock.advance(max(0.0, pending[match_id] - clock.now()))
            await bot.scheduler.run_due()
            await world.settle()
        watcher.flush(table_id)
    raise RuntimeError(f"the match did not end within {MAX_STEPS} steps")


def _window_prompt(world: FakeDiscord, match_id: int, decision: int) -> FakeMessage | None:
    """The host's DM prompt for this window round (Respond… / Pass), if the bot sent one."""
    for message in reversed(world.dm_messages(HOST)):
        if PassButton.on(message.custom_ids(), match_id, decision):
            return message
    return None


class _PictureWriter:
    """Writes the table's picture and the demo host's own hand after every move that changes them.

    Numbered in order (table-001.png, hand-001.png, ...), so a newcomer can page through the match.
    """

    def __init__(self, folder: str, host: int) -> None:
        os.makedirs(folder, exist_ok=True)
        self.folder = folder
        self.host = host
        self.last: dict[str, bytes] = {}
        self.count: dict[str, int] = {}

    def on_move(self, outcome: MoveOutcome) -> None:
        from bot.frontend.ui.render import hand_picture, table_picture

        live = outcome.match
        self._write("table", table_picture(live))
        if self.host in live.record.players:
            self._write("hand", hand_picture(live, self.host))

    def _write(self, kind: str, png: bytes | None) -> None:
        if png is None or png == self.last.get(kind):
            return
        self.count[kind] = self.count.get(kind, 0) + 1
        with open(os.path.join(self.folder, f"{kind}-{self.count[kind]:03d}.png"), "wb") as fh:
            fh.write(png)
        self.last[kind] = png


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot demo", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="drump", choices=playable(), help="which game (default: drump)")
    parser.add_argument("--seed", type=int, default=1, help="shuffle seed (default: 1)")
    parser.add_argument("--players", type=int, default=None, help="number of seats (default: the game's minimum)")
    parser.add_argument(
        "--language",
        default="en",
        choices=tuple(LANGUAGES),
        help="the server's language and the host's: "
        + ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
        + " (default: en)",
    )
    parser.add_argument(
        "--db",
        default=None,
        metavar="PATH",
        help="SQLite file to store the match in (default: a temporary one, deleted at the end)",
    )
    parser.add_argument(
        "--pictures",
        default=None,
        metavar="DIR",
        help="also write each new picture of the table and of your hand to DIR (table-001.png, hand-001.png, ...)",
    )
    args = parser.parse_args(argv)
    try:
        asyncio.run(
            run_demo(
                args.game,
                seed=args.seed,
                players=args.players,
                database=args.db,
                out=sys.stdout,
                pictures=args.pictures,
                language=args.language,
            )
        )
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0
