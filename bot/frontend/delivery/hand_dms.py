"""Each player's hand DM: rendered under the match's lock, sent after it, folded when several changes come quickly.

A hand DM is edited only when what its player sees privately changed (see
``bot.frontend.delivery.private_news``). After a move the edit is background work: one worker
per (match, player) renders the DM from the committed state while holding the
match's lock, then sends it after releasing the lock, so a move (and the table
edit waiting for that lock) never waits for Discord's buckets of a player's DM
channel. Changes that come while an edit is under way fold into one more edit
of the state as it is then. The DM keeps less urgent company than the table:
an edit showing what someone else did is sent at the pacer's news priority
(after tables, prompts and pings, before any tidying); one that only catches
up the player's own moves, or reaches the player the match now waits on
outside a window (their turn: the picker their ping brings them to shows
their hand as it is), goes at its background priority, and only while the
token has room. Each is rendered
only once its slot is due (``ratelimit.slot_first``): under load a DM is as
fresh as the slot it goes out in, and the changes made while it waited take
no edit of their own.

An edit rendered before another that was already sent (a forced edit at the
end of the match overtaking a background one) is dropped, never sent over it:
every render takes a version number, and a DM is never sent at a version
older than the one it shows.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable

import discord

from bot.frontend.delivery import ratelimit
from bot.frontend.delivery.channels import Channels
from bot.frontend.delivery.lateness import CATCH_UP, HAND, Lateness
from bot.frontend.delivery.private_news import private_digest
from bot.frontend.delivery.retry import FAILED, retried
from bot.frontend.delivery.shown import ShownMessages
from bot.frontend.ui import render
from bot.frontend.ui.drawn_pictures import draw_hand
from bot.play.clock import Clock
from bot.play.match_types import LiveMatch
from bot.play.settings import ServerSettings

log = logging.getLogger(__name__)

HAND_DM = "hand"
#: Private notes (a card taken from you, say) a hand DM keeps showing.
NOTES_KEPT = 5

Key = tuple[int, int]


class HandDMs:
    def __init__(
        self,
        channels: Channels,
        shown: ShownMessages,
        settings: ServerSettings,
        *,
        lock: Callable[[int], asyncio.Lock],
        clock: Clock,
        pacer: ratelimit.GlobalPacer,
        lateness: Lateness | None = None,
    ) -> None:
        self._channels = channels
        self._shown = shown
        #: Whether a server shows pictures (a DM carries its hand's picture then).
        self._settings = settings
        #: The match's lock: each DM is rendered under it, and sent after it is released.
        self._lock = lock
        self._clock = clock
        #: Background edits wait for their slot at this pacer before they are rendered.
        self._pacer = pacer
        #: Told how long after its change each background edit went out.
        self._lateness = lateness or Lateness()
        #: (match, player) -> the digest of the DM last sent, so an unchanged hand is not edited again.
        self.last_sent: dict[Key, str] = {}
        #: (match, player) -> the private notes the DM shows.
        self.notes: dict[Key, list[str]] = {}
        #: DMs with notes nobody has told their player yet: edited even if the view is unchanged.
        self._news: set[Key] = set()
        #: (match, player) -> the version of the DM last sent, and the last version rendered.
        self._sent_version: dict[Key, int] = {}
        self._rendered_version: dict[Key, int] = {}
        self._asks: dict[Key, LiveMatch] = {}
        self._workers: dict[Key, asyncio.Task[None]] = {}
        self._sending: dict[Key, asyncio.Lock] = {}
        #: Background edits asked for, and those folded into one already due.
        self.asked = 0
        self.folded = 0
        #: (match, player) -> when the oldest change their DM does not show yet was asked for (clock seconds).
        self._changed_at: dict[Key, float] = {}
        #: (match, player) -> the DM's digest right after the player's own move: their picker showed them that.
        self._own: dict[Key, str] = {}
        #: (match, player) -> since when their DM has not caught up their own moves (a catch-up left for later).
        self._behind_since: dict[Key, float] = {}
        #: Catch-ups of a player's own moves left for later because the token had no room.
        self.deferred = 0
        #: How long changes took to reach the DM: from the first change an edit shows to its delivery.
        self.shown_after = ratelimit.Waits()

    # --- asking -------------------------------------------------------------------
    def ask(self, live: LiveMatch, player: int, notes: Iterable[str] = ()) -> None:
        """Edit ``player``'s hand DM once the caller's lock is released, if their private view changed."""
        if not self._reachable(live, player):
            return
        key = (live.id, player)
        notes = list(notes)
        self._keep_notes(key, notes)
        if notes:
            self._news.add(key)
        self.asked += 1
        self._changed_at.setdefault(key, self._now())
        if key in self._asks:
            self.folded += 1
        self._asks[key] = live
        if key not in self._workers:
            task = asyncio.get_running_loop().create_task(self._work(key), name=f"game:hand:{live.id}:{player}")
            self._workers[key] = task

    async def moved(self, live: LiveMatch, player: int) -> None:
        """The player's own move changed their hand, and the picker they clicked shows it (hold the lock).

        Until someone else changes what they privately see, an edit of their DM would only catch up their own
        moves: it goes out when the token has room, and under load waits for the next change that is news to
        them (which shows both) or the end (``_work``).
        """
        if self._reachable(live, player):
            async with self._channels.in_private(live, player) as locale:
                self._own[(live.id, player)] = self._digest(live, player, locale)

    def keep_notes(self, live: LiveMatch, player: int, notes: Iterable[str]) -> None:
        """Private notes the DM shows from its next edit on, with no edit for them now (a prompt told them)."""
        if notes and self._reachable(live, player):
            self._keep_notes((live.id, player), notes)

    def _now(self) -> float:
        return self._clock.now()

    def pending(self, match_id: int) -> bool:
        return any(key[0] == match_id for key in (*self._asks, *self._workers))

    def holds(self, match_id: int) -> bool:
        """Whether anything of this match is remembered (a finished match should hold nothing)."""
        return any(
            key[0] == match_id
            for key in (
                *self.last_sent,
                *self.notes,
                *self._sent_version,
                *self._rendered_version,
                *self._changed_at,
                *self._news,
            )
        )

    def forget_match(self, live: LiveMatch) -> None:
        """The match is over and its DMs were sent a last time: drop what is kept for it (pending asks too)."""
        for player in live.record.players:
            key = (live.id, player)
            self._asks.pop(key, None)
            self._news.discard(key)
            for kept in (
                self.last_sent,
                self.notes,
                self._sent_version,
                self._rendered_version,
                self._sending,
                self._changed_at,
                self._own,
                self._behind_since,
            ):
                kept.pop(key, None)

    async def _work(self, key: Key) -> None:
        try:
            while key in self._asks:
                live = self._asks.pop(key)
                try:
                    async with self._lock(live.id):
                        news = live.record.status == "active" and await self._shows_news(live, key[1])
                        catching_up = news and await self._only_catches_up(live, key[1])
                    if not news:
                        self._changed_at.pop(key, None)  # nothing private changed: the DM shows it all already
                        continue
                    if catching_up:
                        # Nothing new to them beyond what their picker shows: worth a request only while the
                        # token has room. Else the next change that is news to them brings it along.
                        changed_at = self._changed_at.pop(key, None)
                        if changed_at is not None:
                            self._behind_since.setdefault(key, changed_at)
                        if not self._pacer.free_now():
                            self.deferred += 1
                            continue
                    # The slot first, then the render: the edit shows the state as it is when it may go.
                    priority = ratelimit.Priority.BACKGROUND if catching_up else ratelimit.Priority.NEWS
                    async with ratelimit.slot_first(self._pacer, priority):
                        live = self._asks.pop(key, live)  # changes asked for during the wait fold in
                        async with self._lock(live.id):
                            if live.record.status != "active":
                                continue  # the match ended: its last DMs are sent by the end itself
                            changed_at = self._changed_at.pop(key, None)  # this render shows every change so far
                            behind_since = self._behind_since.pop(key, None)
                            prepared = await self._render(live, key[1], force=False)
                        if prepared is not None and await self._send(live, key[1], *prepared, background=True):
                            if changed_at is not None:  # a change someone else made: held to its time
                                self.shown_after.add(self._now() - changed_at)
                                self._lateness.report(HAND, self._now() - changed_at)
                            elif behind_since is not None:  # only the player's own moves, caught up
                                self._lateness.report(CATCH_UP, self._now() - behind_since)
                except Exception:  # the move is stored; the next change (or the end) shows the hand
                    if self._channels.closed():
                        return
                    log.exception("editing the hand DM of player %s in match %s failed", key[1], key[0])
        finally:
            self._workers.pop(key, None)

    # --- rendering and sending ----------------------------------------------------------
    async def push(self, live: LiveMatch, player: int, *, force: bool = False, notes: Iterable[str] = ()) -> bool:
        """Create or edit the DM now (hold the match's lock). False if it did not reach them: their DMs are closed
        (they pull instead), or Discord failed every try."""
        if not self._reachable(live, player):
            return False
        self._keep_notes((live.id, player), notes)
        prepared = await self._render(live, player, force=force)
        if prepared is None:
            return True  # nothing private changed: the public table already shows the rest
        return await self._send(live, player, *prepared)

    def _reachable(self, live: LiveMatch, player: int) -> bool:
        return not (player in live.record.dm_closed or player <= 0 or player in live.record.left)

    def _keep_notes(self, key: Key, notes: Iterable[str]) -> None:
        kept = self.notes.setdefault(key, [])
        kept.extend(notes)
        del kept[:-NOTES_KEPT]

    async def _render(self, live: LiveMatch, player: int, *, force: bool) -> tuple[str, render.Rendered, int] | None:
        """The DM as the stored state shows it: (digest, message, version); None if it would not change."""
        channels = self._channels
        key = (live.id, player)
        kept = self.notes.get(key, [])
        async with channels.in_private(live, player) as locale:
            digest = self._digest(live, player, locale)
            if (
                not force
                and self.last_sent.get(key) == digest
                and key not in self._news
                and live.record.status == "active"
            ):
                return None
            self._news.discard(key)  # this render shows every note so far
            png = await self._picture(live, player)
            # Built after the picture's await: the DM is never older than the state.
            rendered = render.hand_dm(
                live,
                player,
                guild_name=channels.guild_name(live),
                channel_id=live.record.channel_id,
                channel_name=channels.channel_name(live),
                jump_url=channels.jump_url(live),
                notes=kept,
            )
        if png is None:
            rendered.files = []  # pictures off, or nothing to draw: clear a picture sent before
        else:
            render.with_picture(rendered, png, filename=render.HAND_PICTURE)
        version = self._rendered_version.get(key, 0) + 1
        self._rendered_version[key] = version
        return digest, rendered, version

    def _digest(self, live: LiveMatch, player: int, locale: str) -> str:
        """What the DM shows, in short: an edit is due only when this differs from the one last sent
        (or a note came that nobody told the player yet).

        The table's message is in it: the DM's "Go to the table" link must follow a re-post. The
        notes are not: one a prompt or the mover's reply told already waits for the next edit.
        """
        return locale + private_digest(live, player) + f"\n{live.record.message_id}"

    async def _only_catches_up(self, live: LiveMatch, player: int) -> bool:
        """Whether the DM would show nothing beyond what the player sees where they decide (hold the lock).

        Either the match now waits on their own move outside a window (their turn: the picker their ping
        brings them to shows their hand as it is, with the draw the last move dealt them or a card it
        took), or it would change only by their own moves since it was last sent (the picker they clicked
        showed each), with no note waiting to be told.
        """
        key = (live.id, player)
        waiting = live.waiting
        if waiting.window is None and player in waiting.actors:
            return True
        if key in self._news or key not in self._own:
            return False
        async with self._channels.in_private(live, player) as locale:
            return self._digest(live, player, locale) == self._own[key]

    async def _shows_news(self, live: LiveMatch, player: int) -> bool:
        """Whether the DM would change now (hold the lock): only then is a slot worth waiting for."""
        async with self._channels.in_private(live, player) as locale:
            key = (live.id, player)
            return key in self._news or self.last_sent.get(key) != self._digest(live, player, locale)

    async def _picture(self, live: LiveMatch, player: int) -> bytes | None:
        """The player's hand picture for their DM (edited only when their view changed), or None."""
        if live.record.status == "active" and (await self._settings.of(live.record.guild_id))["pictures"]:
            return await draw_hand(live, player)
        return None

    async def _send(
        self,
        live: LiveMatch,
        player: int,
        digest: str,
        rendered: render.Rendered,
        version: int,
        *,
        background: bool = False,
    ) -> bool:
        """Send a rendered DM unless a newer one went out meanwhile. False if it did not reach them.

        ``background``: an edit after a move, dropped if the match ended meanwhile (its end sends the last DM).
        """
        key = (live.id, player)
        async with self._sending.setdefault(key, asyncio.Lock()):
            if version <= self._sent_version.get(key, 0) or (background and live.record.status != "active"):
                return True  # a DM rendered later went out already, or the end's DM will
            return await self._deliver(live, player, digest, rendered, version)

    async def _deliver(
        self, live: LiveMatch, player: int, digest: str, rendered: render.Rendered, version: int
    ) -> bool:
        channels, shown = self._channels, self._shown
        key = (live.id, player)
        existing = (await shown.sent(live, HAND_DM)).get(player)
        try:
            if existing is None:
                dm = await channels.dm(player)
                sent = rendered.send_kwargs()
                message = await retried("a hand DM", lambda: dm.send(**sent), sent.get("files", ()))
                await shown.remember(live, HAND_DM, player, message.channel.id, message.id)
            else:
                edited = rendered.edit_kwargs()
                partial = channels.messageable(existing[0]).get_partial_message(existing[1])
                await retried("a hand DM's edit", lambda: partial.edit(**edited), edited.get("attachments", ()))
        except discord.Forbidden:
            await shown.note_dm_closed(live, player)
            return False
        except FAILED as exc:
            log.warning("could not DM player %s: %s", player, exc)
            return False  # not reached this time: the start's notice tells them where their hand is
        if key in self._rendered_version:  # not forgotten meanwhile (the match ended)
            self.last_sent[key] = digest
            self._sent_version[key] = version
        return True
