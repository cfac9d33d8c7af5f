"""Every text a player reads goes through ``t`` (or ``tn`` for counts), so languages are data, not code.

gettext style: the English text is the message id, so English needs no
catalogue and the code stays readable. A language is one ``bot/locales/<lang>.po``
file (standard PO, for Poedit or Weblate), read lazily the first time that
language is asked for. Anything missing or wrong in a catalogue falls back to
English: a translator's mistake must never cost a player their message.

Which language: the ``locale=`` argument, else the context's current locale
(``use_locale``, a ``contextvars`` value, so each interaction task can carry
its own), else English. No Discord import: the rules engines and tests use it too.
"""

from __future__ import annotations

import contextlib
import logging
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.kernel.po import PoError, PoFile, parse_po, placeholders as _placeholders
from bot.kernel.wording import Name, Names, Wording

log = logging.getLogger(__name__)

SOURCE_LOCALE = "en"
#: The shipped catalogues: data beside the code, in ``bot/locales``.
LOCALES_DIR = Path(__file__).resolve().parents[1] / "locales"
_TAG = re.compile(r"[a-z]{2,3}(?:-[a-z0-9]{1,8})*")

current_locale: ContextVar[str] = ContextVar("meja_kad_locale", default=SOURCE_LOCALE)


def t(msgid: str, /, *, locale: str | None = None, **params: Any) -> str:
    """``msgid`` (English, with ``{name}`` placeholders) in the reader's language, placeholders filled.

    Always pass the text as a literal (``t("Hi {player}", player=name)``), never
    an f-string: the extractor collects literals into the template and refuses
    anything else. Literal braces are written ``{{`` and ``}}``.
    """
    entry = _catalogue(locale).singular.get(msgid)
    return _fill(msgid, entry, params, locale)


def tn(singular: str, plural: str, n: int, /, *, locale: str | None = None, **params: Any) -> str:
    """The singular or plural text for the count ``n`` (gettext ``ngettext``); ``{n}`` is filled with n."""
    params.setdefault("n", n)
    catalogue = _catalogue(locale)
    english = singular if n == 1 else plural
    entry = catalogue.plural.get(singular)
    translated = None
    if entry is not None and entry[0] == plural:
        index = _safe_index(catalogue, n)
        if index is not None and entry[1][index]:
            translated = entry[1][index]
    return _fill(english, translated, params, locale)


def N_(msgid: str, /) -> str:
    """Marks a text for the template where it is written (a table of definitions); translate it with ``translate``."""
    return msgid


def translate(msgid: str, /, *, locale: str | None = None, **params: Any) -> str:
    """``t`` for a text held in a variable; the text must have been written with ``N_`` so it is in the template."""
    return t(msgid, locale=locale, **params)


def _as_is(name: str) -> str:
    return name


def speak(wording: Wording, /, *, locale: str | None = None, names: Callable[[str], str] = _as_is) -> str:
    """A :class:`~bot.kernel.wording.Wording` in ``locale`` (default: the current one); a parameter that is
    itself a wording is rendered first, in the same language, and a person's name (a
    :class:`~bot.kernel.wording.Name`) is written by ``names`` (the front end escapes it for its medium)."""

    def said(value: Any) -> Any:
        if isinstance(value, Wording):
            return speak(value, locale=locale, names=names)
        if isinstance(value, Names):
            return value.sep.join(said(name) for name in value.names)
        return names(value) if isinstance(value, Name) else value

    params = {k: said(v) for k, v in wording.params.items()}
    if wording.plural is not None and wording.n is not None:
        return tn(wording.msgid, wording.plural, wording.n, locale=locale, **params)
    return t(wording.msgid, locale=locale, **params)


def step_question(questions: Mapping[tuple[str | None, str], str], key: str, chosen: Iterable[tuple[str, Any]]) -> str:
    """A picker step's question from a game's table, keyed by (action type, parameter).

    ``(None, parameter)`` serves every action type; a parameter the table lacks gets
    "Choose <parameter>:". The table's texts are written with ``N_``.
    """
    kind = next((v for k, v in chosen if k == "type"), None)
    question = questions.get((kind, key)) or questions.get((None, key))
    return translate(question) if question else t("Choose {what}:", what=key.replace("_", " "))


def data_text(text: str, /, *, locale: str | None = None) -> str:
    """A card data file's prose (a card's effect, a Job's rule, an objective) in the reader's language.

    The extractor collects these texts from the ``cards.toml`` files, so they are in
    the template like any other. Unlike ``t`` nothing is filled in: a card's text is
    shown as printed, braces and all. Views keep the English text; call this where
    the text is shown, so the same view can be drawn in every language.
    """
    if not text:
        return text
    return _catalogue(locale).singular.get(text, text)


def translation(msgid: str, locale: str) -> str | None:
    """The catalogue's raw text for ``msgid``, or None if untranslated (for discord.py's command ``Translator``)."""
    return _catalogue(locale).singular.get(msgid)


def get_locale() -> str:
    return current_locale.get()


@contextlib.contextmanager
def use_locale(locale: str | None) -> Iterator[None]:
    """Texts in this block (and the tasks it starts) use ``locale`` unless a call names another."""
    token = current_locale.set(normalize(locale) if locale else SOURCE_LOCALE)
    try:
        yield
    finally:
        current_locale.reset(token)


def normalize(locale: str) -> str:
    """``"pt_BR"``, ``"pt-BR"`` → ``"pt-br"``; anything that is not a language tag → English."""
    tag = locale.strip().replace("_", "-").lower()
    return tag if _TAG.fullmatch(tag) else SOURCE_LOCALE


