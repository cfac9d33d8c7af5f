"""The picker offers each Laga move as one choice on its first step, abilities as one more."""

from bot.frontend.ui.picker import walk
from tests.games.laga.laga_helpers import G, job, res, setup


def test_moves_are_the_first_step_and_each_is_one_click():
    s = setup(tokens=[1, 0, 2, 1, 2, 2])
    legal = G.rules.legal_actions(s, 1)
    step = walk(legal, ())
    moves = [a for a in legal if a["type"] == "sow"]
    assert step.key == "move" and [c.value for c in step.choices] == [a["move"] for a in moves]
    for i, a in enumerate(moves):
        assert walk(legal, (i,)).action == a  # tile and direction together: one choice


def test_abilities_before_the_move_are_one_more_choice_that_asks_their_type():
    s = setup(tokens=[1, 0, 2, 1, 2, 2])
    job(s, 1, "Birthday Clown")
    res(s, 1, coin=1)
    legal = G.rules.legal_actions(s, 1)
    step = walk(legal, ())
    assert step.choices[-1].value is None
    assert G.presenter.choice_label(s, 1, "move", None) == "Use an ability first (Job or Dream)…"
    other = walk(legal, (len(step.choices) - 1,))
    assert other.key == "type" and [c.value for c in other.choices] == ["transform"]  # asked, never applied
    assert G.presenter.question(s, 1, other.key, other.chosen) == "Which ability do you use before moving?"
    done = walk(legal, (len(step.choices) - 1, 0, 0))
    assert done.action == {"type": "transform", "from": "coin", "to": "pride", "amount": 1}


def test_other_games_still_lead_with_type():
    legal = [{"type": "end"}]
    step = walk(legal, ())
    assert step.key == "type" and step.action is None
    assert walk(legal, (0,)).action == {"type": "end"}


def test_cards_seen_are_one_choice_each_with_their_effect_underneath():
    from tests.games.laga.laga_helpers import sow, top

    s = setup(tokens=[0, 0, 2, 1, 2, 3])
    res(s, 1, coin=1)
    top(s, "dream", "Monas Selfie", "Homecoming", "Pilgrimage")
    sow(s, 1, "training", "cw")  # lands Impian with 3 tokens: 3 Dreams
    legal = G.rules.legal_actions(s, 1)
    step = walk(legal, ())
    labels = [G.presenter.choice_label(s, 1, c.key, c.value) for c in step.choices]
    assert step.key == "pick" and len(labels) == 5
    assert labels[0] == "Keep Monas Selfie · 2 pts · 🪙1 💜2 ⭐1" and labels[-2:] == [
        "Look at one more card (pay 1 Coin)",
        "Done: return the rest",
    ]
    assert G.presenter.choice_note(s, 1, "pick", "keep:Monas Selfie") == "Win a tie at the end of the game."
    for i, _choice in enumerate(step.choices):  # one click each
        assert walk(legal, (i,)).action is not None
