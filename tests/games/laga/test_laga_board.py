"""Sowing both ways, fines and redistribution, the six tiles, and the turn cycle."""

from tests.games.laga.laga_helpers import G, act, dreams, have, job, kinds, pending, res, setup, sow, top, types

# ring (clockwise): 0 kerja, 1 nongkrong, 2 training, 3 lowongan, 4 impian, 5 stasiun


def test_sow_clockwise_drops_one_per_tile_and_activates_the_last():
    s = setup(tokens=[2, 2, 1, 1, 1, 1])
    events = sow(s, 1, "kerja", "cw")
    assert s.tokens == [0, 3, 2, 1, 1, 1]
    move = kinds(events, "move")[0]
    assert move["path"] == ["nongkrong", "training"] and move["landing"] == "training" and move["count"] == 2
    assert have(s, 1) == (0, 0, 2)  # Training: +2 Skill
    assert pending(s) == "post" and types(s, 1) >= {"end"}


def test_sow_counter_clockwise_wraps_round_the_ring():
    s = setup(tokens=[2, 2, 1, 1, 1, 1])
    top(s, "dream", "Monas Selfie", "Homecoming")
    events = sow(s, 1, "kerja", "ccw")
    assert s.tokens == [0, 2, 1, 1, 2, 2]
    assert kinds(events, "move")[0]["path"] == ["stasiun", "impian"]
    seen = kinds(events, "see")[0]
    assert seen["cards"] == ["Monas Selfie", "Homecoming"] and seen["visible_to"] == [1]
    assert pending(s) == "cards"


def test_fine_flips_job_redistributes_and_skips_next_salary():
    s = setup(tokens=[1, 4, 0, 3, 0, 0])
    s.first = 0
    top(s, "news", "Seasonal Flood")
    events = sow(s, 1, "kerja", "cw")  # nongkrong reaches 5
    assert s.player(1).face_down
    assert kinds(events, "fine")[0]["player"] == 1
    assert s.tokens == [1, 0, 1, 4, 1, 1] and max(s.tokens) <= 4 and sum(s.tokens) == 8
    assert have(s, 1) == (0, 2, 0)  # the landing tile (Nongkrong) still activates
    act(s, 1, {"type": "end"})
    # round the table back to player 1: their Salary phase flips the Job up and pays nothing
    for pid in (2, 3):
        assert s.current.pid == pid
        s.tasks.clear()
        s.phase = "post"
        act(s, pid, {"type": "end"})
    assert s.current.pid == 1 and s.news == "Seasonal Flood" and not s.player(1).face_down
    assert have(s, 1) == (0, 2, 0)  # flipped up instead of a salary


def test_fine_is_once_per_turn_and_redistribution_repeats_until_no_tile_exceeds_4():
    # A cascade needs a second tile at 4 besides the overflowing one: 9 tokens, so this board is
    # constructed; with the real 8 tokens one redistribution always suffices.
    s = setup(tokens=[1, 4, 0, 4, 0, 0])
    events = sow(s, 1, "kerja", "cw")
    spreads = kinds(events, "redistribute")
    assert [e["tile"] for e in spreads] == ["nongkrong", "lowongan"]
    assert s.tokens == [2, 1, 2, 0, 2, 2]
    assert len(kinds(events, "fine")) == 1


def test_landing_on_five_tokens_looks_at_five_cards():
    s = setup(tokens=[0, 0, 0, 3, 4, 1])
    res(s, 1, coin=5)
    events = sow(s, 1, "stasiun", "ccw")
    assert len(kinds(events, "see")[0]["cards"]) == 5
    assert len(s.looking) == 5 and s.player(1).face_down
    assert max(s.tokens) <= 4
    s2 = setup(tokens=[0, 0, 0, 4, 3, 1])
    events = act(s2, 1, {"type": "sow", "tile": "impian", "direction": "ccw"})  # 3 tokens: training..lowongan
    assert kinds(events, "move")[0]["landing"] == "nongkrong"


