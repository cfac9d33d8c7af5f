"""Adding a game is adding a folder: a toy game from the test folder, registered, played through Discord.

``tests/toy_game`` is a whole game (rules, presenter, an AI policy, a command of its own)
that no module of the bot names. Registered before the bot starts, it gets what every game
gets: its slash group with the commands every game has and its own, a lobby, a table with
its picker, a hand DM with its secret, AI seats, the result and the history, all through
discord.py's real code.
"""

from __future__ import annotations

import pytest

from bot.frontend.ui.components import LogButton
from bot.kernel.contract import replay
from bot.kernel.module import all_games, get_game, register, unregister
from tests import toy_game
from tests.frontend.any_table import CHANNEL, EXTRA_HIDDEN, HUMANS, close_table, open_table


@pytest.fixture
def toy():
    register(toy_game.MODULE)
    EXTRA_HIDDEN["ambil"] = lambda live, player: {toy_game.lucky_text(live.state.lucky[player])}
    yield toy_game.MODULE
    unregister("ambil")
    EXTRA_HIDDEN.pop("ambil", None)


@pytest.fixture
async def opened(db_path, clock, toy):
    tables = []

    async def open_(humans: int, ais: int = 0):
        table = await open_table(db_path, clock, "ambil", humans, ais)
        tables.append(table)
        return table

    yield open_
    for table in tables:
        await close_table(table)


@pytest.mark.slow
async def test_a_toy_game_from_the_test_folder_is_played_to_the_end_through_discord(opened, toy):
    assert toy in all_games() and get_game("ambil") is toy
    table = await opened(2)
    registered = {c["name"]: c for c in table.world.commands.registered[None].values()}
    assert {o["name"] for o in registered["ambil"]["options"]} == {
        "new",
        "hand",
        "log",
        "board",
        "rules",
        "concede",
        "end",
        "stick",
    }
    assert registered["ambil"]["description"] == toy.presenter.tagline
    await table.open_and_start()
    live = await table.live()
    for player in table.humans:  # each hand DM carries that player's secret, and only theirs
        dm = table.world.dm_messages(player)[0].text
        assert toy_game.lucky_text(live.state.lucky[player]) in dm
        other = next(p for p in table.humans if p != player)
        assert toy_game.lucky_text(live.state.lucky[other]) not in dm
    await table.play_out()
    live = await table.live()
    assert live.record.status == "finished" and live.record.result["winners"] == [live.state.winner]
    assert not table.watch.leaks, table.watch.leaks[:2]
    assert all(record.responded for record in table.clicks)
    channel = "\n".join(m.text for m in table.world.channel_messages(CHANNEL))
    assert "Ambil match" in channel and "The last stick was taken" in channel
    moves = await table.click(table.humans[0], table.table_message(), LogButton.custom_id_for(live.id))
    assert moves.ephemeral and "takes the last stick" in moves.text  # the game's own lines, in the table's Log
    log = await table.bot.storage.matches.action_log(live.id)
    assert (
        replay(
            toy.rules,
            live.record.players,
            live.record.seed,
            live.record.options,
            [(a.player_id, a.action) for a in log],
        ).winner
        == live.state.winner
    )
    rules = await table.slash(HUMANS[0], "rules")
    assert rules.ephemeral and "last stick wins" in rules.text
    history = await table.world.slash(table.bot, HUMANS[0], CHANNEL, "history", None, {"match": live.id})
    await table.world.settle()
    assert f"Ambil match #{live.id}: history" in history.text and "takes the last stick" in history.text


async def test_a_toy_game_seats_an_ai_and_answers_its_own_command(opened):
    table = await opened(1, ais=1)
    await table.open_and_start()
    await table.play_out()
    live = await table.live()
    assert live.record.status == "finished"
    stick = await table.world.slash(table.bot, HUMANS[0], CHANNEL, "ambil", "stick", {"turns": "3"})
    await table.world.settle()
    assert stick.ephemeral and "between 3 and 6 sticks" in stick.text
