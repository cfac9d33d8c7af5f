"""Dropping what the stand-in keeps only for tests to inspect, once the benchmark has read it.

``FakeDiscord`` records every request, every interaction (with its payload)
and every message ever sent, deleted ones included, so that a test can look
back. A benchmark of thousands of moves would then measure the stand-in's
growing logs as the bot's memory. These helpers forget exactly those records
after they were read; nothing the bot or a player can still reach is touched.
"""

from __future__ import annotations

from tools.sim import FakeDiscord, FakeMessage, InteractionRecord


def forget_interaction(world: FakeDiscord, record: InteractionRecord) -> None:
    """The bot has finished with this interaction: its token need not resolve any more."""
    world.log.by_token.pop(record.token, None)


def drop_message(world: FakeDiscord, message: FakeMessage) -> None:
    """An ephemeral message its player has moved on from (a newer picker replaced it)."""
    world.log.messages.pop(message.id, None)
    if message.visible_to is not None:
        shown = world.log.ephemeral.get(message.visible_to)
        if shown and message in shown:
            shown.remove(message)


def drop_channels(world: FakeDiscord, channel_ids: list[int]) -> None:
    """Every message in these channels is history: the match played there ended and nobody clicks on it again."""
    for channel_id in channel_ids:
        channel = world.directory.channels.get(channel_id)
        if channel is None:
            continue
        for message_id in list(channel.messages):
            world.log.messages.pop(message_id, None)
        channel.messages.clear()


def drop_finished(world: FakeDiscord, channel_id: int, players: tuple[int, ...]) -> None:
    """A match ended: its channel's messages (table, pings, result) and its players' DMs (hands) are history."""
    users = world.directory.users
    dms = [users[p].dm_channel_id for p in players if users[p].dm_channel_id is not None]
    drop_channels(world, [channel_id, *dms])  # type: ignore[list-item]


def sweep(world: FakeDiscord) -> None:
    """Forget the request and interaction logs, the messages the bot deleted, and uploaded bytes.

    The stand-in keeps each upload (a table or hand picture, tens of KB) for tests to look at;
    the bot keeps only the URL Discord gave it, so those bytes are Discord's memory, not the bot's.
    """
    world.requests.clear()
    world.interactions.clear()
    for message_id in [m.id for m in world.log.messages.values() if m.deleted]:
        del world.log.messages[message_id]
    for message in world.log.messages.values():
        message.files.clear()
