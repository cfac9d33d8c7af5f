"""Pseudo-translations: a catalogue for every text of the template, made by rule, for testing languages.

A pseudo-translation changes every letter a player reads and keeps everything
the code relies on (``{placeholders}``, ``{{``/``}}``, markdown, emoji, line
breaks, spaces), so a test can tell which language each sent text is in, and
spot any text that stayed English, before the real catalogues exist. Two
rules, one per language, so a Malay text and an Indonesian one never look alike.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Container
from pathlib import Path

from bot.kernel.po import format_entry
from bot.locales.extract import Message

_WORD = re.compile(r"[A-Za-z]+")
_ROT13 = str.maketrans(
    string.ascii_lowercase + string.ascii_uppercase,
    string.ascii_lowercase[13:]
    + string.ascii_lowercase[:13]
    + string.ascii_uppercase[13:]
    + string.ascii_uppercase[:13],
)

#: How each pseudo-language changes a word: Malay reverses it and swaps its case, Indonesian rotates its letters.
RULES: dict[str, Callable[[str], str]] = {
    "ms": lambda word: word[::-1].swapcase(),
    "id": lambda word: word.translate(_ROT13),
}


def pseudo(text: str, rule: Callable[[str], str]) -> str:
    """``text`` with every word outside its ``{placeholders}`` changed by ``rule``."""
    out: list[str] = []
    for literal, name, spec, conversion in string.Formatter().parse(text):
        out.append(_WORD.sub(lambda m: rule(m.group()), literal.replace("{", "{{").replace("}", "}}")))
        if name is not None:
            out.append("{" + name + ("!" + conversion if conversion else "") + (":" + spec if spec else "") + "}")
    return "".join(out)


def pseudo_data(text: str, rule: Callable[[str], str]) -> str:
    """A card data text (shown as printed, never formatted): every word changed, braces and all."""
    return _WORD.sub(lambda m: rule(m.group()), text)


def pseudo_catalogue(messages: list[Message], locale: str, data_texts: Container[str] = frozenset()) -> str:
    """A whole ``.po`` file for ``locale`` (one of :data:`RULES`), every message translated by its rule.

    ``data_texts`` are the card data's texts: translated word by word without
    reading braces, as ``bot.kernel.i18n.data_text`` shows them.
    """
    rule = RULES[locale]
    header = (
        'msgid ""\nmsgstr ""\n"Language: ' + locale + '\\n"\n'
        '"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=1; plural=0;\\n"'
    )
    blocks = [header]
    for m in messages:
        if m.msgid in data_texts:
            strs = [pseudo_data(m.msgid, rule)]
        else:
            strs = [pseudo(m.msgid_plural or m.msgid, rule)]
        blocks.append(format_entry(m.msgid, m.msgid_plural, strs))
    return "\n\n".join(blocks) + "\n"


def write_pseudo_catalogues(directory: Path, locales: tuple[str, ...] = ("ms", "id")) -> list[Path]:
    """A pseudo catalogue per locale for the current template, written to ``directory`` (for tests)."""
    from bot.locales.extract import collect

    messages = collect()
    data = {m.msgid for m in messages if any(f.endswith("cards.toml") for f in m.files)}
    paths = []
    for locale in locales:
        path = directory / f"{locale}.po"
        path.write_text(pseudo_catalogue(messages, locale, data), encoding="utf-8")
        paths.append(path)
    return paths
