"""Normal DRUMP in constructed positions: in each, the move a concept of its play calls for.

Each position is a real, playable state (``drump_kit.arrange``: every card not named is in the deck), and
normal decides from the view of its seat, as in a game. Player ``A`` is to move in its main phase.
"""

from __future__ import annotations

from typing import Any

from bot.games.drump import ai_normal
from bot.games.drump.ai import NormalPolicy
from bot.games.drump.state import DrumpState
from bot.kernel.contract import Action
from bot.kernel.rng import Rng
from tests.games.drump.drump_kit import GAME, A, B, arrange, new


def _choice(state: DrumpState, player: int = A) -> Action:
    """What normal does in ``state`` (a legal action, checked)."""
    legal = GAME.rules.legal_actions(state, player)
    action = NormalPolicy().choose(GAME.rules.view(state, player), legal, Rng.seeded(1))
    assert action in legal, action
    return action


def _position(**arranged: Any) -> DrumpState:
    return arrange(new(), turn=A, **arranged)


def test_an_ace_attacks_a_lone_face_up_card_it_clears_for_certain():
    """An Ace counts 11: with a lone face-up 7 it reaches 18, the zone is cleared and the attacker draws. No other
    card in hand clears it (a 4 makes 11), so the Ace is the attack, not a card to hoard."""
    state = _position(hands={A: ["AS", "2H", "4D", "KC"]}, zones={B: {0: ["7C"]}})
    assert _choice(state) == {"type": "attack", "target": 0, "card": "AS"}


def test_an_ace_does_not_attack_a_lone_two_it_cannot_clear():
    """11 + 2 is 13: the Ace would stay in the foe's zone, face up, counting for them."""
    state = _position(hands={A: ["AS", "2H", "4D", "KC"]}, zones={B: {0: ["2C"]}})
    assert _choice(state)["type"] != "attack"


def test_a_plain_card_clears_a_lone_card_before_an_ace_is_spent():
    """Both the 9 and the Ace clear a lone 7 for certain; the Ace is worth more kept (blocks, Extra Jack)."""
    state = _position(hands={A: ["AS", "9H", "KC"]}, zones={B: {0: ["7C"]}})
    assert _choice(state) == {"type": "attack", "target": 0, "card": "9H"}


def test_a_spare_part_is_exchanged_for_a_draw_when_the_hand_holds_no_force_card():
    """The Head slot holds a Dragon, so the Pegasus Head in hand can never be used; with no Force Card to build
    or attack with, a draw is worth more than keeping it as a blocker."""
    state = _position(hands={A: ["QS", "KH", "KC"]}, parts={A: ["KS"]})
    assert _choice(state) == {"type": "exchange", "part": "QS", "take": "draw"}


def test_a_second_part_for_the_same_slot_is_spare():
    """Dragon Body and Chimera Body: only one can fill the Body slot and the Dragon scores more, so the Chimera is
    the spare one, exchanged for a draw (the hand holds a single Force Card)."""
    state = _position(hands={A: ["10H", "KH", "5C"]})
    assert _choice(state) == {"type": "exchange", "part": "10H", "take": "draw"}


def test_with_keep_forces_on_it_keeps_two_force_cards_rather_than_build_a_zone_short_of_a_sum(monkeypatch):
    """A 6 on the zone holding a 2 makes 8, still short of the Dragon's 13: with ``KEEP_FORCES`` at 2 (off in play,
    see its note) normal keeps both cards to attack or finish a zone with and ends the turn; off, it builds."""
    state = _position(hands={A: ["3S", "6H", "KD"]}, zones={A: {0: ["2C"]}})
    assert _choice(state)["type"] == "place"
    monkeypatch.setattr(ai_normal, "KEEP_FORCES", 2)
    assert _choice(state) == {"type": "end_turn"}


def test_an_ace_is_not_spent_on_a_zone_short_of_a_wanted_sum():
    """An Ace on the zone holding a 4 makes 5 or 15, no Dragon's 13; the 2 or the 7 builds toward it as well, with
    the other in hand to finish it. The Ace stays in hand for a sure attack on a lone card, a perfect block, Extra
    Jack."""
    state = _position(hands={A: ["AS", "2D", "7H", "KD"]}, zones={A: {0: ["4C"]}})
    state.summoned = True
    action = _choice(state)
    assert action["type"] == "place" and action["card"] != "AS", action


def test_it_still_places_a_card_that_makes_a_wanted_sum():
    """Already summoned this turn, a 3 on the zone holding 2 + 8 makes 13, the Dragon's sum: ready for next turn's
    summon, worth placing even from a short hand."""
    state = _position(hands={A: ["3S", "6H", "KD"]}, zones={A: {0: ["2C", "8C"]}})
    state.summoned = True
    assert _choice(state) == {"type": "place", "card": "3S", "zone": 0}


def test_zones_are_built_toward_a_part_that_fills_an_empty_slot_before_an_upgrade():
    """The Head holds a Hydra (5 points): a Pegasus Head would upgrade it, the Dragon Body fills an empty slot,
    and DRUMP needs all four. A 2 on the zone of 10 readies the upgrade's 12, a 3 the Dragon's 13: the 3."""
    state = _position(hands={A: ["2H", "3C", "7D", "QS", "KH"]}, zones={A: {0: ["2S", "8S"]}}, parts={A: ["JS"]})
    state.summoned = True
    assert _choice(state) == {"type": "place", "card": "3C", "zone": 0}
