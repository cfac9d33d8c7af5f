"""Which clicks a component claims: the bot's test must agree with discord.py's, at any depth.

discord.py calls a DynamicItem only if the clicked component is on the message; the bot answers
every other click with "This button is no longer valid." If the two disagreed, a click would get
two answers (an error) or none ("This interaction failed").
"""

from __future__ import annotations

import discord
from discord.components import _component_factory

from bot.client import _shows

BUTTON, SELECT = discord.ComponentType.button.value, discord.ComponentType.string_select.value


def _components(*payloads: dict) -> list[discord.components.Component]:
    return [_component_factory(p) for p in payloads]


def _button(custom_id: str) -> dict:
    return {"type": BUTTON, "style": 2, "label": "x", "custom_id": custom_id}


ROWS = _components(
    {"type": 1, "components": [_button("pick:1"), _button("pick:2")]},
    {"type": 1, "components": [{"type": SELECT, "custom_id": "pick:choose", "options": [{"label": "a", "value": "a"}]}]},
)
#: Components v2: a container holding a section whose accessory is the button, and a row.
LAYOUT = _components(
    {"type": 17, "components": [
        {"type": 9, "components": [{"type": 10, "content": "text"}], "accessory": _button("pick:deep")},
        {"type": 1, "components": [_button("pick:row")]},
    ]},
)


def test_a_component_on_the_message_is_claimed_whatever_its_depth():
    assert _shows(ROWS, BUTTON, "pick:2") and _shows(ROWS, SELECT, "pick:choose")
    assert _shows(LAYOUT, BUTTON, "pick:deep") and _shows(LAYOUT, BUTTON, "pick:row")


def test_a_click_on_what_the_message_does_not_show_is_not_claimed():
    assert not _shows(ROWS, BUTTON, "pick:3")  # forged: not on the message
    assert not _shows(ROWS, BUTTON, "pick:choose")  # on it, but as a select, not a button
    assert not _shows(LAYOUT, SELECT, "pick:deep") and not _shows([], BUTTON, "pick:1")
