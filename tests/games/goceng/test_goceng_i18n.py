"""Every text Mat Goceng shows goes through the catalogue: under a pseudo-language that brackets each
translated text, every line a player reads comes out bracketed (card labels aside, which are data)."""

from __future__ import annotations

import random

from bot.games.goceng import MODULE as GAME
from bot.kernel.contract import IllegalAction


def test_every_goceng_text_is_in_the_catalogue(pseudo_locale):
    _translated = pseudo_locale  # a text came out of the pseudo catalogue
    names = {1: "Ana", 2: "Budi", 3: "Citra"}  # 4 has no name: the "Player <id>" fallback is translated too
    assert all(_translated(p) for p in GAME.presenter.rules_page().rstrip("\n").split("\n"))
    rnd = random.Random(7)
    for seed in range(4):
        players = [1, 2, 3, 4]
        state = GAME.rules.new_game(players, seed)
        steps = 0
        while not GAME.rules.is_over(state) and steps < 400:
            steps += 1
            for viewer in players + [None]:
                view = GAME.rules.view(state, viewer)
                for text in (GAME.presenter.board(view, names).text, GAME.presenter.brief_text(view, names)):
                    for line in text.split("\n"):
                        line = line.removeprefix("\u25b6 ").strip()
                        assert not line or _translated(line) or line == "Mat Goceng", line
            player = sorted(GAME.rules.actors(state))[0]
            legal = GAME.rules.legal_actions(state, player)
            for action in legal:
                if len(action) == 1:  # with parameters, the label is cards and seats
                    assert _translated(GAME.presenter.action_label(state, player, action)), action
                chosen = []
                for key in [None, *action]:
                    assert _translated(GAME.presenter.question(state, player, key, chosen)), key
                    if key is not None:
                        chosen.append((key, action[key]))
            for bad in (
                {"type": "fight"},
                {"type": "nope"},
                {"type": "play", "card": "ZZ"},
                {"type": "give_up"},
                {"type": "offer", "card": 3, "price": -1},
            ):
                try:
                    GAME.rules.apply(GAME.rules.state_from_json(GAME.rules.state_to_json(state)), player, bad)
                except IllegalAction as exc:
                    assert _translated(str(exc)), exc
            for event in GAME.rules.apply(state, player, rnd.choice(legal)):
                line = GAME.presenter.event_line(event, names)
                assert line == "" or _translated(line), event
        if GAME.rules.is_over(state):
            assert _translated(GAME.rules.result(state).summary)
