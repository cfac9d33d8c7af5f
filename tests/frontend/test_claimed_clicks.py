"""Which clicks a component claims: the component must be on the message, at any depth; and which
handler each component's clicks go to.

discord.py calls a DynamicItem only if the clicked component is on the message; the bot's router
(which routes the bot's components instead of discord.py) makes the same test, and answers every
other click with "This button is no longer valid."
"""

from __future__ import annotations

import discord
from discord.components import _component_factory

from bot.frontend.ui.components import (
    COMPONENTS,
    ActButton,
    AddAISelect,
    HandButton,
    LanguageSelect,
    LobbyButton,
    LogButton,
    MyOptionsButton,
    OptionsButton,
    OptionSelect,
    PanelPageButton,
    PassButton,
    PickButton,
    PickSelect,
    PictureButton,
    PlayerOptionSelect,
    PrefButton,
    VoteButton,
)
from bot.frontend.ui.router import shown_component

BUTTON, SELECT = discord.ComponentType.button.value, discord.ComponentType.string_select.value


def _components(*payloads: dict) -> list[discord.components.Component]:
    return [_component_factory(p) for p in payloads]


def _button(custom_id: str) -> dict:
    return {"type": BUTTON, "style": 2, "label": "x", "custom_id": custom_id}


ROWS = _components(
    {"type": 1, "components": [_button("pick:1"), _button("pick:2")]},
    {
        "type": 1,
        "components": [{"type": SELECT, "custom_id": "pick:choose", "options": [{"label": "a", "value": "a"}]}],
    },
)
#: Components v2: a container holding a section whose accessory is the button, and a row.
LAYOUT = _components(
    {
        "type": 17,
        "components": [
            {"type": 9, "components": [{"type": 10, "content": "text"}], "accessory": _button("pick:deep")},
            {"type": 1, "components": [_button("pick:row")]},
        ],
    },
)


def test_a_component_on_the_message_is_claimed_whatever_its_depth():
    assert _found(ROWS, BUTTON, "pick:2") and _found(ROWS, SELECT, "pick:choose")
    assert _found(LAYOUT, BUTTON, "pick:deep") and _found(LAYOUT, BUTTON, "pick:row")


def test_a_click_on_what_the_message_does_not_show_is_not_claimed():
    assert not _found(ROWS, BUTTON, "pick:3")  # forged: not on the message
    assert not _found(ROWS, BUTTON, "pick:choose")  # on it, but as a select, not a button
    assert not _found(LAYOUT, SELECT, "pick:deep") and not _found([], BUTTON, "pick:1")


def _found(components, kind, custom_id) -> bool:
    found = shown_component(components, kind, custom_id)
    assert found is None or (found.custom_id == custom_id and found.type.value == kind)
    return found is not None


async def test_every_component_is_routed_to_the_handler_it_calls(table):
    routes, handlers = table.bot.router.routes(), table.bot.handlers
    assert set(routes) == set(COMPONENTS)
    expected = {
        LobbyButton: handlers.lobby,
        HandButton: handlers.hand,
        LogButton: handlers.log,
        PictureButton: handlers.picture,
        VoteButton: handlers.vote,
        PrefButton: handlers.hand,
        **{c: handlers.picking for c in (ActButton, PassButton, PickButton, PickSelect)},
        **{
            c: handlers.options
            for c in (
                OptionsButton,
                MyOptionsButton,
                PanelPageButton,
                OptionSelect,
                PlayerOptionSelect,
                AddAISelect,
                LanguageSelect,
            )
        },
    }
    assert all(routes[c] is h for c, h in expected.items()), routes
