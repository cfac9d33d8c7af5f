"""The picker's brief and questions: short, private to the viewer, and a real question at every step."""

from __future__ import annotations

from drump_kit import GAME, A, B, arrange, new, play

from bot.games.drump.cards import label
from bot.kernel.rng import Rng
from tests.games.picker_kit import pick_at_random

NAMES = {A: "Aminah", B: "Budi"}
MAX_LINES = 6
KEYS = {"type", "card", "zone", "part", "ace", "take", "target"}


def _hidden(state, seat: int) -> set[str]:
    side = state.sides[seat]
    hidden = set(side.hand)
    for cards, flags in zip(side.zones, side.up, strict=True):
        hidden.update(c for c, up in zip(cards, flags, strict=True) if not up)
    return hidden


def _tokens(text: str) -> set[str]:
    return set(text.replace("(", " ").replace(")", " ").split())


def test_drump_brief_shows_the_hand_and_the_attack_in_a_few_lines():
    state = arrange(
        new(), turn=A, hands={A: ["3S", "KD"], B: ["2C", "QH"]}, zones={A: {0: ["5H", "6C"]}, B: {1: ["4D", "9S"]}}
    )
    brief = GAME.presenter.brief_text(GAME.rules.view(state, A), NAMES)
    assert len(brief.splitlines()) <= MAX_LINES
    assert "3♠" in brief and "K♦" in brief and "Budi" in brief
    assert "Q♥" not in brief and "2♣" not in brief and "9♠" not in brief
    play(state, A, "attack", target=1, card="3S")
    brief = GAME.presenter.brief_text(GAME.rules.view(state, B), NAMES)
    assert brief.splitlines()[0].startswith("⚔") and "zone 2" in brief and "3♠" in brief
    assert "Q♥" in brief and "K♦" not in brief
    assert GAME.presenter.question(state, B, "type", ()) == "Your zone 2 is attacked with 3♠: block?"


def test_drump_brief_and_questions_along_seeded_games():
    used: set[str] = set()
    for seed in range(15):
        state = new(seed)
        rng = Rng.seeded(seed)
        while not GAME.rules.is_over(state):
            (player,) = GAME.rules.actors(state)
            seat = state.seat_of(player)
            brief = GAME.presenter.brief_text(GAME.rules.view(state, player), NAMES)
            lines = brief.splitlines()
            assert 0 < len(lines) <= MAX_LINES and all(len(line) <= 160 for line in lines), brief
            words = _tokens(brief)
            assert all(label(c) in words for c in state.sides[seat].hand), brief
            assert not {label(c) for c in _hidden(state, 1 - seat)} & words, brief
            GAME.rules.apply(state, player, pick_at_random(GAME, state, player, rng, used))
    assert used == KEYS
