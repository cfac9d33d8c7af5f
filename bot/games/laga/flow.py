"""The shape of a game: setup, rounds and turns, the News and Salary phases, and moves.

``advance`` runs automatic steps off the task stack until a player must decide, so
after every action the state is parked on a decision (or the game is over).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.kernel.rng import Rng

from .board import drop, settle
from .cards import cards
from .economy import fine, gain_task, give, news_rewarded, pay, salary_tasks
from .powers import (
    ONE_SHOT_NEWS,
    ability,
    dream_done,
    has,
    ignores_news,
    immune,
    level,
    neighbours,
    news_decided,
    news_effect,
    news_on,
    others,
)
from .scoring import ranking
from .state import MAX_PER_TILE, NEWS_USED, TILES, TOKENS, LagaState, PlayerState, Task, schedule
from .tiles import activate, complete_check

Event = dict[str, Any]
AUTO = frozenset({"news", "news_effect", "salary", "activate", "complete_check"})


def new_state(player_ids: Sequence[int], seed: int, genders: Mapping[int, str]) -> LagaState:
    """Seeded setup: ring, tokens (at most 4 a tile), a Level 1 Job and a Dream each, 12 News."""
    rng = Rng.seeded(seed)
    c = cards()
    ring = list(TILES)
    rng.shuffle(ring)
    tokens = [0] * 6
    for _ in range(TOKENS):
        tokens[rng.choice([i for i in range(6) if tokens[i] < MAX_PER_TILE])] += 1
    level1 = sorted(n for n, j in c.jobs.items() if j.level == 1)
    rng.shuffle(level1)
    players = [PlayerState(pid=pid, jobs=[level1.pop()], gender=genders.get(pid, "")) for pid in player_ids]
    job_deck = level1 + sorted(n for n, j in c.jobs.items() if j.level > 1)
    rng.shuffle(job_deck)
    dream_deck = sorted(c.dreams)
    rng.shuffle(dream_deck)
    for p in players:
        p.dreams.append(dream_deck.pop(0))
    news = sorted(c.news)
    rng.shuffle(news)
    state = LagaState(
        players=players,
        ring=ring,
        tokens=tokens,
        job_deck=job_deck,
        dream_deck=dream_deck,
        news_deck=news[:NEWS_USED],
        news_box=news[NEWS_USED:],
        rng=rng,
    )
    state.first = rng.below(len(players))
    events: list[Event] = []
    start_turn(state, state.first, events, extra=False)
    advance(state, events)
    return state


def start_turn(state: LagaState, seat: int, events: list[Event], extra: bool) -> None:
    """Begin a turn: the Landlord's switch-offs end, News (first player) and Salary are queued."""
    state.turn = seat
    state.phase = "pre"
    state.used = []
    state.overflow_fined = False
    p = state.players[seat]
    for q in state.players:
        if q.deactivated_by == p.pid:
            q.deactivated_by = None
            events.append({"type": "reactivated", "player": q.pid})
    tasks: list[Task] = []
    if not extra:
        if seat == state.first:
            if not state.news_deck:
                end_game(state, events)
                return
            tasks.append(Task("news", p.pid))
        tasks.append(Task("salary", p.pid))
    events.append(
        {
            "type": "turn",
            "player": p.pid,
            "round": state.round + int(bool(tasks) and tasks[0].kind == "news"),
            "extra": extra,
        }
    )
    schedule(state, tasks)


def end_turn(state: LagaState, events: list[Event]) -> None:
    """End Phase: an owed extra turn first, then the next player clockwise."""
    if state.extra_turns:
        state.extra_turns -= 1
        start_turn(state, state.turn, events, extra=True)
    else:
        start_turn(state, (state.turn + 1) % len(state.players), events, extra=False)


def end_game(state: LagaState, events: list[Event]) -> None:
    state.phase = "over"
    state.tasks = []
    order = ranking(state)
    state.winner = order[0][0]
    events.append({"type": "game_over", "winner": state.winner, "scores": {str(pid): s for pid, s, _ in order}})


