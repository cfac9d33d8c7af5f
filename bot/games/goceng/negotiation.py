"""The Extra Power negotiation: offers, revisions, withdrawals, counter-offers and the battler's choice.

The window is a :class:`ResponseWindow` whose ``stack`` holds the standing offers, one per helper:
``{"player", "card", "price", "counter", "refused"}``. ``counter`` is the battler's pending lower
price for that offer (None when there is none); ``refused`` says the helper turned a counter down,
so the battler may not counter that same offer again until the helper revises it.
``window.waiting`` holds the helpers still asked (no standing offer, not declined);
``context["final"]`` the helpers who left their offer standing as it is.

Who may act (see :func:`window_actors`): every helper still asked, every helper whose offer
stands and is not final (they may revise or withdraw it), every helper with a counter to answer,
and the battler from the window's opening: they may take no offer at any time, before any arrives too.
Every non-battler is asked alike, whether or not they hold a fitting card: one who holds none can
only decline, so the window's actors say nothing about hands.

Prices are any whole number of silver the battler can pay (the rulings: the rulebook's "any number of
coins"): a helper asks from 0 up to what the battler holds, and the battler counters with any lower
whole number. A helper first picks the card, then the price.
"""

from __future__ import annotations

from typing import Any

from bot.kernel.contract import Action, Event, IllegalAction
from bot.kernel.i18n import t
from bot.kernel.response_window import ResponseWindow

from . import flow
from .state import Battle, GocengState


def _battle(state: GocengState) -> Battle:
    """The battle the negotiation belongs to: the window opens in a battle and closes before it ends."""
    battle = state.battle
    assert battle is not None, "no battle is being fought"
    return battle


def _window(state: GocengState) -> ResponseWindow:
    """The open Extra Power window: every move of the negotiation is made while it is open."""
    window = _battle(state).window
    assert window is not None, "no Extra Power window is open"
    return window


def offer_prices(state: GocengState) -> range:
    """The prices a helper may ask: every whole number from 0 to the battler's coins, so every offer is
    affordable (more could never be paid)."""
    return range(state.coins[_battle(state).holder] + 1)


def counter_prices(offer: dict[str, Any]) -> range:
    """The battler's counter-offers to ``offer``: every whole number below its price."""
    return range(offer["price"])


def standing(state: GocengState, player: int) -> dict[str, Any] | None:
    """``player``'s standing offer in the open window, or None."""
    window = state.battle.window if state.battle else None
    if window is None:
        return None
    return next((o for o in window.stack if o["player"] == player), None)


def final(state: GocengState) -> list[int]:
    done: list[int] = _window(state).context.get("final", [])
    return done


def window_actors(state: GocengState) -> set[int]:
    battle = _battle(state)
    window = _window(state)
    done = final(state)
    out = set(window.waiting)
    for offer in window.stack:
        if offer["player"] not in done or offer["counter"] is not None:
            out.add(offer["player"])
    out.add(battle.holder)  # the battler may take no offer at any time, before any arrives too
    return out


def new_round_if_asked(state: GocengState, before: set[int]) -> None:
    """Start a new round when a move asks someone who was not asked (the battler at the first offer,
    a helper at a counter-offer): their prompt and deadline are new, everyone else's stay valid
    while the round lasts. Call after a window move with the actors from before it."""
    battle = state.battle
    if battle is None or battle.window is None:
        return
    if window_actors(state) - before:
        battle.window.context["round"] = battle.window.context.get("round", 0) + 1


def round_of(state: GocengState) -> str:
    """The window's round: which window (the count of windows opened) and which round in it."""
    return f"{state.windows}.{_window(state).context.get('round', 0)}"


def helper_actions(state: GocengState, player: int) -> list[Action]:
    """A helper's choices: offer (card, then price), answer a counter, leave it standing, withdraw, decline."""
    battle = _battle(state)
    mine = standing(state, player)
    out: list[Action] = []
    if mine is not None and mine["counter"] is not None:
        out += [{"type": "take_counter"}, {"type": "refuse_counter"}]
    for card in flow.fitting_cards(state, battle, battle.holder, player):
        for price in offer_prices(state):
            if mine is None or (mine["card"], mine["price"]) != (card, price):
                out.append({"type": "offer", "card": card, "price": price})
    if mine is not None:
        if mine["counter"] is None:
            out.append({"type": "stand"})
        out.append({"type": "withdraw"})
    else:
        out.append({"type": "decline"})
    return out


