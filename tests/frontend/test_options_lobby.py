"""GameModule and table options in Discord: /<game> new parameters, the lobby's panels, who may change what.

Everything goes through discord.py's real code and the stand-in for Discord:
slash commands are checked against the schema the bot synced, and clicks and
selects only reach components the bot really sent, unless a test forges one
on purpose (what a modified client could send).
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.frontend.ui.components import (
    LanguageSelect,
    LobbyButton,
    MyOptionsButton,
    OptionsButton,
    OptionSelect,
    PlayerOptionSelect,
)
from bot.kernel.module import all_games, get_game
from bot.kernel.options import TABLE_OPTIONS
from bot.play.match_types import MatchError
from tests.frontend.table_driver import CHANNEL, GUEST, HOST, STRANGER, Table
from tools.sim import FakeMessage, InteractionRecord

COMMANDS = {"new", "hand", "log", "board", "rules", "concede", "end"}


async def slash(
    table: Table, user: int, game: str, sub: str, options: dict[str, Any] | None = None, **kw: Any
) -> InteractionRecord:
    record = await table.world.slash(table.bot, user, CHANNEL, game, sub, options, **kw)
    await table.world.settle()
    return record


async def open_lobby(table: Table, game: str, options: dict[str, Any] | None = None) -> FakeMessage:
    new = await slash(table, HOST, game, "new", options)
    assert new.message is not None and not new.ephemeral, new.text
    await table.click(GUEST, new.message, LobbyButton.custom_id_for(table.live().id, "join"))
    return table.table_message()


async def stored(table: Table) -> Any:
    return await table.bot.storage.matches.get_match(table.live().id)


async def host_panel(table: Table, lobby: FakeMessage, user: int = HOST) -> InteractionRecord:
    return await table.click(user, lobby, OptionsButton.custom_id_for(table.live().id))


async def my_panel(table: Table, lobby: FakeMessage, user: int) -> InteractionRecord:
    return await table.click(user, lobby, MyOptionsButton.custom_id_for(table.live().id))


def test_every_game_has_its_slash_group_from_the_registry(table: Table):
    registered = {c["name"]: c for cmds in table.world.commands.registered.values() for c in cmds.values()}
    for game in all_games():
        group = registered[game.name]
        assert group["description"] == game.presenter.tagline
        own = {o["name"] for o in group["options"]} - COMMANDS
        assert COMMANDS <= {o["name"] for o in group["options"]}
        assert own == {lookup.name for lookup in game.commands}, own  # extra commands are the game module's own
        new = next(o for o in group["options"] if o["name"] == "new")
        declared = [o for o in game.rules.options if not o.per_player] + list(TABLE_OPTIONS)
        assert [p["name"] for p in new.get("options", [])] == [o.name for o in declared]
        assert all(not p.get("required") for p in new.get("options", []))
    heroes = next(
        p
        for p in next(o for o in registered["drama"]["options"] if o["name"] == "new")["options"]
        if p["name"] == "heroes"
    )
    assert [c["value"] for c in heroes["choices"]] == ["choose", "deal"]


async def test_new_takes_the_options_as_parameters_and_stores_them(table: Table):
    lobby = await open_lobby(table, "drama", {"heroes": "deal", "full_windows": True})
    record = await stored(table)
    assert record.options == {"heroes": "deal"} and record.table_options == {"full_windows": True}
    assert "Heroes:** Dealt at random" in lobby.text and "Full windows:** on" in lobby.text


async def test_new_without_options_stores_the_defaults(table: Table):
    lobby = await open_lobby(table, "laga")
    record = await stored(table)
    assert record.options == {"gender": {}} and record.table_options == {"full_windows": False}
    assert "Gender: not set" in lobby.text


async def test_new_with_a_forged_value_is_refused_with_the_choices_and_creates_nothing(table: Table):
    refused = await slash(table, HOST, "drama", "new", {"heroes": "random"}, forge=True)
    assert refused.ephemeral and "choose or deal" in refused.text and "'random'" in refused.text
    assert table.live() is None and table.world.channel_messages(CHANNEL) == []
    refused = await slash(table, HOST, "drump", "new", {"full_windows": "sometimes"}, forge=True)
    assert refused.ephemeral and "on or off" in refused.text and table.live() is None


@pytest.mark.parametrize("game", [g.name for g in all_games()])
async def test_the_host_sets_every_match_wide_option_through_the_lobby(table: Table, game: str):
    lobby = await open_lobby(table, game)
    panel = await host_panel(table, lobby)
    assert panel.ephemeral and panel.message is not None
    declared = [o for o in get_game(game).rules.options if not o.per_player] + list(TABLE_OPTIONS)
    assert [s.custom_id for s in panel.message.selects()] == [
        OptionSelect.custom_id_for(table.live().id, o.name) for o in declared
    ]
    message = panel.message
    for option in declared:
        for wire, _label in reversed(option.values()):  # the default last, so each option ends on it
            changed = await table.select(
                HOST, message, OptionSelect.custom_id_for(table.live().id, option.name), [wire]
            )
            assert not changed.failed and changed.message is message
            record = await stored(table)
            where = record.table_options if option in TABLE_OPTIONS else record.options
            assert where[option.name] == option.check(wire)
            assert f"{option.title}:** {option.show(option.check(wire))}" in table.table_message().text
            chosen = [
                o.value
                for s in message.selects()
                if s.custom_id.endswith(f":{option.name}")
                for o in s.options
                if o.default
            ]
            assert chosen == [wire]


async def test_each_player_sets_their_own_per_player_option(table: Table):
    lobby = await open_lobby(table, "laga")
    match_id = table.live().id
    for player, gender in ((HOST, "female"), (GUEST, "male")):
        panel = await my_panel(table, lobby, player)
        assert panel.ephemeral and panel.message.visible_to == player
        await table.select(
            player, panel.message, PlayerOptionSelect.custom_id_for(match_id, player, "gender"), [gender]
        )
    record = await stored(table)
    assert record.options == {"gender": {str(HOST): "female", str(GUEST): "male"}}
    text = table.table_message().text
    assert f"<@{HOST}> (host) · Gender: Female" in text and f"<@{GUEST}> · Gender: Male" in text
    # Changing one's mind overwrites only one's own value.
    panel = await my_panel(table, lobby, GUEST)
    await table.select(GUEST, panel.message, PlayerOptionSelect.custom_id_for(match_id, GUEST, "gender"), ["female"])
    assert (await stored(table)).options == {"gender": {str(HOST): "female", str(GUEST): "female"}}


async def test_a_player_cannot_set_another_players_options(table: Table):
    lobby = await open_lobby(table, "laga")
    match_id = table.live().id
    panel = await my_panel(table, lobby, HOST)
    before = await stored(table)
    # GUEST cannot see HOST's ephemeral panel; a forged select with HOST's custom_id is refused.
    forged = await table.select(
        GUEST, panel.message, PlayerOptionSelect.custom_id_for(match_id, HOST, "gender"), ["male"], forge=True
    )
    assert forged.ephemeral and "only change your own options" in forged.text
    # Someone without a seat has no options to set.
    outsider = await my_panel(table, lobby, STRANGER)
    assert outsider.ephemeral and "Take a seat first" in outsider.text
    # (Discord only delivers components that are on the message, so that rule is checked by the service.)
    with pytest.raises(MatchError, match="Take a seat first"):
        await table.bot.service.lobby.set_player_option(match_id, STRANGER, STRANGER, "gender", "male")
    with pytest.raises(MatchError, match="only change your own"):
        await table.bot.service.lobby.set_player_option(match_id, HOST, GUEST, "gender", "male")
    after = await stored(table)
    assert after.options == before.options == {"gender": {}}


async def test_only_the_host_changes_match_wide_options(table: Table):
    lobby = await open_lobby(table, "drama")
    match_id = table.live().id
    refused = await host_panel(table, lobby, GUEST)
    assert refused.ephemeral and "Only the host" in refused.text and not refused.message.selects()
    panel = await host_panel(table, lobby)
    forged = await table.select(
        GUEST, panel.message, OptionSelect.custom_id_for(match_id, "heroes"), ["deal"], forge=True
    )
    assert forged.ephemeral and "Only the host" in forged.text
    forged = await table.select(
        GUEST, panel.message, OptionSelect.custom_id_for(match_id, "full_windows"), ["true"], forge=True
    )
    assert "Only the host" in forged.text
    record = await stored(table)
    assert record.options == {"heroes": "choose"} and record.table_options == {"full_windows": False}
    # Drama has no per-player option of its own, but "My options" is there: it holds each player's language.
    assert MyOptionsButton.custom_id_for(match_id) in lobby.custom_ids()


async def test_bad_and_unknown_values_are_refused_with_the_allowed_ones_and_change_nothing(table: Table):
    lobby = await open_lobby(table, "laga")
    match_id = table.live().id
    host = await host_panel(table, lobby)
    mine = await my_panel(table, lobby, GUEST)
    before = await stored(table)
    cases = [
        (HOST, host.message, OptionSelect.custom_id_for(match_id, "full_windows"), "sometimes", "on or off"),
        (GUEST, mine.message, PlayerOptionSelect.custom_id_for(match_id, GUEST, "gender"), "robot", "male or female"),
    ]
    for user, message, custom_id, value, reason in cases:
        refused = await table.select(user, message, custom_id, [value], forge=True)
        assert refused.ephemeral and reason in refused.text, (custom_id, refused.text)
    # Names no panel offers (Discord only delivers components a message has): refused by the service.
    service = table.bot.service
    for call, reason in [
        (service.lobby.set_option(match_id, HOST, "speed", "2"), "no option speed; the host can change: full_windows"),
        (service.lobby.set_option(match_id, HOST, "gender", "male"), "set by each player"),
        (service.lobby.set_player_option(match_id, GUEST, GUEST, "full_windows", "true"), "no option full_windows"),
        (service.lobby.set_player_option(match_id, GUEST, GUEST, "speed", "2"), "its options are: gender"),
    ]:
        with pytest.raises(MatchError, match=reason):
            await call
    after = await stored(table)
    assert (after.options, after.table_options) == (before.options, before.table_options)


async def test_options_are_frozen_once_the_match_starts(table: Table):
    lobby = await open_lobby(table, "drama")
    match_id = table.live().id
    panel = await host_panel(table, lobby)
    await table.click(HOST, lobby, LobbyButton.custom_id_for(match_id, "start"))
    late = await table.select(HOST, panel.message, OptionSelect.custom_id_for(match_id, "heroes"), ["deal"])
    assert late.ephemeral and "closed" in late.text
    assert (await stored(table)).options == {"heroes": "choose"}


async def test_the_started_drama_match_deals_heroes_when_the_host_chose_so(table: Table):
    lobby = await open_lobby(table, "drama")
    match_id = table.live().id
    panel = await host_panel(table, lobby)
    await table.select(HOST, panel.message, OptionSelect.custom_id_for(match_id, "heroes"), ["deal"])
    await table.select(HOST, panel.message, OptionSelect.custom_id_for(match_id, "full_windows"), ["true"])
    await table.click(HOST, table.table_message(), LobbyButton.custom_id_for(match_id, "start"))
    live = table.live()
    assert live.state.options == {"heroes": "deal"} and set(live.state.dealt) == {HOST, GUEST}
    record = await stored(table)
    assert record.status == "active" and record.table_options == {"full_windows": True}


async def test_the_started_drama_match_lets_players_choose_by_default(table: Table):
    lobby = await open_lobby(table, "drama")
    await table.click(HOST, lobby, LobbyButton.custom_id_for(table.live().id, "start"))
    assert table.live().state.options == {"heroes": "choose"} and table.live().state.dealt == {}


async def test_the_started_laga_match_has_the_genders_players_chose(table: Table):
    lobby = await open_lobby(table, "laga")
    match_id = table.live().id
    panel = await my_panel(table, lobby, HOST)
    await table.select(HOST, panel.message, PlayerOptionSelect.custom_id_for(match_id, HOST, "gender"), ["female"])
    # A third player sets a gender and leaves again: their value goes with them.
    await table.click(STRANGER, lobby, LobbyButton.custom_id_for(match_id, "join"))
    panel = await my_panel(table, lobby, STRANGER)
    await table.select(
        STRANGER, panel.message, PlayerOptionSelect.custom_id_for(match_id, STRANGER, "gender"), ["male"]
    )
    await table.click(STRANGER, lobby, LobbyButton.custom_id_for(match_id, "leave"))
    await table.click(HOST, lobby, LobbyButton.custom_id_for(match_id, "start"))
    live = table.live()
    assert live.record.status == "active"
    assert {p.pid: p.gender for p in live.state.players} == {HOST: "female", GUEST: ""}
    assert (await stored(table)).options == {"gender": {str(HOST): "female"}}


async def test_a_lobby_stored_with_the_old_genders_name_still_starts(table: Table):
    lobby = await open_lobby(table, "laga")
    live = table.live()
    live.record.options = {"genders": {str(GUEST): "male"}}  # how matches were stored before declarations
    await table.bot.storage.matches.save_lobby(live.record)
    table.bot.service.matches._cache.clear()
    await table.click(HOST, lobby, LobbyButton.custom_id_for(live.id, "start"))
    started = table.live()
    assert started.record.status == "active"
    assert {p.pid: p.gender for p in started.state.players} == {HOST: "", GUEST: "male"}


async def test_my_options_sets_the_players_own_language_and_redraws_the_panel_in_it(table: Table):
    """A game with no per-player option still has **My options**: the language, first, as `/language` sets it."""
    lobby = await open_lobby(table, "drama")
    match_id = table.live().id
    languages = table.bot.languages
    panel = await my_panel(table, lobby, GUEST)
    assert panel.ephemeral and "Your language:** English" in panel.text
    assert [s.custom_id for s in panel.message.selects()] == [LanguageSelect.custom_id_for(match_id)]
    chosen = await table.select(GUEST, panel.message, LanguageSelect.custom_id_for(match_id), ["ms"])
    assert await languages.chosen(GUEST) == "ms" and await languages.chosen(HOST) is None
    redrawn = table.world.message(panel.message.id)
    assert chosen.message.id == redrawn.id and "✅" in redrawn.text and "Bahasa Melayu" in redrawn.text
    assert "Your language" not in redrawn.text  # the panel itself is in Malay now
    # /language sees the same choice, and "the server's language" takes it back.
    back = await table.select(GUEST, redrawn, LanguageSelect.custom_id_for(match_id), ["server"])
    assert await languages.chosen(GUEST) is None and "Your language:** English" in back.message.text
    # The lobby in the channel is the server's, untouched by a player's language.
    assert "lobby" in table.world.message(lobby.id).text


async def test_a_forged_language_is_refused_and_changes_nothing(table: Table):
    lobby = await open_lobby(table, "laga")
    match_id = table.live().id
    panel = await my_panel(table, lobby, GUEST)
    assert [s.custom_id for s in panel.message.selects()][:2] == [
        LanguageSelect.custom_id_for(match_id),
        PlayerOptionSelect.custom_id_for(match_id, GUEST, "gender"),
    ]
    refused = await table.select(GUEST, panel.message, LanguageSelect.custom_id_for(match_id), ["klingon"], forge=True)
    assert refused.ephemeral and "There is no language called klingon" in refused.text
    assert await table.bot.languages.chosen(GUEST) is None


async def test_a_language_chosen_after_the_start_is_kept_and_told(table: Table):
    """The panel outlives its lobby; the language is the player's own, so it still counts, told in a reply."""
    lobby = await open_lobby(table, "drump")
    panel = await my_panel(table, lobby, GUEST)
    await table.click(HOST, table.world.message(lobby.id), LobbyButton.custom_id_for(table.live().id, "start"))
    told = await table.select(GUEST, panel.message, LanguageSelect.custom_id_for(table.live().id), ["id"])
    assert told.ephemeral and "Bahasa Indonesia" in told.text
    assert await table.bot.languages.chosen(GUEST) == "id"


