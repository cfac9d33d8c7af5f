"""The Drama Pukul 7 determinizer deals states the seat cannot tell from the real one, at the moments it covers.

Whole seeded games (two to four seats, normal in every seat) are walked move by move; at
every decision the acting seat's view is sampled. Where the sampler deals (the turn
player's own decisions), the dealt state must show that seat the same view, offer the
same legal actions, and hold every card exactly once; elsewhere it must say so by
raising NotImplementedError. The no-peeking tests (test_no_peeking.py) check that the
sample reads the view only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from bot.ai import registry
from bot.games.drama.cards import BLUE_COUNT, GREEN_COUNT
from bot.games.drama.sampler import sample
from bot.games.drama.state import DramaState
from bot.kernel.module import get_game
from bot.kernel.rng import Rng

GAME = get_game("drama")
SEEDS = range(6)


def _decisions(seed: int) -> Iterator[tuple[DramaState, int]]:
    """(state, actor) at every decision of a seeded whole game of normal seats (odd seeds deal the heroes)."""
    normal = registry.policy("drama", "normal")
    state = GAME.rules.new_game(list(range(1, 2 + seed % 3 + 1)), seed, {"heroes": "deal" if seed % 2 else "choose"})
    rng = Rng.seeded(seed)
    for _ in range(2000):
        if GAME.rules.is_over(state):
            return
        actor = sorted(GAME.rules.actors(state))[0]
        yield state, actor
        view, legal = GAME.rules.view(state, actor), GAME.rules.legal_actions(state, actor)
        GAME.rules.apply(state, actor, normal.choose(view, legal, rng))


def _cards(state: DramaState) -> list[int]:
    cards = state.blue_deck + state.blue_discard + state.green_deck + state.green_discard
    cards += [c for c in state.kedai if c is not None]
    for p in state.players:
        cards += p.hand + p.items + p.members
    return sorted(cards)


def _kind(state: DramaState, actor: int) -> str:
    if state.choice is not None:
        return state.choice.kind
    return "window" if state.window is not None else state.phase


@pytest.mark.parametrize("seed", SEEDS)
def test_a_sample_shows_the_seat_its_view_and_offers_its_legal_actions(seed: int):
    dealt: Counter[str] = Counter()
    for i, (state, actor) in enumerate(_decisions(seed)):
        view = GAME.rules.view(state, actor)
        try:
            one = sample(view, Rng.seeded(seed * 1000 + i))
        except NotImplementedError:
            assert _kind(state, actor) not in ("pick", "action", "start", "pay"), (seed, i, _kind(state, actor))
            continue
        assert GAME.rules.view(one, actor) == view, (seed, i)
        assert GAME.rules.legal_actions(one, actor) == GAME.rules.legal_actions(state, actor), (seed, i)
        assert _cards(one) == list(range(BLUE_COUNT + GREEN_COUNT)), (seed, i)
        assert one.bank + sum(p.juta for p in one.players) == state.bank + sum(p.juta for p in state.players)
        dealt[_kind(state, actor)] += 1
    assert dealt["pick"] and dealt["action"] and dealt["start"], dealt  # the ordinary decisions were dealt


def test_the_hidden_cards_are_dealt_afresh_and_the_seen_ones_kept():
    state, actor = next(
        (s, a)
        for s, a in _decisions(1)
        if s.phase == "action"
        and s.choice is None
        and s.window is None
        and s.turn.number >= 4
        and sum(len(p.hand) for p in s.players if p.id != a) >= 3
    )
    view = GAME.rules.view(state, actor)
    deals = [sample(view, Rng.seeded(k)) for k in range(8)]
    others = [p.id for p in state.players if p.id != actor]
    assert len({tuple(d.blue_deck) for d in deals}) > 1  # the deck order is dealt, not copied
    assert len({tuple(tuple(p.hand) for p in d.players if p.id in others) for d in deals}) > 1
    for d in deals:
        assert [p.hand for p in d.players if p.id == actor] == [sorted(p.hand) for p in state.players if p.id == actor]
        assert d.kedai == [
            c if not hidden else d.kedai[i]
            for i, (c, hidden) in enumerate(zip(state.kedai, state.kedai_hidden, strict=True))
        ]
        assert d.green_discard == state.green_discard and d.bank == state.bank
        assert len(d.blue_discard) == len(state.blue_discard)


def test_a_window_or_another_seats_pending_loss_is_left_to_the_normal_choice():
    kinds: set[str] = set()
    for seed in (2, 3):
        for state, actor in _decisions(seed):
            kind = _kind(state, actor)
            if kind in ("window", "react", "absorb", "to_hand"):
                with pytest.raises(NotImplementedError):
                    sample(GAME.rules.view(state, actor), Rng.seeded(0))
                kinds.add(kind)
    assert "window" in kinds and len(kinds) >= 2, kinds


def test_a_dealt_hero_pick_keeps_the_seats_own_hero_and_deals_the_others_from_the_rest():
    state, actor = next((s, a) for s, a in _decisions(1) if s.phase == "pick")
    for k in range(6):
        one = sample(GAME.rules.view(state, actor), Rng.seeded(k))
        assert one.dealt[actor] == state.dealt[actor]
        assert sorted(one.dealt) == sorted(state.dealt) and len(set(one.dealt.values())) == len(one.dealt)


def test_a_spectators_view_cannot_be_dealt():
    state = next(s for s, _a in _decisions(0) if s.phase == "action")
    with pytest.raises(ValueError):
        sample(GAME.rules.view(state, None), Rng.seeded(0))
