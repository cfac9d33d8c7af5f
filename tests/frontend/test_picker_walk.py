"""The picker's walk through legal actions: which key each step asks, and what it leaves implied."""

from __future__ import annotations

import pytest

from bot.frontend.ui.picker import PathError, walk

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
