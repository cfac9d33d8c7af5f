"""Reading message components the way a player sees them.

Messages keep their components as the raw JSON the bot sent (legacy action rows
or Components V2 containers). Tests need to ask "which buttons can a player
press right now?", so this module walks any component tree and turns the
interactive parts into small read-only records. Nothing here knows about
discord.py objects: the stand-in judges the bot by what it sent on the wire.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

#: Component types that carry a custom_id a player can interact with.
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
USER_SELECT = 5
ROLE_SELECT = 6
MENTIONABLE_SELECT = 7
CHANNEL_SELECT = 8
TEXT_DISPLAY = 10
FILE_UPLOAD = 19
RADIO_GROUP = 21
CHECKBOX_GROUP = 22
CHECKBOX = 23
SELECT_TYPES = frozenset({STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT})
INTERACTIVE_TYPES = SELECT_TYPES | {BUTTON}

#: Button style 5 is a link (no custom_id, never reaches the bot); 6 is a premium (SKU) button.
LINK_STYLE = 5


@dataclass(frozen=True)
class ButtonInfo:
    """One button as rendered to a player."""

    label: str | None
    custom_id: str | None
    disabled: bool
    style: int
    emoji: str | None = None
    url: str | None = None


@dataclass(frozen=True)
class OptionInfo:
    """One choice inside a string select."""

    label: str
    value: str
    description: str | None = None
    default: bool = False


@dataclass(frozen=True)
class SelectInfo:
    """One select menu as rendered to a player."""

    custom_id: str
    type: int
    options: tuple[OptionInfo, ...]
    placeholder: str | None
    min_values: int
    max_values: int
    disabled: bool

    @property
    def values(self) -> list[str]:
        """The values a player may pick (string selects only)."""
        return [o.value for o in self.options]


def walk(components: list[dict[str, Any]] | None) -> Iterator[dict[str, Any]]:
    """Yield every component dict in a tree, depth first, in display order.

    Rows and containers nest children under ``components``; sections put a
    button under ``accessory``; labels (modals) wrap one child under ``component``.
    """
    if not components:
        return
    stack = list(reversed(components))
    while stack:
        comp = stack.pop()
        yield comp
        children: list[dict[str, Any]] = []
        if comp.get("components"):
            children.extend(comp["components"])
        if comp.get("accessory"):
            children.append(comp["accessory"])
        if comp.get("component"):
            children.append(comp["component"])
        stack.extend(reversed(children))


def find(components: list[dict[str, Any]] | None, custom_id: str) -> dict[str, Any] | None:
    """The interactive component with ``custom_id``, or None."""
    for comp in walk(components):
        if comp.get("custom_id") == custom_id and comp.get("type") in INTERACTIVE_TYPES | {TEXT_INPUT}:
            return comp
    return None


def _emoji_text(emoji: dict[str, Any] | None) -> str | None:
    if not emoji:
        return None
    if emoji.get("id"):
        return f"<{'a' if emoji.get('animated') else ''}:{emoji.get('name')}:{emoji['id']}>"
    return emoji.get("name")


def buttons(components: list[dict[str, Any]] | None) -> list[ButtonInfo]:
    """Every button, in display order."""
    return [
        ButtonInfo(
            label=c.get("label"),
            custom_id=c.get("custom_id"),
            disabled=bool(c.get("disabled", False)),
            style=int(c.get("style", 1)),
            emoji=_emoji_text(c.get("emoji")),
            url=c.get("url"),
        )
        for c in walk(components)
        if c.get("type") == BUTTON
    ]


def selects(components: list[dict[str, Any]] | None) -> list[SelectInfo]:
    """Every select menu, in display order."""
    out = []
    for c in walk(components):
        if c.get("type") in SELECT_TYPES:
            out.append(
                SelectInfo(
                    custom_id=c["custom_id"],
                    type=c["type"],
                    options=tuple(
                        OptionInfo(
                            label=o.get("label", ""),
                            value=o.get("value", ""),
                            description=o.get("description"),
                            default=bool(o.get("default", False)),
                        )
                        for o in c.get("options", ())
                    ),
                    placeholder=c.get("placeholder"),
                    min_values=int(c.get("min_values", 1)),
                    max_values=int(c.get("max_values", 1)),
                    disabled=bool(c.get("disabled", False)),
                )
            )
    return out


def custom_ids(components: list[dict[str, Any]] | None) -> list[str]:
    """Custom ids of every interactive component (link buttons have none)."""
    return [c["custom_id"] for c in walk(components) if c.get("custom_id") and c.get("type") in INTERACTIVE_TYPES]


def text_displays(components: list[dict[str, Any]] | None) -> list[str]:
    """Markdown text shown by Components V2 text displays."""
    return [c.get("content", "") for c in walk(components) if c.get("type") == TEXT_DISPLAY]


def embed_text(embed: dict[str, Any]) -> list[str]:
    """Every human-visible string of one embed, in reading order."""
    parts: list[str] = []
    author = embed.get("author")
    if author and author.get("name"):
        parts.append(author["name"])
    for key in ("title", "description"):
        if embed.get(key):
            parts.append(str(embed[key]))
    for field in embed.get("fields", ()) or ():
        parts.append(str(field.get("name", "")))
        parts.append(str(field.get("value", "")))
    footer = embed.get("footer")
    if footer and footer.get("text"):
        parts.append(footer["text"])
    return parts
