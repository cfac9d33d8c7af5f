"""Seeded random playouts in which random players leave at random moments.

Whatever the table waits on when someone leaves (a pick, a window, a choice, a
Dengki, their own turn), the engine's invariants must hold at every step, the
match must still reach its end with one of the players who stayed as the
winner, the state must survive the JSON round trip, and replaying the action
log with its ``@leave`` entries must rebuild the very same state.
"""

from __future__ import annotations

import pytest

from bot.games.drama.state import player
from bot.kernel.contract import LEAVE, IllegalAction, apply_logged, replay
from bot.kernel.rng import Rng
from tests.games.drama.drama_helpers import GAME, check_accounting, check_invariants, ids_in, public_cards

pytestmark = pytest.mark.slow

GAMES = 150
MAX_STEPS = 20000
#: About one leave per this many steps: most games see several leaves, at all sorts of moments.
LEAVE_ODDS = 25


def _playout(seed: int) -> dict[str, int]:
    n = 3 + seed % 4
    ids = [1001 + i for i in range(n)]
    options = {"heroes": "deal" if seed % 2 else "choose"}
    state = GAME.rules.new_game(ids, seed, options)
    rng = Rng.seeded(seed * 104729 + 7)
    log: list[tuple[int, dict]] = []
    left: list[int] = []
    moments: dict[str, int] = {}
    for step in range(MAX_STEPS):
        check_accounting(state)
        check_invariants(state)
        if step % 20 == 0:
            assert GAME.rules.state_from_json(GAME.rules.state_to_json(state)) == state
        if GAME.rules.is_over(state):
            break
        if rng.below(LEAVE_ODDS) == 0:
            pid = ids[rng.below(n)]
            if not player(state, pid).alive:
                before = GAME.rules.state_to_json(state)
                with pytest.raises(IllegalAction):
                    GAME.rules.player_left(state, pid)
                assert GAME.rules.state_to_json(state) == before
                continue
            moment = _moment(state, pid)
            moments[moment] = moments.get(moment, 0) + 1
            events = apply_logged(GAME.rules, state, pid, dict(LEAVE))
            log.append((pid, dict(LEAVE)))
            left.append(pid)
            public = [e for e in events if "visible_to" not in e]
            assert ids_in(public) <= public_cards(state), "a public event shows a hidden card"
            assert pid not in GAME.rules.actors(state)
            assert GAME.rules.state_from_json(GAME.rules.state_to_json(state)) == state
            continue
        actors = sorted(GAME.rules.actors(state))
        assert actors and all(player(state, a).alive for a in actors)
        for a in actors:
            assert GAME.rules.timeout_action(state, a) in GAME.rules.legal_actions(state, a)
        pid = actors[rng.below(len(actors))]
        legal = GAME.rules.legal_actions(state, pid)
        action = legal[rng.below(len(legal))]
        GAME.rules.apply(state, pid, action)
        log.append((pid, action))
    else:
        raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} steps")
    result = GAME.rules.result(state)
    assert not set(result.winners) & set(left), "a leaver won"
    if len(left) == n - 1:
        assert result.winners == tuple(set(ids) - set(left))
    assert GAME.rules.state_from_json(GAME.rules.state_to_json(state)) == state
    assert replay(GAME.rules, ids, seed, options, log) == state
    return moments


def _moment(state, pid: int) -> str:
    """What the table was waiting on when ``pid`` left, from their point of view."""
    if state.phase == "pick":
        return "pick"
    if state.choice is not None:
        return "own choice" if state.choice.player == pid else "other's choice"
    if state.window is not None:
        if state.attack is not None and pid in (state.attack.attacker, state.attack.target):
            return "dengki"
        return "eligible in window" if pid in state.window.waiting else "window"
    return "own turn" if state.turn.player == pid else "other's turn"


def test_random_leaves_at_random_moments_keep_the_game_sound():
    seen: dict[str, int] = {}
    for seed in range(GAMES):
        for k, v in _playout(seed).items():
            seen[k] = seen.get(k, 0) + v
    # the playouts really do leave at each kind of moment
    assert {"pick", "own turn", "other's turn", "eligible in window", "window", "dengki"} <= set(seen), seen
    assert seen.get("own choice", 0) + seen.get("other's choice", 0) > 0, seen
