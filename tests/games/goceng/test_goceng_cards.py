"""The card data file and the setup it drives."""

from __future__ import annotations

import copy
import tomllib
from collections import Counter
from importlib import resources

import pytest
from goceng_helpers import ALL_CARDS, GAME, card_count, new

from bot.games.goceng.cards import COLOURS, fist_fits, load_cards, parse_cards
from bot.kernel.contract import BadGameData

RAW = tomllib.loads(resources.files("bot.games.goceng").joinpath("cards.toml").read_text(encoding="utf-8"))


#: Names and objectives exactly as the rulebook prints them (../shared/rules/mat-goceng.txt, "Character").
PRINTED = {
    "mat_goceng": ("Mat Goceng", "Protect and make sure Nyi Kencleng survives the whole game."),
    "nyi_kencleng": ("Nyi Kencleng", "Be the richest player (with most coins) while surviving the whole game."),
    "rijkaard_cere": ("Rijkaard Cere", "Defeat Nyi Kencleng."),
    "wan_fulus": ("Wan Fulus", "Be the richest player while surviving the game."),
    "bang_codet": ("Bang Codet", "Defeat Mat Goceng or Baba Amsyong."),
    "baba_amsyong": ("Baba Amsyong", "Defeat Rijkaard Cere or Bang Codet."),
}


def test_the_shipped_card_set():
    cards = load_cards()
    assert {cid: (c.name, c.objective) for cid, c in cards.characters.items()} == PRINTED
    assert list(cards.characters) == list(PRINTED)
    assert sum(ALL_CARDS.values()) == 62
    ajian = Counter()
    for card in cards.skills.values():
        if card.ajian:
            ajian[card.ajian] += card.copies
    assert ajian == {"mata_menembus_sukma": 2, "tapak_bayangan": 3, "thi_tjhi_ie": 3, "kasbon": 4}
    tops = Counter(c.top for c in cards.skills.values() for _ in range(c.copies))
    assert len({tops[colour] for colour in COLOURS}) == 1  # no colour is rarer than another
    assert sum(c.copies for c in cards.skills.values() if "any" in (c.top, c.bottom)) == 6


def test_fists_match_by_colour_or_special():
    assert fist_fits("red", "red") and fist_fits("any", "blue") and fist_fits("green", "any")
    assert not fist_fits("red", "blue")


@pytest.mark.parametrize(
    "n, deck_sukma, characters",
    [
        (3, 0, {"mat_goceng", "nyi_kencleng", "rijkaard_cere"}),
        (4, 1, {"mat_goceng", "nyi_kencleng", "rijkaard_cere", "wan_fulus"}),
        (5, 1, {"mat_goceng", "nyi_kencleng", "rijkaard_cere", "wan_fulus", "bang_codet"}),
        (6, 2, {"mat_goceng", "nyi_kencleng", "rijkaard_cere", "wan_fulus", "bang_codet", "baba_amsyong"}),
    ],
)
def test_setup_by_player_count(n, deck_sukma, characters):
    s = new(n, seed=50 + n)
    assert set(s.characters.values()) == characters
    in_play = Counter(s.deck) + sum((Counter(h) for h in s.hands.values()), Counter())
    assert in_play["MMS-RY"] + in_play["MMS-GB"] == deck_sukma
    assert len(s.set_aside) == 2 - deck_sukma and card_count(s) == ALL_CARDS
    assert all(len(h) == 5 for h in s.hands.values())
    assert s.coins == {p: 5 for p in s.players} and s.stamina == {p: 3 for p in s.players}
    assert s.phase == "challenge" and s.active in s.players and s.revealed == []


def test_setup_depends_on_the_seed_only():
    a, b, c = new(5, seed=7), new(5, seed=7), new(5, seed=8)
    assert GAME.rules.state_to_json(a) == GAME.rules.state_to_json(b) != GAME.rules.state_to_json(c)


def _broken(change) -> str:
    data = copy.deepcopy(RAW)
    change(data)
    with pytest.raises(BadGameData) as info:
        parse_cards(data)
    return str(info.value)


def _skill(data, cid):
    return next(s for s in data["skill"] if s["id"] == cid)


def test_bad_data_names_the_card_and_field():
    assert parse_cards(copy.deepcopy(RAW)) == load_cards()
    msg = _broken(lambda d: _skill(d, "RY").update(top="purple"))
    assert "'RY'" in msg and "'top'" in msg
    msg = _broken(lambda d: _skill(d, "GB").update(copies=0))
    assert "'GB'" in msg and "'copies'" in msg
    msg = _broken(lambda d: _skill(d, "GB").update(copies=True))
    assert "'GB'" in msg and "'copies'" in msg
    msg = _broken(lambda d: _skill(d, "BB").pop("bottom"))
    assert "'BB'" in msg and "'bottom'" in msg
    msg = _broken(lambda d: _skill(d, "KB-RB").update(ajian="santet"))
    assert "'KB-RB'" in msg and "'ajian'" in msg
    msg = _broken(lambda d: _skill(d, "RR").update(from_players=5))
    assert "'RR'" in msg and "'from_players'" in msg
    msg = _broken(lambda d: _skill(d, "MMS-GB").update(from_players=5))
    assert "Mata Menembus Sukma" in msg and "from_players" in msg
    msg = _broken(lambda d: _skill(d, "YB").update(id="YR"))
    assert "'YR'" in msg and "'id'" in msg
    msg = _broken(lambda d: _skill(d, "RR").update(copies=3))
    assert "63" in msg
    msg = _broken(lambda d: [s.pop("ajian") for s in d["skill"] if s.get("ajian") == "kasbon"])
    assert "kasbon" in msg
    msg = _broken(lambda d: d["character"][3].update(from_players=3))
    assert "'wan_fulus'" in msg and "'from_players'" in msg
    msg = _broken(lambda d: d["character"][0].update(objective=" "))
    assert "'mat_goceng'" in msg and "'objective'" in msg
    msg = _broken(lambda d: d["character"].pop())
    assert "'baba_amsyong'" in msg
    msg = _broken(lambda d: d.pop("skill"))
    assert "[[skill]]" in msg
