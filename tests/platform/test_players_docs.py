"""The players' guide in Malay and Indonesian keeps up with the README's "Playing" section."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COMMAND = re.compile(r"`(/[a-z<>]+(?: [a-z_<>]+)?)")


def _playing_section() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("\n## Playing")
    return readme[start: readme.index("\n## ", start + 1)]


def _structure(text: str) -> tuple[set[str], int, list[str]]:
    """The commands it names, its table rows and its game headings: what a translation must keep."""
    rows = sum(1 for line in text.splitlines() if line.startswith("|") and not line.startswith("| ---"))
    games = [line[4:].strip() for line in text.splitlines() if line.startswith("### ")]
    return set(COMMAND.findall(text)), rows, games


@pytest.mark.parametrize("language", ["ms", "id"])
def test_the_translated_guide_names_every_command_and_row_of_the_readme(language):
    guide = (ROOT / "docs" / f"players.{language}.md").read_text(encoding="utf-8")
    commands, rows, games = _structure(_playing_section())
    got_commands, got_rows, got_games = _structure(guide)
    assert got_commands == commands, "update docs/players.%s.md: commands differ" % language
    assert got_rows == rows and got_games == games
