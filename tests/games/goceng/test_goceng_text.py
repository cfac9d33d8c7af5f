"""What people read: the registry entry, labels, log lines, the rendered view and the rules page."""

from __future__ import annotations

import json

from bot.engine import get_game
from bot.games.goceng import GocengGame
from bot.games.goceng.cards import load_cards

from goceng_helpers import GAME, act, deal, new, start_battle

NAMES = {1: "Ayu", 2: "Budi", 3: "Citra", 4: "Dewi"}


def _window_state():
    s = new(4, seed=60)
    deal(s, {1: ["RR", "BB"], 2: ["GG"], 3: ["RY", "TB-RG"], 4: ["RG"]})
    start_battle(s, 1, 2)
    act(s, 1, {"type": "play", "card": "RR"})
    act(s, 2, {"type": "play", "card": "GG"})
    act(s, 1, {"type": "ask_help"})
    act(s, 3, {"type": "offer", "card": "TB-RG", "price": 2})
    return s


def test_registered_under_its_name():
    game = get_game("goceng")
    assert isinstance(game, GocengGame) and game.title == "Mat Goceng"
    assert (game.min_players, game.max_players) == (3, 6)


def test_labels_for_the_picker():
    s = _window_state()
    for player in (1, 3, 4):
        for action in GAME.legal_actions(s, player):
            label = GAME.describe_action(s, player, action)
            assert 0 < len(label) <= 100
    assert GAME.describe_action(s, 3, {"type": "offer", "card": "TB-RG", "price": 3}) == \
        "Offer 🟥→🟩 *Ajian Tapak Bayangan* for 3 silver"
    assert GAME.describe_choice(s, 1, "helper", 3).startswith("Seat 3: 🟥→🟩")
    assert GAME.describe_choice(s, 1, "type", "no_help") == "Take no offer"
    assert GAME.describe_action(s, 3, {"type": "keep_offer"}) == "Keep my offer (final)"
    assert GAME.describe_event({"type": "keep_offer", "player": 3}, NAMES) == "Citra stands by their offer."
    assert GAME.describe_choice(s, 3, "target", 1) == "Seat 1"  # 3 does not know 1's character
    s.revealed.append(1)
    assert GAME.describe_choice(s, 3, "target", 1) == f"Seat 1 ({load_cards().characters[s.characters[1]].name})"


def test_the_rendered_view_for_players_and_spectators():
    s = _window_state()
    battler = GAME.render_view(GAME.view(s, 1), NAMES)
    assert "Your hand: 🟦→🟦" in battler and "Ajian Tapak Bayangan" in battler and "Extra Power for Ayu" in battler
    spectator = GAME.render_view(GAME.view(s, None), NAMES)
    assert "Your hand" not in spectator and "Tapak" not in spectator and "offer from Citra: for 2 silver" in spectator
    for viewer in (None, 1, 2, 3, 4):
        text = GAME.render_view(GAME.view(s, viewer), NAMES)
        assert len(text) <= 1800
        json.dumps(GAME.view(s, viewer))


def test_every_event_has_a_sentence():
    s = _window_state()
    events = act(s, 1, {"type": "accept", "helper": 3})
    lines = [GAME.describe_event(e, NAMES) for e in events]
    assert lines[0] == "Ayu accepts Citra's 🟥→🟩 *Ajian Tapak Bayangan* for 2 silver."
    assert lines[1] == "Tapak Bayangan from Citra: Budi discards 🟩→🟩 from their line."
    assert lines[2] == "Budi holds the punch token and must connect 2 cards."


def test_the_rules_page_names_the_rulings():
    text = GAME.rules_summary()
    assert len(text) < 3500
    for needed in ("Extra Power", "Rulings used", "Project rulings", "reconcile", "Tapak Bayangan", "Kasbon",
                   "Thi Tjhi Ie", "Mata Menembus Sukma", "ties all count", "keep it as final",
                   "one replacement"):
        assert needed in text


def test_the_turn_stays_with_the_active_player_while_the_decision_moves():
    s = new(4, seed=61)
    s.active = 2
    assert GAME.waiting(s).turn == 2 and GAME.actors(s) == {2}
    act(s, 2, {"type": "challenge", "target": 4})
    waiting = GAME.waiting(s)
    assert waiting.turn == 2 and waiting.actors == {4} and not waiting.in_window
    act(s, 4, {"type": "fight"})
    assert GAME.waiting(s).turn == 2
