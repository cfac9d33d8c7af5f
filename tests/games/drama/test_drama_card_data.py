"""The card data file: the packaged set is complete, and a bad file stops with a clear message."""

from __future__ import annotations

from pathlib import Path

import pytest

import bot.games.drama.cards as cards_module
from bot.games.drama.cards import (
    CONDITIONS,
    ITEM_TYPES,
    ONE_SHOT,
    PASSIVE,
    PLOT_TWIST_ONLY,
    REACTIVE,
    Condition,
    default_cards,
    load_cards,
    parse_cards,
)
from bot.games.drama.effects import HANDLERS, condition_reason
from bot.kernel.contract import BadGameData

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
    for name in (
        "Pelumba Haram",
        "Gangster Tapi Hati Baik",
        "Aku Sebenarnya Polis",
        "Cliffhanger",
        "Sebenarnya Semua Hanyalah Mimpi",
        "Jelaskan Di Social Media",
        "Klinik Kampung Ubi",
        "Jamal Sado",
        "Dato Rashid",
        "Aina Mualaf",
        "Lily",
    ):
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


@pytest.mark.parametrize(
    "text, card, field",
    [
        (
            broken(
                'name = "Cliffhanger"\ntype = "plot_twist"\ncopies = 4',
                'name = "Cliffhanger"\ntype = "plot_twist"\ncopies = 5',
            ),
            None,
            "blue deck must hold 64",
        ),
        (broken('name = "Jumpa Bomoh"', 'name = "Pelumba Haram"'), "Pelumba Haram", "name"),
        (
            broken('effects = [{ kind = "extra_turn" }]', 'effects = [{ kind = "time_travel" }]'),
            "Pelumba Haram",
            "effects[0].kind",
        ),
        (
            broken('conditions = ["member_in_discard"]', 'conditions = ["full_moon"]'),
            "Gangster Tapi Hati Baik",
            "conditions[0].kind",
        ),
        (
            broken(
                "copies = 2\nprice = 3\nattributes = { juta = 1 }", "copies = 2\nprice = 99\nattributes = { juta = 1 }"
            ),
            "Rumah Teres Dua Tingkat",
            "price",
        ),
        (
            broken(
                'gender = "M"\nair_muka = 2\nrecruit = 2\nkahwin = 2\nattributes = { dengki = 2 }',
                'gender = "X"\nair_muka = 2\nrecruit = 2\nkahwin = 2\nattributes = { dengki = 2 }',
            ),
            "Jamal Sado",
            "gender",
        ),
        (
            broken(
                "air_muka = 1\nrecruit = 1\nkahwin = 2\nattributes = { draw = 1 }\n",
                "air_muka = 0\nrecruit = 1\nkahwin = 2\nattributes = { draw = 1 }\n",
            ),
            "Aina Mualaf",
            "air_muka",
        ),
        (
            broken("attributes = { action = 1, dengki = 1 }", "attributes = { action = 1, charm = 1 }"),
            "Lily",
            "attributes",
        ),
        (
            broken(
                'text = "When DENGKI is aimed at you: turn it back on the player who aimed it."\n'
                'conditions = ["dengki_target"]',
                'text = "When DENGKI is aimed at you: turn it back on the player who aimed it."',
            ),
            "Jelaskan Di Social Media",
            "conditions",
        ),
        (
            broken('name = "Jumpa Bomoh"\ntype = "episode"', 'name = "Jumpa Bomoh"\ntype = "soap"'),
            "Jumpa Bomoh",
            "type",
        ),
        (
            broken(
                'text = "Draw 2 cards."\neffects = [{ kind = "draw", amount = 2 }]',
                'text = "Draw 2 cards."\neffects = [{ kind = "draw", amount = 0 }]',
            ),
            "Jumpa Bomoh",
            "effects[0].amount",
        ),
        (
            broken(
                'text = "Cancel another player\'s EPISODE."\neffects = [{ kind = "cancel", cancels = ["episode"] }]',
                'text = "Cancel."\neffects = [{ kind = "cancel" }]',
            ),
            "Saksi Palsu",
            "effects[0].cancels",
        ),
        (
            broken(
                'text = "+2 DENGKI this turn."\neffects = [{ kind = "bonus_dengki", amount = 2 }]',
                'text = "x"\neffects = [{ kind = "reflect_attack" }]',
            ),
            "Dendam Kesumat",
            "effects[0].kind",
        ),
        (
            broken("cost = { discard_self = true }", "cost = { discard_self = true, juta = 9 }"),
            "Klinik Kampung Ubi",
            "ability.cost.juta",
        ),
        (
            broken(
                'sides = [{ name = "Ryan Kaya-Raya", gender = "M" }, { name = "Kamsiah Cable", gender = "F" }]',
                'sides = [{ name = "Ryan Kaya-Raya", gender = "M" }, { name = "Kamsiah Cable", gender = "M" }]',
            ),
            "ryan",
            "sides",
        ),
        (broken('name = "Kamsiah Cable"', 'name = "Lily"'), "Lily", "name"),
        (
            broken(
                'name = "Jamal Sado"\ntype = "member"\ngender = "M"',
                'name = "Jamal Sado"\ntype = "member"\ncopies = 2\ngender = "M"',
            ),
            None,
            "green deck must hold 40",
        ),
        (
            broken(
                'conditions = [{ kind = "air_muka_at_most", value = 6 }]\neffects = [{ kind = "heal", amount = 2 }]',
                'conditions = [{ kind = "air_muka_at_most", value = 9 }]\neffects = [{ kind = "heal", amount = 2 }]',
            ),
            "Balik Kampung",
            "conditions[0].value",
        ),
        (
            broken(
                'conditions = [{ kind = "air_muka_at_most", value = 6 }]\neffects = [{ kind = "heal", amount = 2 }]',
                'conditions = ["others_turn"]\neffects = [{ kind = "heal", amount = 2 }]',
            ),
            "Balik Kampung",
            "conditions",
        ),
        (
            broken(
                'name = "Lori Balak"\ntype = "item"\nitem_type = "vehicle"',
                'name = "Lori Balak"\ntype = "item"\nitem_type = "boat"',
            ),
            "Lori Balak",
            "item_type",
        ),
        (
            broken('name = "Lori Balak"\ntype = "item"', 'name = "Lori Balak"\ntype = "item"\nair_muka = 2'),
            "Lori Balak",
            "air_muka",
        ),
        (
            broken('name = "Jamal Sado"\ntype = "member"', 'name = "Jamal Sado"\ntype = "member"\nprice = 3'),
            "Jamal Sado",
            "price",
        ),
        (broken("recruit = 3\nkahwin = 3", "recruit = 9\nkahwin = 3"), "Abang Long", "recruit"),
        (
            broken(
                'copies = 2\nprice = 2\nattributes = { dengki = 1 }\n[green.ability]\nkind = "active"',
                'copies = 2\nprice = 2\nattributes = { dengki = 4 }\n[green.ability]\nkind = "active"',
            ),
            "Motor Kapcai",
            "attributes.dengki",
        ),
        (
            broken(
                'kind = "passive"\ntext = "DENGKI against you has 1 less strength."',
                'kind = "sometimes"\ntext = "DENGKI against you has 1 less strength."',
            ),
            "Cincin Batu Akik",
            "ability.kind",
        ),
        (
            broken(
                'name = "Pelumba Haram"\ntype = "episode"\ncopies = 2',
                'name = "Pelumba Haram"\ntype = "episode"\ncopies = 2\ncolour = "red"',
            ),
            "Pelumba Haram",
            "blue",
        ),
    ],
)
def test_bad_file_names_card_and_field(text, card, field):
    with pytest.raises(BadGameData) as info:
        parse_cards(text)
    msg = str(info.value)
    assert field in msg, msg
    if card:
        assert repr(card) in msg, msg


