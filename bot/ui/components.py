"""Restart-proof components: every button and select the bot sends is a DynamicItem.

A DynamicItem is matched by its custom_id template, so a click on a message
sent before a restart still reaches the bot. These classes only parse the
custom_id and hand over to the table controller: no game logic lives here.
"""

from __future__ import annotations

import re
from typing import Any, Awaitable

import discord

from bot.ui import custom_ids
from bot.ui.lobby_view import LOBBY_ITEMS


def _table(interaction: discord.Interaction[Any]) -> Any:
    return interaction.client.table  # type: ignore[attr-defined]


async def _run(interaction: discord.Interaction[Any], handler: Awaitable[None]) -> None:
    """Run a table handler; an unexpected error still gets the player an answer, not "interaction failed"."""
    try:
        await handler
    except Exception as error:  # noqa: BLE001 - reported to the player and logged with its traceback
        await _table(interaction).report_failure(interaction, error)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.LOBBY_TEMPLATE):
    def __init__(self, match_id: int, op: str) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_ids.lobby(match_id, op), label=op.title()))
        self.match_id, self.op = match_id, op

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "LobbyButton":
        return cls(int(match["match"]), match["op"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _run(interaction, _table(interaction).on_lobby(interaction, self.match_id, self.op))


class ActButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.ACT_TEMPLATE):
    """"Take action" / "Respond": opens the ephemeral picker for the clicking player."""

    def __init__(self, match_id: int, seq: int) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_ids.act(match_id, seq), label="Take action"))
        self.match_id, self.seq = match_id, seq

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "ActButton":
        return cls(int(match["match"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _run(interaction, _table(interaction).on_act(interaction, self.match_id, self.seq))


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.HAND_TEMPLATE):
    """"My hand": the ephemeral fallback that works whether or not DMs are open."""

    def __init__(self, match_id: int) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_ids.hand(match_id), label="My hand"))
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "HandButton":
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _run(interaction, _table(interaction).on_hand(interaction, self.match_id))


class PickButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.PICK_BUTTON_TEMPLATE):
    def __init__(self, match_id: int, seq: int, path: tuple[int, ...], choice: str) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_ids.pick_button(match_id, seq, path, choice)))
        self.match_id, self.seq, self.path, self.choice = match_id, seq, path, choice

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "PickButton":
        return cls(int(match["match"]), int(match["seq"]), custom_ids.parse_path(match["path"]), match["choice"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _run(interaction, _table(interaction).on_pick(interaction, self.match_id, self.seq, self.path, self.choice))


class PickSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=custom_ids.PICK_SELECT_TEMPLATE):
    def __init__(self, match_id: int, seq: int, path: tuple[int, ...], chunk: int) -> None:
        super().__init__(discord.ui.Select(custom_id=custom_ids.pick_select(match_id, seq, path, chunk)))
        self.match_id, self.seq, self.path = match_id, seq, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "PickSelect":
        return cls(int(match["match"]), int(match["seq"]), custom_ids.parse_path(match["path"]), int(match["chunk"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        choice = values[0] if values else ""
        await _run(interaction, _table(interaction).on_pick(interaction, self.match_id, self.seq, self.path, choice))


#: Every component template the bot answers; the lobby's option controls live in :mod:`bot.ui.lobby_view`.
DYNAMIC_ITEMS = (LobbyButton, ActButton, HandButton, PickButton, PickSelect, *LOBBY_ITEMS)
