"""Normal Laga Jakarta in positions where one mechanism matters: it takes the better move.

Each scenario arranges a state with the tests' helpers, asks normal for its move from the
seat's view, and checks the choice; a twin position where the mechanism would be wrong
checks that it is not played blindly.
"""

from __future__ import annotations

from typing import Any

from bot.games.laga.ai import HEURISTIC
from bot.games.laga.state import LagaState
from bot.kernel.rng import Rng
from tests.games.laga.laga_helpers import G, dreams, job, res, setup


def _rounds_left(s: LagaState, left: int) -> None:
    """Leave ``left`` News cards in the deck: the rounds still to come after this one."""
    while len(s.news_deck) > left:
        s.news_done.append(s.news_deck.pop())


def _psychic() -> LagaState:
    """Two seats, seat 1 the Paranormal (Psychic: a free look at a deck's top card), seat 2 an Employee."""
    s = setup(2)
    job(s, 2, "Employee")
    job(s, 1, "Paranormal")
    return s


def _choice(s: LagaState, pid: int = 1) -> dict[str, Any]:
    legal = G.rules.legal_actions(s, pid)
    action = HEURISTIC.choose(G.rules.view(s, pid), legal, Rng.seeded(7))
    assert action in legal
    return action


def test_an_employee_buries_a_dream_it_cannot_pay_for_in_the_rounds_left():
    """An uncompleted Dream costs a point at the end: with one round left and nothing saved, the 6-point
    Dream cannot be finished, so Employee's Buried Dream returns it before the move."""
    s = setup(2)
    job(s, 1, "Employee")
    dreams(s, 1, held=("Join Political Party",))
    res(s, 1, coin=0, pride=0, skill=0)
    _rounds_left(s, 1)
    assert _choice(s) == {"type": "bury", "card": "Join Political Party"}


def test_an_employee_keeps_a_dream_it_can_still_finish():
    """Many rounds ahead and the cheap Dream nearly paid: burying it would throw away two points."""
    s = setup(2)
    job(s, 1, "Employee")
    dreams(s, 1, held=("Monas Selfie",))
    res(s, 1, coin=1, pride=2, skill=0)
    _rounds_left(s, 8)
    assert _choice(s)["type"] != "bury"


def test_in_the_last_rounds_the_psychic_looks_at_the_dream_deck():
    """Two rounds left: no time to climb the ladder, points come from Dreams, so the free look goes to the
    Dream deck."""
    s = _psychic()
    _rounds_left(s, 2)
    assert _choice(s) == {"type": "psychic", "deck": "dream"}


def test_early_on_the_psychic_looks_at_the_job_deck():
    """Many rounds ahead and a level-3 Job: climbing is the plan, so the look goes to the Job deck."""
    s = _psychic()
    _rounds_left(s, 9)
    assert _choice(s) == {"type": "psychic", "deck": "job"}
