"""Response windows at a table of four: answers stay valid for the round, automatic passes, preferences.

The match runs through the match service on a real database; the window is
Drama Pukul 7's opening Plot Twist window, arranged so that three players
hold a Plot Twist they may play and one holds none.
"""

from __future__ import annotations

import itertools

import pytest

from bot.frontend.compose import compose
from bot.games.drama.state import IS_PLOT_TWIST, player
from bot.play.match_types import AUTO, StaleTurn
from bot.play.service import MatchService
from tests.games.drama.drama_helpers import BLUE_COUNT, GAME, P1, P2, P3, P4, give, new

TWIST = "Kena Pukau"


def _arranged():
    """The opening window of turn 1: P4's turn; P1 and P2 hold a playable Plot Twist, P3 holds none."""
    s = new(4)
    assert s.turn.player == P4 and s.window is not None and s.window.waiting == [P1, P2, P3]
    for pid in (P1, P2):
        give(s, pid, TWIST)
    p3 = player(s, P3)
    for card in [c for c in p3.hand if IS_PLOT_TWIST[c]]:
        p3.hand.remove(card)
        (s.blue_deck if card < BLUE_COUNT else s.green_deck).insert(0, card)
    assert len(GAME.rules.legal_actions(s, P1)) > 1 and len(GAME.rules.legal_actions(s, P2)) > 1
    assert GAME.rules.legal_actions(s, P3) == [{"type": "pass"}]
    return s


@pytest.fixture
def service(storage, clock):
    return compose(storage, clock, seeds=lambda: 1).service


async def _table_of_four(service: MatchService, *, full_windows: bool = False):
    live = await service.lobby.open(guild_id=1, channel_id=60, game_name="drama", host_id=P1, host_name="Aisyah")
    for pid, name in ((P2, "Budi"), (P3, "Citra"), (P4, "Dewi")):
        await service.lobby.join(live.id, pid, name)
    live.record.table_options["full_windows"] = full_windows
    async with service.matches.lock(live.id):
        await service.lobby.start(live.id, P1)
    live.state = _arranged()
    live.record.deadline = service.clock.now() + 20  # as the window round would have it
    return live


async def test_the_player_who_can_only_pass_is_passed_for_and_nobody_else(service):
    live = await _table_of_four(service)
    decision = live.decision
    async with service.matches.lock(live.id):
        outcomes = await service.moves.auto_pass(live.id)
    assert [(o.player, o.action, o.by) for o in outcomes] == [(P3, {"type": "pass"}, AUTO)]
    assert live.waiting.actors == {P1, P2} and live.decision == decision  # the round goes on
    assert outcomes[0].public_lines == []  # a pass is not announced: it would tell who held a Plot Twist


@pytest.mark.parametrize("order", list(itertools.permutations([P1, P2, P3])))
async def test_answers_in_any_order_stay_valid_for_the_whole_round(service, clock, order):
    live = await _table_of_four(service, full_windows=True)  # everyone asked, P3 included
    decision, deadline = live.decision, live.record.deadline
    for i, pid in enumerate(order):
        clock.advance(2)
        async with service.matches.lock(live.id):
            outcomes = await service.moves.play(live.id, pid, {"type": "pass"}, decision=decision)
        if i < len(order) - 1:
            assert live.waiting.in_window and pid not in live.waiting.actors
            assert live.decision == decision and live.record.deadline == deadline
            assert not any(o.new_decision for o in outcomes)
    assert live.decision != decision  # the round ended: a new question


async def test_an_ai_answering_first_leaves_the_humans_prompts_valid(service, clock):
    live = await _table_of_four(service, full_windows=True)
    live.record.autopilot.append(P2)  # the AI plays P2's seat
    decision = live.decision
    async with service.matches.lock(live.id):
        ai = await service.moves.ai_move(live.id, P2)
    assert ai[0].player == P2 and live.decision == decision
    async with service.matches.lock(live.id):
        await service.moves.play(live.id, P1, {"type": "pass"}, decision=decision)
    assert P1 not in live.waiting.actors


