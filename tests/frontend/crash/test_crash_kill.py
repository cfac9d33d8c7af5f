"""The bot process SIGKILLed around every commit and everything it shows, then restarted on the same database.

The bot runs in a child process (``tools.sim.remote``); the simulated Discord
lives in the test's process and survives each kill, as Discord survives a
crashed bot. DRUMP matches are opened and played in a few channels by
players clicking the messages the bot posted. Each kill point names a step
(``new``: /drump new; ``join`` and ``start``: lobby buttons; ``open``: Take
action on the table; ``move``: the picker click that plays the move) and
where in it the process dies:

* ``commit``: just before the step's database write. The child kills itself
  when the bot calls that method of ``Storage.matches`` (a test-only hook in
  ``crash_bot.py``, armed by the parent right before the step).
* ``before N`` / ``after N``: at the step's N-th request to Discord (0: the
  reply, then table edit, DMs, pings), killed by the parent before Discord
  got it or after Discord served it but before the bot heard back. Every
  step commits before its first request, so ``before 0`` is the window
  between a commit and anything shown.

No kill depends on timing: each lands at a named call or request, so the
same plan hits the same windows on any machine. The plan is a fixed list
covering every window, plus ``CRASH_KILLS`` (default 3) drawn from
``CRASH_SEED``; set ``CRASH_KILLS=40`` for a longer local run.

After each kill, with the process gone: the step's commit is in the database
exactly when the kill came after it (nothing is shown before its commit), no
acknowledged move is lost, and every match's stored state equals the replay
of its log. After the restart on the same file: every started match shows
its current board on its table message, and Take action there opens a
picker for the current decision; every lobby is still on its message with
its players; a lobby that was committed but never posted is answered when
someone types /drump new there. Then play goes on from those messages.
"""

from __future__ import annotations

import functools
import os
import random
import time
from dataclasses import dataclass, field

import pytest

from tests.frontend.crash.crash_world import Channel, CrashWorld, Stored, replays_exactly
from tools.sim import seat
from tools.sim.remote import ChildDied, WireRoute

pytestmark = pytest.mark.slow

#: The write of ``Storage.matches`` each step commits with (``open`` writes nothing).
COMMIT_OF = {"new": "create_match", "join": "save_lobby", "start": "start_match", "move": "record_action"}
#: Requests every such step makes at least (new: the lobby; start: the table, two hand DMs with
#: their channels, the first ping; move: the picker reply and the table edit).
STEP_REQUESTS = {"new": 1, "join": 1, "start": 6, "open": 1, "move": 2}
#: Steps tried before a kill point must have been reached.
MAX_STEPS = 60


@dataclass(frozen=True)
class KillPoint:
    step: str
    when: str  # "commit", "before" or "after"
    nth: int = 0

    def __str__(self) -> str:
        return f"{self.step}: {self.when}" + ("" if self.when == "commit" else f" request {self.nth}")


#: Every window once: before each commit, between it and the reply, between the reply and the
#: table edit, between the start's hand DMs, and after a move's last request (before it is
#: marked as shown).
FIXED = (
    KillPoint("new", "commit"),
    KillPoint("new", "before"),
    KillPoint("new", "after"),
    KillPoint("join", "before"),
    KillPoint("start", "commit"),
    KillPoint("start", "before"),
    KillPoint("start", "after"),
    KillPoint("start", "before", 3),
    KillPoint("open", "before"),
    KillPoint("move", "commit"),
    KillPoint("move", "before"),
    KillPoint("move", "after"),
    KillPoint("move", "after", 1),
)


def kill_plan(seed: int, extra: int) -> list[KillPoint]:
    rng = random.Random(seed)
    plan = list(FIXED)
    for _ in range(extra):
        step = rng.choice(("new", "join", "start", "open", "move", "move", "move"))
        when = rng.choice(("commit", "before", "after") if step in COMMIT_OF else ("before", "after"))
        plan.append(KillPoint(step, when, 0 if when == "commit" else rng.randrange(STEP_REQUESTS[step])))
    return plan


