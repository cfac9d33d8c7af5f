"""The question each picker step asks, first thing on the prompt (name-free: engines know no names)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.kernel.i18n import N_, step_question, t, tn, translate

from .state import LagaState
from .text import reason_text

#: The first question, by pending decision (``pre``/``post``: the turn player's own move).
_FIRST = {
    "pre": N_("Your turn: which move do you make?"),
    "post": N_("Use an ability, or end your turn?"),
    "gain": N_("Which resources do you take?"),
    "salary_choice": N_("Take your salary, or Make It Rain?"),
    "steal": N_("What do you steal?"),
    "transit": N_("Transit: which tile do you activate?"),
    "stasiun": N_("Stasiun: copy a tile?"),
    "cards": N_("You are looking at cards: what do you do?"),
    "complete": N_("Complete a Dream?"),
    "news_choice": N_("Ignore this News card, or let it apply to you?"),
}

#: The question of each action parameter, by action type (``None``: any type).
_QUESTIONS: dict[tuple[str | None, str], str] = {
    ("sow", "move"): N_("Which move? Each says where it lands"),
    ("gps", "move"): N_("GPS: carry a lone token to which tile?"),
    ("transform", "from"): N_("Transform which resource?"),
    ("transform", "to"): N_("Into which resource?"),
    ("transform", "amount"): N_("How many do you transform?"),
    ("swap", "tile"): N_("Swap which tile?"),
    ("swap", "with"): N_("Swap it with which tile?"),
    ("raid", "target"): N_("Raid (fine) which player?"),
    ("call", "target"): N_("Old Friend Call: which player?"),
    ("seduce", "target"): N_("Opposite Seduction: which player?"),
    ("deactivate", "target"): N_("Switch off whose Job?"),
    ("bury", "card"): N_("Return which Dream?"),
    ("psychic", "deck"): N_("Psychic: look at which deck?"),
    ("peek", "deck"): N_("Handshake: peek at which deck?"),
    ("take", "coin"): N_("How many Coin do you take?"),
    ("take", "pride"): N_("How many Pride do you take?"),
    ("take", "skill"): N_("How many Skill do you take?"),
    ("salary", "mode"): N_("Salary, or Make It Rain?"),
    ("steal", "from"): N_("Steal from which player?"),
    ("steal", "resource"): N_("Steal which resource?"),
    ("activate", "tile"): N_("Activate which tile?"),
    ("copy", "tile"): N_("Copy which tile?"),
    ("copy", "pay"): N_("How do you pay for the copy?"),
    ("look", "pay"): N_("Pay which resource to look at one more card?"),
    ("hire", "card"): N_("Change to which Job?"),
    ("hire", "coin"): N_("Pay how many Coin?"),
    ("hire", "pride"): N_("Pay how many Pride?"),
    ("hire", "skill"): N_("Pay how many Skill?"),
    ("hire_free", "card"): N_("Change to which Job, free?"),
    ("keep", "card"): N_("Keep which Dream?"),
    ("complete", "card"): N_("Complete which Dream?"),
    ("complete", "coin"): N_("Pay how many Coin?"),
    ("complete", "pride"): N_("Pay how many Pride?"),
    ("complete", "skill"): N_("Pay how many Skill?"),
    ("news", "choice"): N_("Ignore this News card, or let it apply?"),
    (None, "tile"): N_("Which tile?"),
    (None, "to"): N_("To which?"),
    (None, "from"): N_("From which?"),
    (None, "target"): N_("Which player?"),
    (None, "card"): N_("Which card?"),
    (None, "deck"): N_("Which deck?"),
    (None, "coin"): N_("How many Coin?"),
    (None, "pride"): N_("How many Pride?"),
    (None, "skill"): N_("How many Skill?"),
    (None, "pay"): N_("Pay with what?"),
    (None, "amount"): N_("How many?"),
}


def describe_question(
    state: LagaState, player: int, key: str | None, chosen: Any, names: Mapping[int, str] | None = None
) -> str:
    """The question a picker step asks (name-free: the engine knows no player names)."""
    if key == "type" and ("move", None) in tuple(chosen):
        return t("Which ability do you use before moving?")
    if key == "paying":
        return t("How do you pay?")
    if key in (None, "type") or (
        key in ("move", "take", "copy", "mode", "choice", "pick", "resource", "tile") and not chosen
    ):
        kind = state.tasks[-1].kind if state.tasks else state.phase
        if kind == "gain":
            data = state.tasks[-1].data
            reason = reason_text(data["reason"])
            return tn(
                "{reason}: you get {n} resource of your choice. Which?",
                "{reason}: you get {n} resources of your choice. Which?",
                data["amount"],
                reason=reason[:1].upper() + reason[1:],
            )
        if kind == "news_choice" and state.news:
            return t("{card} is in force: ignore it, or let it apply to you?", card=state.news)
        first = _FIRST.get(kind)
        return translate(first) if first else t("What do you do?")
    return step_question(_QUESTIONS, key, chosen)
