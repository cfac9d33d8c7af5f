"""The table's vote on an absent seat, through the match service on a real database (a Drama table of four).

Three others may vote on the one who is waited on: two votes hand the seat over (stored), one does not;
the absent player, someone gone or covered by the AI cannot vote; a vote on an older decision is refused.
"""

from __future__ import annotations

import pytest

from bot.frontend.compose import compose
from bot.play.match_types import MatchError, StaleTurn
from bot.play.seat_votes import eligible_voters, majority
from tests.games.drama.drama_helpers import P1, P2, P3, P4


@pytest.fixture
def service(storage, clock):
    return compose(storage, clock, seeds=lambda: 1).service


async def _started(service):
    live = await service.lobby.open(guild_id=1, channel_id=61, game_name="drama", host_id=P1, host_name="Aisyah")
    for pid, name in ((P2, "Budi"), (P3, "Citra"), (P4, "Dewi")):
        await service.lobby.join(live.id, pid, name)
    async with service.matches.lock(live.id):
        await service.lobby.start(live.id, P1)
    return live


def test_a_majority_is_more_than_half():
    assert [majority(n) for n in (1, 2, 3, 4, 5)] == [1, 2, 2, 3, 3]


async def test_two_of_three_votes_hand_the_seat_over_and_it_is_stored(service, storage):
    live = await _started(service)
    absent = next(iter(live.waiting.actors))
    others = sorted(eligible_voters(live, absent))
    assert len(others) == 3 and absent not in others
    with pytest.raises(MatchError):
        await service.votes.vote(live.id, live.decision, absent, absent)  # not theirs
    with pytest.raises(StaleTurn):
        await service.votes.vote(live.id, live.decision - 1, others[0], absent)  # an older question
    first = await service.votes.vote(live.id, live.decision, others[0], absent)
    again = await service.votes.vote(live.id, live.decision, others[0], absent)  # one vote each
    assert (first.votes, first.needed, first.handed_over) == (1, 2, False) and again.votes == 1
    assert (await storage.matches.get_match(live.id)).autopilot == []
    second = await service.votes.vote(live.id, live.decision, others[1], absent)
    assert second.handed_over and live.record.autopilot == [absent]
    assert (await storage.matches.get_match(live.id)).autopilot == [absent]
