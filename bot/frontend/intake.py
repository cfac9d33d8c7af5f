"""Which interactions this process answers, when several bot processes share one database and one token.

Each process keeps a gateway session of its own on the same shard, so each receives every
interaction, and exactly one must answer it: the owner of its partition
(:mod:`bot.play.ownership`). A click names its match (every custom id is ``kind:match:...``) and
the match its server; a command typed in a server names the server; a command in a DM belongs to
no server and goes by the person's id, with the same formula.

An interaction this process lets go is kept for :data:`KEEP` seconds. If its partition is handed
over to this process meanwhile (a deploy draining its owner), it is answered then, still inside
Discord's 3 s, so a click made in the moment of a hand-over is answered, not lost. Only what came
after the newest interaction the last owner took is answered (it notes that one when it hands the
partition over): nothing is answered twice. A partition whose owner died comes with no such note,
and its kept clicks are dropped: the dead process may have answered them, and an answer twice (a
second AI seat added, say) is worse than one click that failed.

A process alone on its database owns everything: every interaction is its own at once.
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.frontend.ui.components import match_of
from bot.play.ownership import Ownership, partition_of

#: Seconds a let-go interaction is kept, in case its partition comes here: Discord wants a first answer
#: within 3 s of the click, and answering one takes a few tenths at most.
KEEP = 2.5
#: The servers of this many matches are remembered (a match never changes server).
GUILDS_KEPT = 10_000

Replay = Callable[[discord.Interaction[Any]], Awaitable[None]]


class Intake:
    """Decides whether an interaction is this process's; keeps the others a moment, and answers them if it can."""

    def __init__(
        self,
        ownership: Ownership,
        guild_of_match: Callable[[int], Awaitable[int | None]],
        *,
        sole: bool,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._ownership = ownership
        self._guild_of_match = guild_of_match
        #: Alone on the database: every interaction is this process's (no look-up at all).
        self._sole = sole
        self._clock = clock
        self._guilds: OrderedDict[int, int | None] = OrderedDict()
        self._kept: deque[tuple[float, int, discord.Interaction[Any], Replay]] = deque()
        #: partition -> the newest interaction this process took for it (noted when it is handed over).
        self._last_taken: dict[int, int] = {}
        self._served = ownership.serving
        ownership.watchers.append(self._serving_changed)
        ownership.last_taken = self._last_taken.get
        #: Interactions let go, and those of them answered after all once their partition came here.
        self.let_go = 0
        self.caught = 0

    @property
    def alone(self) -> bool:
        """Whether this process is alone on its database (a SQLite file): every interaction is its own."""
        return self._sole

    async def ours(self, interaction: discord.Interaction[Any], replay: Replay) -> bool:
        """Whether this process answers ``interaction``; if not, it is kept a moment for ``replay``."""
        if self._sole:
            return True
        partition = await self.partition(interaction)
        if self._ownership.owns_partition(partition):
            self._last_taken[partition] = max(interaction.id, self._last_taken.get(partition, 0))
            return True
        self._forget_old()
        self._kept.append((self._clock(), partition, interaction, replay))
        self.let_go += 1
        return False

    async def partition(self, interaction: discord.Interaction[Any]) -> int:
        """The partition whose owner answers ``interaction``."""
        count = self._ownership.partitions
        if interaction.guild_id is not None:
            return partition_of(interaction.guild_id, count)
        match_id = match_of(interaction) if interaction.type is discord.InteractionType.component else None
        if match_id is not None:
            guild = await self._guild_of(match_id)
            if guild is not None:
                return partition_of(guild, count)
        return partition_of(interaction.user.id, count)

    async def _guild_of(self, match_id: int) -> int | None:
        if match_id in self._guilds:
            self._guilds.move_to_end(match_id)
            return self._guilds[match_id]
        guild = await self._guild_of_match(match_id)
        if guild is not None:  # an unknown match may be created later: not remembered
            self._guilds[match_id] = guild
            if len(self._guilds) > GUILDS_KEPT:
                self._guilds.popitem(last=False)
        return guild

    def _serving_changed(self, serving: frozenset[int]) -> None:
        gained, self._served = serving - self._served, serving
        if gained:
            self._answer_kept(gained)

    def _answer_kept(self, gained: frozenset[int]) -> None:
        """Answer the kept interactions of partitions just handed over here that their last owner never took
        (each in a task of its own, as discord.py does); drop the rest of theirs.

        What this process will note when it hands one of them over in turn starts at the newest interaction
        of it seen so far: whatever came before was answered elsewhere, or by nobody, never by a later owner.
        """
        self._forget_old()
        keep: deque[tuple[float, int, discord.Interaction[Any], Replay]] = deque()
        for partition in gained:
            after = self._ownership.handed_over_after.get(partition, 0)
            self._last_taken[partition] = max(self._last_taken.get(partition, 0), after)
        for entry in self._kept:
            at, partition, interaction, replay = entry
            if partition not in gained:
                keep.append(entry)
                continue
            self._last_taken[partition] = max(self._last_taken[partition], interaction.id)
            noted = self._ownership.handed_over_after.get(partition)
            if noted is not None and interaction.id > noted:  # its last owner never took it
                self.caught += 1
                interaction.client.loop.create_task(replay(interaction), name=f"game:intake:caught:{interaction.id}")
        self._kept = keep

    def _forget_old(self) -> None:
        horizon = self._clock() - KEEP
        while self._kept and self._kept[0][0] < horizon:
            self._kept.popleft()


__all__ = ["KEEP", "Intake"]
