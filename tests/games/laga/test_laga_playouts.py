"""Seeded playouts: 500 random games (2-6 players, every third with genders set) and 20 heuristic ones.

After every single step (and on the state setup deals):

* 8 tokens, none above 4; resources never negative; every card in exactly one place;
* no hidden card (deck contents and order, another player's uncompleted Dreams, cards someone
  else is looking at) in any seat's view, nor in a public event.

Along the way: the JSON round trip (every step of 100 games, every 10th step and the final state
of the others: it costs as much as all other checks together), replays of those 100 games from
seed and action log, and the end after the 12th News card in every game.

Checking every seat's view at every step is affordable because ``G.rules.view`` is built as the public
part plus the seat's own secrets: the public part is scanned once for every hidden name, each
seat's private part is compared with exactly what that seat may know, and every 60th step (and
at setup) each seat's full ``G.rules.view`` is compared with that composition.
"""

import json
import re

import pytest

from bot.games.laga import view as views
from bot.games.laga.ai import HEURISTIC, RANDOM
from bot.games.laga.cards import cards
from bot.games.laga.scoring import breakdown
from bot.kernel.contract import replay
from bot.kernel.rng import Rng
from tests.games.laga.laga_helpers import G, census

pytestmark = pytest.mark.slow

MAX_STEPS = 4000
NAMES = {pid: f"P{pid}" for pid in range(-6, 7)}
_C = cards()
CARD_NAMES = sorted({*_C.jobs, *_C.dreams, *_C.news}, key=len, reverse=True)
#: One pass finds every card name in a text; exact because no name is part of another name or of a
#: News text (the only card text a view carries); ``test_card_names_are_distinct_in_text`` checks it.
NAME_RX = re.compile("|".join(map(re.escape, CARD_NAMES)))
GENDERS = ("male", "female")


def names_in(text):
    return set(NAME_RX.findall(text))


def test_card_names_are_distinct_in_text():
    for name in CARD_NAMES:
        assert [n for n in CARD_NAMES if n != name and name in n] == [], name
        assert not any(name in x.text for x in _C.news.values()), name


def hidden(s):
    """Names no spectator may learn: every deck, every uncompleted Dream, every card being looked at."""
    out = {*s.job_deck, *s.dream_deck, *s.news_deck, *s.news_box, *s.looking}
    for p in s.players:
        out.update(p.dreams)
    return out


def check_state(s):
    assert sum(s.tokens) == 8 and max(s.tokens) <= 4 and min(s.tokens) >= 0, s.tokens
    assert all(v >= 0 for p in s.players for v in p.res.values())
    census(s)


def check_views(s, secret, full=False):
    """What every seat is shown, at every step.

    ``G.rules.view`` is the public part plus the seat's own secrets (``views.view`` builds it that way), so
    the public part is scanned once for every hidden name and each seat's ``you`` must be exactly its
    own uncompleted Dreams and, while it is choosing among drawn cards, those cards. With ``full``
    every seat's ``G.rules.view`` is also compared with that composition.
    """
    common = views.public_view(s)
    assert not names_in(json.dumps(common)) & secret
    assert common["viewer"] is None and common["you"] is None
    looker = s.tasks[-1].player if s.tasks and s.tasks[-1].kind == "cards" else None
    assert views.private_view(s, None) is None
    for p in s.players:
        you = views.private_view(s, p.pid)
        assert you == {"id": p.pid, "dreams": p.dreams, "looking": s.looking if looker == p.pid else []}
        if full:
            assert G.rules.view(s, p.pid) == dict(common, viewer=p.pid, you=you)
    if full:
        assert G.rules.view(s, None) == common


def check_round_trip(s, full=False):
    text = G.rules.state_to_json(s)
    back = G.rules.state_from_json(text)
    assert back == s
    if full:
        assert G.rules.state_to_json(back) == text


def new_game(seed, n):
    """Seats alternate AI-style negative and positive ids; every third game sets genders (for SPG)."""
    ids = [(-i if i % 2 else i) for i in range(1, n + 1)]
    options = {"genders": {str(pid): GENDERS[(seed + i) % 2] for i, pid in enumerate(ids)}} if seed % 3 == 0 else None
    return ids, options, G.rules.new_game(ids, seed, options)


