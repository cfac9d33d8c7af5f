"""Mat Goceng's own search settings (``bot.games.goceng.hard``): its playouts take the engine's own path, every
choice is searched (the battler's answer to Extra Power offers too), and the settings are Mat Goceng's alone."""

from __future__ import annotations

from dataclasses import replace

from bot.ai import registry
from bot.ai.search import Budget, search
from bot.games.goceng import hard, playout
from bot.games.goceng.sampler import sample
from bot.kernel.module import SearchHints, get_game
from bot.kernel.rng import Rng
from tests.games.goceng.goceng_helpers import GAME, act, deal, new, set_characters, start_battle

RULES = GAME.rules
NORMAL = registry.policy("goceng", "normal")


def _counting() -> tuple[SearchHints, list[int]]:
    """Mat Goceng's hints, its playouts counted."""
    calls: list[int] = []

    def counted(*args, **kwargs):
        calls.append(1)
        return playout.playout(*args, **kwargs)

    return replace(GAME.search, playout=counted), calls


def _battler_with_an_offer():
    state = new(3, seed=20)
    set_characters(state, {1: "rijkaard_cere"})
    deal(state, {1: ["RR", "BB"], 2: ["GG", "GY"], 3: ["RY", "YY"]})
    state.coins = {1: 10, 2: 5, 3: 5}
    start_battle(state, 1, 2)
    act(state, 1, {"type": "play", "card": "RR"})
    act(state, 2, {"type": "play", "card": "GG"})
    act(state, 1, {"type": "ask_help"})
    act(state, 3, {"type": "offer", "card": "RY", "price": 8})
    return state


def test_mat_goceng_declares_its_own_hints_and_no_other_game_does():
    assert GAME.search is hard.HINTS
    assert hard.HINTS.playout is playout.playout
    assert all(get_game(name).search == SearchHints() for name in ("drump", "drama", "laga"))


def test_the_battlers_answer_to_offers_is_searched_with_mat_gocengs_playouts():
    hints, calls = _counting()
    state = _battler_with_an_offer()
    view, legal = RULES.view(state, 1), RULES.legal_actions(state, 1)
    assert {a["type"] for a in legal} == {"accept", "counter", "no_help"}
    assert search(RULES, view, legal, 1, Rng.seeded(1), sample, NORMAL, Budget(playouts=60), hints=hints) in legal
    assert len(calls) >= 30


def test_a_helpers_choice_is_searched_with_mat_gocengs_playouts():
    hints, calls = _counting()
    state = _battler_with_an_offer()
    view, legal = RULES.view(state, 3), RULES.legal_actions(state, 3)  # the helper may revise or withdraw
    assert len(legal) > 1
    search(RULES, view, legal, 3, Rng.seeded(1), sample, NORMAL, Budget(playouts=24), hints=hints)
    assert len(calls) >= 12


def test_the_bots_hard_seat_searches_with_mat_gocengs_hints(monkeypatch):
    """``think`` (what the search pool runs) hands the game's hints on: no playout takes the shared path."""
    from bot.ai import search as search_module

    shared: list[int] = []
    monkeypatch.setattr(search_module, "playout", lambda *args, **kwargs: shared.append(1))
    state = _battler_with_an_offer()
    view, legal = RULES.view(state, 3), RULES.legal_actions(state, 3)
    assert search_module.think("goceng", view, legal, 3, seed=1, playouts=24) in legal
    view, legal = RULES.view(state, 1), RULES.legal_actions(state, 1)
    assert search_module.think("goceng", view, legal, 1, seed=5, playouts=60) in legal
    assert shared == []
