"""The card data file: the packaged set is complete, and a bad file stops with a clear message."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.engine import BadGameData
from bot.games.drama.cards import default_cards, load_cards, parse_cards

import bot.games.drama.cards as cards_module

TEXT = Path(cards_module.__file__).with_name("cards.toml").read_text(encoding="utf-8")


def test_packaged_set_has_the_printed_counts_and_named_cards():
    c = default_cards()
    assert len(c.heroes) == 8 and len(c.blue) == 64 and len(c.green) == 40
    kinds = [d.kind for d in c.blue]
    assert kinds.count("episode") + kinds.count("plot_twist") == 64 and kinds.count("plot_twist") > 0
    slots = {g.slot for g in c.green}
    assert slots == {"accessory", "building", "vehicle", "member"}
    sides = c.side_names()
    for name in ("Ryan Kaya-Raya", "Kamsiah Cable", "Inspektor Wang", "Kaya bin Raya"):
        assert name in sides
    assert sides["Ryan Kaya-Raya"][0] == sides["Kamsiah Cable"][0]
    names = {d.name for d in c.blue} | {g.name for g in c.green}
    for name in ("Pelumba Haram", "Gangster Tapi Hati Baik", "Aku Sebenarnya Polis", "Cliffhanger",
                 "Sebenarnya Semua Hanyalah Mimpi", "Jelaskan Di Social Media", "Klinik Kampung Ubi",
                 "Jamal Sado", "Dato Rashid", "Aina Mualaf", "Lily"):
        assert name in names
    g = {x.name: x for x in c.green}
    assert g["Klinik Kampung Ubi"].price == 3 and g["Klinik Kampung Ubi"].ability.kind == "reactive"
    assert g["Dato Rashid"].recruit == 2 and g["Dato Rashid"].kahwin == 2 and g["Jamal Sado"].kahwin == 2
    assert g["Aina Mualaf"].air_muka == 1 and g["Lily"].gender == "F"
    assert c.hero("ryan").ability.text.startswith("Discard 1 CARD to get a discount of 1 Juta")
    assert load_cards() is c


def test_load_from_a_path(tmp_path):
    f = tmp_path / "cards.toml"
    f.write_text(TEXT, encoding="utf-8")
    assert len(load_cards(f).blue) == 64


def broken(old: str, new: str, count: int = 1) -> str:
    assert old in TEXT, old
    return TEXT.replace(old, new, count)


@pytest.mark.parametrize("text, card, field", [
    (broken('name = "Cliffhanger"\ntype = "plot_twist"\ncopies = 4', 'name = "Cliffhanger"\ntype = "plot_twist"\ncopies = 5'),
     None, "blue deck must hold 64"),
    (broken('name = "Jumpa Bomoh"', 'name = "Pelumba Haram"'), "Pelumba Haram", "name"),
    (broken('effects = [{ kind = "extra_turn" }]', 'effects = [{ kind = "time_travel" }]'), "Pelumba Haram", "effects[0].kind"),
    (broken('conditions = ["member_in_discard"]', 'conditions = ["full_moon"]'), "Gangster Tapi Hati Baik", "conditions[0].kind"),
    (broken('copies = 2\nprice = 3\nattributes = { juta = 1 }', 'copies = 2\nprice = 99\nattributes = { juta = 1 }'),
     "Rumah Teres Dua Tingkat", "price"),
    (broken('gender = "M"\nair_muka = 2\nrecruit = 2\nkahwin = 2\nattributes = { dengki = 2 }',
            'gender = "X"\nair_muka = 2\nrecruit = 2\nkahwin = 2\nattributes = { dengki = 2 }'), "Jamal Sado", "gender"),
    (broken('air_muka = 1\nrecruit = 1\nkahwin = 2\nattributes = { draw = 1 }\n',
            'air_muka = 0\nrecruit = 1\nkahwin = 2\nattributes = { draw = 1 }\n'), "Aina Mualaf", "air_muka"),
    (broken('attributes = { action = 1, dengki = 1 }', 'attributes = { action = 1, charm = 1 }'), "Lily", "attributes"),
    (broken('text = "When DENGKI is aimed at you: turn it back on the player who aimed it."\nconditions = ["dengki_target"]',
            'text = "When DENGKI is aimed at you: turn it back on the player who aimed it."'),
     "Jelaskan Di Social Media", "conditions"),
    (broken('name = "Jumpa Bomoh"\ntype = "episode"', 'name = "Jumpa Bomoh"\ntype = "soap"'), "Jumpa Bomoh", "type"),
    (broken('text = "Draw 2 cards."\neffects = [{ kind = "draw", amount = 2 }]',
            'text = "Draw 2 cards."\neffects = [{ kind = "draw", amount = 0 }]'), "Jumpa Bomoh", "effects[0].amount"),
    (broken('text = "Cancel another player\'s EPISODE."\neffects = [{ kind = "cancel", cancels = ["episode"] }]',
            'text = "Cancel."\neffects = [{ kind = "cancel" }]'), "Saksi Palsu", "effects[0].cancels"),
    (broken('text = "+2 DENGKI this turn."\neffects = [{ kind = "bonus_dengki", amount = 2 }]',
            'text = "x"\neffects = [{ kind = "reflect_attack" }]'), "Dendam Kesumat", "effects[0].kind"),
    (broken('cost = { discard_self = true }', 'cost = { discard_self = true, juta = 9 }'), "Klinik Kampung Ubi", "ability.cost.juta"),
    (broken('sides = [{ name = "Ryan Kaya-Raya", gender = "M" }, { name = "Kamsiah Cable", gender = "F" }]',
            'sides = [{ name = "Ryan Kaya-Raya", gender = "M" }, { name = "Kamsiah Cable", gender = "M" }]'), "ryan", "sides"),
])
def test_bad_file_names_card_and_field(text, card, field):
    with pytest.raises(BadGameData) as info:
        parse_cards(text)
    msg = str(info.value)
    assert field in msg, msg
    if card:
        assert repr(card) in msg, msg


def test_not_toml_at_all():
    with pytest.raises(BadGameData, match="not valid TOML"):
        parse_cards("[[blue]\nname=")
