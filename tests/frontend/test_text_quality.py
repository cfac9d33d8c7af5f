"""What a player reads is finished text: every game played through the bot, every message read back and proofread.

Each game is played from ``/<game> new`` to its result through the stand-in for
Discord (humans and AI seats, seeded), in English and in the two shipped
languages. Every message the bot sent or edited, public or private (the table,
pings, DMs, pickers, replies), is read back from the recorded requests, piece
by piece as Discord shows it: content, embed titles, descriptions, field names
and values, footers, button labels, select placeholders and options. Each piece
is checked for what a proofreader would send back:

* "(s)" instead of a plural chosen by the count, and "you's";
* a text cut in the middle of a word (every clip the front end makes is seen
  with the text it cut, so a cut is judged against the full text);
* markup that shows raw: unbalanced ``**``, a mention where Discord writes it as
  ``<@123>`` (titles, footers, labels, options), a ``{placeholder}`` left unfilled;
* a line of the bot's own words starting with a lower-case letter;
* the same button in two colours (Respond… is a question, never a danger);
* two buttons of one message saying the same (a choice's options unfolded under a name they share).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest

from bot.frontend.ui import render
from bot.kernel import i18n
from bot.kernel.module import all_games, get_game
from bot.kernel.rng import Rng
from tests.frontend.any_table import CHANNEL, GUILD, HUMAN_NAMES, HUMANS, GameTable, _message_json, make_bot, make_world
from tools.sim import components as comp

GAMES = [g.name for g in all_games()]

#: Where Discord writes a mention as it is (``<@123>``) instead of as a name.
NO_MENTIONS = frozenset({"title", "author", "field name", "footer", "button", "placeholder", "option", "option note"})
#: Where Discord shows text plain: markdown there shows as its marks.
PLAIN = frozenset({"button", "placeholder", "option", "option note", "footer"})
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
MENTION = re.compile(r"<@[!&]?\d+>")
#: What may stand before a line's first word: markup, emoji, list marks and quotes (not numbers: "3 cards" is fine).
LEAD = re.compile(r"^(?:\*\*\d+\.\*\*|\d+\.(?=\s)|[\s>*_~`|#\-–—•·›:()\[\]'\"“”‘’]|[^\w\s])*", re.UNICODE)
#: A line that is a sentence: it ends like one, or it is a list or quote line (the log, what just happened).
SENTENCE = re.compile(r"[.!?…]\W*$|^\s*(?:[•>]|-(?!#))\s")
#: Where every line is the bot's own heading or label, sentence or not.
LABELS = frozenset({"title", "button", "placeholder", "field name"})
#: Things in a line that are not words of ours: a mention, a Discord timestamp, a custom emoji, a link.
NOT_WORDS = re.compile(r"<@[!&]?\d+>|<t:\d+(?::\w)?>|<a?:\w+:\d+>|https?://\S+")


@dataclass(frozen=True)
class Piece:
    kind: str
    text: str


def pieces(message: dict[str, Any]) -> list[Piece]:
    """Every text of one message as Discord shows it, each with the kind of place it is shown in."""
    out = [Piece("content", message.get("content") or "")]
    for embed in message.get("embeds") or []:
        if (embed.get("author") or {}).get("name"):
            out.append(Piece("author", embed["author"]["name"]))
        out.append(Piece("title", embed.get("title") or ""))
        out.append(Piece("description", embed.get("description") or ""))
        for f in embed.get("fields") or ():
            out += [Piece("field name", str(f.get("name") or "")), Piece("field value", str(f.get("value") or ""))]
        out.append(Piece("footer", (embed.get("footer") or {}).get("text") or ""))
    out += [Piece("content", text) for text in comp.text_displays(message.get("components"))]
    for c in comp.walk(message.get("components")):
        if c.get("type") == comp.BUTTON:
            out.append(Piece("button", str(c.get("label") or "")))
        out.append(Piece("placeholder", str(c.get("placeholder") or "")))
        for option in c.get("options") or []:
            out += [
                Piece("option", str(option.get("label") or "")),
                Piece("option note", option.get("description") or ""),
            ]
    return [p for p in out if p.text and p.text != "\u200b"]


def act_button_styles(message: dict[str, Any]) -> set[tuple[str, int]]:
    """(label, style) of every Take action / Respond button of a message."""
    return {
        (str(c.get("label")), int(c.get("style") or 0))
        for c in comp.walk(message.get("components"))
        if c.get("type") == comp.BUTTON and str(c.get("custom_id") or "").startswith("act:")
    }


def line_starts_lower(line: str, names: tuple[str, ...]) -> bool:
    """True if ``line``'s first word is ours and starts with a lower-case letter (a name is as its player wrote it).

    Board data ("🟨 yellow → 🟦 blue", "3 silver") is no sentence and is left alone.
    """
    line = NOT_WORDS.sub("X", line)  # a mention is a name; the rest are not words of ours either
    rest = LEAD.sub("", line)
    if not rest or any(rest.startswith(name) for name in names):
        return False
    return rest[0].isalpha() and rest[0].islower()


def problems_in(piece: Piece, names: tuple[str, ...]) -> list[str]:
    text, kind = piece.text, piece.kind
    found = []
    if "(s)" in text:
        found.append('"(s)" instead of a plural')
    if re.search(r"\byou's\b", text, re.IGNORECASE):
        found.append('"you\'s"')
    if PLACEHOLDER.search(text):
        found.append(f"unfilled {PLACEHOLDER.search(text).group()}")  # type: ignore[union-attr]
    if kind in NO_MENTIONS and MENTION.search(text):
        found.append("a mention Discord shows raw here")
    if kind in PLAIN and ("**" in text or "__" in text):
        found.append("markdown Discord shows raw here")
    if text.count("**") % 2:
        found.append("unbalanced **")
    for line in text.splitlines():
        if kind == "option note" or (kind not in LABELS and not SENTENCE.search(line)):
            continue
        if line_starts_lower(line, names):
            found.append(f"starts in lower case: {line[:80]!r}")
    return found


class Clips:
    """Every cut the front end makes, with the full text it cut: a cut must fall between words."""

    def __init__(self) -> None:
        self.bad: list[tuple[str, str]] = []
        self.seen = 0

    def judge(self, full: str, clipped: str) -> None:
        if clipped == full:
            return
        self.seen += 1
        kept = clipped.rstrip("…").rstrip()
        if not full.startswith(kept):
            return  # reworded, not cut
        after = full[len(kept) : len(kept) + 1]
        if kept and kept[-1].isalnum() and after.isalnum():
            self.bad.append((full, clipped))


@pytest.fixture
def clips(monkeypatch) -> Clips:
    """Watches the front end's clipping: each clip function's result is judged against its input."""
    watch = Clips()
    for name in ("clip", "_clip", "_option_label"):
        original = getattr(render, name, None)
        if original is None:
            continue

        def spy(text: str, *args: Any, _original: Any = original, **kw: Any) -> str:
            out = _original(text, *args, **kw)
            watch.judge(render._EMPHASIS.sub(r"\2", text) if _original.__name__ == "_option_label" else text, out)
            return out

        monkeypatch.setattr(render, name, spy)
    return watch


@pytest.fixture
def shipped():
    i18n.set_locales_dir(None)
    yield
    i18n.set_locales_dir(None)


#: (game, humans, AI seats, seed): one match of each game with every kind of seat, in each language.
def _matches() -> list[tuple[str, int, int]]:
    out = []
    for game in all_games():
        humans = game.rules.min_players
        ais = 1 if game.rules.max_players > humans else 0
        out.append((game.name, humans, ais))
    return out


async def play(db_path: Any, clock: Any, game: str, humans: int, ais: int, language: str, seed: int) -> GameTable:
    world = make_world(humans)
    bot = make_bot(db_path, clock, seed=1000 + seed)
    await world.connect(bot)
    table = GameTable(world, bot, clock, get_game(game), list(HUMANS[:humans]), ais, seed=seed, rng=Rng.seeded(seed))
    try:
        if language != "en":
            await bot.languages.set_server(GUILD, language)
        await table.open_and_start()
        await table.play_out()
        await table.observe()
    finally:
        await bot.close()
        world.close()
    return table


def twin_buttons(message: dict[str, Any]) -> list[str]:
    """Labels more than one button of the message carries: the player cannot tell those buttons apart."""
    labels = [str(c.get("label") or "") for c in comp.walk(message.get("components")) if c.get("type") == comp.BUTTON]
    return sorted({label for label in labels if labels.count(label) > 1})


def read_everything(table: GameTable) -> tuple[list[tuple[Piece, int]], set[tuple[str, int]], list[str]]:
    """Every piece of every message sent or edited (with its channel), the act buttons' styles, and the labels
    that stood on two buttons of one message."""
    out: list[tuple[Piece, int]] = []
    styles: set[tuple[str, int]] = set()
    seen: set[str] = set()
    twins: list[str] = []
    for request in table.world.requests:
        message = _message_json(request)
        if message is None:
            continue
        styles |= act_button_styles(message)
        twins += twin_buttons(message)
        for piece in pieces(message):
            key = f"{piece.kind}\0{piece.text}"
            if key not in seen:
                seen.add(key)
                out.append((piece, int(message["channel_id"])))
    return out, styles, twins


@pytest.mark.parametrize("language", ["en", "ms", "id"])
@pytest.mark.parametrize(("game", "humans", "ais"), _matches(), ids=lambda v: str(v))
@pytest.mark.slow
async def test_every_text_a_player_reads_is_finished(shipped, clips, db_path, clock, game, humans, ais, language):
    table = await play(db_path, clock, game, humans, ais, language, seed=5)
    read, styles, twins = read_everything(table)
    assert len(read) > 20 and any(channel != CHANNEL for _, channel in read), "the match said next to nothing"

    names = HUMAN_NAMES[:humans]
    found = [(problem, piece.kind, piece.text[:300]) for piece, _ in read for problem in problems_in(piece, names)]
    assert found == [], "\n".join(f"{p} [{k}]: {t!r}" for p, k, t in found[:15]) + f"\n({len(found)} in all)"
    assert clips.bad == [], [(full[:200], cut[-40:]) for full, cut in clips.bad[:5]]
    # One question, one colour: every Take action / Respond button is the primary (blue) one.
    assert {style for _, style in styles} <= {1}, sorted(styles)
    assert twins == [], sorted(set(twins))[:10]


def test_the_proofreader_sees_a_cut_word_and_lets_a_cut_between_words_pass():
    """The checks above, on the defects they are for (so a check that checks nothing is caught)."""
    clips = Clips()
    clips.judge("AI 1's turn. Plot Twist to respond?", "AI 1's turn. Plot Twist to resp…")
    clips.judge("AI 1's turn. Plot Twist to respond?", render.clip("AI 1's turn. Plot Twist to respond?", 32))
    assert clips.bad == [("AI 1's turn. Plot Twist to respond?", "AI 1's turn. Plot Twist to resp…")]
    assert render.clip("AI 1's turn. Plot Twist to respond?", 32) == "AI 1's turn. Plot Twist to…"
    names = ("Aisyah",)
    assert problems_in(Piece("description", "• AI 1 draws 1 card(s)."), names) == ['"(s)" instead of a plural']
    assert problems_in(Piece("content", "Budi plays X against you's Y"), names) == ['"you\'s"']
    assert problems_in(Piece("description", "• the DENGKI turns on Budi."), names)
    assert problems_in(Piece("description", "• Aisyah draws 1 card."), names) == []
    assert problems_in(Piece("field value", "🟨 yellow → 🟦 blue"), names) == []  # board data, no sentence
    assert problems_in(Piece("footer", "<@1> · match #1"), names) == ["a mention Discord shows raw here"]
    assert problems_in(Piece("content", "**Turn 2 ends."), names) == ["unbalanced **"]
    assert problems_in(Piece("content", "Hi {player}."), names) == ["unfilled {player}"]
    twins = {"components": [{"type": 1, "components": [{"type": 2, "label": f"Pride › {n}"} for n in (1, 2, 1)]}]}
    assert twin_buttons(twins) == ["Pride › 1"]
