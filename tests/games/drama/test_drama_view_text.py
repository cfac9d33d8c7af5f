"""Views hide what they must, texts read well, and the seat-filling policies finish games."""

from __future__ import annotations

import json

import pytest

from bot.games.drama.ai import HeuristicPolicy, RandomPolicy
from bot.games.drama.state import player
from bot.games.drama.view import card_info
from bot.kernel.rng import Rng
from tests.games.drama.drama_helpers import (
    GAME,
    P1,
    P2,
    P3,
    arrange_turn,
    card_id,
    clear_hand,
    give,
    ids_in,
    new,
    pass_all,
    set_kedai,
)

NAMES = {P1: "Aishah", P2: "Badrul", P3: "Chong"}


def test_view_shows_own_hand_only_and_hides_face_down_kedai():
    s = new(3)
    arrange_turn(s, P1)
    player(s, P1).juta = 9
    set_kedai(s, 0, "Jam Rolex Tiruan")
    GAME.rules.apply(s, P1, {"type": "buy", "slot": 0})
    hidden = s.kedai[0]
    for viewer in (P1, P2, P3, None):
        v = GAME.rules.view(s, viewer)
        json.dumps(v)
        seen = ids_in(v)
        assert hidden not in seen and v["kedai"][0]["card"] is None
        for p in s.players:
            if p.id == viewer:
                assert [c["id"] for c in v["hand"]] == sorted(p.hand)
            else:
                assert not seen & set(p.hand)
        assert [p["hand_count"] for p in v["players"]] == [len(p.hand) for p in s.players]
    assert GAME.rules.view(s, None)["hand"] == []


def test_card_facts_in_a_view_are_the_callers_own():
    """Views share one built copy of each card's facts (they are built at every move of every playout), so
    each view must get its own: a caller that changes what it holds changes no later view."""
    blue, green = card_id("Cliffhanger"), card_id("Jamal Sado")
    first = card_info(blue), card_info(green)
    first[0]["effects"].append("x")
    first[0]["name"] = "changed"
    first[1]["attributes"]["juta"] = 99
    assert card_info(blue)["name"] == "Cliffhanger" and "x" not in card_info(blue)["effects"]
    assert card_info(green)["attributes"]["juta"] != 99


def test_recruit_payment_is_private_and_dealt_heroes_are_private():
    s = new(2)
    arrange_turn(s, P1)
    set_kedai(s, 0, "Jamal Sado")
    GAME.rules.apply(s, P1, {"type": "recruit", "slot": 0})
    GAME.rules.apply(s, P1, {"type": "pay", "card": player(s, P1).hand[0]})
    assert GAME.rules.view(s, P1)["choice"]["chosen"] == [player(s, P1).hand[0]]
    assert "chosen" not in GAME.rules.view(s, P2)["choice"]
    d = GAME.rules.new_game([P1, P2], 4, {"heroes": "deal"})
    assert "dealt" in GAME.rules.view(d, P1)["pick"] and "dealt" not in GAME.rules.view(d, None)["pick"]
    assert GAME.rules.view(d, P1)["pick"]["dealt"] != GAME.rules.view(d, P2)["pick"]["dealt"]


def test_render_for_players_and_spectators_stays_short():
    s = new(6)
    for p in s.players:
        give(s, p.id, "Jumpa Bomoh", "Cliffhanger", "Pelumba Haram", "Lily" if p.id == P1 else "Dato Rashid")
    give(s, P1, "Rantai Emas 916", "Klinik Kampung Ubi", "Kereta Mewah Mercedes", where="items")
    give(s, P2, "Kak Ton Janda Muda", "Aina Mualaf", where="members")
    names = {p.id: f"Player with a long name {p.id}" for p in s.players}
    for viewer in [None] + [p.id for p in s.players]:
        text = GAME.presenter.board(GAME.rules.view(s, viewer), names).text
        assert 0 < len(text) <= 3000
        # long names on a phone: the public table keeps every seat and lets the turn line go (the platform's
        # status line says what is asked)
        assert "Turn 1" in text if viewer is not None else all(f"**{n}** 7/7 Air Muka" in text for n in names.values())
        fields = list(GAME.presenter.board(GAME.rules.view(s, viewer), names).fields)
        assert len(fields) == (0 if viewer is None else 8)  # the public table is text only, for a phone
        assert sum(len(f.name) + len(f.value) for f in fields) <= 3800
        assert all(len(f.name) <= 256 and len(f.value) <= 1024 for f in fields)
        for line in (text + "\n" + "\n".join(f.value for f in fields)).splitlines():
            assert not line.startswith(("> ", "- ", "* ", "# ")), line  # nothing Discord's markdown reshapes
    assert "Your hand" in GAME.presenter.board(GAME.rules.view(s, P1), names).text
    assert "Your hand" not in GAME.presenter.board(GAME.rules.view(s, None), names).text
    pick = GAME.rules.new_game([P1, P2], 1)
    assert "Choosing heroes" in GAME.presenter.board(GAME.rules.view(pick, None), NAMES).text


