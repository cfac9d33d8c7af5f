"""Each of the 16 News cards, opened by the first player at the start of a round."""

from tests.games.laga.laga_helpers import (
    G,
    act,
    dreams,
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
)

# ring (clockwise): 0 kerja, 1 nongkrong, 2 training, 3 lowongan, 4 impian, 5 stasiun
# default Jobs: 1 Employee (L3, salary 2 Coin 2 Skill), 2 Paranormal (L3), 3 MLM Agent (L3)


def test_pekan_raya_jakarta_rewards_the_lowest_job_level():
    s = setup()
    job(s, 2, "Bencong")
    job(s, 3, "Pak Ogah")
    open_news(s, "Pekan Raya Jakarta")
    assert s.round >= 1 and s.news == "Pekan Raya Jakarta"
    assert G.rules.actors(s) == frozenset({2}) and not G.rules.waiting(s).in_window  # a choice of theirs, no window
    take(s, 2, pride=2)
    take(s, 3, coin=1, skill=1)
    assert have(s, 2) == (0, 2, 0) and have(s, 3) == (1, 0, 1)
    assert have(s, 1) == (2, 0, 2)  # only the salary
    assert pending(s) == "pre" and not G.rules.waiting(s).in_window


def test_heavy_traffic_gridlock_forces_small_moves_when_possible():
    s = setup(tokens=[3, 1, 2, 0, 1, 1])
    open_news(s, "Heavy Traffice Gridlock")
    tiles = {a["tile"] for a in G.rules.legal_actions(s, 1) if a["type"] == "sow"}
    assert tiles == {"nongkrong", "training", "impian", "stasiun"}
    s.tokens = [4, 4, 0, 0, 0, 0]
    assert {a["tile"] for a in G.rules.legal_actions(s, 1) if a["type"] == "sow"} == {"kerja", "nongkrong"}


def test_bundaran_hi_protest_switches_job_abilities_off():
    s = setup(tokens=[3, 1, 1, 1, 1, 1])
    job(s, 2, "Joki 3 in 1")
    open_news(s, "Bundaran HI Protest")
    assert not any(p["ability_on"] for p in G.rules.view(s, None)["players"])
    assert "bury" not in {a["type"] for a in G.rules.legal_actions(s, 1)}
    sow(s, 1, "kerja", "cw")  # moves exactly 3: Joki would earn 1 Coin
    assert have(s, 2) == (0, 0, 0)


def test_abang_none_jakarta_takes_one_off_a_job_cost():
    s = setup(tokens=[0, 0, 1, 3, 2, 2])
    open_news(s, "Abang None Jakarta")
    res(s, 1, coin=3, skill=2)
    top(s, "job", "Satpol PP")  # costs 3 Coin 3 Skill
    sow(s, 1, "training", "cw")
    hires = [a for a in G.rules.legal_actions(s, 1) if a["type"] == "hire" and a["card"] == "Satpol PP"]
    assert [(a["coin"], a["skill"]) for a in hires] == [(3, 2)]
    events = act(s, 1, hires[0])
    assert have(s, 1) == (0, 0, 0)
    assert kinds(events, "pay")[0]["reason"] == "changing Job to Satpol PP, less Abang None Jakarta"


def test_seasonal_flood_reduces_tile_income():
    s = setup(tokens=[0, 2, 1, 2, 2, 1])
    open_news(s, "Seasonal Flood")
    res(s, 1)
    sow(s, 1, "stasiun", "cw")
    assert have(s, 1) == (1, 0, 0)


def test_mrt_project_started_allows_counter_clockwise_only():
    s = setup()
    open_news(s, "MRT Project Started")
    assert {a["direction"] for a in G.rules.legal_actions(s, 1) if a["type"] == "sow"} == {"ccw"}


def test_car_free_day_doubles_tile_income():
    s = setup(tokens=[0, 2, 1, 2, 2, 1])
    open_news(s, "Car Free Day")
    res(s, 1)
    sow(s, 1, "stasiun", "cw")
    assert have(s, 1) == (4, 0, 0)


def test_mega_concert_charges_coins_by_job_level():
    s = setup()
    job(s, 2, "Bencong")
    res(s, 1, coin=5)
    res(s, 2, coin=3)
    res(s, 3, coin=1)
    open_news(s, "Mega Concert")
    assert have(s, 1) == (5 - 3 + 2, 0, 2)  # paid 3, then the salary
    assert have(s, 2) == (2, 0, 0) and have(s, 3) == (0, 0, 0)