def play(seed, n, policy, check_every=60, round_trip_every=1, seen=None):
    ids, options, s = new_game(seed, n)
    rng = Rng.seeded(seed * 7919 + n)
    log = []
    check_state(s)
    secret_before = hidden(s)
    check_views(s, secret_before, full=True)
    check_round_trip(s, full=True)
    for step in range(MAX_STEPS):
        if G.rules.is_over(s):
            break
        actors = G.rules.actors(s)
        assert len(actors) == 1
        player = next(iter(actors))
        legal = G.rules.legal_actions(s, player)
        assert legal
        action = (
            policy.choose(G.rules.view(s, player), legal, rng) if policy is HEURISTIC else legal[rng.below(len(legal))]
        )
        assert action in legal
        if seen is not None:
            seen.add(s.tasks[-1].kind if s.tasks else s.phase)
            seen.add(action["type"])
        if step % check_every == 0:
            assert G.rules.timeout_action(s, player) in legal
            assert all(G.rules.legal_actions(s, q) == [] for q in ids if q != player)
            assert len({json.dumps(a) for a in legal}) == len(legal), "duplicate legal actions"
            for a in legal:
                assert 0 < len(G.presenter.action_label(s, player, a)) <= 100
                assert all(G.presenter.choice_label(s, player, k, v) for k, v in a.items())
        events = G.rules.apply(s, player, action)
        log.append((player, action))
        check_state(s)
        secret_after = hidden(s)
        check_views(s, secret_after, full=step % check_every == 0)
        public = json.dumps([e for e in events if "visible_to" not in e])
        assert not names_in(public) & secret_before & secret_after, public
        secret_before = secret_after
        if step % round_trip_every == 0:
            check_round_trip(s, full=step % check_every == 0)
        assert all(G.presenter.event_line(e, NAMES) not in ("", e["type"]) for e in events)
        if step % check_every == 0:
            assert len(G.presenter.board(G.rules.view(s, player), NAMES).text) <= 1800
    else:
        raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} steps")
    assert s.round == 12 and not s.news_deck and len(s.news_done) == 11 and s.news
    check_round_trip(s, full=True)
    assert G.rules.actors(s) == frozenset() and all(G.rules.legal_actions(s, q) == [] for q in ids)
    result = G.rules.result(s)
    assert len(result.winners) == 1 and set(result.scores) == set(ids)
    return s, ids, options, log


def test_500_random_playouts_keep_every_invariant():
    seen = set()
    for seed in range(500):
        n = 2 + seed % 5
        # the round trip: every step in the 100 replayed games, every 10th step (and the end) elsewhere
        s, ids, options, log = play(seed, n, RANDOM, round_trip_every=1 if seed % 5 == 0 else 10, seen=seen)
        if seed % 5 == 0:
            again = replay(G.rules, ids, seed, options, log)
            assert G.rules.state_to_json(again) == G.rules.state_to_json(s)
    # the invariants were checked on every kind of decision and every kind of action
    assert seen >= {
        "pre",
        "post",
        "gain",
        "cards",
        "complete",
        "stasiun",
        "steal",
        "transit",
        "salary_choice",
        "sow",
        "gps",
        "transform",
        "swap",
        "raid",
        "call",
        "seduce",
        "deactivate",
        "bury",
        "psychic",
        "peek",
        "end",
        "take",
        "salary",
        "activate",
        "copy",
        "look",
        "hire",
        "hire_free",
        "keep",
        "done",
    }, seen


def test_same_seed_same_game_and_seeds_differ():
    first = [G.rules.state_to_json(new_game(seed, 2 + seed % 5)[2]) for seed in range(60)]
    assert first == [G.rules.state_to_json(new_game(seed, 2 + seed % 5)[2]) for seed in range(60)]
    assert len(set(first)) == 60


def test_heuristic_playouts_finish_with_sensible_scores():
    scores, from_jobs, from_dreams = [], 0, 0
    for seed in range(20):
        s, ids, _, _ = play(1000 + seed, 2 + seed % 5, HEURISTIC, check_every=20)
        scores.extend(G.rules.result(s).scores.values())
        for p in s.players:
            parts = breakdown(s, p)
            from_jobs += parts["jobs"]
            from_dreams += parts["dreams"]
    mean = sum(scores) / len(scores)
    assert 4 <= mean <= 25 and max(scores) <= 45
    # the game is won by points from both Jobs and Dreams: neither road is negligible
    assert from_jobs >= 0.25 * (from_jobs + from_dreams) and from_dreams >= 0.25 * (from_jobs + from_dreams)
