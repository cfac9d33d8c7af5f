"""Laga Jakarta's determinizer: a sample is a state the seat cannot tell from the real one.

Seeded whole games (2 to 6 seats, normal or random play) are checked at every decision: the
sample drawn from the deciding seat's view gives that seat the same view and the same legal
actions, holds every card exactly once, plays on, and is dealt afresh by the rng wherever
something is hidden. Hard then really searches Laga: over seeded positions it departs from
normal's choice where its playouts clearly say so.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.ai import registry
from bot.ai.search import think
from bot.games.laga.sampler import sample
from bot.kernel.module import get_game
from bot.kernel.policy import RandomPolicy
from bot.kernel.rng import Rng
from tests.games.laga.laga_helpers import census

G = get_game("laga")
NORMAL = registry.policy("laga", "normal")


def _decisions(seeds: range) -> Iterator[tuple[Any, int, Rng]]:
    """(state, actor, rng) at every decision of seeded whole games; odd seeds play random moves."""
    for seed in seeds:
        state = G.rules.new_game(list(range(1, 2 + seed % 5 + 1)), seed)
        policy = RandomPolicy() if seed % 2 else NORMAL
        rng = Rng.seeded(seed)
        while not G.rules.is_over(state):
            actor = sorted(G.rules.actors(state))[0]
            yield state, actor, rng
            G.rules.apply(
                state, actor, policy.choose(G.rules.view(state, actor), G.rules.legal_actions(state, actor), rng)
            )


def test_a_sample_gives_the_seat_its_view_and_legal_actions_at_every_decision_of_whole_games():
    checked = unseen_looking = 0
    for state, actor, rng in _decisions(range(30)):
        view, legal = G.rules.view(state, actor), G.rules.legal_actions(state, actor)
        world = sample(view, Rng.seeded(checked))
        assert G.rules.view(world, actor) == view, (G.rules.state_to_json(state), actor)
        assert G.rules.legal_actions(world, actor) == legal
        census(world)
        unseen_looking += bool(world.looking) and not view["you"]["looking"]
        G.rules.apply(world, actor, legal[rng.below(len(legal))])  # the sample plays on like the real state
        checked += 1
    assert checked > 3000
    assert unseen_looking, "no position with cards looked at that the seat cannot see"


def test_what_the_seat_cannot_see_is_dealt_by_the_rng_from_the_cards_it_cannot_account_for():
    def hidden(s, seat):
        return [p.dreams for p in s.players if p.pid != seat], s.dream_deck, s.job_deck, s.news_deck

    varied = 0
    for state, actor, _ in _decisions(range(4)):
        view = G.rules.view(state, actor)
        one, two = sample(view, Rng.seeded(1)), sample(view, Rng.seeded(2))
        assert G.rules.state_to_json(one) == G.rules.state_to_json(sample(view, Rng.seeded(1)))
        seen = set(view["you"]["dreams"]) | {d for p in view["players"] for d in p["completed"]}
        for world in (one, two):
            assert world.player(actor).dreams == view["you"]["dreams"]
            others = [d for p in world.players if p.pid != actor for d in p.dreams]
            assert not seen & set(others + world.dream_deck)
        varied += hidden(one, actor) != hidden(two, actor)
    assert varied > 100


@pytest.mark.slow
def test_hard_searches_laga_and_departs_from_normal_where_the_playouts_say_so():
    departed = searched = 0
    for i, (state, actor, _) in enumerate(_decisions(range(40, 42))):
        legal = G.rules.legal_actions(state, actor)
        if i % 9 or len(legal) < 2:
            continue
        view = G.rules.view(state, actor)
        searched += 1
        normal = NORMAL.choose(view, legal, Rng.seeded(Rng.seeded(i).next64()))  # the draw ``think`` gives normal
        departed += think("laga", view, legal, actor, i, playouts=24) != normal
    assert searched >= 10 and departed, (searched, departed)
