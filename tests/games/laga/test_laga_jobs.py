"""Every Job ability, one scenario each (ring: kerja, nongkrong, training, lowongan, impian, stasiun)."""

from tests.games.laga.laga_helpers import (
    G,
    act,
    dreams,
    end_turn,
    have,
    job,
    kinds,
    open_news,
    pending,
    res,
    setup,
    sow,
    take,
    top,
    types,
)


def test_ondel_ondel_chooses_the_salary_mix():
    s = setup()
    job(s, 2, "Ondel-Ondel")
    end_turn(s)
    assert pending(s) == "gain" and len(G.rules.legal_actions(s, 2)) == 6
    take(s, 2, pride=1, skill=1)
    assert have(s, 2) == (0, 1, 1)


def test_bencong_gains_pride_when_fined():
    s = setup(tokens=[1, 4, 0, 3, 0, 0])
    job(s, 1, "Bencong")
    sow(s, 1, "kerja", "cw")
    assert s.player(1).face_down and have(s, 1) == (0, 3 + 2, 0)


def test_kerak_telor_peddler_once_per_turn_on_news_rewards():
    s = setup()
    job(s, 2, "Kerak Telor Peddler")
    job(s, 3, "Bencong")
    open_news(s, "Pekan Raya Jakarta")  # rewards players 2 and 3 (Level 1)
    take(s, 2, coin=2)
    take(s, 3, coin=2)
    assert G.rules.actors(s) == frozenset({2}) and s.tasks[-1].data["reason"] == "Jakarta's Specialty"
    take(s, 2, skill=1)
    assert have(s, 2) == (2, 0, 1) and pending(s) == "pre"


def test_joki_3_in_1_earns_when_another_player_moves_exactly_3():
    s = setup(tokens=[3, 1, 1, 1, 1, 1])
    job(s, 2, "Joki 3 in 1")
    sow(s, 1, "kerja", "cw")
    assert have(s, 2) == (1, 0, 0)
    s = setup(tokens=[3, 1, 1, 1, 1, 1])
    job(s, 1, "Joki 3 in 1")
    sow(s, 1, "kerja", "cw")  # own move: nothing
    assert have(s, 1)[0] == 0
    s = setup(tokens=[2, 2, 1, 1, 1, 1])
    job(s, 2, "Joki 3 in 1")
    sow(s, 1, "kerja", "cw")  # 2 tokens: nothing
    assert have(s, 2) == (0, 0, 0)


def test_a_face_down_job_has_no_ability():
    s = setup(tokens=[3, 1, 1, 1, 1, 1])
    job(s, 2, "Joki 3 in 1")
    s.player(2).face_down = True
    sow(s, 1, "kerja", "cw")
    assert have(s, 2) == (0, 0, 0)


def test_odong_odong_earns_when_another_player_lands_on_jobs_or_dreams():
    s = setup(tokens=[0, 0, 1, 3, 2, 2])
    job(s, 2, "Odong-Odong")
    sow(s, 1, "training", "cw")  # lands Lowongan
    assert have(s, 2) == (0, 0, 1)


def test_umbrella_ojek_may_choose_to_ignore_monetary_crisis():
    for choice, paid in (("ignore", (2, 0, 0)), ("accept", (0, 0, 0))):
        s = setup()
        job(s, 1, "Umbrella Ojek")
        open_news(s, "Monetary Crisis")
        assert pending(s) == "news_choice"  # asked before the salary it decides
        act(s, 1, {"type": "news", "choice": choice})
        assert have(s, 1) == paid


def test_birthday_clown_transforms_into_one_type_before_moving():
    s = setup()
    job(s, 1, "Birthday Clown")
    res(s, 1, coin=3, pride=1)
    act(s, 1, {"type": "transform", "from": "coin", "to": "skill", "amount": 2})
    assert have(s, 1) == (1, 1, 2)
    transforms = [a for a in G.rules.legal_actions(s, 1) if a["type"] == "transform"]
    assert {a["to"] for a in transforms} == {"skill"}
    act(s, 1, {"type": "transform", "from": "pride", "to": "skill", "amount": 1})
    sow(s, 1, "kerja", "cw")
    assert "transform" not in types(s, 1)


def test_pak_ogah_earns_when_a_neighbour_moves_counter_clockwise():
    s = setup(n=4)
    job(s, 2, "Pak Ogah")
    sow(s, 1, "kerja", "ccw")
    assert have(s, 2) == (1, 0, 0)
    s = setup(n=4, turn=3)
    job(s, 2, "Pak Ogah")
    sow(s, 4, "kerja", "ccw")  # seat 4 is not next to seat 2
    assert have(s, 2) == (0, 0, 0)
    s = setup(n=4)
    job(s, 2, "Pak Ogah")
    sow(s, 1, "kerja", "cw")
    assert have(s, 2) == (0, 0, 0)


