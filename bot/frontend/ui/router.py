"""Every component click to the one component that answers it, and on to that component's handler.

The bot's components are :class:`discord.ui.DynamicItem` classes (an id
template, a look and the call a click makes, see :mod:`bot.frontend.ui.components`),
but they are not registered with discord.py: for a DynamicItem, discord.py
rebuilds a whole View from the clicked message (every button and select of a
picker of up to 25, about 0.2 ms) only to find the one clicked, before the
click's handler gets the loop. The router makes the same decisions on what
is already parsed:

* a click is *claimed* when its custom id fits a template (looked up by the
  id's prefix, so one regex runs, not one per component class) and the
  clicked component is on the message with that id and type, as discord.py
  requires: a forged id or one no longer on the message is not;
* a claimed click gets the item its template builds from the id, with the
  select's chosen values filled in from the click, then the item's ``answer``
  runs with the handler given for its class (:func:`route`, at composition), in
  the clicking player's language (what they alone see; a handler switches to the
  server's for what it posts in the channel); a refusal it raises is answered
  privately with its reason, anything else still gets an answer (``errors``);
* any other click is answered by the caller (the bot says the button is no
  longer valid), so every click gets exactly one answer.

Deciding as discord.py does takes three of its private names, and running a command
again once more (:func:`run_command_again`) a fourth; this is the only module of the bot
that uses any (``tests/frontend/test_discord_internals.py`` checks both, so a discord.py
upgrade that changes them fails there, by name):

* ``discord.ui.view._component_to_item``: the item of a parsed component, which
  ``DynamicItem.from_custom_id`` is given;
* ``DynamicItem.__discord_ui_compiled_template__``: a component class's compiled
  template (the ``template`` property exists on instances only);
* ``Item._refresh_state``: a select's chosen values, filled in from the click;
* ``CommandTree._from_interaction``: what discord.py's gateway handler calls with a command
  interaction (it runs the command in a task of its own, its errors to the tree's handler).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping
from typing import Any, Protocol, TypeVar

import discord
from discord.ui.view import _component_to_item

from bot.frontend.ui.components import match_of
from bot.kernel.i18n import use_locale

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
Item = type[discord.ui.DynamicItem[Any]]
_PREFIX = re.compile(r"[a-z]+")

H = TypeVar("H", contravariant=True)


class Answering(Protocol[H]):
    """A component: what a click on it asks of its handler (``H``, the interface it declares)."""

    async def answer(self, interaction: Interaction, handler: H) -> None: ...


class Readers(Protocol):
    """The language a click is answered in (``bot.frontend.languages.Languages``)."""

    async def for_interaction(self, interaction: Interaction, match_id: int | None = None) -> str: ...


class Errors(Protocol):
    """Where a handler's refusal or failure is answered (``bot.frontend.handlers.answers.Answers``)."""

    async def answer_error(self, interaction: Interaction, error: BaseException) -> None: ...


def route(component: type[Answering[H]], handler: H) -> tuple[Item, Any]:
    """A component class and the handler its clicks go to (type-checked: the handler is what it declares)."""
    return component, handler  # type: ignore[return-value]


def _prefix(item: Item) -> str:
    """The literal kind a component's ids start with (``pkb`` of ``pkb:...``)."""
    pattern: re.Pattern[str] = item.__discord_ui_compiled_template__
    prefix, colon, _ = pattern.pattern.partition(":")
    if not colon or not _PREFIX.fullmatch(prefix):
        raise ValueError(f"{item.__name__}: a template must start with its literal kind and a colon")
    return prefix


def shown_component(components: Iterable[Any], kind: Any, custom_id: str) -> Any | None:
    """The component of type ``kind`` with ``custom_id`` among a message's components, at any depth, or None.

    The test discord.py makes before it calls a DynamicItem, made on the parsed components
    themselves: rows, sections and containers hold ``children``, a section its ``accessory``.
    """
    pending = list(components)
    while pending:
        component = pending.pop()
        if getattr(component, "custom_id", None) == custom_id and component.type.value == kind:
            return component
        pending.extend(getattr(component, "children", None) or ())
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            pending.append(accessory)
    return None


class Claim:
    """A click a component answers: the component class, its handler, its template's match, and what was clicked."""

    __slots__ = ("item", "handler", "match", "component", "_readers", "_errors")

    def __init__(
        self, item: Item, handler: Any, match: re.Match[str], component: Any, readers: Readers, errors: Errors
    ) -> None:
        self.item, self.handler, self.match, self.component = item, handler, match, component
        self._readers, self._errors = readers, errors

    async def run(self, interaction: Interaction) -> bool:
        """Build the component from its id and answer with it; False if the id does not make one (nothing answered)."""
        try:
            made = await self.item.from_custom_id(interaction, _component_to_item(self.component), self.match)
        except Exception:  # noqa: BLE001 - an id the template passes but the class refuses is a stale click
            log.debug("no %s from custom id %r", self.item.__name__, self.match.string, exc_info=True)
            return False
        made._refresh_state(interaction, interaction.data)  # type: ignore[arg-type]  # a select's chosen values
        locale = await self._readers.for_interaction(interaction, match_of(interaction))
        with use_locale(locale):
            try:
                await made.answer(interaction, self.handler)  # type: ignore[attr-defined]
            except Exception as error:  # noqa: BLE001 - refusals are told; anything else is reported and logged
                await self._errors.answer_error(interaction, error)
        return True


class ComponentRouter:
    """The bot's component classes, by the kind their ids start with, each with the handler its clicks go to."""

    def __init__(self, routes: Iterable[tuple[Item, Any]], *, readers: Readers, errors: Errors) -> None:
        self._by_prefix: dict[str, tuple[Item, Any]] = {}
        for item, handler in routes:
            prefix = _prefix(item)
            if prefix in self._by_prefix:
                raise ValueError(f"{item.__name__} and {self._by_prefix[prefix][0].__name__} share the kind {prefix!r}")
            self._by_prefix[prefix] = (item, handler)
        self._readers, self._errors = readers, errors

    def routes(self) -> Mapping[Item, Any]:
        """Each component class routed, and its handler."""
        return dict(self._by_prefix.values())

    def claim(self, interaction: Interaction) -> Claim | None:
        """The component that answers this click, if any (see the module)."""
        if interaction.type is not discord.InteractionType.component or interaction.message is None:
            return None
        data: Any = interaction.data or {}
        custom_id, kind = data.get("custom_id"), data.get("component_type")
        if not isinstance(custom_id, str):
            return None
        routed = self._by_prefix.get(custom_id.partition(":")[0])
        if routed is None:
            return None
        item, handler = routed
        match = item.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match is None:
            return None
        component = shown_component(interaction.message.components, kind, custom_id)
        return None if component is None else Claim(item, handler, match, component, self._readers, self._errors)


def run_command_again(tree: discord.app_commands.CommandTree[Any], interaction: discord.Interaction[Any]) -> None:
    """Run a command interaction through ``tree`` as discord.py runs one that just arrived (a command another
    process let go and this one answers after all, see :mod:`bot.frontend.intake`)."""
    tree._from_interaction(interaction)
