"""Every game's table and hand pictures over seeded random playouts to the end, at every player count.

Each sampled state is drawn from the spectator view (and each seat's hand from its own view):
the result must be a valid PNG of the width the layouts are made for, within the height and
byte budgets, and every piece of text must lie inside the picture (text boxes measured with
Pillow's own ``textbbox`` as it is drawn).
"""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.kernel.module import all_games
from bot.pictures.canvas import MAX_HEIGHT, MIN_SIZE, WIDTH, Canvas, face_of, fit, length, runs, wrap
from bot.pictures.drawing import draw_hand, draw_table

GAMES = all_games()
CASES = [(g, n) for g in GAMES for n in range(g.rules.min_players, g.rules.max_players + 1)]
#: Long and non-Latin names: the fitting must hold for any display name.
LONG_NAMES = [
    "Dewi Lestari Kusumawati Anggraeni Putri",
    "Muhammad Ariffin bin Abdul Rahman Shah",
    "李小龍 Bruce 🐉",
    "Ñandú Ğüşçö",
    "A",
    "Zulkarnain Wibisono Hadiningrat",
    "x" * 60,
]
MAX_BYTES = 200_000
DRAWS_PER_GAME = 14


def _playout(game, count: int, seed: int):
    """A random game to the end, yielding the state before every move and the final one."""
    state = game.rules.new_game(list(range(1, count + 1)), seed)
    rng = random.Random(seed)
    for _ in range(5000):
        yield state
        if game.rules.is_over(state):
            return
        player = sorted(game.rules.waiting(state).actors)[0]
        game.rules.apply(state, player, rng.choice(game.rules.legal_actions(state, player)))
    raise AssertionError(f"{game.name}: the playout did not end")


@pytest.fixture
def text_boxes(monkeypatch):
    """Every text stamped (the kit pastes each text's rendered mask), checked to lie inside its picture."""
    drawn: list[tuple[int, int, int, int]] = []
    original = Image.Image.paste

    def measured(self, im, box=None, mask=None):
        if mask is not None and isinstance(box, tuple) and self.mode == "RGB":
            x, y = box[0], box[1]
            width, height = self.size
            assert x >= 0 and y >= 0 and x + mask.width <= width and y + mask.height <= height, (
                f"a text of {mask.size} at {(x, y)} runs out of the {width}x{height} picture"
            )
            drawn.append((x, y, x + mask.width, y + mask.height))
        return original(self, im, box, mask)

    monkeypatch.setattr(Image.Image, "paste", measured)
    return drawn


def _check_png(data: bytes | None, what: str) -> None:
    assert isinstance(data, bytes) and data.startswith(b"\x89PNG\r\n\x1a\n"), f"{what}: not a PNG"
    assert len(data) <= MAX_BYTES, f"{what}: {len(data)} bytes"
    image = Image.open(io.BytesIO(data))
    image.verify()
    assert image.size[0] == WIDTH and 100 <= image.size[1] <= MAX_HEIGHT, f"{what}: {image.size}"


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0].name}-{c[1]}p")
@pytest.mark.slow
def test_pictures_render_over_whole_playouts(case, text_boxes):
    game, count = case
    states = list(_playout(game, count, seed=count * 7 + 1))
    names = {pid: LONG_NAMES[(pid - 1) % len(LONG_NAMES)] for pid in range(1, count + 1)}
    step = max(1, len(states) // DRAWS_PER_GAME)
    # Replaying keeps states apart (the engine mutates one state in place): re-run to each sample.
    picked = set(range(0, len(states), step)) | {len(states) - 1}
    for i, state in enumerate(_playout(game, count, seed=count * 7 + 1)):
        if i not in picked:
            continue
        _check_png(draw_table(game, game.rules.view(state, None), names), f"{game.name} table at step {i}")
        for pid in range(1, count + 1):
            hand = draw_hand(game, game.rules.view(state, pid), names)
            if hand is not None:
                _check_png(hand, f"{game.name} hand of {pid} at step {i}")
    assert text_boxes, "nothing was drawn"


def test_fitted_text_never_exceeds_its_box():
    for text in LONG_NAMES + ["Kereta Mewah Mercedes Benz S-Class 2024 Limited Edition"]:
        for width in (40, 120, 300):
            shown, size = fit(text, width, 30, bold=True)
            assert length(shown, size, bold=True) <= width
            assert size >= MIN_SIZE
            assert _drawn_width(shown, size) <= width + 1  # what is drawn, not only what is measured
        for line in wrap(text * 3, 200, 20, 2):
            assert length(line, 20) <= 200
    assert fit("short", 300, 30)[0] == "short"
    assert wrap("one two three four five six", 90, 20, 2)[-1].endswith("\u2026")


def _drawn_width(text: str, size: int) -> int:
    canvas = Canvas(80, width=2000, background=(0, 0, 0))
    canvas.text((10, 10), text, size, 1900, fill=(255, 255, 255))
    box = canvas.image.getbbox()
    return 0 if box is None else box[2] - box[0]


def _ink(text: str, size: int = 30) -> bytes:
    canvas = Canvas(60, width=400, background=(0, 0, 0))
    canvas.text((5, 5), text, size, 390, fill=(255, 255, 255))
    return canvas.image.tobytes()


def test_chinese_names_are_drawn_with_the_fallback_face_and_missing_glyphs_left_out():
    assert face_of("A") == 0 and face_of("é") == 0 and face_of("小") == 1
    assert runs("李小龍 Bruce") == (("李小龍", 1), (" Bruce", 0))
    # A name in Chinese is drawn: not blank, and not the same picture as another name.
    assert _ink("小明") != _ink("") and _ink("小明") != _ink("大明")
    # A character no shipped face has is dropped rather than drawn as an empty box.
    missing = "\U0001fae8"  # not in DejaVu Sans nor Droid Sans Fallback
    assert face_of(missing) is None
    assert _ink("Ayu" + missing) == _ink("Ayu")
    assert fit("Ayu" + missing, 300, 30)[0] == "Ayu"
