"""Leaving a running match at every player count, as the ruling says, through the match service.

Two players: the other one wins. More: the match goes on without the leaver,
who counts as a loser: Drama Pukul 7 eliminates their hero, Laga Jakarta and
Mat Goceng let the AI play their seat to the end. Each match is played out
with the games' own timeout moves and AI seats, and its log replays.
"""

from __future__ import annotations

import pytest

from bot.frontend.compose import compose
from bot.frontend.ui.render import result_text
from bot.kernel.contract import LEAVE_TYPE, replay
from bot.kernel.module import get_game
from bot.play.match_types import MatchEnd, MatchError
from bot.play.moves import check_turn
from bot.play.service import MatchService

PEOPLE = [101, 102, 103, 104, 105, 106]
CASES = [
    (game, count)
    for game in ("drama", "laga", "goceng")
    for count in range(max(3, get_game(game).rules.min_players), get_game(game).rules.max_players + 1)
]


@pytest.fixture
def service(storage, clock):
    seeds = iter(range(40, 400))
    return compose(storage, clock, seeds=lambda: next(seeds)).service


async def _started(service: MatchService, game: str, count: int, channel: int = 70):
    live = await service.lobby.open(guild_id=1, channel_id=channel, game_name=game, host_id=PEOPLE[0], host_name="P101")
    for pid in PEOPLE[1:count]:
        await service.lobby.join(live.id, pid, f"P{pid}")
    async with service.matches.lock(live.id):
        await service.lobby.start(live.id, PEOPLE[0])
    return live


async def _play_out(service: MatchService, live, limit: int = 20_000) -> None:
    """Every seat's move is the game's AI policy's until the end (as for absent players)."""
    for _ in range(limit):
        if live.record.status != "active":
            return
        actor = sorted(live.waiting.actors)[0]
        async with service.matches.lock(live.id):
            await service.moves.ai_move(live.id, actor)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("game", ["drump", "drama", "laga", "goceng"])
async def test_two_players_the_other_one_wins(service, game):
    if get_game(game).rules.min_players > 2:
        pytest.skip(f"{game} needs more than two players")
    live = await _started(service, game, 2)
    async with service.matches.lock(live.id):
        end = await service.leaving.leave(live.id, PEOPLE[1])
    assert isinstance(end, MatchEnd) and end.result.winners == (PEOPLE[0],)
    assert (await service.store.get_match(live.id)).status == "finished"


@pytest.mark.parametrize("game,count", CASES)
async def test_a_larger_match_goes_on_without_the_leaver_who_loses(service, storage, game, count):
    live = await _started(service, game, count)
    leaver = PEOPLE[1]
    async with service.matches.lock(live.id):
        outcomes = await service.leaving.leave(live.id, leaver)
    assert isinstance(outcomes, list) and outcomes[0].action == {"type": LEAVE_TYPE}
    assert live.record.status == "active" and leaver in live.record.left
    if game == "drama":
        assert leaver in live.state.eliminated and leaver not in live.waiting.actors
    else:
        assert live.ai_controls(leaver) and "AI plays their seat" in " ".join(outcomes[0].public_lines)
        assert not await service.moves.reclaim(live, leaver), "a leaver cannot take the seat back"
    with pytest.raises(MatchError, match="already left"):
        async with service.matches.lock(live.id):
            await service.leaving.leave(live.id, leaver)
    with pytest.raises(MatchError, match="left this match"):
        check_turn(live, leaver, None)
    await _play_out(service, live)
    stored = await service.store.get_match(live.id)
    assert stored.status == "finished" and leaver not in stored.result["winners"]
    assert "left the match" in stored.result["summary"]
    records = {r.game: r for r in await storage.records.player_records(1, leaver, count_ai=True)}
    assert records[game].played == 1 and records[game].won == 0
    log = await service.store.action_log(live.id)
    rebuilt = replay(
        live.game.rules, stored.players, stored.seed, stored.options, [(a.player_id, a.action) for a in log]
    )
    assert live.game.rules.state_to_json(rebuilt) == stored.state


async def test_everyone_but_one_leaving_drama_ends_it_for_the_last_hero(service):
    live = await _started(service, "drama", 4)
    for leaver in PEOPLE[1:4]:
        async with service.matches.lock(live.id):
            await service.leaving.leave(live.id, leaver)
    stored = await service.store.get_match(live.id)
    assert stored.status == "finished" and stored.result["winners"] == [PEOPLE[0]]


def test_results_say_no_winner_or_draw_as_they_mean(service):
    from bot.kernel.contract import Result

    class Named:
        def name_of(self, player):
            return f"P{player}"

    assert "No winner" in result_text(Named(), Result(winners=()))
    assert "Draw" in result_text(Named(), Result(winners=(), draw=True))
    assert "Draw" not in result_text(Named(), Result(winners=()))
    assert "P7 wins" in result_text(Named(), Result(winners=(7,)))
