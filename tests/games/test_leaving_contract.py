"""The engine side of leaving and of results: ``player_left``, the ``@leave`` log entry, ``Result.draw``.

Laga Jakarta and Mat Goceng keep the default ``player_left`` (the seat stays and
the platform's AI plays it), so leaving must change nothing in their state;
DRUMP never sees a leave (two players concede). Every game's ``result`` must
tell a real tie (``draw``) from an ending nobody won.
"""

from __future__ import annotations

import pytest

from bot.kernel.contract import LEAVE, LEAVE_TYPE, Result, Rules, apply_logged, replay
from bot.kernel.module import get_game
from bot.kernel.rng import Rng

DEFAULT_SEATS = [("laga", 6), ("goceng", 6), ("drump", 2)]


def _random_steps(game, state, rng: Rng, steps: int, log: list) -> None:
    for _ in range(steps):
        if game.rules.is_over(state):
            return
        actors = sorted(game.rules.actors(state))
        pid = actors[rng.below(len(actors))]
        legal = game.rules.legal_actions(state, pid)
        action = legal[rng.below(len(legal))]
        game.rules.apply(state, pid, action)
        log.append((pid, action))


def _play_to_end(game, players, seed: int):
    state = game.rules.new_game(players, seed)
    _random_steps(game, state, Rng.seeded(seed), 20000, [])
    assert game.rules.is_over(state)
    return state


# --- the default player_left ----------------------------------------------------------------


@pytest.mark.parametrize("name,count", DEFAULT_SEATS)
def test_the_default_leave_changes_nothing_and_the_log_replays(name, count):
    game = get_game(name)
    players = [1000 + i for i in range(count)]
    state = game.rules.new_game(players, 11)
    log: list = []
    rng = Rng.seeded(3)
    for moment in range(5):
        _random_steps(game, state, rng, 7, log)
        if game.rules.is_over(state):
            break
        before = game.rules.state_to_json(state)
        waiting = game.rules.waiting(state)
        leaver = players[moment % count]
        assert apply_logged(game.rules, state, leaver, dict(LEAVE)) == []
        log.append((leaver, dict(LEAVE)))
        assert game.rules.state_to_json(state) == before and game.rules.waiting(state) == waiting
    assert replay(game.rules, players, 11, None, log) == state


def test_only_drama_overrides_player_left():
    from bot.kernel.module import all_games

    overriding = {g.name for g in all_games() if type(g.rules).player_left is not Rules.player_left}
    assert overriding == {"drama"}


def test_apply_logged_sends_a_leave_to_player_left_and_the_rest_to_apply():
    game = get_game("drama")
    state = game.rules.new_game([1, 2, 3], 1)
    first = state.pick_queue[0]
    action = game.rules.legal_actions(state, first)[0]
    assert apply_logged(game.rules, state, first, action) == [{"type": "pick", "player": first, "hero": action["hero"]}]
    events = apply_logged(game.rules, state, 3, {"type": LEAVE_TYPE})
    assert events[0] == {"type": "left", "player": 3} and 3 in state.eliminated
    assert LEAVE == {"type": "@leave"}


# --- Result: a draw is not "no winner" -------------------------------------------------------


def test_result_tells_a_draw_from_no_winner_from_a_win():
    won, tie, nobody = Result((1,)), Result((), {1: 3, 2: 3}, draw=True), Result(())
    assert (won.has_winner, won.is_draw, won.no_winner) == (True, False, False)
    assert (tie.has_winner, tie.is_draw, tie.no_winner) == (False, True, False)
    assert (nobody.has_winner, nobody.is_draw, nobody.no_winner) == (False, False, True)
    with pytest.raises(ValueError, match="a draw has no winners"):
        Result((1,), draw=True)


def test_result_json_keeps_draw_and_reads_results_stored_before_it():
    for r in (Result((1, 2), {1: 5, 2: 5}, "shared"), Result((), {}, "tie", draw=True), Result((), {}, "none")):
        assert Result.from_json(r.to_json()) == r
    assert Result((), draw=True).to_json()["draw"] is True
    # stored before ``draw`` existed: no winners was shown as a draw then, so it stays one
    assert Result.from_json({"winners": [], "scores": {"1": 2}, "summary": "old"}).is_draw
    old_win = Result.from_json({"winners": [7], "summary": "old"})
    assert old_win.winners == (7,) and not old_win.is_draw


@pytest.mark.parametrize("seed", range(12))
def test_drump_endings_without_a_winner_are_draws(seed):
    """(Arranged level-score endings are checked in drump/test_drump_endings.py.)"""
    game = get_game("drump")
    r = game.rules.result(_play_to_end(game, [1, 2], seed))
    assert r.is_draw == (not r.winners) and not r.no_winner


@pytest.mark.parametrize("seed", range(4))
def test_laga_always_has_a_winner_and_never_draws(seed):
    game = get_game("laga")
    r = game.rules.result(_play_to_end(game, [1, 2, 3], seed))
    assert len(r.winners) == 1 and not r.is_draw and not r.no_winner


def test_goceng_without_a_holding_objective_has_no_winner_not_a_draw(monkeypatch):
    import bot.games.goceng.rules as goceng_game

    game = get_game("goceng")
    state = _play_to_end(game, [1, 2, 3, 4], 5)
    r = game.rules.result(state)
    assert not r.is_draw and r.no_winner == (not r.winners)
    monkeypatch.setattr(goceng_game, "winners", lambda s: [])
    r = game.rules.result(state)
    assert r.no_winner and not r.is_draw and "no winner" in r.summary and "draw" not in r.summary


def test_drama_with_nobody_standing_has_no_winner_not_a_draw():
    game = get_game("drama")
    state = game.rules.new_game([1, 2, 3], 1)
    state.phase, state.winner = "over", None
    r = game.rules.result(state)
    assert r.no_winner and not r.is_draw and r.summary == "Nobody is left standing."
