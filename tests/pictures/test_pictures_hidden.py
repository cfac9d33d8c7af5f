"""The public picture depends on nothing hidden: two states that differ only in a hidden card (a
card swapped between a hand and the deck) give byte-identical table pictures, while the owner's
hand picture does change."""

from __future__ import annotations

import copy
import random

import pytest

from bot.kernel.module import get_game
from bot.pictures.drawing import draw_hand, draw_table


def _drump(state):
    side = state.sides[0]
    return side.hand, state.deck


def _drama(state):
    return state.players[0].hand, state.blue_deck


def _goceng(state):
    return state.hands[state.players[0]], state.deck


def _laga(state):
    return state.players[0].dreams, state.dream_deck


#: game -> (where one seat's hidden cards and a deck of the same kind are, that seat's id)
SWAPS = {"drump": _drump, "drama": _drama, "goceng": _goceng, "laga": _laga}


def _owner(name, state):
    if name == "drump":
        return state.players[0]
    if name == "drama":
        return state.players[0].id
    if name == "goceng":
        return state.players[0]
    return state.players[0].pid


def _midgame(game, count: int, seed: int, moves: int):
    state = game.rules.new_game(list(range(1, count + 1)), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.rules.is_over(state):
            break
        player = sorted(game.rules.waiting(state).actors)[0]
        game.rules.apply(state, player, rng.choice(game.rules.legal_actions(state, player)))
    return state


@pytest.mark.parametrize("name", sorted(SWAPS))
def test_hidden_cards_do_not_change_the_public_picture(name):
    game = get_game(name)
    count = max(game.rules.min_players, 3) if name != "drump" else 2
    names = {pid: f"Player {pid}" for pid in range(1, count + 1)}
    checked = 0
    for seed, moves in ((1, 0), (2, 6), (3, 15), (4, 30)):
        state = _midgame(game, count, seed, moves)
        hand, deck = SWAPS[name](state)
        swap = next(((i, j) for i, card in enumerate(hand) for j, other in enumerate(deck) if other != card), None)
        if game.rules.is_over(state) or swap is None:
            continue
        other = copy.deepcopy(state)
        hand2, deck2 = SWAPS[name](other)
        i, j = swap
        hand2[i], deck2[j] = deck2[j], hand2[i]
        owner = _owner(name, state)
        assert game.rules.view(other, None) == game.rules.view(state, None)
        assert game.rules.view(other, owner) != game.rules.view(state, owner), "the swap changed nothing the owner sees"
        assert draw_table(game, game.rules.view(other, None), names) == draw_table(
            game, game.rules.view(state, None), names
        )
        assert draw_hand(game, game.rules.view(other, owner), names) != draw_hand(
            game, game.rules.view(state, owner), names
        )
        checked += 1
    assert checked >= 2
