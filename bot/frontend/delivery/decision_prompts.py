"""Private prompts for decisions the channel may not mention again: one live prompt per player.

The channel mentions a person at most once per turn (``pings.Mentions``), so a decision that
comes back to someone within the turn (a battle's exchanges, a re-attack after a block) would
otherwise reach them only through the table or the halfway reminder. Such a decision is told in
a DM instead: the question first, the public line of the move that asked it, and the choices
right there. The rule is the announcer's; this module keeps each player's prompt:

* a new prompt replaces the player's older one (deleted, through their click on it if it can);
* but while they are in the exchange (their last click, on that prompt, is under ``IN_EXCHANGE`` old),
  the next question is put on the prompt they are looking at, through that click: free of the global
  rate limit, and the chat reads on in place. Past that, a new DM notifies them;
* a prompt whose decision is over is deleted, unless the player answered on it: it then shows
  their answer (and, if the next question is theirs too, that question) until their next prompt
  replaces it or the turn ends;
* at a turn's end, the match's end and a restart, every one is deleted.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import discord

from bot.frontend.delivery.channels import Channels
from bot.frontend.delivery.pickers import edit_original
from bot.frontend.delivery.prompt_dms import ClickReply, post_prompt, retire_prompt
from bot.frontend.delivery.retry import FAILED
from bot.frontend.delivery.shown import ShownMessages
from bot.frontend.delivery.tidying import Send, Tidying
from bot.frontend.ui import render
from bot.frontend.ui.picker import walk
from bot.kernel.contract import PlayerId
from bot.play.match_types import LiveMatch, MoveOutcome

log = logging.getLogger(__name__)

#: The kind of the remembered message: a player's decision prompt.
DECISION = "decision"
#: A player who clicked on their prompt this recently is still in the exchange, looking at it.
IN_EXCHANGE = 60.0
#: (match, player, message, seconds) -> the reply of the player's newest click if it was on that message
#: that recently (``OpenPickers.clicked_lately``), else None.
LatelyClicked = Callable[[int, int, int, float], discord.Webhook | None]


@dataclass(frozen=True, slots=True)
class _Asks:
    """What a player's prompt shows: the decision it asks (None: only the player's answer), in which turn."""

    decision: int | None
    turn: PlayerId | None


class DecisionPrompts:
    """Each player's decision prompt in each match, and what it asks."""

    def __init__(
        self, channels: Channels, shown: ShownMessages, tidying: Tidying, reply_to: ClickReply, lately: LatelyClicked
    ) -> None:
        self._channels = channels
        self._lately = lately
        self._shown = shown
        #: Replaced and finished prompts are deleted in the background (see ``bot.frontend.delivery.tidying``).
        self._tidying = tidying
        self._reply_to = reply_to
        #: (match, player) -> what their prompt asks (in memory: after a restart every old prompt is deleted).
        self._asks: dict[tuple[int, int], _Asks] = {}

    def reachable(self, live: LiveMatch, player: int) -> bool:
        """Whether a DM may tell ``player`` (a human seat whose DMs are not known to be closed)."""
        return player > 0 and player not in live.record.dm_closed

    async def prompt(self, live: LiveMatch, player: int, outcomes: Sequence[MoveOutcome]) -> bool:
        """DM ``player`` the decision waiting on them, their choices included; whether it went out.

        ``outcomes``: the moves that asked it, whose public lines the prompt quotes in the player's
        language (nothing only they may read: that is their hand DM's). Their older prompt is deleted after.
        """
        legal = live.game.rules.legal_actions(live.state, player)
        if not legal:
            return False
        async with self._channels.in_private(live, player) as locale:
            lines = [line for o in outcomes for line in o.public_lines_in(locale)]
            rendered = render.decision_prompt(
                live, player, walk(legal, ()), lines, guild_name=self._channels.guild_name(live)
            )
        previous = (await self._shown.sent(live, DECISION)).get(player)
        reply = self._lately(live.id, player, previous[1], IN_EXCHANGE) if previous is not None else None
        if reply is not None:  # still in the exchange: the question goes where they are looking
            try:
                await edit_original(reply, rendered.edit_kwargs())
                self._asks[(live.id, player)] = _Asks(live.decision, live.waiting.turn)
                return True
            except FAILED as exc:  # dismissed, or Discord failing: a new DM is sure to reach them
                log.debug("could not put the next question on a prompt of %s: %s", player, exc)
        message = await post_prompt(self._channels, self._shown, live, DECISION, player, rendered, "a decision prompt")
        if message is None:
            return False
        self._asks[(live.id, player)] = _Asks(live.decision, live.waiting.turn)
        if previous is not None:
            self._tidying.add(
                f"decision:{live.id}:{player}",
                "remove a replaced decision prompt",
                [functools.partial(retire_prompt, self._channels, self._reply_to, live.id, player, previous)],
            )
        return True

    def answered_on(self, live: LiveMatch, player: int, shows_next: bool) -> None:
        """The player answered on their prompt: it shows their answer now, and their next question if
        ``shows_next`` (then it asks the decision now pending)."""
        key = (live.id, player)
        if key in self._asks:
            self._asks[key] = _Asks(live.decision if shows_next else None, live.waiting.turn)

    async def is_prompt(self, live: LiveMatch, player: int, message_id: int) -> bool:
        """Whether ``message_id`` is the player's decision prompt."""
        sent = (await self._shown.sent(live, DECISION)).get(player)
        return sent is not None and sent[1] == message_id

    async def settle(self, live: LiveMatch) -> None:
        """After a move: delete the prompts that ask nothing now (their decision is over, and no answer of
        their player's shows on them), and those of a turn that is over."""
        await self._retire(live, lambda player, asks: not self._still_shown(live, player, asks))

    def release(self, match_id: int) -> None:
        """The match went to another process: forget its prompts here, sending nothing (their messages stay)."""
        for key in [key for key in self._asks if key[0] == match_id]:
            del self._asks[key]

    async def fold(self, live: LiveMatch) -> None:
        """The match is over, or its prompts may be out of date (a restart): delete every one."""
        await self._retire(live, lambda player, asks: True)

    def _still_shown(self, live: LiveMatch, player: int, asks: _Asks | None) -> bool:
        if asks is None or live.record.status != "active" or asks.turn != live.waiting.turn:
            return False
        if asks.decision is None:
            return True  # the player's answer, until their next prompt or the turn's end
        return asks.decision == live.decision and player in live.waiting.actors and not live.ai_controls(player)

    async def _retire(self, live: LiveMatch, retire: Callable[[int, _Asks | None], bool]) -> None:
        deletes: list[Send] = []
        for player, where in (await self._shown.sent(live, DECISION)).items():
            asks = self._asks.get((live.id, player))
            if not retire(player, asks):
                continue
            await self._shown.forget(live, DECISION, player)
            self._asks.pop((live.id, player), None)
            deletes.append(functools.partial(retire_prompt, self._channels, self._reply_to, live.id, player, where))
        self._tidying.add(f"decisions:{live.id}", "remove a decision prompt", deletes)
