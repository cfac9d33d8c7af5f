"""Keeping the bot's own pace under Discord's global rate limit (50 requests per second per token).

discord.py learns each route's bucket from the response headers and waits
before a bucket runs dry, but it has no such knowledge of the global limit:
it only meets it as a 429, then holds every request for ``retry_after`` and
lets them all go at once, which meets the limit again. After five 429s in a
row a request fails. So the bot spaces its own requests instead: every
request through the HTTP client (channel posts, edits, deletes, DMs; never an
interaction reply, which goes through the interaction webhook and is exempt)
waits for its slot at a steady rate a little under the limit. A 429 then
stays an accident, not the way the bot learns it is too fast.

The slots are shared by requests someone is waiting for (a table edit, a
ping, a response window's prompt, a result) and requests that only keep
something fresh (a player's hand DM, whose changes fold into one edit while
it waits). So a request has a priority, taken from the context it is made
in, and the call sites stay plain discord.py calls::

    with ratelimit.background():
        await message.edit(embed=hand)

Without a context a request is urgent. When more is asked than the rate
allows, every urgent request waiting is served before any news one, and
every news one before any background one (a hand DM showing another
player's move goes ahead of the deletes that tidy old prompts away);
within a priority it is first come, first served. A background request
still takes every slot no urgent request wants, so it waits only while
urgent demand fills the rate. Under urgent demand above the rate for good a
background request would wait as long as that lasts; the urgent queue then
grows without end too, and the remedy is fewer urgent requests, not a share
for the background ones (``waits[BACKGROUND].longest`` shows it happening).

Several processes using one token share its one rate: each takes its slots from a ledger in the
database (:meth:`GlobalPacer.share_with`, ``bot.store.rate_slots``), one slot at a time for its
most pressing waiter, so the rate one leaves unused is the others' (two fixed half shares would
make every queue wait twice as long at the same load).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import enum
import logging
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.play.record import StoreUnavailable

log = logging.getLogger(__name__)

#: Requests per second the bot allows itself: under Discord's 50, with room for a burst of ``BURST``.
RATE = 45.0
BURST = 5
#: An HTTP client with this attribute set true has no global limit to keep to; it is not paced.
UNLIMITED = "no_global_rate_limit"
#: A slot due within this many seconds counts as due now (timers may fire a clock tick early).
_EARLY = 1e-6
#: While the shared ledger cannot be reached, a process paces on its own at this fraction of the rate (it cannot
#: know how many others share the token meanwhile; a few at most stay under the limit).
ALONE_WITHOUT_LEDGER = 0.25


class SlotLedger(Protocol):
    """The token's slots shared by every process using it (``bot.store.rate_slots.RateSlots``)."""

    #: Seconds on the clock the processes share.
    now: Callable[[], float]

    async def take(
        self,
        interval: float,
        tolerance: float,
        priority: int,
        *,
        queue: bool,
        oldest: float | None = None,
        next_oldest: float | None = None,
    ) -> float | None: ...
    async def give_back(self, interval: float) -> None: ...
    def free_now(self, tolerance: float) -> bool: ...


class Priority(enum.IntEnum):
    """Whose request it is, most pressing first: someone waits for an urgent one; a news one tells a player
    what someone else did to what only they see (a card taken from their hand), which they rely on before
    their next decision; a background one only keeps something tidy or fresh."""

    URGENT = 0
    NEWS = 1
    BACKGROUND = 2


_priority: contextvars.ContextVar[Priority] = contextvars.ContextVar("meja_pacing_priority", default=Priority.URGENT)
#: A slot waited for ahead of the request (see :func:`slot_first`): ``[True]`` until a request uses it.
_held: contextvars.ContextVar[list[bool] | None] = contextvars.ContextVar("meja_pacing_held_slot", default=None)


@contextlib.contextmanager
def paced_as(priority: Priority) -> Iterator[None]:
    """Requests made inside (and in tasks started inside) wait for their slot at ``priority``."""
    token = _priority.set(priority)
    try:
        yield
    finally:
        _priority.reset(token)


