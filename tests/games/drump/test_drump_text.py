"""Views, rendering and every text players read: lengths, no hidden cards, no gaps."""

from __future__ import annotations

import json

from drump_kit import GAME, A, B, arrange, new, play

from bot.games.drump.cards import label
from bot.games.drump.rules import DrumpRules
from bot.kernel.module import get_game
from bot.kernel.rng import Rng

NAMES = {A: "Aminah", B: "Budi"}


def test_drump_is_registered():
    assert isinstance(get_game("drump").rules, DrumpRules)
    assert GAME.title == "DRUMP" and GAME.rules.min_players == GAME.rules.max_players == 2


def test_drump_view_shape_for_a_player_and_a_spectator():
    state = arrange(
        new(),
        hands={A: ["3S", "KD"], B: ["2C"]},
        zones={A: {0: ["5H", "6C"]}, B: {1: ["4D", "9S"]}},
        parts={A: ["QS"]},
        drop=["7H"],
    )
    mine = GAME.rules.view(state, A)
    assert mine["viewer"] == A and mine["players"] == [A, B] and mine["phase"] == "main"
    assert mine["current"] == A and mine["deck"] == len(state.deck) and mine["drop"] == ["7H"]
    me, foe = mine["sides"]
    assert me == {
        "player": A,
        "hand_count": 2,
        "hand": ["3S", "KD"],
        "zones": [[{"card": "5H", "up": True}, {"card": "6C", "up": False}], [], [], []],
        "parts": {"head": "QS", "body": None, "tail": None, "wings": None},
        "score": 12,
        "drump": False,
        "set": "incomplete monster",
    }
    assert foe["hand"] is None and foe["hand_count"] == 1
    assert foe["zones"][1] == [{"card": "4D", "up": True}, {"card": None, "up": False}]
    spectator = GAME.rules.view(state, None)
    assert spectator["viewer"] is None
    assert all(side["hand"] is None for side in spectator["sides"])
    assert "6C" not in json.dumps(spectator) and "9S" not in json.dumps(spectator)
    assert GAME.rules.view(state, 999)["sides"][0]["hand"] is None  # an outsider sees what a spectator sees


def test_drump_render_and_labels_along_games():
    longest = 0
    for seed in range(12):
        state = new(seed)
        rng = Rng.seeded(seed)
        while not GAME.rules.is_over(state):
            (player,) = GAME.rules.actors(state)
            legal = GAME.rules.legal_actions(state, player)
            for viewer in (A, B, None):
                text = GAME.presenter.board(GAME.rules.view(state, viewer), NAMES).text
                longest = max(longest, len(text))
                assert len(text) < 1800
            foe = B if player == A else A
            hidden = set(state.sides[state.seat_of(foe)].hand)
            for action in legal:
                label_text = GAME.presenter.action_label(state, player, action)
                assert 0 < len(label_text) <= 100
                for key, value in action.items():
                    choice = GAME.presenter.choice_label(state, player, key, value)
                    assert choice and not any(label(c) in choice for c in hidden if c != value)
            action = legal[rng.below(len(legal))]
            for event in GAME.rules.apply(state, player, action):
                line = GAME.presenter.event_line(event, NAMES)
                assert line and line != event["type"] and "None" not in line, (event, line)
        final = GAME.presenter.board(GAME.rules.view(state, A), NAMES).text
        assert "wins" in final or "draw" in final  # the public table leaves the result to the platform's line
    assert longest > 300


def test_drump_render_shows_your_hidden_cards_only_to_you():
    state = arrange(new(), hands={A: ["3S"], B: ["2C"]}, zones={A: {0: ["5H", "6C"]}})
    assert "(6\u2663)" in GAME.presenter.board(GAME.rules.view(state, A), NAMES).text
    for viewer in (B, None):
        text = GAME.presenter.board(GAME.rules.view(state, viewer), NAMES).text
        assert "6\u2663" not in text and "3\u2660" not in text and "\u25ae" in text


def test_drump_render_of_a_block_window_and_a_result():
    state = arrange(new(), hands={A: ["3S"], B: ["KC"]}, zones={B: {1: ["4D"]}}, deck_size=0)
    play(state, A, "attack", target=1, card="3S")
    text = GAME.presenter.board(GAME.rules.view(state, B), NAMES).text
    assert "Aminah attacks Budi's zone 2 with 3\u2660" in text and "may block" in text
    play(state, B, "block", card="KC")
    assert "A draw." in GAME.presenter.board(GAME.rules.view(state, A), NAMES).text


def test_drump_choice_labels_name_zones_for_people():
    state = arrange(new(), hands={A: ["3S"]}, zones={A: {0: ["5H", "6C"]}, B: {2: ["4D", "9S"]}})
    assert GAME.presenter.choice_label(state, A, "zone", 0) == "Your zone 1 (5\u2665 6\u2663)"
    assert GAME.presenter.choice_label(state, A, "target", 2) == "Opponent's zone 3 (4\u2666 + 1 face down)"
    assert GAME.presenter.choice_label(state, A, "take", "draw") == "Draw from the deck"
    assert GAME.presenter.choice_label(state, A, "part", "KS") == "K\u2660 Dragon Head"
    assert GAME.presenter.choice_label(state, A, "type", "extra_jack") == "Extra Jack"
    assert (
        GAME.presenter.action_label(state, A, {"type": "attack", "target": 2, "card": "3S"})
        == "Attack zone 3 with 3\u2660"
    )


def test_drump_rules_summary_names_the_rulings():
    text = GAME.presenter.rules_page()
    assert len(text) < 3500
    for words in ("Rulings this table uses", "Ace re-attack", "last turn", "empty deck", "Timeouts", "14"):
        assert words in text


def test_drump_public_board_is_a_line_a_seat_with_its_public_numbers():
    state = arrange(
        new(),
        hands={A: ["3S", "KD"], B: ["2C"]},
        zones={A: {0: ["5H", "6C"]}, B: {1: ["4D"]}},
        parts={A: ["QS"], B: ["KC", "JD"]},
        drop=["7H", "10H"],
    )
    text = GAME.presenter.board(GAME.rules.view(state, None), NAMES).text
    lines = text.splitlines()
    assert lines[0] == f"Turn {state.turn} \u00b7 deck {len(state.deck)} \u00b7 drop 2 (parts 10\u2665)"
    assert lines[1] == "\u25b6\ufe0f **Aminah** \u00b7 hand 2 \u00b7 12 pts: Pegasus Head"
    assert lines[2] == "Zones \u2460 5\u2665 \u25ae \u2461 \u2014 \u2462 \u2014 \u2463 \u2014"
    assert lines[3] == "**Budi** \u00b7 hand 1 \u00b7 18 pts: Dragon Tail, Hydra Wings"
    assert lines[4] == "Zones \u2460 \u2014 \u2461 4\u2666 \u2462 \u2014 \u2463 \u2014"
    assert len(lines) == 5  # whose turn the platform says; no rules, no "to play" line
    assert "to play" not in text and "turn." not in text and "6\u2663" not in text
    play(state, A, "attack", target=1, card="3S")
    assert GAME.presenter.board(GAME.rules.view(state, None), NAMES).text.splitlines()[-1] == (
        "\u2694 Attack on Budi's zone 2 with 3\u2660"
    )
    mine = GAME.presenter.board(GAME.rules.view(state, A), NAMES).text  # the player's own view keeps its detail
    assert "Hand:" in mine and "(6\u2663)" in mine and "Parts:" in mine