def news_step(state: LagaState, events: list[Event]) -> list[Task]:
    """News Phase: open the next card; it holds until the next News Phase.

    Everyone who may ignore News is asked first (in turn order, from the first player),
    then the card's opening effect runs for those it applies to.
    """
    if state.news:
        state.news_done.append(state.news)
    state.news = state.news_deck.pop(0)
    state.round += 1
    state.round_used = []
    state.accepted_news = []
    state.ignored_news = []
    events.append({"type": "news", "card": state.news, "round": state.round})
    effect = news_effect(state)
    asked = [
        Task("news_choice", q.pid)
        for q in state.turn_order(state.first)
        if ignores_news(q) and news_matters(state, q, effect)
    ]
    return asked + [Task("news_effect", state.players[state.first].pid)]


def news_matters(state: LagaState, q: PlayerState, effect: str) -> bool:
    """Whether ignoring this News can change anything for ``q``: an opening effect that
    passes ``q`` by is not worth a question; a card that holds all round always is."""
    if effect == "pekan_raya_jakarta":
        return level(q) == min(level(x) for x in state.players)
    if effect == "sale_month":
        return q.res["pride"] == min(x.res["pride"] for x in state.players)
    if effect == "mega_concert":
        return q.res["coin"] > 0
    if effect == "new_mall_grand_opening":
        return q.res["coin"] > 0 and bool(q.dreams or q.completed)
    return True


def news_questions(state: LagaState) -> list[Task]:
    """Players who may ignore the News in force but were never asked (the power came later in
    the round: a new Job, a completed Protesting, a Job turned back up): ask them now."""
    if not state.news or news_effect(state) in ONE_SHOT_NEWS:
        return []
    waiting = {t.player for t in state.tasks if t.kind == "news_choice"}
    return [
        Task("news_choice", q.pid)
        for q in state.turn_order(state.first)
        if ignores_news(q) and not news_decided(state, q) and q.pid not in waiting
    ]


def news_effect_step(state: LagaState, events: list[Event]) -> list[Task]:
    """The opening effect of the News card, for every player it applies to."""
    effect = news_effect(state)
    order = state.turn_order(state.first)
    reward: list[PlayerState] = []
    amount = 0
    if effect == "pekan_raya_jakarta":
        low = min(level(q) for q in order)
        reward, amount = [q for q in order if level(q) == low], 2
    elif effect == "sale_month":
        least = min(q.res["pride"] for q in order)
        reward, amount = [q for q in order if q.res["pride"] == least], 2
    elif effect == "president_election":
        reward, amount = order, 1
    elif effect in ("mega_concert", "new_mall_grand_opening"):
        for q in order:
            if news_on(state, q, effect):
                owed = level(q) if effect == "mega_concert" else len(q.dreams) + len(q.completed)
                pay(q, (min(owed, q.res["coin"]), 0, 0), state.news, events)
    reward = [q for q in reward if news_on(state, q, effect)]
    tasks = [gain_task(q, amount, state.news) for q in reward]
    if reward:
        tasks += news_rewarded(state)
    return tasks


def salary_step(state: LagaState, p: PlayerState, events: list[Event]) -> list[Task]:
    """Salary Phase: a face-down Job flips up instead; Make It Rain may be chosen instead."""
    if p.face_down:
        p.face_down = False
        events.append({"type": "flip_up", "player": p.pid})
        return []
    if news_on(state, p, "monetary_crisis"):
        events.append({"type": "no_salary", "player": p.pid, "reason": state.news})
        return []
    if has(state, p, "make_it_rain"):  # "may choose": asked every time, even when no one would pay
        return [Task("salary_choice", p.pid)]
    return salary_tasks(state, p, "salary", events)


def rain_victims(state: LagaState, p: PlayerState) -> list[PlayerState]:
    """Players Make It Rain would take a Coin from: lower Job level, a Coin to give, not immune."""
    return [q for q in others(state, p) if level(q) < level(p) and q.res["coin"] > 0 and not immune(state, q, p)]


