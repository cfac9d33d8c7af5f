"""The table message of each match is edited in the background, one edit at a time, always to the latest state.

An edit of a channel message is one of the bot's scarce requests (50 per
second per token, 5 per 5 s per channel), and under load it may wait for its
bucket. Editing once per move, inside the move's handler, would make the
channel's edits queue up behind each other and the match's next move wait
for all of them. Instead a move only *asks* for its table to be shown:

* one worker per match renders the table and sends the edit; asks that come
  while an edit is under way are folded into one more edit, rendered from the
  state as it is then, so quick moves (a player's several steps, AI seats,
  automatic passes) cost one edit and the table always ends on the final
  state;
* the worker renders while holding the match's lock, so what it shows has
  been committed (a move applies to the cached state before its commit
  finishes, under that lock), and sends after releasing it, so the next move
  never waits for Discord.

The edit goes through an interaction token when one reaches the table
(``bot.frontend.delivery.table_tokens``): a click that asked for the table to be shown either
becomes the table's reach (it updated the table message) or, when the reach
is running out, posts the table anew as its followup.

A table that would read exactly as it does now (a pass in a secret window
changes nothing public) is not edited again. Listeners learn which stored move
each shown table reflects (the benchmark's table-lag figure); the match is
marked announced up to that move.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.kernel.contract import Result
from bot.play.match_types import LiveMatch

log = logging.getLogger(__name__)

#: Called with (match id, the move number the table now shows) once Discord accepted the edit.
ShownListener = Callable[[int, int], None]
Click = discord.Interaction[Any]


class Shows(Protocol):
    """What the refresher uses of the table message's show (``bot.frontend.delivery.table_show``)."""

    def use_click(self, live: LiveMatch, click: Click | None, *, repost: bool = True) -> Click | None: ...

    async def prepare(self, live: LiveMatch, *, result: Result | None = None, reason: str | None = None) -> Any: ...

    async def send(
        self,
        live: LiveMatch,
        prepared: Any,
        *,
        result: Result | None = None,
        reason: str | None = None,
        locked: bool = True,
        repost: Click | None = None,
        click: Click | None = None,
    ) -> bool: ...


@dataclass
class _Ask:
    live: LiveMatch
    result: Result | None
    reason: str | None
    #: The click in the match's channel behind the ask, if any: its token may carry the table.
    click: Click | None = None


def _digest(message_id: int | None, rendered: Any) -> str | None:
    """What a table edit would show, to skip one that changes nothing; None when it must be sent."""
    if message_id is None:
        return None  # a new message
    view = rendered.view.to_components() if rendered.view is not None else None
    embed = rendered.embed.to_dict() if rendered.embed is not None else None
    text = json.dumps([message_id, rendered.content, embed, view], sort_keys=True, default=str)
    return hashlib.sha1(text.encode()).hexdigest()


class TableRefresher:
    """One background worker per match that has asks pending; none for a quiet match."""

    def __init__(
        self,
        table: Shows,
        *,
        lock: Callable[[int], asyncio.Lock],
        mark_announced: Callable[[LiveMatch, int], None],
        closed: Callable[[], bool],
    ) -> None:
        self._table = table
        #: The match's lock: each table is rendered under it (so it shows only what was committed).
        self._lock = lock
        #: Marks the match announced up to the move its table now shows.
        self._mark_announced = mark_announced
        #: Whether the bot is shutting down (a failed show is then not logged, nor marked announced).
        self._closed = closed
        self._asks: dict[int, _Ask] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self.shown_listeners: list[ShownListener] = []
        #: Asks folded into an edit another ask already made due (the edits saved).
        self.folded = 0
        #: Edits sent, and shows skipped because the table would read exactly as it does.
        self.edits = 0
        self.unchanged = 0
        #: match -> what its table message shows now (see ``_digest``), while the match is live.
        self._sent: dict[int, str | None] = {}

    def ask(
        self, live: LiveMatch, *, result: Result | None = None, reason: str | None = None, click: Click | None = None
    ) -> None:
        """Show ``live``'s table as stored once the caller's lock is released (call after the commit).

        ``click``: the interaction being answered, if any. The worker an ask starts keeps its click: a
        table deleted under that worker is asked again with it (see ``TableShow.send``).
        """
        if click is not None and click.channel_id != live.record.channel_id:
            click = None  # a click in a DM: its followups land there, not by the table
        if live.id in self._asks:
            self.folded += 1
            previous = self._asks[live.id]
            result = result or previous.result
            reason = reason or previous.reason
            click = click or previous.click
        self._asks[live.id] = _Ask(live, result, reason, click)
        if live.id not in self._workers:
            task = asyncio.get_running_loop().create_task(self._work(live.id, click), name=f"game:table:{live.id}")
            self._workers[live.id] = task

    def forget(self, match_id: int) -> None:
        """The table was edited some other way: the next show sends whatever it renders."""
        self._sent.pop(match_id, None)

    def pending(self, match_id: int) -> bool:
        return match_id in self._asks or match_id in self._workers

    async def _work(self, match_id: int, started_by: Click | None) -> None:
        try:
            while match_id in self._asks:
                await self._show(self._asks.pop(match_id), started_by)
        finally:
            self._workers.pop(match_id, None)

    async def _show(self, ask: _Ask, started_by: Click | None) -> None:
        table = self._table
        live = ask.live
        try:
            async with self._lock(match_id := live.id):
                if match_id in self._asks:  # a newer ask came while this one waited: show that one instead
                    self.folded += 1
                    newer = self._asks[match_id]
                    newer.click = newer.click or ask.click  # its click may still lend the table a token
                    return
                repost = table.use_click(live, ask.click)
                prepared = await table.prepare(live, result=ask.result, reason=ask.reason)
                seq = live.record.seq
            digest = None if repost is not None else _digest(live.record.message_id, prepared)
            if digest is None or self._sent.get(match_id) != digest:
                if not await table.send(
                    live, prepared, result=ask.result, reason=ask.reason, locked=False, repost=repost, click=started_by
                ):
                    self._sent.pop(match_id, None)
                    return
                self.edits += 1
            else:
                self.unchanged += 1  # the move changed nothing the table shows (a pass in a secret window, say)
            self._sent[match_id] = digest
            if ask.result is not None or live.record.status != "active":
                self._sent.pop(match_id, None)
            self._mark_announced(live, seq)
        except Exception:  # the move is stored; the next change (or /game board) shows it again
            if self._closed():
                return  # shutting down: not marked announced, so the restart's catch-up shows it
            log.exception("showing the table of match %s failed", live.id)
            return
        for listener in list(self.shown_listeners):
            listener(match_id, seq)
