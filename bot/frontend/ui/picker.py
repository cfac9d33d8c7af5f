"""Turn any game's legal actions into a step-by-step choice, without knowing the game.

Actions are dicts whose keys the engine orders the way a person decides
(``type``, then the card, then the zone). At each step the picker finds the
first key on which the remaining actions differ and offers its distinct
values; the choices made so far are a short path of indices. Because the
legal actions of a stored state are deterministic, the path alone (kept in a
component's custom_id) rebuilds the same step after a restart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.kernel.contract import Action, Refusal

_MISSING = object()


@dataclass(frozen=True)
class Choice:
    """One value offered at a step; ``index`` is what goes into the path."""

    index: int
    key: str
    value: Any


@dataclass(frozen=True)
class Step:
    """Either a choice still to make (``choices``) or the single action the path leads to."""

    path: tuple[int, ...]
    key: str | None
    choices: tuple[Choice, ...]
    candidates: tuple[Action, ...]
    action: Action | None = None
    #: The (key, value) pairs chosen along the path, for a "chosen so far" line.
    chosen: tuple[tuple[str, Any], ...] = ()
    #: Every legal action the step was walked from (fingerprinted into the picker's ids).
    all_legal: tuple[Action, ...] = ()
    #: (key, value) pairs every candidate shares that were never asked (all hero picks are
    #: ``type: choose_hero``), so a question can still be worded for its action type.
    implied: tuple[tuple[str, Any], ...] = ()

    @property
    def context(self) -> tuple[tuple[str, Any], ...]:
        """What is settled at this step, asked or implied: what a question is worded from."""
        return self.implied + self.chosen


class PathError(Refusal):
    """The path does not lead anywhere in these legal actions (forged or out of date)."""


def _distinct(candidates: Sequence[Action], key: str) -> list[Any]:
    seen: list[Any] = []
    for action in candidates:
        value = action.get(key, _MISSING)
        if value not in seen:
            seen.append(value)
    return seen


def _splitting_key(candidates: Sequence[Action], lead: str | None = None, force: bool = False) -> str | None:
    """The first key on which candidates differ, or ``lead`` when it tells them apart.

    The first step leads with the first action's first key: ``type``, unless a game
    puts another first (a move named by tile and direction together), so that those
    values are offered at once and the actions without that key form one more choice,
    whose next step asks their ``type`` (``force``: even a single one, so its name is seen).
    A first lead every candidate agrees on is not asked (a hero pick opens at the heroes,
    not at a lone "Choose a hero"), but a lone legal action (say "End turn") must still be
    offered as a button to press, never applied just because the player opened the picker.
    """
    if lead is not None and (force or len(candidates) == 1 or len(_distinct(candidates, lead)) > 1):
        return lead
    keys: list[str] = []
    for action in candidates:
        for key in action:
            if key not in keys:
                keys.append(key)
    for key in keys:
        if len(_distinct(candidates, key)) > 1:
            return key
    return None


def _implied(candidates: Sequence[Action], lead: str | None, key: str | None) -> tuple[tuple[str, Any], ...]:
    """The lead's value, when the step skipped it because every candidate agrees on it."""
    if lead is None or key == lead or key is None:
        return ()
    value = candidates[0].get(lead, _MISSING)
    return () if value is _MISSING else ((lead, value),)


def _lead(candidates: Sequence[Action]) -> str:
    return next(iter(candidates[0]), "type")


def walk(legal: Sequence[Action], path: Sequence[int]) -> Step:
    """Follow ``path`` through ``legal``; stops at the next choice or at a single action."""
    candidates = list(legal)
    if not candidates:
        raise PathError("There is nothing you can do right now.")
    taken: list[int] = []
    chosen_pairs: list[tuple[str, Any]] = []
    implied: list[tuple[str, Any]] = []
    lead: str | None = _lead(candidates)
    force = False
    for index in path:
        key = _splitting_key(candidates, lead, force)
        if key is None:
            raise PathError("That choice is no longer available.")
        implied.extend(_implied(candidates, lead, key))
        values = _distinct(candidates, key)
        if not 0 <= index < len(values):
            raise PathError("That choice is no longer available.")
        chosen = values[index]
        candidates = [a for a in candidates if a.get(key, _MISSING) == chosen]
        taken.append(index)
        chosen_pairs.append((key, None if chosen is _MISSING else chosen))
        # the group without the leading key is asked its type next, even if all agree
        force = chosen is _MISSING and key != "type"
        lead = "type" if force else None
    key = _splitting_key(candidates, lead, force)
    implied.extend(_implied(candidates, lead, key))
    if key is None:
        return Step(
            tuple(taken), None, (), tuple(candidates), candidates[0], tuple(chosen_pairs), tuple(legal), tuple(implied)
        )
    values = _distinct(candidates, key)
    choices = tuple(Choice(i, key, None if v is _MISSING else v) for i, v in enumerate(values))
    return Step(tuple(taken), key, choices, tuple(candidates), None, tuple(chosen_pairs), tuple(legal), tuple(implied))