def background() -> contextlib.AbstractContextManager[None]:
    """Requests made inside yield their slot to every urgent request waiting (hand DMs, refreshes)."""
    return paced_as(Priority.BACKGROUND)


def urgent() -> contextlib.AbstractContextManager[None]:
    """Requests made inside are urgent again (the default; for urgent work started from background work)."""
    return paced_as(Priority.URGENT)


def current_priority() -> Priority:
    """The priority a request made here now would wait at."""
    return _priority.get()


@dataclass
class Waits:
    """Requests of one priority that had to wait for their slot: how many, the seconds in all, the longest."""

    count: int = 0
    seconds: float = 0.0
    longest: float = 0.0

    def add(self, seconds: float) -> None:
        self.count += 1
        self.seconds += seconds
        self.longest = max(self.longest, seconds)


class GlobalPacer:
    """A generic cell rate algorithm (at most ``burst`` at once, then one every ``1 / rate`` seconds)
    whose waiting requests are served by priority, then in order of arrival.

    A request takes a free slot at once when nobody of its priority or a higher one waits; otherwise it
    queues, and one timer hands out each slot as it comes due to the first waiter of the most pressing
    priority anybody waits at. A waiter cancelled before its slot leaves the queue; one cancelled after its slot was
    handed to it passes the slot on (or gives it back), so cancellation never costs anybody a slot.
    """

    def __init__(self, rate: float = RATE, burst: int = BURST) -> None:
        #: Whether an HTTP client's requests wait for this pacer's slots (see :func:`install_pacer`).
        self.installed = False
        self.interval = 1.0 / rate
        self.tolerance = (burst - 1) * self.interval
        self._tat = float("-inf")  # theoretical arrival time of the next request
        self._queues: dict[Priority, deque[asyncio.Future[None]]] = {p: deque() for p in Priority}
        self._timer: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None  # the loop the waiters and the timer belong to
        self._suspended: tuple[float, float] | None = None
        #: The slots shared with other processes on the token (None: this process's own, see :meth:`share_with`).
        self._ledger: SlotLedger | None = None
        self._server: asyncio.Task[None] | None = None
        #: With a ledger: when each waiter began to wait, on the ledger's clock (the processes serve the oldest
        #: news first between them).
        self._since: dict[asyncio.Future[None], float] = {}
        #: Requests that had to wait for their slot, and the seconds they waited in all (every priority).
        self.waited = 0
        self.wait_seconds = 0.0
        #: The same, by priority (with the longest wait).
        self.waits: dict[Priority, Waits] = {p: Waits() for p in Priority}

    # --- the slots -------------------------------------------------------------------------------

    def _due(self) -> float:
        """When the next slot is free (now or earlier if it is free already)."""
        return self._tat - self.tolerance

    def _take(self, now: float) -> None:
        self._tat = max(self._tat, now) + self.interval

    def waiting(self, priority: Priority | None = None) -> int:
        """Requests waiting for a slot (of ``priority``, or of every priority)."""
        self._drop_cancelled()
        if priority is None:
            return sum(len(q) for q in self._queues.values())
        return len(self._queues[priority])

    def free_now(self) -> bool:
        """Whether a request made now would take its slot without waiting: nobody waits and a slot is free.

        For work that may as well not be done under load (a hand DM catching up its player's own moves,
        which their picker showed them): done when the token has room, left for later when it has none.
        """
        if not self.installed or self._suspended is not None:
            return True
        if self._ledger is not None:  # the ledger as this process last saw it (the others take slots too)
            return self.waiting() == 0 and self._ledger.free_now(self.tolerance)
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            return True  # nothing of this loop waits yet
        return self._due() <= loop.time() + _EARLY and self.waiting() == 0

    async def wait(self, priority: Priority | None = None) -> None:
        """Wait for a slot at ``priority`` (by default the one of the current context, see :func:`background`)."""
        if priority is None:
            priority = _priority.get()
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            self._adopt(loop)
        now = loop.time()
        if self._suspended is not None or (
            self._ledger is None and self._due() <= now + _EARLY and not self._ahead_of(priority)
        ):
            self._take(now)
            return
        future: asyncio.Future[None] = loop.create_future()
        self._queues[priority].append(future)
        if self._ledger is not None:
            self._since[future] = self._ledger.now()
            future.add_done_callback(self._since.pop)
        self._arm(loop)
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self._give_back(loop)  # handed a slot, then cancelled before using it
            else:
                with contextlib.suppress(ValueError):
                    self._queues[priority].remove(future)
            raise
        waited = loop.time() - now
        self.waited += 1
        self.wait_seconds += waited
        self.waits[priority].add(waited)

    def _adopt(self, loop: asyncio.AbstractEventLoop) -> None:
        """Start afresh on ``loop``: waiters and a timer left from a loop that ended can never be served."""
        self._loop = loop
        self._timer = None
        for queue in self._queues.values():
            queue.clear()

    def _ahead_of(self, priority: Priority) -> bool:
        """Whether a request of ``priority`` or a higher one waits already (then a new one queues behind)."""
        self._drop_cancelled()
        return any(self._queues[p] for p in Priority if p <= priority)

    def _drop_cancelled(self) -> None:
        for queue in self._queues.values():
            while queue and queue[0].done():
                queue.popleft()

    def _next_waiter(self) -> asyncio.Future[None] | None:
        self._drop_cancelled()
        for priority in Priority:
            if self._queues[priority]:
                return self._queues[priority].popleft()
        return None

    def _arm(self, loop: asyncio.AbstractEventLoop) -> None:
        """Have the timer hand out the next slot when it is due (if anybody waits and it is not armed); with a
        shared ledger, have the task that takes the slots from it run."""
        if self._ledger is not None:
            if (self._server is None or self._server.done()) and self.waiting():
                self._server = loop.create_task(self._serve_shared(self._ledger), name="pacer:shared-slots")
            return
        if self._timer is not None or not self.waiting():
            return
        self._timer = loop.call_at(self._due(), self._serve, loop)

    def _serve(self, loop: asyncio.AbstractEventLoop) -> None:
        """Hand every slot due now to the waiters in priority order, then wait for the next one."""
        self._timer = None
        now = loop.time()
        while self._suspended is not None or self._due() <= now + _EARLY:
            waiter = self._next_waiter()
            if waiter is None:
                break
            self._take(now)
            waiter.set_result(None)
        self._arm(loop)

    def give_back(self) -> None:
        """A slot waited for and then not used: the next waiter has it, or it is free again."""
        self._give_back(asyncio.get_running_loop())

    def _give_back(self, loop: asyncio.AbstractEventLoop) -> None:
        """A slot handed to a waiter that was cancelled: the next waiter has it, or it is free again."""
        waiter = self._next_waiter()
        if waiter is not None:
            waiter.set_result(None)
            return
        if self._ledger is not None:
            loop.create_task(self._give_back_shared(self._ledger), name="pacer:give-back")
            return
        self._tat = max(self._tat - self.interval, loop.time())

    # --- one rate shared by several processes on one token --------------------------------------

    @property
    def shared(self) -> bool:
        """Whether the slots come from a ledger shared with other processes on the token."""
        return self._ledger is not None

    def share_with(self, ledger: SlotLedger) -> None:
        """Take every slot from ``ledger`` from now on, shared with the other processes using the token.

        One slot is taken at a time, for the most pressing request waiting here; the ledger refuses a slot to a
        less pressing request while another process takes slots for more pressing ones, and gives a background
        request one only when one is free now: the order by priority holds across the processes."""
        self._ledger = ledger
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._loop is not None and self.waiting():
            self._arm(self._loop)

    async def _serve_shared(self, ledger: SlotLedger) -> None:
        """Take slots from ``ledger`` and hand each to the most pressing waiter, while anybody waits."""
        while self._ledger is ledger and self._suspended is None and self.waiting():
            most_pressing = min(p for p in Priority if self._queues[p])
            try:
                waiting = self._queues[most_pressing]
                due = await ledger.take(
                    self.interval,
                    self.tolerance,
                    int(most_pressing),
                    queue=most_pressing is not Priority.BACKGROUND,
                    oldest=self._since.get(waiting[0]),
                    next_oldest=self._since.get(waiting[1]) if len(waiting) > 1 else None,
                )
            except StoreUnavailable as exc:
                log.warning("the shared rate ledger cannot be reached (%s): pacing alone, slower, meanwhile", exc)
                await asyncio.sleep(self.interval / ALONE_WITHOUT_LEDGER)
                due = ledger.now()
            except Exception:  # a bug must not leave every request waiting for ever: pace alone, and say so
                log.exception("taking a slot from the shared rate ledger failed: pacing alone, slower, meanwhile")
                await asyncio.sleep(self.interval / ALONE_WITHOUT_LEDGER)
                due = ledger.now()
            if due is None:  # none for this priority now (see ``bot.store.rate_slots``): look again a slot later
                await asyncio.sleep(self.interval)
                continue
            delay = due - ledger.now()
            if delay > 0:
                await asyncio.sleep(delay)
            waiter = self._next_waiter()
            if waiter is not None:
                waiter.set_result(None)
            else:  # everybody who waited was cancelled meanwhile
                await self._give_back_shared(ledger)

    async def _give_back_shared(self, ledger: SlotLedger) -> None:
        try:
            await ledger.give_back(self.interval)
        except StoreUnavailable:  # a slot lost: the ledger is behind by one, never ahead
            pass
        except Exception:
            log.exception("giving a slot back to the shared rate ledger failed (a slot lost)")

    # --- no limit for a while (a benchmark's set-up) ---------------------------------------------

    def suspend(self) -> None:
        """Let every request through at once until :meth:`resume` (for set-up nobody limits)."""
        if self._suspended is None:
            self._suspended = (self.interval, self.tolerance)
            self.interval = self.tolerance = 0.0
        self._release_all()

    def resume(self) -> None:
        """Pace again at the rate from before :meth:`suspend`, with a full burst available."""
        if self._suspended is not None:
            self.interval, self.tolerance = self._suspended
            self._suspended = None
        self._tat = float("-inf")

    def _release_all(self) -> None:
        while (waiter := self._next_waiter()) is not None:
            waiter.set_result(None)
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


