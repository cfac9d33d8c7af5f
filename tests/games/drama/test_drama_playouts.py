"""Seeded random playouts of Drama Pukul 7: termination and invariants at every step.

All 500 games (about 200,000 steps) check the accounting the issue asks for at every step: all
8 + 64 + 40 cards, all 30 Juta, Air Muka in 0..7. The JSON round trip and the views (one per seat)
add over a millisecond a step, several minutes in all, so they run at every step of 10 games
(2 per player count) and at step 100 and the end of every other game, keeping the package's
tests within their time budget.
"""

from __future__ import annotations

import json

import pytest

from bot.games.drama.state import BLUE_COUNT
from bot.kernel.contract import IllegalAction, replay
from bot.kernel.rng import Rng
from tests.games.drama.drama_helpers import GAME, check_accounting, check_invariants, ids_in, public_cards

pytestmark = pytest.mark.slow

GAMES = 500
MAX_STEPS = 20000
CHECKPOINT = 100


def deep(seed: int) -> bool:
    """Games checked in full at every step: 2 of each player count (seed % 5 sets the count)."""
    return (seed // 5) % 50 == 0


def check_round_trip(state) -> None:
    text = GAME.rules.state_to_json(state)
    back = GAME.rules.state_from_json(text)
    assert back == state and GAME.rules.state_to_json(back) == text


def check_views(state, render: bool = False) -> None:
    """No view shows a card in another player's hand, in a deck or face down in the Kedai."""
    public = public_cards(state)
    for viewer in [None] + [p.id for p in state.players]:
        v = GAME.rules.view(state, viewer)
        own = set(next((p.hand for p in state.players if p.id == viewer), ()))
        seen = ids_in(v)
        assert seen <= public | own, f"view of {viewer} shows hidden cards {sorted(seen - public - own)}"
        assert [c["id"] for c in v["hand"]] == sorted(own)
        if render:
            json.dumps(v)
            assert len(GAME.presenter.board(v, {p.id: f"P{p.id}" for p in state.players}).text) <= 1800


def _playout(seed: int, n: int, full: bool):
    ids = [1001 + i for i in range(n)]
    options = {"heroes": "deal" if seed % 3 == 0 else "choose"}
    state = GAME.rules.new_game(ids, seed, options)
    rng = Rng.seeded(seed * 7919 + 13)
    log = []
    for step in range(MAX_STEPS):
        check_accounting(state)
        if full or step == CHECKPOINT:
            check_round_trip(state)
            check_views(state, render=step % 10 == 0)
        if GAME.rules.is_over(state):
            break
        actors = sorted(GAME.rules.actors(state))
        assert actors
        pid = actors[rng.below(len(actors))]
        legal = GAME.rules.legal_actions(state, pid)
        assert legal
        action = legal[rng.below(len(legal))]
        if full:
            check_invariants(state)
            assert len({json.dumps(a) for a in legal}) == len(legal), "duplicate legal actions"
            for a in actors:
                assert GAME.rules.timeout_action(state, a) in GAME.rules.legal_actions(state, a)
            if step % 10 == 0:
                for act in legal:
                    assert len(GAME.presenter.action_label(state, pid, act)) <= 100
        events = GAME.rules.apply(state, pid, action)
        log.append((pid, action))
        for e in events:
            assert "type" in e
            if e["type"] in ("drew", "stolen"):
                assert "visible_to" in e
            if full:
                # Every event reads as a line, except a window pass, which is deliberately silent; a card it
                # names is named, never a "?".
                line = GAME.presenter.event_line(e, {})
                assert line or e["type"] == "pass"
                assert "?" not in line.replace("Who?", ""), line
    else:
        raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} steps")
    result = GAME.rules.result(state)
    assert len(result.winners) == 1 and result.winners[0] in ids
    check_round_trip(state)
    check_views(state, render=True)
    assert GAME.rules.waiting(state).turn is None and not GAME.rules.actors(state)
    return state, log, ids, options


def test_random_playouts_terminate_with_invariants():
    counts = {n: 0 for n in range(2, 7)}
    for seed in range(GAMES):
        n = 2 + seed % 5
        _playout(seed, n, full=deep(seed))
        counts[n] += 1
    assert sum(counts.values()) == GAMES and min(counts.values()) == GAMES // 5
    assert sorted(2 + seed % 5 for seed in range(GAMES) if deep(seed)) == sorted(list(range(2, 7)) * 2)


def test_the_view_check_catches_a_leak(monkeypatch):
    """The privacy check is not vacuous: a view that showed a rival's hand card would fail it."""
    state = GAME.rules.new_game([1001, 1002], 1)
    check_views(state)
    leak = state.players[1].hand[0]
    original = GAME.rules.view
    monkeypatch.setattr(GAME.rules, "view", lambda s, viewer: dict(original(s, viewer), extra=[{"id": leak}]))
    with pytest.raises(AssertionError, match="hidden cards"):
        check_views(state)


def test_same_seed_and_actions_give_same_game():
    for seed in (3, 4, 5):
        state, log, ids, options = _playout(seed, 2 + seed % 5, full=False)
        again = replay(GAME.rules, ids, seed, options, log)
        assert GAME.rules.state_to_json(again) == GAME.rules.state_to_json(state)


