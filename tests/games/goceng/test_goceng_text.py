"""What people read: the registry entry, labels, log lines, the rendered view and the rules page."""

from __future__ import annotations

import json

from goceng_helpers import GAME, act, deal, new, start_battle

from bot.games.goceng.cards import load_cards
from bot.games.goceng.rules import GocengRules
from bot.kernel.module import get_game

NAMES = {1: "Ayu", 2: "Budi", 3: "Citra", 4: "Dewi"}


def _window_state():
    s = new(4, seed=60)
    deal(s, {1: ["RR", "BB"], 2: ["GG"], 3: ["RY", "TB-RG"], 4: ["RG"]})
    start_battle(s, 1, 2)
    act(s, 1, {"type": "play", "card": "RR"})
    act(s, 2, {"type": "play", "card": "GG"})
    act(s, 1, {"type": "ask_help"})
    act(s, 3, {"type": "offer", "card": "TB-RG", "price": 3})
    return s


def test_registered_under_its_name():
    game = get_game("goceng")
    assert isinstance(game.rules, GocengRules) and game.title == "Mat Goceng"
    assert (game.rules.min_players, game.rules.max_players) == (3, 6)


def test_labels_for_the_picker():
    s = _window_state()
    for player in (1, 3, 4):
        for action in GAME.rules.legal_actions(s, player):
            label = GAME.presenter.action_label(s, player, action)
            assert 0 < len(label) <= 100
    assert (
        GAME.presenter.action_label(s, 3, {"type": "offer", "card": "TB-RG", "price": 4})
        == "Change my offer to 🟥 red → 🟩 green Ajian Tapak Bayangan for 4 silver"
    )
    assert (
        GAME.presenter.action_label(s, 4, {"type": "offer", "card": "RG", "price": 4})
        == "Offer 🟥 red → 🟩 green for 4 silver"
    )
    assert GAME.presenter.choice_label(s, 1, "type", "accept") == "Accept 🟥→🟩 Ajian Tapak Bayangan for 3 silver"
    assert GAME.presenter.choice_note(s, 1, "helper", 3) == "🟥 red → 🟩 green Ajian Tapak Bayangan · 3 silver"
    assert GAME.presenter.choice_note(s, 4, "card", "RG") == ""
    assert GAME.presenter.choice_label(s, 1, "type", "no_help") == "Take no offer"
    assert GAME.presenter.action_label(s, 3, {"type": "stand"}) == "Leave my offer at 3 silver"
    assert GAME.presenter.event_line({"type": "stand", "player": 3}, NAMES) == ""
    act(s, 1, {"type": "counter", "helper": 3, "price": 1})
    assert GAME.presenter.action_label(s, 3, {"type": "take_counter"}) == "Sell for 1 silver"
    assert GAME.presenter.action_label(s, 3, {"type": "refuse_counter"}) == "Refuse: keep 3 silver"
    assert GAME.presenter.question(s, 3, "type", ()) == "The battler offers 1 silver for your card (you asked 3): sell?"
    assert (
        GAME.presenter.event_line({"type": "counter", "player": 1, "helper": 3, "price": 1, "asked": 3}, NAMES)
        == "Ayu counters Citra's offer: 1 silver instead of 3?"
    )
    assert GAME.presenter.choice_label(s, 3, "target", 1) == "Seat 1"  # 3 does not know 1's character
    s.revealed.append(1)
    assert GAME.presenter.choice_label(s, 3, "target", 1) == f"Seat 1 ({load_cards().characters[s.characters[1]].name})"


def _fields(s, viewer):
    return {f.name: f.value for f in list(GAME.presenter.board(GAME.rules.view(s, viewer), NAMES).fields)}


