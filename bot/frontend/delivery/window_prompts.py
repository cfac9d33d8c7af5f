"""The private prompts of a response window: who is asked, told again, or folded when it closes.

A window's prompts are DMs with their own life (each remembers what it asks, is replaced when the
question changes, and is deleted when the window closes), so they are kept apart from the announcer,
which decides after each move who is prompted. A prompt goes out only after the move that opened its
window is committed.

A window named across its rounds (``Window.key``: a negotiation) comes back again and again in a match,
and may ask a person many times a minute, so its prompt is each person's *one negotiation DM* of the
match instead: posted the first time they are asked, edited in place as offers change and as later
windows open, and left at rest between windows showing how the last one ended (no buttons, nothing
piling up) until the match ends. It notifies only when the person must decide something new: when what
their silence would mean changes (a counter-offer to answer: their timeout move is another), and they
are not looking at it (no click on it in the last ``IN_EXCHANGE`` seconds). Being asked again is not
new: answering is optional, and the table shows every window to whoever is watching.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Iterable, Sequence, Set
from typing import Any

from bot.frontend.delivery.channels import Channels
from bot.frontend.delivery.decision_prompts import IN_EXCHANGE, LatelyClicked
from bot.frontend.delivery.pickers import edit_original
from bot.frontend.delivery.private_news import private_lines
from bot.frontend.delivery.prompt_dms import ClickReply, post_prompt, retire_prompt
from bot.frontend.delivery.retry import FAILED
from bot.frontend.delivery.shown import ShownMessages
from bot.frontend.delivery.tidying import Send, Tidying
from bot.frontend.ui import render
from bot.frontend.ui.picker import walk
from bot.play.match_types import PLAYER, LiveMatch, MoveOutcome

log = logging.getLogger(__name__)


async def all_of(sends: Iterable[Awaitable[Any]]) -> list[Any]:
    """Make requests to different people at once (each waits for its own slot): their results in order.

    The first error is raised once all are done, so none is left running unawaited.
    """
    outcomes = await asyncio.gather(*sends, return_exceptions=True)
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            raise outcome
    return outcomes


#: The kind of the remembered message: a player's open window prompt.
PROMPT = "prompt"


def keyed_print(live: LiveMatch, legal: Sequence[Any]) -> str | None:
    """The question's print when the open window is named across its rounds (``Window.key``): only
    then may a prompt outlive its round, so only then does its Pass carry the print. Else None."""
    return render.picker_print(live, legal) if render.named_window(live) is not None else None


def asked_again(live: LiveMatch) -> set[int]:
    """Who is asked in the secret window now open: their old prompt is not folded (a new one replaces
    it, or it is brought up to date, or left as it is while it still asks what they are asked)."""
    window = live.waiting.window
    if window is None or window.public:
        return set()
    return {p for p in live.waiting.actors if p not in live.record.dm_closed and not live.ai_controls(p)}


def silence(live: LiveMatch, player: int) -> str | None:
    """What the player's silence would do now (their timeout move's kind): when it changes while they are
    asked, they have something new to decide (a counter-offer to take or refuse)."""
    action = live.game.rules.timeout_action(live.state, player) if live.state is not None else None
    return None if action is None else str(action.get("type"))


class WindowPrompts:
    """Each player's open window prompt, and what it was built to ask."""

    def __init__(
        self, channels: Channels, shown: ShownMessages, tidying: Tidying, reply_to: ClickReply, lately: LatelyClicked
    ) -> None:
        self._channels = channels
        self._shown = shown
        #: A replaced prompt is removed, and a window's prompts folded, in the background.
        self._tidying = tidying
        self._reply_to = reply_to
        self._lately = lately
        #: (match, player) whose prompt is their negotiation DM (asked in a named window; see the module).
        self._negotiation: set[tuple[int, int]] = set()
        #: Those whose negotiation DM rests between windows, showing how the last one ended.
        self._resting: set[tuple[int, int]] = set()
        #: (match, player) -> what their silence meant when their negotiation DM was last drawn (``silence``).
        self._silence: dict[tuple[int, int], str | None] = {}
        #: (match, decider) -> the print of the choices their picker shows (``on_picker``), for the open window.
        self._on_picker: dict[tuple[int, int], str] = {}
        #: (match, decider) the channel called already in the open window (``first_call``).
        self._called: set[tuple[int, int]] = set()
        #: (match, player) -> the fingerprint of the choices their open window prompt was built for:
        #: when those choices change within a round, the prompt is replaced (see ``update``).
        self._prompted: dict[tuple[int, int], str] = {}
        #: (match, player) whose remembered prompt shows only their answer (a click answered on it): it is
        #: deleted when their next prompt goes out (never edited into it, which would not notify) or at the end.
        self._answered: set[tuple[int, int]] = set()

    async def prompt(
        self,
        live: LiveMatch,
        player: int,
        lines: list[str],
        outcomes: Iterable[MoveOutcome] = (),
        *,
        quietly: bool = False,
        told: bool = False,
    ) -> bool:
        """A private notice that ``player`` may respond in the open window, with its buttons; whether it went out.

        The window's decider (who weighs the others' answers) gets their choices right in the
        prompt, as the picker's first step, since they answer what arrived. A prompt sent while an
        older one of the same player is still open replaces it, so DMs do not pile up.
        ``lines`` (the table's) say what happened; with the ``outcomes`` they come from, they are
        told again in the player's language, with the lines only they may read.

        ``quietly``: the player was prompted already in this window and nothing was said to them in
        private since (only the choices moved on). Anyone but the decider then has their open prompt
        edited in place (one request, not a post and a delete): they were notified once for this
        window, and its buttons now answer the current question. ``told``: the player knows already
        (it was their own move, and their reply showed what follows), so even the decider's is edited.
        In a window named across its rounds the prompt is the person's negotiation DM, edited in place by
        the rule the module gives (it notifies only for something new to decide, away from it).
        """
        if player in live.record.dm_closed or player <= 0:
            return False  # they see the table's quiet line and answer with Take action
        legal = live.game.rules.legal_actions(live.state, player)
        fingerprint = render.picker_print(live, legal)
        window = live.waiting.window
        outcomes = list(outcomes)
        async with self._channels.in_private(live, player) as locale:
            if outcomes:
                lines = [line for o in outcomes for line in o.public_lines_in(locale)] + private_lines(outcomes, player)
            if window is not None and player == window.decider and legal:
                rendered = render.decider_prompt(
                    live, player, walk(legal, ()), lines, guild_name=self._channels.guild_name(live)
                )
            else:
                rendered = render.window_prompt(
                    live,
                    player,
                    lines,
                    guild_name=self._channels.guild_name(live),
                    print_=keyed_print(live, legal),
                    # In a window named across its rounds (a negotiation) a button's print carries the window, so
                    # it answers for as long as the player's own choices stay as they were.
                    legal=legal,
                )
        previous = (await self._shown.sent(live, PROMPT)).get(player)
        key = (live.id, player)
        if previous is not None and render.named_window(live) is not None and not self._drew(key):
            self._adopt(key, resting=True)
        answered = key in self._answered
        deciding = window is not None and player == window.decider and not told
        if previous is not None:
            edit = quietly and not answered and not deciding
            if render.named_window(live) is not None and key in self._negotiation:
                # Their negotiation DM: edited in place unless they must decide something new away from it. A
                # decider is told anew once a window: their DM at rest is posted again (it notifies), then edited.
                now = silence(live, player)
                anew = (
                    key in self._resting
                    if deciding
                    else key not in self._resting and self._silence.get(key, now) != now
                )
                edit = not anew or self._lately(live.id, player, previous[1], IN_EXCHANGE) is not None
            if edit:
                try:
                    await self.edit_prompt(live, player, previous, rendered.edit_kwargs())
                    self._drawn(live, player, fingerprint)
                    return True
                except FAILED as exc:  # deleted on their side, or Discord failing: a fresh one is sure to show it
                    log.debug("could not update a window prompt of %s (%s): posting a new one", player, exc)
        message = await post_prompt(self._channels, self._shown, live, PROMPT, player, rendered, "a window prompt")
        if message is None:
            if player not in live.record.dm_closed:
                live.not_reached(player)  # the window may run out on them: that is not theirs to answer for
            return False
        self._drawn(live, player, fingerprint)
        self._answered.discard(key)
        if previous is not None:
            self._tidying.add(
                f"prompt:{live.id}:{player}",
                "remove a replaced prompt",
                [functools.partial(self._retire_prompt, live, player, previous)],
            )
        return True

    def _drew(self, key: tuple[int, int]) -> bool:
        """Whether this process drew the player's remembered prompt (else it was drawn before a restart, or by
        the process that served the match before a hand-over)."""
        return key in self._negotiation or key in self._prompted or key in self._answered

    def _adopt(self, key: tuple[int, int], *, resting: bool) -> None:
        """Take a prompt remembered from before a restart or a hand-over as the person's negotiation DM.

        Without this, every such prompt would be deleted when its window closed and posted anew at the next
        one: after a restart of a busy bot, a delete and a post for every player of every match within a
        minute or two, the posts ahead of everybody's hand DMs. Adopted, the prompt rests when its window
        closes and the next window edits it in place, as without the restart (a decider's is posted anew
        once a window, which notifies, as always). ``resting``: it is taken as at rest (asked from a window
        now open, whose question it may not show)."""
        self._negotiation.add(key)
        if resting:
            self._resting.add(key)

    def _drawn(self, live: LiveMatch, player: int, fingerprint: str) -> None:
        """The player's prompt now asks the open window's question (``fingerprint``)."""
        key = (live.id, player)
        self._prompted[key] = fingerprint
        self._resting.discard(key)
        if render.named_window(live) is not None:
            self._negotiation.add(key)
            self._silence[key] = silence(live, player)
        else:
            self._negotiation.discard(key)

    async def edit_prompt(self, live: LiveMatch, player: int, where: tuple[int, int], kwargs: dict[str, Any]) -> None:
        """Edit a player's prompt: through their latest click on it if it can, otherwise in their DM channel."""
        if not await self._through_click(live, player, where[1], kwargs):
            await self._channels.messageable(where[0]).get_partial_message(where[1]).edit(**kwargs)

    async def _retire_prompt(self, live: LiveMatch, player: int, where: tuple[int, int]) -> None:
        """A prompt that asks nothing any more (a newer one replaced it, or its window closed) is deleted, so a
        player's DMs do not fill with old questions (see ``bot.frontend.delivery.prompt_dms``)."""
        await retire_prompt(self._channels, self._reply_to, live.id, player, where)

    async def _through_click(self, live: LiveMatch, player: int, message_id: int, kwargs: dict[str, Any]) -> bool:
        """Edit a message through the token of the player's latest click on it while it lives (exempt from
        the global rate limit, see ``OpenPickers.reply_to``); whether it was."""
        reply = self._reply_to(live.id, player, message_id)
        if reply is None:
            return False
        try:
            await edit_original(reply, kwargs)
            return True
        except FAILED as exc:  # the token is refused: the channel still takes the request
            log.debug("could not edit a prompt through its click: %s", exc)
            return False

    async def has_prompt(self, live: LiveMatch, player: int) -> bool:
        """Whether the player has a window prompt open in the match (a negotiation DM at rest asks nothing)."""
        return player in await self._shown.sent(live, PROMPT) and (live.id, player) not in self._resting

    async def prompt_is(self, live: LiveMatch, player: int, message_id: int) -> bool:
        """Whether ``message_id`` is the player's open window prompt."""
        sent = (await self._shown.sent(live, PROMPT)).get(player)
        return sent is not None and sent[1] == message_id

    def prompt_shown(self, live: LiveMatch, player: int) -> None:
        """The player's open prompt shows their current choices (their reply, or their own move's picker)."""
        key = (live.id, player)
        if key in self._prompted:
            self._prompted[key] = render.picker_print(live, live.game.rules.legal_actions(live.state, player))
            if key in self._negotiation:
                self._silence[key] = silence(live, player)

    def deciders_on_picker(self, live: LiveMatch) -> set[int]:
        """The deciders whose picker shows the open window's choices (``on_picker``)."""
        return {player for match, player in self._on_picker if match == live.id}

    def first_call(self, live: LiveMatch, player: int) -> bool:
        """Whether the channel has not called ``player`` for the open window yet; from now on it has."""
        key = (live.id, player)
        first = key not in self._called
        self._called.add(key)
        return first

    def picker_behind(self, live: LiveMatch, player: int) -> bool:
        """Whether the window's decider's choices changed since their picker last showed them (``on_picker``)."""
        now = render.picker_print(live, live.game.rules.legal_actions(live.state, player))
        return self._on_picker.get((live.id, player)) != now

    def on_picker(self, live: LiveMatch, player: int) -> None:
        """The window's decider's picker shows their choices now (brought up, or their own reply)."""
        self._on_picker[(live.id, player)] = render.picker_print(
            live, live.game.rules.legal_actions(live.state, player)
        )

    def still_asks(self, live: LiveMatch, player: int, outcomes: Iterable[MoveOutcome]) -> bool:
        """Whether the player's open prompt asks what they are asked now: a new round of the same window
        (``Window.key``) left their choices as they were and told them nothing in private. It stays as it
        is (its buttons still answer); the window's decider hears of each new round anyway."""
        window = live.waiting.window
        if window is None or player == window.decider or private_lines(outcomes, player):
            return False
        now = keyed_print(live, live.game.rules.legal_actions(live.state, player))
        return now is not None and self._prompted.get((live.id, player)) == now

    async def update(
        self, live: LiveMatch, outcomes: list[MoveOutcome], *, shown_to: Set[int] = frozenset()
    ) -> set[int]:
        """Within a window round: whoever's choices changed because of someone else's move is told (returned).

        The decider learns of each new or changed answer as it arrives where they wait (``shown_to``: the
        announcer brought their picker up to date); else by their prompt (a new one, which notifies; in a
        negotiation, after the first of the window, edited in place). The mover's own picker already
        shows their next question, so they are not prompted again.
        """
        movers = {o.player for o in outcomes if o.by == PLAYER}
        lines = [line for o in outcomes for line in o.public_lines]
        asked, prompts = [], []
        for player in sorted(live.waiting.actors):
            if player in movers or player in shown_to:
                self.prompt_shown(live, player)  # their picker shows their next choices; the prompt's buttons open them
                continue
            if live.ai_controls(player):
                continue
            key = (live.id, player)
            if self._prompted.get(key) == render.picker_print(live, live.game.rules.legal_actions(live.state, player)):
                continue
            asked.append(player)
            prompts.append(self.prompt(live, player, lines, outcomes, quietly=not private_lines(outcomes, player)))
        return {player for player, ok in zip(asked, await all_of(prompts), strict=True) if ok}

    def prompted_now(self, live: LiveMatch) -> set[int]:
        """Who is asked in the secret window now open: their prompt tells them; their hand DM waits.

        What changed privately for them is often only that they may answer; the DM is compared
        again (and edited if their hand really changed) once the window no longer asks them.
        """
        window = live.waiting.window
        if window is None or window.public:
            return set()
        return {p for p in live.waiting.actors if (live.id, p) in self._prompted}

    def release(self, match_id: int) -> None:
        """The match went to another process: forget its prompts here, sending nothing (their messages stay)."""
        for kept in (self._negotiation, self._resting, self._called, self._answered):
            kept.difference_update({key for key in kept if key[0] == match_id})
        for mapping in (self._silence, self._on_picker, self._prompted):
            for key in [key for key in mapping if key[0] == match_id]:
                del mapping[key]

    async def fold(
        self,
        live: LiveMatch,
        *,
        skip: int | None = None,
        keep: Set[int] = frozenset(),
        outcomes: Sequence[MoveOutcome] = (),
        everything: bool = False,
    ) -> None:
        """The window round is over: its private prompts are deleted (their buttons would mislead, and a line
        left in their place would pile up in the player's DMs), and negotiation DMs come to rest.

        ``keep``: players about to get a new prompt, which replaces the old one instead. ``skip``: the player
        whose click answered on their prompt: it shows their answer now, and stays until their next prompt
        replaces it or the next fold (so answered prompts do not pile up either). A negotiation DM is not
        deleted but rests: edited to how the window ended (``outcomes``: the moves that closed it), with no
        buttons, until the next window asks its person again. ``everything``: the match is over, or the
        prompts' memory is gone (a restart): every prompt is deleted, negotiation DMs too.

        The deletes and edits only tidy up (a click on a prompt's old buttons is told the window is over), so
        they are requests of the background: sent after the caller's lock, at the pacer's background
        priority, never ahead of a prompt, a ping or a table somebody is waiting for.
        """
        shown = self._shown
        tidy: list[Send] = []
        for key in [k for k in self._on_picker if k[0] == live.id]:
            del self._on_picker[key]  # the window round is over: the next one shows its own choices
        self._called -= {k for k in self._called if k[0] == live.id}
        for player, where in (await shown.sent(live, PROMPT)).items():
            key = (live.id, player)
            if not everything:
                if not self._drew(key):
                    self._adopt(key, resting=False)  # comes to rest below, not deleted (see ``_adopt``)
                if key in self._resting or player in keep:
                    continue
                if key in self._negotiation:
                    self._prompted.pop(key, None)
                    self._resting.add(key)
                    if player != skip:  # a click that closed the window shows its answer there already
                        tidy.append(functools.partial(self._rest, live, player, where, tuple(outcomes)))
                    continue
                if player == skip:
                    self._prompted.pop(key, None)
                    self._answered.add(key)
                    continue
            await shown.forget(live, PROMPT, player)
            for kept in (self._answered, self._negotiation, self._resting):
                kept.discard(key)
            self._prompted.pop(key, None)
            self._silence.pop(key, None)
            tidy.append(functools.partial(self._retire_prompt, live, player, where))
        self._tidying.add(f"fold:{live.id}", "fold the window prompts", tidy)

    async def _rest(
        self, live: LiveMatch, player: int, where: tuple[int, int], outcomes: Sequence[MoveOutcome]
    ) -> None:
        """Edit a negotiation DM to how its window ended, its buttons gone, until the next window asks again."""
        async with self._channels.in_private(live, player) as locale:
            lines = [line for o in outcomes for line in o.public_lines_in(locale)]
            rendered = render.window_over(live, lines, guild_name=self._channels.guild_name(live))
        try:
            await self.edit_prompt(live, player, where, rendered.edit_kwargs())
        except FAILED as exc:  # deleted on their side: the next window posts a new one
            log.debug("could not rest a negotiation DM of %s: %s", player, exc)
