"""Each player's open private picker, so that an old one is removed when a new one opens: one live picker each.

A picker is an ephemeral reply, or a DM prompt a click turned into one: only
the interaction that made it (or a later click on it) can edit an ephemeral
reply, and only while that interaction's token lives (15 minutes). A DM
message clicked can be edited through that click's token too, which is
exempt from Discord's global rate limit: the announcer folds and redraws a
clicked prompt that way (``reply_to``). This keeps the newest such interaction's application id
and token per player and match, in memory (not the interaction itself, which
holds its whole payload, message and member: a few KB per player, live for
as long as the match). After a restart old pickers are simply left as they
are, and their clicks are still answered (refused or redrawn) by the table.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass
from typing import Any

import discord

from bot.frontend.delivery.retry import FAILED
from bot.play.clock import Clock

log = logging.getLogger(__name__)

#: Interaction tokens last 15 minutes; leave a margin for the request itself.
TOKEN_LIFETIME = 14 * 60

#: How often (in pickers kept) the expired ones are dropped.
PRUNE_EVERY = 256

#: Discord's name for an interaction's own reply in the webhook message routes.
ORIGINAL = "@original"


async def delete_original(reply: discord.Webhook) -> None:
    """Delete the reply of the interaction whose token ``reply`` holds (an ephemeral one too, which nothing
    else can remove): the route of ``Interaction.delete_original_response``, DELETE .../messages/@original."""
    await reply.delete_message(ORIGINAL)  # type: ignore[arg-type]


async def edit_original(reply: discord.Webhook, kwargs: dict[str, Any]) -> None:
    """Edit the reply of the interaction whose token ``reply`` holds: the route of
    ``Interaction.edit_original_response``, PATCH .../messages/@original."""
    # discord.py types a message id as an int; the route takes "@original" in its place.
    await reply.edit_message(ORIGINAL, **kwargs)  # type: ignore[call-overload]


@dataclass(frozen=True, slots=True)
class _Handle:
    """What editing an interaction's reply takes: the application's id and the interaction's token."""

    application_id: int
    token: str
    at: float
    #: The message the reply is, when the interaction was a click answered by editing it.
    message_id: int | None = None
    #: Whether the picker is in the match's channel (an ephemeral reply), not a DM prompt turned picker.
    in_channel: bool = True


@dataclass(frozen=True, slots=True)
class Clicked:
    """A player's newest click: its reply (an edit of ``@original`` through it edits the message clicked, free of
    the global rate limit), whether that message is in the channel (else a DM prompt), and how long ago it was."""

    reply: discord.Webhook
    in_channel: bool
    ago: float