# --- Catalogues ---------------------------------------------------------------------------------


@dataclass
class Catalogue:
    """The usable translations of one language: fuzzy, empty and broken entries already left out."""

    locale: str
    singular: dict[str, str] = field(default_factory=dict)
    plural: dict[str, tuple[str, list[str]]] = field(default_factory=dict)
    plural_index: Callable[[int], int] = lambda n: 0
    nplurals: int = 1
    problems: list[str] = field(default_factory=list)


def build_catalogue(po: PoFile, locale: str) -> Catalogue:
    """The entries of a parsed PO file that are safe to show; ``problems`` says what was left out and why.

    A translation may use only placeholders its English text has: any other
    name would raise at the moment a player's message is built.
    """
    catalogue = Catalogue(locale, plural_index=po.plural_index(), nplurals=po.nplurals)
    for entry in po.entries:
        if entry.fuzzy or not any(entry.msgstr):
            continue
        allowed = _placeholders(entry.msgid)
        if entry.msgid_plural is not None:
            allowed |= _placeholders(entry.msgid_plural) | {"n"}
        bad = False
        for text in entry.msgstr:
            try:
                extra = _placeholders(text) - allowed
            except ValueError as exc:
                catalogue.problems.append(f"{locale}.po:{entry.line}: {exc} in {text!r}")
                bad = True
                continue
            if extra:
                catalogue.problems.append(
                    f"{locale}.po:{entry.line}: {text!r} uses {sorted(extra)}, which {entry.msgid!r} does not have"
                )
                bad = True
        if bad:
            continue
        if entry.msgid_plural is None:
            catalogue.singular[entry.msgid] = entry.msgstr[0]
        else:
            catalogue.plural[entry.msgid] = (entry.msgid_plural, entry.msgstr)
    return catalogue


def load_catalogue(path: Path) -> Catalogue:
    """One .po file, strictly parsed (raises :class:`PoError`)."""
    return build_catalogue(parse_po(path.read_text(encoding="utf-8"), path.name), normalize(path.stem))


def check_catalogue(path: Path) -> list[str]:
    """Everything wrong with one catalogue, for the tests and ``python -m bot.locales check``; empty if none."""
    try:
        return load_catalogue(path).problems
    except (PoError, UnicodeDecodeError) as exc:
        return [str(exc)]


class _Catalogues:
    """Loads each language's catalogue the first time it is needed and keeps it."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._lock = threading.Lock()
        self._files: dict[str, Path] | None = None
        self._loaded: dict[str, Catalogue] = {}

    def files(self) -> dict[str, Path]:
        if self._files is None:
            found = sorted(self.directory.glob("*.po")) if self.directory.is_dir() else []
            self._files = {normalize(p.stem): p for p in found}
        return self._files

    def get(self, locale: str) -> Catalogue:
        with self._lock:
            if locale in self._loaded:
                return self._loaded[locale]
            tag, files = locale, self.files()
            while tag not in files and "-" in tag:
                tag = tag.rsplit("-", 1)[0]  # "ms-my" falls back to "ms"
            catalogue = Catalogue(locale)
            if tag in files:
                try:
                    catalogue = load_catalogue(files[tag])
                except (OSError, PoError, UnicodeDecodeError) as exc:
                    log.error("Translation catalogue %s is unreadable, showing English: %s", files[tag], exc)
                for problem in catalogue.problems:
                    log.warning("Translation left out, English shown instead: %s", problem)
            self._loaded[locale] = catalogue
            return catalogue


_catalogues = _Catalogues(LOCALES_DIR)
_warned: set[tuple[str, str]] = set()


def set_locales_dir(directory: Path | None = None) -> None:
    """Read catalogues from ``directory`` (the shipped ones when None), forgetting those already loaded."""
    global _catalogues
    _catalogues = _Catalogues(directory or LOCALES_DIR)
    _warned.clear()


def locales_dir() -> Path:
    """Where the catalogues are read from now (a worker process drawing a picture reads the same ones)."""
    return _catalogues.directory


def available_locales() -> list[str]:
    """The source language and every language with a catalogue, e.g. for a ``/settings`` choice."""
    return [SOURCE_LOCALE] + sorted(k for k in _catalogues.files() if k != SOURCE_LOCALE)


def _catalogue(locale: str | None) -> Catalogue:
    tag = normalize(locale) if locale else current_locale.get()
    if tag == SOURCE_LOCALE:
        return _ENGLISH
    return _catalogues.get(tag)


_ENGLISH = Catalogue(SOURCE_LOCALE)


def _safe_index(catalogue: Catalogue, n: int) -> int | None:
    try:
        index = catalogue.plural_index(n)
    except (ArithmeticError, RecursionError):
        return None
    return index if 0 <= index < catalogue.nplurals else None


def _fill(english: str, translated: str | None, params: dict[str, Any], locale: str | None) -> str:
    """The translation with its placeholders filled, or the English text if the translation cannot be filled.

    The English text is the code's own, so an error there is a bug to raise;
    a translation error is a catalogue's, so it is logged once and English shown.
    """
    if translated is not None:
        try:
            return translated.format_map(params)
        except (KeyError, IndexError, ValueError, AttributeError, TypeError) as exc:
            key = (locale or current_locale.get(), english)
            if key not in _warned:
                _warned.add(key)
                log.warning("Translation of %r into %s failed (%s), showing English", english, key[0], exc)
    return english.format_map(params)
