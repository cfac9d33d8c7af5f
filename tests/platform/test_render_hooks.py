"""Two rendering hooks of a game reach Discord within its limits.

``explain_choice``: explained choices are offered as a select with descriptions.
``render_fields``: the board's fields go on the table, the hand DM and the private reply.
The game is DRUMP with the hooks overridden, so the tests see only the platform's part:
where the text goes, and that it is clipped to what Discord accepts.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.kernel.contract import Field, get_game
from bot.play.match_types import LiveMatch
from bot.store.sqlite import ACTIVE, MatchRecord
from bot.frontend.ui import render
from bot.frontend.ui.picker import walk

P1, P2 = 7100000000000001, 7100000000000002


class Explained(type(get_game("drump"))):  # type: ignore[misc]
    def explain_choice(self, state: Any, player: int, key: str, value: Any) -> str:
        return "x" * 150 if key == "type" else ""

    def render_fields(self, view: Any, names: Any) -> list[Field]:
        who = "spectator" if view.get("viewer") is None else "player"
        return [Field(f"{who} seat {i} " + "n" * 300, "v" * 2000) for i in range(30)]


def _live(game: Any) -> LiveMatch:
    state = game.new_game([P1, P2], seed=3)
    record = MatchRecord(id=1, guild_id=1, channel_id=2, game="drump", status=ACTIVE, host_id=P1,
                         players=[P1, P2], names={P1: "Aisyah", P2: "Budi"}, seed=3, options={},
                         state=None, seq=0, result=None, end_reason=None, message_id=None, deadline=None)
    return LiveMatch(record=record, game=game, state=state)


def _components(rendered: render.Rendered) -> list[discord.ui.Item[Any]]:
    assert rendered.view is not None
    return list(rendered.view.children)


def _first_step(live: LiveMatch) -> render.Rendered:
    player = next(iter(live.game.actors(live.state)))
    step = walk(live.game.legal_actions(live.state, player), ())
    return render.picker_message(live, player, step)


def test_explained_choices_become_a_select_with_clipped_descriptions():
    items = _components(_first_step(_live(Explained())))
    selects = [i for i in items if isinstance(i, discord.ui.Select)]
    assert selects and not [i for i in items if isinstance(i, discord.ui.Button)]
    descriptions = [o.description for s in selects for o in s.options]
    assert descriptions and all(d is not None and len(d) == 100 and d.endswith("…") for d in descriptions)


def test_unexplained_first_step_keeps_its_buttons():
    live = _live(get_game("drump"))
    player = next(iter(live.game.actors(live.state)))
    assert len(walk(live.game.legal_actions(live.state, player), ()).choices) <= render.BUTTON_CHOICES
    items = _components(_first_step(live))
    assert items and all(isinstance(i, discord.ui.Button) for i in items)


def _check_limits(embed: discord.Embed) -> None:
    assert len(embed.fields) <= 25 and len(embed) <= 6000
    assert all(len(f.name) <= 256 and len(f.value) <= 1024 for f in embed.fields)


def test_board_fields_go_on_the_table_within_discords_limits():
    live = _live(Explained())
    embed = render.turn_message(live, ["a move"]).embed
    assert embed is not None and embed.fields and embed.fields[0].name.startswith("spectator seat 0")
    _check_limits(embed)


def test_private_messages_carry_the_players_own_fields():
    live = _live(Explained())
    for rendered in (render.private_reply(live, P1),
                     render.hand_dm(live, P1, guild_name="g", channel_id=2, channel_name="c", jump_url=None)):
        assert rendered.embed is not None and rendered.embed.fields[0].name.startswith("player seat 0")
        _check_limits(rendered.embed)


def test_labels_drop_markdown_emphasis_that_buttons_would_show_as_asterisks():
    label = render._option_label
    assert label("Accept 🟥→🟨 *Ajian Mata Menembus Sukma* for 3 silver") == \
        "Accept 🟥→🟨 Ajian Mata Menembus Sukma for 3 silver"
    assert label("**Kedai** slot 2") == "Kedai slot 2"
    assert label("2*3 and a * b") == "2*3 and a * b"
    assert len(label("*" + "x" * 120 + "*")) == 100


class Asking(type(get_game("drump"))):  # type: ignore[misc]
    def describe_question(self, state: Any, player: int, key: Any, chosen: Any, names: Any = None) -> str:
        other = P2 if player == P1 else P1
        return f"{names[other]} attacks your zone 2. Block?"


def test_a_window_prompt_does_not_quote_what_its_question_already_says():
    live = _live(Asking())
    player = next(iter(live.game.actors(live.state)))
    other = live.name_of(P2 if player == P1 else P1)
    prompt = render.window_prompt(live, player, [f"{other} draws a card.", f"{other} attacks your zone 2."],
                                  guild_name="g")
    assert prompt.content is not None
    assert prompt.content.startswith(f"⚡ **{other} attacks your zone 2. Block?**")
    assert f"> {other} draws a card." in prompt.content and f"> {other} attacks" not in prompt.content
