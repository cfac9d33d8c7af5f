"""Every Episode and Plot Twist does what its text says, and every card of the set has a scenario somewhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.drama.cards import ONE_SHOT, PASSIVE, REACTIVE
from bot.games.drama.effects import HANDLERS
from bot.games.drama.state import CARDS, attributes, player
from bot.kernel.contract import IllegalAction
from tests.games.drama.drama_helpers import (
    GAME,
    P1,
    P2,
    P3,
    arrange_turn,
    card_id,
    clear_hand,
    give,
    new,
    pass_all,
    set_kedai,
    to_discard,
)


def ready(n=2, heroes=None, empty_hands=True):
    s = new(n, heroes=heroes)
    arrange_turn(s, P1)
    if empty_hands:
        for p in s.players:
            clear_hand(s, p.id)
    return s


def play(s, pid, name, **params):
    events = GAME.rules.apply(s, pid, dict({"type": "play", "card": card_id(name)}, **params))
    return events + pass_all(s)


# --- Episodes ------------------------------------------------------------------------------


def test_gangster_tapi_hati_baik_needs_a_member_in_discard_and_brings_one_back():
    s = ready()
    give(s, P1, "Gangster Tapi Hati Baik")
    with pytest.raises(IllegalAction, match="no MEMBER in the Deck Hijau discard"):
        play(s, P1, "Gangster Tapi Hati Baik", pick=card_id("Lily"))
    lily = to_discard(s, "Lily")
    assert GAME.rules.legal_actions(s, P1)[0] == {
        "type": "play",
        "card": card_id("Gangster Tapi Hati Baik"),
        "pick": lily,
    }
    play(s, P1, "Gangster Tapi Hati Baik", pick=lily)
    assert lily in player(s, P1).members


def test_gangster_over_the_member_limit_asks_which_card_goes_to_hand():
    s = ready()
    a, b = give(s, P1, "Jamal Sado", "Aina Mualaf", where="members")
    give(s, P1, "Gangster Tapi Hati Baik")
    lily = to_discard(s, "Lily")
    GAME.rules.apply(s, P1, {"type": "play", "card": card_id("Gangster Tapi Hati Baik"), "pick": lily})
    assert s.choice.kind == "to_hand" and GAME.rules.actors(s) == {P1}
    assert GAME.rules.timeout_action(s, P1) == {"type": "to_hand", "card": lily}
    GAME.rules.apply(s, P1, {"type": "to_hand", "card": a})
    assert player(s, P1).members == [b, lily] and a in player(s, P1).hand


def test_menang_cabutan_bertuah_and_dapat_duit_raya():
    s = ready()
    me = player(s, P1)
    give(s, P1, "Menang Cabutan Bertuah", "Dapat Duit Raya")
    s.turn.bonus_action = 1
    juta = me.juta
    play(s, P1, "Menang Cabutan Bertuah")
    assert me.juta == juta + 2
    play(s, P1, "Dapat Duit Raya")
    assert me.juta == juta + 3 and len(me.hand) == 1


def test_empty_bank_pays_what_it_has():
    s = ready()
    me = player(s, P1)
    give(s, P1, "Menang Cabutan Bertuah")
    other = player(s, P2)
    other.juta += s.bank - 1
    s.bank = 1
    juta = me.juta
    play(s, P1, "Menang Cabutan Bertuah")
    assert me.juta == juta + 1 and s.bank == 0


def test_jumpa_bomoh_draws_two():
    s = ready()
    give(s, P1, "Jumpa Bomoh")
    play(s, P1, "Jumpa Bomoh")
    assert len(player(s, P1).hand) == 2


def test_balik_kampung_condition():
    s = ready()
    give(s, P1, "Balik Kampung")
    with pytest.raises(IllegalAction, match="6 AIR MUKA or less"):
        play(s, P1, "Balik Kampung")
    player(s, P1).air_muka = 3
    play(s, P1, "Balik Kampung")
    assert player(s, P1).air_muka == 5


def test_tampar_depan_orang_ramai_is_dengki_that_members_shield():
    s = ready()
    give(s, P2, "Aina Mualaf", where="members")
    give(s, P1, "Tampar Depan Orang Ramai")
    play(s, P1, "Tampar Depan Orang Ramai", target=P2)
    assert player(s, P2).air_muka == 6 and player(s, P2).members == []
    assert s.turn.player == P1 and s.phase == "action"  # not the attack: the turn goes on


def test_rampas_harta_pusaka_and_hutang_keliling_pinggang():
    s = ready()
    give(s, P1, "Rampas Harta Pusaka")
    player(s, P2).juta = 0
    assert not [a for a in GAME.rules.legal_actions(s, P1) if a["type"] == "play"]
    with pytest.raises(IllegalAction, match="has no Juta"):
        play(s, P1, "Rampas Harta Pusaka", target=P2)
    player(s, P2).juta = 3
    s.bank -= 3
    play(s, P1, "Rampas Harta Pusaka", target=P2)
    assert player(s, P2).juta == 1
    give(s, P2, "Hutang Keliling Pinggang")
    give(s, P1, "Jumpa Bomoh")
    s.turn.bonus_action = 1
    GAME.rules.apply(s, P1, {"type": "play", "card": card_id("Jumpa Bomoh")})
    GAME.rules.apply(s, P2, {"type": "play", "card": card_id("Hutang Keliling Pinggang"), "target": P1})
    pass_all(s)
    assert player(s, P2).juta == 2


def test_kahwin_lari_marries_for_free():
    s = ready(heroes=["Ryan Kaya-Raya", "Inspektor Wang"])
    jamal, lily = give(s, P1, "Jamal Sado", "Lily", where="members")
    give(s, P1, "Kahwin Lari")
    legal = [a for a in GAME.rules.legal_actions(s, P1) if a["type"] == "play"]
    assert legal == [{"type": "play", "card": card_id("Kahwin Lari"), "pick": lily}]
    player(s, P1).juta = 0
    play(s, P1, "Kahwin Lari", pick=lily)
    assert player(s, P1).spouse == lily


def test_minta_sedekah_raya_every_other_player_gives_one():
    s = ready(3)
    player(s, P2).juta, player(s, P3).juta = 2, 0
    give(s, P1, "Minta Sedekah Raya")
    juta = player(s, P1).juta
    play(s, P1, "Minta Sedekah Raya")
    assert player(s, P1).juta == juta + 1 and player(s, P2).juta == 1 and player(s, P3).juta == 0


def test_jualan_murah_discounts_the_next_item():
    s = ready()
    give(s, P1, "Jualan Murah Tengah Malam")
    play(s, P1, "Jualan Murah Tengah Malam")
    set_kedai(s, 0, "Lori Balak")
    player(s, P1).juta = 2
    GAME.rules.apply(s, P1, {"type": "buy", "slot": 0})
    assert player(s, P1).juta == 0 and s.turn.discount == 0


def test_tiba_tiba_rajin_and_dendam_kesumat():
    s = ready()
    give(s, P1, "Tiba-Tiba Rajin", "Dendam Kesumat")
    play(s, P1, "Tiba-Tiba Rajin")
    assert attributes(s, player(s, P1))["action"] == 2 and len(player(s, P1).hand) == 2
    play(s, P1, "Dendam Kesumat")
    assert attributes(s, player(s, P1))["dengki"] == 3
    GAME.rules.apply(s, P1, {"type": "attack", "target": P2})
    pass_all(s)
    assert player(s, P2).air_muka == 4


def test_gosip_kak_limah_discards_a_random_card():
    s = ready()
    give(s, P2, "Jumpa Bomoh", "Cliffhanger")
    give(s, P1, "Gosip Kak Limah")
    play(s, P1, "Gosip Kak Limah", target=P2)
    assert len(player(s, P2).hand) == 1


# --- Plot Twists ----------------------------------------------------------------------------


def test_aku_sebenarnya_polis_needs_an_item_to_steal():
    s = ready()
    give(s, P1, "Aku Sebenarnya Polis")
    with pytest.raises(IllegalAction, match="No other player has an ITEM"):
        play(s, P1, "Aku Sebenarnya Polis", target=P2, pick=0)
    (rolex,) = give(s, P2, "Jam Rolex Tiruan", where="items")
    play(s, P1, "Aku Sebenarnya Polis", target=P2, pick=rolex)
    assert player(s, P1).items == [rolex] and player(s, P2).items == []


def test_pengsan_tiba_tiba_weakens_dengki():
    s = ready()
    give(s, P2, "Pengsan Tiba-Tiba")
    s.turn.bonus_dengki = 2
    GAME.rules.apply(s, P1, {"type": "attack", "target": P2})
    GAME.rules.apply(s, P2, {"type": "play", "card": card_id("Pengsan Tiba-Tiba")})
    pass_all(s)
    assert player(s, P2).air_muka == 6


def test_cerai_talak_tiga_discards_a_spouse():
    s = ready(heroes=["Ryan Kaya-Raya", "Inspektor Wang"])
    give(s, P1, "Cerai Talak Tiga")
    with pytest.raises(IllegalAction, match="No other player is married"):
        play(s, P1, "Cerai Talak Tiga", target=P2)
    (aina,) = give(s, P2, "Aina Mualaf", where="members")
    player(s, P2).spouse = aina
    play(s, P1, "Cerai Talak Tiga", target=P2)
    assert player(s, P2).spouse is None and aina in s.green_discard


def test_anak_luar_nikah_muncul_skips_members():
    s = ready()
    give(s, P2, "Jamal Sado", where="members")
    give(s, P1, "Anak Luar Nikah Muncul")
    play(s, P1, "Anak Luar Nikah Muncul", target=P2)
    assert player(s, P2).air_muka == 6 and len(player(s, P2).members) == 1


def test_kena_pukau_costs_the_turn_player_an_action():
    s = ready()
    give(s, P1, "Jumpa Bomoh")
    give(s, P2, "Kena Pukau")
    s.turn.bonus_action = 1
    GAME.rules.apply(s, P1, {"type": "play", "card": card_id("Jumpa Bomoh")})
    GAME.rules.apply(s, P2, {"type": "play", "card": card_id("Kena Pukau")})
    pass_all(s)
    assert s.turn.actions_used == 2 and not [a for a in GAME.rules.legal_actions(s, P1) if a["type"] == "play"]
    arrange_turn(s, P2)
    give(s, P2, "Kena Pukau")
    with pytest.raises(IllegalAction, match="another player's turn"):
        play(s, P2, "Kena Pukau")


def test_rupanya_kembar_only_cancels_plot_twists_and_saksi_palsu_only_episodes():
    s = ready()
    give(s, P1, "Jumpa Bomoh")
    give(s, P2, "Rupanya Kembar!", "Saksi Palsu")
    GAME.rules.apply(s, P1, {"type": "play", "card": card_id("Jumpa Bomoh")})
    plays = [a for a in GAME.rules.legal_actions(s, P2) if a["type"] == "play"]
    assert plays == [{"type": "play", "card": card_id("Saksi Palsu"), "entry": 0}]


# --- coverage of the set ------------------------------------------------------------------------


def test_every_effect_kind_is_implemented_and_used():
    catalog = set(ONE_SHOT) | set(PASSIVE) | set(REACTIVE)
    assert set(HANDLERS) >= catalog - set(PASSIVE)
    used = set()
    for d in CARDS.blue:
        used |= {e.kind for e in d.effects}
    for g in CARDS.green:
        used |= {e.kind for e in g.ability.effects}
    for h in CARDS.heroes:
        used |= {e.kind for e in h.ability.effects}
    assert used == catalog


def test_every_card_and_hero_has_a_scenario_here_or_in_the_rules_tests():
    here = "".join(f.read_text() for f in Path(__file__).parent.glob("test_drama_*.py"))
    names = {d.name for d in CARDS.blue} | {g.name for g in CARDS.green if g.ability.kind != "none"}
    missing = sorted(n for n in names if f'"{n}"' not in here)
    missing += [h.key for h in CARDS.heroes if not any(f'"{side}"' in here for side, _g in h.sides)]
    assert not missing, missing
