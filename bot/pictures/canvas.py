"""The drawing kit every table picture shares: fonts, colours, fitted text, boxes, PNG encoding.

Text is always fitted to the box it is drawn in (shrunk down to a floor size, then cut with
an ellipsis), so a long display name or card name can never run over its neighbour. Colours
are chosen for contrast on a phone; wherever a colour means something, the pictures also say
it in a letter, symbol or word.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from bot.kernel.i18n import t

#: A picture is drawn for the width a phone shows it at: Discord displays an attachment about
#: 360-400 px wide, so 600 px keeps a scale of about 2/3 and the layouts few and large.
WIDTH = 600
#: Smallest type ever drawn: 13 px when the picture is shown 400 px wide, 12 px at 360 px.
MIN_SIZE = 20
#: The tallest picture that still fits a phone screen (~700 px) when shown 400 px wide.
MAX_HEIGHT = 1000

FELT = (22, 68, 44)
PANEL = (12, 40, 26)
INK = (255, 255, 255)
MUTED = (200, 220, 205)
GOLD = (255, 210, 80)
CARD = (250, 250, 245)
CARD_INK = (20, 20, 20)
CARD_RED = (200, 20, 30)
BACK = (40, 70, 160)
BACK_LINE = (150, 180, 255)
EMPTY = (60, 100, 75)
HIGHLIGHT = (255, 210, 80)


#: Every colour the pictures use. The PNG palette is built from these and their blends (the edges
#: of antialiased text and shapes), once: mapping onto a fixed palette is ~10x faster than
#: computing one per picture, and keeps a picture's bytes a function of what it shows.
BACKGROUNDS = (
    FELT,
    PANEL,
    CARD,
    (45, 45, 45),
    (230, 225, 200),
    BACK,
    EMPTY,
    (205, 40, 40),
    (245, 200, 40),
    (40, 160, 70),
    (40, 95, 210),
    (245, 245, 245),
)
FOREGROUNDS = (
    INK,
    MUTED,
    GOLD,
    CARD_INK,
    CARD_RED,
    BACK_LINE,
    (120, 60, 0),
    (90, 90, 90),
    (60, 110, 80),
    (50, 100, 70),
    (230, 230, 230),
    (90, 80, 50),
    (120, 90, 60),
    (60, 0, 0),
    (240, 240, 230),
)


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    colours: list[tuple[int, ...]] = []
    for colour in BACKGROUNDS + FOREGROUNDS:
        if colour not in colours:
            colours.append(colour)
    for i, bg in enumerate(BACKGROUNDS):
        # Everything is drawn on the first five; on the others (card backs, fists) only text.
        for fg in FOREGROUNDS if i < 5 else (INK, CARD_INK):
            for k in (1, 2):  # a third and two thirds of the way
                blend = tuple(round(b + (f - b) * k / 3) for b, f in zip(bg, fg, strict=True))
                if blend not in colours:
                    colours.append(blend)
    assert len(colours) <= 256, len(colours)
    image = Image.new("P", (1, 1))
    image.putpalette([v for c in colours for v in c] + [0, 0, 0] * (256 - len(colours)))
    return image


#: The shipped faces, in the order a character is looked for: DejaVu Sans (Latin, Greek,
#: Cyrillic, suits, arrows, many symbols), then Droid Sans Fallback (Chinese, Japanese), so a
#: player called 小明 is drawn as such. A character neither has is left out rather than drawn
#: as an empty box.
FACES = (("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"), ("DroidSansFallbackFull.ttf", "DroidSansFallbackFull.ttf"))
_NO_GLYPH = "\U0010fffd"  # a private-use character no face draws: what a missing glyph looks like


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False, face: int = 0) -> ImageFont.FreeTypeFont:
    """A shipped face at ``size`` (read from the package's file, not downloaded or copied)."""
    name = FACES[face][1 if bold else 0]
    source = resources.files("bot.pictures").joinpath("fonts", name)
    if isinstance(source, Path):
        return ImageFont.truetype(str(source), size)  # FreeType reads the file as it needs
    with source.open("rb") as fh:
        return ImageFont.truetype(io.BytesIO(fh.read()), size)


def _looks(f: ImageFont.FreeTypeFont, text: str) -> tuple[tuple[int, int], bytes]:
    mask = f.getmask(text)
    return mask.size, bytes(mask)


@lru_cache(maxsize=8192)
def face_of(char: str) -> int | None:
    """Which face draws ``char`` (an index into FACES), or None if none does."""
    if char.isspace() or char.isascii():
        return 0
    for face in range(len(FACES)):
        f = font(24, False, face)
        if _looks(f, char) != _looks(f, _NO_GLYPH):
            return face
    return None


@lru_cache(maxsize=4096)
def runs(text: str) -> tuple[tuple[str, int], ...]:
    """``text`` cut into runs of one face each, characters no face has left out."""
    out: list[tuple[str, int]] = []
    dropped = False
    for char in text:
        face = face_of(char)
        if face is None or (dropped and char == " " and out and out[-1][0].endswith(" ")):
            dropped = face is None or dropped
            continue  # (and the second space of "a 🐉 b" once the dragon is left out)
        dropped = False
        if out and out[-1][1] == face:
            out[-1] = (out[-1][0] + char, face)
        else:
            out.append((char, face))
    return tuple(out)


def length(text: str, size: int, bold: bool = False) -> float:
    """How wide ``text`` is drawn, in px, whatever faces it needs."""
    return sum(font(size, bold, face).getlength(run) for run, face in runs(text))


def name_of(names: Mapping[Any, str], pid: Any) -> str:
    """The platform's display name for ``pid`` (the only source of names a picture uses)."""
    if pid is None:
        return "?"
    name = names.get(pid)
    if name is None:
        name = names.get(str(pid)) if not isinstance(pid, str) else None
    return name if name is not None else t("Player {pid}", pid=pid)


@lru_cache(maxsize=4096)
def fit(text: str, width: int, size: int, bold: bool = False) -> tuple[str, int]:
    """``text`` and a type size that make it at most ``width`` px wide: shrink to MIN_SIZE, then cut with "…"."""
    text = "".join(run for run, _ in runs(str(text)))
    for s in range(size, MIN_SIZE - 1, -2):
        if length(text, s, bold) <= width:
            return text, s
    while text and length(text + "\u2026", MIN_SIZE, bold) > width:
        text = text[:-1]
    return text + "\u2026", MIN_SIZE


@lru_cache(maxsize=1024)
def wrap(text: str, width: int, size: int, lines: int, bold: bool = False) -> list[str]:
    """``text`` broken into at most ``lines`` lines of at most ``width`` px (the last cut with "…")."""
    out: list[str] = []
    current = ""
    words = "".join(run for run, _ in runs(str(text))).split()
    for i, word in enumerate(words):
        trial = f"{current} {word}".strip()
        if length(trial, size, bold) <= width or not current:
            current = trial
            continue
        out.append(current)
        current = word
        if len(out) == lines:  # no room left: the last line takes the rest, cut with "…"
            out[-1] = _cut(out[-1] + " " + " ".join(words[i:]), width, size, bold)
            current = ""
            break
    if current:
        out.append(current)
    return [_cut(line, width, size, bold) for line in out[:lines]]  # callers must not change the cached list


def _cut(text: str, width: int, size: int, bold: bool) -> str:
    if length(text, size, bold) <= width:
        return text
    while text and length(text + "\u2026", size, bold) > width:
        text = text[:-1]
    return text + "\u2026"


@lru_cache(maxsize=1024)  # a typical mask is ~10 KB: at most ~10 MB
def _mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """``text`` rendered once as a coverage mask, with its offset from the anchor point.

    Consecutive pictures of a table repeat most of their text (names, labels, card names):
    stamping a cached mask costs a fraction of rendering the glyphs again. Text in several
    faces is drawn run by run on one line, each run at the same vertical anchor.
    """
    pieces = runs(text) or (("", 0),)
    if len(pieces) == 1:  # one face: its own anchor, exactly as Pillow places it
        run, face = pieces[0]
        f = font(size, bold, face)
        # FreeType's box is in whole pixels (Pillow's annotations say float)
        left, top, right, bottom = (int(v) for v in f.getbbox(run, anchor=anchor))
        mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
        ImageDraw.Draw(mask).text((-left, -top), run, font=f, fill=255, anchor=anchor)
        return mask, left, top
    # Several faces share the main face's baseline, placed where its anchor would put it.
    ascent, descent = font(size, bold).getmetrics()
    baseline = {"a": ascent, "m": (ascent - descent) / 2, "s": 0.0, "d": -descent}[anchor[1]]
    total = sum(font(size, bold, face).getlength(run) for run, face in pieces)
    x = {"l": 0.0, "m": -total / 2, "r": -total}[anchor[0]]
    placed = []
    for run, face in pieces:
        f = font(size, bold, face)
        run_left, run_top, run_right, run_bottom = f.getbbox(run, anchor="ls")
        placed.append((run, f, x, (x + run_left, baseline + run_top, x + run_right, baseline + run_bottom)))
        x += f.getlength(run)
    left = math.floor(min(b[0] for *_, b in placed))
    top = math.floor(min(b[1] for *_, b in placed))
    right = math.ceil(max(b[2] for *_, b in placed))
    bottom = math.ceil(max(b[3] for *_, b in placed))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    draw = ImageDraw.Draw(mask)
    for run, f, at, _ in placed:
        draw.text((at - left, baseline - top), run, font=f, fill=255, anchor="ls")
    return mask, left, top


def stamp(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    bold: bool,
    fill: tuple[int, int, int],
    anchor: str = "la",
) -> tuple[int, int, int, int]:
    """Draw ``text`` at ``xy`` (its ``anchor`` point); returns the box it covers."""
    mask, left, top = _mask(text, size, bold, anchor)
    x, y = round(xy[0]) + left, round(xy[1]) + top
    image.paste(fill, (x, y), mask)
    return x, y, x + mask.width, y + mask.height


class Canvas:
    """A picture being drawn: a felt background and helpers that never let text overflow its box."""

    def __init__(self, height: int, width: int = WIDTH, background: tuple[int, int, int] = FELT) -> None:
        self.image = Image.new("RGB", (width, height), background)
        self.draw = ImageDraw.Draw(self.image)
        self.width = width
        self.height = height

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        width: int,
        *,
        bold: bool = False,
        fill: tuple[int, int, int] = INK,
        anchor: str = "la",
    ) -> float:
        """Draw ``text`` fitted into ``width`` px; returns the width drawn."""
        shown, fitted = fit(text, width, size, bold)
        stamp(self.image, xy, shown, fitted, bold, fill, anchor)
        return length(shown, fitted, bold)

    def lines(
        self,
        x: float,
        y: float,
        text: str,
        size: int,
        width: int,
        count: int,
        *,
        bold: bool = False,
        fill: tuple[int, int, int] = INK,
        leading: float = 1.25,
    ) -> float:
        """Draw ``text`` wrapped into at most ``count`` lines; returns the height used."""
        rows = wrap(text, width, size, count, bold)
        for i, row in enumerate(rows):
            stamp(self.image, (x, y + i * size * leading), row, size, bold, fill)
        return len(rows) * size * leading

    def box(
        self,
        xy: tuple[float, float, float, float],
        fill: Any = PANEL,
        outline: Any = None,
        width: int = 3,
        radius: int = 12,
    ) -> None:
        self.draw.rounded_rectangle(xy, radius=radius, fill=fill, outline=outline, width=width)

    def png(self) -> bytes:
        """The picture as a small palette PNG, on the fixed palette of the kit's colours."""
        out = io.BytesIO()
        image = self.image.quantize(palette=_palette(), dither=Image.Dither.NONE)
        image.save(out, format="PNG", optimize=False, compress_level=3)
        return out.getvalue()


def grow(height: int) -> int:
    """Round a layout's height up to 10 px, so small content changes keep the picture's shape."""
    return (height + 9) // 10 * 10
