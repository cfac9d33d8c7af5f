"""The six tile effects, and the card viewing that Lowongan and Impian start.

Activation is an automatic step with the tile and the token count noted when the last
token landed; ``how`` says whether the tile was landed on, copied by Stasiun or reached
by Transit, because some cards care about landing and others about any activation.
"""

from __future__ import annotations

from typing import Any

from .cards import cards
from .economy import dream_payments, fine, gain_task, give, news_rewarded
from .powers import dream_done, has, news_on
from .state import TILE_NAMES, LagaState, PlayerState, Task

RESOURCE_TILES = {"kerja": "coin", "nongkrong": "pride", "training": "skill"}
CARD_TILES = {"lowongan": "job", "impian": "dream"}


def tile_gain(state: LagaState, p: PlayerState, tile: str, events: list[dict[str, Any]]) -> list[Task]:
    """Kerja / Nongkrong / Training: 2 of their resource, with Blueprint, Flood and Car Free Day."""
    n = 2 + int(dream_done(p, "bkt_blueprint"))
    if news_on(state, p, "seasonal_flood"):
        n -= 1
    car_free = news_on(state, p, "car_free_day")
    if car_free:
        n *= 2
    kind = RESOURCE_TILES[tile]
    give(p, (n * (kind == "coin"), n * (kind == "pride"), n * (kind == "skill")), TILE_NAMES[tile], events)
    tasks: list[Task] = []
    if n > 0 and has(state, p, "jetset_lifestyle"):
        tasks.append(gain_task(p, 1, "Jetset Lifestyle"))
    if car_free and n > 0:
        tasks += news_rewarded(state)
    return tasks


def activate(
    state: LagaState, p: PlayerState, tile: str, count: int, how: str, events: list[dict[str, Any]]
) -> list[Task]:
    """Run ``tile``'s effect for ``p`` counting ``count`` tokens."""
    events.append({"type": "activate", "player": p.pid, "tile": tile, "count": count, "how": how})
    if tile in RESOURCE_TILES:
        return tile_gain(state, p, tile, events)
    if tile == "stasiun":
        return [Task("stasiun", p.pid, {"count": count})]
    tasks: list[Task] = []
    if how != "land" and news_on(state, p, "bomb_threats"):
        tasks += fine(state, p, "Bomb Threats", events)
    keep = 1
    if tile == "impian" and news_on(state, p, "governor_inauguration"):
        keep = 2
        tasks.append(gain_task(p, 1, "Governor Inauguration"))
        tasks += news_rewarded(state)
    extra = int(how == "land" and has(state, p, "trendy"))
    if extra:
        events.append({"type": "ability", "player": p.pid, "ability": "trendy"})
    deck_kind = CARD_TILES[tile]
    draw(state, p, deck_kind, count + extra, events)
    if state.looking:
        tasks.append(Task("cards", p.pid, {"deck": deck_kind, "keep": keep}))
    if deck_kind == "dream":
        tasks.append(Task("complete_check", p.pid))
    return tasks


def deck_of(state: LagaState, kind: str) -> list[str]:
    return state.job_deck if kind == "job" else state.dream_deck


def draw(state: LagaState, p: PlayerState, kind: str, n: int, events: list[dict[str, Any]]) -> None:
    """Move up to ``n`` cards from the top of a deck to the cards ``p`` is looking at."""
    deck = deck_of(state, kind)
    got = deck[:n]
    del deck[:n]
    if not got:
        return
    state.looking.extend(got)
    events.append({"type": "look", "player": p.pid, "deck": kind, "count": len(got)})
    events.append({"type": "see", "player": p.pid, "deck": kind, "cards": got, "visible_to": [p.pid]})


def return_looked(state: LagaState, p: PlayerState, kind: str, events: list[dict[str, Any]]) -> None:
    """The cards not taken go back to the bottom of their deck, in the order they were seen."""
    if state.looking:
        deck_of(state, kind).extend(state.looking)
        events.append({"type": "return", "player": p.pid, "deck": kind, "count": len(state.looking)})
        state.looking = []


def complete_check(state: LagaState, p: PlayerState) -> list[Task]:
    """After Impian's cards, offer to complete a Dream when one is affordable."""
    if any(dream_payments(state, p, cards().dreams[d]) for d in p.dreams):
        return [Task("complete", p.pid)]
    return []
