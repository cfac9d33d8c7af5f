"""Bad input: every illegal action is refused with a readable reason and changes nothing."""

from __future__ import annotations

import json

import pytest
from drump_kit import GAME, A, B, arrange, new, play, refused

from bot.games.drump.cards import FULL_DECK, IS_PART
from bot.kernel.contract import IllegalAction
from bot.kernel.rng import Rng


def _main_state():
    return arrange(new(), hands={A: ["3S", "JH", "AD"], B: ["KC"]}, zones={A: {0: ["5H", "7C"]}, B: {1: ["4D"]}})


def test_drump_not_your_turn_and_not_a_player():
    state = _main_state()
    refused(state, B, {"type": "end_turn"}, "not your move")
    refused(state, B, {"type": "place", "card": "KC", "zone": 0}, "not your move")
    refused(state, 999, {"type": "end_turn"}, "not playing")
    assert GAME.rules.legal_actions(state, B) == [] and GAME.rules.legal_actions(state, 999) == []
    with pytest.raises(ValueError):
        GAME.rules.timeout_action(state, B)
    play(state, A, "attack", target=1, card="3S")
    refused(state, A, {"type": "end_turn"}, "defender to block")
    refused(state, A, {"type": "no_block"}, "defender to block")


@pytest.mark.parametrize(
    "action, words",
    [
        (None, "JSON object"),
        ("end_turn", "JSON object"),
        (["end_turn"], "JSON object"),
        ({}, "Unknown action type"),
        ({"type": 5}, "Unknown action type"),
        ({"type": "concede"}, "Unknown action type"),
        ({"type": "PLACE", "card": "3S", "zone": 1}, "Unknown action type"),
        ({"type": "place", "card": "3S"}, "needs a 'zone'"),
        ({"type": "place", "zone": 1}, "needs a 'card'"),
        ({"type": "place", "card": "3S", "zone": 1, "face": "up"}, "not one of them"),
        ({"type": "end_turn", "now": True}, "no parameters"),
        ({"type": "place", "card": "3S", "zone": "1"}, "zone number"),
        ({"type": "place", "card": "3S", "zone": True}, "zone number"),
        ({"type": "place", "card": "3S", "zone": 1.0}, "zone number"),
        ({"type": "place", "card": "3S", "zone": 4}, "no zone 4"),
        ({"type": "place", "card": "3S", "zone": -1}, "no zone -1"),
        ({"type": "place", "card": 3, "zone": 1}, "must be a card"),
        ({"type": "place", "card": None, "zone": 1}, "must be a card"),
        ({"type": "place", "card": "ZZ", "zone": 1}, "no card called"),
        ({"type": "place", "card": "3s", "zone": 1}, "no card called"),
        ({"type": "place", "card": "1S", "zone": 1}, "no card called"),
        ({"type": "place", "card": "X" * 500, "zone": 1}, "no card called"),
        ({"type": "place", "card": "9S", "zone": 1}, "do not have"),
        ({"type": "summon", "part": "KC", "zone": 0}, "do not have"),
        ({"type": "summon", "part": "3S", "zone": 0}, "not a Monster Part"),
        ({"type": "summon", "part": "JH", "zone": 0}, "cannot add up to 11"),
        ({"type": "exchange", "part": "JH", "take": 7}, "'take' must be"),
        ({"type": "exchange", "part": "JH", "take": "DRAW"}, "no card called"),
        ({"type": "exchange", "part": "JH", "take": "QS"}, "not in the drop zone"),
        ({"type": "attack", "target": 0, "card": "3S"}, "empty"),
        ({"type": "attack", "target": 1, "card": "JH"}, "Monster Part"),
        ({"type": "block", "card": "JH"}, "cannot block now"),
        ({"type": "no_block"}, "cannot decline to block now"),
        ({"type": "reattack", "card": "JH"}, "cannot re-attack now"),
        ({"type": "stop"}, "cannot stop attacking now"),
        ({"type": "discard", "card": "3S"}, "cannot discard now"),
    ],
)
def test_drump_malformed_or_illegal_actions_are_refused_unchanged(action, words):
    state = _main_state()
    refused(state, A, action, words)


