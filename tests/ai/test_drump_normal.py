"""Normal DRUMP against the rule-based baseline, and every mechanism of the game in its play.

The bench (``python -m bot bench ai``) plays 500 games; here 200 seeded games with the
same set-up keep the test quick, with the 60% bar (the bench: 377 wins, 7 draws, 116 losses over seeds 1–500;
365 / 7 / 128 before normal learnt to attack lone cards with Aces, count a second part for a slot as spare
and attack hidden cards only at 90%).
"""

from __future__ import annotations

from collections import Counter

import pytest

from bot.ai.arena import duel
from bot.games.drump.ai import EasyPolicy, NormalPolicy
from bot.games.drump.cards import HAND_LIMIT, IS_ACE, VALUE
from bot.kernel.module import get_game
from bot.kernel.rng import Rng
from tests.ai.drump_baseline import BaselinePolicy

pytestmark = pytest.mark.slow

GAME = get_game("drump")


def test_normal_beats_the_baseline_in_at_least_60_percent_of_200_games():
    tally = duel(GAME, NormalPolicy(), BaselinePolicy(), 200)
    assert tally.wins >= 0.6 * tally.games, tally.to_json()


def test_the_baseline_is_no_push_over_it_beats_easy():
    assert duel(GAME, BaselinePolicy(), EasyPolicy(), 200).score > 0.6


def _mechanisms(games: int) -> Counter[str]:
    """What normal does over ``games`` games against itself (the seat counted alternating)."""
    seen: Counter[str] = Counter()
    normal, base = NormalPolicy(), NormalPolicy()
    for seed in range(games):
        players = [1, 2]
        mine = players[seed % 2]
        state = GAME.rules.new_game(players, seed)
        rng = Rng.seeded(seed)
        while not GAME.rules.is_over(state):
            (player,) = GAME.rules.actors(state)
            view = GAME.rules.view(state, player)
            legal = GAME.rules.legal_actions(state, player)
            policy = normal if player == mine else base
            action = policy.choose(view, legal, rng)
            if player == mine:
                kind = action["type"]
                if kind == "block" and action["card"] in IS_ACE:
                    kind = "ace_block"
                if kind == "place":
                    side = view["sides"][players.index(player)]
                    if not side["zones"][action["zone"]]:
                        kind = "first"
                        if 5 <= VALUE[action["card"]] <= 9:
                            # Over the hand limit the card is placed or lost: opening with it costs nothing.
                            kind = "surplus_first" if len(side["hand"]) > HAND_LIMIT else "risky_first"
                seen[kind] += 1
                if kind == "attack" and action["card"] in IS_ACE:
                    seen["ace_attack"] += 1
                if kind == "exchange" and action["take"] == "draw":
                    seen["exchange_draw"] += 1
            GAME.rules.apply(state, player, action)
    return seen


def test_normal_attacks_blocks_with_aces_re_attacks_and_opens_zones_safely():
    """Every mechanism is used, attacks often, and a zone is opened with a 5-9 (which one foe card clears) only
    rarely by choice.

    The bound on risky openings counts the ones normal chooses: a card over the hand limit (``surplus_first``)
    would be discarded at the end of the turn, so opening a zone with it loses nothing. Normal now attacks
    hidden cards only when the clear is near certain and keeps its Aces out of builds, so it holds more Force
    Cards and meets the hand limit more often (its first turn above all: six cards, four empty zones); counting
    those openings too (about 24% of all openings over these games, 29% with ``KEEP_FORCES`` at 2) measured
    that, not the choice of an opener, which has no risky one left.
    """
    seen = _mechanisms(60)
    kinds = ("attack", "ace_attack", "block", "ace_block", "reattack", "exchange", "exchange_draw", "summon")
    for kind in (*kinds, "extra_jack"):
        assert seen[kind] > 0, (kind, seen)
    assert seen["attack"] >= 60, seen
    assert seen["risky_first"] < 0.25 * (seen["first"] + seen["risky_first"]), seen
