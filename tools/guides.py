"""The translated players' guides, paragraph by paragraph against the English they translate.

The Malay and Indonesian guides (``docs/players.ms.md``, ``docs/players.id.md``) translate two English
parts: the README's "Playing" section, and the games of ``docs/players.md`` (its "The games" section).
Both are cut into *blocks*: a heading, a paragraph, a list item, a table. Each translated block starts
with a marker naming the English block it translates by a fingerprint of its words::

    <!-- en:3f9a01c2 -->

so when an English block changes, its fingerprint does too, and the guide's marker no longer matches:
``tests/docs/test_players_docs.py`` fails, naming the block, until the translation is brought up to date
and its marker with it. ``python -m tools.guides`` says, for each guide, which blocks are missing or stale,
with the marker each needs.
"""

from __future__ import annotations

import hashlib
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("ms", "id")
MARKER = re.compile(r"<!-- en:([0-9a-f]{8}) -->")


@dataclass(frozen=True)
class Block:
    """One block of the English guide: its text and its fingerprint."""

    text: str

    @property
    def fingerprint(self) -> str:
        words = " ".join(self.text.split())
        return hashlib.sha256(words.encode("utf-8")).hexdigest()[:8]

    @property
    def marker(self) -> str:
        return f"<!-- en:{self.fingerprint} -->"

    @property
    def opening(self) -> str:
        return " ".join(self.text.split())[:90]


def _section(text: str, heading: str) -> str:
    """From ``heading`` (a ``## `` line, left out) to the next ``## `` heading or the end."""
    start = text.index("\n" + heading + "\n") + len(heading) + 2
    end = text.find("\n## ", start)
    return text[start : end if end != -1 else len(text)]


def blocks(text: str) -> list[Block]:
    """``text`` cut into blocks: runs of lines between blank lines, a heading alone, each list item apart."""
    out: list[list[str]] = []
    current: list[str] = []
    for line in text.splitlines():
        if not line.strip() or MARKER.fullmatch(line.strip()):
            if current:
                out.append(current)
            current = []
            continue
        starts = line.startswith(("#", "- ", "* ")) or re.match(r"\d+\. ", line) is not None
        if current and (starts or current[0].startswith("#")):
            out.append(current)
            current = []
        current.append(line)
    if current:
        out.append(current)
    return [Block("\n".join(lines)) for lines in out]


def english() -> list[Block]:
    """The English blocks a translated guide must follow, in order."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    guide = (ROOT / "docs" / "players.md").read_text(encoding="utf-8")
    return blocks(_section(readme, "## Playing")) + blocks(_section(guide, "## The games"))


def markers(language: str) -> list[str]:
    """The fingerprints the translated guide names, in order."""
    text = (ROOT / "docs" / f"players.{language}.md").read_text(encoding="utf-8")
    return MARKER.findall(text)


def drift(language: str) -> list[str]:
    """What keeps the ``language`` guide from following the English, one line each (empty: it follows)."""
    wanted = english()
    got = markers(language)
    known = {b.fingerprint for b in wanted}
    problems = [f"{b.marker} missing or stale: {b.opening}" for b in wanted if b.fingerprint not in got]
    problems += [f"<!-- en:{f} --> names no English block now (changed or removed)" for f in got if f not in known]
    if not problems and got != [b.fingerprint for b in wanted]:
        problems.append("every block is there, but not in the English order")
    return problems


def main(argv: list[str]) -> int:
    languages = argv or list(LANGUAGES)
    bad = 0
    for language in languages:
        problems = drift(language)
        bad += len(problems)
        print(f"docs/players.{language}.md: {'follows the English' if not problems else f'{len(problems)} to do'}")
        for line in problems:
            print(f"  {line}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
