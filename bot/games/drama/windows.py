"""Plot Twist response windows: who may answer, the response stack, and how it resolves.

Windows open at the moments the rulings name (start of a turn, start of the
Action phase, after a card or ability is put into play, when a Dengki target
is declared) and reopen after every response, so a counter can be countered.
When everybody has passed, cancellations are settled last-in first-out (a
cancel that is itself cancelled does nothing) and the surviving responses are
queued so that the newest resolves first.

A stack entry is a plain dict: ``player``, ``cls`` (episode, plot_twist,
ability), ``card`` (card id, -1 for a hero ability), ``hero`` (hero key or "")
with ``side`` for a hero ability, and the chosen parameters ``target``, ``pick``, ``entry``, ``ref``.
``void`` marks an entry whose player left the match: it cancels and reflects
nothing, cannot be cancelled, and fizzles when it would resolve.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.drama.cards import Ability, Effect
from bot.games.drama.state import CARDS, DramaState, actions_left, new_ref, player
from bot.kernel.contract import Event
from bot.kernel.i18n import t
from bot.kernel.response_window import ResponseWindow


def entry_effects(entry: dict[str, Any]) -> tuple[Effect, ...]:
    """The effects a stack entry carries, looked up in the card data."""
    if entry.get("hero"):
        return CARDS.hero(entry["hero"]).ability.effects
    cid: int = entry["card"]
    if CARDS.is_blue(cid):
        return CARDS.blue[cid].effects
    return CARDS.g(cid).ability.effects


def entry_ability(entry: dict[str, Any]) -> Ability | None:
    if entry.get("hero"):
        return CARDS.hero(entry["hero"]).ability
    if entry["cls"] == "ability":
        return CARDS.g(entry["card"]).ability
    return None


def entry_name(entry: dict[str, Any]) -> str:
    """The entry's name as events and views keep it (English: shown through ``entry_text``)."""
    if entry.get("hero"):
        return f"{CARDS.hero(entry['hero']).sides[entry.get('side', 0)][0]} ABILITY"
    name = CARDS.name(entry["card"])
    return f"{name} ABILITY" if entry["cls"] == "ability" else name


_ABILITY = " ABILITY"
_BLUE_BY_NAME = {d.name: d for d in CARDS.blue}
_GREEN_BY_NAME = {g.name: g for g in CARDS.green}
_HERO_BY_SIDE = {name: h for h in CARDS.heroes for name, _gender in h.sides}


def named_entry_effects(entry: Mapping[str, Any]) -> tuple[Effect, ...]:
    """The effects of a stack entry as a view shows it (by its ``entry_name``, its ``class`` and ``hero`` flag):
    what every player may read of a card in play, looked up in the card data like ``entry_effects``."""
    name = entry["name"]
    if entry.get("hero"):
        hero = _HERO_BY_SIDE.get(name[: -len(_ABILITY)])
        return hero.ability.effects if hero else ()
    if entry["class"] == "ability":
        green = _GREEN_BY_NAME.get(name[: -len(_ABILITY)])
        return green.ability.effects if green else ()
    blue = _BLUE_BY_NAME.get(name)
    return blue.effects if blue else ()


def entry_text(name: Any) -> str:
    """An ``entry_name`` (from an event or a view) in the reader's language: card names stay, "ABILITY" is text."""
    if isinstance(name, str) and name.endswith(_ABILITY):
        return t("{card} ABILITY", card=name[: -len(_ABILITY)])
    return str(name)


def entry_label(entry: dict[str, Any]) -> str:
    """``entry_name`` for a reader."""
    return entry_text(entry_name(entry))