def test_sale_month_rewards_the_least_pride():
    s = setup()
    res(s, 1, pride=2)
    res(s, 2, pride=1)
    res(s, 3, pride=1)
    open_news(s, "Sale Month")
    assert G.rules.actors(s) == frozenset({2})
    take(s, 2, coin=2)
    take(s, 3, skill=2)
    assert have(s, 2) == (2, 1, 0) and have(s, 3) == (0, 1, 2) and have(s, 1) == (2, 2, 2)


def test_governor_inauguration_gives_one_and_keeps_up_to_two():
    s = setup(tokens=[1, 0, 2, 1, 2, 2])
    open_news(s, "Governor Inauguration")
    res(s, 1)
    top(s, "dream", "Homecoming", "Protesting", "Pilgrimage")
    sow(s, 1, "lowongan", "cw")  # Impian with 3
    assert pending(s) == "gain"
    take(s, 1, pride=1)
    act(s, 1, {"type": "keep", "card": "Homecoming"})
    assert pending(s) == "cards"
    act(s, 1, {"type": "keep", "card": "Pilgrimage"})
    assert s.player(1).dreams == ["Homecoming", "Pilgrimage"] and s.looking == []
    assert have(s, 1) == (0, 1, 0)


def test_president_election_gives_everyone_one():
    s = setup()
    open_news(s, "President Election")
    for pid in (1, 2, 3):
        assert G.rules.actors(s) == frozenset({pid})
        take(s, pid, pride=1)
    assert [have(s, pid)[1] for pid in (1, 2, 3)] == [1, 1, 1]


def test_bomb_threats_fines_on_lowongan_or_impian():
    s = setup(tokens=[0, 0, 1, 3, 2, 2])
    open_news(s, "Bomb Threats")
    events = sow(s, 1, "training", "cw")
    assert s.player(1).face_down and kinds(events, "fine")[0]["reason"] == "Bomb Threats"


def test_bomb_threats_also_fines_a_stasiun_copy_of_impian():
    s = setup(tokens=[1, 0, 0, 3, 2, 2])
    open_news(s, "Bomb Threats")
    res(s, 1, coin=1)
    sow(s, 1, "kerja", "ccw")  # lands on Stasiun: not fined yet
    assert not s.player(1).face_down
    act(s, 1, {"type": "copy", "tile": "impian", "pay": "coin"})
    assert s.player(1).face_down and len(s.looking) == 3  # Stasiun's 3 tokens


def test_monetary_crisis_stops_salaries():
    s = setup()
    events = open_news(s, "Monetary Crisis")
    assert have(s, 1) == (0, 0, 0) and kinds(events, "no_salary")


def test_celebrity_wedding_reception_lets_pride_pay_for_coin_and_skill():
    s = setup(tokens=[0, 0, 1, 3, 2, 2])
    open_news(s, "Celebrity's Wedding Reception")
    res(s, 1, pride=6)
    top(s, "job", "Satpol PP")
    sow(s, 1, "training", "cw")
    act(s, 1, {"type": "hire", "card": "Satpol PP", "coin": 0, "pride": 6, "skill": 0})
    assert have(s, 1) == (0, 0, 0) and s.player(1).jobs[-1] == "Satpol PP"


def test_new_mall_grand_opening_charges_a_coin_per_dream():
    s = setup()
    dreams(s, 2, held=("Homecoming",), completed=("Monas Selfie",))
    dreams(s, 3, held=("Protesting",))
    res(s, 2, coin=5)
    open_news(s, "New Mall Grand Opening")
    assert have(s, 2) == (3, 0, 0) and have(s, 3) == (0, 0, 0)


def test_international_tabletop_day_rewards_landing_on_card_tiles():
    s = setup(tokens=[0, 0, 1, 3, 2, 2])
    open_news(s, "International Tabletop Day")
    res(s, 1)
    sow(s, 1, "training", "cw")
    assert pending(s) == "gain"
    take(s, 1, skill=1)
    assert have(s, 1) == (0, 0, 1) and pending(s) == "cards"


