"""The match service: lobby rules, guarded moves, window deadlines that fire once, replay."""

from __future__ import annotations

import pytest

from bot.frontend.compose import compose
from bot.kernel.contract import IllegalAction, replay
from bot.kernel.rng import Rng
from bot.play.match_types import MatchError, StaleTurn
from bot.play.record import ABANDONED, FINISHED
from bot.play.service import MatchService

HOST, GUEST, STRANGER = 101, 202, 303


async def _started(service: MatchService):
    live = await service.lobby.open(guild_id=1, channel_id=50, game_name="drump", host_id=HOST, host_name="Aisyah")
    await service.lobby.join(live.id, GUEST, "Budi")
    async with service.matches.lock(live.id):
        return await service.lobby.start(live.id, HOST)


async def _play_until_window(service: MatchService, live, rng: Rng, limit: int = 400):
    """Random legal moves until a block window is open (a DRUMP attack)."""
    game = live.game
    for _ in range(limit):
        if game.rules.is_over(live.state):
            return False
        if game.rules.waiting(live.state).in_window:
            return True
        player = sorted(game.rules.actors(live.state))[0]
        legal = game.rules.legal_actions(live.state, player)
        attacks = [a for a in legal if a["type"] == "attack"]
        action = attacks[0] if attacks and rng.random() < 0.5 else rng.choice(legal)
        async with service.matches.lock(live.id):
            await service.moves.act(live.id, player, action, decision=live.decision)
    return False


@pytest.fixture
def service(storage, clock):
    seeds = iter(range(1000, 2000))
    return compose(storage, clock, seeds=lambda: next(seeds)).service


async def test_lobby_rules(service):
    live = await service.lobby.open(guild_id=1, channel_id=50, game_name="drump", host_id=HOST, host_name="Aisyah")
    with pytest.raises(MatchError, match="already has a lobby: DRUMP match #"):
        await service.lobby.open(guild_id=1, channel_id=50, game_name="drump", host_id=GUEST, host_name="Budi")
    async with service.matches.lock(live.id):
        with pytest.raises(MatchError, match="needs exactly 2 players; there are 1"):
            await service.lobby.start(live.id, HOST)
    await service.lobby.join(live.id, GUEST, "Budi")
    with pytest.raises(MatchError, match="already in"):
        await service.lobby.join(live.id, GUEST, "Budi")
    with pytest.raises(MatchError, match="full"):
        await service.lobby.join(live.id, STRANGER, "Citra")
    async with service.matches.lock(live.id):
        with pytest.raises(MatchError, match="Only the host"):
            await service.lobby.start(live.id, GUEST)
    await service.lobby.leave(live.id, GUEST)
    assert (await service.store.get_match(live.id)).players == [HOST]


async def test_ai_seats_in_the_lobby(service):
    live = await service.lobby.open(guild_id=1, channel_id=50, game_name="drump", host_id=HOST, host_name="Aisyah")
    with pytest.raises(MatchError, match="Only the host can add"):
        await service.lobby.add_ai(live.id, GUEST)
    with pytest.raises(MatchError, match="no AI player"):
        await service.lobby.remove_ai(live.id, HOST)
    await service.lobby.add_ai(live.id, HOST)
    with pytest.raises(MatchError, match="full"):
        await service.lobby.add_ai(live.id, HOST)
    await service.lobby.leave(live.id, HOST)  # the host may give up their seat and still host
    await service.lobby.add_ai(live.id, HOST)
    stored = await service.store.get_match(live.id)
    assert stored.players == [-1, -2] and stored.names[-2] == "AI 2" and stored.host_id == HOST
    await service.lobby.remove_ai(live.id, HOST)
    assert (await service.store.get_match(live.id)).players == [-1]


async def test_moves_are_refused_cleanly(service):
    live = await _started(service)
    game = live.game
    player = game.rules.waiting(live.state).turn
    other = GUEST if player == HOST else HOST
    stored = (await service.store.get_match(live.id)).state
    action = game.rules.legal_actions(live.state, player)[0]
    with pytest.raises(MatchError, match="not your turn"):
        await service.moves.act(live.id, other, action, decision=0)
    with pytest.raises(MatchError, match="not playing"):
        await service.moves.act(live.id, STRANGER, action, decision=0)
    with pytest.raises(StaleTurn):
        await service.moves.act(live.id, player, action, decision=5)
    with pytest.raises(IllegalAction):
        await service.moves.act(live.id, player, {"type": "place", "card": "ZZ", "zone": 9}, decision=0)
    assert (await service.store.get_match(live.id)).state == stored
    assert game.rules.state_to_json(live.state) == stored
    outcome = await service.moves.act(live.id, player, action, decision=0)
    assert outcome.seq == 1 and (await service.store.get_match(live.id)).seq == 1


async def test_block_window_deadline_fires_once(service, clock):
    live = await _started(service)
    assert await _play_until_window(service, live, Rng.seeded(11))
    stored = await service.store.get_match(live.id)
    assert stored.deadline == pytest.approx(clock.now() + 20)
    async with service.matches.lock(live.id):
        assert await service.moves.expire(live.id) == []  # not due yet
    clock.advance(21)
    async with service.matches.lock(live.id):
        outcomes = await service.moves.expire(live.id)
        again = await service.moves.expire(live.id)
    assert [o.action for o in outcomes] == [{"type": "no_block"}]
    assert outcomes[0].timed_out and "Time ran out" in outcomes[0].public_lines[0]
    assert again == []
    assert not live.game.rules.waiting(live.state).in_window
    # Back to the attacker's turn: a turn deadline of the server's turn length.
    assert (await service.store.get_match(live.id)).deadline == pytest.approx(clock.now() + 180)


