"""``python -m bot demo [GAME] [--seed N] [--players N]``: watch the bot run a whole match, offline.

Nothing here is a mock-up: the real bot (cogs, table, storage, discord.py's
own command tree and components) runs against the in-process stand-in for
Discord. A demo host opens the lobby with the slash command, fills the
other seats with AI players and starts; the host's own seat is played by
clicking through the real picker, choosing with the game's AI policy. Time
is simulated, so AI pauses and deadlines pass instantly. The match is
stored in the database like any other.

The transcript shows what people would see: ``[#channel]`` lines are
public; ``[private → name]`` lines are the host's DMs and the replies only
they can see.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from dataclasses import dataclass, field
from typing import TextIO

from bot.config import DEFAULT_DATABASE
from bot.frontend.client import GameBot
from bot.frontend.ui.components import PassButton
from bot.kernel.module import all_games, get_game
from bot.kernel.rng import Rng
from bot.play.clock import ManualClock
from bot.play.match_types import MoveOutcome
from tools.sim import FakeDiscord, FakeMessage, seat

GUILD, CHANNEL, HOST = 900_000_000_000_000_001, 900_000_000_000_000_002, 900_000_000_000_000_003
CHANNEL_NAME = "meja-kad"
MAX_STEPS = 20_000


def playable() -> tuple[str, ...]:
    """Every registered game: each one has a Discord table."""
    return tuple(game.name for game in all_games())


@dataclass
class Transcript:
    """What the demo printed, kept apart by audience so tests can check nothing private went public."""

    out: TextIO | None = None
    public: list[str] = field(default_factory=list)
    private: list[str] = field(default_factory=list)

    def say_public(self, text: str) -> None:
        for line in text.splitlines() or [""]:
            self.public.append(line)
            self._print(f"[#{CHANNEL_NAME}] {line}")

    def say_private(self, who: str, where: str, text: str) -> None:
        for line in text.splitlines():
            self.private.append(line)
            self._print(f"[private → {who} · {where}] {line}")

    def note(self, text: str) -> None:
        self._print(text)

    def _print(self, line: str) -> None:
        if self.out is not None:
            print(line, file=self.out)


class _Watcher:
    """Turns the stand-in's recorded requests into transcript lines, in order."""

    def __init__(self, world: FakeDiscord, transcript: Transcript, host_name: str) -> None:
        self.world = world
        self.transcript = transcript
        self.host_name = host_name
        self._seen = 0
        self._table_id: int | None = None
        self._notes_seen: set[str] = set()

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
        if message.guild_id is None:  # the host's hand DM: sent once, then edited when the hand changes
            if request.method == "POST":
                self.transcript.say_private(self.host_name, "DM", _first_lines(message))
            else:
                self._hand_update(_snapshot_lines(snapshot))
        elif message.ephemeral:  # the host's picker: print the move it confirmed, not each step
            confirmed = [line for line in _snapshot_lines(snapshot) if line.startswith("✅")]
            if confirmed:
                self.transcript.say_private(self.host_name, "only you", confirmed[0])
        elif request.method == "POST" and message.id != self._table_id:
            self.transcript.say_public(_first_lines(message))
        # Edits of the table are summed up by the move lines printed as each move is announced.

    def _hand_update(self, lines: list[str]) -> None:
        hand = [line for line in lines if line.startswith("Hand")]
        notes = [line for line in lines if line.startswith("• ") and line not in self._notes_seen]
        self._notes_seen.update(notes)
        if hand or notes:
            self.transcript.say_private(self.host_name, "DM", "\n".join(hand + notes))


def _message_json(request) -> dict | None:  # type: ignore[no-untyped-def, type-arg]
    """The message as Discord returned it for this request (a snapshot, not today's edited version)."""
    response = request.response
    if not isinstance(response, dict):
        return None
    data = response.get("resource", {}).get("message") if "resource" in response else response
    return data if isinstance(data, dict) and "id" in data else None


def _snapshot_lines(snapshot: dict) -> list[str]:  # type: ignore[type-arg]
    parts = [snapshot.get("content") or ""]
    for embed in snapshot.get("embeds") or []:
        parts.append(embed.get("description") or "")
    return [line for part in parts for line in part.splitlines() if line.strip()]


def _first_lines(message: FakeMessage, limit: int = 12) -> str:
    lines = [line for line in message.text.splitlines() if line.strip()]
    return "\n".join(lines[:limit] + (["…"] if len(lines) > limit else []))


async def run_demo(
    game_name: str = "drump",
    *,
    seed: int = 1,
    players: int | None = None,
    database: str = DEFAULT_DATABASE,
    out: TextIO | None = None,
    pictures: str | None = None,
) -> Transcript:
    """Play one whole match between AI-driven seats through the real bot; returns the transcript.

    ``pictures``: a folder where each new picture of the table (table-001.png, ...) and of the demo
    host's own hand (hand-001.png, ...) is written.
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
    transcript = Transcript(out)
    clock = ManualClock()
    world = FakeDiscord(bot_name="Meja")
    world.add_guild(GUILD, "Demo Server")
    world.add_channel(GUILD, CHANNEL, CHANNEL_NAME)
    world.add_member(GUILD, HOST, "Demo Host")
    seeds = iter(range(seed, seed + 1_000_000))
    bot = GameBot(database_path=database, clock=clock, seeds=lambda: next(seeds))
    watcher = _Watcher(world, transcript, "Demo Host")
    try:
        await world.connect(bot)
        bot.announcer.move_listeners.append(watcher.on_move)
        if pictures:
            bot.announcer.move_listeners.append(_PictureWriter(pictures, HOST).on_move)
        transcript.note(f"== {game.title} demo · seed {seed} · {seats} players · database {database}")
        transcript.say_public(f"Demo Host: /{game_name} new")
        lobby = (await world.slash(bot, HOST, CHANNEL, game_name, "new")).message
        await world.settle()
        if lobby is None:
            raise RuntimeError("the lobby did not open: " + " ".join(m.text for m in world.channel_messages(CHANNEL)))
        match_id = int(next(c for c in lobby.custom_ids() if c.startswith("lobby:")).split(":")[1])
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
        "--db",
        default=os.environ.get("DATABASE_PATH") or DEFAULT_DATABASE,
        help=f"SQLite file to store the match in (default: {DEFAULT_DATABASE})",
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
            )
        )
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0
