"""The Drama Pukul 7 determinizer deals states the seat cannot tell from the real one, at the moments it covers.

Whole seeded games (two to four seats, normal in every seat) are walked move by move; at
every decision the acting seat's view is sampled. Every decision is dealt (hero picks,
the turn player's own moves, Plot Twist windows, choices in the middle of a hit): the
dealt state must show that seat the same view, offer the same legal actions, hold every
card exactly once, and carry the same pending steps, window entries and choice. What
is not the seat's decision (another seat's choice, a window it may not answer) raises
NotImplementedError, and a dealt state plays on to the end under normal. The no-peeking
tests (test_no_peeking.py) check that the sample reads the view only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from bot.ai import registry
from bot.ai.search import playout
from bot.games.drama import sampler
from bot.games.drama.cards import BLUE_COUNT, GREEN_COUNT
from bot.games.drama.sampler import sample
from bot.games.drama.state import NAMES, DramaState
from bot.games.drama.view import public_step
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
        if state.phase == "pick":  # left to normal (sampler.SEARCH_HERO_PICKS); dealt in the test below
            with pytest.raises(NotImplementedError):
                sample(view, Rng.seeded(0))
            continue
        one = sample(view, Rng.seeded(seed * 1000 + i))
        assert GAME.rules.view(one, actor) == view, (seed, i)
        assert GAME.rules.legal_actions(one, actor) == GAME.rules.legal_actions(state, actor), (seed, i)
        assert _cards(one) == list(range(BLUE_COUNT + GREEN_COUNT)), (seed, i)
        assert one.bank + sum(p.juta for p in one.players) == state.bank + sum(p.juta for p in state.players)
        assert one.agenda == state.agenda and one.choice == state.choice and one.attack == state.attack, (seed, i)
        assert GAME.rules.actors(one) >= {actor} if state.window is None else actor in one.window.waiting
        if state.window is not None:
            assert one.window.stack == state.window.stack and one.window.kind == state.window.kind, (seed, i)
            if len(state.players) == 2:  # the other seat played last, so it is not asked: exact at two seats
                assert one.window.waiting == state.window.waiting, (seed, i)
        dealt[_kind(state, actor)] += 1
    assert dealt["action"] and dealt["start"] and dealt["window"], dealt


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


def test_the_seats_own_choices_in_a_hit_are_dealt_with_the_step_they_interrupt():
    kinds: set[str] = set()
    for seed in range(12):
        for state, actor in _decisions(seed):
            kind = _kind(state, actor)
            if kind in ("react", "absorb", "to_hand"):
                one = sample(GAME.rules.view(state, actor), Rng.seeded(seed))
                assert one.choice == state.choice and one.agenda == state.agenda
                assert GAME.rules.legal_actions(one, actor) == GAME.rules.legal_actions(state, actor)
                kinds.add(kind)
    assert kinds, "no choice in the middle of a hit in these games"


def test_what_is_not_the_seats_decision_is_not_dealt():
    asked = 0
    for seed in (2, 3):
        for state, actor in _decisions(seed):
            for other in (p.id for p in state.players if p.id != actor and p.alive):
                if other in GAME.rules.actors(state):
                    continue
                with pytest.raises(NotImplementedError):
                    sample(GAME.rules.view(state, other), Rng.seeded(0))
                asked += 1
    assert asked


def test_a_step_the_view_cannot_show_whole_is_not_dealt():
    assert public_step({"do": "secret", "hand": [3, 4]}) == {"do": "secret"}
    assert public_step({"do": "lose", "player": 1, "amount": 2, "ref": 7, "declined": False, "hand": [3]}) == {
        "do": "lose",
        "player": 1,
        "amount": 2,
        "ref": 7,
        "declined": False,
    }
    state, actor = next((s, a) for s, a in _decisions(0) if s.window is not None and s.agenda)
    view = GAME.rules.view(state, actor)
    view["agenda"] = list(view["agenda"]) + [{"do": "secret"}]
    with pytest.raises(NotImplementedError):
        sample(view, Rng.seeded(0))


def test_a_dealt_window_or_choice_plays_on_to_the_end_under_normal():
    normal = registry.policy("drama", "normal")
    played: Counter[str] = Counter()
    for seed in range(6):
        for i, (state, actor) in enumerate(_decisions(seed)):
            kind = _kind(state, actor)
            if kind not in ("window", "react", "absorb", "to_hand") or i % 3:
                continue
            for k in range(2):
                one = sample(GAME.rules.view(state, actor), Rng.seeded(k))
                playout(GAME.rules, one, normal, Rng.seeded(seed * 100 + k))
                assert GAME.rules.is_over(one), (seed, i, k)
            played[kind] += 1
    assert played["window"] >= 50, played


def test_a_dealt_hero_pick_keeps_the_seats_own_hero_and_deals_the_others_from_the_rest(
    monkeypatch: pytest.MonkeyPatch,
):
    monkeypatch.setattr(sampler, "SEARCH_HERO_PICKS", True)
    state, actor = next((s, a) for s, a in _decisions(1) if s.phase == "pick")
    for k in range(6):
        one = sample(GAME.rules.view(state, actor), Rng.seeded(k))
        assert GAME.rules.view(one, actor) == GAME.rules.view(state, actor)
        assert GAME.rules.legal_actions(one, actor) == GAME.rules.legal_actions(state, actor)
        assert one.dealt[actor] == state.dealt[actor]
        assert sorted(one.dealt) == sorted(state.dealt) and len(set(one.dealt.values())) == len(one.dealt)


def test_rival_hands_are_dealt_the_cards_players_keep_more_often():
    state, actor = next(
        (s, a) for s, a in _decisions(0) if s.phase == "action" and s.choice is None and s.window is None
    )
    view = GAME.rules.view(state, actor)
    held, pool = [], []
    for k in range(200):
        one = sample(view, Rng.seeded(k))
        held += [c for p in one.players if p.id != actor for c in p.hand if c < BLUE_COUNT]
        pool += one.blue_deck + one.blue_discard[:-1]

    def weight(cards: list[int]) -> float:
        return sum(sampler.RIVAL_HAND_WEIGHT.get(NAMES[c], 1.0) for c in cards) / len(cards)

    assert held and weight(held) > weight(pool) + 0.1, (weight(held), weight(pool))


def test_every_weighted_card_is_a_blue_card_of_the_data_file():
    """The weights name cards: a card renamed in cards.toml must be renamed there too, or its weight is lost."""
    blue = {NAMES[c] for c in range(BLUE_COUNT)}
    assert set(sampler.RIVAL_HAND_WEIGHT) <= blue, sorted(set(sampler.RIVAL_HAND_WEIGHT) - blue)


def test_a_spectators_view_cannot_be_dealt():
    state = next(s for s, _a in _decisions(0) if s.phase == "action")
    with pytest.raises(ValueError):
        sample(GAME.rules.view(state, None), Rng.seeded(0))
