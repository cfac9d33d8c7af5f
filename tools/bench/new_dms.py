"""New messages the bot posts in people's DM channels (hands, prompts, reminders, notices).

A new message buzzes a phone; an edit does not. So this counts messages created
in a DM channel of one of the match's people, however they were made (a DM post,
a click's reply or followup in the DM), and never edits. Messages are found in
the stand-in's log, whose ids only ever increase: everything above the last id
seen is new. One posted and deleted again between two reads still counts.
"""

from __future__ import annotations

from collections.abc import Iterable

from tools.sim import FakeDiscord


class NewDMs:
    """Counts the new messages in the DM channels of ``people``."""

    def __init__(self, world: FakeDiscord, people: Iterable[int]) -> None:
        self.world = world
        self.people = tuple(people)
        self._mark = 0
        self.count = 0

    def baseline(self) -> None:
        """Messages that exist now are not new."""
        self._mark = max(self.world.log.messages, default=0)

    def scan(self) -> None:
        users = self.world.directory.users
        dms = {users[p].dm_channel_id for p in self.people if p in users} - {None}
        newest = self._mark
        for msg in reversed(self.world.log.messages.values()):
            if msg.id <= self._mark:
                break
            newest = max(newest, msg.id)
            if msg.channel_id in dms:
                self.count += 1
        self._mark = newest
