"""Words of the Extra Power negotiation: button labels, explanations, questions and log lines.

Kept apart from :mod:`text` because the negotiation has its own vocabulary (offer, revise,
counter, stand) and each of its labels depends on the offers standing in the window.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.kernel.contract import Event
from bot.kernel.i18n import N_, t, tn

from .negotiation import standing
from .state import GocengState
from .view import card_info, card_text, player_name


def _card(card: str, plain: bool = False) -> str:
    return card_text(card_info(card), named=True, plain=plain)


def type_label(state: GocengState, player: int, kind: str) -> str | None:
    """A window action's button label, naming the price or card it is about; None for other types."""
    battle = state.battle
    window = battle.window if battle else None
    if window is None:
        return None
    mine = standing(state, player)
    if kind == "offer":
        return t("Change my offer") if mine is not None else t("Offer a card")
    if kind == "stand":
        return tn("Leave my offer at {n} silver", "Leave my offer at {n} silver", mine["price"]) if mine else None
    if kind == "withdraw":
        return t("Withdraw my offer")
    if kind == "decline":
        return t("Decline to help")
    if kind == "take_counter" and mine and mine["counter"] is not None:
        return tn("Sell for {n} silver", "Sell for {n} silver", mine["counter"])
    if kind == "refuse_counter" and mine:
        return tn("Refuse: keep {n} silver", "Refuse: keep {n} silver", mine["price"])
    if kind == "accept":
        if len(window.stack) == 1:
            offer = window.stack[0]
            return tn(
                "Accept {card} for {n} silver",
                "Accept {card} for {n} silver",
                offer["price"],
                card=card_text(card_info(offer["card"]), plain=True),
            )
        return t("Accept an offer…")
    if kind == "counter":
        return t("Counter with a lower price…")
    if kind == "no_help":
        return t("Take no offer")
    return None


def explain_choice(state: GocengState, player: int, key: str, value: Any) -> str:
    """Under each helper's name in the battler's choice: the card offered and its price."""
    if key == "helper" and state.battle is not None and state.battle.window is not None:
        return explain_helper(state, key, value)
    return ""


def explain_helper(state: GocengState, key: str, value: Any) -> str:
    """Under a helper's name in the battler's choice: the card they offer and its price."""
    offer = standing(state, value) if isinstance(value, int) else None
    if offer is None:
        return ""
    if offer["counter"] is not None:
        return tn(
            "{card} · asks {n} silver · your counter: {counter}",
            "{card} · asks {n} silver · your counter: {counter}",
            offer["price"],
            card=_card(offer["card"], plain=True),
            counter=offer["counter"],
        )
    return tn("{card} · {n} silver", "{card} · {n} silver", offer["price"], card=_card(offer["card"], plain=True))


def first_question(state: GocengState, player: int, names: Mapping[int, str] | None = None) -> str:
    """The question a window prompt asks this player, first thing; ``names`` name the battlers.

    Asked only while an Extra Power window is open."""
    battle = state.battle
    window = battle.window if battle is not None else None
    assert battle is not None and window is not None, "no Extra Power window is open"
    if player == battle.holder:
        if not window.stack:
            return t("No offer stands now: wait for one, or take no offer?")
        return tn(
            "{n} offer for your line: accept, counter or take none?",
            "{n} offers for your line: accept, counter or take none?",
            len(window.stack),
        )
    mine = standing(state, player)
    if mine is not None and mine["counter"] is not None:
        return tn(
            "The battler offers {n} silver for your card (you asked {asked}): sell?",
            "The battler offers {n} silver for your card (you asked {asked}): sell?",
            mine["counter"],
            asked=mine["price"],
        )
    if mine is not None:
        return tn(
            "Your offer stands at {n} silver: change it, withdraw it or leave it?",
            "Your offer stands at {n} silver: change it, withdraw it or leave it?",
            mine["price"],
        )
    holder = battle.holder
    if names and holder in names and battle.opponent(holder) in names:
        return t(
            "{battler} asks for Extra Power against {opponent}: offer a card from your hand?",
            battler=names[holder],
            opponent=names[battle.opponent(holder)],
        )
    return t("Extra Power is asked for: offer a card from your hand?")


#: The question of each negotiation step, by (action type, parameter).
QUESTIONS: dict[tuple[str | None, str], str] = {
    ("offer", "card"): N_("Which card do you offer?"),
    ("offer", "price"): N_("For how much silver? (at most what the battler has)"),
    ("accept", "helper"): N_("Whose offer do you accept?"),
    ("counter", "helper"): N_("Whose offer do you counter?"),
    ("counter", "price"): N_("What lower price do you offer?"),
}


def describe_event(event: Event, names: Mapping[int, str]) -> str | None:
    """A log line for a negotiation event; None for other events."""

    def n(key: str) -> str:
        return player_name(names, event.get(key))

    kind = event.get("type")
    if kind == "help_asked":
        return t("🤝 {player} asks for Extra Power!", player=n("player"))
    if kind == "offer":
        if event.get("changed"):
            return tn(
                "{player} changes their offer to {n} silver.",
                "{player} changes their offer to {n} silver.",
                event["price"],
                player=n("player"),
            )
        return tn(
            "{player} offers a card: {n} silver.",
            "{player} offers a card: {n} silver.",
            event["price"],
            player=n("player"),
        )
    if kind == "offer_card":
        return tn(
            "{player}'s offer: {card} for {n} silver.",
            "{player}'s offer: {card} for {n} silver.",
            event["price"],
            player=n("player"),
            card=_card(event["card"]),
        )
    if kind == "stand":
        return ""  # quiet: leaving an offer as it is changes nothing anyone sees
    if kind == "withdraw":
        return t("{player} withdraws their offer.", player=n("player"))
    if kind == "decline":
        return ""  # quiet: how soon someone declines would hint at what their hand lacks
    if kind == "counter":
        return tn(
            "{player} counters {helper}'s offer: {n} silver instead of {asked}?",
            "{player} counters {helper}'s offer: {n} silver instead of {asked}?",
            event["price"],
            player=n("player"),
            helper=n("helper"),
            asked=event["asked"],
        )
    if kind == "take_counter":
        return tn(
            "{player} takes the counter-offer of {n} silver.",
            "{player} takes the counter-offer of {n} silver.",
            event["price"],
            player=n("player"),
        )
    if kind == "refuse_counter":
        return tn(
            "{player} refuses: still {n} silver.",
            "{player} refuses: still {n} silver.",
            event["price"],
            player=n("player"),
        )
    if kind == "accept":
        return tn(
            "{player} takes {helper}'s {card} for {n} silver.",
            "{player} takes {helper}'s {card} for {n} silver.",
            event["price"],
            player=n("player"),
            helper=n("helper"),
            card=_card(event["card"]),
        )
    if kind == "no_help":
        return t("{player} takes no offer.", player=n("player"))
    return None
