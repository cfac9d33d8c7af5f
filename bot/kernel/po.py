"""A small, strict reader and writer for gettext PO files, and the Plural-Forms formula.

Strict on purpose: a translator's typo should fail the catalogue check in the
tests with its line number, not silently drop text in production. Only what
our catalogues need is accepted (no ``msgctxt``); obsolete ``#~`` entries and
comments are skipped, ``#, fuzzy`` entries are read but marked so the lookup
ignores them, as gettext does.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
_UNESCAPES = {v: "\\" + k for k, v in _ESCAPES.items()}
_KEYWORD = re.compile(r'^(msgid|msgid_plural|msgstr|msgstr\[(\d+)\]|msgctxt)\s+(".*)$')


class PoError(ValueError):
    """A PO file that does not parse; the message names the file and line."""


@dataclass
class PoEntry:
    """One message: ``msgstr`` has one item, or one per plural form when ``msgid_plural`` is set."""

    msgid: str
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=list)
    fuzzy: bool = False
    line: int = 0


@dataclass
class PoFile:
    """The header's fields and every (non-obsolete) entry, in file order."""

    header: dict[str, str]
    entries: list[PoEntry]

    @property
    def nplurals(self) -> int:
        return parse_plural_forms(self.header.get("Plural-Forms", ""))[0]

    def plural_index(self) -> Callable[[int], int]:
        return parse_plural_forms(self.header.get("Plural-Forms", ""))[1]


def _unquote(text: str, where: str) -> str:
    """The value of one ``"..."`` token, with C escapes resolved."""
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(f"{where}: expected a quoted string, got {text!r}")
    out: list[str] = []
    body, i = text[1:-1], 0
    while i < len(body):
        ch = body[i]
        if ch == '"':
            raise PoError(f"{where}: unescaped quote inside a string")
        if ch != "\\":
            out.append(ch)
            i += 1
            continue
        if i + 1 >= len(body):
            raise PoError(f"{where}: string ends in a lone backslash")
        nxt = body[i + 1]
        if nxt not in _ESCAPES:
            raise PoError(f"{where}: unknown escape \\{nxt}")
        out.append(_ESCAPES[nxt])
        i += 2
    return "".join(out)


def parse_po(text: str, name: str = "<po>") -> PoFile:
    """Every entry of a PO file's text; raises :class:`PoError` on anything malformed."""
    entries: list[PoEntry] = []
    header: dict[str, str] | None = None
    fields: dict[str, str] = {}
    plural_strs: dict[int, str] = {}
    last: str | None = None
    fuzzy = False
    start = 0

    def finish() -> None:
        nonlocal fields, plural_strs, last, fuzzy, header
        if not fields and not plural_strs:
            if fuzzy:
                raise PoError(f"{name}:{start}: flags without an entry")
            return
        where = f"{name}:{start}"
        if "msgid" not in fields:
            raise PoError(f"{where}: entry without msgid")
        plural = fields.get("msgid_plural")
        if plural is None:
            if plural_strs or "msgstr" not in fields:
                raise PoError(f"{where}: a singular entry needs exactly one msgstr")
            strs = [fields["msgstr"]]
        else:
            if "msgstr" in fields or not plural_strs:
                raise PoError(f"{where}: a plural entry needs msgstr[0], msgstr[1]…")
            if sorted(plural_strs) != list(range(len(plural_strs))):
                raise PoError(f"{where}: plural msgstr indices must run 0, 1, … without gaps")
            strs = [plural_strs[i] for i in range(len(plural_strs))]
        entry = PoEntry(fields["msgid"], plural, strs, fuzzy, start)
        if entry.msgid == "" and plural is None:
            if header is not None:
                raise PoError(f"{where}: a second header entry")
            header = _parse_header(entry.msgstr[0])
        else:
            if any(e.msgid == entry.msgid for e in entries):
                raise PoError(f"{where}: duplicate msgid {entry.msgid!r}")
            entries.append(entry)
        fields, plural_strs, last, fuzzy = {}, {}, None, False

    # Split on "\n" only: str.splitlines() would also break inside a string at a form feed or U+2028.
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line:
            finish()
            continue
        if line.startswith("#~"):
            continue  # obsolete entry: kept by tools for history, never used
        if line.startswith("#"):
            if fields or plural_strs:
                finish()  # comments open the next entry
            if not fields and not plural_strs and not fuzzy:
                start = number
            if line.startswith("#,"):
                flags = {f.strip() for f in line[2:].split(",")}
                fuzzy = fuzzy or "fuzzy" in flags
            continue
        if line.startswith('"'):
            if last is None:
                raise PoError(f"{where}: a string continuation with nothing to continue")
            value = _unquote(line, where)
            if last.startswith("msgstr["):
                plural_strs[int(last[7:-1])] += value
            else:
                fields[last] += value
            continue
        match = _KEYWORD.match(line)
        if not match:
            raise PoError(f"{where}: cannot read {line!r}")
        keyword, index, quoted = match.groups()
        if keyword == "msgctxt":
            raise PoError(f"{where}: msgctxt is not used by this project")
        if keyword == "msgid" and (fields or plural_strs):
            finish()
        if not fields and not plural_strs and not fuzzy:
            start = number
        value = _unquote(quoted, where)
        if index is not None:
            if "msgid_plural" not in fields or int(index) in plural_strs:
                raise PoError(f"{where}: unexpected {keyword}")
            plural_strs[int(index)] = value
        else:
            order = {"msgid": set(), "msgid_plural": {"msgid"}, "msgstr": {"msgid"}}
            if keyword in fields or not order[keyword] <= fields.keys() or plural_strs:
                raise PoError(f"{where}: unexpected {keyword}")
            fields[keyword] = value
        last = keyword
    finish()
    po = PoFile(header or {}, entries)
    try:
        nplurals = po.nplurals  # validates the formula too
    except PoError as exc:
        raise PoError(f"{name}: {exc}") from None
    for entry in entries:
        if entry.msgid_plural is not None and len(entry.msgstr) != nplurals:
            raise PoError(f"{name}:{entry.line}: {len(entry.msgstr)} plural forms, the header says {nplurals}")
    return po


