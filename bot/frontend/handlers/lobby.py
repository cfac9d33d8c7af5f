"""The lobby's seat buttons: Join, Leave, Add AI, Remove AI, Cancel, and Start.

Each is one call of the match service's lobby under the match's lock, then the
lobby message clicked is redrawn; Start turns it into the table, and the
announcer sends the hands and tells whoever must decide first. The lobby's
option controls are :mod:`bot.frontend.handlers.lobby_options`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.frontend.delivery.shown import ShownMessages
from bot.frontend.handlers.announcements import Announcements
from bot.frontend.handlers.answers import Answers, may_manage, name_of
from bot.frontend.handlers.timers import Timers
from bot.frontend.names import shown
from bot.frontend.ui import render
from bot.frontend.ui.lobby_view import lobby_message
from bot.kernel.i18n import t
from bot.play.lobby import Lobby
from bot.play.match_types import LiveMatch
from bot.play.moves import Moves

Interaction = discord.Interaction[Any]


class LobbySeats:
    """The lobby's seat buttons (the components' ``SeatHandler``), given the lobby and what Start shows."""

    def __init__(
        self,
        *,
        answers: Answers,
        lobby: Lobby,
        moves: Moves,
        shown: ShownMessages,
        announcer: Announcements,
        timers: Timers,
        pictures_on: Callable[[LiveMatch], Awaitable[bool]],
    ) -> None:
        self._answers = answers
        self._pictures_on = pictures_on
        self._lobby = lobby
        self._moves = moves
        self._shown = shown
        self._announcer = announcer
        self._timers = timers

    async def on_lobby(self, interaction: Interaction, match_id: int, op: str) -> None:
        """A lobby button: each op is one service call under the match's lock, then the lobby is redrawn."""
        user = interaction.user
        if op == "start":
            await self._start(interaction, match_id)
            return
        if op == "rematch":
            await self._rematch(interaction, match_id)
            return
        async with self._answers.locked(interaction, match_id, update=True):
            if op == "cancel":
                end = await self._lobby.cancel(match_id, user.id, may_manage=may_manage(interaction))
                async with self._answers.in_channel(end.match):
                    rendered = render.lobby_closed_message(
                        end.match, t("{player} cancelled this lobby.", player=shown(name_of(user)))
                    )
                await self._answers.edit_clicked(interaction, rendered)
                return
            seat_ops = {
                "join": lambda: self._lobby.join(match_id, user.id, name_of(user)),
                "leave": lambda: self._lobby.leave(match_id, user.id),
                "add_ai": lambda: self._lobby.add_ai(match_id, user.id),
                "remove_ai": lambda: self._lobby.remove_ai(match_id, user.id),
            }
            live = await seat_ops[op]()
            if interaction.message is not None and live.record.message_id is None:  # posted, id lost in a crash
                await self._shown.set_table_message(live, interaction.message.id)
            async with self._answers.in_channel(live):
                rendered = lobby_message(live)
            await self._answers.edit_clicked(interaction, rendered)

    async def _rematch(self, interaction: Interaction, match_id: int) -> None:
        """Rematch on a finished table: a new lobby, posted below, inviting the match's other people by name."""
        async with self._answers.locked(interaction, match_id, ephemeral=False):
            live, invited = await self._lobby.rematch(match_id, interaction.user.id, name_of(interaction.user))
            async with self._answers.in_channel(live):
                rendered = lobby_message(live)
                if invited:
                    rendered.content = t(
                        "🔁 Rematch of match #{match}! {players}: join with one click.",
                        match=match_id,
                        players=" ".join(render.mention(p) for p in invited),
                    )
            kwargs = rendered.send_kwargs()
            kwargs["allowed_mentions"] = discord.AllowedMentions(users=[discord.Object(p) for p in invited])
            await self._shown.set_table_message(live, await self._answers.post(interaction, **kwargs))

    async def _start(self, interaction: Interaction, match_id: int) -> None:
        async with self._answers.locked(interaction, match_id, ephemeral=False, update=True):
            live = await self._lobby.start(match_id, interaction.user.id)
            if interaction.message is not None and live.record.message_id is None:
                await self._shown.set_table_message(live, interaction.message.id)
            outcomes = await self._moves.auto_pass(match_id)
            picture = await self._pictures_on(live)
            async with self._answers.in_channel(live):
                rendered = render.turn_message(live, live.record.recent, picture=picture)
            await self._answers.edit_clicked(interaction, rendered)
            await self._announcer.announce_start(live, outcomes, click=interaction)
            await self._timers.schedule(live)
