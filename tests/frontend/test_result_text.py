"""A result explains itself: each score says what it counts, in the game's own unit."""

from __future__ import annotations

import pytest

from bot.frontend.ui import render
from bot.kernel.contract import Result
from bot.kernel.module import all_games
from bot.play.match_types import LiveMatch
from bot.play.record import FINISHED, MatchRecord

A, B = 7100000000000001, 7100000000000002
UNITS = {"drama": ("5 Air Muka", "1 Air Muka"), "drump": ("5 points", "1 point"), "goceng": ("5 silver", "1 silver")}
UNITS["laga"] = UNITS["drump"]


@pytest.mark.parametrize("game", [g.name for g in all_games()])
def test_each_score_of_a_result_carries_its_unit(game):
    module = next(g for g in all_games() if g.name == game)
    record = MatchRecord(
        id=1,
        guild_id=1,
        channel_id=2,
        game=game,
        status=FINISHED,
        host_id=A,
        players=[A, B],
        names={A: "Aisyah", B: "Budi"},
        seed=1,
        options={},
        state=None,
        seq=3,
        result=None,
        end_reason="played",
        message_id=None,
        deadline=None,
    )
    text = render.result_text(LiveMatch(record=record, game=module), Result((A,), {A: 5, B: 1}, "A summary."))
    five, one = UNITS[game]
    assert f"Aisyah: {five} · Budi: {one}" in text, text
