"""A person's name: how it enters the bot, and how it is written in Discord's text.

A name is a person's own text. It may hold markdown (``**``, ``||``), a mention
(``<@id>``, ``@everyone``), characters that turn the text around it right to left, or
be long. It enters once, through :func:`clean`: cut to Discord's 32 characters, without
control or format characters (bidirectional overrides, zero-width marks), so that it
is safe to store and to draw in a picture. Wherever a message writes it,
:func:`shown` escapes its markdown and mentions and, if it holds right-to-left
letters, isolates it from the text around it: it reads as the name, pings nobody and
reshapes nothing. Where Discord shows text as it is (an embed's footer), :func:`plain`
only isolates it. Pictures draw the clean name as it is.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

import discord

#: Discord's own limit for a nickname; longer names are cut to it.
NAME_LIMIT = 32
#: First-strong isolate and pop directional isolate: the name's direction stays inside them.
_ISOLATE, _POP = "\u2068", "\u2069"
#: Unicode's bidirectional classes of right-to-left letters.
_RIGHT_TO_LEFT = {"R", "AL"}


def clean(raw: str) -> str:
    """A name as the bot keeps it: no control or format characters, spaces collapsed, at most 32 characters."""
    spaced = "".join(" " if ch.isspace() else ch for ch in raw)  # a tab or a line break is a space
    kept = "".join(ch for ch in spaced if unicodedata.category(ch) not in ("Cc", "Cf"))
    return " ".join(kept.split())[:NAME_LIMIT].rstrip() or "?"


def shown(name: str) -> str:
    """``name`` written in a message's text: markdown and mentions escaped, isolated if it reads right to left."""
    # Every "@" is followed by a zero-width space, so no part of a name can form a mention of anyone (whatever
    # the id's length) or @everyone/@here; markdown characters get a backslash.
    return plain(discord.utils.escape_markdown(name).replace("@", "@\u200b"))


def plain(name: str) -> str:
    """``name`` where Discord shows text as it is (an embed's footer, a label): no markdown to escape, nothing
    pinged there, so only isolated if it reads right to left (a backslash would show)."""
    if any(unicodedata.bidirectional(ch) in _RIGHT_TO_LEFT for ch in name):
        return _ISOLATE + name + _POP
    return name


def shown_names(names: Mapping[int, str]) -> dict[int, str]:
    """Each seat's name as a message writes it (what the games' presenters are given for text)."""
    return {seat: shown(name) for seat, name in names.items()}


__all__ = ["NAME_LIMIT", "clean", "plain", "shown", "shown_names"]
