"""Every game's pictures read on a phone: drawn for the width Discord shows them at.

Discord shows an attachment about 400 px wide on a phone (360 on small ones). Every text drawn in
a table or hand picture is recorded as it is stamped, with its type size; shown 400 px wide, the
smallest must be at least 12 px. And the whole picture must fit one phone screen (about 700 px)
at that width, so the question of what is on the board never needs scrolling.
"""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import bot.pictures.canvas as canvas
import bot.pictures.cards as cards
from bot.kernel.module import all_games
from bot.pictures.drawing import draw_hand, draw_table

DISPLAY = 400
SMALLEST_PX = 12
SCREEN_PX = 700
NAMES = ["Dewi Lestari Kusumawati", "Muhammad Ariffin", "李小龍 Bruce", "Zulkarnain Wibisono", "Ayu", "Farah Nabila"]
GAMES = all_games()
STEPS = 10


def _states(game, count: int, seed: int):
    """A seeded random game to the end: every STEPS-th state, and the last."""
    state = game.rules.new_game(list(range(1, count + 1)), seed)
    rng = random.Random(seed)
    for step in range(5000):
        if step % STEPS == 0 or game.rules.is_over(state):
            yield state
        if game.rules.is_over(state):
            return
        player = sorted(game.rules.waiting(state).actors)[0]
        game.rules.apply(state, player, rng.choice(game.rules.legal_actions(state, player)))


@pytest.fixture
def sizes(monkeypatch):
    """The type size of every text stamped, with the width of the picture it is stamped on."""
    drawn: list[tuple[int, int, str]] = []
    original = canvas.stamp

    def recorded(image, xy, text, size, bold, fill, anchor="la"):
        drawn.append((size, image.width, text))
        return original(image, xy, text, size, bold, fill, anchor)

    monkeypatch.setattr(canvas, "stamp", recorded)
    monkeypatch.setattr(cards, "stamp", recorded)
    return drawn


def _shown(data: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(data)).size


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_text_is_at_least_12_px_and_every_picture_one_screen_on_a_phone(game, sizes):
    for count in range(game.rules.min_players, game.rules.max_players + 1):
        names = {pid: NAMES[pid - 1] for pid in range(1, count + 1)}
        for state in _states(game, count, seed=count * 11 + 3):
            pictures = [("table", draw_table(game, game.rules.view(state, None), names))]
            pictures += [(f"hand of {p}", draw_hand(game, game.rules.view(state, p), names)) for p in names]
            for what, data in pictures:
                if data is None:
                    continue
                width, height = _shown(data)
                scale = DISPLAY / width
                assert height * scale <= SCREEN_PX, f"{game.name} {count}p {what}: {width}x{height} is over a screen"
    assert sizes, "nothing was drawn"
    smallest = min(sizes, key=lambda s: s[0] * DISPLAY / s[1])
    size, width, text = smallest
    assert size * DISPLAY / width >= SMALLEST_PX, (
        f"{game.name}: {text!r} is drawn {size} px on a {width} px picture: {size * DISPLAY / width:.1f} px on a phone"
    )
