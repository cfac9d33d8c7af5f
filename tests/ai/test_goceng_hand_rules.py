"""Hard's Mat Goceng deals read the hidden hands from their owners' choices this turn.

Normal, which hard's opponents play, asks for Extra Power only with no card that fits its line, fights a
challenge it could pay off only with a long run and pays with a short one. So a sampled deal must not give
the battler asking for help a card it could have played, or the defender who chose to fight a hand that
could not: the search would weigh a battle the real table is not playing (``sampler.hand_rules``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bot.ai import registry
from bot.games.goceng.ai import fight_threshold, run_of
from bot.games.goceng.flow import fits
from bot.games.goceng.sampler import hand_rules, sample
from bot.kernel.contract import next_mover
from bot.kernel.rng import Rng
from tests.games.goceng.goceng_helpers import GAME, act, all_cards_in_place, deal, new, set_characters, start_battle

RULES = GAME.rules
NORMAL = registry.policy("goceng", "normal")
DRAWS = 200


def _hands(view: dict[str, Any], player: int) -> Iterator[list[str]]:
    for i in range(DRAWS):
        world = sample(view, Rng.seeded(i))
        assert all_cards_in_place(world)
        yield world.hands[player]


def test_a_battler_asking_for_extra_power_is_dealt_no_card_that_fits_their_line():
    state = new(3, seed=4)
    deal(state, {2: ["RY", "BG", "GR", "RB"], 3: ["GY", "BB", "RR", "YG", "GG"]})
    start_battle(state, attacker=2, defender=3)
    act(state, 2, {"type": "play", "card": "RY"})  # 2's line ends yellow, and no card left in 2's hand fits it
    act(state, 3, {"type": "play", "card": "GY"})
    act(state, 2, {"type": "ask_help"})
    view = RULES.view(state, 1)  # the helper's view: 2's hand is hidden
    battle = state.battle
    assert all(not any(fits(battle, 2, card) for card in hand) for hand in _hands(view, 2))
    # Without the rule a random hand of that size would often hold a yellow or special top.
    pool = state.deck + state.hands[2] + state.hands[3]
    unruled = sum(any(fits(battle, 2, c) for c in Rng.seeded(i).sample(pool, 3)) for i in range(DRAWS))
    assert unruled > DRAWS / 3


def _unruled(state: Any, runs: int = DRAWS) -> list[int]:
    """The runs of five-card hands dealt with no rule, from every card not on a line."""
    pool = state.deck + [card for hand in state.hands.values() for card in hand]
    return [run_of(Rng.seeded(i).sample(pool, 5)) for i in range(runs)]


def test_a_defender_who_fought_though_they_could_pay_is_dealt_the_run_their_character_fights_with():
    state = new(3, seed=6)
    set_characters(state, {1: "nyi_kencleng"})  # so 3 is Mat Goceng or Rijkaard Cere, neither rich
    state.coins = {1: 5, 2: 5, 3: 5}
    state.stamina = {1: 3, 2: 3, 3: 2}
    start_battle(state, attacker=1, defender=3)  # 3 could pay 2 silver and fought
    view = RULES.view(state, 1)
    least = fight_threshold("mat_goceng", 2, keen=True)
    assert least == fight_threshold("rijkaard_cere", 2, keen=True) == 4
    assert all(run_of(hand) >= least for hand in _hands(view, 3))
    assert sum(run < least for run in _unruled(state)) > 0.15 * DRAWS  # without the rule, often shorter


def test_a_defender_who_could_not_pay_says_nothing_of_their_hand():
    state = new(3, seed=6)
    set_characters(state, {1: "nyi_kencleng"})
    state.coins = {1: 5, 2: 5, 3: 1}
    state.stamina = {1: 3, 2: 3, 3: 2}
    start_battle(state, attacker=1, defender=3)  # fighting was 3's only choice
    view = RULES.view(state, 1)
    assert 3 not in hand_rules(view, state.battle, state.characters)
    assert any(run_of(hand) < 4 for hand in _hands(view, 3))


def test_a_player_who_paid_to_stay_out_of_a_fight_is_dealt_a_shorter_run_than_they_fight_with():
    state = new(3, seed=8)
    set_characters(state, {1: "nyi_kencleng"})
    state.coins = {1: 5, 2: 5, 3: 5}
    state.active = 1
    act(state, 1, {"type": "challenge", "target": 2})
    act(state, 2, {"type": "reconcile"})
    view = RULES.view(state, 1)
    most = fight_threshold("mat_goceng", 3)
    assert most == fight_threshold("rijkaard_cere", 3) == 4
    assert all(run_of(hand) < most for hand in _hands(view, 2))
    assert sum(run >= most for run in _unruled(state)) > DRAWS / 2  # without the rule, mostly longer
    # Against a challenger at 1 stamina normal pays whatever it holds: paying says nothing there.
    state.stamina[1] = 1
    assert 2 not in hand_rules(RULES.view(state, 3), None, state.characters)


def _decisions(seeds: range) -> Iterator[Any]:
    """Every decision of seeded whole games played by normal, 3 to 6 seats, with the seat deciding."""
    for seed in seeds:
        state = RULES.new_game(list(range(1, 3 + seed % 4 + 1)), seed)
        rng = Rng.seeded(seed)
        while not RULES.is_over(state):
            actor = next_mover(RULES, state)
            assert actor is not None
            yield state, actor
            legal = RULES.legal_actions(state, actor)
            RULES.apply(state, actor, NORMAL.choose(RULES.view(state, actor), legal, rng))


def test_the_rules_hold_for_the_real_hands_of_normal_players():
    """The rules mirror normal's own: over seeded games they hold for the real hand nearly always (a Tapak
    Bayangan may take a laid card away from a defender's run), and a battler asking for help never holds a
    card that fits."""
    held = broken = asked = 0
    for state, actor in _decisions(range(60)):
        rules = hand_rules(RULES.view(state, actor), state.battle, state.characters)
        for player, rule in rules.items():
            if rule(list(state.hands[player])):
                held += 1
            else:
                broken += 1
        battle = state.battle
        if battle is not None and battle.window is not None and actor != battle.holder:
            asked += 1
            assert battle.holder in rules
            assert not any(fits(battle, battle.holder, card) for card in state.hands[battle.holder])
    assert asked > 100 and held > 1000
    assert broken < 0.02 * (held + broken), (held, broken)
