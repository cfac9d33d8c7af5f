"""Scenario tests of how DRUMP ends: DRUMP, the second player's last turn, set ranking, deck-out."""

from __future__ import annotations

import pytest
from drump_kit import GAME, A, B, arrange, new, play, refused

from bot.games.drump.outcome import part_score, set_rank


def test_drump_rulebook_example_scores_35():
    # Dragon Head, Hydra Wings, Hydra Body, Pegasus Tail = 13 + 5 + 5 + 12.
    assert part_score(["KS", "JH", "QC", "JD"]) == 35
    state = arrange(new(), parts={A: ["KS", "JD", "JH", "QC"]})
    assert GAME.rules.view(state, B)["sides"][0]["score"] == 35
    assert GAME.rules.view(state, B)["sides"][0]["set"] == "mixed monster"


def test_drump_set_ranking():
    assert (
        set_rank(["KS", "KH", "KC", "KD"])
        > set_rank(["QS", "QH", "QC", "QD"])
        > set_rank(["JS", "JH", "JC", "JD"])
        > set_rank(["10S", "10H", "10C", "10D"])
        > set_rank(["KS", "KH", "KC", "QD"])
        == set_rank(["KS", "", "KC", "KD"])
        == 0
    )


def test_drump_second_player_drump_wins_at_once():
    state = arrange(
        new(),
        turn=B,
        first=A,
        hands={B: ["KD", "5C"]},
        zones={B: {1: ["6H", "7S"]}},
        parts={A: ["KS", "KH", "KC"], B: ["10S", "10H", "10C"]},
    )
    events = play(state, B, "summon", part="KD", zone=1)
    assert [e["type"] for e in events][-2:] == ["drump", "game_over"]
    assert (
        GAME.rules.is_over(state)
        and GAME.rules.actors(state) == frozenset()
        and GAME.rules.legal_actions(state, B) == []
    )
    result = GAME.rules.result(state)
    assert result.winners == (B,) and result.scores == {A: 39, B: 43}
    refused(state, B, {"type": "end_turn"}, "game is over")


def test_drump_first_player_drump_gives_the_second_player_one_last_turn():
    state = arrange(
        new(),
        turn=A,
        first=A,
        hands={A: ["JD", "AS", "2C"]},
        parts={A: ["KS", "KH", "KC"], B: ["QS", "QH"]},
        deck_top=["3C", "4C", "5C"],
    )
    events = play(state, A, "extra_jack", part="JD", ace="AS")
    assert events[-1] == {"type": "drump", "player": A, "set": "mixed monster", "next": "last_turn"}
    assert not GAME.rules.is_over(state) and GAME.rules.waiting(state).turn == A  # the first player finishes the turn
    play(state, A, "place", card="2C", zone=0)
    events = play(state, A, "end_turn")
    assert [e["type"] for e in events] == ["end_turn", "turn_start", "draw", "drew"] and events[1]["last_turn"]
    assert GAME.rules.view(state, None)["last_turn"] and GAME.rules.waiting(state).turn == B
    events = play(state, B, "end_turn")
    assert events[-1]["type"] == "game_over" and events[-1]["reason"] == "last_turn"
    assert GAME.rules.result(state).winners == (A,)


def test_drump_last_turn_compares_sets_when_it_ends_and_the_second_player_may_still_improve():
    state = arrange(
        new(),
        turn=A,
        first=A,
        hands={A: ["JD", "AS"], B: ["JH", "AH", "QH"]},
        parts={A: ["KS", "KH", "KC"], B: ["QS", "QC", "KD"]},
        zones={B: {0: ["5H", "7S"]}},
        deck_top=["3C", "4C", "5C"],
    )
    play(state, A, "extra_jack", part="JD", ace="AS")  # A: mixed, 13+13+13+5 = 44
    play(state, A, "end_turn")
    events = play(state, B, "extra_jack", part="JH", ace="AH")  # B: mixed, 12+5+12+13 = 42, behind
    assert events[-1] == {"type": "drump", "player": B, "set": "mixed monster", "next": "compare"}
    assert not GAME.rules.is_over(state)
    events = play(state, B, "summon", part="QH", zone=0)  # a better body: 12+12+12+13 = 49
    assert events[0]["replaced"] == "JH" and events[-1]["type"] == "summon"  # no second DRUMP event
    assert not GAME.rules.is_over(state)
    play(state, B, "end_turn")
    result = GAME.rules.result(state)
    assert result.winners == (B,) and result.scores == {A: 44, B: 49}