def install_pacer(http: discord.http.HTTPClient, pacer: GlobalPacer | None = None) -> GlobalPacer:
    """Make every request of ``http`` wait for its slot first (once per client; returns the pacer)."""
    existing = getattr(http, "_meja_pacer", None)
    if existing is not None:
        return existing
    pacer = pacer or GlobalPacer()
    if getattr(http, UNLIMITED, False):
        return pacer  # served by something with no global limit (the offline stand-in without limits)
    inner = http.request

    async def request(route: discord.http.Route, **kwargs: Any) -> Any:
        held = _held.get()
        if held is not None and held[0]:
            held[0] = False  # the slot this request waited for ahead (``slot_first``)
        else:
            await pacer.wait()
        return await inner(route, **kwargs)

    # discord.py looks the method up on the instance, so wrapping it there paces everything it sends.
    http.request = request  # type: ignore[method-assign]
    http._meja_pacer = pacer  # type: ignore[attr-defined]
    pacer.installed = True
    return pacer


@contextlib.asynccontextmanager
async def slot_first(pacer: GlobalPacer, priority: Priority = Priority.BACKGROUND) -> AsyncIterator[None]:
    """Wait for the slot first, then build and make the request inside: the first request made in
    the block uses it.

    For a request whose content only keeps something fresh (a hand DM): built after its wait
    instead of before, it shows the state as it is when it may go, and every change during the
    wait folds into it, where a request built first would go out as old as its wait and need
    another after it. A slot the block leaves unused (nothing to send after all) is given back.
    With no pacer installed there is nothing to wait for.
    """
    if not pacer.installed:
        yield
        return
    await pacer.wait(priority)
    held = [True]
    token = _held.set(held)
    try:
        with paced_as(priority):
            yield
    finally:
        _held.reset(token)
        if held[0]:
            pacer.give_back()
