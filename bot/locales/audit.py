"""Checks on catalogues and on what the bot sent: complete, placeholders intact, no English left behind.

``missing`` and ``placeholder_mismatches`` read one ``.po`` file against the
template. :class:`Fragments` finds the sentences of one language in a text the
bot sent: every literal piece of every message (the words between its
placeholders, as the code or a catalogue writes them), left out where it is
only names and game terms, which every language prints the same. Searching a
sent text for the English pieces tells whether any sentence stayed English,
however it was filled in.
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from bot.kernel.po import PoFile
from bot.locales.extract import CARD_DATA, ROOT, Message, placeholders

#: Names and game terms a translation keeps as printed (the games' own words, the bot's titles).
KEPT_TERMS: tuple[str, ...] = (
    "DRUMP",
    "Drama Pukul 7",
    "Laga Jakarta",
    "Mat Goceng",
    "Meja Kad",
    "Air Muka",
    "AIR MUKA",
    "Dengki",
    "DENGKI",
    "Juta",
    "Kedai",
    "KEDAI",
    "Kahwin",
    "KAHWIN",
    "Plot Twist",
    "PLOT TWIST",
    "Plot Twists",
    "Episode",
    "EPISODE",
    "Deck Biru",
    "Deck Hijau",
    "Gengsi",
    "Lowongan",
    "Impian",
    "Stasiun",
    "Ajian",
    "AJIAN",
    "Extra Power",
    "Extra Jack",
    "AI",
    "DM",
    "DMs",
    "ITEM",
    "GPS",
)

_WORDS = {n: re.compile(rf"[^\W\d_]{{{n},}}") for n in (1, 2, 3)}


def literal_pieces(text: str) -> list[str]:
    """The literal parts of a message between its placeholders (``{{`` read as a brace)."""
    try:
        return [lit.strip() for lit, _, _, _ in string.Formatter().parse(text) if lit.strip()]
    except ValueError:
        return [text.strip()]


def card_names(root: Path = ROOT) -> set[str]:
    """Every name in the card data (cards, heroes, characters, abilities): printed the same in every language."""
    names: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if isinstance(value, str) and (key == "name" or key.endswith("_name")):
                    names.add(value)
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    for path in sorted(root.glob(CARD_DATA)):
        walk(tomllib.loads(path.read_text(encoding="utf-8")))
    return names


@dataclass
class Fragments:
    """The sentences of one language, as literal pieces of at least ``min_words`` real words each."""

    pieces: tuple[str, ...]

    @classmethod
    def of(
        cls,
        texts: Iterable[str],
        *,
        kept: Iterable[str] = KEPT_TERMS,
        names: Iterable[str] = (),
        min_words: int = 2,
        letters: int = 3,
        exclude: Iterable[str] = (),
    ) -> Fragments:
        """Pieces of ``texts`` with at least ``min_words`` words (of ``letters`` letters or more) left once
        names and kept terms are taken out.

        ``exclude``: pieces that may appear anyway (those the other language writes the same).
        """
        names = set(names)
        dropped = sorted(set(kept) | names, key=len, reverse=True)
        banned = set(exclude) | names
        word = _WORDS[letters]
        found: set[str] = set()
        for text in texts:
            for piece in literal_pieces(text):
                if piece in banned:
                    continue
                rest = piece
                for term in dropped:
                    rest = rest.replace(term, " ")
                if len(word.findall(rest)) >= min_words:
                    found.add(piece)
        return cls(tuple(sorted(found, key=len, reverse=True)))

    def find(self, text: str) -> list[str]:
        """The pieces that occur in ``text`` (longest first)."""
        return [p for p in self.pieces if p in text]


def english_texts(messages: Iterable[Message]) -> list[str]:
    """Every English text of the template: singular and plural forms."""
    out: list[str] = []
    for m in messages:
        out.append(m.msgid)
        if m.msgid_plural:
            out.append(m.msgid_plural)
    return out


def translated_texts(po: PoFile) -> list[str]:
    """Every translation in a catalogue (usable or not: a test reads what a player could be shown)."""
    return [s for e in po.entries if not e.fuzzy for s in e.msgstr if s]


def missing(po: PoFile, messages: Iterable[Message]) -> list[str]:
    """Template messages the catalogue does not translate (absent, empty, fuzzy, or a plural form empty)."""
    entries = {e.msgid: e for e in po.entries}
    out = []
    for m in messages:
        entry = entries.get(m.msgid)
        if entry is None or entry.fuzzy or not entry.msgstr or not all(entry.msgstr):
            out.append(m.msgid)
    return out


def placeholder_mismatches(po: PoFile, data_texts: Iterable[str] = ()) -> list[str]:
    """Entries whose translation does not have exactly the English text's placeholders.

    A plural translation may add ``{n}``; card data texts (shown as printed, never
    filled in) are compared by their braces as written.
    """
    data = set(data_texts)
    out = []
    for e in po.entries:
        for text in e.msgstr:
            if not text:
                continue
            if e.msgid in data:
                if sorted(re.findall(r"[{}]", text)) != sorted(re.findall(r"[{}]", e.msgid)):
                    out.append(f"{e.msgid!r} → {text!r}: braces differ")
                continue
            try:
                want, got = placeholders(e.msgid), placeholders(text)
                if e.msgid_plural is not None:
                    want |= placeholders(e.msgid_plural)
            except ValueError as exc:
                out.append(f"{e.msgid!r} → {text!r}: {exc}")
                continue
            if e.msgid_plural is not None:
                want, got = want - {"n"}, got - {"n"}
            if want != got:
                out.append(f"{e.msgid!r} → {text!r}: {sorted(got)} instead of {sorted(want)}")
    return out
