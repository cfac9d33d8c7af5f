"""The presentation half of a game: what people read of it (OpenSpiel's observer, boardgame.io's board).

A game's :class:`Presenter` turns its states, actions, events and views into words
and plain data: the label of an action, the question a picker step asks, a line of
the move log, the board as text and fields. It is declared once per game as a table
of functions (each game's ``__init__.py``), so finding where a text comes from is
reading one line. Nothing here knows Discord: a :class:`Board` is plain data, and the
front end alone fits it to Discord's limits (100-character labels, 256/1,024-character
fields, 4,000-character descriptions). Texts are written in the reader's language,
which the caller sets (:mod:`bot.kernel.i18n`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.kernel.contract import Action, Event, PlayerId

Names = Mapping[PlayerId, str]
View = Mapping[str, Any]


@dataclass(frozen=True)
class Field:
    """One box of a board: a title, its text, and whether it may sit beside others."""

    name: str
    value: str
    inline: bool = True


@dataclass(frozen=True)
class Board:
    """A board (or a card, a page) as plain data: its text, then its boxes, which keep a layout
    Discord's markdown cannot reshape (a seat stays a box, not a quote bar or a bullet)."""

    text: str
    fields: tuple[Field, ...] = ()
    #: A heading and a footnote, for a page of its own (a card looked up); the table has neither.
    title: str = ""
    footer: str = ""


#: Characters a line of embed text holds on a phone (400 px wide), measured with discord-look.
PHONE_LINE = 34


def phone_lines(text: str) -> int:
    """How many lines ``text`` wraps to on a phone (each of its own lines at least one): what a board that
    must fit a phone screen, and the table around it, count their room in."""
    return sum(max(1, -(-len(line) // PHONE_LINE)) for line in text.split("\n"))


def legend(shown: str, icons: Sequence[tuple[str, str]]) -> str:
    """The ``icons`` (icon, words already in the reader's language) that ``shown`` uses, in words, as one
    italic line: a compact board says "💜 Pride" once under its seats rather than on each of them."""
    used = [f"{icon} {words}" for icon, words in icons if icon in shown]
    return "*" + ", ".join(used) + "*" if used else ""


def _action_label(state: Any, player: PlayerId, action: Action) -> str:
    return ", ".join(f"{k} {v}" for k, v in action.items())


def _choice_label(state: Any, player: PlayerId, key: str, value: Any) -> str:
    return str(value)


def _choice_note(state: Any, player: PlayerId, key: str, value: Any) -> str:
    return ""


def _question(
    state: Any, player: PlayerId, key: str | None, chosen: Sequence[tuple[str, Any]], names: Names | None = None
) -> str:
    if key in (None, "type"):
        return "What do you do?"
    return f"Choose {key.replace('_', ' ')}:"


def _event_line(event: Event, names: Names) -> str:
    return str(event.get("type", "?"))


def _lasting(view: dict[str, Any]) -> dict[str, Any]:
    return view


def _board(view: View, names: Names) -> Board:
    return Board(json.dumps(view))


def _no_rules() -> str:
    return ""


def _score(points: int) -> str:
    return str(points)


@dataclass(frozen=True)
class Presenter:
    """What a game's people read, one function per question the platform asks. Every text is in the
    reader's language; the defaults are plain fallbacks for a game still being written."""

    #: One line for the slash command group, e.g. "Play DRUMP, the monster-building card duel." (an ``N_`` text).
    tagline: str = ""
    #: A short label of an action, for a picker.
    action_label: Callable[[Any, PlayerId, Action], str] = _action_label
    #: The label of one value of one action parameter, for the step-by-step picker.
    choice_label: Callable[[Any, PlayerId, str, Any], str] = _choice_label
    #: What choosing this value does, in a line (a card's effect, where a move lands); "" for nothing.
    #: A step where any value is explained is offered as a list, so that the explanation is read first.
    choice_note: Callable[[Any, PlayerId, str, Any], str] = _choice_note
    #: The question a picker step asks, first thing on the prompt ("Which card do you place?"): ``key`` is the
    #: parameter being chosen (``"type"`` first), ``chosen`` what was picked so far, ``names`` the seats' names.
    question: Callable[[Any, PlayerId, str | None, Sequence[tuple[str, Any]], Names | None], str] = _question
    #: One line of the public (or, for a private event, that player's) move log; "" for none.
    event_line: Callable[[Event, Names], str] = _event_line
    #: The board drawn from a view: the public table from the spectator's view, a hand from its player's.
    board: Callable[[View, Names], Board] = _board
    #: What a decision needs under its question: a compact private view (your hand, your resources).
    brief: Callable[[View, Names], str] | None = None
    #: What of a view a player's standing private message (their hand DM) shows: what lasts between moves
    #: (a hand, a secret identity), not the passing state of an open window, which its prompts carry. The DM is
    #: edited only when this part changes, so a window's back-and-forth costs no DM edits.
    lasting: Callable[[dict[str, Any]], dict[str, Any]] = _lasting
    #: A short player-facing rules page, including the rulings this game relies on.
    rules_page: Callable[[], str] = _no_rules
    #: A final score in words, with what it counts ("5 silver", "12 points"), for the result.
    score: Callable[[int], str] = _score

    def brief_text(self, view: View, names: Names) -> str:
        """The brief, or the whole board's text for a game that has no brief of its own."""
        return self.brief(view, names) if self.brief is not None else self.board(view, names).text


@dataclass(frozen=True)
class Lookup:
    """A command of a game's own that looks something up by name (Drama Pukul 7's ``/drama card``),
    declared as plain data: the front end makes the slash command, its suggestions and the reply."""

    #: The subcommand's name and its description (an ``N_`` text).
    name: str
    description: str
    #: The parameter's name and its description (an ``N_`` text).
    parameter: str
    parameter_description: str
    #: Names that fit what has been typed so far, best first (Discord shows up to 25).
    suggest: Callable[[str], list[str]]
    #: The page for a name, or for a name that matches nothing, a page saying so.
    show: Callable[[str], Board]
    #: The page's colour as 0xRRGGBB (None: the front end's own).
    colour: int | None = None
    #: The longest name a player may type (Discord's client enforces it): a name, not a page of text.
    max_length: int = 100


__all__ = ["Board", "Field", "Lookup", "Names", "Presenter", "View"]