def test_the_rendered_view_for_players_and_spectators():
    s = _window_state()
    battler = _fields(s, 1)
    hand = next(v for k, v in battler.items() if k.startswith("Your hand"))
    assert hand == "🟦 blue → 🟦 blue"  # nothing of Ayu's fits her red end: no ✅
    offers = battler["🤝 Extra Power for Ayu"]
    assert offers == "• Citra: 🟥 red → 🟩 green *Ajian Tapak Bayangan* for 3 silver"
    lines = {k: v for k, v in battler.items() if "line" in k}
    assert lines["👊 Ayu's line · punch token: to play"].splitlines() == [
        "🟥→🟥",
        "Last card: 🟥 red → 🟥 red",
        "Next card must start with: 🟥 red (or ⭐ any)",
    ]
    assert "Budi's line · waiting" in lines
    helper = _fields(s, 4)
    assert next(v for k, v in helper.items() if k.startswith("Your hand")) == "🟥 red → 🟩 green ✅"
    assert helper["🤝 Extra Power for Ayu"].startswith("• Citra offers a card for 3 silver")
    assert "🎭 hidden" in battler["2. Budi"] and "☕☕☕ (3 stamina)" in battler["2. Budi"]  # a private view in full
    # The public table: one field, a line per seat (name first, no hidden character), each battler's
    # newest card and the colour the next must start with, the offers' prices under the battler asking.
    public = GAME.presenter.board(GAME.rules.view(s, None), NAMES)
    assert public.text == ""  # who is waited on is the platform's first line
    assert _fields(s, None) == {
        "Turn 1 · battle": "\n".join(
            [
                "▶️👊 **Ayu** ☕☕☕ 🪙5 🃏1",
                "└ ⚔️ 🟥→🟥 · next 🟥 red",
                "└ 🤝 offers: Citra 🪙3",
                "**Budi** ☕☕☕ 🪙5 🃏0",
                "└ ⚔️ 🟩→🟩 · next 🟩 green",
                "**Citra** ☕☕☕ 🪙5 🃏2",
                "**Dewi** ☕☕☕ 🪙5 🃏1",
                "*☕ stamina, 🪙 silver, 🃏 cards in hand, 👊 punch token, ⚔️ battle line: the newest card, the colour"
                " to match*",
            ]
        )
    }
    act(s, 1, {"type": "counter", "helper": 3, "price": 1})
    assert "└ 🤝 offers: Citra 🪙3 (countered: 🪙1)" in _fields(s, None)["Turn 1 · battle"]
    text = GAME.presenter.board(GAME.rules.view(s, 3), NAMES).text
    character = load_cards().characters[s.characters[3]]
    assert text.startswith(f"Your character: 🎭 **{character.name}**.") and character.objective in text
    assert "You win if" in text
    assert (
        load_cards().characters[s.characters[1]].name not in GAME.presenter.board(GAME.rules.view(s, None), NAMES).text
    )
    for viewer in (None, 1, 2, 3, 4):
        assert len(GAME.presenter.board(GAME.rules.view(s, viewer), NAMES).text) <= 1800
        assert len(list(GAME.presenter.board(GAME.rules.view(s, viewer), NAMES).fields)) <= 25
        json.dumps(GAME.rules.view(s, viewer))


def test_every_event_has_a_sentence():
    s = _window_state()
    events = act(s, 1, {"type": "accept", "helper": 3})
    lines = [GAME.presenter.event_line(e, NAMES) for e in events]
    assert lines[0] == "Ayu takes Citra's 🟥 red → 🟩 green *Ajian Tapak Bayangan* for 3 silver."
    assert lines[1] == "Citra's Tapak Bayangan: Budi loses 🟩 green → 🟩 green."
    assert lines[2] == "👊 Budi must connect 2 cards."


def test_the_rules_page_names_the_rulings():
    text = GAME.presenter.rules_page()
    assert len(text) < 4000
    for needed in (
        "Extra Power",
        "Rulings used",
        "Project rulings",
        "reconcile",
        "Tapak Bayangan",
        "Kasbon",
        "Thi Tjhi Ie",
        "Mata Menembus Sukma",
        "ties all count",
        "lower price",
        "no winner",
        "one replacement",
    ):
        assert needed in text


def test_the_turn_stays_with_the_active_player_while_the_decision_moves():
    s = new(4, seed=61)
    s.active = 2
    assert GAME.rules.waiting(s).turn == 2 and GAME.rules.actors(s) == {2}
    act(s, 2, {"type": "challenge", "target": 4})
    waiting = GAME.rules.waiting(s)
    assert waiting.turn == 2 and waiting.actors == {4} and not waiting.in_window
    act(s, 4, {"type": "fight"})
    assert GAME.rules.waiting(s).turn == 2


def test_a_helper_is_asked_by_name_for_whom_the_extra_power_is():
    s = _window_state()
    assert (
        GAME.presenter.question(s, 4, "type", (), names=NAMES)
        == "Ayu asks for Extra Power against Budi: offer a card from your hand?"
    )
    assert GAME.presenter.question(s, 4, "type", ()) == "Extra Power is asked for: offer a card from your hand?"
