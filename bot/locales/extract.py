"""Finds every translatable text in the code and writes the template (``meja-kad.pot``) translators start from.

Read with ``ast`` rather than by pattern so only real calls count, and so a
text built at run time (an f-string, a concatenation, a variable) passed to
``t``/``tn`` is refused with its file and line: such text could never be
found in a catalogue, so it would silently stay English.
"""

from __future__ import annotations

import ast
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from bot.kernel.po import format_entry, placeholders

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("bot", "cogs")
TEMPLATE = Path(__file__).with_name("meja-kad.pot")

#: The card data files, and the keys whose values are prose players read (rules text, short forms,
#: plain wordings, objectives). Names (cards, heroes, characters) stay as printed and are not collected.
CARD_DATA = "bot/games/*/cards.toml"
CARD_TEXT_KEYS = frozenset({"text", "short", "plain", "objective"})

#: Function name → how many leading positional arguments are msgids.
#: ``N_`` marks a text that is translated later (through ``translate``);
#: ``locale_str`` is discord.py's marker for command names and descriptions; ``say``/``say_n`` (``bot.kernel.wording``)
#: mark texts the match service says without choosing their language.
MARKERS = {"t": 1, "tn": 2, "N_": 1, "locale_str": 1, "say": 1, "say_n": 2}

HEADER = """\
# Template of every text Meja Kad shows players. Regenerate with: python -m bot.locales extract
msgid ""
msgstr ""
"Project-Id-Version: meja-kad\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"
"""


class ExtractError(ValueError):
    """A call that passes something other than a plain string literal as a msgid."""


@dataclass
class Message:
    msgid: str
    msgid_plural: str | None
    files: list[str] = field(default_factory=list)


def _marker_names(tree: ast.AST) -> dict[str, str]:
    """Local name → marker, for the markers this file imports (``from bot.kernel.i18n import t``, ``locale_str``).

    Only imported names count, so an unrelated function that happens to be
    called ``t`` elsewhere in the code is left alone.
    """
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in (
            "bot.kernel.i18n",
            "bot.kernel.wording",
            "discord.app_commands",
        ):
            for alias in node.names:
                if alias.name in MARKERS or alias.name == "translate":
                    names[alias.asname or alias.name] = alias.name
    return names


def _called_name(node: ast.Call, imported: dict[str, str]) -> str | None:
    func = node.func
    if isinstance(func, ast.Name):
        return imported.get(func.id)
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        if func.attr == "locale_str" and func.value.id == "app_commands":
            return "locale_str"
        if func.value.id == "i18n" and (func.attr in MARKERS or func.attr == "translate"):
            return func.attr
    return None


def _check_msgid(text: str, where: str) -> None:
    try:
        names = placeholders(text)
    except ValueError as exc:
        raise ExtractError(f"{where}: {exc} in {text!r}") from None
    bad = sorted(n for n in names if not n.isidentifier())
    if bad:
        raise ExtractError(f"{where}: placeholders must be plain names, not {bad} (pass values as keywords)")


def _check_translate(node: ast.Call, where: str) -> None:
    """``translate`` takes a variable holding an ``N_`` text; a text written on the spot belongs in ``t``."""
    first = node.args[0] if node.args else None
    if isinstance(first, ast.Constant):
        raise ExtractError(f"{where}: translate() of a literal: write t(...) so the text reaches the template")
    if isinstance(first, (ast.JoinedStr, ast.BinOp)) or first is None:
        raise ExtractError(f"{where}: translate() needs a text marked with N_(), not one built at run time")


def messages_in(source: str, filename: str) -> list[tuple[str, str | None, int]]:
    """(msgid, msgid_plural, line) of every marked text in one file's source, in order."""
    found: list[tuple[str, str | None, int]] = []
    tree = ast.parse(source, filename)
    imported = _marker_names(tree)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _called_name(node, imported)
        if name is None:
            continue
        where = f"{filename}:{node.lineno}"
        if name == "translate":
            _check_translate(node, where)
            continue
        count = MARKERS[name]
        texts = [a.value for a in node.args[:count] if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if len(texts) < count:  # fewer arguments, or one that is not a string literal
            raise ExtractError(
                f"{where}: {name}() needs string literals as its text, so it can be translated "
                f'(pass changing parts as {{placeholders}}: {name}("Hi {{player}}", player=...))'
            )
        for text in texts:
            _check_msgid(text, where)
        if not texts[0]:
            raise ExtractError(f"{where}: an empty msgid is reserved for the catalogue header")
        found.append((texts[0], texts[1] if count == 2 else None, node.lineno))
    return sorted(found, key=lambda m: m[2])


def card_texts(data: object) -> list[str]:
    """The prose of one parsed card data file (values of :data:`CARD_TEXT_KEYS`), in file order."""
    found: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if isinstance(value, str):
                if key in CARD_TEXT_KEYS and value:
                    found.append(value)
            else:
                found.extend(card_texts(value))
    elif isinstance(data, list):
        for item in data:
            found.extend(card_texts(item))
    return found


def collect(root: Path = ROOT, sources: tuple[str, ...] = SOURCES) -> list[Message]:
    """Every marked text under the source folders: files in path order, texts in the order they appear;
    then the card data's prose (shown through ``bot.kernel.i18n.data_text``), referenced by its file."""
    messages: dict[str, Message] = {}
    for folder in sources:
        for path in sorted((root / folder).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            for msgid, plural, _ in messages_in(path.read_text(encoding="utf-8"), rel):
                message = messages.setdefault(msgid, Message(msgid, plural))
                if message.msgid_plural != plural:
                    raise ExtractError(f"{rel}: {msgid!r} is used with two different plurals")
                if rel not in message.files:
                    message.files.append(rel)
    for path in sorted(root.glob(CARD_DATA)):
        rel = path.relative_to(root).as_posix()
        for text in card_texts(tomllib.loads(path.read_text(encoding="utf-8"))):
            message = messages.setdefault(text, Message(text, None))
            if message.msgid_plural is not None:
                raise ExtractError(f"{rel}: {text!r} is a plural text in the code")
            if rel not in message.files:
                message.files.append(rel)
    return list(messages.values())


def render_template(messages: list[Message]) -> str:
    """The .pot text. References name files, not lines, so moving code does not stale the template."""
    blocks = [HEADER.rstrip("\n")]
    for m in messages:
        braces = placeholders(m.msgid) | (placeholders(m.msgid_plural) if m.msgid_plural else set())
        flags = ["python-brace-format"] if braces else []
        strs = ["", ""] if m.msgid_plural is not None else [""]
        blocks.append(format_entry(m.msgid, m.msgid_plural, strs, comments=[" ".join(m.files)], flags=flags))
    return "\n\n".join(blocks) + "\n"


def current_template(root: Path = ROOT) -> str:
    return render_template(collect(root))