async def test_a_response_starts_a_new_round_and_the_old_prompts_say_so(service):
    live = await _table_of_four(service, full_windows=True)
    decision = live.decision
    twist = next(a for a in GAME.rules.legal_actions(live.state, P1) if a["type"] == "play")
    async with service.matches.lock(live.id):
        await service.moves.play(live.id, P1, twist, decision=decision)
    assert live.waiting.in_window and live.decision != decision
    with pytest.raises(StaleTurn):
        async with service.matches.lock(live.id):
            await service.moves.play(live.id, P2, {"type": "pass"}, decision=decision)
    async with service.matches.lock(live.id):  # the new round's prompt is valid
        await service.moves.play(live.id, P2, {"type": "pass"}, decision=live.decision)


async def test_at_the_deadline_everyone_still_asked_times_out_at_once(service, clock):
    live = await _table_of_four(service, full_windows=True)
    async with service.matches.lock(live.id):
        await service.moves.play(live.id, P2, {"type": "pass"}, decision=live.decision)
    clock.advance(21)
    async with service.matches.lock(live.id):
        outcomes = await service.moves.expire(live.id)
    assert [o.player for o in outcomes if o.timed_out] == [P1, P3]


async def test_always_ask_me_and_full_windows_keep_the_prompt(service):
    live = await _table_of_four(service)
    await service.people.set_pref(P3, "always_ask", True)
    async with service.matches.lock(live.id):
        assert await service.moves.auto_pass(live.id) == []
    assert P3 in live.waiting.actors
    await service.people.set_pref(P3, "always_ask", False)
    async with service.matches.lock(live.id):
        assert [o.player for o in await service.moves.auto_pass(live.id)] == [P3]


async def test_full_windows_ask_everyone(service):
    live = await _table_of_four(service, full_windows=True)
    async with service.matches.lock(live.id):
        assert await service.moves.auto_pass(live.id) == []
    assert live.waiting.actors == {P1, P2, P3}


async def test_pass_until_my_turn_passes_even_with_a_plot_twist_until_the_turn_comes(service):
    live = await _table_of_four(service)
    await service.leaving.set_skipping(live, P1, True)
    async with service.matches.lock(live.id):
        passed = [o.player for o in await service.moves.auto_pass(live.id)]
    assert P1 in passed and P1 not in live.waiting.actors
    stored = await service.store.get_match(live.id)
    assert P1 in stored.skipping
    # The switch holds until P1's own turn starts.
    for _ in range(400):
        if live.waiting.turn == P1 or live.state.phase == "over":
            break
        actor = sorted(live.waiting.actors)[0]
        action = GAME.rules.timeout_action(live.state, actor)
        async with service.matches.lock(live.id):
            await service.moves.play(live.id, actor, action, decision=live.decision)
    assert live.waiting.turn == P1
    assert P1 not in live.record.skipping and P1 not in (await service.store.get_match(live.id)).skipping


async def test_a_decider_is_never_passed_for_while_offers_may_come(storage, clock):
    """Mat Goceng: the battler who asked for Extra Power waits for the offers; nobody answers for them."""
    service = compose(storage, clock, seeds=lambda: 3).service
    players = [11, 12, 13]
    live = await service.lobby.open(guild_id=1, channel_id=61, game_name="goceng", host_id=11, host_name="A")
    for pid in players[1:]:
        await service.lobby.join(live.id, pid, f"P{pid}")
    async with service.matches.lock(live.id):
        await service.lobby.start(live.id, 11)
    game = live.game
    for _ in range(3000):
        if live.waiting.in_window or game.rules.is_over(live.state):
            break
        actor = sorted(live.waiting.actors)[0]
        legal = game.rules.legal_actions(live.state, actor)
        wanted = [a for a in legal if a["type"] in ("ask_help", "fight")]
        async with service.matches.lock(live.id):
            await service.moves.act(live.id, actor, wanted[0] if wanted else legal[0], decision=live.decision)
    window = live.waiting.window
    assert window is not None and window.decider is not None
    async with service.matches.lock(live.id):
        outcomes = await service.moves.auto_pass(live.id)
    assert window.decider not in [o.player for o in outcomes]
    # Every non-battler is asked alike (a full window): nobody is passed for, whatever their cards.
    assert outcomes == [] and live.waiting.in_window and window.full
    # The battler may take no offer at any time, so they are asked from the start; never passed for.
    assert window.decider in live.waiting.actors
