"""Seeded random playouts of Mat Goceng: every game ends, nothing is lost, nothing leaks."""

from __future__ import annotations

import json

from bot.engine import replay
from bot.games.goceng.policy import HeuristicPolicy, RandomPolicy
from bot.games.goceng.state import GocengState
from bot.games.rng import Rng

from goceng_helpers import ALL_CARDS, GAME, card_count

MAX_STEPS = 3000
PRIVATE_EVENTS = {"drew", "offer_card", "kasbon_card", "peeked"}


def _check_view(state: GocengState, viewer: int | None) -> None:
    view = GAME.view(state, viewer)
    json.dumps(view)
    over = GAME.is_over(state)
    for entry in view["players"]:
        assert "hand" not in entry and "cards" not in entry
        p = entry["id"]
        may_know = over or p in state.revealed or p == viewer or (viewer is not None and p in state.seen[viewer])
        if may_know:
            assert entry["character"] == state.characters[p]
        else:
            assert entry["character"] is None
    if viewer is None:
        assert view["hand"] is None
    else:
        assert [c["id"] for c in view["hand"]] == state.hands[viewer]
    window = view["battle"] and view["battle"]["window"]
    if window:
        for offer in window["offers"]:
            assert (offer["card"] is not None) == (viewer in (window["battler"], offer["player"]))


def _check_invariants(state: GocengState, n: int, full: bool) -> None:
    if full:
        assert card_count(state) == ALL_CARDS
    else:  # cheap: the same number of cards, every step
        lines = sum(map(len, state.battle.lines.values())) if state.battle else 0
        held = sum(map(len, state.hands.values()))
        assert len(state.deck) + len(state.discard) + len(state.set_aside) + held + lines == 62
    assert sum(state.coins.values()) == 5 * n
    assert all(c >= 0 for c in state.coins.values())
    assert all(0 <= s <= 3 for s in state.stamina.values())
    assert sum(1 for s in state.stamina.values() if s == 0) == (1 if GAME.is_over(state) else 0)
    for p in state.players:
        assert (state.stamina[p] <= 1) == (p in state.revealed)


def _check_events(events: list[dict], state: GocengState, full: bool) -> None:
    for event in events:
        if full:
            json.dumps(event)
            assert GAME.describe_event(event, {}) != event["type"]  # every event has its own sentence
        if event["type"] in PRIVATE_EVENTS:
            assert event["visible_to"] and set(event["visible_to"]) <= set(state.players)
        else:
            assert "visible_to" not in event


def _play(seed: int, n: int, policy, check_every: int) -> tuple[GocengState, list[tuple[int, dict]]]:
    state = GAME.new_game(list(range(100, 100 + n)), seed)
    rng = Rng.seeded(seed * 7 + n)
    log: list[tuple[int, dict]] = []
    for step in range(MAX_STEPS):
        if GAME.is_over(state):
            break
        movers = sorted(GAME.actors(state))
        assert movers
        player = movers[rng.below(len(movers))]
        legal = GAME.legal_actions(state, player)
        assert legal
        full = step % check_every == 0
        if full:
            assert len({tuple(a.items()) for a in legal}) == len(legal)
            for mover in movers:
                assert GAME.timeout_action(state, mover) in GAME.legal_actions(state, mover)
            text = GAME.state_to_json(state)
            again = GAME.state_from_json(text)
            assert again == state and GAME.state_to_json(again) == text
            for viewer in [None, *state.players]:
                _check_view(state, viewer)
            assert len(GAME.describe_action(state, player, legal[-1])) <= 100
        # The random policy never reads its view; the views are checked on the full steps above.
        view = {} if isinstance(policy, RandomPolicy) else GAME.view(state, player)
        action = policy.choose(view, legal, rng)
        assert action in legal
        log.append((player, action))
        events = GAME.apply(state, player, action)
        _check_events(events, state, full)
        _check_invariants(state, n, full)
    else:
        raise AssertionError(f"seed {seed} with {n} players did not end in {MAX_STEPS} steps")
    return state, log


def test_random_playouts_end_with_every_card_and_coin_accounted_for():
    lengths = []
    for seed in range(520):
        n = 3 + seed % 4
        state, log = _play(seed, n, RandomPolicy(), check_every=12)
        lengths.append(len(log))
        result = GAME.result(state)
        assert set(result.winners) <= set(state.players)
        assert result.scores == state.coins
        for viewer in [None, *state.players]:
            _check_view(state, viewer)
        if seed % 25 == 0:  # same seed and actions, same game
            again = replay(GAME, state.players, seed, None, log)
            assert GAME.state_to_json(again) == GAME.state_to_json(state)
    assert min(lengths) > 3


def test_heuristic_playouts_end_and_pick_legal_actions():
    outcomes = set()
    for seed in range(60):
        n = 3 + seed % 4
        state, _ = _play(seed, n, HeuristicPolicy(), check_every=25)
        outcomes.add(tuple(sorted(state.characters[p] for p in GAME.result(state).winners)))
    assert len(outcomes) > 3  # different characters win different games