def test_drump_wrong_phase_actions_during_a_block_window_and_after_a_block():
    state = _main_state()
    play(state, A, "attack", target=1, card="3S")
    refused(state, B, {"type": "reattack", "card": "KC"}, "cannot re-attack now")
    refused(state, B, {"type": "end_turn"}, "cannot end your turn now")
    refused(state, B, {"type": "block", "card": "QS"}, "do not have")
    play(state, B, "block", card="KC")
    refused(state, B, {"type": "block", "card": "KC"}, "not your move")
    refused(state, A, {"type": "place", "card": "AD", "zone": 1}, "re-attack or stop")
    refused(state, A, {"type": "reattack", "card": "AS"}, "do not have")


def test_drump_finished_game_refuses_everything():
    state = arrange(new(), deck_size=0)
    play(state, A, "end_turn")
    assert GAME.rules.is_over(state)
    for player in (A, B):
        refused(state, player, {"type": "end_turn"}, "game is over")
    refused(state, A, {"type": "nonsense"}, "Unknown action type")


def test_drump_new_game_checks_players_and_options():
    with pytest.raises(IllegalAction):
        GAME.rules.new_game([A], 1)
    with pytest.raises(IllegalAction):
        GAME.rules.new_game([A, A], 1)
    with pytest.raises(IllegalAction):
        GAME.rules.new_game([A, B, 303], 1)
    with pytest.raises(IllegalAction):
        GAME.rules.new_game([A, B], 1, {"hand_size": 7})
    assert GAME.rules.check_options(None) == {} and GAME.rules.check_options({}) == {}


def _candidates(state) -> list[dict]:
    """A broad net of actions, legal or not, for every action type."""
    cards = list(FULL_DECK)
    parts = [c for c in cards if c in IS_PART]
    out: list[dict] = [{"type": t} for t in ("end_turn", "no_block", "stop")]
    for c in cards:
        out += [{"type": t, "card": c} for t in ("block", "reattack", "discard")]
        out += [{"type": "place", "card": c, "zone": z} for z in range(-1, 5)]
        out += [{"type": "attack", "target": z, "card": c} for z in range(-1, 5)]
        out += [{"type": "summon", "part": c, "zone": z} for z in range(4)]
        out += [{"type": "exchange", "part": c, "take": t} for t in ["draw"] + parts[:8] + ["3S"]]
    out += [{"type": "extra_jack", "part": j, "ace": a} for j in cards if j[0] in "J3" for a in cards if a[0] in "A2K"]
    return out


def test_drump_apply_accepts_exactly_the_listed_legal_actions():
    """Along random games, every candidate action is accepted if and only if it is listed as legal."""
    checked = 0
    phases = set()
    for seed in range(6):
        state = new(seed)
        rng = Rng.seeded(seed + 99)
        step = 0
        while not GAME.rules.is_over(state):
            (player,) = GAME.rules.actors(state)
            legal = GAME.rules.legal_actions(state, player)
            if step % 12 == 0 or state.phase in ("reattack", "discard"):
                phases.add(state.phase)
                text = GAME.rules.state_to_json(state)
                keys = {json.dumps(a, sort_keys=True) for a in legal}
                for action in _candidates(state):
                    is_legal = json.dumps(action, sort_keys=True) in keys
                    try:
                        GAME.rules.apply(state, player, action)
                    except IllegalAction:
                        assert not is_legal, f"listed legal but refused: {action}"
                        continue
                    assert is_legal, f"accepted but not listed: {action}"
                    state = GAME.rules.state_from_json(text)
                    checked += 1
                assert GAME.rules.state_to_json(state) == text
            action = legal[rng.below(len(legal))]
            if {"type": "end_turn"} in legal and rng.below(3) == 0:
                action = {"type": "end_turn"}  # ending turns early reaches the discard phase too
            GAME.rules.apply(state, player, action)
            step += 1
    assert checked > 300 and phases == {"main", "block", "reattack", "discard"}, phases
