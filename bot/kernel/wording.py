"""A text to be said later, in whatever language its reader reads: a message id and its parameters.

The match service decides *what* to say (a refusal, a line for the table's log) but not
in which language: that is the front end's to know (a server's channel reads one
language, each player may read another). So the service writes ``say("This match is
over.")`` instead of translating on the spot, and whoever shows the text renders it
(:func:`bot.kernel.i18n.speak`) in its reader's language. The extractor collects
``say`` and ``say_n`` texts into the template like ``t`` and ``tn``.

Plain data: nothing here translates, so a module that only says things needs no catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


class Name(str):
    """A person's name given to a wording: whoever speaks it writes it as a name (in Discord, escaped and
    isolated from the text around it), not as text of ours."""

    __slots__ = ()


@dataclass(frozen=True)
class Names:
    """Several seats' names given to a wording, each written as a name (or said, for a seat without one) and
    joined by ``sep``."""

    names: tuple[Name | Wording, ...]
    sep: str = ", "

    def __str__(self) -> str:
        return self.sep.join(str(name) for name in self.names)


@dataclass(frozen=True)
class Wording:
    """``msgid`` (English, with ``{name}`` placeholders) and its parameters; a count's two forms for ``say_n``.

    A parameter may itself be a :class:`Wording` (rendered in the same language first).
    """

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    n: int | None = None

    def __str__(self) -> str:
        """The English text, filled in (for logs; readers get :func:`bot.kernel.i18n.speak`, in their language)."""
        text = self.plural if self.plural is not None and self.n != 1 else self.msgid
        params = {"n": self.n, **self.params} if self.n is not None else dict(self.params)
        return text.format_map({k: str(v) for k, v in params.items()})


def say(msgid: str, /, **params: Any) -> Wording:
    """A text to say later (write the text as a literal, like ``t``'s)."""
    return Wording(msgid, params)


def say_n(singular: str, plural: str, n: int, /, **params: Any) -> Wording:
    """A text with a count to say later (like ``tn``: ``{n}`` is filled with ``n``)."""
    return Wording(singular, params, plural, n)


__all__ = ["Name", "Names", "Wording", "say", "say_n"]
