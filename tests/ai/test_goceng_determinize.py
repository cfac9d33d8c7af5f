"""Mat Goceng's determinizer, Extra Power negotiations included: a sample is a state the seat cannot tell
from the real one.

Seeded whole games (3 to 6 seats) are checked at every decision, and inside every negotiation for every
seat (the battler and each helper alike, not only the one who moves next): the sample drawn from a seat's
view gives that seat the same view and the same legal actions, holds every card exactly once, and plays
on. An offer the seat cannot see gets a card from the rng that fits the battler's line. Hard then really
searches the negotiation: over seeded positions it departs from normal's choice there where its playouts
clearly say so.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bot.ai import registry
from bot.ai.search import think, value_for
from bot.games.goceng import flow
from bot.games.goceng.sampler import sample
from bot.kernel.contract import next_mover
from bot.kernel.rng import Rng
from tests.games.goceng.goceng_helpers import GAME, all_cards_in_place

RULES = GAME.rules
NORMAL = registry.policy("goceng", "normal")


def _positions(seeds: range) -> Iterator[Any]:
    """The state at every decision of seeded whole games played by normal, 3 to 6 seats."""
    for seed in seeds:
        state = RULES.new_game(list(range(1, 3 + seed % 4 + 1)), seed)
        rng = Rng.seeded(seed)
        while not RULES.is_over(state):
            yield state
            actor = next_mover(RULES, state)
            assert actor is not None
            legal = RULES.legal_actions(state, actor)
            RULES.apply(state, actor, NORMAL.choose(RULES.view(state, actor), legal, rng))


def _in_window(state: Any) -> bool:
    return state.battle is not None and state.battle.window is not None


def test_a_sample_gives_every_seat_its_view_and_legal_actions_in_and_out_of_negotiations():
    checked = in_windows = hidden_offers = 0
    for state in _positions(range(24)):
        seats = state.players if _in_window(state) else [next_mover(RULES, state)]
        for seat in seats:
            view, legal = RULES.view(state, seat), RULES.legal_actions(state, seat)
            world = sample(view, Rng.seeded(checked))
            assert RULES.view(world, seat) == view, (RULES.state_to_json(state), seat)
            assert RULES.legal_actions(world, seat) == legal
            assert all_cards_in_place(world)
            if _in_window(state):
                in_windows += 1
                window = world.battle.window
                for offer in window.stack:  # every offer's card is its helper's, and fits the battler's line
                    assert offer["card"] in world.hands[offer["player"]]
                    assert flow.fits(world.battle, world.battle.holder, offer["card"])
                hidden_offers += sum(1 for o in view["battle"]["window"]["offers"] if o["card"] is None)
            if legal:
                RULES.apply(world, seat, legal[checked % len(legal)])  # the sample plays on like the real state
            checked += 1
    assert in_windows > 500, "too few negotiations checked"
    assert hidden_offers > 20, "no offer the seat could not see"


def test_an_offer_the_seat_cannot_see_is_dealt_by_the_rng():
    for state in _positions(range(40)):
        if not _in_window(state):
            continue
        for seat in state.players:
            view = RULES.view(state, seat)
            hidden = [o["player"] for o in view["battle"]["window"]["offers"] if o["card"] is None]
            if not hidden:
                continue
            cards = {
                tuple(
                    next(o["card"] for o in sample(view, Rng.seeded(i)).battle.window.stack if o["player"] == h)
                    for h in hidden
                )
                for i in range(30)
            }
            if len(cards) > 1:
                return
    raise AssertionError("no hidden offer was ever dealt two ways")


def test_hard_searches_a_negotiation_and_departs_from_normal_where_its_playouts_say_so():
    departed = tried = 0
    for state in _positions(range(30)):
        if not _in_window(state) or tried >= 40:
            continue
        seat = next_mover(RULES, state)
        assert seat is not None
        view, legal = RULES.view(state, seat), RULES.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        tried += 1
        hard = think("goceng", view, legal, seat, seed=tried, playouts=60)
        assert hard in legal
        departed += hard != NORMAL.choose(view, legal, Rng.seeded(tried))
    assert tried == 40
    assert departed >= 3, f"hard departed from normal in {departed} of {tried} negotiation decisions"


def test_a_shared_win_is_worth_a_whole_win_to_the_search_and_nobody_winning_a_loss():
    """Everyone whose objective holds wins Mat Goceng: a win beside an ally is worth as much to a seat as
    one alone, so the search does not shun the moves that let another objective hold too."""
    shared = nobody = None
    for seed in range(1, 200):
        state = RULES.new_game([1, 2, 3, 4], seed)
        rng = Rng.seeded(seed)
        while not RULES.is_over(state):
            actor = next_mover(RULES, state)
            RULES.apply(state, actor, NORMAL.choose(RULES.view(state, actor), RULES.legal_actions(state, actor), rng))
        result = RULES.result(state)
        if len(result.winners) >= 2 and shared is None:
            shared = state
        if result.no_winner and nobody is None:
            nobody = state
        if shared is not None and nobody is not None:
            break
    assert shared is not None and nobody is not None
    winners = RULES.result(shared).winners
    for seat in shared.players:
        assert value_for(RULES, shared, seat) == (1.0 if seat in winners else 0.0)
    assert all(value_for(RULES, nobody, seat) == 0.0 for seat in nobody.players)
