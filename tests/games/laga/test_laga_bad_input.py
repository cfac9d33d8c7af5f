"""Illegal actions raise IllegalAction with a readable reason and leave the state byte-for-byte unchanged."""

import pytest

from bot.kernel.contract import IllegalAction
from tests.games.laga.laga_helpers import G, act, dreams, end_turn, job, res, setup, sow, top


def refused(s, pid, action, *words):
    before = G.rules.state_to_json(s)
    with pytest.raises(IllegalAction) as err:
        G.rules.apply(s, pid, action)
    reason = err.value.reason
    assert G.rules.state_to_json(s) == before
    assert reason and reason[0].isupper() and reason.endswith("."), reason
    for w in words:
        assert w.lower() in reason.lower(), (w, reason)
    return reason


def test_turn_and_shape_errors():
    s = setup(tokens=[2, 2, 1, 1, 1, 1])
    refused(s, 2, {"type": "sow", "tile": "kerja", "direction": "cw"}, "not your turn")
    refused(s, 99, {"type": "sow", "tile": "kerja", "direction": "cw"}, "not playing")
    for bad in (None, "sow", {}, {"type": 5}, ["sow"]):
        refused(s, 1, bad, "type")
    refused(s, 1, {"type": "fly"}, "no action")
    refused(s, 1, {"type": "end"}, "cannot end your turn now", "move tokens")
    refused(s, 1, {"type": "sow", "tile": "kerja"}, "missing direction")
    refused(s, 1, {"type": "sow", "tile": "kerja", "direction": "cw", "speed": 2}, "unexpected speed")


def test_move_errors():
    s = setup(tokens=[2, 0, 2, 1, 1, 2])
    refused(s, 1, {"type": "sow", "tile": "monas", "direction": "cw"}, "no Action tile")
    refused(s, 1, {"type": "sow", "tile": "nongkrong", "direction": "cw"}, "no tokens")
    refused(s, 1, {"type": "sow", "tile": "kerja", "direction": "up"}, "clockwise")
    refused(s, 1, {"type": "sow", "tile": 0, "direction": "cw"}, "no Action tile")
    job(s, 1, "Boyband Member")
    refused(s, 1, {"type": "sow", "tile": "kerja", "direction": "cw"}, "counter-clockwise", "Boyband")
    job(s, 1, "Ngo-Jek Driver")
    refused(s, 1, {"type": "gps", "tile": "kerja", "to": "impian"}, "exactly 1 token")
    job(s, 1, "Dolphin Trainer")
    refused(s, 1, {"type": "sow", "tile": "kerja", "direction": "cw", "jump": "impian"}, "skip")


def test_payment_errors():
    s = setup(tokens=[0, 0, 1, 3, 2, 2])
    res(s, 1, coin=3, pride=2, skill=2)
    top(s, "job", "Satpol PP", "Landlord", "Bencong", "Congressman")
    sow(s, 1, "training", "cw")
    refused(s, 1, {"type": "hire", "card": "Satpol PP", "coin": 3, "pride": 0, "skill": 3}, "cannot afford")
    refused(s, 1, {"type": "hire", "card": "Bencong", "coin": 0, "pride": 0, "skill": 0}, "does not settle")
    refused(s, 1, {"type": "hire", "card": "Bencong", "coin": True, "pride": 2, "skill": 0}, "whole numbers")
    refused(s, 1, {"type": "hire", "card": "Pak Ogah", "coin": 2, "pride": 0, "skill": 1}, "not among")
    refused(s, 1, {"type": "keep", "card": "Bencong"}, "cannot keep a Dream now")
    refused(s, 1, {"type": "look", "pay": "gold"}, "cannot pay with")


def test_take_and_complete_errors():
    s = setup(tokens=[1, 0, 2, 1, 2, 2])
    job(s, 2, "Ondel-Ondel")
    end_turn(s)
    refused(s, 2, {"type": "take", "coin": 3, "pride": 0, "skill": 0}, "exactly 2")
    refused(s, 2, {"type": "take", "coin": "2", "pride": 0, "skill": 0}, "whole numbers")
    refused(s, 2, {"type": "take", "coin": -1, "pride": 3, "skill": 0}, "whole numbers")
    s = setup(tokens=[1, 0, 2, 1, 2, 2])
    dreams(s, 1, held=("Homecoming",))
    dreams(s, 2, held=("Protesting",))
    res(s, 1, coin=9, pride=9, skill=9)
    sow(s, 1, "lowongan", "cw")
    act(s, 1, {"type": "done"})
    refused(s, 1, {"type": "complete", "card": "Protesting", "coin": 2, "pride": 4, "skill": 1}, "not an uncompleted")


