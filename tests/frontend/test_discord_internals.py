"""The private names of discord.py the bot uses, each named here, and the one module that uses them.

The component router (``bot/frontend/ui/router.py``) decides which component answers a click
the way discord.py does, on what discord.py has parsed already, and that takes three of
discord.py's private names. Private names change without notice between releases, so:

* each one is checked here by name against the installed discord.py, doing what the router
  needs of it: an upgrade that renames or changes one fails here, saying which;
* no other module of ``bot/`` or ``cogs/`` may use a private name of discord.py: a use
  anywhere else fails here too, so the router stays the one place an upgrade has to look.

A private name is found by reading the source: an attribute, an import or a ``getattr``
string whose name starts with an underscore and is one discord.py defines (and the bot
itself does not), or any ``__discord_*`` attribute.
"""

from __future__ import annotations

import ast
import asyncio
import functools
import re
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.components import _component_factory

from bot.frontend.ui import router
from bot.frontend.ui.components import COMPONENTS, LobbyButton, PassButton, PickButton, PickSelect

ROOT = Path(__file__).resolve().parents[2]
ROUTER = "bot/frontend/ui/router.py"
DISCORD = Path(discord.__file__).parent

#: Each private name of discord.py the router uses, and what it is there.
ROUTER_USES = {
    "_component_to_item": "discord.ui.view: the item of a parsed component (DynamicItem.from_custom_id takes it)",
    "__discord_ui_compiled_template__": "discord.ui.DynamicItem: a component class's compiled id template",
    "_refresh_state": "discord.ui.Item: fills a select's chosen values in from the click",
    "_from_interaction": "discord.app_commands.CommandTree: runs a command interaction, as the gateway does",
}

#: Private names of discord.py used outside the router, each with why it is not (yet) there. The delivery
#: modules read the interaction token a followup message was sent with from its webhook state; they are
#: restructured apart from the handlers, and these two reads belong in the router's module when they move.
ELSEWHERE = {
    ("bot/frontend/delivery/pings.py", "_state"): "a followup message's webhook state",
    ("bot/frontend/delivery/pings.py", "_webhook"): "that state's webhook, whose token is the interaction's",
    ("bot/frontend/delivery/table_tokens.py", "_state"): "a followup message's webhook state",
    ("bot/frontend/delivery/table_tokens.py", "_webhook"): "that state's webhook, whose token is the interaction's",
}

#: Names discord.py happens to define too, used here on objects that are not discord.py's.
NOT_DISCORD = {
    ("bot/play/match_locks.py", "_waiters"): "asyncio.Lock's queue of waiters",
}


# --- each name, on the installed discord.py -----------------------------------------------------
def test_component_to_item_makes_the_item_of_a_parsed_component():
    from discord.ui.view import _component_to_item

    custom_id = PickSelect.custom_id_for(7, 0, "abcdef", (), 0)
    select = _component_factory(
        {
            "type": discord.ComponentType.string_select.value,
            "custom_id": custom_id,
            "options": [{"label": "a", "value": "0"}],
        }
    )
    button = _component_factory(
        {
            "type": discord.ComponentType.button.value,
            "style": 1,
            "label": "x",
            "custom_id": LobbyButton.custom_id_for(7, "join"),
        }
    )
    assert isinstance(_component_to_item(select), discord.ui.Select)
    assert _component_to_item(select).custom_id == custom_id
    assert isinstance(_component_to_item(button), discord.ui.Button)


def test_every_component_class_has_its_compiled_template():
    class Probe(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"probe:(?P<n>[0-9]+)"):
        pass

    assert Probe.__discord_ui_compiled_template__.pattern == r"probe:(?P<n>[0-9]+)"
    for component in COMPONENTS:
        assert isinstance(component.__discord_ui_compiled_template__, re.Pattern), component
    assert PassButton.__discord_ui_compiled_template__.fullmatch(PassButton.custom_id_for(7, 3, "abcdef"))
    assert PickButton.__discord_ui_compiled_template__.fullmatch(PickButton.custom_id_for(7, 3, "abcdef", (1, 2), 0))
    # The router finds each class by the literal kind its template starts with.
    assert {router._prefix(c) for c in COMPONENTS} >= {"lobby", "pass", "pkb", "pks", "lset"}


