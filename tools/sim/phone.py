"""How tall a message stands on a phone, estimated from its text: the tests' stand-in for looking at it.

The numbers are measured: messages drawn with discord-look at 400 px width (a phone) take about
``LINE_PX`` per line of embed text, wrapping at about ``WIDTH`` characters, plus ``FRAME_PX`` for the
author line, the title's margins, the fields' gaps and a row of buttons (the picture, if any, comes on
top). The estimate errs tall for short fields, so a message it passes fits.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

#: Characters of embed text a line holds at 400 px width (Discord's font, bold counted as plain).
WIDTH = 34
#: Height of one line of embed text at 400 px width.
LINE_PX = 17
#: The message's frame at 400 px width: the channel's top bar, author line, title margins, field gaps, two rows
#: of buttons. Measured on each game's tallest table with discord-look (the page with and without the table): 214 to
#: 262 px over the estimated lines, so the estimate errs tall.
FRAME_PX = 270
#: One phone screen, the most a table may take (at 400 px width, without its picture).
SCREEN_PX = 700

_MARKUP = re.compile(r"\*+|__|\|\||`")  # bold, italics, underline, spoilers, code
_TIME = re.compile(r"<t:\d+:R>")
_MENTION = re.compile(r"<@!?\d+>")


def text_lines(text: str) -> int:
    """Lines ``text`` takes once wrapped (markdown markers take no room; a time reads "in 20 seconds")."""
    total = 0
    for line in text.split("\n"):
        shown = _MENTION.sub("@Aisyah", _TIME.sub("in 20 seconds", _MARKUP.sub("", line)))
        total += max(1, -(-len(shown) // WIDTH))
    return total


def embed_lines(embed: Mapping[str, Any]) -> int:
    """Lines an embed's title, description, fields and footer take on a phone."""
    total = text_lines(embed.get("title") or "") + text_lines(embed.get("description") or "")
    for field in embed.get("fields") or ():
        total += text_lines(field["name"]) + text_lines(field["value"])
    footer = (embed.get("footer") or {}).get("text")
    return total + (text_lines(footer) if footer else 0)


def height_px(message: Any) -> int:
    """The estimated height at 400 px width of a message (a ``FakeMessage`` or its JSON), without pictures."""
    embeds = message.embeds if hasattr(message, "embeds") else message.get("embeds") or []
    content = message.content if hasattr(message, "content") else message.get("content") or ""
    lines = (text_lines(content) if content else 0) + sum(embed_lines(e) for e in embeds)
    return FRAME_PX + LINE_PX * lines


__all__ = ["FRAME_PX", "LINE_PX", "SCREEN_PX", "WIDTH", "embed_lines", "height_px", "text_lines"]