def test_illegal_random_actions_change_nothing():
    """Actions of other players and corrupted legal actions are refused without a trace."""
    state = GAME.rules.new_game([1001, 1002, 1003], 11)
    rng = Rng.seeded(5)
    for _ in range(400):
        if GAME.rules.is_over(state):
            break
        actors = sorted(GAME.rules.actors(state))
        idle = [p.id for p in state.players if p.id not in actors]
        before = GAME.rules.state_to_json(state)
        for p in idle:
            for bad in GAME.rules.legal_actions(state, actors[0])[:3]:
                try:
                    GAME.rules.apply(state, p, bad)
                except IllegalAction as exc:
                    assert exc.reason and exc.reason.endswith(".")
                else:
                    raise AssertionError("an idle player acted")
                assert GAME.rules.state_to_json(state) == before
        pid = actors[0]
        legal = GAME.rules.legal_actions(state, pid)
        for bad in (
            {"type": "play", "card": BLUE_COUNT + 50},
            {"type": "nope"},
            {"type": "attack", "target": pid},
            {"type": "pass", "extra": 1},
            "pass",
            {"type": "buy", "slot": 9},
        ):
            if bad in legal:
                continue
            try:
                GAME.rules.apply(state, pid, bad)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"accepted {bad}")
            assert GAME.rules.state_to_json(state) == before
        GAME.rules.apply(state, pid, legal[rng.below(len(legal))])


CARD_KEYS = ("card", "pick", "discard", "replace", "member")


def _norm(action):
    """An action with card ids replaced by names: identical copies are one choice."""
    from bot.games.drama.state import NAMES

    return json.dumps(
        {
            k: (NAMES[v] if k in CARD_KEYS and isinstance(v, int) and 0 <= v < len(NAMES) else v)
            for k, v in action.items()
        },
        sort_keys=True,
    )


def _variants(state, pid, legal):
    """Legal actions with one parameter swapped for another plausible value, plus bare types."""
    from bot.games.drama.actions import ALL_TYPES

    pools = {
        "card": list(range(0, 104, 3)) + [c for p in state.players for c in p.hand + p.items + p.members],
        "target": [p.id for p in state.players] + [7],
        "slot": [0, 1, 2, 3, 4],
        "entry": [0, 1, 2, 3],
        "hero": ["Lily", "Ryan Kaya-Raya", "Cikgu Zura"],
    }
    pools["pick"] = pools["replace"] = pools["discard"] = pools["member"] = pools["card"]
    out = [{"type": t} for t in sorted(ALL_TYPES)]
    for a in legal:
        for k in a:
            if k == "type":
                continue
            for v in pools[k]:
                out.append(dict(a, **{k: v}))
            out.append({kk: vv for kk, vv in a.items() if kk != k})
    return out


def test_check_accepts_exactly_the_listed_actions():
    from bot.games.drama.actions import check

    for seed in range(12):
        n = 2 + seed % 5
        ids = [1001 + i for i in range(n)]
        state = GAME.rules.new_game(ids, 500 + seed)
        rng = Rng.seeded(seed)
        step = 0
        while not GAME.rules.is_over(state) and step < 400:
            actors = sorted(GAME.rules.actors(state))
            if step % 4 == 0:
                for pid in ids:
                    legal = GAME.rules.legal_actions(state, pid)
                    listed = {_norm(a) for a in legal}
                    for cand in _variants(state, pid, legal):
                        try:
                            check(state, pid, cand)
                            ok = True
                        except IllegalAction:
                            ok = False
                        if ok:
                            assert _norm(cand) in listed, cand  # accepted: listed, maybe as an identical copy
                        else:
                            assert cand not in legal, cand
            pid = actors[rng.below(len(actors))]
            legal = GAME.rules.legal_actions(state, pid)
            GAME.rules.apply(state, pid, legal[rng.below(len(legal))])
            step += 1


def test_the_accounting_check_catches_a_lost_card_juta_or_hero():
    """The every-step check is not vacuous: each kind of leak it exists for makes it fail."""
    state = GAME.rules.new_game([1001, 1002, 1003], 4)
    while state.pick_queue:
        pid = state.pick_queue[0]
        GAME.rules.apply(state, pid, GAME.rules.legal_actions(state, pid)[0])
    check_accounting(state)
    breakages = {
        "a card in two places": lambda me, other: me.hand.append(other.hand[0]),
        "a card lost": lambda me, other: me.hand.pop(),
        "a Juta from nowhere": lambda me, other: setattr(me, "juta", me.juta + 1),
        "one hero card seated twice": lambda me, other: setattr(other, "hero", me.hero),
        "a hero not in the box": lambda me, other: setattr(other, "hero", "nobody"),
        "Air Muka above 7": lambda me, other: setattr(me, "air_muka", 8),
        "at 0 Air Muka but still playing": lambda me, other: setattr(me, "air_muka", 0),
    }
    for what, breakage in breakages.items():
        broken = GAME.rules.state_from_json(GAME.rules.state_to_json(state))
        breakage(broken.players[0], broken.players[1])
        with pytest.raises(AssertionError):
            check_accounting(broken)
            raise RuntimeError(f"not caught: {what}")
