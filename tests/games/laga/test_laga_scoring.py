"""End of game: points from Jobs and Dreams, and both tie-breaks."""

from tests.games.laga.laga_helpers import G, dreams, end_turn, job, kinds, setup


def finish_game(s, first=0):
    """Empty the News deck and end the turn before the first player's: the game ends."""
    s.first = first
    s.news_box.extend(s.news_deck)
    s.news_deck.clear()
    s.turn = (first - 1) % len(s.players)
    events = end_turn(s)
    assert G.rules.is_over(s) and kinds(events, "game_over")
    return G.rules.result(s)


def test_score_counts_every_job_held_and_dreams():
    s = setup()
    job(s, 1, "Pak Ogah", "Satpol PP", "Employee")  # 1 + 3 + 5
    dreams(s, 1, held=("Protesting",), completed=("Homecoming",))  # -1 + 4
    job(s, 2, "Bencong")
    job(s, 3, "Joki 3 in 1")
    dreams(s, 3, held=("Monas Selfie", "Pilgrimage"))
    result = finish_game(s)
    assert result.scores == {1: 12, 2: 1, 3: 1 - 2}
    assert result.winners == (1,) and "12 points" in result.summary
    view = G.rules.view(s, 2)
    assert view["result"][0] == {"id": 1, "score": 12, "decided_by": "points"}


def test_tie_broken_by_more_jobs():
    s = setup()
    job(s, 1, "Bencong", "Pak Ogah", "Joki 3 in 1")  # 3 points, 3 Jobs
    job(s, 2, "Satpol PP")  # 3 points, 1 Job
    job(s, 3, "Ondel-Ondel")
    result = finish_game(s)
    assert result.scores[1] == result.scores[2] == 3
    assert result.winners == (1,) and "more Jobs" in result.summary


def test_tie_broken_by_the_later_seat_in_turn_order():
    s = setup()
    job(s, 1, "Satpol PP")
    job(s, 2, "Provocator")
    job(s, 3, "Bencong")
    result = finish_game(s, first=0)  # turn order 1, 2, 3: seat 2 is later than seat 1
    assert result.winners == (2,) and "later seat" in result.summary
    s = setup()
    job(s, 1, "Satpol PP")
    job(s, 2, "Provocator")
    job(s, 3, "Bencong")
    result = finish_game(s, first=1)  # turn order 2, 3, 1: player 1 is the latest
    assert result.winners == (1,)