def battler_actions(state: GocengState) -> list[Action]:
    """The battler's choices: accept an offer, counter one with a lower price, or take none (at any time)."""
    window = _window(state)
    out: list[Action] = [{"type": "accept", "helper": o["player"]} for o in window.stack]
    # (with every offer withdrawn, only "no_help" is left: the battler may wait or give up on help)
    for offer in window.stack:
        if offer["counter"] is None and not offer["refused"]:
            out += [{"type": "counter", "helper": offer["player"], "price": p} for p in counter_prices(offer)]
    out.append({"type": "no_help"})
    return out


def timeout_action(state: GocengState, player: int) -> Action:
    """Silence: the battler takes no offer, a counter is refused, an offer stands, the asked decline."""
    if player == _battle(state).holder:
        return {"type": "no_help"}
    mine = standing(state, player)
    if mine is None:
        return {"type": "decline"}
    return {"type": "refuse_counter"} if mine["counter"] is not None else {"type": "stand"}


# --- helpers' handlers ---------------------------------------------------------------------------


def _not_battler(state: GocengState, player: int) -> None:
    if player == _battle(state).holder:
        raise IllegalAction(t("You are the battler; players outside the battle make the offers."))


def offer(state: GocengState, player: int, action: Action) -> list[Event]:
    """A new offer, or a revision of one's standing offer (a new card or price clears any counter)."""
    _not_battler(state, player)
    battle = _battle(state)
    window = _window(state)
    card, price = action["card"], action["price"]
    if card not in state.hands[player]:
        raise IllegalAction(t("That card is not in your hand."))
    if not flow.fits(battle, battle.holder, card):
        raise IllegalAction(t("That card does not fit the battler's line."))
    prices = offer_prices(state)
    if price not in prices:
        raise IllegalAction(
            t(
                "A price must be a whole number from 0 to {most} silver: what the battler holds.",
                most=prices[-1],
            )
        )
    mine = standing(state, player)
    if mine is not None and (mine["card"], mine["price"]) == (card, price):
        raise IllegalAction(t("That is already your offer."))
    new = {"player": player, "card": card, "price": price, "counter": None, "refused": False}
    if mine is None:
        window.answer(player)
        window.stack.append(new)
    else:
        window.stack[window.stack.index(mine)] = new
        _unfinal(state, player)
    battler = battle.holder
    return [
        {"type": "offer", "player": player, "battler": battler, "price": price, "changed": mine is not None},
        {"type": "offer_card", "player": player, "card": card, "price": price, "visible_to": [battler, player]},
    ]


def stand(state: GocengState, player: int, action: Action) -> list[Event]:
    """The offer stays as it is until the battler decides; the helper is not asked again meanwhile."""
    mine = standing(state, player)
    if mine is None:
        raise IllegalAction(t("You have no offer standing."))
    if mine["counter"] is not None:
        raise IllegalAction(t("The battler made you a counter-offer: take it or refuse it first."))
    _window(state).context["final"] = [*final(state), player]
    return [{"type": "stand", "player": player}]


def withdraw(state: GocengState, player: int, action: Action) -> list[Event]:
    """The offer is gone; the helper is asked again (they may offer anew or decline)."""
    window = _window(state)
    mine = standing(state, player)
    if mine is None:
        raise IllegalAction(t("You have no offer to withdraw."))
    window.stack.remove(mine)
    _unfinal(state, player)
    window.answered.remove(player)
    order = state.others(_battle(state).holder)
    window.waiting = sorted([*window.waiting, player], key=order.index)
    return [{"type": "withdraw", "player": player}]


def decline(state: GocengState, player: int, action: Action) -> list[Event]:
    _not_battler(state, player)
    window = _window(state)
    if standing(state, player) is not None:
        raise IllegalAction(t("Your offer stands: withdraw it instead."))
    window.answer(player)
    events: list[Event] = [{"type": "decline", "player": player}]
    if not window.waiting and not window.stack:
        events += close_without_help(state)
    return events


