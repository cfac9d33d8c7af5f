"""The reveal at 1 stamina, the end at 0, and every character's win and loss."""

from __future__ import annotations

import pytest
from goceng_helpers import CARDS, GAME, act, deal, illegal, new, set_characters, start_battle, types

SIX = {1: "mat_goceng", 2: "nyi_kencleng", 3: "rijkaard_cere", 4: "wan_fulus", 5: "bang_codet", 6: "baba_amsyong"}
BY_NAME = {c: p for p, c in SIX.items()}


def _lose_a_battle(s, loser: int, attacker: int) -> list[dict]:
    """``attacker`` challenges ``loser``, who holds no card and gives up at once."""
    deal(s, {loser: []})
    start_battle(s, attacker, loser)
    act(s, attacker, {"type": "play", "card": s.hands[attacker][0]})
    return act(s, loser, {"type": "give_up"})


def test_the_character_is_revealed_at_one_stamina():
    s = new(4, seed=30)
    s.stamina[2] = 2
    hidden = next(p for p in GAME.rules.view(s, 3)["players"] if p["id"] == 2)["character"]
    assert hidden is None
    events = _lose_a_battle(s, loser=2, attacker=1)
    assert {"type": "reveal", "player": 2, "character": s.characters[2]} in events
    assert s.stamina[2] == 1 and s.revealed == [2] and not GAME.rules.is_over(s)
    for viewer in (None, 1, 3, 4):
        assert next(p for p in GAME.rules.view(s, viewer)["players"] if p["id"] == 2)["character"] == s.characters[2]
    seats = GAME.presenter.board(GAME.rules.view(s, None), {}).fields[-1].value.splitlines()
    seat = next(line for line in seats if "**Player 2**" in line)
    assert seat.startswith("▶️ **Player 2** ☕ 🪙") and seat.endswith(f"🎭 {CARDS.characters[s.characters[2]].name}")
    hidden = next(line for line in seats if "**Player 3**" in line)
    assert "🎭" not in hidden  # a character not revealed is not mentioned at all
    reveal = next(e for e in events if e["type"] == "reveal")
    line = GAME.presenter.event_line(reveal, {2: "Budi"})
    assert (
        line.startswith("🎭 Budi is down to 1 stamina and reveals ")
        and CARDS.characters[s.characters[2]].objective in line
    )


