"""Seeded random playouts of 500 DRUMP games, checking the engine contract at every step."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from drump_kit import GAME, A, B, all_cards

from bot.games.drump.ai import HeuristicPolicy
from bot.games.drump.cards import FULL_DECK
from bot.games.drump.state import DrumpState
from bot.kernel.contract import replay
from bot.kernel.rng import Rng

pytestmark = pytest.mark.slow

GAMES = 500
SORTED_DECK = sorted(FULL_DECK)
HEURISTIC_GAMES = 30
MAX_STEPS = 2000
#: Round trip, spectator view and view-based card accounting every few steps (they are slow);
#: the offset moves with the seed, so across the games every step position is covered.
ROUND_TRIP_EVERY = 20
REPLAY_EVERY = 20


def _hidden_of(state: DrumpState, seat: int) -> set[str]:
    """Cards of ``seat`` that only ``seat`` may see: the hand and face-down zone cards."""
    side = state.sides[seat]
    hidden = set(side.hand)
    for cards, flags in zip(side.zones, side.up, strict=True):
        hidden.update(c for c, up in zip(cards, flags, strict=True) if not up)
    return hidden


_CARD = re.compile(r"""["']((?:10|[2-9AJQK])[SHCD])["']""")


def _names_in(data: object) -> set[str]:
    """Every card name that appears as a string in ``data`` (a view or an event)."""
    return set(_CARD.findall(repr(data)))


def _check_views(state: DrumpState, thorough: bool) -> None:
    """Neither player's view shows the other's hand or face-down cards.

    Every step checks the structure (fast); ``thorough`` steps also search every card name
    anywhere in the views, the spectator's included, and account for all 52 cards through them.
    """
    views = {A: GAME.rules.view(state, A), B: GAME.rules.view(state, B)}
    for seat, pid in enumerate(state.players):
        foe = state.players[1 - seat]
        mine, theirs = views[pid]["sides"][seat], views[foe]["sides"][seat]
        assert theirs["hand"] is None and mine["hand"] == state.sides[seat].hand
        for z in range(4):
            assert [i["card"] for i in mine["zones"][z]] == state.sides[seat].zones[z]
            assert all(i["card"] is None for i in theirs["zones"][z] if not i["up"])
    if not thorough:
        return
    views[None] = GAME.rules.view(state, None)
    deck = set(state.deck)
    secrets = [_hidden_of(state, 0), _hidden_of(state, 1)]
    named = {p: _names_in(v) for p, v in views.items()}
    for seat, pid in enumerate(state.players):
        foe = state.players[1 - seat]
        assert not named[pid] & deck, "a view shows a deck card"
        assert not named[foe] & secrets[seat], f"{foe}'s view shows {pid}'s hidden cards"
        assert secrets[seat] <= named[pid], "a player's view misses their own cards"
    if not thorough:
        return
    assert not named[None] & (deck | secrets[0] | secrets[1]), "the spectator view shows hidden cards"
    for view in views.values():
        json.dumps(view)
    # The two players' views together account for every card that is not in the deck.
    seen: list[str] = list(views[A]["drop"])
    for pid in (A, B):
        side = views[pid]["sides"][state.seat_of(pid)]
        seen += side["hand"] + [i["card"] for z in side["zones"] for i in z] + [c for c in side["parts"].values() if c]
        assert side["hand_count"] == len(side["hand"])
    attack = views[None]["attack"]
    if attack and attack["card"]:
        seen.append(attack["card"])
    assert len(seen) == len(set(seen)) == 52 - views[None]["deck"]


def _check_events(state: DrumpState, events: list[dict]) -> None:
    """Events are JSON-serialisable and public ones name no card that is hidden now."""
    json.dumps(events)
    public = [e for e in events if "visible_to" not in e]
    assert all(isinstance(e["type"], str) for e in events)
    leaked = _names_in(public) & (set(state.deck) | _hidden_of(state, 0) | _hidden_of(state, 1))
    for event in public:
        if event["type"] == "exchange" and event["take"] != "draw":
            leaked.discard(event["take"])  # taken openly from the public drop zone
    assert not leaked, f"public events {public} name hidden cards {leaked}"


def _round_trip(state: DrumpState) -> None:
    text = GAME.rules.state_to_json(state)
    back = GAME.rules.state_from_json(text)
    assert back == state
    assert GAME.rules.state_to_json(back) == text


def _play(seed: int, policies: dict | None = None) -> tuple[DrumpState, list[tuple[int, dict]], Counter]:
    """Play ``seed`` to the end (uniformly random moves unless ``policies`` maps a player to one)."""
    state = GAME.rules.new_game([A, B], seed)
    rng = Rng.seeded(seed * 7919 + 13)
    log: list[tuple[int, dict]] = []
    kinds: Counter = Counter()
    _round_trip(state)
    for step in range(MAX_STEPS):
        if GAME.rules.is_over(state):
            break
        actors = GAME.rules.actors(state)
        assert len(actors) == 1
        (player,) = actors
        assert GAME.rules.waiting(state).turn in (A, B)
        legal = GAME.rules.legal_actions(state, player)
        assert legal, "an actor with no legal action"
        thorough = step % ROUND_TRIP_EVERY == seed % ROUND_TRIP_EVERY
        if thorough:
            assert json.loads(json.dumps(legal)) == legal, "actions must be plain JSON"
            assert len({tuple(sorted(a.items())) for a in legal}) == len(legal), "duplicate legal actions"
        assert GAME.rules.timeout_action(state, player) in legal
        assert GAME.rules.legal_actions(state, A if player == B else B) == []
        assert GAME.rules.waiting(state).in_window == (state.phase == "block")
        if policies and player in policies:
            action = policies[player].choose(GAME.rules.view(state, player), legal, rng)
        else:
            action = legal[rng.below(len(legal))]
        events = GAME.rules.apply(state, player, dict(action))
        kinds.update(e["type"] for e in events)
        log.append((player, action))
        assert sorted(all_cards(state)) == SORTED_DECK
        _check_events(state, events)
        _check_views(state, thorough)
        if thorough:
            _round_trip(state)
    else:
        raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} steps")
    _round_trip(state)
    _check_views(state, True)
    assert GAME.rules.actors(state) == frozenset() and GAME.rules.waiting(state).turn is None
    return state, log, kinds


