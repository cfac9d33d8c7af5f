"""Setup as the rulebook deals it, and why the fine's redistribution never needs a second pass with 8 tokens."""

from collections import Counter
from itertools import product

from bot.games.laga.board import STEP, drop, settle, sow_path
from bot.games.laga.cards import cards
from bot.games.laga.state import NEWS_USED, TILES
from tests.games.laga.laga_helpers import G, census, setup


def test_setup_deals_a_seeded_ring_tokens_jobs_dreams_and_news():
    c = cards()
    rings, spreads, firsts = set(), set(), Counter()
    for seed in range(60):
        n = 2 + seed % 5
        ids = [100 + i for i in range(n)]
        s = G.rules.new_game(ids, seed)
        census(s)
        assert sorted(s.ring) == sorted(TILES)
        assert sum(s.tokens) == 8 and max(s.tokens) <= 4 and min(s.tokens) >= 0
        rings.add(tuple(s.ring))
        spreads.add(tuple(s.tokens))
        # a Level 1 Job face up each (all different) and one secret Dream each
        assert all(len(p.jobs) == 1 and c.jobs[p.jobs[0]].level == 1 and not p.face_down for p in s.players)
        assert len({p.jobs[0] for p in s.players}) == n
        assert all(len(p.dreams) == 1 and not p.completed for p in s.players)
        assert len(s.job_deck) == 31 - n and len(s.dream_deck) == 21 - n
        # 12 of the 16 News cards form the deck; the first player has opened the first one
        assert len(s.news_box) == 16 - NEWS_USED and s.round == 1 and s.news and len(s.news_deck) == NEWS_USED - 1
        assert s.turn == s.first and G.rules.waiting(s).turn == ids[s.first]
        firsts[s.first] += 1
        # nobody starts with anything; only the first player has had a Salary phase
        assert all(p.res == {"coin": 0, "pride": 0, "skill": 0} for i, p in enumerate(s.players) if i != s.first)
        assert s.players[s.first].face_down is False
    assert len(rings) > 50 and len(spreads) > 20 and set(firsts) == set(range(6))
    assert G.rules.state_to_json(G.rules.new_game([1, 2, 3], 7)) == G.rules.state_to_json(
        G.rules.new_game([1, 2, 3], 7)
    )


def distributions(total=8, tiles=6, cap=4):
    """Every way to put ``total`` tokens on ``tiles`` tiles with at most ``cap`` on each."""
    return [t for t in product(range(cap + 1), repeat=tiles) if sum(t) == total]


def test_every_move_from_every_legal_board_needs_at_most_one_redistribution():
    """The rulebook repeats the redistribution "until all tiles hold no more than 4". With 8 tokens and
    at most 4 a tile before a move, a move adds at most 1 to a tile, so only one tile can reach 5 and
    spreading it leaves every other tile at 3 + 1 at most: one pass always suffices (the repeat itself
    is exercised on a constructed 9-token board in test_laga_board). Checked for every board, every
    sow (both directions, every Dolphin Jump) and every GPS move."""
    s = setup()
    mover = s.players[0]
    boards = distributions()
    assert len(boards) == 951
    moves = 0
    for board in boards:
        for origin in range(6):
            if not board[origin]:
                continue
            paths = [
                sow_path(origin, board[origin], d, jump)
                for d in STEP
                for jump in [None] + [(origin + STEP[d] * k) % 6 for k in range(1, board[origin] + 1)]
            ]
            if board[origin] == 1:
                paths += [[to] for to in range(6) if to != origin]
            for path in paths:
                s.tokens = list(board)
                s.overflow_fined = False
                mover.face_down = False
                noted = drop(s, origin, path)
                events = []
                settle(s, mover, events)
                spreads = [e for e in events if e["type"] == "redistribute"]
                assert len(spreads) == (max(noted) > 4) and sum(s.tokens) == 8 and max(s.tokens) <= 4
                assert mover.face_down == (max(noted) > 4)
                moves += 1
    assert moves == 30438
