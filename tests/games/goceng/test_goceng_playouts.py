"""Seeded random playouts of Mat Goceng: every game ends, nothing is lost, nothing leaks.

Every invariant is checked at every step of every game: every card and coin accounted for,
stamina in 0..3 and revealed exactly at 1 or less, the JSON round trip, and every player's and
the spectator's view (no other hand, no unknown character, no offered card but one's own or
one's offers; the exact shape and JSON of one viewer's view a step, in turn). Each game ends
with a replay of its action log. The checks were made cheap (one pass over the views) rather than run on fewer steps.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Collection

import pytest
from goceng_helpers import ALL_CARDS, GAME, all_cards_in_place, card_count

from bot.games.goceng.ai import HeuristicPolicy, RandomPolicy
from bot.games.goceng.state import GocengState
from bot.kernel import serial
from bot.kernel.contract import replay
from bot.kernel.rng import Rng

pytestmark = pytest.mark.slow

MAX_STEPS = 3000
PRIVATE_EVENTS = {"drew", "offer_card", "kasbon_card", "peeked"}
#: Event types the playouts produced: proof that the random games reach every rule they check.
SEEN_EVENTS: Counter = Counter()


#: The whole shape of a view. Checking it exactly, level by level, means a card or a character can
#: only reach a viewer through the fields below, and each of those is checked for what it shows.
VIEW_KEYS = {
    "game",
    "you",
    "phase",
    "turn",
    "active",
    "target",
    "challenged",
    "players",
    "deck_count",
    "discard_count",
    "set_aside_count",
    "battle",
    "pending",
    "hand",
    "result",
}
PLAYER_KEYS = {"id", "seat", "stamina", "coins", "hand_count", "character", "revealed"}
BATTLE_KEYS = {"attacker", "defender", "holder", "asked", "lines", "window"}
LINE_KEYS = {"player", "owed", "cards"}
WINDOW_KEYS = {"battler", "you_may_answer", "offers"}
OFFER_KEYS = {"player", "price", "final", "counter", "refused", "card"}
PENDING_KEYS = {"kind", "player", "candidates"}
CARD_KEYS = {"id", "top", "bottom", "ajian", "name"}


def _ids(cards: list[dict]) -> list[str]:
    assert all(c.keys() == CARD_KEYS for c in cards)
    return [c["id"] for c in cards]


def _check_views(state: GocengState, deep: Collection[int | None]) -> None:
    """Every player's and the spectator's view: no hand but the viewer's own, no character the
    viewer may not know, an offered card only for the battler and the helper.

    Those three are checked in every view. The views of the ``deep`` viewers also have the exact
    shape of every level checked (so nothing reaches a viewer outside the fields checked here),
    the public fields (hand counts, battle lines) compared with the state, and are dumped to JSON.
    """
    players = state.players
    over = GAME.rules.is_over(state)
    public = [state.characters[p] if over or p in state.revealed else None for p in players]
    battle = state.battle
    stack = battle.window.stack if battle is not None and battle.window is not None else None
    for viewer in [None, *players]:
        view = GAME.rules.view(state, viewer)
        assert view.keys() == VIEW_KEYS and view["you"] == viewer
        expected = public
        if viewer is not None:
            expected = list(public)
            for p in (viewer, *state.seen[viewer]):
                expected[players.index(p)] = state.characters[p]
        assert [e["character"] for e in view["players"]] == expected
        assert view["hand"] is None if viewer is None else [c["id"] for c in view["hand"]] == state.hands[viewer]
        if stack is not None:
            for offer, real in zip(view["battle"]["window"]["offers"], stack, strict=True):
                shown = viewer in (battle.holder, real["player"])
                assert (offer["card"]["id"] if shown else offer["card"]) == (real["card"] if shown else None)
        if viewer in deep:
            _check_shape(state, view)


def _check_shape(state: GocengState, view: dict) -> None:
    """The exact keys of every level of a view, and its public fields against the state."""
    json.dumps(view)
    assert [e["id"] for e in view["players"]] == state.players
    for entry, p in zip(view["players"], state.players, strict=True):
        assert entry.keys() == PLAYER_KEYS and entry["hand_count"] == len(state.hands[p])
    assert view["pending"] is None or view["pending"].keys() == PENDING_KEYS
    if view["hand"] is not None:
        _ids(view["hand"])
    battle = view["battle"]
    assert (battle is None) == (state.battle is None)
    if battle is None:
        return
    assert battle.keys() == BATTLE_KEYS
    for line in battle["lines"]:
        assert line.keys() == LINE_KEYS and _ids(line["cards"]) == state.battle.lines[line["player"]]
    window = battle["window"]
    assert (window is None) == (state.battle.window is None)
    if window is not None:
        assert window.keys() == WINDOW_KEYS
        for offer in window["offers"]:
            assert offer.keys() == OFFER_KEYS
            if offer["card"] is not None:
                _ids([offer["card"]])


def _check_invariants(state: GocengState, n: int) -> None:
    assert all_cards_in_place(state), card_count(state) - ALL_CARDS
    assert sum(state.coins.values()) == 5 * n
    assert all(c >= 0 for c in state.coins.values())
    assert all(0 <= s <= 3 for s in state.stamina.values())
    assert sum(1 for s in state.stamina.values() if s == 0) == (1 if GAME.rules.is_over(state) else 0)
    for p in state.players:
        assert (state.stamina[p] <= 1) == (p in state.revealed)


def _check_events(events: list[dict], state: GocengState) -> None:
    """Each event has its own log line and only the private kinds name whom they are for.

    (That events are JSON is checked at every step of test_contract's playouts.)
    """
    for event in events:
        assert GAME.presenter.event_line(event, {}) != event["type"]  # every event has its own sentence
        if event["type"] in PRIVATE_EVENTS:
            assert event["visible_to"] and set(event["visible_to"]) <= set(state.players)
        else:
            assert "visible_to" not in event


def _check_round_trip(state: GocengState, generic: bool) -> None:
    """The saved text rebuilds an equal state; on ``generic`` steps it is also what ``serial`` writes and reads."""
    text = GAME.rules.state_to_json(state)
    assert GAME.rules.state_from_json(text) == state
    if generic:
        assert text == serial.dumps(state) and serial.loads(GocengState, text) == state


def _play(seed: int, n: int, policy, generic_every: int) -> tuple[GocengState, list[tuple[int, dict]]]:
    """One seeded game to the end, checking every invariant after every action."""
    state = GAME.rules.new_game(list(range(100, 100 + n)), seed)
    rng = Rng.seeded(seed * 7 + n)
    log: list[tuple[int, dict]] = []
    _check_invariants(state, n)
    for step in range(MAX_STEPS):
        if GAME.rules.is_over(state):
            break
        movers = sorted(GAME.rules.actors(state))
        assert movers
        player = movers[rng.below(len(movers))]
        legal = GAME.rules.legal_actions(state, player)
        assert legal
        assert GAME.rules.timeout_action(state, player) in legal
        _check_round_trip(state, generic=step % generic_every == 0)
        # Every view every step; each viewer's full shape and JSON in turn, one viewer a step.
        _check_views(state, deep=[[None, *state.players][step % (n + 1)]])
        if step % (n + 1) == 0:
            assert len({tuple(a.items()) for a in legal}) == len(legal)  # no action listed twice
        assert len(GAME.presenter.action_label(state, player, legal[-1])) <= 100
        # The random policy never reads its view; every view was checked just above.
        view = {} if isinstance(policy, RandomPolicy) else GAME.rules.view(state, player)
        action = policy.choose(view, legal, rng)
        assert action in legal
        log.append((player, action))
        events = GAME.rules.apply(state, player, action)
        SEEN_EVENTS.update(e["type"] for e in events)
        _check_events(events, state)
        _check_invariants(state, n)
    else:
        raise AssertionError(f"seed {seed} with {n} players did not end in {MAX_STEPS} steps")
    _check_round_trip(state, generic=True)
    return state, log


def test_random_playouts_end_with_every_card_and_coin_accounted_for():
    SEEN_EVENTS.clear()
    lengths = []
    counts: Counter = Counter()
    for seed in range(500):
        n = 3 + seed % 4
        state, log = _play(seed, n, RandomPolicy(), generic_every=100)
        lengths.append(len(log))
        counts[n] += 1
        result = GAME.rules.result(state)
        assert set(result.winners) <= set(state.players)
        assert result.scores == state.coins
        _check_views(state, deep=[None, *state.players])
        again = replay(GAME.rules, state.players, seed, None, log)  # same seed and actions, same game
        assert GAME.rules.state_to_json(again) == GAME.rules.state_to_json(state)
    assert min(lengths) > 3 and counts == {3: 125, 4: 125, 5: 125, 6: 125}
    # The invariants above held through every rule, not only the common ones.
    for kind in (
        "all_reconciled",
        "reconcile",
        "fight",
        "tapak",
        "thi_tjhi_ie",
        "kasbon_card",
        "peeked",
        "no_target",
        "offer",
        "stand",
        "withdraw",
        "decline",
        "counter",
        "take_counter",
        "refuse_counter",
        "accept",
        "no_help",
        "give_up",
        "reveal",
        "reshuffle",
        "game_over",
    ):
        assert SEEN_EVENTS[kind] > 0, kind


def test_heuristic_playouts_end_and_pick_legal_actions():
    """The heuristic seats under the same per-step checks (test_goceng_policy plays 120 more games)."""
    outcomes = set()
    for seed in range(20):
        n = 3 + seed % 4
        state, _ = _play(seed, n, HeuristicPolicy(), generic_every=100)
        outcomes.add(tuple(sorted(state.characters[p] for p in GAME.rules.result(state).winners)))
    assert len(outcomes) > 3  # different characters win different games
