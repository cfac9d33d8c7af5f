"""A full Laga Jakarta state drawn from one player's view: what the hard AI searches over.

The view shows the ring, every resource, every Job stack, the completed Dreams, how many
Dreams each player holds, the News in force and done, the deck sizes, the rules' public
bookkeeping (the step stack, the uses this turn and round, the News answers) and the
viewer's own Dreams and looked-at cards. What it hides is which cards lie where:
``sample`` deals the Dreams the viewer cannot account for (all Dreams minus the completed
ones and its own) into the other players' Dreams, the cards someone else looks at and the
Dream deck; the Jobs nobody holds into the Job deck (and the cards looked at); the News
not yet opened into the News deck and the box; and gives the state a fresh Rng. Only the
view and ``rng`` are read, so two states the viewer cannot tell apart give the same
sample. What the viewer remembers beyond its view (a peeked top card, the cards it
returned to a deck's bottom) is not used: a deal is consistent with the view, not with a
memory the view does not keep.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.kernel.rng import Rng

from .cards import cards
from .state import LagaState, PlayerState, Task


def _deck_of_looking(view: Mapping[str, Any]) -> str | None:
    """The deck the cards being looked at come from: the newest card viewing on the step stack."""
    for task in reversed(view["bookkeeping"]["tasks"]):
        if task["kind"] == "cards":
            return str(task["data"]["deck"])
    return None


def sample(view: Mapping[str, Any], rng: Rng) -> LagaState:
    """A state consistent with ``view`` (a player's own view), hidden cards dealt by ``rng``."""
    you = view.get("you")
    if view.get("viewer") is None or you is None:
        raise ValueError("a determinization needs a player's own view")
    if view["phase"] == "over":
        raise ValueError("a finished match has nothing to search")
    c = cards()
    book = view["bookkeeping"]
    me = you["id"]
    looking_kind = _deck_of_looking(view)
    own_looking = list(you["looking"])
    unseen_looking = book["looking"] - len(own_looking)
    if own_looking and unseen_looking:
        raise ValueError("the view shows part of the cards looked at")

    completed = {d for p in view["players"] for d in p["completed"]}
    known_dreams = completed | set(you["dreams"]) | (set(own_looking) if looking_kind == "dream" else set())
    dream_pool = sorted(d for d in c.dreams if d not in known_dreams)
    held_jobs = {j for p in view["players"] for j in p["jobs"]}
    known_jobs = held_jobs | (set(own_looking) if looking_kind == "job" else set())
    job_pool = sorted(j for j in c.jobs if j not in known_jobs)
    opened = set(view["news_done"]) | ({view["news"]["name"]} if view["news"] else set())
    news_pool = sorted(n for n in c.news if n not in opened)
    rng.shuffle(dream_pool)
    rng.shuffle(job_pool)
    rng.shuffle(news_pool)

    looking = own_looking
    if unseen_looking:
        pool = dream_pool if looking_kind == "dream" else job_pool
        looking = [pool.pop() for _ in range(unseen_looking)]
    players = []
    for pv in view["players"]:
        own = pv["id"] == me
        dreams = list(you["dreams"]) if own else [dream_pool.pop() for _ in range(pv["dreams_held"])]
        players.append(
            PlayerState(
                pid=pv["id"],
                res={"coin": pv["coin"], "pride": pv["pride"], "skill": pv["skill"]},
                jobs=list(pv["jobs"]),
                face_down=bool(pv["face_down"]),
                dreams=dreams,
                completed=list(pv["completed"]),
                gender=pv["gender"],
                deactivated_by=pv["switched_off_by"],
            )
        )
    if len(dream_pool) != view["decks"]["dreams"] or len(job_pool) != view["decks"]["jobs"]:
        raise ValueError(
            f"the view does not add up: {len(dream_pool)} Dreams and {len(job_pool)} Jobs unseen "
            f"for decks of {view['decks']['dreams']} and {view['decks']['jobs']}"
        )
    left = view["news_left"]
    if len(news_pool) < left:
        raise ValueError(f"the view does not add up: {len(news_pool)} News unopened for a deck of {left}")
    ids = [p.pid for p in players]
    state = LagaState(
        players=players,
        ring=[tl["tile"] for tl in view["ring"]],
        tokens=[tl["tokens"] for tl in view["ring"]],
        job_deck=job_pool,
        dream_deck=dream_pool,
        news_deck=news_pool[:left],
        news_box=news_pool[left:],
        rng=Rng.seeded(rng.next64()),
        news_done=list(view["news_done"]),
        news=view["news"]["name"] if view["news"] else "",
        round=view["round"],
        first=ids.index(view["first_player"]),
        turn=ids.index(view["turn_player"]),
        phase=view["phase"],
        tasks=[Task(t["kind"], t["player"], _copy(t["data"])) for t in book["tasks"]],
        used=list(book["used"]),
        round_used=list(book["round_used"]),
        overflow_fined=bool(book["overflow_fined"]),
        extra_turns=int(book["extra_turns"]),
        accepted_news=list(book["accepted_news"]),
        ignored_news=list(book["ignored_news"]),
        looking=looking,
    )
    return state


def _copy(data: Any) -> Any:
    """A deep copy of a step's plain data (lists and dicts), so a sample never shares the view's lists."""
    if isinstance(data, dict):
        return {k: _copy(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_copy(v) for v in data]
    return data
