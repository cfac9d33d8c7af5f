"""Every component click to the one component that answers it, without rebuilding the clicked message.

The bot's components are :class:`discord.ui.DynamicItem` classes (an id
template, a look and a handler together, see :mod:`bot.frontend.ui.components`), but
they are not registered with discord.py: for a DynamicItem, discord.py
rebuilds a whole View from the clicked message (every button and select of a
picker of up to 25, about 0.2 ms) only to find the one clicked, before the
click's handler gets the loop. The router makes the same decisions on what
is already parsed:

* a click is *claimed* when its custom id fits a template (looked up by the
  id's prefix, so one regex runs, not one per component class) and the
  clicked component is on the message with that id and type, as discord.py
  requires: a forged id or one no longer on the message is not;
* a claimed click gets the item its template builds from the id, with the
  select's chosen values filled in from the click, then its callback;
* any other click is answered by the caller (the bot says the button is no
  longer valid), so every click gets exactly one answer.
"""

from __future__ import annotations

import logging
import re
from typing import Any, Iterable

import discord
from discord.ui.view import _component_to_item

log = logging.getLogger(__name__)

Item = type[discord.ui.DynamicItem[Any]]
_PREFIX = re.compile(r"[a-z]+")


def _prefix(item: Item) -> str:
    """The literal kind a component's ids start with (``pkb`` of ``pkb:...``)."""
    pattern: re.Pattern[str] = item.__discord_ui_compiled_template__  # type: ignore[attr-defined]
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
    """A click a component answers: the component class, its template's match, and what was clicked."""

    __slots__ = ("item", "match", "component")

    def __init__(self, item: Item, match: re.Match[str], component: Any) -> None:
        self.item, self.match, self.component = item, match, component

    async def run(self, interaction: discord.Interaction[Any]) -> bool:
        """Build the component from its id and call it; False if the id does not make one (nothing answered)."""
        try:
            made = await self.item.from_custom_id(interaction, _component_to_item(self.component), self.match)
        except Exception:  # noqa: BLE001 - an id the template passes but the class refuses is a stale click
            log.debug("no %s from custom id %r", self.item.__name__, self.match.string, exc_info=True)
            return False
        made._refresh_state(interaction, interaction.data)  # type: ignore[arg-type] - a select's chosen values
        await made.callback(interaction)
        return True


class ComponentRouter:
    """The bot's component classes, by the kind their ids start with."""

    def __init__(self, items: Iterable[Item]) -> None:
        self._by_prefix: dict[str, Item] = {}
        for item in items:
            prefix = _prefix(item)
            if prefix in self._by_prefix:
                raise ValueError(f"{item.__name__} and {self._by_prefix[prefix].__name__} share the kind {prefix!r}")
            self._by_prefix[prefix] = item

    def claim(self, interaction: discord.Interaction[Any]) -> Claim | None:
        """The component that answers this click, if any (see the module)."""
        if interaction.type is not discord.InteractionType.component or interaction.message is None:
            return None
        data: Any = interaction.data or {}
        custom_id, kind = data.get("custom_id"), data.get("component_type")
        if not isinstance(custom_id, str):
            return None
        item = self._by_prefix.get(custom_id.partition(":")[0])
        if item is None:
            return None
        match = item.__discord_ui_compiled_template__.fullmatch(custom_id)  # type: ignore[attr-defined]
        if match is None:
            return None
        component = shown_component(interaction.message.components, kind, custom_id)
        return None if component is None else Claim(item, match, component)
