"""Seeded playouts: 500 random games (2-6 players) and some heuristic ones, checking invariants throughout."""

import json

from bot.engine import replay
from bot.games.laga.policy import HEURISTIC, RANDOM
from bot.games.rng import Rng

from laga_helpers import G, census

MAX_STEPS = 4000
NAMES = {pid: f"P{pid}" for pid in range(-6, 7)}


def hidden_from(s, viewer):
    """Card names ``viewer`` must not learn: deck contents and others' secret cards."""
    secret = set(s.job_deck) | set(s.dream_deck) | set(s.news_deck) | set(s.news_box)
    for p in s.players:
        if p.pid != viewer:
            secret |= set(p.dreams)
    owner = s.tasks[-1].player if s.tasks and s.tasks[-1].kind == "cards" else None
    if owner != viewer:
        secret |= set(s.looking)
    return secret


def leaks(text, names):
    """Card names that appear anywhere in ``text`` (no card name is part of another or of a News text)."""
    return [n for n in names if n in text]


def check_views(s, ids):
    for viewer in ids + [None]:
        v = G.view(s, viewer)
        text = json.dumps(v)
        assert not leaks(text, hidden_from(s, viewer)), (viewer, leaks(text, hidden_from(s, viewer)))
        assert len(G.render_view(v, NAMES)) <= 1800


def check_state(s):
    assert sum(s.tokens) == 8 and max(s.tokens) <= 4 and min(s.tokens) >= 0
    assert all(v >= 0 for p in s.players for v in p.res.values())
    census(s)


def play(seed, n, policy, check_every=60):
    ids = [(-i if i % 2 else i) for i in range(1, n + 1)]
    s = G.new_game(ids, seed)
    rng = Rng.seeded(seed * 7919 + n)
    log = []
    check_views(s, ids)
    secret_before = hidden_from(s, None)  # a name secret before and after an action must stay out of its events
    for step in range(MAX_STEPS):
        if G.is_over(s):
            break
        actors = G.actors(s)
        assert len(actors) == 1
        player = next(iter(actors))
        legal = G.legal_actions(s, player)
        assert legal
        if step % check_every == 0:
            assert G.timeout_action(s, player) in legal
            assert all(G.legal_actions(s, q) == [] for q in ids if q != player)
        action = policy.choose(G.view(s, player), legal, rng) if policy is HEURISTIC else legal[rng.below(len(legal))]
        assert action in legal
        if step % check_every == 0:
            assert len({json.dumps(a) for a in legal}) == len(legal), "duplicate legal actions"
            for a in legal:
                assert 0 < len(G.describe_action(s, player, a)) <= 100
                assert all(G.describe_choice(s, player, k, v) for k, v in a.items())
        events = G.apply(s, player, action)
        log.append((player, action))
        check_state(s)
        secret_after = hidden_from(s, None)
        public = [e for e in events if "visible_to" not in e]
        assert not leaks(json.dumps(public), secret_before & secret_after), public
        secret_before = secret_after
        assert all(G.describe_event(e, NAMES) not in ("", e["type"]) for e in events)
        if step % check_every == 0:
            text = G.state_to_json(s)
            back = G.state_from_json(text)
            assert back == s and G.state_to_json(back) == text
            check_views(s, ids)
    else:
        raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} steps")
    assert s.round == 12 and not s.news_deck and len(s.news_done) == 11 and s.news
    result = G.result(s)
    assert len(result.winners) == 1 and set(result.scores) == set(ids)
    assert G.state_from_json(G.state_to_json(s)) == s
    return s, ids, log


def test_500_random_playouts_keep_every_invariant():
    for seed in range(500):
        n = 2 + seed % 5
        s, ids, log = play(seed, n, RANDOM, check_every=60 if seed % 100 else 3)
        if seed % 25 == 0:
            again = replay(G, ids, seed, None, log)
            assert G.state_to_json(again) == G.state_to_json(s)


def test_heuristic_playouts_finish_with_sensible_scores():
    scores = []
    for seed in range(20):
        s, ids, _ = play(1000 + seed, 2 + seed % 5, HEURISTIC, check_every=20)
        scores.extend(G.result(s).scores.values())
    mean = sum(scores) / len(scores)
    assert 4 <= mean <= 25 and max(scores) <= 45