async def test_concede_and_abort(service):
    live = await _started(service)
    async with service.matches.lock(live.id):
        end = await service.leaving.leave(live.id, GUEST)
    assert end.result.winners == (HOST,)
    assert (await service.store.get_match(live.id)).status == FINISHED
    live2 = await service.lobby.open(guild_id=1, channel_id=50, game_name="drump", host_id=HOST, host_name="A")
    with pytest.raises(MatchError, match="Only the host"):
        await service.leaving.end(live2.id, GUEST, may_manage=False)
    await service.leaving.end(live2.id, GUEST, may_manage=True)
    assert (await service.store.get_match(live2.id)).status == ABANDONED


async def test_full_match_replays_from_the_log(service):
    live = await _started(service)
    rng = Rng.seeded(5)
    game = live.game
    while not game.rules.is_over(live.state):
        player = sorted(game.rules.actors(live.state))[0]
        async with service.matches.lock(live.id):
            await service.moves.act(
                live.id, player, rng.choice(game.rules.legal_actions(live.state, player)), decision=live.decision
            )
    stored = await service.store.get_match(live.id)
    assert stored.status == FINISHED and stored.result is not None
    log = await service.store.action_log(live.id)
    rebuilt = replay(game.rules, stored.players, stored.seed, stored.options, [(a.player_id, a.action) for a in log])
    assert game.rules.state_to_json(rebuilt) == stored.state


async def _started_for_three(service: MatchService, game_name: str, channel_id: int):
    live = await service.lobby.open(guild_id=1, channel_id=channel_id, game_name=game_name, host_id=HOST, host_name="A")
    await service.lobby.join(live.id, GUEST, "B")
    await service.lobby.join(live.id, STRANGER, "C")
    async with service.matches.lock(live.id):
        return await service.lobby.start(live.id, HOST)


async def test_a_game_may_time_its_windows_with_its_own_setting(service, clock):
    """Mat Goceng's Extra Power negotiation uses negotiation_seconds, not the block-window length."""
    players = [HOST, GUEST, STRANGER]
    live = await _started_for_three(service, "goceng", channel_id=51)
    game, rng = live.game, Rng.seeded(4)
    for _ in range(3000):
        if game.rules.waiting(live.state).in_window or game.rules.is_over(live.state):
            break
        player = sorted(game.rules.actors(live.state))[0]
        legal = game.rules.legal_actions(live.state, player)
        wanted = [a for a in legal if a["type"] in ("ask_help", "fight")]
        async with service.matches.lock(live.id):
            await service.moves.act(live.id, player, wanted[0] if wanted else rng.choice(legal), decision=live.decision)
    assert game.rules.waiting(live.state).in_window and set(players) >= game.rules.actors(live.state)
    assert live.record.deadline == pytest.approx(clock.now() + 60)


async def test_a_window_with_several_players_keeps_its_deadline_and_times_out_together(service, clock):
    """Drama Pukul 7's Plot Twist window: a pass does not extend the others' time; at the deadline
    everyone still waiting is timed out at once, each exactly once."""
    players = [HOST, GUEST, STRANGER]
    live = await _started_for_three(service, "drama", channel_id=52)
    game, rng = live.game, Rng.seeded(8)
    for _ in range(3000):
        if game.rules.waiting(live.state).in_window and len(game.rules.actors(live.state)) >= 2:
            break
        player = sorted(game.rules.actors(live.state))[0]
        async with service.matches.lock(live.id):
            await service.moves.act(
                live.id, player, rng.choice(game.rules.legal_actions(live.state, player)), decision=live.decision
            )
    waiting = sorted(game.rules.actors(live.state))
    assert len(waiting) >= 2 and set(waiting) <= set(players)
    deadline = live.record.deadline
    assert deadline == pytest.approx(clock.now() + 20)
    clock.advance(5)
    async with service.matches.lock(live.id):
        await service.moves.act(live.id, waiting[0], {"type": "pass"}, decision=live.decision)
    assert game.rules.waiting(live.state).in_window and waiting[0] not in game.rules.actors(live.state)
    assert live.record.deadline == deadline, "a pass must not extend the others' window"
    still = sorted(game.rules.actors(live.state))
    clock.advance(16)
    async with service.matches.lock(live.id):
        outcomes = await service.moves.expire(live.id)
    timed_out = [o.player for o in outcomes if o.timed_out]
    assert timed_out == still and all(o.action["type"] == "pass" for o in outcomes if o.timed_out)
    assert all(o.by == "auto" for o in outcomes if not o.timed_out)  # the next windows' automatic passes
    log = await service.store.action_log(live.id)
    assert [a.player_id for a in log[-len(outcomes) :]] == [o.player for o in outcomes]


async def test_a_match_lock_lives_only_while_it_is_used():
    import gc

    from bot.play.match_locks import MatchLocks

    locks = MatchLocks()
    held = locks.get(1)
    async with held:
        assert locks.get(1) is held  # everyone who asks meanwhile waits on the same lock
    del held
    gc.collect()
    assert len(locks) == 0  # nobody holds it: nothing kept
    locks.get(1)
    assert len(locks) == 0  # a fresh one, dropped again as soon as nobody holds it
