"""The private prompts of a response window: who is asked, told again, or folded when it closes.

Mixed into :class:`bot.announcer.Announcer`, which provides the bot, the service, the DM
channels (``_dm``), ``_safe`` and the ``_prompted`` fingerprints (what each open prompt asks).
A prompt goes out only after the move that opened its window is committed.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import TYPE_CHECKING, Any, Awaitable, Iterable

import discord

from bot.i18n import t
from bot.matches import LiveMatch, MoveOutcome
from bot.match_types import PLAYER
from bot.private_news import private_lines
from bot.ui import render
from bot.ui.picker import walk

if TYPE_CHECKING:
    from bot.announcer import Announcer

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


class WindowPrompts:
    async def prompt(self: "Announcer", live: LiveMatch, player: int, lines: list[str],
                     outcomes: Iterable[MoveOutcome] = (), *, quietly: bool = False) -> bool:
        """A private notice that ``player`` may respond in the open window, with its buttons; whether it went out.

        The window's decider (who weighs the others' answers) gets their choices right in the
        prompt, as the picker's first step, since they answer what arrived. A prompt sent while an
        older one of the same player is still open replaces it, so DMs do not pile up.
        ``lines`` (the table's) say what happened; with the ``outcomes`` they come from, they are
        told again in the player's language, with the lines only they may read.

        ``quietly``: the player was prompted already in this window and nothing was said to them in
        private since (only the choices moved on). Anyone but the decider then has their open prompt
        edited in place (one request, not a post and a delete): they were notified once for this
        window, and its buttons now answer the current question.
        """
        if player in live.record.dm_closed or player <= 0:
            return False  # they see the table's quiet line and answer with Take action
        legal = live.game.legal_actions(live.state, player)
        window = live.waiting.window
        outcomes = list(outcomes)
        async with self.in_private(live, player) as locale:
            if outcomes:
                lines = [line for o in outcomes for line in o.public_lines_in(locale)] + private_lines(outcomes, player)
            if window is not None and player == window.decider and legal:
                rendered = render.decider_prompt(live, player, walk(legal, ()), lines,
                                                 guild_name=self.guild_name(live))
            else:
                rendered = render.window_prompt(live, player, lines, guild_name=self.guild_name(live))
        previous = (await self.service.sent_messages(live, PROMPT)).get(player)
        fingerprint = render.legal_fingerprint(legal)
        if quietly and previous is not None and (window is None or player != window.decider):
            old = self.bot.get_partial_messageable(previous[0]).get_partial_message(previous[1])
            try:
                await old.edit(**rendered.edit_kwargs())
                self._prompted[(live.id, player)] = fingerprint
                return True
            except discord.NotFound:
                pass  # deleted on their side: post a fresh one
            except discord.HTTPException as exc:
                log.warning("could not update a window prompt of %s: %s", player, exc)
                return False
        try:
            dm = await self._dm(player)
            message = await dm.send(**rendered.send_kwargs())
        except discord.Forbidden:
            await self.service.note_dm_closed(live, player)
            return False
        except discord.HTTPException as exc:
            log.warning("could not send a window prompt to %s: %s", player, exc)
            return False
        await self.service.remember_message(live, PROMPT, player, message.channel.id, message.id)
        self._prompted[(live.id, player)] = fingerprint
        if previous is not None:
            old = self.bot.get_partial_messageable(previous[0]).get_partial_message(previous[1])
            self.tidying.add(f"prompt:{live.id}:{player}", "remove a replaced prompt", [old.delete])
        return True

    async def update_prompts(self: "Announcer", live: LiveMatch, outcomes: list[MoveOutcome]) -> set[int]:
        """Within a window round: whoever's choices changed because of someone else's move is told (returned).

        The decider learns of each new or changed answer as it arrives (a new prompt, which
        notifies, replacing the old one), instead of finding a silently edited DM. The mover's
        own picker already shows their next question, so they are not prompted again.
        """
        movers = {o.player for o in outcomes if o.by == PLAYER}
        lines = [line for o in outcomes for line in o.public_lines]
        asked, prompts = [], []
        for player in sorted(live.waiting.actors):
            if player in movers or self.service.ai_controls(live, player):
                continue
            key = (live.id, player)
            fingerprint = render.legal_fingerprint(live.game.legal_actions(live.state, player))
            if self._prompted.get(key) == fingerprint:
                continue
            asked.append(player)
            prompts.append(self.prompt(live, player, lines, outcomes, quietly=not private_lines(outcomes, player)))
        return {player for player, ok in zip(asked, await all_of(prompts)) if ok}

    def _prompted_now(self: "Announcer", live: LiveMatch) -> set[int]:
        """Who is asked in the secret window now open: their prompt tells them; their hand DM waits.

        What changed privately for them is often only that they may answer; the DM is compared
        again (and edited if their hand really changed) once the window no longer asks them.
        """
        window = live.waiting.window
        if window is None or window.public:
            return set()
        return {p for p in live.waiting.actors if (live.id, p) in self._prompted}

    def _asked_again(self: "Announcer", live: LiveMatch) -> set[int]:
        """Who gets a new prompt in the secret window now open: their old prompt is replaced, not folded."""
        window = live.waiting.window
        if window is None or window.public:
            return set()
        return {p for p in live.waiting.actors
                if p not in live.record.dm_closed and not self.service.ai_controls(live, p)}

    async def fold_prompts(self: "Announcer", live: LiveMatch, *, skip: int | None = None, keep: set[int] = frozenset()) -> None:
        """The window round is over: fold its private prompts to one line (their buttons would mislead).

        ``keep``: players about to get a new prompt, which replaces the old one instead.

        The folds only tidy up (a click on a prompt's old buttons is told the window is over), so
        they are edits of the background: sent after the caller's lock, at the pacer's background
        priority, never ahead of a prompt, a ping or a table somebody is waiting for.
        """
        service = self.service
        still_open = live.record.status == "active" and live.state is not None and live.waiting.in_window
        folds = []
        for player, (channel_id, message_id) in (await service.sent_messages(live, PROMPT)).items():
            if player in keep and player != skip:
                continue
            await service.forget_message(live, PROMPT, player)
            self._prompted.pop((live.id, player), None)
            if player == skip:
                continue
            async with self.in_private(live, player):
                text = (t("⌛ {game} #{match}: nothing is asked of you in this window for now.",
                          game=live.game.title, match=live.id) if still_open
                        else t("⌛ {game} #{match}: that response window is over.", game=live.game.title,
                               match=live.id))
            message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
            folds.append(functools.partial(message.edit, **render.collapsed(text).edit_kwargs()))
        self.tidying.add(f"fold:{live.id}", "fold a window prompt", folds)
