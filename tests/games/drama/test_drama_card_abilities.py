"""Every hero ABILITY and every Item or Member ABILITY does what its card says."""

from __future__ import annotations

import pytest

from bot.games.drama.cards import ATTRS
from bot.games.drama.state import CARDS, attributes, player
from bot.kernel.contract import IllegalAction
from tests.games.drama.drama_helpers import (
    GAME,
    P1,
    P2,
    arrange_turn,
    card_id,
    clear_hand,
    give,
    new,
    pass_all,
    set_kedai,
)


def ready(n=2, heroes=None):
    """A fresh table at P1's Action phase with every hand empty."""
    s = new(n, heroes=heroes)
    arrange_turn(s, P1)
    for p in s.players:
        clear_hand(s, p.id)
    return s


def play(s, pid, name, **params):
    events = GAME.rules.apply(s, pid, dict({"type": "play", "card": card_id(name)}, **params))
    return events + pass_all(s)


# --- hero abilities ---------------------------------------------------------------------------


def hero_turn(hero):
    s = ready(heroes=[hero, "Inspektor Wang" if hero != "Inspektor Wang" else "Ryan Kaya-Raya"])
    give(s, P1, "Jumpa Bomoh", "Cliffhanger")
    return s, player(s, P1)


def test_inspektor_wang_makes_a_player_discard_two_random_cards():
    s, me = hero_turn("Inspektor Wang")
    give(s, P2, "Lily", "Jumpa Bomoh", "Pelumba Haram")
    GAME.rules.apply(s, P1, {"type": "hero_ability", "target": P2, "discard": card_id("Cliffhanger")})
    pass_all(s)
    assert len(player(s, P2).hand) == 1 and card_id("Cliffhanger") in s.blue_discard


def test_anak_tiri_kaki_curi_takes_a_random_card():
    s = ready()
    give(s, P1, "Anak Tiri Kaki Curi")
    give(s, P2, "Lily")
    events = play(s, P1, "Anak Tiri Kaki Curi", target=P2)
    assert player(s, P1).hand == [card_id("Lily")] and player(s, P2).hand == []
    private = [e for e in events if e["type"] == "stolen"]
    assert private and private[0]["visible_to"] == [P1, P2]


def test_kaya_bin_raya_pays_two_to_draw_two():
    s, me = hero_turn("Kaya bin Raya")
    me.juta = 1
    assert not [a for a in GAME.rules.legal_actions(s, P1) if a["type"] == "hero_ability"]
    me.juta = 2
    s.bank -= 1
    GAME.rules.apply(s, P1, {"type": "hero_ability"})
    pass_all(s)
    assert me.juta == 0 and len(me.hand) == 4


def test_ustazah_salmah_pays_to_heal():
    s, me = hero_turn("Ustazah Salmah")
    assert not [a for a in GAME.rules.legal_actions(s, P1) if a["type"] == "hero_ability"]
    me.air_muka = 4
    juta = me.juta
    GAME.rules.apply(s, P1, {"type": "hero_ability"})
    pass_all(s)
    assert me.air_muka == 5 and me.juta == juta - 1


def test_datin_rozita_takes_a_juta():
    s, me = hero_turn("Datin Rozita")
    player(s, P2).juta = 2
    s.bank -= 1
    juta = me.juta
    GAME.rules.apply(s, P1, {"type": "hero_ability", "target": P2, "discard": card_id("Cliffhanger")})
    pass_all(s)
    assert me.juta == juta + 1 and player(s, P2).juta == 1


def test_mat_rempit_and_cikgu_bonuses():
    s, me = hero_turn("Mat Rempit")
    GAME.rules.apply(s, P1, {"type": "hero_ability", "discard": card_id("Cliffhanger")})
    pass_all(s)
    assert attributes(s, me)["dengki"] == 3
    s, me = hero_turn("Cikgu Zura")
    GAME.rules.apply(s, P1, {"type": "hero_ability", "discard": card_id("Cliffhanger")})
    pass_all(s)
    assert attributes(s, me)["action"] == 2 and len(me.hand) == 2


def test_mak_jah_mulut_laser_pays_for_a_loss_no_member_shields():
    s, me = hero_turn("Mak Jah Mulut Laser")
    me.juta = 0
    s.bank += 1
    with pytest.raises(IllegalAction, match="costs 1 Juta"):
        GAME.rules.apply(s, P1, {"type": "hero_ability", "target": P2})
    me.juta = 1
    s.bank -= 1
    give(s, P2, "Jamal Sado", where="members")
    GAME.rules.apply(s, P1, {"type": "hero_ability", "target": P2})
    pass_all(s)
    assert player(s, P2).air_muka == 6 and me.juta == 0


def test_ryan_kaya_raya_discount_is_cancellable():
    s, me = hero_turn("Ryan Kaya-Raya")
    give(s, P2, "Sebenarnya Semua Hanyalah Mimpi")
    GAME.rules.apply(s, P1, {"type": "hero_ability", "discard": card_id("Cliffhanger")})
    GAME.rules.apply(s, P2, {"type": "play", "card": card_id("Sebenarnya Semua Hanyalah Mimpi"), "entry": 0})
    pass_all(s)
    assert s.turn.discount == 0 and s.turn.hero_used


# --- Item and Member abilities -----------------------------------------------------------------