def test_traffic_police_cannot_be_fined_and_profits_from_fines():
    s = setup(tokens=[1, 4, 0, 3, 0, 0])
    job(s, 1, "Traffic Police")
    events = sow(s, 1, "kerja", "cw")
    assert not s.player(1).face_down and kinds(events, "fine_blocked") and max(s.tokens) <= 4
    s = setup(tokens=[1, 4, 0, 3, 0, 0])
    job(s, 2, "Traffic Police")
    sow(s, 1, "kerja", "cw")
    assert s.player(1).face_down and G.rules.actors(s) == frozenset({2})
    take(s, 2, skill=1)
    assert have(s, 2) == (0, 0, 1)


def test_satpol_pp_raids_a_player_without_an_uncompleted_dream():
    s = setup()
    job(s, 1, "Satpol PP")
    dreams(s, 2, held=("Homecoming",))
    raids = [a for a in G.rules.legal_actions(s, 1) if a["type"] == "raid"]
    assert raids == [{"type": "raid", "target": 3}]
    act(s, 1, raids[0])
    assert s.player(3).face_down and "raid" not in types(s, 1)


def test_dolphin_trainer_jumps_one_tile():
    s = setup(tokens=[2, 2, 1, 1, 1, 1])
    job(s, 1, "Dolphin Trainer")
    jumps = {
        a["jump"]
        for a in G.rules.legal_actions(s, 1)
        if a["type"] == "sow" and a["tile"] == "kerja" and a["direction"] == "cw"
    }
    assert jumps == {"none", "nongkrong", "training"}
    events = sow(s, 1, "kerja", "cw", jump="nongkrong")
    assert s.tokens == [0, 2, 2, 2, 1, 1] and kinds(events, "move")[0]["landing"] == "lowongan"


def test_busway_driver_may_activate_a_neighbouring_tile_instead():
    s = setup(tokens=[1, 0, 2, 1, 2, 2])
    job(s, 1, "Busway Driver")
    sow(s, 1, "kerja", "cw")  # lands Nongkrong; neighbours: Kerja (now empty), Training (2)
    assert G.rules.legal_actions(s, 1) == [
        {"type": "activate", "tile": "nongkrong"},
        {"type": "activate", "tile": "training"},
    ]
    assert G.presenter.choice_note(s, 1, "tile", "training") == "2 tokens: get 2 Skill"
    act(s, 1, {"type": "activate", "tile": "training"})
    assert have(s, 1) == (0, 0, 2)


def test_provocator_cannot_be_targeted():
    s = setup(turn=2)  # player 3 is the MLM Agent
    job(s, 2, "Provocator")
    res(s, 1, coin=2)
    res(s, 2, coin=2)
    assert [a["target"] for a in G.rules.legal_actions(s, 3) if a["type"] == "call"] == [1]


def test_paid_audience_looks_at_one_extra_card():
    s = setup(tokens=[0, 0, 1, 1, 3, 3])
    job(s, 1, "Paid Audience")
    events = sow(s, 1, "training", "cw")  # Lowongan with 2
    assert len(kinds(events, "see")[0]["cards"]) == 3


def test_vermak_lepis_pays_two_coins_less():
    s = setup(tokens=[0, 0, 1, 3, 2, 2])
    job(s, 1, "Vermak Lepis")
    res(s, 1, coin=1, skill=3)
    top(s, "job", "Satpol PP")
    sow(s, 1, "training", "cw")
    hires = [a for a in G.rules.legal_actions(s, 1) if a["type"] == "hire" and a["card"] == "Satpol PP"]
    assert hires == [
        {
            "pick": "hire:Satpol PP",
            "type": "hire",
            "card": "Satpol PP",
            "paying": "1:0:3",
            "coin": 1,
            "pride": 0,
            "skill": 3,
        }
    ]
    events = act(s, 1, hires[0])  # the "may" is taken automatically, and announced
    assert kinds(events, "pay")[0]["reason"] == "changing Job to Satpol PP, less Patchwork"
    assert have(s, 1) == (0, 0, 0) and s.player(1).jobs[-1] == "Satpol PP"


def test_bajaj_driver_earns_when_another_player_lands_on_stasiun():
    s = setup(tokens=[1, 0, 0, 3, 2, 2])
    job(s, 2, "Bajaj Driver")
    sow(s, 1, "kerja", "ccw")
    assert G.rules.actors(s) == frozenset({2}) and not G.rules.waiting(s).in_window  # a choice of theirs, no window
    take(s, 2, coin=1)
    assert have(s, 2) == (1, 0, 0)


