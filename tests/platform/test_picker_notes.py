"""A game's ``explain_choice`` reaches the picker: explained choices are offered as a select with descriptions.

The game is DRUMP with one hook overridden, so the test sees only the platform's part:
where the explanation goes, that it is clipped to Discord's 100 characters, and that
a step without explanations keeps its buttons.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import get_game
from bot.match_types import LiveMatch
from bot.storage import ACTIVE, MatchRecord
from bot.ui import render
from bot.ui.picker import walk

P1, P2 = 7100000000000001, 7100000000000002


class Explained(type(get_game("drump"))):  # type: ignore[misc]
    def explain_choice(self, state: Any, player: int, key: str, value: Any) -> str:
        return "x" * 150 if key == "type" else ""


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