class OpenPickers:
    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        #: (match, player) -> the newest interaction whose reply is the picker
        self._open: dict[tuple[int, int], _Handle] = {}
        #: (match, player) -> the newest one whose reply is in the match's channel: the picker under the
        #: table stays theirs while they answer a window on a DM prompt, and their next turn comes up on it.
        self._channel: dict[tuple[int, int], _Handle] = {}
        #: How many of the handles above hold each token (``holds_token``).
        self._tokens: Counter[str] = Counter()
        self._since_prune = 0

    def answered(self, match_id: int, player: int, interaction: discord.Interaction[Any]) -> None:
        """A click on the picker answered by editing it: its token is the freshest way to edit it again."""
        self._keep(match_id, player, interaction, in_place=True)

    def is_newest(self, match_id: int, player: int, interaction: discord.Interaction[Any]) -> bool:
        """Whether ``interaction``'s reply is still the player's newest picker in the match."""
        handle = self._open.get((match_id, player))
        return handle is not None and handle.token == interaction.token

    def reply_to(self, match_id: int, player: int, message_id: int, client: discord.Client) -> discord.Webhook | None:
        """The reply of the player's newest click, if that click was on message ``message_id`` and its
        token still lives: an edit of ``@original`` through it edits that message."""
        handle = self._open.get((match_id, player))
        if handle is None or handle.message_id != message_id or self._clock.now() - handle.at > TOKEN_LIFETIME:
            return None
        return discord.Webhook.partial(handle.application_id, handle.token, client=client)

    def clicked_lately(
        self, match_id: int, player: int, message_id: int, seconds: float, client: discord.Client
    ) -> discord.Webhook | None:
        """The reply of the player's newest click if it was on message ``message_id`` at most ``seconds`` ago:
        they are looking at that message now, and an edit through it reaches them there."""
        handle = self._open.get((match_id, player))
        if handle is None or handle.message_id != message_id or self._clock.now() - handle.at > seconds:
            return None
        return discord.Webhook.partial(handle.application_id, handle.token, client=client)

    def newest(self, match_id: int, player: int, client: discord.Client) -> Clicked | None:
        """The player's newest click in the match while its token lives: the message they last answered on,
        where they wait."""
        handle = self._open.get((match_id, player))
        if handle is None or self._clock.now() - handle.at > TOKEN_LIFETIME:
            return None
        reply = discord.Webhook.partial(handle.application_id, handle.token, client=client)
        return Clicked(reply, handle.in_channel, self._clock.now() - handle.at)

    def in_channel(self, match_id: int, player: int, client: discord.Client) -> discord.Webhook | None:
        """The reply of the player's newest click on a picker in the channel (a DM prompt has a life of its own:
        ``bot.frontend.delivery.decision_prompts``), if its token lives."""
        handle = self._channel.get((match_id, player))
        if handle is None or self._clock.now() - handle.at > TOKEN_LIFETIME:
            return None
        return discord.Webhook.partial(handle.application_id, handle.token, client=client)

    def in_channel_lately(
        self, match_id: int, player: int, seconds: float, client: discord.Client
    ) -> discord.Webhook | None:
        """That reply, if the click was the player's newest and at most ``seconds`` ago: they are looking at it."""
        handle = self._channel.get((match_id, player))
        if handle is None or self._open.get((match_id, player)) is not handle:
            return None
        return self.in_channel(match_id, player, client) if self._clock.now() - handle.at <= seconds else None

    def _keep(self, match_id: int, player: int, interaction: discord.Interaction[Any], *, in_place: bool) -> None:
        clicked = interaction.message.id if in_place and interaction.message is not None else None
        handle = _Handle(
            interaction.application_id, interaction.token, self._clock.now(), clicked, interaction.guild_id is not None
        )
        self._set(self._open, (match_id, player), handle)
        if handle.in_channel:
            self._set(self._channel, (match_id, player), handle)
        self._since_prune += 1
        if self._since_prune >= PRUNE_EVERY:  # tokens past their life can edit nothing: let them go
            self._since_prune = 0
            cutoff = self._clock.now() - TOKEN_LIFETIME
            for kept in (self._open, self._channel):
                for key in [k for k, old in kept.items() if old.at < cutoff]:
                    self._drop(kept, key)

    async def opened(
        self, match_id: int, player: int, interaction: discord.Interaction[Any], *, in_place: bool = False
    ) -> None:
        """A new picker was sent (``in_place``: the message clicked became it): delete the previous ones (the
        newest, and the one under the table), if their tokens still live and they are other messages, so that
        old pickers do not pile up under the table and a player has one live picker. A DM prompt a click turned
        into a picker is left alone: it has a life of its own (deleted when its question is over, or, as a
        negotiation DM, kept for the match: ``bot.frontend.delivery.window_prompts``)."""
        key = (match_id, player)
        previous = {old.token: old for old in (self._open.get(key), self._channel.get(key)) if old is not None}
        self._keep(match_id, player, interaction, in_place=in_place)
        new = self._open[key]
        if not new.in_channel:
            self._drop(self._channel, key)  # the one under the table goes: this one in the DM is the picker now
        for old in previous.values():
            if self._clock.now() - old.at > TOKEN_LIFETIME or old.token == new.token:
                continue
            if old.message_id is not None and old.message_id == new.message_id:
                continue  # the very message now showing the new picker
            if not old.in_channel:
                continue  # a DM prompt: its own life decides
            reply = discord.Webhook.partial(old.application_id, old.token, client=interaction.client)
            try:
                await delete_original(reply)
            except FAILED as exc:  # dismissed by the player, or too old: nothing to remove
                log.debug("could not remove an old picker: %s", exc)

    def __len__(self) -> int:
        return len(self._open)

    def forget_match(self, match_id: int) -> None:
        for kept in (self._open, self._channel):
            for key in [k for k in kept if k[0] == match_id]:
                self._drop(kept, key)

    def holds_token(self, token: str) -> bool:
        """Whether a picker may still be edited or deleted through this interaction token."""
        return token in self._tokens

    def _set(self, kept: dict[tuple[int, int], _Handle], key: tuple[int, int], handle: _Handle) -> None:
        self._drop(kept, key)
        kept[key] = handle
        self._tokens[handle.token] += 1

    def _drop(self, kept: dict[tuple[int, int], _Handle], key: tuple[int, int]) -> None:
        old = kept.pop(key, None)
        if old is not None:
            self._tokens[old.token] -= 1
            if self._tokens[old.token] <= 0:
                del self._tokens[old.token]
