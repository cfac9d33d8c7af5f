"""The pure helpers the platform calls when someone leaves: how the seat is handled, the result that counts."""

from __future__ import annotations

import pytest

from bot.frontend.narrate import final_result
from bot.kernel.contract import Result
from bot.kernel.module import get_game
from bot.play.leaving import leave_kind

A, B, C, D = 11, 22, 33, 44


@pytest.mark.parametrize(
    "name,count,kind",
    [
        ("drump", 2, "concede"),
        ("drama", 2, "concede"),
        ("laga", 2, "concede"),
        ("drama", 3, "eliminate"),
        ("drama", 6, "eliminate"),
        ("laga", 3, "ai"),
        ("laga", 6, "ai"),
        ("goceng", 3, "ai"),
        ("goceng", 6, "ai"),
    ],
)
def test_leave_kind(name, count, kind):
    assert leave_kind(get_game(name), count) == kind


def test_nobody_left_keeps_the_result():
    r = Result((A,), {A: 5, B: 3}, "A won.")
    assert final_result(r, []) is r


def test_a_leaver_who_lost_changes_only_the_summary():
    r = Result((A,), {A: 5, B: 3, C: 1}, "A won.")
    f = final_result(r, [C], {C: "Citra"})
    assert f.winners == (A,) and f.scores == r.scores and not f.is_draw
    assert f.summary == "A won. Citra left the match and counts as a loser."


def test_a_leaver_is_taken_off_a_shared_win():
    f = final_result(Result((A, B), {A: 5, B: 5, C: 9}), [B])
    assert f.winners == (A,) and "Player 22 left the match" in f.summary


def test_when_the_winner_left_the_best_score_among_those_who_stayed_wins():
    r = Result((A,), {A: 9, B: 4, C: 7, D: 7}, "Won with 9 points.")
    f = final_result(r, [A])
    assert f.winners == (C, D) and not f.is_draw and not f.no_winner  # a tie shares the win
    assert f.summary.startswith("Won with 9 points. Player 11 left the match and counts as a loser.")
    assert "best score among those who stayed wins" in f.summary
    assert final_result(r, [A, C]).winners == (D,)


def test_when_every_winner_left_and_there_are_no_scores_nobody_wins():
    f = final_result(Result((A, B), {}, "Both won."), [B, A, B])
    assert f.winners == () and f.no_winner and not f.is_draw
    assert "Player 22, Player 11 left the match and count as losers." in f.summary
    assert "Every winner left, so nobody wins." in f.summary


def test_leaving_never_turns_a_draw_or_no_winner_into_a_win():
    draw = final_result(Result((), {A: 3, B: 3, C: 1}, "Level.", draw=True), [C])
    assert draw.is_draw and draw.winners == ()
    none = final_result(Result((), {A: 3, B: 1}, "No objective holds."), [B])
    assert none.no_winner and none.winners == ()


def test_a_final_result_round_trips_as_stored():
    f = final_result(Result((A,), {A: 9, B: 4}), [A])
    assert Result.from_json(f.to_json()) == f and f.winners == (B,)
