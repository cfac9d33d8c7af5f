"""Two live bot processes sharing the partitions of one PostgreSQL database: each dies in turn, in the middle of a
move, and the other takes its partitions over within a second while the matches it already served go on.

``test_failover_kill.py`` kills the one process serving everything, with a hot standby behind it (one
partition). Here the matches are split into four partitions (``crash_bot.make_bot``'s ``partitions``) and
both processes serve: the second one started takes its share (two of the four) once its gateway session has
been up long enough (``GameBot._gateway_up``), and the first gives those two back. Matches are opened in four
servers, one in each partition, and played by clicks, each move answered by its partition's owner and by no
other process. Then the owner of two of them is SIGKILLed in the middle of a move (before its commit, the
first time; after the reply reached Discord and before the table was edited, the second), and:

* the survivor serves all four partitions within :data:`HANDOVER_LIMIT` of the death (measured from when the
  parent saw the process go, as ``test_failover_kill.py`` does);
* the move in flight is stored exactly when the kill came after its commit, no acknowledged move is lost, and
  every stored state is its log's replay;
* every match, the survivor's own and those it took over, shows its current board on its table message and
  plays on from there by clicks;
* no interaction was answered twice (the survivor heard every click too, and drops those it kept for a
  partition whose owner died: the dead one may have answered them).

A new process is then started, the partitions are shared out again, and the other original process is killed
the same way, so each side dies once.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from dataclasses import dataclass, field

import pytest

from bot.play.ownership import partition_of
from tests.frontend.crash.crash_world import GUILD, Channel, CrashWorld, Stored
from tests.frontend.crash.test_crash_kill import CrashRun, KillPoint
from tools.sim.remote import ChildDied, RemoteBot

pytestmark = pytest.mark.slow

#: The partitions the matches are split into: two each for two processes.
PARTITIONS = 4
#: The most a failover may take: from a serving process's death to the survivor serving every partition.
HANDOVER_LIMIT = 1.0
#: The most a new process may take to get its share: it waits ``intake.KEEP`` (2.5 s) from its gateway
#: session being up, then takes what the other gives back at its next look (twice a second each).
SHARE_LIMIT = 10.0
#: Where each of the two original processes dies: in a move of a match it serves.
KILLS = (KillPoint("move", "commit"), KillPoint("move", "after", 0))


def guild_in(partition: int) -> int:
    """A server whose matches fall in ``partition``: ``GUILD`` moved by whole shards (the id's bits from bit 22)."""
    return GUILD + (((partition - partition_of(GUILD, PARTITIONS)) % PARTITIONS) << 22)


GUILDS = tuple(guild_in(partition) for partition in range(PARTITIONS))


@dataclass
class PartitionRun(CrashRun):
    """The crash run's steps and checks, with several processes each serving some partitions."""

    #: The live processes, oldest first.
    bots: list[RemoteBot] = field(default_factory=list)
    #: Seconds from each death to the survivor serving every partition.
    handovers: list[float] = field(default_factory=list)
    #: Seconds from each joining process's start to the partitions being shared out.
    shares: list[float] = field(default_factory=list)

    # --- processes and their partitions ------------------------------------------------
    async def start_process(self) -> RemoteBot:
        """One more process on the database; once it is up, the partitions shared out evenly among the live ones."""
        self.restarts += 1
        started = time.monotonic()
        bot = await self.cw.start_bot(seed=1000 * self.restarts, standby=bool(self.bots), partitions=PARTITIONS)
        bot.kill_switch = self.switch
        self.bots.append(bot)
        if len(self.bots) == 1:  # alone: it serves everything from the start, as after a restart
            assert await bot.call("served") == list(range(PARTITIONS))
        else:
            await self.wait_shared_out()
            self.shares.append(time.monotonic() - started)
        return bot

    async def wait_shared_out(self) -> None:
        """Until each live process serves its even share, and every partition is served once."""
        deadline = time.monotonic() + SHARE_LIMIT
        while True:
            served = [await bot.call("served") for bot in self.bots]
            everything = sorted(p for each in served for p in each) == list(range(PARTITIONS))
            if everything and all(len(each) == PARTITIONS // len(self.bots) for each in served):
                return
            assert time.monotonic() < deadline, f"the partitions were never shared out: {served}"
            await asyncio.sleep(0.05)

    async def owner_of(self, channel: Channel) -> RemoteBot:
        partition = partition_of(channel.guild, PARTITIONS)
        owners = [bot for bot in self.bots if partition in await bot.call("served")]
        assert len(owners) == 1, f"partition {partition} is served by {len(owners)} processes"
        return owners[0]

    # --- play ---------------------------------------------------------------------------
    def channel_of(self, match: Stored) -> Channel:
        return next(c for c in self.cw.channels if c.id == match.channel_id)

    async def open_match(self, channel: Channel) -> None:
        """/drump new, Join and Start, each on what the bot posted."""
        record = await self._step("new", channel, None, lambda: self.cw.new(channel))
        assert record.response_type is not None, record
        lobby = self.cw.live_in(channel)
        assert lobby is not None and lobby.status == "lobby", lobby
        await self._step("join", channel, lobby, lambda: self.cw.lobby_click(channel, lobby.id, "join"))
        await self._step("start", channel, lobby, lambda: self.cw.lobby_click(channel, lobby.id, "start"))
        started = self.cw.live_in(channel)
        assert started is not None and started.status == "active", started

    async def move_in(self, channel: Channel) -> RemoteBot:
        """One move by clicks in the channel's match (a new one if it ended), answered by the owner of its
        partition and by no other process; returns that owner."""
        match = self.cw.live_in(channel)
        if match is None:
            await self.open_match(channel)
            match = self.cw.live_in(channel)
        assert match is not None
        owner = await self.owner_of(channel)
        before = {bot: bot.requests_seen for bot in self.bots}
        await self.play_move(match)
        answered = [bot for bot in self.bots if bot.requests_seen != before[bot]]
        assert answered == [owner], f"match #{match.id}: answered by {len(answered)} processes, not its owner alone"
        return owner

    async def play_round(self) -> None:
        """A move in every match; with several processes up, each answers some of them."""
        answering = {await self.move_in(channel) for channel in self.cw.channels}
        assert answering == set(self.bots), "a live process served none of the matches"

    # --- a death and what must hold after it ----------------------------------------------
    async def kill_in_a_move(self, victim: RemoteBot, point: KillPoint) -> None:
        """A move in a match ``victim`` serves, armed to kill it at ``point``; then the survivor's takeover and
        every check."""
        served = await victim.call("served")
        channel = next(c for c in self.cw.channels if partition_of(c.guild, PARTITIONS) in served)
        match = self.cw.live_in(channel)
        assert match is not None and match.status == "active", match
        self.cw.bot = victim  # a commit kill is armed in the process that will make the commit
        self.armed = point
        try:
            await self.play_move(match)
        except ChildDied:
            killed = self.cw.world.interactions[-1]  # the click the process died answering
        else:
            raise AssertionError(f"{point} never landed in a move of match #{match.id}")
        survivors = [bot for bot in self.bots if bot is not victim]
        assert victim.is_closed() and victim.died_at is not None, "the wrong process died"
        assert len(survivors) == 1 and not survivors[0].is_closed(), "the wrong process died"
        survivor = survivors[0]
        while await survivor.call("served") != list(range(PARTITIONS)):  # nobody tells it: it finds them free
            assert time.monotonic() - victim.died_at < 10 * HANDOVER_LIMIT, "the survivor never took over"
            await asyncio.sleep(0.002)
        self.handovers.append(time.monotonic() - victim.died_at)
        await victim.close()
        self.bots.remove(victim)
        self.cw.bot = survivor
        await self.cw.world.settle()
        self.armed = None
        self.check_commit_first(point)
        if point.when == "commit":  # the survivor heard that click too, and kept it: it must drop it, not answer it
            assert killed.response_type is None, f"the click killed at {point} was answered after the death"
        self.check_stored()
        await self.check_playable()  # every match shows its board and opens a picker on its table message
        await self.play_round()  # and plays on, every move answered by the survivor
        self.check_stored()
        self.check_answered_once()

    def check_answered_once(self) -> None:
        """No interaction got two first answers (a second is refused by Discord, and recorded here)."""
        for record in self.cw.world.interactions:
            replies = [r for r in record.requests if r.kind == "reply"]
            assert len(replies) <= 1, f"{record.name} ({record.id}) was answered {len(replies)} times"


async def test_live_processes_sharing_partitions_each_die_mid_move_and_the_other_takes_over(postgres_url):
    seed = int(os.environ.get("CRASH_SEED", "15"))
    cw = CrashWorld(postgres_url, guilds=GUILDS)
    cw.world.gateway.duplicate_sessions = True  # each process has its own gateway session
    for guild in GUILDS:
        cw.add_channel(guild)
    run = PartitionRun(cw, random.Random(seed))
    began = time.monotonic()
    try:
        first = await run.start_process()
        second = await run.start_process()
        for channel in cw.channels:
            await run.open_match(channel)
        for _ in range(2):
            await run.play_round()
        await run.kill_in_a_move(first, KILLS[0])
        await run.start_process()
        await run.play_round()
        await run.kill_in_a_move(second, KILLS[1])
    except BaseException:
        for bot in run.bots:
            print(bot.log_tail())
        print("kills so far:\n  " + "\n  ".join(run.landed))
        raise
    finally:
        for bot in run.bots:
            await bot.close()
        cw.world.close()
    assert len(run.landed) == len(KILLS), run.landed
    print(
        f"{len(KILLS)} kills, {run.restarts} processes, {run.moves} moves in {time.monotonic() - began:.1f} s; "
        f"shared out in {', '.join(f'{s:.2f}' for s in run.shares)} s; "
        f"hand-overs {', '.join(f'{s:.3f}' for s in run.handovers)} s:\n  " + "\n  ".join(run.landed)
    )
    each = zip(run.handovers, run.landed, strict=True)
    assert max(run.handovers) < HANDOVER_LIMIT, "\n".join(f"{seconds:.3f} {point}" for seconds, point in each)
