"""The AI seats' heuristic: every Blue card gets played, turn-cutters at their moments, no seat favoured."""

from __future__ import annotations

from collections import Counter

from bot.games.drama.state import CARDS, player
from bot.kernel.rng import Rng
from tests.games.drama.drama_helpers import GAME, P1, P2, P3, P4, arrange_turn, card_id, clear_hand, give, new

POLICY = GAME.policies["normal"]()


def _ai_games(n_games: int, seats: int = 4):
    """Seeded whole games between AI seats: (played card names, skip timings, winners' seat indexes)."""
    played: Counter = Counter()
    timings: Counter = Counter()
    winners: Counter = Counter()
    for seed in range(n_games):
        ids = [P1, P2, P3, P4, 1005, 1006][:seats]
        s = GAME.rules.new_game(ids, seed)
        rng = Rng.seeded(seed)
        while not GAME.rules.is_over(s):
            pid = sorted(GAME.rules.actors(s))[0]
            action = POLICY.choose(GAME.rules.view(s, pid), GAME.rules.legal_actions(s, pid), rng)
            if action["type"] == "play":
                played[CARDS.name(action["card"])] += 1
            for e in GAME.rules.apply(s, pid, action):
                if e.get("kind") == "skip_turn":
                    timings[e["timing"]] += 1
        result = GAME.rules.result(s)
        winners[ids.index(result.winners[0]) if result.winners else -1] += 1
    return played, timings, winners


def test_ai_seats_play_every_blue_card_and_cliffhanger_in_both_timings():
    played, timings, _ = _ai_games(40)
    blue = {d.name for d in CARDS.blue}
    assert blue <= set(played), blue - set(played)
    assert played["Cliffhanger"] and played["Kena Pukau"]
    assert timings["collecting"] and timings["action"], timings


def test_no_seat_is_favoured_over_seeded_games():
    _, _, winners = _ai_games(160)
    counts = [winners[i] for i in range(4)]
    assert sum(counts) == 160 and max(counts) <= 1.6 * min(counts), counts


def test_attack_ties_are_drawn_with_the_seeded_rng_not_the_lowest_seat():
    s = new(4)
    arrange_turn(s, P1)
    legal = [a for a in GAME.rules.legal_actions(s, P1) if a["type"] == "attack"]
    assert len(legal) == 3  # three rivals alike: 7 Air Muka, no shields
    view = GAME.rules.view(s, P1)
    chosen = Counter(POLICY._attack(view, P1, legal, Rng.seeded(seed))["target"] for seed in range(90))
    assert set(chosen) == {P2, P3, P4} and min(chosen.values()) >= 20, chosen
    # a clearly better target is still chosen whatever the draw
    player(s, P3).air_muka = 1
    view = GAME.rules.view(s, P1)
    assert {POLICY._attack(view, P1, legal, Rng.seeded(seed))["target"] for seed in range(20)} == {P3}


def test_cliffhanger_stops_a_dengki_aimed_at_the_ai_and_kena_pukau_opens_an_action_phase():
    s = new(2)
    arrange_turn(s, P1)
    for p in s.players:
        clear_hand(s, p.id)
    give(s, P2, "Cliffhanger")
    GAME.rules.apply(s, P1, {"type": "attack", "target": P2})
    assert s.window.kind == "dengki"
    action = POLICY.choose(GAME.rules.view(s, P2), GAME.rules.legal_actions(s, P2), Rng.seeded(1))
    assert action == {"type": "play", "card": card_id("Cliffhanger")}
    s = new(2)
    arrange_turn(s, P1)
    for p in s.players:
        clear_hand(s, p.id)
    give(s, P2, "Kena Pukau")
    from bot.games.drama.windows import open_window

    open_window(s, "action_start", exclude=P1)
    picks = {
        POLICY.choose(GAME.rules.view(s, P2), GAME.rules.legal_actions(s, P2), Rng.seeded(seed))["type"]
        for seed in range(10)
    }
    assert picks == {"play", "pass"}  # sometimes, not always: a seeded choice


def test_the_ai_cancels_a_cancel_aimed_at_its_own_card():
    s = new(2)
    arrange_turn(s, P1)
    for p in s.players:
        clear_hand(s, p.id)
    give(s, P1, "Jumpa Bomoh", "Rupanya Kembar!")
    give(s, P2, "Saksi Palsu")
    s.turn.bonus_action = 1
    GAME.rules.apply(s, P1, {"type": "play", "card": card_id("Jumpa Bomoh")})
    GAME.rules.apply(s, P2, {"type": "play", "card": card_id("Saksi Palsu"), "entry": 0})
    assert P1 in s.window.waiting
    action = POLICY.choose(GAME.rules.view(s, P1), GAME.rules.legal_actions(s, P1), Rng.seeded(1))
    assert action == {"type": "play", "card": card_id("Rupanya Kembar!"), "entry": 1}
    GAME.rules.apply(s, P1, action)  # P2 holds nothing more: the window closes and resolves
    assert s.window is None and len(player(s, P1).hand) == 2  # Jumpa Bomoh resolved: the cancel was cancelled