@dataclass
class CrashRun:
    """Plays the kill plan: steps until the armed kill lands, then the checks and a restart."""

    cw: CrashWorld
    rng: random.Random
    #: Moves per match that a player saw answered (the picker reply after the commit).
    acked: dict[int, int] = field(default_factory=dict)
    armed: KillPoint | None = None
    step: str | None = None
    step_requests: int = 0
    #: The match (and its seq before the step) and channel of the step in flight.
    step_match: Stored | None = None
    step_channel: Channel | None = None
    landed: list[str] = field(default_factory=list)
    restarts: int = 0
    moves: int = 0

    def switch(self, route: WireRoute, body: object) -> str | None:
        if self.step is None:
            return None
        n, self.step_requests = self.step_requests, self.step_requests + 1
        point = self.armed
        if point is None or point.when == "commit" or point.step != self.step or point.nth != n:
            return None
        kind = body.get("type") if isinstance(body, dict) else None
        self.landed.append(f"{point} = {point.when} {route.method} {route.path}" + (f" (type {kind})" if kind else ""))
        return point.when

    async def start_bot(self) -> None:
        self.restarts += 1
        bot = await self.cw.start_bot(seed=1000 * self.restarts)
        bot.kill_switch = self.switch

    async def _step(self, name: str, channel: Channel, match: Stored | None, action):  # type: ignore[no-untyped-def]
        point = self.armed
        if point is not None and point.when == "commit" and point.step == name:
            await self.cw.bot.call("die_before", COMMIT_OF[name])
            self.landed.append(f"{point} = SIGKILL in Storage.matches.{COMMIT_OF[name]}")
        self.step, self.step_requests, self.step_match, self.step_channel = name, 0, match, channel
        try:
            return await action()
        finally:
            self.step = None

    # --- playing towards the armed step ------------------------------------------------
    async def advance(self, target: str) -> None:
        """One step of play that gets the channels closer to a step of kind ``target``."""
        open_channels = [c for c in self.cw.channels if not c.retired]
        live = {c.id: self.cw.live_in(c) for c in open_channels}
        active = [m for m in live.values() if m is not None and m.status == "active"]
        if target in ("open", "move") and active:
            return await self.play_move(self.rng.choice(active))
        lobbies = [(c, m) for c in open_channels if (m := live[c.id]) is not None and m.status == "lobby"]
        free = [c for c in open_channels if live[c.id] is None]
        full = [(c, m) for c, m in lobbies if len(m.players) == 2]
        waiting = [(c, m) for c, m in lobbies if len(m.players) == 1]
        if target in ("start", "open", "move") and full:
            channel, match = full[0]
            await self._step("start", channel, match, lambda: self.cw.lobby_click(channel, match.id, "start"))
        elif target != "new" and waiting:
            channel, match = waiting[0]
            await self._step("join", channel, match, lambda: self.cw.lobby_click(channel, match.id, "join"))
        elif free:
            channel = free[0]
            await self._step("new", channel, None, lambda: self.cw.new(channel))
        else:  # every channel is busy: the oldest match gives up, freeing its channel
            channel = next(c for c in open_channels if live[c.id] is not None and live[c.id].status == "active")
            record = await self._step("concede", channel, live[channel.id], lambda: self.cw.concede(channel))
            assert record.response_type is not None

    async def play_move(self, match: Stored) -> None:
        channel = next(c for c in self.cw.channels if c.id == match.channel_id)
        player, legal = self.cw.actor_and_legal(match)
        action = self.rng.choice(legal)
        opened = await self._step("open", channel, match, lambda: self.cw.open_picker(match, player))
        picker, path = opened.message, ()
        assert picker is not None and opened.ephemeral, opened.text
        while True:
            pick = seat.next_pick(picker, legal, path, action)
            click = functools.partial(self.cw.pick, player, picker, pick)  # this round's picker and click
            record = await self._step("move" if pick.final else "pick", channel, match, click)
            path = pick.path
            if pick.final:
                after = self.cw.matches()[match.id]
                assert after.seq == match.seq + 1, "the move's click was answered but the move is not stored"
                self.acked[match.id] = after.seq
                self.moves += 1
                return
            picker = record.message
            assert picker is not None, record.text

    # --- a kill and what must hold after it --------------------------------------------------
    async def crash_at(self, point: KillPoint) -> None:
        await self.play_until_killed(point)
        assert self.step_channel is not None
        await self.cw.bot.close()  # already dead: this waits for the exit and removes its socket
        self.armed = None
        self.check_commit_first(point)
        self.check_stored()
        await self.start_bot()
        await self.check_playable()

    async def play_until_killed(self, point: KillPoint) -> None:
        """A few moves first (so kills land at varied positions), then play towards ``point`` until the kill lands."""
        for _ in range(self.rng.randrange(3)):
            await self.advance("move")
        self.armed = point
        for _ in range(MAX_STEPS):
            try:
                await self.advance(point.step)
            except ChildDied:
                return
        raise AssertionError(f"{point} was never reached in {MAX_STEPS} steps")

    def check_commit_first(self, point: KillPoint) -> None:
        """The step's commit is in the file exactly when the process died after it."""
        committed = point.when != "commit"
        before, channel = self.step_match, self.step_channel
        now = self.cw.live_in(channel) if before is None else self.cw.matches()[before.id]
        if point.step == "new":
            assert (now is not None) == committed, (str(point), now)
        elif point.step == "join":
            assert (channel.guest in now.players) == committed, (str(point), now.players)
        elif point.step == "start":
            assert now.status == ("active" if committed else "lobby"), (str(point), now.status)
        elif point.step == "move":
            assert now.seq == before.seq + committed, (str(point), before.seq, now.seq)
        else:
            assert now.seq == before.seq, (str(point), before.seq, now.seq)

    def check_stored(self) -> None:
        for match in self.cw.matches().values():
            assert match.seq >= self.acked.get(match.id, 0), f"match #{match.id} lost an acknowledged move"
            if match.state is not None:
                assert replays_exactly(self.cw.db_path, match), f"match #{match.id} does not replay to its state"

    async def check_playable(self) -> None:
        """After the restart: every match can be played on from its message, with no command."""
        world = self.cw.world
        mark = len(world.interactions)
        self.check_stored()
        for match in self.cw.matches().values():
            channel = next(c for c in self.cw.channels if c.id == match.channel_id)
            if match.status == "active":
                assert match.announced_seq == match.seq, f"match #{match.id}: its last move was never shown"
                table = self.cw.table_message(match)
                assert match.public_board() in table.text, f"match #{match.id}: the table shows an old board"
                player, _ = self.cw.actor_and_legal(match)
                opened = await self.cw.open_picker(match, player)
                assert opened.message is not None and opened.ephemeral, opened.text
                assert _picker_decision(opened.message) == (match.id, match.decision_seq), opened.text
                for player in match.players:  # the start reached everyone's hand DM
                    assert any(f"match #{match.id}" in m.text for m in world.dm_messages(player)), player
            elif match.status == "lobby":
                message = self.cw.lobby_message(match.id)
                if message is None:  # committed, never posted: /drump new there is answered, not ignored
                    assert match.message_id is None
                    record = await self.cw.new(channel)
                    assert record.response_type is not None and record.text, record
                    channel.retired = True
                    self.cw.add_channel()
                elif match.message_id is not None:  # (a lobby whose id was lost is redrawn by its next click)
                    shown = [f"<@{p}>" for p in match.players]
                    assert all(mention in message.text for mention in shown), (shown, message.text)
        unanswered = [i for i in world.interactions[mark:] if i.response_type is None]
        assert not unanswered, unanswered