def test_umbrella_ojek_is_asked_about_every_news_card_and_the_answer_holds():
    s = setup(tokens=[0, 2, 1, 2, 2, 1])
    job(s, 1, "Umbrella Ojek")
    open_news(s, "Seasonal Flood")
    assert pending(s) == "news_choice" and G.rules.actors(s) == frozenset({1})
    assert G.presenter.question(s, 1, "choice", ()) == "Seasonal Flood is in force: ignore it, or let it apply to you?"
    assert G.rules.timeout_action(s, 1) == {"type": "news", "choice": "ignore"}  # a hindering card: ignore first
    events = act(s, 1, {"type": "news", "choice": "ignore"})
    assert kinds(events, "ignore_news")[0]["player"] == 1
    res(s, 1)
    sow(s, 1, "stasiun", "cw")
    assert have(s, 1) == (2, 0, 0)
    s = setup(tokens=[0, 2, 1, 2, 2, 1])
    job(s, 1, "Umbrella Ojek")
    open_news(s, "Car Free Day")  # a helpful card is asked too, letting it apply first
    assert G.rules.legal_actions(s, 1)[0] == {"type": "news", "choice": "accept"}
    act(s, 1, {"type": "news", "choice": "accept"})
    res(s, 1)
    sow(s, 1, "stasiun", "cw")
    assert have(s, 1) == (4, 0, 0)
    s = setup(tokens=[0, 2, 1, 2, 2, 1])
    job(s, 1, "Umbrella Ojek")
    open_news(s, "Car Free Day")
    act(s, 1, {"type": "news", "choice": "ignore"})  # the holder's choice, even a poor one
    res(s, 1)
    sow(s, 1, "stasiun", "cw")
    assert have(s, 1) == (2, 0, 0)


def test_a_news_opening_that_passes_the_holder_by_asks_nothing():
    s = setup()
    job(s, 2, "Umbrella Ojek")  # Level 1: the lowest, so Pekan Raya rewards seat 2 and asks
    job(s, 3, "Bencong")
    open_news(s, "Pekan Raya Jakarta")
    assert pending(s) == "news_choice" and G.rules.actors(s) == frozenset({2})
    act(s, 2, {"type": "news", "choice": "ignore"})
    assert G.rules.actors(s) == frozenset({3})  # only seat 3 is rewarded
    take(s, 3, coin=2)
    assert have(s, 2) == (0, 0, 0) and have(s, 3) == (2, 0, 0)
    s = setup()
    job(s, 2, "Umbrella Ojek")
    res(s, 2, pride=3)  # not among the least Pride: Sale Month cannot touch seat 2
    open_news(s, "Sale Month")
    assert "news_choice" not in [t.kind for t in s.tasks]


def test_the_power_to_ignore_news_gained_mid_round_is_asked_at_once():
    s = setup(tokens=[0, 0, 1, 3, 2, 2])
    open_news(s, "Seasonal Flood")
    assert pending(s) == "pre"
    res(s, 1, coin=9, pride=9, skill=9)
    top(s, "job", "Umbrella Ojek")
    sow(s, 1, "training", "cw")  # lands Lowongan
    hire = next(a for a in G.rules.legal_actions(s, 1) if a["type"] == "hire" and a["card"] == "Umbrella Ojek")
    act(s, 1, hire)
    assert pending(s) == "news_choice" and G.rules.actors(s) == frozenset({1})
    act(s, 1, {"type": "news", "choice": "ignore"})
    assert 1 in s.ignored_news and not any(t.kind == "news_choice" for t in s.tasks)


def test_ignoring_is_asked_when_a_hindering_card_could_help():
    s = setup(tokens=[0, 0, 1, 3, 2, 2])
    job(s, 1, "Bencong")
    dreams(s, 1, completed=("Protesting",))
    open_news(s, "Bomb Threats")
    assert G.rules.legal_actions(s, 1) == [{"type": "news", "choice": "ignore"}, {"type": "news", "choice": "accept"}]
    assert G.rules.timeout_action(s, 1) == {"type": "news", "choice": "ignore"}
    act(s, 1, {"type": "news", "choice": "accept"})
    res(s, 1)
    sow(s, 1, "training", "cw")  # lands on Lowongan: fined, and Precinct Star pays 3 Pride
    assert s.player(1).face_down and have(s, 1) == (0, 3, 0)
    s = setup()
    job(s, 1, "Boyband Member")
    dreams(s, 1, completed=("Protesting",))
    open_news(s, "Bundaran HI Protest")
    act(s, 1, {"type": "news", "choice": "accept"})
    while pending(s) != "pre":
        act(s, s.tasks[-1].player, G.rules.timeout_action(s, s.tasks[-1].player))
    assert {a["direction"] for a in G.rules.legal_actions(s, 1) if a["type"] == "sow"} == {"cw", "ccw"}
    s = setup()
    job(s, 1, "Boyband Member")
    dreams(s, 1, completed=("Protesting",))
    open_news(s, "Bundaran HI Protest")
    act(s, 1, {"type": "news", "choice": "ignore"})
    assert {a["direction"] for a in G.rules.legal_actions(s, 1) if a["type"] == "sow"} == {"ccw"}
