"""Names are people's own text: whatever a nickname holds, it is written as a name and nothing else.

Every game is played to the end by people whose nicknames hold a mention of someone
at the table's edge (``<@stranger>``), ``@everyone``, markdown, a right-to-left
override, right-to-left letters and more than Discord's 32 characters. Every request
the bot made is read: nobody outside the match is ever mentioned, no markdown of a
name is live, no override character goes out, a right-to-left name is isolated from
the text around it, and a long name is cut; a footer, which Discord shows as it is,
shows the name plain, without escapes.
"""

from __future__ import annotations

import json

import pytest

from bot.frontend.names import NAME_LIMIT, clean, shown
from bot.kernel.module import all_games
from tests.frontend import any_table
from tests.frontend.any_table import STRANGER, close_table, open_table

RIGHT_TO_LEFT = "شهرزاد"
HOSTILE = (
    f"<@{STRANGER}>",
    "**Bold** ||peek||",
    "\u202eevil\u202c",
    "@everyone",
    "x" * 40,
    RIGHT_TO_LEFT,
)


def test_a_name_enters_clean_and_is_shown_escaped():
    assert clean("\u202eevil\u202c") == "evil"
    assert clean("  a\u200b\tb \n") == "a b"
    assert clean("x" * 40) == "x" * NAME_LIMIT
    assert clean("\u200b") == "?"
    assert shown(f"<@{STRANGER}>") == f"<@\u200b{STRANGER}>"
    assert shown("@everyone") == "@\u200beveryone"
    assert shown("**Bold** ||peek||") == "\\*\\*Bold\\*\\* \\|\\|peek\\|\\|"
    assert shown(RIGHT_TO_LEFT) == f"\u2068{RIGHT_TO_LEFT}\u2069"
    assert shown("Aisyah") == "Aisyah"  # an ordinary name reads as it did


def _written(payload: object) -> list[str]:
    """The text a payload writes: its content and embeds, at any depth (a reply's ``data`` too). Labels of
    buttons and select options are left out: Discord shows them as plain text, so a name there is only text."""
    out: list[str] = []
    if isinstance(payload, dict):
        for key, value in payload.items():
            if key == "content" and isinstance(value, str):
                out.append(value)
            elif key == "embeds":  # a footer shows its text as it is: see _footers
                out.append(
                    json.dumps([{k: v for k, v in e.items() if k != "footer"} for e in value], ensure_ascii=False)
                )
            else:
                out.extend(_written(value))
    elif isinstance(payload, list):
        for item in payload:
            out.extend(_written(item))
    return out


def _footers(payload: object) -> list[str]:
    """Every embed footer's text in a payload, at any depth."""
    if isinstance(payload, dict):
        found = [payload["footer"]["text"]] if isinstance(payload.get("footer"), dict) else []
        return found + [text for value in payload.values() for text in _footers(value)]
    if isinstance(payload, list):
        return [text for item in payload for text in _footers(item)]
    return []


def _sent(table) -> list[str]:
    """Everything the bot wrote in a message it sent or edited (files aside)."""
    return [text for r in table.world.requests if r.json for text in _written(r.json)]


@pytest.mark.slow
@pytest.mark.parametrize("game", [g.name for g in all_games()])
async def test_hostile_nicknames_play_a_whole_match_as_names(game, db_path, clock, monkeypatch):
    monkeypatch.setattr(any_table, "HUMAN_NAMES", HOSTILE)
    rules = next(g for g in all_games() if g.name == game).rules
    humans = min(len(HOSTILE), rules.max_players)
    table = await open_table(db_path, clock, game, humans, 0)
    try:
        await table.open_and_start()
        await table.play_out()
        sent = _sent(table)
        everything = "\n".join(sent)
        seated = HOSTILE[:humans]
        # Nobody outside the match is mentioned, and nothing pings everyone.
        assert f"<@{STRANGER}>" not in everything
        assert all(
            str(STRANGER) not in (m.get("id") or "")
            for msg in table.world.channel_messages(any_table.CHANNEL)
            for m in msg.mentions
        )
        if "@everyone" in seated:
            assert "@everyone" not in everything and "@\u200beveryone" in everything
        # Markdown in a name is escaped wherever it is written.
        assert "**Bold**" not in everything and "||peek||" not in everything
        assert "\\\\*\\\\*Bold\\\\*\\\\*" in everything  # (as JSON writes a backslash)
        # No override goes out; a long name is cut; right-to-left letters are isolated.
        assert "\u202e" not in everything
        if "\u202eevil\u202c" in seated:
            assert "evil" in everything
        assert "x" * (NAME_LIMIT + 1) not in everything
        if "x" * 40 in seated:
            assert "x" * NAME_LIMIT in everything
        if RIGHT_TO_LEFT in seated:
            assert everything.count(RIGHT_TO_LEFT) == everything.count(f"\u2068{RIGHT_TO_LEFT}\u2069") > 0
        # A footer shows text as it is (no markdown, no pings there): a name written there is plain, never
        # escaped with a backslash.
        footers = "\n".join(text for r in table.world.requests if r.json for text in _footers(r.json))
        assert "\\*" not in footers
        assert not any("Something went wrong" in c.text for c in table.clicks)
    finally:
        await close_table(table)