def _picker_decision(message) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    for cid in message.custom_ids():
        if cid.startswith(("pkb:", "pks:")):
            _, match, decision, *_ = cid.split(":")
            return int(match), int(decision)
    raise AssertionError(f"not a picker: {message.custom_ids()}")


async def test_the_bot_killed_around_every_commit_loses_nothing_and_plays_on(tmp_path):
    seed = int(os.environ.get("CRASH_SEED", "15"))
    plan = kill_plan(seed, int(os.environ.get("CRASH_KILLS", "3")))
    cw = CrashWorld(str(tmp_path / "matches.sqlite3"))
    for _ in range(3):
        cw.add_channel()
    run = CrashRun(cw, random.Random(seed))
    started = time.monotonic()
    try:
        await run.start_bot()
        for point in plan:
            await run.crash_at(point)
        for _ in range(6):  # and it simply plays on
            await run.advance("move")
    except BaseException:
        if cw.bot is not None:
            print(cw.bot.log_tail())
        print("kills so far:\n  " + "\n  ".join(run.landed))
        raise
    finally:
        if cw.bot is not None:
            await cw.bot.close()
        cw.world.close()
    assert len(run.landed) == len(plan), run.landed
    assert run.moves >= 6, "play did not go on after the last restart"
    print(
        f"{len(plan)} kills, {run.restarts} starts, {run.moves} moves in {time.monotonic() - started:.1f} s:\n  "
        + "\n  ".join(run.landed)
    )
