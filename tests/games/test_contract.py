"""Every registered engine honours the shared contract the Discord layer relies on.

The table, the picker, the announcer and the AI seats know no rule; they only
call the contract. These checks run the same short seeded playouts on every
game, so a new engine that breaks an assumption of the platform fails here.

The checks each engine's own playout tests make (save and reload, replay, determinism, the
``Waiting`` record and window rounds, hidden information in views, text and events) run on every
engine in ``test_contract_playouts.py``, with the per-game hidden-items hooks of ``contract_kit.py``;
``test_contract_secrets.py`` shows those checks fail on a leak.
"""

from __future__ import annotations

import json

import pytest

from bot.frontend.ui.picker import walk
from bot.kernel.contract import IllegalAction
from bot.kernel.module import all_games
from bot.kernel.rng import Rng

GAMES = all_games()
MAX_STEPS = 5000


def _players(count: int) -> list[int]:
    return [1000 + i for i in range(count)]


def _all_paths_reach(legal: list[dict]) -> None:
    """The picker offers every legal action, within Discord's limits (25 per select, 4 selects)."""
    reached = []

    def explore(path: tuple[int, ...]) -> None:
        step = walk(legal, path)
        if step.action is not None:
            reached.append(step.action)
            return
        assert len(step.choices) <= 100, f"{len(step.choices)} choices in one step"
        assert len(path) < 12, "picker path too deep for a custom_id"
        for choice in step.choices:
            explore(path + (choice.index,))

    explore(())
    assert sorted(map(json.dumps, reached)) == sorted(map(json.dumps, legal))


def test_registry_has_the_four_games():
    assert {g.name for g in GAMES} == {"drump", "drama", "laga", "goceng"}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@pytest.mark.slow
def test_contract_along_seeded_playouts(game):
    names = {p: f"Player {i}" for i, p in enumerate(_players(game.rules.max_players), 1)}
    assert 0 < len(game.presenter.rules_page()) <= 4000
    for count in range(game.rules.min_players, game.rules.max_players + 1):
        players = _players(count)
        state = game.rules.new_game(players, seed=count * 7919)
        rng = Rng.seeded(count)
        for step in range(MAX_STEPS):
            if game.rules.is_over(state):
                break
            actors = sorted(game.rules.actors(state))
            assert actors, "a running game must wait for someone"
            assert game.rules.waiting(state).turn in players
            player = actors[rng.below(len(actors))]
            legal = game.rules.legal_actions(state, player)
            assert legal, f"{player} may act but has no legal action"
            json.dumps(legal)
            if step % 25 == 0:
                _all_paths_reach(legal)
                for action in legal:
                    for key, value in action.items():
                        label = game.presenter.choice_label(state, player, key, value)
                        assert isinstance(label, str) and 0 < len(label) <= 100, (key, value, label)
                for viewer in [None, *players]:
                    view = game.rules.view(state, viewer)
                    json.dumps(view)
                    board = game.presenter.board(view, names)
                    shown = len(board.text) + sum(len(f.value) for f in board.fields)  # in its text or its boxes
                    assert 0 < shown and len(board.text) <= 3900, len(board.text)
                before = game.rules.state_to_json(state)
                with pytest.raises(IllegalAction) as refused:
                    game.rules.apply(state, player, {"type": "no-such-move"})
                assert refused.value.reason and game.rules.state_to_json(state) == before
                for outsider in [p for p in players if p not in actors][:1]:
                    with pytest.raises(IllegalAction):
                        game.rules.apply(state, outsider, legal[0])
                    assert game.rules.state_to_json(state) == before
            timeout = game.rules.timeout_action(state, player)
            assert timeout is None or timeout in legal, (timeout, legal)
            events = game.rules.apply(state, player, legal[rng.below(len(legal))])
            json.dumps(events)
            for event in events:
                line = game.presenter.event_line(event, names)
                # A public event may be deliberately quiet (a window pass); a private one always reads.
                assert isinstance(line, str) and (line or event.get("visible_to") is None)
        assert game.rules.is_over(state), f"{game.name} with {count} players did not end in {MAX_STEPS} steps"
        result = game.rules.result(state)
        assert set(result.winners) <= set(players)
        assert game.rules.actors(state) == frozenset()
