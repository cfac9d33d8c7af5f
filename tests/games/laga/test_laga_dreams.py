"""Every Dream effect, one scenario each; effects start when the Dream is completed on Impian."""

from bot.games.laga.cards import cards
from bot.games.laga.scoring import breakdown
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


def complete_now(s, pid, name, extra=(0, 0, 0)):
    """Land ``pid`` on Impian (3 tokens), draw nothing useful, and complete ``name`` at full cost."""
    held = tuple(s.player(pid).dreams)
    dreams(s, pid, held=held + (name,), completed=tuple(s.player(pid).completed))
    cost = cards().dreams[name].cost
    res(s, pid, *(c + e for c, e in zip(cost, extra, strict=True)))
    s.tokens = [1, 0, 2, 1, 2, 2]
    sow(s, pid, "lowongan", "cw")
    act(s, pid, {"type": "done"})
    return act(s, pid, {"type": "complete", "card": name, "coin": cost[0], "pride": cost[1], "skill": cost[2]})


def test_dream_effects_need_completion():
    s = setup(tokens=[1, 0, 0, 3, 2, 2])
    dreams(s, 1, held=("Shopping Sphree",))  # held but not completed
    res(s, 1)
    sow(s, 1, "kerja", "ccw")  # lands Stasiun with nothing to pay
    assert pending(s) == "post"


def test_monas_selfie_wins_a_tie():
    s = setup(n=2)
    dreams(s, 1, completed=("Monas Selfie",))
    dreams(s, 2, completed=("Homecoming",))
    job(s, 2, "Satpol PP")  # 3 points + 4, and the later seat
    job(s, 1, "Employee")  # 5 points + 2
    s.news_box.extend(s.news_deck)
    s.news_deck.clear()
    s.turn = 1
    end_turn(s)
    result = G.rules.result(s)
    assert result.scores == {1: 7, 2: 7} and result.winners == (1,) and "Monas Selfie" in result.summary


def test_watch_persija_match_gives_skill_per_player():
    s = setup(n=4)
    complete_now(s, 1, "Watch Persija Match")
    assert have(s, 1) == (0, 0, 4)


def test_petting_ragunan_tiger_steals_one_from_each_other_player():
    s = setup(n=4)
    res(s, 2, coin=1)  # one kind: taken automatically
    job(s, 4, "Provocator")  # immune
    res(s, 4, coin=3)
    res(s, 3, pride=1, skill=2)  # two kinds: the stealer chooses
    events = complete_now(s, 1, "Petting Ragunan Tiger")
    assert have(s, 2) == (0, 0, 0) and kinds(events, "immune")[0]["player"] == 4
    assert G.rules.legal_actions(s, 1) == [
        {"type": "steal", "from": 3, "resource": "pride"},
        {"type": "steal", "from": 3, "resource": "skill"},
    ]
    act(s, 1, {"type": "steal", "from": 3, "resource": "skill"})
    assert have(s, 1) == (1, 0, 1) and have(s, 3) == (0, 1, 1) and have(s, 4) == (3, 0, 0)


def test_get_celebritys_signature_steals_pride_by_their_job_level():
    s = setup()
    job(s, 2, "Bencong")  # level 1
    res(s, 2, pride=5)
    res(s, 3, pride=2)  # MLM Agent, level 3, only 2 to give
    complete_now(s, 1, "Get Celebrity's Signature")
    assert have(s, 2) == (0, 4, 0) and have(s, 3) == (0, 0, 0) and have(s, 1) == (0, 3, 0)


def test_be_on_tv_pays_the_salary_on_completion():
    s = setup()
    complete_now(s, 1, "Be on TV")
    assert have(s, 1) == (2, 0, 2)  # Employee's salary


def test_takes_english_course_returns_for_a_free_level_2_job():
    s = setup(tokens=[0, 0, 1, 3, 2, 2])
    dreams(s, 1, completed=("Takes English Course",))
    top(s, "job", "Satpol PP", "Landlord", "Bencong", "Congressman")
    sow(s, 1, "training", "cw")
    free = [a for a in G.rules.legal_actions(s, 1) if a["type"] == "hire_free"]
    assert free == [{"pick": "free:Satpol PP", "type": "hire_free", "card": "Satpol PP"}]
    act(s, 1, free[0])
    assert s.player(1).jobs[-1] == "Satpol PP" and s.player(1).completed == []
    assert "Takes English Course" in s.dream_deck


def test_handshake_with_mr_president_peeks_once_per_turn():
    s = setup()
    dreams(s, 1, completed=("Handshake with Mr President",))
    assert {a["deck"] for a in G.rules.legal_actions(s, 1) if a["type"] == "peek"} == {"job", "dream"}
    events = act(s, 1, {"type": "peek", "deck": "dream"})
    assert kinds(events, "peeked")[0]["card"] == s.dream_deck[0] and "peek" not in types(s, 1)