def test_active_item_abilities():
    s = ready()
    me = player(s, P1)
    give(s, P1, "Jumpa Bomoh", "Cliffhanger", "Pelumba Haram")
    runcit, surau, kapcai = give(s, P1, "Kedai Runcit Pak Mat", "Surau Kampung", "Motor Kapcai", where="items")
    me.air_muka = 5
    juta = me.juta
    GAME.rules.apply(s, P1, {"type": "use", "card": runcit, "discard": card_id("Jumpa Bomoh")})
    pass_all(s)
    GAME.rules.apply(s, P1, {"type": "use", "card": surau, "discard": card_id("Cliffhanger")})
    pass_all(s)
    GAME.rules.apply(s, P1, {"type": "use", "card": kapcai, "discard": card_id("Pelumba Haram")})
    pass_all(s)
    assert me.juta == juta + 1 and me.air_muka == 6 and attributes(s, me)["dengki"] == 3


def test_van_nasi_lemak_and_married_mira():
    s = ready(heroes=["Ryan Kaya-Raya", "Inspektor Wang"])
    me = player(s, P1)
    (van,) = give(s, P1, "Van Nasi Lemak", where="items")
    (mira,) = give(s, P1, "Mira Influencer", where="members")
    me.juta = 3
    s.bank -= 2
    with pytest.raises(IllegalAction, match="only once you KAHWIN"):
        GAME.rules.apply(s, P1, {"type": "use", "card": mira})
    me.spouse = mira
    GAME.rules.apply(s, P1, {"type": "use", "card": van})
    pass_all(s)
    GAME.rules.apply(s, P1, {"type": "use", "card": mira})
    pass_all(s)
    assert me.juta == 0 and len(me.hand) == 4


def test_married_siti_heals():
    s = ready(heroes=["Ryan Kaya-Raya", "Inspektor Wang"])
    me = player(s, P1)
    (siti,) = give(s, P1, "Siti Tukang Masak", where="members")
    me.spouse = siti
    give(s, P1, "Jumpa Bomoh")
    me.air_muka = 2
    GAME.rules.apply(s, P1, {"type": "use", "card": siti, "discard": card_id("Jumpa Bomoh")})
    pass_all(s)
    assert me.air_muka == 3


def test_married_abang_long_reduces_dengki_and_haji_bakhil_cheapens_recruiting():
    s = ready(heroes=["Ryan Kaya-Raya", "Inspektor Mei Ling"])
    (long_,) = give(s, P2, "Abang Long", where="members")
    player(s, P2).spouse = long_
    s.turn.bonus_dengki = 4  # 5 - 1 = 4; Abang Long absorbs 3 and stays; hero loses 1
    GAME.rules.apply(s, P1, {"type": "attack", "target": P2})
    pass_all(s)
    assert player(s, P2).air_muka == 6 and player(s, P2).members == [long_]
    s = ready(heroes=["Kamsiah Cable", "Inspektor Wang"])
    (bakhil,) = give(s, P1, "Haji Bakhil", where="members")
    player(s, P1).spouse = bakhil
    set_kedai(s, 0, "Siti Tukang Masak")  # recruit 1 - 1 = 0
    GAME.rules.apply(s, P1, {"type": "recruit", "slot": 0})
    assert card_id("Siti Tukang Masak") in player(s, P1).members


def test_cermin_mata_hitam_and_ah_chong_reduce_a_loss():
    s = ready(heroes=["Ryan Kaya-Raya", "Inspektor Mei Ling"])
    them = player(s, P2)
    (cermin,) = give(s, P2, "Cermin Mata Hitam", where="items")
    (chong,) = give(s, P2, "Ah Chong Kawan Baik", where="members")
    them.spouse = chong
    them.juta = 1
    s.bank -= 1
    (card,) = give(s, P2, "Jumpa Bomoh")
    s.turn.bonus_dengki = 4  # 5: Ah Chong absorbs 2 and stays, 3 would come off the hero
    GAME.rules.apply(s, P1, {"type": "attack", "target": P2})
    GAME.rules.apply(s, P2, {"type": "pass"})
    assert s.choice.kind == "react"
    assert GAME.rules.legal_actions(s, P2) == [
        {"type": "react", "card": cermin},
        {"type": "react", "card": chong, "discard": card},
        {"type": "decline"},
    ]
    GAME.rules.apply(s, P2, {"type": "react", "card": cermin})
    pass_all(s)
    assert s.choice.kind == "react"  # Ah Chong can still lessen what is left
    assert them.juta == 0  # Cermin Mata Hitam cost 1 Juta
    events = GAME.rules.apply(s, P2, {"type": "react", "card": chong, "discard": card})
    assert them.air_muka == 6 and card not in them.hand  # 3 - 1 - 1
    assert [e["amount"] for e in events if e["type"] == "air_muka"] == [-1]


def test_every_green_card_gives_its_attributes_in_play():
    s = ready(heroes=["Ryan Kaya-Raya", "Inspektor Wang"])
    me = player(s, P1)
    for cid in range(64, 104):
        g = CARDS.g(cid)
        me.items, me.members, me.spouse = [], [], None
        if g.kind == "item":
            me.items.append(cid)
        else:
            me.members.append(cid)
            assert attributes(s, me) == {a: 1 for a in ATTRS}  # unmarried: shield only
            me.spouse = cid
        a = attributes(s, me)
        assert [a[k] for k in ATTRS] == [1 + v for v in g.attrs], g.name