def eligible(state: DramaState, exclude: int | None) -> list[int]:
    """Players who may answer: living, holding cards, and (the turn player) with an Action to spend.

    Everyone holding a card is asked, whether or not they hold a Plot Twist,
    so being asked reveals nothing about a hand.
    """
    tp = state.turn.player
    ids = [p.id for p in state.players]
    i = ids.index(tp)
    order = state.players[i + 1 :] + state.players[: i + 1]
    out = []
    for p in order:
        if not p.alive or p.id == exclude or not p.hand:
            continue
        if p.id == tp and (state.turn.silenced or actions_left(state) <= 0):
            continue
        out.append(p.id)
    return out


def open_window(
    state: DramaState,
    kind: str,
    exclude: int | None,
    base: dict[str, Any] | None = None,
    context: dict[str, Any] | None = None,
) -> None:
    """Open a window; ``base`` is the card or ability just put into play, if it can be answered.

    Each window (and each reopening after a response) gets a fresh ``round``
    number, so the platform can give everyone one shared deadline per round
    instead of restarting the clock at every pass (the ruled 20 s window). Its
    first one stays as the window's own name (``opened``) across its rounds: a
    window comes back many times a turn, and the platform keeps one prompt per
    person for all of them, brought up to date in place.
    """
    ref = new_ref(state)
    w = ResponseWindow.open(kind, eligible(state, exclude), dict(context or {}, round=ref, opened=ref))
    if base is not None:
        w.stack.append(base)
    state.window = w


def add_response(state: DramaState, pid: int, entry: dict[str, Any]) -> None:
    """Stack a Plot Twist and ask everyone else again."""
    assert state.window is not None
    state.window.push(pid, entry, eligible(state, exclude=pid))
    state.window.context["round"] = new_ref(state)  # a new round: everyone gets a full window again


def cancelled_flags(
    stack: Sequence[Mapping[str, Any]], effects: Callable[[Any], tuple[Effect, ...]] = entry_effects
) -> list[bool]:
    """Which entries end up cancelled: from the newest down, a live cancel cancels its target. ``effects`` reads
    an entry's effects: the state's entries by default, a view's with ``named_entry_effects``."""
    flags = [False] * len(stack)
    for i in range(len(stack) - 1, -1, -1):
        e = stack[i]
        if flags[i] or "entry" not in e or e.get("void"):
            continue
        if any(x.kind == "cancel" for x in effects(e)):
            flags[e["entry"]] = True
    return flags


def projected_target(state: DramaState) -> int | None:
    """Whom the pending Dengki will hit if the stacked responses resolve as they stand.

    Reflections are swaps, so their order does not matter; only cancellation does.
    """
    a = state.attack
    w = state.window
    if a is None or w is None or w.kind != "dengki":
        return None
    attacker, target = a.attacker, a.target
    for e, dead in zip(w.stack, cancelled_flags(w.stack), strict=True):
        if not dead and not e.get("void") and any(x.kind == "reflect_attack" for x in entry_effects(e)):
            attacker, target = target, attacker
    return target


def close_window(state: DramaState, events: list[Event]) -> None:
    """Settle cancellations and queue the surviving responses, newest on top of the agenda."""
    w = state.window
    assert w is not None
    state.window = None
    flags = cancelled_flags(w.stack)
    for e, dead in zip(w.stack, flags, strict=True):
        if dead:
            events.append({"type": "cancelled", "player": e["player"], "name": entry_name(e)})
    for e, dead in zip(w.stack, flags, strict=True):
        if not dead:
            state.agenda.append({"do": "resolve", "entry": e})


def cancellable(state: DramaState, pid: int, cancels: tuple[str, ...]) -> list[int]:
    """Stack indexes ``pid`` may cancel: another player's entry of a class the card cancels."""
    w = state.window
    if w is None:
        return []
    return [i for i, e in enumerate(w.stack) if e["player"] != pid and e["cls"] in cancels and not e.get("void")]


def turn_player_pays(state: DramaState, pid: int) -> bool:
    """A Plot Twist played on your own turn costs an Action; on anyone else's it is free."""
    return pid == state.turn.player


def hand_has(state: DramaState, pid: int, cid: int) -> bool:
    return cid in player(state, pid).hand
