"""Every text DRUMP shows goes through the catalogue: under a pseudo-language that brackets each
translated text, every line a player reads comes out bracketed (card labels aside, which are data)."""

from __future__ import annotations

import random

from drump_kit import GAME, A, B

from bot.kernel.contract import IllegalAction


def test_every_drump_text_is_in_the_catalogue(pseudo_locale):
    _translated = pseudo_locale  # a text came out of the pseudo catalogue
    names = {A: "Ana"}  # B has no name: the "Player <id>" fallback is translated too
    assert all(_translated(p) for p in GAME.presenter.rules_page().split("\n"))
    rnd = random.Random(7)
    for seed in range(6):
        state = GAME.rules.new_game([A, B], seed)
        steps = 0
        while not GAME.rules.is_over(state) and steps < 400:
            steps += 1
            for viewer in (A, B, None):
                view = GAME.rules.view(state, viewer)
                for text in (GAME.presenter.board(view, names).text, GAME.presenter.brief_text(view, names)):
                    for line in text.split("\n"):
                        assert not line or _translated(line), line
            player = sorted(GAME.rules.actors(state))[0]
            legal = GAME.rules.legal_actions(state, player)
            for action in legal:
                assert _translated(GAME.presenter.action_label(state, player, action)), action
                chosen = []
                for key in [None, *action]:
                    assert _translated(GAME.presenter.question(state, player, key, chosen)), key
                    if key is not None:
                        chosen.append((key, action[key]))
            for bad in (
                {"type": "place", "card": "KS", "zone": 0},
                {"type": "attack"},
                {"type": "nope"},
                {"type": "discard", "card": "ZZ"},
                {"type": "stop"},
            ):
                try:
                    GAME.rules.apply(GAME.rules.state_from_json(GAME.rules.state_to_json(state)), player, bad)
                except IllegalAction as exc:
                    assert _translated(str(exc)), exc
            for event in GAME.rules.apply(state, player, rnd.choice(legal)):
                assert _translated(GAME.presenter.event_line(event, names)), event
        if GAME.rules.is_over(state):
            assert _translated(GAME.rules.result(state).summary)
