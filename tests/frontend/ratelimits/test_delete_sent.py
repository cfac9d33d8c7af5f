"""Deleting what the bot sent through an interaction: the token first (exempt), the channel only when it must.

The old table after a re-post and the old turn ping go through ``table_tokens.delete_sent``. A
delete in the channel costs one of the bot's 50 requests a second, so it is made only when the
token can no longer do it, never for a message that is already gone.
"""

from __future__ import annotations

import logging
from types import SimpleNamespace

import discord
import pytest

from bot.frontend.delivery.table_tokens import UNKNOWN_MESSAGE, delete_sent

UNKNOWN_WEBHOOK, INVALID_TOKEN = 10015, 50027


def _refusal(kind: type[discord.HTTPException], status: int, code: int) -> discord.HTTPException:
    return kind(SimpleNamespace(status=status, reason="refused"), {"code": code, "message": "refused"})


class Deletes:
    def __init__(self, token_answer: BaseException | None = None, channel_answer: BaseException | None = None) -> None:
        self.token_answer, self.channel_answer = token_answer, channel_answer
        self.made: list[str] = []

    async def through_token(self) -> None:
        self.made.append("token")
        if self.token_answer is not None:
            raise self.token_answer

    async def in_channel(self) -> None:
        self.made.append("channel")
        if self.channel_answer is not None:
            raise self.channel_answer


@pytest.mark.parametrize(
    "token_answer, made",
    [
        (None, ["token"]),  # deleted through the token: nothing else
        (_refusal(discord.NotFound, 404, UNKNOWN_MESSAGE), ["token"]),  # already gone: no channel request
        (_refusal(discord.NotFound, 404, UNKNOWN_WEBHOOK), ["token", "channel"]),  # Discord forgot the token
        (_refusal(discord.HTTPException, 401, INVALID_TOKEN), ["token", "channel"]),  # the token ran out
        (_refusal(discord.Forbidden, 403, 50013), ["token"]),  # refused for another reason: not retried
    ],
    ids=["deleted", "already-gone", "unknown-webhook", "token-ran-out", "forbidden"],
)
async def test_the_channel_is_asked_only_when_the_token_cannot_delete(token_answer, made):
    deletes = Deletes(token_answer)
    await delete_sent(deletes.through_token, deletes.in_channel, "an old ping")
    assert deletes.made == made


async def test_without_a_usable_token_the_channel_deletes_and_a_message_gone_there_is_fine(caplog):
    deletes = Deletes(channel_answer=_refusal(discord.NotFound, 404, UNKNOWN_MESSAGE))
    with caplog.at_level(logging.WARNING):
        await delete_sent(None, deletes.in_channel, "the old table")
    assert deletes.made == ["channel"] and "could not remove" not in caplog.text


async def test_a_refusal_is_logged_with_what_was_removed(caplog):
    deletes = Deletes(_refusal(discord.Forbidden, 403, 50013))
    with caplog.at_level(logging.WARNING):
        await delete_sent(deletes.through_token, deletes.in_channel, "the old table")
    assert "could not remove the old table" in caplog.text
