"""Resources: gains, payments, "any resource" choices, discounts, salary and fines.

"Any resource" gains become a ``gain`` decision so the player picks the mix; fixed
gains are applied at once. Payment options are enumerated in full so that the list
of legal actions is also the list of valid payments, discounts included.
"""

from __future__ import annotations

from functools import lru_cache

from bot.kernel.contract import Event

from .cards import RESOURCES, Cost, Dream, Job
from .powers import dream_done, has, holder, job, news_on, others
from .state import LagaState, PlayerState, Task


def amounts(a: Cost) -> dict[str, int]:
    return {"coin": a[0], "pride": a[1], "skill": a[2]}


def mix_key(a: Cost) -> str:
    """One value naming a whole mix of resources ("1:0:2"), so a payment or a take is one choice."""
    return ":".join(str(n) for n in a)


def one(resource: str) -> Cost:
    """A single unit of ``resource`` as a (coin, pride, skill) amount."""
    return (int(resource == "coin"), int(resource == "pride"), int(resource == "skill"))


def give(p: PlayerState, got: Cost, reason: str, events: list[Event]) -> None:
    """Add resources from the bank and announce it."""
    if not any(got):
        return
    for r, n in zip(RESOURCES, got, strict=True):
        p.res[r] += n
    events.append({"type": "gain", "player": p.pid, **amounts(got), "reason": reason})


def pay(p: PlayerState, cost: Cost, reason: str, events: list[Event], to: PlayerState | None = None) -> None:
    """Take resources from ``p`` (to the bank, or to player ``to``) and announce it."""
    if not any(cost):
        return
    for r, n in zip(RESOURCES, cost, strict=True):
        p.res[r] -= n
        if to is not None:
            to.res[r] += n
    events.append(
        {"type": "pay", "player": p.pid, **amounts(cost), "reason": reason, "to": None if to is None else to.pid}
    )


def transfer(src: PlayerState, dst: PlayerState, res: str, n: int, reason: str, events: list[Event]) -> None:
    """Move up to ``n`` of ``res`` from one player to another (a steal or a take)."""
    n = min(n, src.res[res])
    if n <= 0:
        return
    src.res[res] -= n
    dst.res[res] += n
    events.append({"type": "steal", "player": dst.pid, "from": src.pid, "resource": res, "amount": n, "reason": reason})


@lru_cache(maxsize=64)
def mixes(n: int) -> tuple[Cost, ...]:
    """Every (coin, pride, skill) split of ``n``, most coin first."""
    return tuple((c, p, n - c - p) for c in range(n, -1, -1) for p in range(n - c, -1, -1))


def gain_task(p: PlayerState, n: int, reason: str) -> Task:
    return Task("gain", p.pid, {"amount": n, "reason": reason})


@lru_cache(maxsize=4096)
def payment_options(have: Cost, cost: Cost, any_off: int, coin_off: int, pride_sub: bool) -> tuple[Cost, ...]:
    """Every payment that settles ``cost`` and that ``have`` covers.

    ``coin_off`` Coins come off first, then ``any_off`` units of any resource the payer
    picks (a discount is always taken in full), and with ``pride_sub`` Pride may stand
    in for any Coin or Skill still owed.
    """
    c = (max(0, cost[0] - coin_off), cost[1], cost[2])
    need = sum(c) - min(any_off, sum(c))
    options: set[Cost] = set()
    for r0 in range(c[0] + 1):
        for r1 in range(c[1] + 1):
            r2 = need - r0 - r1
            if not 0 <= r2 <= c[2]:
                continue
            if pride_sub:
                for a in range(r0 + 1):
                    for s in range(r2 + 1):
                        options.add((a, r1 + (r0 - a) + (r2 - s), s))
            else:
                options.add((r0, r1, r2))
    fits = [o for o in options if o[0] <= have[0] and o[1] <= have[1] and o[2] <= have[2]]
    return tuple(sorted(fits, reverse=True))


def have(p: PlayerState) -> Cost:
    return (p.res["coin"], p.res["pride"], p.res["skill"])


def job_discounts(state: LagaState, p: PlayerState) -> list[str]:
    """The discounts on changing Job that ``p`` has now. Paying less never hurts, so Vermak Lepis's
    "may" is taken automatically; the payment's reason names them so the table sees why."""
    names = ["Patchwork"] if has(state, p, "patchwork") else []
    if dream_done(p, "horror_movie_cast"):
        names.append("Horror Movie Cast")
    if news_on(state, p, "abang_none_jakarta"):
        names.append("Abang None Jakarta")
    return names


def dream_discounts(state: LagaState, p: PlayerState) -> list[str]:
    """Endorsement or VIP (one Job at a time, so at most one of them)."""
    return [n for n, ab in (("Endorsement", "endorsement"), ("VIP", "vip")) if has(state, p, ab)]


def job_payments(state: LagaState, p: PlayerState, card: Job) -> tuple[Cost, ...]:
    """Ways ``p`` can pay to change to ``card``: Patchwork, Horror Movie Cast and Abang None apply."""
    off = job_discounts(state, p)
    any_off = int("Horror Movie Cast" in off) + int("Abang None Jakarta" in off)
    coin_off = 2 if "Patchwork" in off else 0
    return payment_options(have(p), card.cost, any_off, coin_off, news_on(state, p, "celebrity_wedding_reception"))


def dream_payments(state: LagaState, p: PlayerState, card: Dream) -> tuple[Cost, ...]:
    """Ways ``p`` can pay to complete ``card``: Endorsement and VIP each take 1 off."""
    any_off = len(dream_discounts(state, p))
    return payment_options(have(p), card.cost, any_off, 0, news_on(state, p, "celebrity_wedding_reception"))


def paying_for(what: str, discounts: list[str]) -> str:
    """A payment's reason, naming the discounts that were applied."""
    return f"{what}, less {' and '.join(discounts)}" if discounts else what


def news_rewarded(state: LagaState) -> list[Task]:
    """A News card just rewarded someone: Kerak Telor Peddler gets 1 any resource, once per turn."""
    h = holder(state, "jakartas_specialty")
    if h is None or "kerak" in state.used:
        return []
    state.used.append("kerak")
    return [gain_task(h, 1, "Jakarta's Specialty")]


def salary_tasks(state: LagaState, p: PlayerState, reason: str, events: list[Event]) -> list[Task]:
    """Pay ``p``'s salary: Arbitrary Income lets the player choose the mix."""
    card = job(p)
    if has(state, p, "arbitrary_income"):
        return [gain_task(p, sum(card.salary), reason)]
    give(p, card.salary, reason, events)
    return []


def fine(state: LagaState, p: PlayerState, reason: str, events: list[Event]) -> list[Task]:
    """Fine ``p``: the latest Job goes face down. Traffic Police cannot be fined and profits.

    A Job that is already face down cannot be fined again, so nothing further happens.
    """
    if has(state, p, "fine"):
        events.append({"type": "fine_blocked", "player": p.pid, "reason": reason})
        return []
    if p.face_down:
        return []
    star = has(state, p, "precinct_star")
    p.face_down = True
    events.append({"type": "fine", "player": p.pid, "reason": reason})
    if star:
        give(p, (0, 3, 0), "Precinct Star", events)
    return [gain_task(q, 1, "Fine (Traffic Police)") for q in others(state, p) if has(state, q, "fine")]