def test_resource_tiles():
    for origin, tokens, want in (
        ("stasiun", [0, 2, 1, 2, 2, 1], (2, 0, 0)),
        ("kerja", [1, 0, 2, 2, 2, 1], (0, 2, 0)),
        ("nongkrong", [2, 1, 0, 2, 2, 1], (0, 0, 2)),
    ):
        s = setup(tokens=tokens)
        sow(s, 1, origin, "cw")
        assert have(s, 1) == want, origin


def test_lowongan_look_more_and_change_job_by_paying_cost():
    s = setup(tokens=[0, 0, 1, 3, 2, 2])
    top(s, "job", "Satpol PP", "Landlord", "Pak Ogah", "Bencong")
    res(s, 1, coin=5, pride=1, skill=4)
    events = sow(s, 1, "training", "cw")  # lands on Lowongan with 4 tokens
    assert kinds(events, "see")[0]["cards"] == ["Satpol PP", "Landlord", "Pak Ogah", "Bencong"]
    assert {"pick": "look:pride", "type": "look", "pay": "pride"} in G.rules.legal_actions(s, 1)
    top(s, "job", "Paranormal")
    act(s, 1, {"type": "look", "pay": "pride"})
    assert s.looking[-1] == "Paranormal" and have(s, 1) == (5, 0, 4)
    hires = [a for a in G.rules.legal_actions(s, 1) if a["type"] == "hire"]
    assert {a["card"] for a in hires} == {"Satpol PP", "Pak Ogah"}  # Landlord, Bencong, Paranormal unaffordable
    act(s, 1, {"type": "hire", "card": "Satpol PP", "coin": 3, "pride": 0, "skill": 3})
    assert s.player(1).jobs[-1] == "Satpol PP" and len(s.player(1).jobs) == 2
    assert have(s, 1) == (2, 0, 1)
    assert s.job_deck[-4:] == ["Landlord", "Pak Ogah", "Bencong", "Paranormal"] and s.looking == []
    assert pending(s) == "post"


def test_impian_keep_at_most_one_then_complete():
    s = setup(tokens=[1, 0, 2, 1, 2, 2])
    top(s, "dream", "Homecoming", "Monas Selfie")
    dreams(s, 1, held=("Be on TV",))
    res(s, 1, coin=2, pride=3, skill=1)
    sow(s, 1, "lowongan", "cw")  # lands on Impian (3 tokens) -> 3 cards
    assert pending(s) == "cards" and len(s.looking) == 3
    act(s, 1, {"type": "keep", "card": "Monas Selfie"})
    assert "Monas Selfie" in s.player(1).dreams and s.looking == []
    assert s.dream_deck[-2:][0] == "Homecoming"
    assert pending(s) == "complete"
    cards = {a["card"] for a in G.rules.legal_actions(s, 1) if a["type"] == "complete"}
    assert cards == {"Be on TV", "Monas Selfie"}
    act(s, 1, {"type": "complete", "card": "Monas Selfie", "coin": 1, "pride": 2, "skill": 1})
    assert s.player(1).completed == ["Monas Selfie"] and have(s, 1) == (1, 1, 0)
    assert pending(s) == "post"


def test_stasiun_copies_another_tile_with_its_own_count():
    s = setup(tokens=[0, 0, 0, 2, 2, 4])
    top(s, "job", "Satpol PP", "Landlord", "Pak Ogah", "Bencong", "Provocator")
    res(s, 1, coin=1, skill=1)
    sow(s, 1, "lowongan", "cw")  # impian 4, stasiun 5 -> fine, lands Stasiun with 5
    assert pending(s) == "stasiun"
    legal = G.rules.legal_actions(s, 1)
    assert {"copy": "lowongan:coin", "type": "copy", "tile": "lowongan", "pay": "coin"} in legal
    assert {"copy": "none", "type": "done"} in legal
    assert not any(a.get("tile") == "stasiun" for a in legal)
    events = act(s, 1, {"type": "copy", "tile": "lowongan", "pay": "coin"})
    assert have(s, 1) == (0, 0, 1)
    assert kinds(events, "activate")[0]["count"] == 5 and len(s.looking) == 5


