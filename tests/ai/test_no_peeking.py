"""No peeking: an AI seat decides from its seat's view only, at every level and in every game.

Each test plays a seeded game some moves in, then builds a second state that differs
only in what the acting seat cannot see (the opponents' hidden cards swapped with the
deck's, the deck reordered, a fresh engine Rng), checks that the two views are equal and
the states are not, and asserts the same decision from both with the same seed.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from bot.ai import registry
from bot.ai.levels import LEVELS
from bot.ai.search import think
from bot.kernel.module import all_games, get_game
from bot.kernel.rng import Rng

#: Playouts of a hard decision here (the bench and the bot use a time budget instead).
PLAYOUTS = 24


def _swap_one(hidden: list[Any], deck: list[Any]) -> bool:
    """Swap the first card of ``hidden`` with a different card of ``deck``; True if one was swapped."""
    for i, card in enumerate(deck):
        if hidden and card != hidden[0]:
            hidden[0], deck[i] = card, hidden[0]
            return True
    return False


def _drump(state: Any, player: int) -> bool:
    foe = state.sides[1 - state.seat_of(player)]
    swapped = _swap_one(foe.hand, state.deck)
    for cards, up in zip(foe.zones, foe.up, strict=True):
        for i, face_up in enumerate(up):
            if not face_up and state.deck:
                cards[i], state.deck[-1] = state.deck[-1], cards[i]
                swapped = True
    state.deck.reverse()
    return swapped


def _drama(state: Any, player: int) -> bool:
    swapped = False
    for other in state.players:
        if other.id != player and other.hand:
            swapped = _swap_one(other.hand, state.blue_deck) or swapped
    state.blue_deck.reverse()
    state.green_deck.reverse()
    return swapped


def _laga(state: Any, player: int) -> bool:
    swapped = False
    for other in state.players:
        if other.pid != player:
            swapped = _swap_one(other.dreams, state.dream_deck) or swapped
    state.job_deck.reverse()
    state.dream_deck.reverse()
    state.news_deck.reverse()
    return swapped


def _goceng(state: Any, player: int) -> bool:
    swapped = False
    for other, hand in state.hands.items():
        if other != player:
            swapped = _swap_one(hand, state.deck) or swapped
    state.deck.reverse()
    return swapped


HIDE: dict[str, Callable[[Any, int], bool]] = {"drump": _drump, "drama": _drama, "laga": _laga, "goceng": _goceng}


def _positions(name: str, count: int = 6, moves: int = 17) -> list[tuple[Any, Any, int]]:
    """(state, twin, actor) pairs a few moves into seeded normal games, where the twin hides something else."""
    game = get_game(name)
    normal = registry.policy(name, "normal")
    found = []
    for seed in range(40):
        players = list(range(1, game.rules.min_players + 1))
        state = game.rules.new_game(players, seed)
        rng = Rng.seeded(seed)
        for _ in range(moves + seed % 7):
            if game.rules.is_over(state):
                break
            actor = sorted(game.rules.actors(state))[0]
            legal = game.rules.legal_actions(state, actor)
            game.rules.apply(state, actor, normal.choose(game.rules.view(state, actor), legal, rng))
        if game.rules.is_over(state):
            continue
        actor = sorted(game.rules.actors(state))[0]
        if len(game.rules.legal_actions(state, actor)) < 2:
            continue
        twin = copy.deepcopy(state)
        if not HIDE[name](twin, actor):
            continue
        twin.rng = Rng.seeded(seed * 7919 + 1)
        if game.rules.view(twin, actor) != game.rules.view(state, actor):
            continue  # the swap touched something the seat sees: not a fair pair
        assert game.rules.state_to_json(twin) != game.rules.state_to_json(state)
        found.append((state, twin, actor))
        if len(found) >= count:
            break
    assert found, f"no position of {name} with hidden information to vary"
    return found


def _decide(name: str, level: str, state: Any, actor: int, seed: int) -> Any:
    game = get_game(name)
    view, legal = game.rules.view(state, actor), game.rules.legal_actions(state, actor)
    if level == "hard":
        return think(name, view, legal, actor, seed, playouts=PLAYOUTS)
    return registry.policy(name, level).choose(view, legal, Rng.seeded(seed))


@pytest.mark.parametrize("name", sorted(HIDE))
@pytest.mark.parametrize("level", LEVELS)
def test_a_seat_decides_the_same_whatever_it_cannot_see(name: str, level: str):
    positions = _positions(name, count=3 if level == "hard" else 6)
    for i, (state, twin, actor) in enumerate(positions):
        assert _decide(name, level, state, actor, 99 + i) == _decide(name, level, twin, actor, 99 + i)


@pytest.mark.parametrize("name", sorted([g.name for g in all_games() if g.sampler is not None]))
def test_a_sampler_reads_the_view_only_and_deals_a_state_with_that_view(name: str):
    game = get_game(name)
    sample = registry.sampler(name)
    assert sample is not None
    dealt = 0
    for state, twin, actor in _positions(name, count=10):
        try:
            one = sample(game.rules.view(state, actor), Rng.seeded(5))
        except NotImplementedError:  # a position the sampler leaves to the normal choice
            continue
        two = sample(game.rules.view(twin, actor), Rng.seeded(5))
        assert game.rules.state_to_json(one) == game.rules.state_to_json(two)
        assert game.rules.view(one, actor) == game.rules.view(state, actor)
        assert game.rules.legal_actions(one, actor) == game.rules.legal_actions(state, actor)
        dealt += 1
    assert dealt