def take_counter(state: GocengState, player: int, action: Action) -> list[Event]:
    """The helper agrees to the battler's lower price: the deal is done at that price."""
    mine = standing(state, player)
    if mine is None or mine["counter"] is None:
        raise IllegalAction(t("There is no counter-offer for you to answer."))
    price = mine["counter"]
    events: list[Event] = [{"type": "take_counter", "player": player, "battler": _battle(state).holder, "price": price}]
    return events + _deal(state, mine, price)


def refuse_counter(state: GocengState, player: int, action: Action) -> list[Event]:
    """The helper keeps their price; the battler may still accept it (but not counter it again)."""
    mine = standing(state, player)
    if mine is None or mine["counter"] is None:
        raise IllegalAction(t("There is no counter-offer for you to answer."))
    mine["counter"], mine["refused"] = None, True
    return [{"type": "refuse_counter", "player": player, "battler": _battle(state).holder, "price": mine["price"]}]


# --- the battler's handlers ------------------------------------------------------------------------


def _their_offer(state: GocengState, player: int, action: Action) -> dict[str, Any]:
    if player != _battle(state).holder:
        raise IllegalAction(t("Only the battler who asked for help can answer an offer."))
    offer_ = standing(state, action["helper"])
    if offer_ is None:
        raise IllegalAction(t("That player has no offer standing."))
    return offer_


def accept(state: GocengState, player: int, action: Action) -> list[Event]:
    offer_ = _their_offer(state, player, action)
    price = offer_["price"]
    if price > state.coins[player]:
        raise IllegalAction(
            t(
                "You cannot afford that offer: it costs {price} silver and you have {coins}.",
                price=price,
                coins=state.coins[player],
            )
        )
    return _deal(state, offer_, price)


def counter(state: GocengState, player: int, action: Action) -> list[Event]:
    offer_ = _their_offer(state, player, action)
    if offer_["counter"] is not None:
        raise IllegalAction(t("You already made that helper a counter-offer; wait for their answer."))
    if offer_["refused"]:
        raise IllegalAction(t("That helper refused your counter-offer; accept their price or wait for a new one."))
    prices = counter_prices(offer_)
    if action["price"] not in prices:
        if not prices:
            raise IllegalAction(t("That offer is free already: there is nothing to counter."))
        raise IllegalAction(
            t(
                "A counter-offer must be a whole number from 0 to {most} silver, below the {asked} asked.",
                most=prices[-1],
                asked=offer_["price"],
            )
        )
    offer_["counter"] = action["price"]
    _unfinal(state, offer_["player"])
    return [
        {
            "type": "counter",
            "player": player,
            "helper": offer_["player"],
            "price": action["price"],
            "asked": offer_["price"],
        }
    ]


def no_help(state: GocengState, player: int, action: Action) -> list[Event]:
    if player != _battle(state).holder:
        raise IllegalAction(t("Only the battler who asked for help can close the window."))
    return close_without_help(state)


# --- closing ---------------------------------------------------------------------------------------


def _deal(state: GocengState, offer_: dict[str, Any], price: int) -> list[Event]:
    """The battler pays ``price`` for the helper's card, which joins the battler's line."""
    battle = _battle(state)
    battler, helper, card = battle.holder, offer_["player"], offer_["card"]
    battle.window = None
    state.hands[helper].remove(card)
    flow.pay(state, battler, helper, price)
    events: list[Event] = [{"type": "accept", "player": battler, "helper": helper, "card": card, "price": price}]
    return events + flow.place_card(state, battle, card, helper)


def close_without_help(state: GocengState) -> list[Event]:
    """No offer taken: the battler plays on alone, or loses at once with nothing that fits."""
    battle = _battle(state)
    battler = battle.holder
    battle.window = None
    events: list[Event] = [{"type": "no_help", "player": battler}]
    if not flow.fitting_cards(state, battle, battler, battler):
        events += flow.lose_battle(state, battle, battler)
    return events


def _unfinal(state: GocengState, player: int) -> None:
    context = _window(state).context
    if player in context.get("final", []):
        context["final"] = [p for p in context["final"] if p != player]
