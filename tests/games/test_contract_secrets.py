"""The hidden-items hooks of ``contract_kit`` are not vacuous: they see the secrets each game deals,
and the checks built on them fail on a view, a board text, an event or a reload that leaks."""

from __future__ import annotations

import dataclasses

import pytest

from bot.kernel.module import all_games
from tests.games.contract_kit import HOOKS, Playout, check_events, check_round_trip, check_views, names_for, players_for

GAMES = all_games()


def _early_state(game, steps: int = 3):
    """A game a few random moves in, with its players (the secrets dealt, some already used)."""
    count = game.rules.max_players
    play = Playout(game, count, 11, check=False, max_steps=steps)
    return play.state, play.players


def _playing(game, steps=3):
    try:
        return _early_state(game, steps)
    except AssertionError:  # "no end in 3 steps": the state is all we need
        pass
    players = players_for(game.rules.max_players)
    return game.rules.new_game(players, 11, HOOKS[game.name].options(11, players)), players


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_hook_names_secrets_the_owner_sees_and_nobody_else(game):
    hook = HOOKS[game.name]
    players = players_for(game.rules.max_players)
    state = game.rules.new_game(players, 11, hook.options(11, players))
    secrets = hook.secrets(state, players)
    for p in players:
        mine = secrets[p]
        assert mine, f"{game.name}: nothing is hidden from the others at the start for {p}"
        assert hook.items_in(game.rules.view(state, p)) & mine, (
            f"{game.name}: the hook finds none of {p}'s secrets in their view"
        )
        assert not mine & hook.forbidden(secrets, p)
        for other in players:
            if other != p:
                assert mine - secrets[other] <= hook.forbidden(secrets, other)
        assert mine <= hook.forbidden(secrets, None)
    check_views(game, hook, state, players, secrets)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_view_showing_another_players_secrets_fails(game):
    state, players = _playing(game)
    hook = HOOKS[game.name]
    victim = players[0]

    def leaky(s, viewer):
        return dict(game.rules.view(s, viewer), gossip=game.rules.view(s, victim))

    check_views(game, hook, state, players)
    with pytest.raises(AssertionError, match="shows hidden"):
        check_views(game, hook, state, players, view_of=leaky)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_board_text_showing_a_players_secrets_fails(game, monkeypatch):
    state, players = _playing(game)
    hook = HOOKS[game.name]
    original = game.presenter.board
    victim = players[0]

    def leaky(view, names):
        board = original(view, names)
        return dataclasses.replace(board, text=board.text + "\n" + original(game.rules.view(state, victim), names).text)

    leaking = dataclasses.replace(game, presenter=dataclasses.replace(game.presenter, board=leaky))
    with pytest.raises(AssertionError, match="board text shows hidden"):
        check_views(leaking, hook, state, players)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_public_event_naming_a_secret_fails_and_a_private_one_passes(game):
    state, players = _playing(game)
    hook = HOOKS[game.name]
    secrets = hook.secrets(state, players)
    victim = players[0]
    gossip = {"type": "gossip", "about": game.rules.view(state, victim)}
    check_events(game, hook, [dict(gossip, visible_to=[victim])], players, secrets, secrets, state)
    with pytest.raises(AssertionError, match="hidden"):
        check_events(game, hook, [gossip], players, secrets, secrets, state)
    with pytest.raises(AssertionError, match="hidden"):
        check_events(game, hook, [dict(gossip, visible_to=[players[1]])], players, secrets, secrets, state)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_log_line_naming_a_secret_fails(game, monkeypatch):
    state, players = _playing(game)
    hook = HOOKS[game.name]
    secrets = hook.secrets(state, players)
    names = names_for(players)
    board = game.presenter.board(game.rules.view(state, players[0]), names).text
    leaking = dataclasses.replace(
        game, presenter=dataclasses.replace(game.presenter, event_line=lambda event, names: board)
    )
    with pytest.raises(AssertionError, match="log line"):
        check_events(leaking, hook, [{"type": "turn"}], players, secrets, secrets, state)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_reload_that_changes_what_is_shown_fails(game, monkeypatch):
    state, players = _playing(game)
    original = type(game.rules).view
    check_round_trip(game, state, players)
    monkeypatch.setattr(type(game.rules), "view", lambda self, s, viewer: dict(original(self, s, viewer), at=id(s)))
    with pytest.raises(AssertionError, match="view of"):
        check_round_trip(game, state, players)


def test_a_name_shared_with_a_visible_copy_is_no_leak_in_text():
    """Text names cards, not copies: a name counts as a leak only when every copy is hidden."""
    hook = HOOKS["drama"]
    from bot.games.drama.state import NAMES

    copies = [f"card:{i}" for i, n in enumerate(NAMES) if n == "Cliffhanger"]
    assert len(copies) > 1
    text = "Your hand: Cliffhanger, Cliffhanger"
    assert hook.leaked_in_text(text, set(copies[:-1])) == set()
    assert hook.leaked_in_text(text, set(copies)) == {"Cliffhanger"}
    assert hook.leaked_in_text("Turn 3 (stopped by a Cliffhanger)", set(copies)) == set()


def test_a_card_design_in_a_battle_line_is_public_and_in_a_hand_is_not():
    game = next(g for g in GAMES if g.name == "goceng")
    hook = HOOKS["goceng"]
    players = players_for(3)
    state = game.rules.new_game(players, 5)
    design = state.hands[players[1]][0]
    assert f"card:{design}" in hook.hidden_items(state, players[1])
    state.discard.append(design)  # another copy lies face up
    assert f"card:{design}" not in hook.hidden_items(state, players[1])