@pytest.mark.parametrize(
    "a_parts, b_parts, winner",
    [
        (["KS", "KH", "KC", "KD"], ["QS", "QH", "QC", "QD"], A),  # Dragon beats Pegasus
        (["10S", "10H", "10C", "10D"], ["KS", "KH", "KC", "QD"], A),  # a full set beats a mixed one
        (["JS", "JH", "JC", "JD"], ["QS", "QH", "QC", "QD"], B),
        (["KS", "QH", "KC", "QD"], ["QS", "KH", "QC", "KD"], None),  # two mixed sets of equal score: a draw
        (["KS", "QH", "KC", "10D"], ["QS", "KH", "QC", "KD"], B),  # two mixed sets: 48 < 50
    ],
)
def test_drump_both_drump_at_the_end_of_the_last_turn(a_parts, b_parts, winner):
    state = arrange(new(), turn=B, first=A, parts={A: a_parts, B: b_parts}, deck_top=["3C"])
    state.drump_pending = True
    events = play(state, B, "end_turn")
    assert events[-1]["type"] == "game_over"
    result = GAME.rules.result(state)
    assert result.winners == ((winner,) if winner else ())
    assert result.is_draw == (winner is None)


def test_drump_deck_out_higher_part_score_wins():
    state = arrange(new(), turn=A, parts={A: ["KS", "JH"], B: ["QS", "10C"]}, deck_size=0)
    events = play(state, A, "end_turn")
    assert [e["type"] for e in events] == ["end_turn", "turn_start", "deck_out", "game_over"]
    assert events[-1]["reason"] == "deck_out" and events[-1]["scores"] == {str(A): 18, str(B): 22}
    assert GAME.rules.result(state).winners == (B,)


def test_drump_deck_out_equal_scores_draw():
    state = arrange(new(), turn=A, parts={A: ["KS", "JH"], B: ["KD", "JC"]}, deck_size=0)
    play(state, A, "end_turn")
    assert GAME.rules.result(state).is_draw and GAME.rules.result(state).scores == {A: 18, B: 18}


def test_drump_deck_out_on_an_attack_draw_ends_the_game_at_once():
    state = arrange(new(), hands={A: ["9S"]}, zones={B: {0: ["8C"]}}, parts={A: ["10S"]}, deck_size=0)
    play(state, A, "attack", target=0, card="9S")
    events = play(state, B, "no_block")
    assert [e["type"] for e in events][-3:] == ["attack_success", "deck_out", "game_over"]
    assert GAME.rules.result(state).winners == (A,)
    assert GAME.rules.view(state, None)["attack"] is None


def test_drump_deck_out_on_a_block_draw_ends_the_game_at_once():
    state = arrange(new(), hands={A: ["9S"], B: ["KC"]}, zones={B: {0: ["8C"]}}, parts={B: ["10S"]}, deck_size=0)
    play(state, A, "attack", target=0, card="9S")
    events = play(state, B, "block", card="KC")
    assert [e["type"] for e in events] == ["block", "deck_out", "game_over"]
    assert GAME.rules.result(state).winners == (B,) and not GAME.rules.waiting(state).in_window


def test_drump_deck_out_after_a_first_player_drump_lets_the_drump_win_even_on_fewer_points():
    state = arrange(
        new(),
        turn=A,
        first=A,
        hands={A: ["JD", "AS"]},
        parts={A: ["JS", "JH", "JC"], B: ["KS", "KH", "KC"]},
        deck_size=0,
    )
    play(state, A, "extra_jack", part="JD", ace="AS")  # a full Hydra set, 20 points, against 39
    events = play(state, A, "end_turn")  # the second player's last turn cannot start: no card to draw
    assert events[-1]["reason"] == "deck_out"
    assert GAME.rules.result(state).winners == (A,)


def test_drump_result_is_refused_while_the_game_goes_on():
    with pytest.raises(ValueError):
        GAME.rules.result(new())
