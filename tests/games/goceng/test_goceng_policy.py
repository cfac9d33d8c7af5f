"""The heuristic AI plays towards its own character's objective, from its own view only."""

from __future__ import annotations

from types import SimpleNamespace

from bot.games.goceng.policy import HeuristicPolicy, RandomPolicy
from bot.games.rng import Rng
from bot.timers import ai_actor

from goceng_helpers import GAME, act, deal, new, set_characters, start_battle

AI = HeuristicPolicy()


def _choose(s, player):
    return AI.choose(GAME.view(s, player), GAME.legal_actions(s, player), Rng.seeded(1))


def _nyi_kencleng_asks_for_help():
    """Nyi Kencleng (1, revealed) is stuck against Wan Fulus (2); 3 and 4 hold fitting cards."""
    s = new(4, seed=70)
    set_characters(s, {1: "nyi_kencleng", 2: "wan_fulus", 3: "mat_goceng", 4: "rijkaard_cere"})
    s.revealed.append(1)
    deal(s, {1: ["RR", "BB"], 2: ["GG"], 3: ["RY"], 4: ["RG"]})
    start_battle(s, 1, 2)
    act(s, 1, {"type": "play", "card": "RR"})
    act(s, 2, {"type": "play", "card": "GG"})
    assert _choose(s, 1) == {"type": "ask_help"}
    act(s, 1, {"type": "ask_help"})
    return s


def test_mat_goceng_helps_nyi_kencleng_for_free_and_rijkaard_cere_refuses():
    s = _nyi_kencleng_asks_for_help()
    assert _choose(s, 3) == {"type": "offer", "card": "RY", "price": 0}
    assert _choose(s, 4) == {"type": "decline"}
    act(s, 3, {"type": "offer", "card": "RY", "price": 0})
    assert _choose(s, 1) == {"type": "accept", "helper": 3}


def test_a_helper_asked_again_keeps_its_offer_when_nobody_undercuts_it():
    s = _nyi_kencleng_asks_for_help()
    set_characters(s, {3: "wan_fulus", 2: "mat_goceng"})  # a rich helper with no stake in this battle
    first = _choose(s, 3)
    assert first == {"type": "offer", "card": "RY", "price": 3}
    act(s, 3, first)
    assert _choose(s, 3) == {"type": "keep_offer"}


def test_rival_helpers_undercut_each_other_down_to_half_their_price_then_keep():
    s = new(4, seed=72)
    set_characters(s, {1: "rijkaard_cere", 2: "nyi_kencleng", 3: "wan_fulus", 4: "mat_goceng"})
    deal(s, {1: ["RR", "BB"], 2: ["GG"], 3: ["RY"], 4: ["RG"]})
    start_battle(s, 1, 2)  # nobody knows a battler's character: 3 sells dearly (rich), 4 at 2
    act(s, 1, {"type": "play", "card": "RR"})
    act(s, 2, {"type": "play", "card": "GG"})
    act(s, 1, {"type": "ask_help"})
    for helper, wanted in ((3, {"type": "offer", "card": "RY", "price": 3}),
                           (4, {"type": "offer", "card": "RG", "price": 2}),
                           (3, {"type": "offer", "card": "RY", "price": 1}),  # under 4's 2; half of 3 is 1
                           (4, {"type": "keep_offer"}),  # 0 would be under half its price
                           (3, {"type": "keep_offer"})):  # nobody asks less
        assert _choose(s, helper) == wanted, helper
        act(s, helper, wanted)
    assert GAME.actors(s) == {1}
    assert _choose(s, 1) == {"type": "accept", "helper": 3}  # stuck: takes the cheapest help


def test_a_hunter_challenges_its_known_target():
    s = new(4, seed=71)
    set_characters(s, {1: "rijkaard_cere", 3: "nyi_kencleng"})
    s.revealed.append(3)
    s.active = 1
    assert _choose(s, 1) == {"type": "challenge", "target": 3}


# --- whole games ---------------------------------------------------------------------------------

def _ai_table(seed: int, n: int) -> list[tuple[int, dict, list[dict]]]:
    """An all-heuristic game, each next seat picked by the platform's own ``ai_actor`` (responders
    before the battler, never the last answer's author again). Returns (player, action, events)."""
    state = GAME.new_game(list(range(1, n + 1)), seed)
    # The move numbers the platform keeps: a move within an open round leaves the decision as it was.
    record = SimpleNamespace(seq=0, decision_seq=0)
    live = SimpleNamespace(game=GAME, state=state, last_actor=None, record=record)
    service = SimpleNamespace(ai_controls=lambda live, player: True)
    rng = Rng.seeded(seed)
    moves = []
    for _ in range(5000):
        if GAME.is_over(state):
            return moves
        player = ai_actor(service, live)
        assert player is not None, "an all-AI table must never wait on nobody"
        action = AI.choose(GAME.view(state, player), GAME.legal_actions(state, player), rng)
        before = GAME.waiting(state)
        moves.append((player, action, GAME.apply(state, player, action)))
        after = GAME.waiting(state)
        record.seq += 1
        if before.round is None or after.window is None or after.round != before.round:
            record.decision_seq = record.seq
        live.last_actor = player
    raise AssertionError(f"seed {seed}: the AI table did not finish")


def test_ai_tables_leave_every_negotiation_to_the_battler_and_the_cards_make_long_battles():
    """The numbers cards.toml's header promises, on 120 games driven like the platform drives AI seats."""
    battles, cards, short, asks, bought = 0, 0, 0, 0, 0
    for seed in range(120):
        in_battle, offered = 0, False
        for player, action, events in _ai_table(seed, 3 + seed % 4):
            kinds = [e["type"] for e in events]
            assert action["type"] != "withdraw"  # an AI helper never takes back an offer
            if action["type"] == "offer":
                offered = True
            if "no_help" in kinds or "accept" in kinds:
                # a window where help was offered closes only by the battler's own choice
                assert not offered or action["type"] in ("accept", "no_help"), (seed, action)
                offered = False
            asks += kinds.count("help_asked")
            bought += kinds.count("accept")
            in_battle += kinds.count("play") + kinds.count("accept")
            if "battle_lost" in kinds:
                battles, cards, short = battles + 1, cards + in_battle, short + (in_battle <= 2)
                in_battle = 0
    assert battles > 500
    assert cards / battles >= 7  # battles last several exchanges (about 9 cards)
    assert short / battles <= 0.06  # hardly any battle ends within 2 cards
    assert bought / asks >= 0.65  # Extra Power is usually bought (about 3 requests in 4)


def test_a_heuristic_seat_wins_more_often_than_a_random_one():
    """Seat 1 plays the heuristic, then the uniform-random policy, against random seats, in 160
    games of 3 to 6 players each: towards its own objective it wins clearly more often."""
    random = RandomPolicy()

    def wins(seat_1) -> int:
        total = 0
        for seed in range(160):
            n = 3 + seed % 4
            s = GAME.new_game(list(range(1, n + 1)), seed)
            rng = Rng.seeded(seed + 99)
            while not GAME.is_over(s):
                movers = sorted(GAME.actors(s))
                player = movers[rng.below(len(movers))]
                policy = seat_1 if player == 1 else random
                view = GAME.view(s, player) if policy is seat_1 else {}
                GAME.apply(s, player, policy.choose(view, GAME.legal_actions(s, player), rng))
            total += 1 in GAME.result(s).winners
        return total

    smart, plain = wins(AI), wins(random)
    assert smart >= plain + 8, (smart, plain)
