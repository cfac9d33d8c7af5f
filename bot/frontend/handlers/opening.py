"""Opening the picker and passing: Take action / Respond…, and the one-click Pass of a window prompt.

Mixed into :class:`bot.frontend.handlers.table.Table`, which provides ``service``, ``legal``, ``pickers``,
``picker_pictures``, ``announcer``, ``locked``, ``_reclaim``, ``_reply``, ``_update_picker``,
``_redraw_stale`` and ``schedule``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.kernel.i18n import N_, t, translate
from bot.play.match_types import LiveMatch, MatchError, StaleTurn
from bot.play.record import ACTIVE
from bot.frontend.ui import render
from bot.frontend.ui.picker import walk
from bot.frontend.delivery.window_prompts import keyed_print
from bot.play.moves import check_turn

if TYPE_CHECKING:
    from bot.frontend.handlers.table import Table

Interaction = discord.Interaction[Any]

WELCOME_BACK = N_("👋 Welcome back: your seat is yours again.")


def respond_path(live: LiveMatch, player: int, legal: list[Any]) -> tuple[int, ...]:
    """Where Respond… opens the picker: in a window whose only answers are passing and one other
    kind (say, playing a card), straight at that kind, since the prompt's own button passes."""
    if not live.waiting.in_window:
        return ()
    first = walk(legal, ())
    passing = (live.game.rules.timeout_action(live.state, player) or {}).get("type")
    others = [c for c in first.choices if c.value != passing]
    if len(first.choices) != 2 or len(others) != 1 or walk(legal, (others[0].index,)).key is None:
        return ()  # a lone answer stays a button to press, never applied by opening the picker
    return (others[0].index,)


class OpeningAndPassing:
    async def on_act(self: "Table", interaction: Interaction, match_id: int) -> None:
        """Open the private picker at today's question: a Take action / Respond button is never stale.

        Respond… on a DM prompt turns that prompt into the picker (one message, and the click's token
        edits it later for free); from the channel the picker is a new ephemeral reply.
        """
        player = interaction.user.id
        in_dm = interaction.message is not None and interaction.message.guild is None
        async with self.locked(interaction, match_id, update=in_dm):  # a move applied but not committed never shows
            live = check_turn(await self.service.matches.load(match_id), player, None)
            legal, fingerprint = self.legal.get(live, player)
            step = walk(legal, respond_path(live, player, legal))
            welcome = await self._reclaim(live, player)
            rendered = render.picker_message(live, player, step, header=translate(WELCOME_BACK) if welcome else None,
                                             fingerprint=fingerprint)
            if in_dm:
                await self._update_picker(interaction, rendered)
            else:
                await self._reply(interaction, **(await self.picker_pictures.dress(rendered, None)).send_kwargs())
            await self.pickers.opened(match_id, player, interaction, in_place=in_dm)

    async def on_pass(self: "Table", interaction: Interaction, match_id: int, decision: int,
                      asked: str | None = None) -> None:
        """One-click pass from a window notification: the player's pass, as their game names it.

        A prompt left as it was through a new round of its window (``asked``, its question's print, is
        today's) passes in today's round; an older one redraws the question it is now.
        """
        player = interaction.user.id
        async with self.locked(interaction, match_id, update=True):
            live = await self.service.matches.load(match_id)
            still_asked = asked is not None and self._still_asked(live, player, asked)
            try:
                live = check_turn(live, player, None if still_asked else decision)
            except StaleTurn:
                if live is not None and live.record.status == ACTIVE and player in live.waiting.actors:
                    await self._redraw_stale(interaction, match_id, player)
                else:
                    await self._update_picker(interaction, render.collapsed(t("⌛ That window is over.")))
                return
            action = live.game.rules.timeout_action(live.state, player) if live.waiting.in_window else None
            if action is None:
                raise MatchError(t("There is nothing to pass right now; use Take action."))
            label = render.pass_label(live, player)
            await self._reclaim(live, player)
            outcomes = await self.service.moves.play(match_id, player, action, decision=live.decision)
            await self._update_picker(interaction, render.collapsed(t("✅ {label}: done.", label=label)))
            await self.announcer.after_moves(outcomes, answered=player, click=interaction)
            await self.schedule(outcomes[-1].match)

    def _still_asked(self: "Table", live: LiveMatch | None, player: int, asked: str) -> bool:
        """Whether a prompt's question (its print) is the one the player is asked now, in a window the game names."""
        if live is None or live.state is None or player not in live.waiting.actors:
            return False
        return keyed_print(live, self.legal.get(live, player)[0]) == asked