def _parse_header(text: str) -> dict[str, str]:
    header: dict[str, str] = {}
    for line in text.splitlines():
        if ":" in line:
            key, value = line.split(":", 1)
            header[key.strip()] = value.strip()
    return header


# --- Plural-Forms: a C expression in n, evaluated without eval() --------------------------------

_TOKEN = re.compile(r"\s*(?:(\d+)|(n)|(==|!=|<=|>=|&&|\|\||[-+*/%<>!?:()]))")
_BINARY: dict[str, tuple[int, Callable[[int, int], int]]] = {
    "||": (1, lambda a, b: int(bool(a) or bool(b))),
    "&&": (2, lambda a, b: int(bool(a) and bool(b))),
    "==": (3, lambda a, b: int(a == b)),
    "!=": (3, lambda a, b: int(a != b)),
    "<": (4, lambda a, b: int(a < b)),
    ">": (4, lambda a, b: int(a > b)),
    "<=": (4, lambda a, b: int(a <= b)),
    ">=": (4, lambda a, b: int(a >= b)),
    "+": (5, lambda a, b: a + b),
    "-": (5, lambda a, b: a - b),
    "*": (6, lambda a, b: a * b),
    "/": (6, lambda a, b: a // b if b else 0),
    "%": (6, lambda a, b: a % b if b else 0),
}
Expr = Callable[[int], int]


def compile_plural(expression: str) -> Expr:
    """The ``plural=`` formula as a function of n (C syntax: ``?:``, ``||``, ``&&``, comparisons, arithmetic)."""
    tokens: list[str] = []
    pos = 0
    expression = expression.strip()
    while pos < len(expression):
        match = _TOKEN.match(expression, pos)
        if not match or match.end() == pos:
            raise PoError(f"plural formula: cannot read {expression[pos:]!r}")
        tokens.append(next(g for g in match.groups() if g is not None))
        pos = match.end()
        while pos < len(expression) and expression[pos].isspace():
            pos += 1
    at = 0

    def peek() -> str | None:
        return tokens[at] if at < len(tokens) else None

    def take(expected: str | None = None) -> str:
        nonlocal at
        token = peek()
        if token is None or (expected is not None and token != expected):
            raise PoError(f"plural formula: expected {expected or 'more'} in {expression!r}")
        at += 1
        return token

    def ternary() -> Expr:
        cond = binary(1)
        if peek() != "?":
            return cond
        take("?")
        yes = ternary()
        take(":")
        no = ternary()
        return lambda n: yes(n) if cond(n) else no(n)

    def binary(level: int) -> Expr:
        left = unary()
        while (op := peek()) in _BINARY and _BINARY[op][0] >= level:
            take()
            prec, fn = _BINARY[op]
            right = binary(prec + 1)
            left = (lambda f, a, b: lambda n: f(a(n), b(n)))(fn, left, right)
        return left

    def unary() -> Expr:
        token = take()
        if token == "!":
            inner = unary()
            return lambda n: int(not inner(n))
        if token == "-":
            inner = unary()
            return lambda n: -inner(n)
        if token == "(":
            inner = ternary()
            take(")")
            return inner
        if token == "n":
            return lambda n: n
        if token.isdigit():
            value = int(token)
            return lambda n: value
        raise PoError(f"plural formula: unexpected {token!r} in {expression!r}")

    result = ternary()
    if at != len(tokens):
        raise PoError(f"plural formula: unexpected {tokens[at]!r} in {expression!r}")
    return result


def parse_plural_forms(value: str) -> tuple[int, Expr]:
    """``nplurals`` and the index function of a Plural-Forms header; English's rule when there is none."""
    if not value.strip():
        return 2, lambda n: int(n != 1)
    match = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*", value)
    if not match:
        raise PoError(f"cannot read Plural-Forms: {value!r}")
    nplurals, formula = int(match.group(1)), compile_plural(match.group(2))
    if nplurals < 1:
        raise PoError("Plural-Forms: nplurals must be at least 1")
    return nplurals, formula


# --- Writing -------------------------------------------------------------------------------------


def quote(text: str) -> str:
    """One PO string token."""
    return '"' + "".join(_UNESCAPES.get(ch, ch) for ch in text) + '"'


def _field(keyword: str, text: str) -> list[str]:
    """A keyword and its string, split after each newline the way xgettext does."""
    parts = re.findall(r"[^\n]*\n|[^\n]+", text)
    if len(parts) <= 1:
        return [f"{keyword} {quote(text)}"]
    return [f'{keyword} ""'] + [quote(p) for p in parts]


def format_entry(
    msgid: str,
    msgid_plural: str | None,
    msgstr: Iterable[str],
    *,
    comments: Iterable[str] = (),
    flags: Iterable[str] = (),
) -> str:
    """One entry as PO text (no trailing blank line)."""
    lines = [f"#: {c}" for c in comments]
    flags = list(flags)
    if flags:
        lines.append("#, " + ", ".join(flags))
    lines += _field("msgid", msgid)
    strs = list(msgstr)
    if msgid_plural is None:
        lines += _field("msgstr", strs[0] if strs else "")
    else:
        lines += _field("msgid_plural", msgid_plural)
        for i, text in enumerate(strs):
            lines += _field(f"msgstr[{i}]", text)
    return "\n".join(lines)


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a text (``{{`` is a literal brace); raises ValueError on broken braces."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
