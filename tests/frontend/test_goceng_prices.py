"""Any price the rulings allow, on the helper's picker: every whole number from 0 to what the battler holds.

Up to ten prices with nothing to explain are buttons; more are a menu, and past 25 the prices are two
menus, each saying which prices it holds. Built on an engine state arranged at 5, 10 and 30 silver and
rendered as the picker is sent.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.frontend.ui import render
from bot.frontend.ui.picker import walk
from bot.kernel.module import get_game
from bot.play.match_types import LiveMatch
from tests.frontend.live_match import live_match
from tests.games.goceng.goceng_helpers import act, deal, start_battle

GOCENG = get_game("goceng")
#: Seat ids as Discord gives them (a price is a small number, never taken for a player).
A, B, C, D = 7100000000000001, 7100000000000002, 7100000000000003, 7100000000000004


def _asked(coins: int) -> LiveMatch:
    """A battles B and asks for Extra Power holding ``coins`` silver; C holds a fitting card."""
    state = GOCENG.rules.new_game([A, B, C, D], 20)
    deal(state, {A: ["RR", "BB"], B: ["GG", "GY"], C: ["RY", "YY"], D: ["RG", "BR"]})
    start_battle(state, A, B)
    act(state, A, {"type": "play", "card": "RR"})
    act(state, B, {"type": "play", "card": "GG"})
    state.coins[A] = coins
    act(state, A, {"type": "ask_help"})
    return live_match(GOCENG, state, {A: "Aisyah", B: "Budi", C: "Citra", D: "Dewi"})


def _price_step(live: LiveMatch) -> tuple[list[Any], Any]:
    """Helper C's legal actions and the picker step that asks the price of their one fitting card."""
    legal = GOCENG.rules.legal_actions(live.state, C)
    step = walk(legal, ())
    while step.key != "price":
        offer = next(c for c in step.choices if c.value in ("offer", "RY"))
        step = walk(legal, (*step.path, offer.index))
    return legal, step


@pytest.mark.parametrize("coins", [5, 10, 30])
def test_every_price_up_to_what_the_battler_holds_is_on_the_picker(coins):
    live = _asked(coins)
    legal, step = _price_step(live)
    assert [c.value for c in step.choices] == list(range(coins + 1))
    view = render.picker_message(live, C, step).view
    assert view is not None
    selects = [i for i in view.children if isinstance(i, discord.ui.Select)]
    buttons = [i for i in view.children if isinstance(i, discord.ui.Button) and i.label != "Back"]
    if coins + 1 <= render.PLAIN_BUTTON_CHOICES:
        assert [b.label for b in buttons] == [f"{p} silver" for p in range(coins + 1)] and not selects
        return
    offered = [int(o.value) for s in selects for o in s.options]
    assert offered == list(range(coins + 1)) and not buttons  # every price, in order, each one choice
    if coins + 1 > render.SELECT_OPTIONS:
        assert [s.placeholder for s in selects] == ["0 silver – 24 silver", f"25 silver – {coins} silver"]
    # the last price, as a player picks it, is the offer at that price
    assert walk(legal, (*step.path, offered[-1])).action == {"type": "offer", "card": "RY", "price": coins}