def test_once_per_turn_and_targets():
    s = setup()
    job(s, 1, "Satpol PP")
    dreams(s, 2, held=("Homecoming",))
    refused(s, 1, {"type": "raid", "target": 2}, "cannot be chosen")
    act(s, 1, {"type": "raid", "target": 3})
    refused(s, 1, {"type": "raid", "target": 3}, "cannot raid")


def test_no_action_after_the_game_ends():
    s = setup(n=2)
    s.news_box.extend(s.news_deck)
    s.news_deck.clear()
    s.turn = 1
    end_turn(s)
    assert G.rules.is_over(s)
    refused(s, 1, {"type": "end"}, "game is over")
    with pytest.raises(ValueError):
        G.rules.timeout_action(s, 1)
    with pytest.raises(ValueError):
        G.rules.result(G.rules.new_game([1, 2], 3))


def test_bad_setup_and_options():
    with pytest.raises(IllegalAction):
        G.rules.new_game([1], 1)
    with pytest.raises(IllegalAction):
        G.rules.new_game(list(range(7)), 1)
    with pytest.raises(IllegalAction):
        G.rules.new_game([1, 1], 1)
    with pytest.raises(IllegalAction):
        G.rules.check_options({"speed": 2})
    with pytest.raises(IllegalAction):
        G.rules.check_options({"genders": {"1": "robot"}})
    with pytest.raises(IllegalAction):
        G.rules.new_game([1, 2], 1, {"genders": {"3": "male"}})
    # "genders" is the name stored before options were declared: still read, written back as "gender".
    assert G.rules.check_options({"genders": {1: "F", "2": "male"}}) == {"gender": {"1": "female", "2": "male"}}
    assert G.rules.check_options({"gender": {"1": "female"}}) == {"gender": {"1": "female"}}
    assert G.rules.check_options(None) == {"gender": {}}


def test_corrupted_actions_along_random_games_never_change_the_state():
    from bot.kernel.rng import Rng

    junk = [
        "kerja",
        "nowhere",
        "cw",
        "ccw",
        "none",
        0,
        1,
        2,
        5,
        -1,
        True,
        None,
        "coin",
        "Monas Selfie",
        "Landlord",
        "free",
        "salary",
        "job",
    ]
    for seed in range(15):
        ids = [1, 2, 3][: 2 + seed % 2]
        s = G.rules.new_game(ids, seed)
        rng = Rng.seeded(seed)
        step = 0
        while not G.rules.is_over(s):
            (pid,) = G.rules.actors(s)
            legal = G.rules.legal_actions(s, pid)
            if step % 5 == 0:
                base = dict(legal[rng.below(len(legal))])
                key = list(base)[rng.below(len(base))]
                base[key] = junk[rng.below(len(junk))]
                if base not in legal or any(type(base[k]) is not type(a[k]) for a in legal if a == base for k in a):
                    before = G.rules.state_to_json(s)
                    with pytest.raises(IllegalAction) as err:
                        G.rules.apply(s, pid, base)
                    assert G.rules.state_to_json(s) == before and err.value.reason.endswith(".")
                    other = next(q for q in ids if q != pid)
                    with pytest.raises(IllegalAction):
                        G.rules.apply(s, other, legal[0])
                    assert G.rules.state_to_json(s) == before
            G.rules.apply(s, pid, legal[rng.below(len(legal))])
            step += 1


def test_nobody_else_acts_while_a_player_owes_a_decision():
    s = setup(tokens=[1, 0, 0, 3, 2, 2])
    job(s, 2, "Bajaj Driver")
    res(s, 1, coin=1)
    sow(s, 1, "kerja", "ccw")  # lands on Stasiun: Bajaj Driver (player 2) chooses a resource first
    assert G.rules.actors(s) == frozenset({2}) and not G.rules.waiting(s).in_window  # a choice of theirs, no window
    refused(s, 1, {"type": "copy", "tile": "kerja", "pay": "coin"}, "another player is deciding")
    refused(s, 3, {"type": "take", "coin": 1, "pride": 0, "skill": 0}, "another player is deciding")
    refused(s, 2, {"type": "copy", "tile": "kerja", "pay": "coin"}, "cannot copy a tile", "take resources")
    refused(s, 2, {"type": "take", "coin": 1, "pride": 1, "skill": 0}, "exactly 1")
    act(s, 2, {"type": "take", "coin": 0, "pride": 0, "skill": 1})
    refused(s, 1, {"type": "copy", "tile": "stasiun", "pay": "coin"}, "not allowed here")
    refused(s, 1, {"type": "copy", "tile": "kerja", "pay": "pride"}, "cannot pay with")
