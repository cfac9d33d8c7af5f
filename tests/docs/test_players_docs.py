"""The players' guide in Malay and Indonesian keeps up with the English it translates, block by block.

Each translation has two parts: the README's "Playing" section (its `## ` section up to the first game
heading), then the games of docs/players.md's "The games" section (from the first `### ` heading on).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tools import guides

ROOT = Path(__file__).resolve().parents[2]
COMMAND = re.compile(r"`(/[a-z<>]+(?: [a-z_<>]+)?)")


def _section(text: str, heading: str) -> str:
    """From ``heading`` (a ``## `` line) to the next ``## `` heading or the end."""
    start = text.index("\n" + heading + "\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def _english() -> tuple[str, str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    guide = (ROOT / "docs" / "players.md").read_text(encoding="utf-8")
    return _section(readme, "## Playing"), _section(guide, "## The games")


def _translated(language: str) -> tuple[str, str]:
    """The translated Playing part and the translated games, split at the first game heading."""
    text = (ROOT / "docs" / f"players.{language}.md").read_text(encoding="utf-8")
    start = text.index("\n## ")
    games = text.index("\n### ", start)
    end = text.find("\n## ", games)
    return text[start:games], text[games : end if end != -1 else len(text)]


def _structure(text: str) -> tuple[set[str], int, list[str]]:
    """The commands it names, its table rows and its game headings: what a translation must keep."""
    rows = sum(1 for line in text.splitlines() if line.startswith("|") and not line.startswith("| ---"))
    games = [line[4:].strip() for line in text.splitlines() if line.startswith("### ")]
    return set(COMMAND.findall(text)), rows, games


@pytest.mark.parametrize("language", ["ms", "id"])
def test_the_translated_guide_names_every_command_and_row_of_the_readme(language):
    playing, _ = _english()
    translated, _ = _translated(language)
    commands, rows, games = _structure(playing)
    got_commands, got_rows, got_games = _structure(translated)
    assert got_commands == commands, f"update docs/players.{language}.md: commands differ from README's Playing"
    assert got_rows == rows and got_games == games == []


@pytest.mark.parametrize("language", ["ms", "id"])
def test_the_translated_guide_has_every_game_of_the_players_guide(language):
    _, english = _english()
    _, translated = _translated(language)
    commands, rows, games = _structure(english)
    got_commands, got_rows, got_games = _structure(translated)
    assert games, "docs/players.md lost its game headings"
    assert got_commands == commands, f"update docs/players.{language}.md: commands differ from docs/players.md"
    assert got_rows == rows and got_games == games


@pytest.mark.parametrize("language", ["ms", "id"])
def test_the_translated_guide_follows_every_english_block_as_it_is_now(language):
    """Block by block (``tools.guides``): an English paragraph changed without its translation fails here."""
    assert guides.drift(language) == [], f"bring docs/players.{language}.md up to date: python -m tools.guides"


def test_a_changed_english_block_is_caught(monkeypatch):
    """The check can fail: an English block that changes no longer matches the marker the guide holds."""
    english = guides.english()
    changed = [guides.Block(english[0].text + " One more sentence."), *english[1:]]
    monkeypatch.setattr(guides, "english", lambda: changed)
    assert any("missing or stale" in line for line in guides.drift("ms"))