def test_tenabang_thug_collects_the_stasiun_payment():
    s = setup(tokens=[1, 0, 0, 3, 2, 2])
    job(s, 2, "Tenabang Thug")
    res(s, 1, pride=2)
    sow(s, 1, "kerja", "ccw")
    act(s, 1, {"type": "copy", "tile": "kerja", "pay": "pride"})
    assert have(s, 2) == (0, 1, 0) and have(s, 1) == (2, 1, 0)


def test_ngo_jek_driver_gps_moves_a_lone_token_anywhere():
    s = setup(tokens=[2, 2, 1, 1, 1, 1])
    job(s, 1, "Ngo-Jek Driver")
    gps = [a for a in G.rules.legal_actions(s, 1) if a["type"] == "gps"]
    assert {a["tile"] for a in gps} == {"training", "lowongan", "impian", "stasiun"} and len(gps) == 20
    events = act(s, 1, {"type": "gps", "tile": "training", "to": "kerja"})
    assert s.tokens == [3, 2, 0, 1, 1, 1] and have(s, 1) == (2, 0, 0)
    assert kinds(events, "move")[0]["count"] == 1


def test_board_game_designer_swaps_two_tiles_once_per_round():
    s = setup(tokens=[2, 2, 1, 1, 1, 1])
    job(s, 1, "Board Game Designer")
    act(s, 1, {"type": "swap", "tile": "kerja", "with": "impian"})
    assert s.ring[0] == "impian" and s.ring[4] == "kerja" and s.tokens == [1, 2, 1, 1, 2, 1]
    assert "swap" not in types(s, 1)


def test_employee_buries_an_uncompleted_dream():
    s = setup()
    dreams(s, 1, held=("Homecoming",))
    events = act(s, 1, {"type": "bury", "card": "Homecoming"})
    assert s.player(1).dreams == [] and s.dream_deck[-1] == "Homecoming"
    assert "Homecoming" not in str(events) and "bury" not in types(s, 1)


def test_mlm_agent_makes_a_player_lose_a_coin():
    s = setup(turn=2)
    res(s, 1, coin=1)
    assert [a["target"] for a in G.rules.legal_actions(s, 3) if a["type"] == "call"] == [1]
    act(s, 3, {"type": "call", "target": 1})
    assert have(s, 1) == (0, 0, 0) and have(s, 3) == (0, 0, 0)


def test_civil_servant_earns_when_another_player_lands_on_lowongan():
    s = setup(tokens=[0, 0, 1, 3, 2, 2])
    job(s, 2, "Civil Servant")
    sow(s, 1, "training", "cw")
    take(s, 2, pride=1)
    assert have(s, 2) == (0, 1, 0)


def test_dangdut_singer_may_take_coins_instead_of_salary():
    s = setup()
    job(s, 1, "Bencong")
    job(s, 2, "Dangdut Singer")
    res(s, 1, coin=2)
    end_turn(s)
    assert pending(s) == "salary_choice"
    act(s, 2, {"type": "salary", "mode": "coins"})
    assert have(s, 1) == (1, 0, 0) and have(s, 2) == (1, 0, 0)


def test_dangdut_singer_is_asked_even_when_nobody_would_pay():
    s = setup()
    job(s, 2, "Dangdut Singer")  # seat 1 (Employee) has no Coin and the same level
    end_turn(s)
    assert pending(s) == "salary_choice" and G.rules.actors(s) == frozenset({2})
    assert G.presenter.choice_label(s, 2, "mode", "coins") == "Make It Rain: 1 Coin from 0 players with a lower Job"
    assert G.presenter.choice_label(s, 2, "mode", "salary").startswith("Take my salary (")
    act(s, 2, {"type": "salary", "mode": "coins"})
    assert have(s, 2) == (0, 0, 0)


def test_youtube_star_and_soap_opera_actress_take_one_off_a_dream():
    for name in ("YouTube Star", "Soap Opera Actress"):
        s = setup(tokens=[1, 0, 2, 1, 2, 2])
        job(s, 1, name)
        dreams(s, 1, held=("Homecoming",))  # costs 3 Coin 3 Pride 1 Skill
        res(s, 1, coin=3, pride=3)
        sow(s, 1, "lowongan", "cw")
        act(s, 1, {"type": "done"})
        ways = [a for a in G.rules.legal_actions(s, 1) if a["type"] == "complete"]
        assert ways == [
            {
                "pick": "complete:Homecoming",
                "type": "complete",
                "card": "Homecoming",
                "paying": "3:3:0",
                "coin": 3,
                "pride": 3,
                "skill": 0,
            }
        ], name
        events = act(s, 1, ways[0])
        assert s.player(1).completed == ["Homecoming"] and have(s, 1) == (0, 0, 0)
        assert kinds(events, "pay")[0]["reason"].endswith(f"less {cards_ability(name)}")


