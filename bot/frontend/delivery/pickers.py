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


class OpenPickers:
    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        #: (match, player) -> the newest interaction whose reply is the picker
        self._open: dict[tuple[int, int], _Handle] = {}
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

    def in_channel(self, match_id: int, player: int, client: discord.Client) -> discord.Webhook | None:
        """The reply of the player's newest picker click, if that picker is in the channel (a DM prompt has a
        life of its own: ``bot.frontend.delivery.decision_prompts``) and its token lives."""
        handle = self._open.get((match_id, player))
        if handle is None or not handle.in_channel or self._clock.now() - handle.at > TOKEN_LIFETIME:
            return None
        return discord.Webhook.partial(handle.application_id, handle.token, client=client)

    def _keep(self, match_id: int, player: int, interaction: discord.Interaction[Any], *, in_place: bool) -> None:
        clicked = interaction.message.id if in_place and interaction.message is not None else None
        self._open[(match_id, player)] = _Handle(
            interaction.application_id, interaction.token, self._clock.now(), clicked, interaction.guild_id is not None
        )
        self._since_prune += 1
        if self._since_prune >= PRUNE_EVERY:  # tokens past their life can edit nothing: let them go
            self._since_prune = 0
            cutoff = self._clock.now() - TOKEN_LIFETIME
            for key in [k for k, handle in self._open.items() if handle.at < cutoff]:
                del self._open[key]

    async def opened(
        self, match_id: int, player: int, interaction: discord.Interaction[Any], *, in_place: bool = False
    ) -> None:
        """A new picker was sent (``in_place``: the message clicked became it): delete the previous one, if its
        token still lives and it is another message, so that old pickers do not pile up under the table."""
        previous = self._open.get((match_id, player))
        self._keep(match_id, player, interaction, in_place=in_place)
        if previous is None or self._clock.now() - previous.at > TOKEN_LIFETIME:
            return
        if previous.message_id is not None and previous.message_id == self._open[(match_id, player)].message_id:
            return  # the very message now showing the new picker
        reply = discord.Webhook.partial(previous.application_id, previous.token, client=interaction.client)
        try:
            await delete_original(reply)
        except FAILED as exc:  # dismissed by the player, or too old: nothing to remove
            log.debug("could not remove an old picker: %s", exc)

    def __len__(self) -> int:
        return len(self._open)

    def forget_match(self, match_id: int) -> None:
        for key in [k for k in self._open if k[0] == match_id]:
            del self._open[key]