def test_horror_movie_cast_takes_one_off_a_job():
    s = setup(tokens=[0, 0, 1, 3, 2, 2])
    dreams(s, 1, completed=("Horror Movie Cast",))
    res(s, 1, coin=3, skill=2)
    top(s, "job", "Satpol PP")
    sow(s, 1, "training", "cw")
    assert [a for a in G.rules.legal_actions(s, 1) if a["type"] == "hire" and a["card"] == "Satpol PP"] == [
        {
            "pick": "hire:Satpol PP",
            "type": "hire",
            "card": "Satpol PP",
            "paying": "3:0:2",
            "coin": 3,
            "pride": 0,
            "skill": 2,
        }
    ]
    events = act(s, 1, {"type": "hire", "card": "Satpol PP", "coin": 3, "pride": 0, "skill": 2})
    assert kinds(events, "pay")[0]["reason"] == "changing Job to Satpol PP, less Horror Movie Cast"


def test_end_of_game_dream_bonuses():
    s = setup()
    job(s, 2, "Bencong")
    job(s, 3, "Pak Ogah")
    dreams(
        s,
        1,
        held=("Homecoming",),
        completed=(
            "Idol Audition",
            "Join Political Party",
            "Tanjidor Orchestra",
            "Run for President",
            "Discussion with Governor",
        ),
    )
    parts = breakdown(s, s.player(1))
    # Idol Audition 1 (Employee is Level 3) + Join Political Party 5 + Tanjidor 2 + Run for President 1
    assert parts["bonus"] == 1 + 5 + 2 + 1
    assert parts["uncompleted"] == 0  # Discussion with Governor
    dreams(s, 1, held=("Homecoming",), completed=("Idol Audition",))
    job(s, 1, "Bencong")
    assert breakdown(s, s.player(1))["bonus"] == 0 and breakdown(s, s.player(1))["uncompleted"] == -1


def test_homecoming_fines_every_other_player():
    s = setup(n=4)
    job(s, 3, "Traffic Police")
    job(s, 4, "Provocator")
    events = complete_now(s, 1, "Homecoming")
    assert s.player(2).face_down and not s.player(3).face_down and not s.player(4).face_down
    assert kinds(events, "fine_blocked")[0]["player"] == 3 and kinds(events, "immune")[0]["player"] == 4
    take(s, 3, coin=1)  # Traffic Police profits from the fine of player 2


def test_protesting_may_choose_to_ignore_news():
    s = setup()
    dreams(s, 1, completed=("Protesting",))
    open_news(s, "Monetary Crisis")
    act(s, 1, {"type": "news", "choice": "ignore"})
    assert have(s, 1) == (2, 0, 2)


def test_be_on_tv_pays_nothing_while_the_job_is_face_down():
    s = setup()
    s.player(1).face_down = True
    events = complete_now(s, 1, "Be on TV")
    assert have(s, 1) == (0, 0, 0)
    assert [e["reason"] for e in kinds(events, "no_salary")] == ["Job face down"]


def test_shopping_spree_makes_stasiun_free():
    s = setup(tokens=[1, 0, 0, 3, 2, 2])
    dreams(s, 1, completed=("Shopping Sphree",))
    sow(s, 1, "kerja", "ccw")
    assert {a["pay"] for a in G.rules.legal_actions(s, 1) if a["type"] == "copy"} == {"free"}
    act(s, 1, {"type": "copy", "tile": "training", "pay": "free"})
    assert have(s, 1) == (0, 0, 2)


def test_jakarta_round_trip_rewards_moves_of_three_or_more():
    s = setup(tokens=[3, 1, 1, 1, 1, 1])
    dreams(s, 1, completed=("Jakarta Round Trip",))
    sow(s, 1, "kerja", "cw")  # 3 tokens: lands on Lowongan
    take(s, 1, coin=1)
    assert have(s, 1) == (1, 0, 0) and pending(s) == "cards"


def test_create_a_board_game_rewards_landing_on_nongkrong():
    s = setup(tokens=[1, 0, 2, 1, 2, 2])
    dreams(s, 1, completed=("Create a Board Game",))
    sow(s, 1, "kerja", "cw")
    take(s, 1, skill=1)
    assert have(s, 1) == (0, 2, 1)


def test_pilgrimage_makes_immune_to_other_players_cards():
    s = setup(turn=2)
    dreams(s, 1, completed=("Pilgrimage",))
    res(s, 1, coin=2)
    res(s, 2, coin=2)
    assert [a["target"] for a in G.rules.legal_actions(s, 3) if a["type"] == "call"] == [2]


def test_mrt_route_draft_gives_an_extra_turn_without_salary():
    s = setup()
    complete_now(s, 1, "MRT Route Draft")
    events = act(s, 1, {"type": "end"})
    assert s.current.pid == 1 and kinds(events, "turn")[0]["extra"] and not kinds(events, "gain")
    assert pending(s) == "pre"
    end_turn(s)
    assert s.current.pid == 2


def test_banjir_kanal_timur_blueprint_adds_one_to_resource_tiles():
    s = setup(tokens=[0, 2, 1, 2, 2, 1])
    dreams(s, 1, completed=("Banjir Kanal Timur's Blueprint",))
    sow(s, 1, "stasiun", "cw")
    assert have(s, 1) == (3, 0, 0)
