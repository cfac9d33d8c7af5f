"""Absent players: after a window times out on someone, later windows pass for them until they act.

Through the match service on a real database, at Drama Pukul 7's table of four
(P1 and P2 hold a playable Plot Twist, P3 none; P4's turn).
"""

from __future__ import annotations

import pytest
from test_windows import _table_of_four

from bot.frontend.compose import compose
from bot.games.drama.state import NAMES, player
from bot.play.match_types import AUTO, TIMEOUT
from tests.games.drama.drama_helpers import GAME, P1, P2, P4


@pytest.fixture
def service(storage, clock):
    return compose(storage, clock, seeds=lambda: 1).service


async def _run_until(service, live, done, limit=400):
    """Everyone still asked answers as their timeout would, until ``done(live)``."""
    for _ in range(limit):
        if done(live) or live.state.phase == "over":
            return
        actor = sorted(live.waiting.actors)[0]
        async with service.matches.lock(live.id):
            await service.moves.play(
                live.id, actor, GAME.rules.timeout_action(live.state, actor), decision=live.decision
            )
    raise AssertionError("never got there")


async def test_a_window_timeout_marks_the_player_absent_and_later_windows_pass_for_them(service, clock):
    live = await _table_of_four(service)
    async with service.matches.lock(live.id):
        await service.moves.auto_pass(live.id)  # P3 can only pass
        await service.moves.play(live.id, P2, {"type": "pass"}, decision=live.decision)
    assert live.waiting.actors == {P1}
    clock.advance(21)
    async with service.matches.lock(live.id):
        outcomes = await service.moves.expire(live.id)
    timed = [o for o in outcomes if o.player == P1]
    assert timed and timed[0].by == TIMEOUT
    # A Plot Twist window is secret: who let it run out is told to them alone, never to the table.
    name = live.record.names[P1]
    assert not any(name in line or "Time ran out" in line for o in outcomes for line in o.public_lines)
    told = timed[0].private_lines[P1]
    assert "⏱️ Time ran out for you." in told and any("windows pass for you" in line for line in told)
    assert live.record.absent == [P1] and (await service.store.get_match(live.id)).absent == [P1]
    # The next window (the start of P4's Action phase) does not wait for P1, Plot Twist or not.
    assert live.waiting.actors == {P4} and not live.waiting.in_window  # P4: collect, or attack at once
    async with service.matches.lock(live.id):
        outcomes = await service.moves.play(live.id, P4, {"type": "collect"}, decision=live.decision)
    assert live.state.window is None or P1 not in live.state.window.waiting
    autos = [o for o in outcomes if o.player == P1]
    assert autos and autos[0].by == AUTO and autos[0].action == {"type": "pass"}
    assert P1 in live.record.absent
    assert "Kena Pukau" in [NAMES[c] for c in player(live.state, P1).hand]  # a Plot Twist they could have played


async def test_the_absent_player_is_back_when_they_act_and_their_turn_still_waits(service, clock):
    live = await _table_of_four(service)
    live.record.absent = [P1]
    await _run_until(service, live, lambda lv: lv.waiting.turn == P1 and not lv.waiting.in_window)
    assert live.waiting.actors == {P1}  # a turn (here the collect-or-attack choice) is never passed for
    async with service.matches.lock(live.id):
        outcomes = await service.moves.play(
            live.id, P1, GAME.rules.legal_actions(live.state, P1)[0], decision=live.decision
        )
    assert outcomes[0].player == P1 and P1 not in live.record.absent
    assert P1 not in (await service.store.get_match(live.id)).absent


async def test_a_turn_timeout_does_not_mark_absent_but_counts_towards_the_takeover(service, clock):
    live = await _table_of_four(service)
    await _run_until(service, live, lambda lv: not lv.waiting.in_window)
    turn_player = live.waiting.turn
    clock.advance(10_000)
    async with service.matches.lock(live.id):
        await service.moves.expire(live.id)
    assert turn_player not in live.record.absent and live.record.timeouts.get(turn_player) == 1
