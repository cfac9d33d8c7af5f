"""What a game's presenter gives reaches Discord within its limits.

``choice_note``: a few explained choices are buttons under their explanations; many are a select with descriptions.
``board``: the board's fields go on the table, the hand DM and the private reply.
``question``: a question longer than a line is shortened to one, once, here.
The game is DRUMP with its presenter changed, so the tests see only the platform's part:
where the text goes, and that it is clipped to what Discord accepts.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import discord

from bot.frontend.ui import render
from bot.frontend.ui.picker import walk
from bot.kernel.module import GameModule, get_game
from bot.kernel.present import Board, Field
from bot.play.match_types import LiveMatch
from tests.frontend.live_match import live_match

P1, P2 = 7100000000000001, 7100000000000002


DRUMP = get_game("drump")


def _note(state: Any, player: int, key: str, value: Any) -> str:
    return "x" * 150


def _board(view: Any, names: Any) -> Board:
    who = "spectator" if view.get("viewer") is None else "player"
    return Board(
        DRUMP.presenter.board(view, names).text,
        tuple(Field(f"{who} seat {i} " + "n" * 300, "v" * 2000) for i in range(30)),
    )


def Explained() -> GameModule:  # noqa: N802 - reads like the class it replaced
    """DRUMP whose choices are explained at length and whose board has too many, too long boxes."""
    return dataclasses.replace(DRUMP, presenter=dataclasses.replace(DRUMP.presenter, choice_note=_note, board=_board))


def _live(game: Any) -> LiveMatch:
    state = game.rules.new_game([P1, P2], seed=3)
    return live_match(game, state, {P1: "Aisyah", P2: "Budi"})


def _components(rendered: render.Rendered) -> list[discord.ui.Item[Any]]:
    assert rendered.view is not None
    return list(rendered.view.children)


def _first_step(live: LiveMatch) -> render.Rendered:
    player = next(iter(live.game.rules.actors(live.state)))
    step = walk(live.game.rules.legal_actions(live.state, player), ())
    return render.picker_message(live, player, step)


def _many_choices(live: LiveMatch) -> render.Rendered:
    """The first step, walked from the first action, that offers more choices than buttons would hold."""
    player = next(iter(live.game.rules.actors(live.state)))
    legal = live.game.rules.legal_actions(live.state, player)
    step = walk(legal, ())
    while len(step.choices) <= render.BUTTON_CHOICES and step.action is None:
        step = walk(legal, (*step.path, 0))
    assert len(step.choices) > render.BUTTON_CHOICES, "no step of the first turn has that many choices"
    return render.picker_message(live, player, step)


def test_a_few_explained_choices_are_buttons_under_their_explanations():
    rendered = _first_step(_live(Explained()))
    items = _components(rendered)
    assert items and all(isinstance(i, discord.ui.Button) for i in items)  # one tap each
    assert rendered.embed is not None and rendered.embed.description is not None
    lines = rendered.embed.description.splitlines()
    listed = [next(line for line in lines if line.startswith(f"**{item.label}** · ")) for item in items]
    assert all(line.endswith("…") for line in listed)  # each read above its button, cut to fit


def test_many_explained_choices_become_a_select_with_clipped_descriptions():
    items = _components(_many_choices(_live(Explained())))
    selects = [i for i in items if isinstance(i, discord.ui.Select)]
    assert selects
    descriptions = [o.description for s in selects for o in s.options]
    assert descriptions and all(d is not None and len(d) == 100 and d.endswith("…") for d in descriptions)


def test_unexplained_first_step_keeps_its_buttons():
    live = _live(get_game("drump"))
    player = next(iter(live.game.rules.actors(live.state)))
    assert len(walk(live.game.rules.legal_actions(live.state, player), ()).choices) <= render.BUTTON_CHOICES
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
    for rendered in (
        render.private_reply(live, P1),
        render.hand_dm(live, P1, guild_name="g", channel_id=2, channel_name="c", jump_url=None),
    ):
        assert rendered.embed is not None and rendered.embed.fields[0].name.startswith("player seat 0")
        _check_limits(rendered.embed)


def test_labels_drop_markdown_emphasis_that_buttons_would_show_as_asterisks():
    label = render._option_label
    assert (
        label("Accept 🟥→🟨 *Ajian Mata Menembus Sukma* for 3 silver")
        == "Accept 🟥→🟨 Ajian Mata Menembus Sukma for 3 silver"
    )
    assert label("**Kedai** slot 2") == "Kedai slot 2"
    assert label("2*3 and a * b") == "2*3 and a * b"
    assert len(label("*" + "x" * 120 + "*")) == 100


def _asking(state: Any, player: int, key: Any, chosen: Any, names: Any = None) -> str:
    other = P2 if player == P1 else P1
    return f"{names[other]} attacks your zone 2. Block?"


def Asking(question: Any = _asking) -> GameModule:  # noqa: N802 - reads like the class it replaced
    """DRUMP whose first question names the attacker (as a game with names in its questions would)."""
    return dataclasses.replace(DRUMP, presenter=dataclasses.replace(DRUMP.presenter, question=question))


def test_a_window_prompt_does_not_quote_what_its_question_already_says():
    live = _live(Asking())
    player = next(iter(live.game.rules.actors(live.state)))
    other = live.name_of(P2 if player == P1 else P1)
    prompt = render.window_prompt(
        live, player, [f"{other} draws a card.", f"{other} attacks your zone 2."], guild_name="g"
    )
    assert prompt.content is not None
    assert prompt.content.startswith(f"⚡ **{other} attacks your zone 2. Block?**")
    assert f"> {other} draws a card." in prompt.content and f"> {other} attacks" not in prompt.content


def test_a_question_longer_than_a_line_is_shortened_to_one_on_the_picker_and_the_prompt():
    live = _live(Asking(lambda state, player, key, chosen, names=None: "Block " + "the attack " * 20 + "?"))
    player = next(iter(live.game.rules.actors(live.state)))
    picker = _first_step(live).embed
    assert picker is not None and picker.title is not None
    # cut between words, as close to the limit as a whole word allows
    assert render.QUESTION_LIMIT - 12 < len(picker.title) <= render.QUESTION_LIMIT
    assert picker.title.endswith("the attack the…")
    prompt = render.window_prompt(live, player, [], guild_name="g").content
    assert prompt is not None and ("the attack " * 8) in prompt and ("the attack " * 10) not in prompt


def _plainly_named(state: Any, player: int, key: str, value: Any) -> str:
    return str(value).capitalize()


def _unfolded_labels(legal: list[dict[str, Any]], path: tuple[int, ...] = ()) -> list[str]:
    """The button labels of the picker step at ``path`` of ``legal``, each choice named by its value."""
    game = dataclasses.replace(
        DRUMP, presenter=dataclasses.replace(DRUMP.presenter, choice_label=_plainly_named, choice_note=lambda *a: "")
    )
    live = _live(game)
    return [item.label for item in _components(render.picker_message(live, P1, walk(legal, path)))]


def test_an_unfolded_option_is_named_by_what_it_plays_and_what_sets_it_apart():
    """A kind whose moves all play one card unfolds under the kind and that card ("Play › Anak › Budi"); an
    option whose choice shares a detail never asked keeps both ("Pride › Coin › 1"): no two buttons say the same."""
    plays = [{"type": "play", "card": "anak", "target": t} for t in ("budi", "citra")] + [{"type": "end"}]
    assert _unfolded_labels(plays) == ["Play › Anak › Budi", "Play › Anak › Citra", "End"]
    transforms = [
        {"type": "transform", "from": "pride", "to": to, "amount": n} for to in ("coin", "skill") for n in (1, 2)
    ]
    labels = _unfolded_labels([*transforms, {"type": "end"}], (0,))
    assert labels[:4] == ["Pride › Coin › 1", "Pride › Coin › 2", "Pride › Skill › 1", "Pride › Skill › 2"]


def test_kinds_of_move_unfold_while_the_buttons_fit_and_a_long_shared_name_gives_way_to_the_option():
    attacks = [{"type": "attack", "target": t} for t in ("budi", "citra")]
    buys = [{"type": "buy", "slot": s} for s in ("one", "two", "three", "four", "five", "six", "seven", "eight")]
    labels = _unfolded_labels([*attacks, *buys, {"type": "end"}])
    assert labels == ["Attack › Budi", "Attack › Citra", "Buy", "End"]  # eight more would not fit: Buy stays folded
    long_kind = [{"type": "declare " + "very " * 20 + "long", "target": t} for t in ("budi", "citra")]
    labels = _unfolded_labels([*long_kind, {"type": "end"}])
    assert labels[0].endswith("› Budi") and labels[1].endswith("› Citra") and len(labels[0]) <= render.UNFOLDED_LABEL