def test_a_missing_hero_is_counted():
    start = TEXT.index('[[hero]]\nkey = "laser"')
    end = TEXT.index("[[blue]]")
    with pytest.raises(BadGameData, match="the hero deck must hold 8 cards"):
        parse_cards(TEXT[:start] + TEXT[end:])


def test_not_toml_at_all():
    with pytest.raises(BadGameData, match="not valid TOML"):
        parse_cards("[[blue]\nname=")


def test_every_condition_and_effect_the_loader_accepts_is_implemented():
    """The loader's lists and the engine agree, so an edited file cannot name something that does nothing.

    Each condition is shown failing and then holding on a real table.
    """
    from tests.games.drama.drama_helpers import GAME, P1, P2, arrange_turn, clear_hand, give, new, to_discard

    s = new(2, heroes=["Ryan Kaya-Raya", "Inspektor Mei Ling"])
    arrange_turn(s, P1)
    clear_hand(s, P2)

    def holds(kind, pid=P1, value=0):
        return condition_reason(s, pid, Condition(kind, value)) is None

    assert not holds("others_turn") and holds("others_turn", P2)
    assert not holds("dengki_target", P2)
    assert not holds("member_in_discard")
    to_discard(s, "Lily")
    assert holds("member_in_discard")
    assert not holds("other_has_item")
    give(s, P2, "Jam Rolex Tiruan", where="items")
    assert holds("other_has_item")
    assert not holds("other_married") and holds("no_spouse")
    (jamal,) = give(s, P2, "Jamal Sado", where="members")
    s.players[1].spouse = jamal
    assert holds("other_married") and not holds("no_spouse", P2)
    assert not holds("air_muka_at_most", value=6)
    s.players[0].air_muka = 6
    assert holds("air_muka_at_most", value=6)
    give(s, P2, "Jumpa Bomoh")  # holding a card, P2 is asked in the Dengki window
    GAME.rules.apply(s, P1, {"type": "attack", "target": P2})
    assert s.window.kind == "dengki"
    assert holds("dengki_target", P2) and not holds("dengki_target", P1)
    tested = {
        "others_turn",
        "dengki_target",
        "member_in_discard",
        "other_has_item",
        "other_married",
        "no_spouse",
        "air_muka_at_most",
    }
    assert tested == set(CONDITIONS)
    assert set(HANDLERS) == set(ONE_SHOT) | set(REACTIVE)
    assert PLOT_TWIST_ONLY <= set(ONE_SHOT)
    import inspect

    from bot.games.drama import combat, shop

    engine_text = inspect.getsource(combat) + inspect.getsource(shop)
    for kind in PASSIVE:  # passive effects are read where they apply, by name
        assert f'"{kind}"' in engine_text, kind