def test_rules_summary_names_the_rulings():
    text = GAME.presenter.rules_page()
    assert len(text) <= 3500
    for phrase in (
        "Collecting",
        "PLOT TWIST windows",
        "last in, first out",
        "Cliffhanger",
        "unmarried MEMBERs",
        "spouse",
        "Klinik Kampung Ubi",
        "30 Juta",
        "2 each of ACCESSORY",
        "face down",
        "never above 7",
        "gold AIR MUKA card",
        "4 Deck Biru cards and 1 Juta",
        "only its shield",
        "reshuffle",
        "costs an ACTION",
        "Pelumba Haram",
    ):
        assert phrase in text, phrase


def test_describe_action_and_choice_labels():
    s = new(3, heroes=["Ryan Kaya-Raya", "Inspektor Wang", "Ustazah Salmah"])
    arrange_turn(s, P1)
    clear_hand(s, P1)
    (rolex,) = give(s, P2, "Jam Rolex Tiruan", where="items")
    give(s, P1, "Aku Sebenarnya Polis")
    label = GAME.presenter.action_label(
        s, P1, {"type": "play", "card": card_id("Aku Sebenarnya Polis"), "target": P2, "pick": rolex}
    )
    assert label == "Play Aku Sebenarnya Polis on Inspektor Wang: Jam Rolex Tiruan"
    assert GAME.presenter.choice_label(s, P1, "type", "kahwin") == "KAHWIN"
    assert GAME.presenter.choice_label(s, P1, "target", P3) == "Ustazah Salmah"
    set_kedai(s, 0, "Lori Balak")
    assert GAME.presenter.choice_label(s, P1, "slot", 0) == "Slot 1: Lori Balak (4 Juta)"
    assert GAME.presenter.action_label(s, P1, {"type": "attack", "target": P2}) == "DENGKI Inspektor Wang"
    assert GAME.presenter.action_label(s, P1, {"type": "end_turn"}) == "End turn without attacking"
    for a in GAME.rules.legal_actions(s, P1):
        assert 0 < len(GAME.presenter.action_label(s, P1, a)) <= 100
    pick = GAME.rules.new_game([P1, P2], 1)
    assert GAME.presenter.choice_label(pick, P1, "hero", "Lily") == "Lily"
    assert GAME.presenter.choice_label(pick, P1, "hero", "Ryan Kaya-Raya") == "Ryan Kaya-Raya (man)"
    assert (
        GAME.presenter.choice_note(pick, P1, "hero", "Kamsiah Cable")
        == "ABILITY: Discard 1 CARD to get a discount of 1 Juta at the KEDAI."
    )


def test_describe_event_lines():
    s = new(2)
    arrange_turn(s, P1)
    clear_hand(s, P2)
    events = GAME.rules.apply(s, P1, {"type": "attack", "target": P2})
    events += pass_all(s)  # Badrul's turn: Collecting
    lines = [GAME.presenter.event_line(e, NAMES) for e in events]
    assert "Aishah aims 1 DENGKI at Badrul!" in lines
    assert "Badrul loses 1 AIR MUKA (now 6)." in lines
    drew = [e for e in events if e["type"] == "drew"]
    assert drew and drew[0]["visible_to"] == [P2]
    assert GAME.presenter.event_line(drew[0], NAMES).startswith("You drew: ")
    assert all("cards" not in e or "visible_to" in e for e in events if e["type"] != "effect")


def test_in_response_window_and_turn_player():
    s = GAME.rules.new_game([P1, P2], 9)
    assert not GAME.rules.waiting(s).in_window and GAME.rules.waiting(s).turn == s.pick_queue[0]
    s = new(2)
    assert GAME.rules.waiting(s).in_window and GAME.rules.waiting(s).turn == s.turn.player
    pass_all(s)
    assert not GAME.rules.waiting(s).in_window


def _finish(policies, seed, n):
    ids = [P1, P2, P3, 1004, 1005, 1006][:n]
    s = GAME.rules.new_game(ids, seed, {"heroes": "deal"})
    rng = Rng.seeded(seed)
    for _ in range(20000):
        if GAME.rules.is_over(s):
            return s
        actors = sorted(GAME.rules.actors(s))
        pid = actors[rng.below(len(actors))]
        legal = GAME.rules.legal_actions(s, pid)
        action = policies[ids.index(pid)].choose(GAME.rules.view(s, pid), legal, rng)
        assert action in legal
        GAME.rules.apply(s, pid, action)
    raise AssertionError("the policies did not finish the game")


@pytest.mark.slow
def test_heuristic_policy_finishes_games_and_beats_random():
    h, r = HeuristicPolicy(), RandomPolicy()
    for seed in range(12):
        _finish([h] * (2 + seed % 5), seed, 2 + seed % 5)
    wins = 0
    for seed in range(20):
        s = _finish([h, r], seed, 2)
        wins += GAME.rules.result(s).winners == (P1,)
    assert wins >= 13
