"""Drama Pukul 7, normal AI: positions where one of its choices matters, and the move it should pick.

Each scenario is built by hand (cards moved into place by name) and asks the normal policy
for one move: a spouse before an Item, Juta kept for the wedding, a rival's hand stripped
before they can answer, and the hero.
"""

from __future__ import annotations

from bot.games.drama.state import player
from bot.kernel.rng import Rng
from tests.games.drama.drama_helpers import GAME, P1, P2, arrange_turn, card_id, clear_hand, give, new, set_kedai

POLICY = GAME.policies["normal"]()


def _choose(state, pid: int, seed: int = 1) -> dict:
    return POLICY.choose(GAME.rules.view(state, pid), GAME.rules.legal_actions(state, pid), Rng.seeded(seed))


def _fresh_turn(heroes: list[str]):
    """P1's Action phase with empty hands, no Members or Items, the Kedai to be set by the test."""
    s = new(2, heroes=heroes)
    arrange_turn(s, P1)
    for p in s.players:
        clear_hand(s, p.id)
    for slot in range(len(s.kedai)):
        set_kedai(s, slot, "Basikal Tua" if slot % 2 else "Telefon Lipat")
    return s


def test_recruits_a_member_it_can_marry_at_once_before_buying_an_item():
    # A married Member absorbs up to its Air Muka of every Dengki and stays: with the Juta to marry Lily now,
    # recruiting her comes before Rantai Emas 916, which would spend that Juta.
    s = _fresh_turn(["Cikgu Azman", "Inspektor Wang"])
    give(s, P1, "Gosip Kak Limah", "Jumpa Bomoh", "Menang Cabutan Bertuah")
    player(s, P1).juta = 3
    set_kedai(s, 0, "Rantai Emas 916")
    set_kedai(s, 1, "Lily")
    for seed in range(5):
        assert _choose(s, P1, seed) == {"type": "recruit", "slot": 1}


def test_keeps_the_juta_to_marry_the_member_it_holds():
    # Abang Long (3 Air Muka) costs 3 Juta to marry; with 2 it waits a turn rather than buy Jam Rolex Tiruan.
    s = _fresh_turn(["Cikgu Zura", "Inspektor Wang"])
    give(s, P1, "Abang Long", where="members")
    player(s, P1).juta = 2
    set_kedai(s, 0, "Jam Rolex Tiruan")
    assert {"type": "buy", "slot": 0} in GAME.rules.legal_actions(s, P1)
    for seed in range(5):
        assert _choose(s, P1, seed)["type"] != "buy"
    # once married, the Juta is free to spend on an Item
    player(s, P1).spouse = card_id("Abang Long")
    assert _choose(s, P1)["type"] == "buy"


def test_wang_strips_the_rivals_hand_before_the_card_they_could_answer():
    # The rival's two cards may be a Jelaskan Di Social Media for the Tampar: the ability goes first.
    s = _fresh_turn(["Inspektor Wang", "Cikgu Azman"])
    give(s, P1, "Tampar Depan Orang Ramai", "Gosip Kak Limah")
    give(s, P2, "Jelaskan Di Social Media", "Jumpa Bomoh")
    action = _choose(s, P1)
    assert action["type"] == "hero_ability" and action["target"] == P2
    assert action["discard"] == card_id("Gosip Kak Limah")  # the least useful card pays for it


def test_hero_pick_takes_inspektor_wang_on_the_male_side():
    s = GAME.rules.new_game([P1, P2], 3)
    pid = s.pick_queue[0]
    legal = GAME.rules.legal_actions(s, pid)
    assert _choose(s, pid) == {"type": "pick_hero", "hero": "Inspektor Wang"}
    assert {"type": "pick_hero", "hero": "Cikgu Azman"} in legal