def test_stasiun_copy_kerja_or_decline():
    s = setup(tokens=[1, 0, 0, 3, 2, 2])
    res(s, 1, pride=2)
    sow(s, 1, "kerja", "ccw")  # lands on Stasiun
    assert pending(s) == "stasiun"
    act(s, 1, {"type": "copy", "tile": "kerja", "pay": "pride"})
    assert have(s, 1) == (2, 1, 0)
    s = setup(tokens=[1, 0, 0, 3, 2, 2])
    res(s, 1, pride=2)
    sow(s, 1, "kerja", "ccw")
    act(s, 1, {"type": "done"})
    assert have(s, 1) == (0, 2, 0) and pending(s) == "post"


def test_stasiun_without_resources_is_skipped():
    s = setup(tokens=[1, 0, 0, 3, 2, 2])
    sow(s, 1, "kerja", "ccw")
    assert pending(s) == "post"


def test_turn_cycle_news_salary_and_end_of_game():
    s = setup(n=2, tokens=[2, 2, 1, 1, 1, 1])
    s.first = 0
    s.phase = "post"
    job(s, 2, "Joki 3 in 1")  # salary 2 Coin
    act(s, 1, {"type": "end"})
    assert s.current.pid == 2 and have(s, 2) == (2, 0, 0)
    s.phase = "post"
    s.tasks.clear()
    before = len(s.news_deck)
    top(s, "news", "Seasonal Flood")
    act(s, 2, {"type": "end"})
    assert s.news == "Seasonal Flood" and len(s.news_deck) == before
    # the game ends when the first player cannot open a News card
    s.news_box.extend(s.news_deck)
    s.news_deck.clear()
    s.tasks.clear()
    s.phase = "post"
    s.turn = 1
    act(s, 2, {"type": "end"})
    assert G.rules.is_over(s) and G.rules.actors(s) == frozenset() and G.rules.legal_actions(s, 1) == []
    assert G.rules.result(s).winners


def test_impian_pays_one_resource_per_extra_dream_and_still_keeps_at_most_one():
    s = setup(tokens=[1, 0, 2, 1, 1, 3])
    top(s, "dream", "Homecoming", "Protesting", "Pilgrimage", "Monas Selfie")
    res(s, 1, coin=1, skill=1)
    sow(s, 1, "training", "cw")  # Lowongan 2, lands on Impian with 2 tokens: 2 Dreams
    assert s.looking == ["Homecoming", "Protesting"]
    assert {a["pay"] for a in G.rules.legal_actions(s, 1) if a["type"] == "look"} == {"coin", "skill"}
    act(s, 1, {"type": "look", "pay": "coin"})
    act(s, 1, {"type": "look", "pay": "skill"})
    assert s.looking == ["Homecoming", "Protesting", "Pilgrimage", "Monas Selfie"] and have(s, 1) == (0, 0, 0)
    assert "look" not in types(s, 1)  # nothing left to pay with
    act(s, 1, {"type": "keep", "card": "Pilgrimage"})
    assert s.player(1).dreams == ["Pilgrimage"] and "keep" not in types(s, 1)
    assert s.dream_deck[-3:] == ["Homecoming", "Protesting", "Monas Selfie"] and pending(s) == "post"


def test_a_fine_holds_through_a_job_change_in_the_same_turn():
    s = setup(tokens=[0, 0, 1, 4, 1, 2])
    res(s, 1, coin=9, pride=9, skill=9)
    top(s, "job", "Traffic Police")
    events = sow(s, 1, "training", "cw")  # Lowongan reaches 5: fined, then 5 Jobs to look at
    assert kinds(events, "fine") and s.player(1).face_down and "Traffic Police" in s.looking
    hire = next(a for a in G.rules.legal_actions(s, 1) if a["type"] == "hire" and a["card"] == "Traffic Police")
    events = act(s, 1, hire)
    assert s.player(1).jobs[-1] == "Traffic Police" and s.player(1).face_down
    assert kinds(events, "hire")[0]["face_down"] and not G.rules.view(s, None)["players"][0]["ability_on"]
    act(s, 1, {"type": "end"})
    before = have(s, 1)
    for pid in (2, 3):
        s.tasks.clear()
        s.phase = "post"
        act(s, pid, {"type": "end"})
    assert s.current.pid == 1 and not s.player(1).face_down
    assert have(s, 1) == before  # the Salary phase flipped the new Job up instead of paying