def test_every_mechanism_of_the_rulebook_is_used_by_some_card():
    c = default_cards()
    items = [g for g in c.green if g.kind == "item"]
    members = [g for g in c.green if g.kind == "member"]
    assert {g.slot for g in items} == set(ITEM_TYPES)
    assert {g.ability.kind for g in items} >= {"passive", "active", "reactive"}
    assert {g.ability.kind for g in members} >= {"passive", "active", "reactive"}
    assert {g.gender for g in members} == {"M", "F"}
    assert len({g.kahwin for g in members}) > 1 and len({g.recruit for g in members}) > 1  # printed costs vary
    used_conditions = {x.kind for d in c.blue for x in d.conditions}
    used_conditions |= {x.kind for g in c.green for x in g.ability.conditions}
    used_conditions |= {x.kind for h in c.heroes for x in h.ability.conditions}
    assert used_conditions == set(CONDITIONS)
    costs = [g.ability.cost for g in c.green] + [h.ability.cost for h in c.heroes]
    assert any(x.discard for x in costs) and any(x.juta for x in costs) and any(x.discard_self for x in costs)
    kinds = {d.kind for d in c.blue}
    assert kinds == {"episode", "plot_twist"}
    assert any(d.conditions for d in c.blue if d.kind == "episode") and any(
        d.conditions for d in c.blue if d.kind == "plot_twist"
    )
    cancels = {k for d in c.blue for e in d.effects if e.kind == "cancel" for k in e.cancels}
    assert cancels == {"episode", "plot_twist", "ability"}
    assert all(sum(g.attrs) > 0 or g.ability.kind != "none" for g in c.green), "a card that does nothing"