@dataclass(frozen=True)
class Offer:
    """One button of a step: ``choice`` taken from ``path`` (the step's own path, or one choice further when the
    button offers an option of the step after it at once; ``via`` is then the step's choice it goes through)."""

    path: tuple[int, ...]
    choice: Choice
    via: Choice | None = None


def offers(
    legal: Sequence[Action], step: Step, most: int, fits: Callable[[Offer], bool] = lambda offer: True
) -> list[Offer]:
    """The step's choices as at most ``most`` buttons, the choices that ask more unfolded into their options.

    "Attack" then "Budi" is two taps; when the step has room, "Attack › Budi" and "Attack › Citra" are
    offered at once, one tap each, and only when each of their options ends the decision (a button never
    opens a half-made choice). Choices of one kind (which card to place) unfold all or none: a picker where
    one card's places are offered and the next card's are not reads as a puzzle. Kinds of move are each a
    question of their own: they unfold in the step's order (the order a person decides in) while the buttons
    fit, so "Play Cliffhanger", "Play Kena Pukau" can stand beside "Buy…". ``fits``: whether an unfolded
    option's button says all it must (its words are not cut); a choice with one that does not stays folded.
    The step's order is kept.
    """
    plain = [Offer(step.path, choice) for choice in step.choices]
    if len(plain) > most:
        return plain
    unfoldable: dict[int, list[Offer]] = {}
    for choice in step.choices:
        path = (*step.path, choice.index)
        after = walk(legal, path)
        if after.action is not None:
            continue  # this choice ends the decision itself
        if any(walk(legal, (*path, option.index)).action is None for option in after.choices):
            if step.key != "type":
                return plain
            continue  # a kind that asks twice more stays one button
        own = [Offer(path, option, via=choice) for option in after.choices]
        if not all(fits(offer) for offer in own):
            if step.key != "type":
                return plain
            continue
        unfoldable[choice.index] = own
    unfolded: dict[int, list[Offer]] = {}
    count = len(plain)
    for index, own in unfoldable.items():
        if count - 1 + len(own) > most:
            if step.key != "type":
                return plain
            continue
        unfolded[index] = own
        count += len(own) - 1
    return [each for choice, own in zip(step.choices, plain, strict=True) for each in unfolded.get(choice.index, [own])]


def respond_path(legal: Sequence[Action], passing: Any) -> tuple[int, ...]:
    """Where answering a window starts: where its only answers are passing (``type`` ``passing``) and one
    other kind (say, playing a card), straight at that kind, since the prompt's own button passes."""
    first = walk(legal, ())
    others = [c for c in first.choices if c.value != passing]
    if len(first.choices) != 2 or len(others) != 1 or walk(legal, (others[0].index,)).key is None:
        return ()  # a lone answer stays a button to press, never applied by opening the picker
    return (others[0].index,)


def one_tap_answers(legal: Sequence[Action], passing: Any, most: int) -> list[Offer] | None:
    """A window's answers other than passing, each one tap (``offers``), if there are at most ``most`` of
    them: a prompt can then carry them itself, and answering is one tap from the notification."""
    start = walk(legal, respond_path(legal, passing))
    if start.action is not None:
        return None
    answers = []
    for offer in offers(legal, start, most + 1):
        action = walk(legal, (*offer.path, offer.choice.index)).action
        if action is None:
            return None  # a choice that asks more: the picker asks it
        if action.get("type") != passing:
            answers.append(offer)
    return answers if 0 < len(answers) <= most else None
