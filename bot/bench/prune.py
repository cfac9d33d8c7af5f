"""Dropping what the stand-in keeps only for tests to inspect, once the benchmark has read it.

``FakeDiscord`` records every request, every interaction (with its payload)
and every message ever sent, deleted ones included, so that a test can look
back. A benchmark of thousands of moves would then measure the stand-in's
growing logs as the bot's memory. These helpers forget exactly those records
after they were read; nothing the bot or a player can still reach is touched.
"""

from __future__ import annotations

from bot.sim import FakeDiscord, FakeMessage, InteractionRecord


def forget_interaction(world: FakeDiscord, record: InteractionRecord) -> None:
    """The bot has finished with this interaction: its token need not resolve any more."""
    world._interactions.pop(record.token, None)


def drop_message(world: FakeDiscord, message: FakeMessage) -> None:
    """An ephemeral message its player has moved on from (a newer picker replaced it)."""
    world._messages.pop(message.id, None)
    if message.visible_to is not None:
        shown = world._ephemeral.get(message.visible_to)
        if shown and message in shown:
            shown.remove(message)


def sweep(world: FakeDiscord) -> None:
    """Forget the request and interaction logs and the messages the bot deleted."""
    world.requests.clear()
    world.interactions.clear()
    for message_id in [m.id for m in world._messages.values() if m.deleted]:
        del world._messages[message_id]
