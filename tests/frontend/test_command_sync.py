"""Slash commands synced once per change, not per start: a restart on the same database sends no sync, a changed
command or translation syncs again, a failed sync is tried again at the next start, and of two processes on one
PostgreSQL database only the first syncs. Each bot is a real ``GameBot`` on the Discord stand-in, whose recorded
requests show every sync (a bulk ``PUT`` of the commands)."""

from __future__ import annotations

import sys
from pathlib import Path

import discord
import pytest

from bot.frontend.client import COGS, GameBot
from bot.kernel import i18n
from bot.locales.pseudo import write_pseudo_catalogues
from tests.frontend.any_table import GUILD, make_world
from tools.sim import FakeDiscord

GLOBAL_COMMANDS = "/applications/{application_id}/commands"
GUILD_COMMANDS = "/applications/{application_id}/guilds/{guild_id}/commands"

#: An extension adding one command whose description the test writes (loaded like the bot's own cogs).
PROBE = """
import discord
from discord import app_commands


async def setup(bot):
    @app_commands.command(name="probe", description={description!r})
    async def probe(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("probed", ephemeral=True)

    bot.tree.add_command(probe)
"""


def _bot(location: str, clock, *, cogs: tuple[str, ...] = COGS, dev_guild_id: int | None = None) -> GameBot:
    return GameBot(
        database=location, clock=clock, cogs=cogs, dev_guild_id=dev_guild_id, partitions=4, balance_every=None
    )


def _syncs(world: FakeDiscord, route: str = GLOBAL_COMMANDS) -> list[object]:
    """Every sync the bots sent to ``route`` (global or a server's), in order."""
    return [r for r in world.requests if r.method == "PUT" and r.route == route]


async def _start(world: FakeDiscord, bot: GameBot) -> GameBot:
    await world.connect(bot)
    return bot


async def test_a_restart_on_the_same_database_does_not_sync_again(location, clock):
    world = make_world(2)
    first = await _start(world, _bot(location, clock))
    assert len(_syncs(world)) == 1 and _syncs(world)[0].ok
    await first.close()
    await _start(world, _bot(location, clock))
    assert len(_syncs(world)) == 1
    # A new world (another Discord application) on the same database is synced: the fingerprint is per application.
    other = FakeDiscord(app_id=1_100_000_000_000_000_077)
    await _start(other, _bot(location, clock))
    assert len(_syncs(other)) == 1


async def test_a_changed_description_or_translation_syncs_again(db_path, clock, tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    monkeypatch.syspath_prepend(str(tmp_path))
    probe = Path(tmp_path / "sync_probe.py")
    cogs = (*COGS, "sync_probe")
    world = make_world(2)

    async def restart(description: str) -> None:
        probe.write_text(PROBE.format(description=description))
        bot = await _start(world, _bot(str(db_path), clock, cogs=cogs))
        await bot.close()

    await restart("Probes the bot.")
    await restart("Probes the bot.")
    assert len(_syncs(world)) == 1
    await restart("Probes the bot, now in other words.")
    assert len(_syncs(world)) == 2
    [probed] = [c for c in _syncs(world)[-1].json if c["name"] == "probe"]
    assert probed["description"] == "Probes the bot, now in other words."
    (tmp_path / "locales").mkdir()
    write_pseudo_catalogues(tmp_path / "locales")
    i18n.set_locales_dir(tmp_path / "locales")  # every translation changes
    try:
        await restart("Probes the bot, now in other words.")
        assert len(_syncs(world)) == 3
        await restart("Probes the bot, now in other words.")
        assert len(_syncs(world)) == 3
    finally:
        i18n.set_locales_dir(None)


async def test_a_sync_that_fails_is_sent_again_at_the_next_start(db_path, clock):
    world = make_world(2)
    world.rest.fail_next("PUT", GLOBAL_COMMANDS, 403)
    with pytest.raises(discord.Forbidden):
        await _start(world, _bot(str(db_path), clock))
    assert len(_syncs(world)) == 1 and not _syncs(world)[0].ok
    await _start(world, _bot(str(db_path), clock))
    assert len(_syncs(world)) == 2 and _syncs(world)[1].ok


async def test_the_development_server_and_every_server_are_synced_each_once(db_path, clock):
    world = make_world(2)
    for _ in range(2):
        bot = await _start(world, _bot(str(db_path), clock, dev_guild_id=GUILD))
        await bot.close()
    assert len(_syncs(world, GUILD_COMMANDS)) == 1 and not _syncs(world)
    for _ in range(2):
        bot = await _start(world, _bot(str(db_path), clock))
        await bot.close()
    assert len(_syncs(world, GUILD_COMMANDS)) == 1 and len(_syncs(world)) == 1


async def test_of_two_processes_on_one_postgresql_database_only_the_first_syncs(postgres_url, clock):
    world = make_world(2)
    world.gateway.duplicate_sessions = True
    first = await _start(world, _bot(postgres_url, clock))
    assert len(_syncs(world)) == 1
    second = await _start(world, _bot(postgres_url, clock))
    assert len(_syncs(world)) == 1
    assert not first.is_closed() and not second.is_closed()