def test_refresh_state_fills_in_a_selects_chosen_values():
    made = PickSelect(7, 0, "abcdef", (), 0)
    made._refresh_state(
        None,
        {
            "custom_id": made.item.custom_id,  # type: ignore[arg-type]
            "component_type": discord.ComponentType.string_select.value,
            "values": ["2"],
        },
    )
    assert made.item.values == ["2"]
    pressed = LobbyButton(7, "join")
    pressed._refresh_state(
        None,
        {
            "custom_id": pressed.item.custom_id,  # type: ignore[arg-type]
            "component_type": discord.ComponentType.button.value,
        },
    )


async def test_from_interaction_runs_a_command_in_a_task_of_its_own(monkeypatch):
    client = discord.Client(intents=discord.Intents.none())
    await client._async_setup_hook()  # the loop, as login() gives it
    tree = discord.app_commands.CommandTree(client)
    ran: list[object] = []

    async def call(interaction: object) -> None:
        ran.append(interaction)

    monkeypatch.setattr(tree, "_call", call)
    router.run_command_again(tree, "an interaction")  # type: ignore[arg-type]
    assert ran == []  # not run in the caller: in a task, as an interaction from the gateway is
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert ran == ["an interaction"]


def test_the_router_uses_exactly_the_names_named_here():
    assert {name for module, name in _private_uses() if module == ROUTER} == set(ROUTER_USES)


# --- and nowhere else --------------------------------------------------------------------------
def test_no_other_module_uses_a_private_name_of_discord_py():
    found = {use for use in _private_uses() if use[0] != ROUTER}
    unexpected = sorted(found - set(ELSEWHERE) - set(NOT_DISCORD))
    assert not unexpected, (
        "discord.py's private names belong in the router's module ("
        + ROUTER
        + "):\n"
        + "\n".join(f"{module}: {name}" for module, name in unexpected)
    )
    gone = sorted(set(ELSEWHERE) - found)
    assert not gone, f"no longer used there: drop them from ELSEWHERE: {gone}"


@pytest.mark.parametrize(
    "planted",
    [
        "from discord.ui.view import _component_to_item\n",
        "def f(item):\n    return item.__discord_ui_compiled_template__\n",
        "def f(message):\n    return getattr(message, '_state', None)\n",
    ],
)
def test_the_search_finds_a_planted_use(planted):
    assert _uses_in(ast.parse(planted), _discord_private_names() - _own_names())


def _private_uses() -> set[tuple[str, str]]:
    """(module path, name) of every private name of discord.py used in ``bot/`` and ``cogs/``."""
    candidates = _discord_private_names() - _own_names()
    found = set()
    for path in _sources("bot", "cogs"):
        for name in _uses_in(ast.parse(path.read_text(encoding="utf-8")), candidates):
            found.add((path.relative_to(ROOT).as_posix(), name))
    return found


def _uses_in(tree: ast.AST, candidates: frozenset[str]) -> set[str]:
    used = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Attribute):
            names = [node.attr]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "discord":
            names = [alias.name for alias in node.names]
            names += [part for part in (node.module or "").split(".") if part.startswith("_")]
        elif isinstance(node, ast.Import):
            names = [
                part
                for alias in node.names
                if alias.name.split(".")[0] == "discord"
                for part in alias.name.split(".")
                if part.startswith("_")
            ]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names = [node.value]  # getattr(obj, "_name")
        used.update(n for n in names if n.startswith("__discord") or n in candidates)
    return used


def _sources(*packages: str) -> list[Path]:
    return [path for package in packages for path in sorted((ROOT / package).rglob("*.py"))]


@functools.cache
def _discord_private_names() -> frozenset[str]:
    """Every single-underscore name discord.py defines: functions, classes, attributes, slots."""
    names = set()
    for path in DISCORD.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
                names.add(node.value)  # __slots__ entries
    return frozenset(
        {n for n in names if n.startswith("_") and not n.startswith("__")}
        | {n for n in names if n.startswith("__discord")}
    )


@functools.cache
def _own_names() -> frozenset[str]:
    """Names the bot defines itself (its own private attributes and functions are its business)."""
    names = set()
    for path in _sources("bot", "cogs"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
    return frozenset(names)
