"""The picker's walk through legal actions: which key each step asks, and what it leaves implied."""

from __future__ import annotations

import pytest

from bot.frontend.ui.picker import PathError, offers, one_tap_answers, walk

HEROES = [{"type": "choose_hero", "hero": h} for h in ("ryan", "wang", "kaya")]


def test_a_type_every_action_shares_is_not_asked():
    step = walk(HEROES, ())
    assert step.key == "hero" and [c.value for c in step.choices] == ["ryan", "wang", "kaya"]
    assert step.chosen == () and step.context == (("type", "choose_hero"),)
    done = walk(HEROES, (1,))
    assert done.action == {"type": "choose_hero", "hero": "wang"}
    assert done.context == (("type", "choose_hero"), ("hero", "wang"))


def test_a_lone_action_is_still_a_button_to_press():
    step = walk([{"type": "end_turn"}], ())
    assert step.action is None and step.key == "type" and len(step.choices) == 1
    assert walk([{"type": "end_turn"}], (0,)).action == {"type": "end_turn"}


def test_different_types_are_asked_first():
    legal = HEROES[:1] + [{"type": "pass"}]
    step = walk(legal, ())
    assert step.key == "type" and step.implied == ()
    assert walk(legal, (0,)).action == HEROES[0]


def test_a_path_past_the_choices_is_refused():
    with pytest.raises(PathError):
        walk(HEROES, (3,))
    with pytest.raises(PathError):
        walk(HEROES, (0, 0))


def _offered(legal, most=5):
    step = walk(legal, ())
    return [(o.path, o.choice.value, o.via.value if o.via else None) for o in offers(legal, step, most)]


ATTACKS = [{"type": "attack", "target": t} for t in (2, 3)]
PLAYS = [{"type": "play", "card": c, "target": t} for c in (10, 11) for t in (2, 3)]


def test_a_choice_whose_options_all_end_the_decision_is_offered_unfolded_when_they_fit():
    legal = [{"type": "collect"}, *ATTACKS, {"type": "end_turn"}]
    assert _offered(legal) == [((), "collect", None), ((1,), 2, "attack"), ((1,), 3, "attack"), ((), "end_turn", None)]
    # each unfolded button's path and option walk to its action in one tap
    assert walk(legal, (1, 1)).action == {"type": "attack", "target": 3}


def test_no_unfolding_past_the_buttons_a_step_may_have_nor_into_a_choice_that_asks_again():
    legal = [{"type": "collect"}, *ATTACKS, {"type": "end_turn"}]
    assert [via for *_, via in _offered(legal, most=3)] == [None, None, None]
    # "play" asks a card, then a target: never unfolded into half-made choices
    assert [via for *_, via in _offered([*PLAYS, {"type": "end_turn"}])] == [None, None]
    # every choice that asks more unfolds, or none: not one card's places and the next card's not
    places = [{"type": "place", "card": c, "zone": z} for c in (1, 2, 3) for z in (1, 2, 3, 4)]
    cards = walk(places, ())
    assert cards.key == "card" and len(offers(places, cards, 10)) == 3
    assert all(o.via is None for o in offers(places, cards, 10))
    assert len(offers(places, cards, 12)) == 12 and all(o.via is not None for o in offers(places, cards, 12))
    # six choices are a select: offered as they are
    many = [{"type": "pick", "card": c} for c in range(6)]
    assert len(_offered(many)) == 6 and all(path == () for path, *_ in _offered(many))


def test_a_windows_answers_other_than_passing_are_offered_when_each_is_one_tap():
    twists = [
        {"type": "pass"},
        {"type": "play", "card": 7},
        *({"type": "play", "card": 8, "target": t} for t in (2, 3)),
    ]
    answers = one_tap_answers(twists, "pass", 4)
    assert answers is not None
    taken = [walk(twists, (*a.path, a.choice.index)).action for a in answers]
    assert taken == twists[1:]  # each button plays its answer, passing is the prompt's own button
    assert one_tap_answers(twists, "pass", 2) is None  # more than fit: Respond… opens the picker
    asks_more = [{"type": "pass"}, *({"type": "play", "card": c, "target": t} for c in (7, 8) for t in (2, 3, 4))]
    assert one_tap_answers(asks_more, "pass", 4) is None
    assert one_tap_answers([{"type": "pass"}], "pass", 4) is None  # nothing but passing
