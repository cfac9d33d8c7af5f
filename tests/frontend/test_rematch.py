"""Rematch: a finished match is played again in one click, with the same game, options and AI seats.

Through the real bot: a Laga Jakarta match of two people and an AI seat at the hard level, one person's
gender set, played to its end. Rematch on the result post opens a new lobby below, hosted by whoever
clicked, that names the other person (and nobody else) and keeps the options, the AI seat and its level,
and that person's gender; the other person joins with one click and the host starts it. Someone who did
not play is refused, and a second Rematch while the new lobby is open changes nothing.
"""

from __future__ import annotations

import pytest

from bot.ai.levels import level_of
from bot.frontend.ui.components import LobbyButton, MyOptionsButton, PlayerOptionSelect
from tests.frontend.any_table import CHANNEL, STRANGER, close_table, open_table


@pytest.mark.slow
async def test_rematch_opens_a_lobby_with_the_same_seats_and_options_joined_in_one_click(db_path, clock):
    table = await open_table(db_path, clock, "laga", 2, 1, seed=5)
    try:
        host, guest = table.humans
        new = await table.slash(host, "new")
        lobby = new.message
        old_id = int(next(c for c in lobby.custom_ids() if c.startswith("lobby:")).split(":")[1])
        table.match_id = old_id
        await table.click(guest, table.world.message(lobby.id), LobbyButton.custom_id_for(old_id, "join"))
        panel = await table.click(guest, table.world.message(lobby.id), MyOptionsButton.custom_id_for(old_id))
        await table.world.select(
            table.bot, guest, panel.message, PlayerOptionSelect.custom_id_for(old_id, guest, "gender"), ["female"]
        )
        await table.world.settle()
        await table.bot.service.lobby.add_ai(old_id, host, "hard")  # the host's Add AI at the hard level
        await table.click(host, table.world.message(lobby.id), LobbyButton.custom_id_for(old_id, "start"))
        table.table_id = (await table.live()).record.message_id
        await table.play_out()
        old = await table.bot.storage.matches.get_match(old_id)
        assert old.status == "finished"

        result = next(m for m in table.world.channel_messages(CHANNEL) if "is over" in m.text)
        rematch = LobbyButton.custom_id_for(old_id, "rematch")
        assert rematch in result.custom_ids() and rematch in table.world.message(old.message_id).custom_ids()
        refused = await table.click(STRANGER, result, rematch)
        assert refused.ephemeral and "Only the players of match" in refused.text

        opened = await table.click(guest, result, rematch)
        assert opened.message is not None and not opened.ephemeral
        posted = opened.message
        assert f"<@{host}>" in posted.text and f"<@{guest}>" not in posted.text.split("\n")[0]
        assert [int(u) for u in (opened.requests[0].json["data"].get("allowed_mentions") or {}).get("users", [])] == [
            host
        ]
        fresh = await table.bot.service.matches.in_channel(CHANNEL)
        assert fresh is not None and fresh.id != old_id and fresh.record.status == "lobby"
        assert fresh.record.host_id == guest and fresh.record.players == [guest, -1]
        assert level_of(fresh.record.table_options, -1) == "hard"
        assert fresh.record.options.get("gender") == {str(guest): "female"}
        assert fresh.record.message_id == posted.id
        again = await table.click(host, result, rematch)  # the channel has its lobby: nothing more is opened
        assert again.ephemeral and (await table.bot.service.matches.in_channel(CHANNEL)).id == fresh.id

        await table.click(host, posted, LobbyButton.custom_id_for(fresh.id, "join"))  # one click
        await table.click(guest, table.world.message(posted.id), LobbyButton.custom_id_for(fresh.id, "start"))
        started = await table.bot.service.matches.load(fresh.id)
        assert started.record.status == "active" and sorted(started.record.players) == sorted([guest, -1, host])
        assert {p.pid: p.gender for p in started.state.players if p.pid > 0}[guest] == "female"
    finally:
        await close_table(table)