def test_drump_random_playouts_keep_every_invariant():
    kinds: Counter = Counter()
    endings: Counter = Counter()
    for seed in range(GAMES):
        state, log, seen = _play(seed)
        kinds.update(seen)
        endings[state.end_reason] += 1
        result = GAME.rules.result(state)
        assert set(result.winners) <= {A, B} and set(result.scores) == {A, B}
        json.dumps(result.to_json())
        if seed % REPLAY_EVERY == 0:  # same seed and actions, same game
            again = replay(GAME.rules, [A, B], seed, None, log)
            assert GAME.rules.state_to_json(again) == GAME.rules.state_to_json(state)
    # The playouts really exercise the rules, not just a corner of them.
    for kind in (
        "place",
        "summon",
        "extra_jack",
        "exchange",
        "attack",
        "block",
        "no_block",
        "reveal",
        "attack_success",
        "attack_fail",
        "attack_end",
        "trim",
        "discard",
        "deck_out",
        "game_over",
    ):
        assert kinds[kind] > 0, f"no {kind} event in {GAMES} random games"
    assert endings["deck_out"] > 0


def test_drump_heuristic_playouts_reach_every_ending_with_the_same_invariants():
    """Random play rarely completes a monster; the heuristic seats reach DRUMP and the last turn."""
    endings: Counter = Counter()
    smart = HeuristicPolicy()
    for seed in range(HEURISTIC_GAMES):
        policies = {A: smart, B: smart} if seed % 2 else {A: smart}
        state, _, _ = _play(10_000 + seed, policies)
        endings[state.end_reason] += 1
    assert endings["drump"] and endings["last_turn"] and endings["deck_out"], endings


def test_drump_same_seed_same_game_and_seeds_differ():
    one, two, other = (GAME.rules.new_game([A, B], s) for s in (42, 42, 43))
    assert GAME.rules.state_to_json(one) == GAME.rules.state_to_json(two)
    assert GAME.rules.state_to_json(one) != GAME.rules.state_to_json(other)
    firsts = {GAME.rules.new_game([A, B], s).first for s in range(40)}
    assert firsts == {0, 1}, "the coin flip never picks one of the seats"