def cards_ability(job_name):
    from bot.games.laga.cards import cards

    return cards().jobs[job_name].ability_name


def test_boyband_member_moves_counter_clockwise_only():
    s = setup()
    job(s, 1, "Boyband Member")
    assert {a["direction"] for a in G.rules.legal_actions(s, 1) if a["type"] == "sow"} == {"ccw"}


def test_spg_takes_a_coin_from_the_richest_opposite_gender_player():
    s = setup(genders={1: "female", 2: "male", 3: "male"})
    job(s, 1, "SPG")
    res(s, 2, coin=2)
    res(s, 3, coin=3)
    assert [a for a in G.rules.legal_actions(s, 1) if a["type"] == "seduce"] == [{"type": "seduce", "target": 3}]
    act(s, 1, {"type": "seduce", "target": 3})
    assert have(s, 1) == (1, 0, 0) and have(s, 3) == (2, 0, 0)
    s = setup()
    job(s, 1, "SPG")
    res(s, 2, coin=2)
    assert "seduce" not in types(s, 1)  # no genders set: no target


def test_paranormal_looks_at_a_deck_top_privately():
    s = setup(turn=1)
    events = act(s, 2, {"type": "psychic", "deck": "news"})
    private = kinds(events, "peeked")[0]
    assert private["card"] == s.news_deck[0] and private["visible_to"] == [2]
    assert s.news_deck[0] not in str(kinds(events, "peek")) and "psychic" not in types(s, 2)


def test_congressman_has_no_ability():
    s = setup()
    job(s, 1, "Congressman")
    assert types(s, 1) == {"sow"}
    sow(s, 1, "kerja", "cw")
    assert types(s, 1) == {"end"}


def test_executive_businessman_earns_one_more_from_a_tile():
    s = setup(tokens=[0, 2, 1, 2, 2, 1])
    job(s, 1, "Executive Businessman")
    sow(s, 1, "stasiun", "cw")
    take(s, 1, skill=1)
    assert have(s, 1) == (2, 0, 1)


def test_landlord_switches_a_job_off_until_the_landlords_next_turn():
    s = setup(tokens=[3, 1, 1, 1, 1, 1])
    job(s, 1, "Landlord")
    job(s, 2, "Joki 3 in 1")
    act(s, 1, {"type": "deactivate", "target": 2})
    assert not G.rules.view(s, None)["players"][1]["ability_on"]
    sow(s, 1, "kerja", "cw")  # moves 3, but Joki is off
    assert have(s, 2) == (0, 0, 0)
    end_turn(s)
    end_turn(s)
    assert not G.rules.view(s, None)["players"][1]["ability_on"]
    s.tasks = []
    s.phase = "post"
    act(s, 3, {"type": "end"})  # player 1's next turn starts
    assert G.rules.view(s, None)["players"][1]["ability_on"]


def test_board_game_designer_swap_is_once_per_round_not_once_per_turn():
    s = setup(tokens=[2, 2, 1, 1, 1, 1])
    job(s, 1, "Board Game Designer")
    top(s, "news", "Seasonal Flood")  # the next round's News: no decision for anyone
    s.extra_turns = 1  # as if MRT Route Draft had been completed: a second turn in the same round
    act(s, 1, {"type": "swap", "tile": "kerja", "with": "impian"})
    end_turn(s)
    assert s.current.pid == 1 and pending(s) == "pre" and "swap" not in types(s, 1)  # same round
    end_turn(s)
    end_turn(s)
    end_turn(s)  # player 1 is the first player: a new round opens with the next News
    assert s.current.pid == 1 and s.news == "Seasonal Flood" and pending(s) == "pre"
    assert "swap" in types(s, 1)


def test_kerak_telor_peddler_is_paid_once_in_each_turn_a_news_card_rewards_someone():
    from bot.games.laga.economy import news_rewarded

    s = setup(tokens=[0, 2, 1, 2, 2, 1])
    job(s, 2, "Kerak Telor Peddler")
    open_news(s, "Car Free Day")
    sow(s, 1, "stasiun", "cw")  # player 1 lands on Kerja: 4 Coins, a News reward
    assert have(s, 1)[0] == 2 + 4 and G.rules.actors(s) == frozenset({2})
    take(s, 2, coin=1)
    assert news_rewarded(s) == [] and pending(s) == "post"  # a second reward this turn pays nothing
    end_turn(s)  # player 2's own turn: a new turn, so the next reward pays again
    s.tokens = [0, 2, 1, 2, 2, 1]
    sow(s, 2, "stasiun", "cw")
    take(s, 2, skill=1)
    assert have(s, 2) == (1 + 4 + 2, 0, 1)  # Kerak's two rewards, Kerja doubled, Kerak's salary 2 Coin