def move(state: LagaState, p: PlayerState, origin: int, path: list[int], direction: str, events: list[Event]) -> None:
    """Play a move: drop the tokens, settle fines, fire move triggers, then activate or Transit."""
    count = len(path)
    source = state.ring[origin]
    noted = drop(state, origin, path)
    land_pos = path[-1]
    landing = state.ring[land_pos]
    events.append(
        {
            "type": "move",
            "player": p.pid,
            "tile": source,
            "direction": direction,
            "count": count,
            "path": [state.ring[i] for i in path],
            "landing": landing,
            "tokens": noted,
        }
    )
    state.phase = "post"
    tasks = settle(state, p, events)
    tasks += move_triggers(state, p, count, direction, landing, events)
    if has(state, p, "transit"):
        options = [[landing, noted[land_pos]]]
        for pos in ((land_pos - 1) % 6, (land_pos + 1) % 6):
            if noted[pos] > 0 and [state.ring[pos], noted[pos]] not in options:
                options.append([state.ring[pos], noted[pos]])
        if len(options) > 1:
            tasks.append(Task("transit", p.pid, {"options": options}))
            schedule(state, tasks)
            return
    tasks.append(Task("activate", p.pid, {"tile": landing, "count": noted[land_pos], "how": "land"}))
    schedule(state, tasks)


def move_triggers(
    state: LagaState, p: PlayerState, count: int, direction: str, landing: str, events: list[Event]
) -> list[Task]:
    """Abilities that react to a move: other players' Jobs, the mover's Dreams and the News."""
    tasks: list[Task] = []
    near = neighbours(state, p)
    for q in others(state, p):
        ab = ability(state, q)
        if ab == "fortune_street" and count == 3:
            give(q, (1, 0, 0), "Fortune Street", events)
        elif ab == "one_cent_police" and direction == "ccw" and q.pid in near:
            give(q, (1, 0, 0), "One-Cent Police", events)
        elif ab == "dream_peddler" and landing in ("lowongan", "impian"):
            give(q, (0, 0, 1), "Dream Peddler", events)
        elif ab == "three_wheels_chauffeur" and landing == "stasiun":
            tasks.append(gain_task(q, 1, "3 Wheels Chauffeur"))
        elif ab == "backroom_deal" and landing == "lowongan":
            tasks.append(gain_task(q, 1, "Backroom Deal"))
    if count >= 3 and dream_done(p, "jakarta_round_trip"):
        tasks.append(gain_task(p, 1, "Jakarta Round Trip"))
    if landing == "nongkrong" and dream_done(p, "create_a_board_game"):
        tasks.append(gain_task(p, 1, "Create a Board Game"))
    if landing in ("lowongan", "impian"):
        if news_on(state, p, "international_tabletop_day"):
            tasks.append(gain_task(p, 1, state.news))
            tasks += news_rewarded(state)
        if news_on(state, p, "bomb_threats"):
            tasks += fine(state, p, "Bomb Threats", events)
    return tasks


def run_auto(state: LagaState, task: Task, events: list[Event]) -> None:
    p = state.player(task.player)
    if task.kind == "news":
        tasks = news_step(state, events)
    elif task.kind == "news_effect":
        tasks = news_effect_step(state, events)
    elif task.kind == "salary":
        tasks = salary_step(state, p, events)
    elif task.kind == "activate":
        tasks = activate(state, p, task.data["tile"], task.data["count"], task.data["how"], events)
    else:  # complete_check
        tasks = complete_check(state, p)
    schedule(state, tasks)


def advance(state: LagaState, events: list[Event]) -> None:
    """Run automatic steps until a player has a decision to make (or the game ends)."""
    while state.phase != "over" and state.tasks:
        top = state.tasks[-1]
        if top.kind in AUTO:
            state.tasks.pop()
            run_auto(state, top, events)
            continue
        if top.kind == "steal" and not any(state.player(top.data["from"]).res.values()):
            state.tasks.pop()  # the victim has nothing left to take
            continue
        if top.kind == "stasiun" and not (
            any(state.player(top.player).res.values()) or dream_done(state.player(top.player), "shopping_spree")
        ):
            state.tasks.pop()  # nothing to pay with: Stasiun cannot be used
            events.append({"type": "decline", "player": top.player, "what": "stasiun"})
            continue
        break
    if state.phase != "over":
        schedule(state, news_questions(state))