def _finish(loser_character: str, attacker_character: str, coins: dict[str, int] | None = None):
    """A six-player game that ends with ``loser_character`` beaten by ``attacker_character``."""
    s = new(6, seed=31)
    set_characters(s, SIX)
    if coins:  # the named purses as given; the rest of the 30 silver shared out among the others
        others = [p for p in SIX if SIX[p] not in coins]
        rest = 30 - sum(coins.values())
        s.coins = {p: rest // len(others) for p in others}
        s.coins[others[0]] += rest % len(others)
        s.coins.update({BY_NAME[c]: amount for c, amount in coins.items()})
        assert min(s.coins.values()) >= 0 and sum(s.coins.values()) == 30
    loser = BY_NAME[loser_character]
    s.stamina[loser] = 1
    s.revealed.append(loser)
    events = _lose_a_battle(s, loser, BY_NAME[attacker_character])
    assert types(events)[-1] == "game_over" and GAME.rules.is_over(s)
    assert GAME.rules.actors(s) == frozenset() and GAME.rules.waiting(s).turn is None
    result = GAME.rules.result(s)
    assert result.scores == s.coins and sum(result.scores.values()) == 30
    assert events[-1]["winners"] == list(result.winners)
    return s, {SIX[p] for p in result.winners}


def test_mat_goceng_wins_when_someone_else_falls_and_nyi_kencleng_survives():
    _, won = _finish("wan_fulus", "rijkaard_cere")
    assert "mat_goceng" in won


def test_mat_goceng_loses_when_he_falls_even_though_nyi_kencleng_survives():
    s, won = _finish("mat_goceng", "rijkaard_cere", coins={"nyi_kencleng": 9})
    assert s.stamina[BY_NAME["nyi_kencleng"]] > 0
    assert "mat_goceng" not in won
    assert {"nyi_kencleng", "bang_codet"} <= won  # Nyi Kencleng richest; Bang Codet's target fell


def test_mat_goceng_loses_when_nyi_kencleng_falls():
    _, won = _finish("nyi_kencleng", "wan_fulus")
    assert "mat_goceng" not in won and "nyi_kencleng" not in won


def test_nyi_kencleng_wins_when_richest_and_alive_and_ties_count():
    _, won = _finish("bang_codet", "mat_goceng", coins={"nyi_kencleng": 8, "wan_fulus": 8})
    assert {"nyi_kencleng", "wan_fulus"} <= won


def test_nyi_kencleng_loses_when_not_the_richest():
    _, won = _finish("bang_codet", "mat_goceng", coins={"nyi_kencleng": 4, "wan_fulus": 9})
    assert "nyi_kencleng" not in won and "wan_fulus" in won


def test_nyi_kencleng_loses_when_defeated_even_if_richest():
    _, won = _finish("nyi_kencleng", "mat_goceng", coins={"nyi_kencleng": 12})
    assert "nyi_kencleng" not in won


def test_rijkaard_cere_wins_when_nyi_kencleng_falls_to_anyone():
    _, won = _finish("nyi_kencleng", "baba_amsyong")
    assert "rijkaard_cere" in won


def test_rijkaard_cere_loses_when_someone_else_falls():
    _, won = _finish("wan_fulus", "rijkaard_cere")
    assert "rijkaard_cere" not in won


def test_wan_fulus_loses_when_not_richest_or_defeated():
    _, won = _finish("bang_codet", "mat_goceng", coins={"wan_fulus": 3, "nyi_kencleng": 3, "rijkaard_cere": 10})
    assert "wan_fulus" not in won and "nyi_kencleng" not in won
    _, won = _finish("wan_fulus", "mat_goceng", coins={"wan_fulus": 15})
    assert "wan_fulus" not in won


@pytest.mark.parametrize("fallen", ["mat_goceng", "baba_amsyong"])
def test_bang_codet_wins_when_mat_goceng_or_baba_amsyong_falls(fallen):
    _, won = _finish(fallen, "wan_fulus")
    assert "bang_codet" in won


def test_bang_codet_loses_otherwise():
    _, won = _finish("rijkaard_cere", "mat_goceng")
    assert "bang_codet" not in won


@pytest.mark.parametrize("fallen", ["rijkaard_cere", "bang_codet"])
def test_baba_amsyong_wins_when_rijkaard_cere_or_bang_codet_falls(fallen):
    _, won = _finish(fallen, "nyi_kencleng")
    assert "baba_amsyong" in won


def test_baba_amsyong_loses_otherwise():
    _, won = _finish("mat_goceng", "nyi_kencleng")
    assert "baba_amsyong" not in won


def test_a_finished_game_shows_every_character_and_accepts_no_action():
    s, _ = _finish("wan_fulus", "rijkaard_cere")
    view = GAME.rules.view(s, None)
    assert all(p["character"] for p in view["players"]) and view["result"]["loser"] == BY_NAME["wan_fulus"]
    illegal(s, 1, {"type": "challenge", "target": 2}, "game is over")
    assert "Wan Fulus ran out of stamina" in GAME.rules.result(s).summary


def test_result_is_refused_while_the_game_goes_on():
    with pytest.raises(ValueError):
        GAME.rules.result(new(3))


def test_nobody_wins_when_no_objective_holds_and_that_is_not_a_draw():
    """Three players: Mat Goceng falls while the richest (the defeated player's coins count), so
    Nyi Kencleng is not the richest, Rijkaard Cere's target stands and Mat Goceng is out."""
    s = new(3, seed=33)
    set_characters(s, {1: "mat_goceng", 2: "nyi_kencleng", 3: "rijkaard_cere"})
    s.coins = {1: 7, 2: 5, 3: 3}
    s.stamina[1] = 1
    s.revealed.append(1)
    events = _lose_a_battle(s, loser=1, attacker=2)
    result = GAME.rules.result(s)
    assert result.winners == () and result.no_winner and not result.is_draw
    assert "no winner" in result.summary and "Nyi Kencleng: not the richest" in result.summary
    over = events[-1]
    assert over["outcomes"] == [[1, False, "defeated"], [2, False, "not_richest"], [3, False, "target_stands"]]
    names = {1: "Ayu", 2: "Budi", 3: "Citra"}
    assert (
        GAME.presenter.event_line(over, names)
        == "Game over: Ayu is out of stamina. No winner: nobody's objective holds."
    )
    public = GAME.presenter.board(GAME.rules.view(s, None), names)
    assert public.fields[-1].value.splitlines() == [
        "✖️ **Ayu** (Mat Goceng) out of stamina 🪙7",
        "✖️ **Budi** (Nyi Kencleng) ☕☕☕ 🪙5",
        "✖️ **Citra** (Rijkaard Cere) ☕☕☕ 🪙3",
        "*☕ stamina, 🪙 silver*",
    ]  # the platform's result says why, by character
    board = GAME.presenter.board(GAME.rules.view(s, 2), names).text  # a player's own view says it in full
    assert "✖️ Budi (Nyi Kencleng) does not win: not the richest." in board
    assert "**No winner:** nobody's objective holds (that is not a draw)." in board


def test_the_result_says_who_won_by_which_objective_and_who_did_not():
    s, won = _finish("nyi_kencleng", "bang_codet", coins={"wan_fulus": 10})
    assert won == {"rijkaard_cere", "wan_fulus"}
    names = {p: f"P{p}" for p in s.players}
    by = {c: p for p, c in s.characters.items()}
    seats = GAME.presenter.board(GAME.rules.view(s, None), names).fields[-1].value
    assert f"🏆 **P{by['wan_fulus']}** (Wan Fulus) " in seats and f"✖️ **P{by['mat_goceng']}** (Mat Goceng) " in seats
    text = GAME.presenter.board(GAME.rules.view(s, by["bang_codet"]), names).text
    assert f"🏆 P{by['rijkaard_cere']} (Rijkaard Cere) wins: their target fell." in text
    assert f"🏆 P{by['wan_fulus']} (Wan Fulus) wins: the richest." in text
    assert f"✖️ P{by['mat_goceng']} (Mat Goceng) does not win: Nyi Kencleng fell." in text
    assert f"✖️ P{by['nyi_kencleng']} (Nyi Kencleng) does not win: out of stamina." in text
    summary = GAME.rules.result(s).summary
    assert "Objective met: Rijkaard Cere: Defeat Nyi Kencleng." in summary
    assert "Not met: " in summary and "Baba Amsyong: their targets still stand" in summary