def test_a_panel_with_more_options_than_rows_pages_them():
    """Five rows hold five selects; a game with more match-wide options gets pages (4 selects + page buttons)."""
    from bot.frontend.ui.components import PanelPageButton
    from bot.frontend.ui.lobby_view import host_panel
    from bot.kernel.contract import Rules
    from bot.kernel.module import GameModule
    from bot.kernel.options import Option
    from bot.kernel.policy import RandomPolicy
    from bot.kernel.present import Presenter
    from tests.frontend.live_match import live_match

    class ManyRules(Rules[object]):
        name, title = "many", "Many"
        options = tuple(Option(f"o{i}", "int", f"Option {i}", default=1, min=1, max=40) for i in range(6))

    many = GameModule(ManyRules(), Presenter(), {"normal": RandomPolicy})

    live = live_match(many, None, {HOST: "Aisyah"}, status="lobby")
    seen: list[str] = []
    for page in range(2):
        view = host_panel(live, page=page).view
        rows = {item._rendered_row for item in view.children}  # noqa: SLF001 - the rows discord.py will send
        selects = [i for i in view.children if isinstance(i, discord.ui.Select)]
        assert len(rows) <= 5 and all(len(s.options) <= 25 for s in selects)
        assert [i.custom_id for i in view.children if isinstance(i, discord.ui.Button)] == [
            PanelPageButton.custom_id_for(live.id, "host", n) for n in range(2)
        ]
        seen += [s.custom_id.rsplit(":", 1)[1] for s in selects]
    assert seen == ["o0", "o1", "o2", "o3", "o4", "o5", "full_windows"]


async def test_a_game_s_own_commands_come_from_its_module_in_its_group_only(table: Table):
    """A game declares its own commands (Drama's ``card`` look-up); only its group has them, beside the rest."""
    registered = {c["name"]: c for c in table.world.commands.registered[None].values()}
    for game in all_games():
        own = {lookup.name for lookup in game.commands}
        assert {o["name"] for o in registered[game.name]["options"]} == COMMANDS | own, game.name
    assert {lookup.name for lookup in get_game("drama").commands} == {"card"}


def test_a_game_s_own_command_cannot_take_the_name_of_one_every_game_has():
    import dataclasses

    from bot.kernel.present import Board, Lookup
    from cogs.base import game_cog

    clash = Lookup(
        name="hand",
        description="x",
        parameter="name",
        parameter_description="x",
        suggest=lambda typed: [],
        show=lambda name: Board(name),
    )
    with pytest.raises(ValueError, match="every game has"):
        game_cog(dataclasses.replace(get_game("drump"), commands=(clash,)))
