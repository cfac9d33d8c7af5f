"""Seeded random playouts of Drama Pukul 7: termination and invariants at every step."""

from __future__ import annotations

import json

from bot.engine import IllegalAction, replay
from bot.games.drama.state import BLUE_COUNT
from bot.games.rng import Rng

from drama_helpers import GAME, check_accounting, check_invariants, ids_in

GAMES = 500
MAX_STEPS = 20000


def _visible(state, viewer):
    vis = set()
    for p in state.players:
        vis.update(p.items)
        vis.update(p.members)
        if p.id == viewer:
            vis.update(p.hand)
    vis.update(c for c, hidden in zip(state.kedai, state.kedai_hidden) if c is not None and not hidden)
    vis.update(state.green_discard)
    vis.update(state.blue_discard)
    if state.choice is not None:
        vis.update(state.choice.options)
        vis.update(v for k, v in state.choice.data.items() if k == "card")
    return vis


def _check_views(state):
    for viewer in [None] + [p.id for p in state.players]:
        v = GAME.view(state, viewer)
        json.dumps(v)
        seen = ids_in(v)
        for p in state.players:
            if p.id != viewer:
                assert not seen & set(p.hand), "a view shows another player's hand"
        assert seen <= _visible(state, viewer), "a view shows a hidden card"
        hidden_kedai = {c for c, h in zip(state.kedai, state.kedai_hidden) if h}
        assert not seen & hidden_kedai
        assert len(GAME.render_view(v, {p.id: f"P{p.id}" for p in state.players})) <= 1800


def _playout(seed: int, n: int, deep: bool):
    ids = [1001 + i for i in range(n)]
    options = {"heroes": "deal" if seed % 3 == 0 else "choose"}
    state = GAME.new_game(ids, seed, options)
    rng = Rng.seeded(seed * 7919 + 13)
    log = []
    for step in range(MAX_STEPS):
        check_accounting(state)
        if GAME.is_over(state):
            break
        actors = sorted(GAME.actors(state))
        assert actors
        pid = actors[rng.below(len(actors))]
        legal = GAME.legal_actions(state, pid)
        assert legal
        action = legal[rng.below(len(legal))]
        if deep:
            check_invariants(state)
            assert len({json.dumps(a) for a in legal}) == len(legal), "duplicate legal actions"
            for a in actors:
                assert GAME.timeout_action(state, a) in GAME.legal_actions(state, a)
            if step % 10 == 0:
                text = GAME.state_to_json(state)
                back = GAME.state_from_json(text)
                assert back == state and GAME.state_to_json(back) == text
                _check_views(state)
                for act in legal:
                    assert len(GAME.describe_action(state, pid, act)) <= 100
        elif step == 100:
            text = GAME.state_to_json(state)
            back = GAME.state_from_json(text)
            assert back == state and GAME.state_to_json(back) == text
        events = GAME.apply(state, pid, action)
        log.append((pid, action))
        for e in events:
            assert "type" in e
            if e["type"] in ("drew", "stolen"):
                assert "visible_to" in e
            if deep:
                assert GAME.describe_event(e, {})
    else:
        raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} steps")
    result = GAME.result(state)
    assert len(result.winners) == 1 and result.winners[0] in ids
    if deep:
        assert GAME.state_from_json(GAME.state_to_json(state)) == state
        _check_views(state)
    assert GAME.turn_player(state) is None and not GAME.actors(state)
    return state, log, ids, options


def test_random_playouts_terminate_with_invariants():
    ended = 0
    for seed in range(GAMES):
        n = 2 + seed % 5
        _playout(seed, n, deep=(seed // 5) % 25 == 0)
        ended += 1
    assert ended == GAMES


def test_same_seed_and_actions_give_same_game():
    for seed in (3, 4, 5):
        state, log, ids, options = _playout(seed, 2 + seed % 5, deep=False)
        again = replay(GAME, ids, seed, options, log)
        assert GAME.state_to_json(again) == GAME.state_to_json(state)


def test_illegal_random_actions_change_nothing():
    """Actions of other players and corrupted legal actions are refused without a trace."""
    state = GAME.new_game([1001, 1002, 1003], 11)
    rng = Rng.seeded(5)
    for _ in range(400):
        if GAME.is_over(state):
            break
        actors = sorted(GAME.actors(state))
        idle = [p.id for p in state.players if p.id not in actors]
        before = GAME.state_to_json(state)
        for p in idle:
            for bad in GAME.legal_actions(state, actors[0])[:3]:
                try:
                    GAME.apply(state, p, bad)
                except IllegalAction as exc:
                    assert exc.reason and exc.reason.endswith(".")
                else:
                    raise AssertionError("an idle player acted")
                assert GAME.state_to_json(state) == before
        pid = actors[0]
        legal = GAME.legal_actions(state, pid)
        for bad in ({"type": "play", "card": BLUE_COUNT + 50}, {"type": "nope"}, {"type": "attack", "target": pid},
                    {"type": "pass", "extra": 1}, "pass", {"type": "buy", "slot": 9}):
            if bad in legal:
                continue
            try:
                GAME.apply(state, pid, bad)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"accepted {bad}")
            assert GAME.state_to_json(state) == before
        GAME.apply(state, pid, legal[rng.below(len(legal))])


CARD_KEYS = ("card", "pick", "discard", "replace", "member")


def _norm(action):
    """An action with card ids replaced by names: identical copies are one choice."""
    from bot.games.drama.state import NAMES
    return json.dumps({k: (NAMES[v] if k in CARD_KEYS and isinstance(v, int) and 0 <= v < len(NAMES) else v)
                       for k, v in action.items()}, sort_keys=True)


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
        state = GAME.new_game(ids, 500 + seed)
        rng = Rng.seeded(seed)
        step = 0
        while not GAME.is_over(state) and step < 400:
            actors = sorted(GAME.actors(state))
            if step % 4 == 0:
                for pid in ids:
                    legal = GAME.legal_actions(state, pid)
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
            legal = GAME.legal_actions(state, pid)
            GAME.apply(state, pid, legal[rng.below(len(legal))])
            step += 1
