"""Several bot processes on one PostgreSQL database and one token: each click answered once, by its match's owner.

Each process is a real ``GameBot``; the stand-in for Discord gives every one of them every
interaction, as Discord does to several gateway sessions of one bot on one shard. Ownership is
driven step by step here (``balance_every=None``: the test says when each process looks), so every
hand-over happens at a known point of the match: a deploy draining one process, a new one taking its
share, and the owner's death with a click already on its way.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.frontend.client import GameBot
from bot.frontend.delivery.ratelimit import RATE
from bot.kernel.contract import replay
from bot.kernel.module import get_game
from bot.kernel.rng import Rng
from tests.frontend.any_table import GUILD, HUMANS, GameTable, make_world
from tools.bench.shared_locks import share_out
from tools.sim import InteractionRecord

pytestmark = pytest.mark.slow

PARTITIONS = 4


def _process(url: str, clock, seed: int) -> GameBot:
    seeds = iter(range(seed, seed + 1000))
    return GameBot(database=url, clock=clock, seeds=lambda: next(seeds), partitions=PARTITIONS, balance_every=None)


def _owner(processes: list[GameBot]) -> GameBot:
    owners = [p for p in processes if not p.is_closed() and p.ownership.owns_guild(GUILD)]
    assert len(owners) == 1, [p.ownership.serving for p in processes]
    return owners[0]


async def _act(table: GameTable, world, via: GameBot) -> InteractionRecord:
    """The player the match waits on clicks Take action on the table (delivered to every process)."""
    live = await table.live()
    player = next(p for p in sorted(live.waiting.actors) if table.human(live, p))
    message = table.table_message()
    act = next(c for c in message.custom_ids() if c.startswith("act:"))
    return await world.click(via, player, message, act)


def _answered_once(interactions: list[InteractionRecord]) -> None:
    for record in interactions:
        if record.expect_unanswered:
            assert not record.responded
            continue
        replies = [r for r in record.requests if r.kind == "reply"]
        assert record.responded and len(replies) == 1 and replies[0].ok, (record.name, replies)


async def test_a_match_goes_on_through_a_deploy_a_new_process_and_its_owners_death(tables, postgres_url, clock):
    world = make_world(2)
    world.gateway.duplicate_sessions = True
    first = _process(postgres_url, clock, 100)
    await world.connect(first)
    assert first.ownership.serving == frozenset(range(PARTITIONS))
    table = GameTable(world, first, clock, get_game("drump"), list(HUMANS[:2]), 0, seed=5, rng=Rng.seeded(5))
    tables.append(table)
    await table.open_and_start()
    await table.play_out(until=lambda live: live.record.seq >= 6)
    second = _process(postgres_url, clock, 200)
    await world.connect(second)
    processes = [first, second]
    await share_out(processes)
    assert first.ownership.serving | second.ownership.serving == frozenset(range(PARTITIONS))
    assert not first.ownership.serving & second.ownership.serving
    for process in processes:  # the token's global rate is shared: each takes its slots from one ledger
        assert process.announcer.pacer.shared and process.announcer.pacer.interval == pytest.approx(1 / RATE)

    # A deploy: the process that owns the match drains, and a click comes while nobody serves it: the other
    # process takes every partition and answers that click (it came after the last one the drained one took).
    owner = _owner(processes)
    survivor = next(p for p in processes if p is not owner)
    await owner.ownership.drain()
    assert owner.service.matches.cached(table.match_id) is None  # nothing of it kept where it left
    mid_drain = await _act(table, world, survivor)
    assert not mid_drain.responded  # kept by both: neither serves it this moment
    await survivor.ownership.balance()
    assert survivor.ownership.serving == frozenset(range(PARTITIONS))
    await world.settle()
    assert mid_drain.responded and mid_drain.ephemeral and survivor.intake.caught == 1
    await owner.close()
    table.bot = survivor
    seq = (await table.live()).record.seq
    await table.play_out(until=lambda live: live.record.seq >= seq + 6)

    # The new version starts and takes its share.
    third = _process(postgres_url, clock, 300)
    await world.connect(third)
    processes.append(third)
    await share_out(processes)
    assert len(survivor.ownership.serving) == len(third.ownership.serving) == PARTITIONS // 2
    table.bot = _owner(processes)
    seq = (await table.live()).record.seq
    await table.play_out(until=lambda live: live.record.seq >= seq + 6)

    # The owner's connection to the database dies, with a click on its way. The other process takes over,
    # but lets that click go: the dead one may have answered it, and nothing is answered twice. The next
    # click is answered, and the match plays to its end.
    owner = _owner(processes)
    other = next(p for p in processes if not p.is_closed() and p is not owner)
    caught = other.intake.caught
    owner.ownership._locks.cut()  # as a dead network would
    await asyncio.wait_for(owner.ownership.lost.wait(), 1)
    in_the_gap = await _act(table, world, other)
    assert not in_the_gap.responded
    await owner.ownership.balance()  # it learns it lost everything: it stops
    assert owner.is_closed()
    await other.ownership.balance()
    assert other.ownership.serving == frozenset(range(PARTITIONS))
    await world.settle()
    assert not in_the_gap.responded and other.intake.caught == caught
    in_the_gap.expect_unanswered = True  # "This interaction failed", once, for the click in the gap
    table.bot = other
    assert (await _act(table, world, other)).ephemeral  # the next one opens the picker
    await table.play_out()

    stored = await other.storage.matches.get_match(table.match_id)
    assert stored.status == "finished"
    log = await other.storage.matches.action_log(table.match_id)
    rules = get_game("drump").rules
    rebuilt = replay(rules, stored.players, stored.seed, stored.options, [(a.player_id, a.action) for a in log])
    assert rules.state_to_json(rebuilt) == stored.state
    _answered_once(world.interactions)
    assert not any("Something went wrong" in c.text for c in table.clicks)


async def test_stopping_for_a_deploy_hands_every_partition_over_then_closes(postgres_url, clock):
    """What SIGTERM does (``drain_on_sigterm``): the process hands its partitions over, then stops."""
    from bot.store.partition_locks import PartitionLocks

    world = make_world(2)
    process = _process(postgres_url, clock, 400)
    try:
        await world.connect(process)
        assert process.ownership.serving == frozenset(range(PARTITIONS))
        process._stop_for_a_deploy()
        for _ in range(200):
            if process.is_closed():
                break
            await asyncio.sleep(0.01)
        assert process.is_closed() and process.ownership.serving == frozenset()
        other = await PartitionLocks.open(postgres_url, PARTITIONS)
        try:
            assert all([await other.try_take(p) for p in range(PARTITIONS)])
            assert [await other.handed_over_after(p) for p in range(PARTITIONS)] == [0] * PARTITIONS  # noted
        finally:
            await other.close()
    finally:
        world.close()
