"""Hard AI searches on search workers (``AI_SEARCH=remote``, ``python -m bot worker``), against a real PostgreSQL
server and real worker processes: one worker per job, a worker's answer, the bot's own pool when no worker takes a
job, a worker killed or stopped mid-search, the clean-up, the setting, and a hard move of every game with a sampler.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import asyncpg
import pytest

from bot.ai import registry
from bot.ai.levels import HARD
from bot.ai.pool import SHARED, SearchPool
from bot.config import ConfigError, ai_search, from_env
from bot.frontend.client import GameBot
from bot.frontend.compose import ai_seats, compose
from bot.kernel.module import all_games
from bot.play.ai_seats import AiSeats
from bot.play.remote_search import RemoteSearch, exact_json
from bot.play.search_worker import ClaimedJob, SearchWorker
from bot.store.postgres import PostgresDatabase
from bot.store.search_jobs import KEEP_SECONDS, SearchJobs
from bot.store.storage import Storage
from tests.frontend.any_table import make_world

ROOT = Path(__file__).resolve().parents[2]
HOST = 101
REQUEST = json.dumps({"view": {}, "legal": [{"type": "a"}, {"type": "b"}], "player": -1, "seed": 1, "think_ms": 50})


class DisabledPool(SearchPool):
    """The bot's own pool, switched off: a move that is not the worker's plays normal, and the test sees it."""

    def __init__(self) -> None:
        super().__init__(1)
        self.disabled = True
        self.asked = 0

    async def think(self, *args, **kwargs):  # type: ignore[override]
        self.asked += 1
        return await super().think(*args, **kwargs)


class Answering:
    """A stand-in for the bot's own pool that answers at once with the first legal action."""

    def __init__(self) -> None:
        self.asked = 0

    async def think(self, game_name, view, legal, player, seed, think_ms):
        self.asked += 1
        return legal[0]


class WorkerProcess:
    """``python -m bot worker`` as an operator starts it, in its own OS process; its log is kept."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.lines: list[str] = []
        self._reader: asyncio.Task[None] | None = None

    @classmethod
    async def start(cls, url: str, workers: int = 1) -> WorkerProcess:
        env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "AI_SEARCH")}
        env |= {"DATABASE_URL": url, "LOG_LEVEL": "INFO"}
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "worker",
            "--workers",
            str(workers),
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        worker = cls(process)
        try:
            await asyncio.wait_for(worker._until("waiting for jobs"), 90)
        except BaseException:
            process.kill()
            await process.wait()
            raise
        worker._reader = asyncio.ensure_future(worker._until("never said"))
        return worker

    async def _until(self, text: str) -> None:
        assert self.process.stderr is not None
        while True:
            line = await self.process.stderr.readline()
            if not line:
                raise AssertionError("the worker ended:\n" + "".join(self.lines))
            self.lines.append(line.decode())
            if text in self.lines[-1]:
                return

    @property
    def name(self) -> str:
        return f"{os.uname().nodename}:{self.process.pid}"

    def children(self) -> list[int]:
        """The worker's search processes (children of its process), read from /proc."""
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    stat = (entry / "stat").read_text()
                except OSError:
                    continue
                if int(stat.rsplit(")", 1)[1].split()[1]) == self.process.pid:
                    found.append(int(entry.name))
        return found

    async def close(self) -> int:
        if self.process.returncode is None:
            self.process.kill()
        code = await self.process.wait()
        if self._reader is not None:
            try:
                await self._reader
            except AssertionError:
                pass
        return code


async def _rows(url: str, sql: str, *args):
    connection = await asyncpg.connect(url)
    try:
        return await connection.fetch(sql, *args)
    finally:
        await connection.close()


async def _open(url: str) -> PostgresDatabase:
    return await PostgresDatabase.open(url)


async def _wait_until(check, seconds: float = 30.0) -> None:
    limit = time.monotonic() + seconds
    while not await check():
        assert time.monotonic() < limit, "never happened"
        await asyncio.sleep(0.02)


def _gone(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] == "Z"


# --- the queue ------------------------------------------------------------------------------------------------


async def test_a_job_is_claimed_by_exactly_one_of_two_workers_and_a_locked_one_is_skipped(postgres_url):
    bot, first, second = await _open(postgres_url), await _open(postgres_url), await _open(postgres_url)
    try:
        queue, one, two = SearchJobs(bot), SearchJobs(first), SearchJobs(second)
        job = await queue.submit("drump", REQUEST, 5.0)
        claims = await asyncio.gather(one.claim("one"), two.claim("two"))
        assert sorted(claim is None for claim in claims) == [False, True]
        claimed = next(claim for claim in claims if claim is not None)
        assert claimed.id == job and claimed.game == "drump" and claimed.request == REQUEST
        assert 4.0 < claimed.seconds_left <= 5.0

        # Many jobs, both claiming at once: each job once, by one of them.
        jobs = {await queue.submit("drump", REQUEST, 5.0) for _ in range(20)}
        got: dict[str, list[int]] = {"one": [], "two": []}

        async def drain(source: SearchJobs, name: str) -> None:
            while (claim := await source.claim(name)) is not None:
                got[name].append(claim.id)

        await asyncio.gather(drain(one, "one"), drain(two, "two"))
        assert sorted(got["one"] + got["two"]) == sorted(jobs)

        # A job another transaction holds locked is skipped at once, not waited for.
        last = await queue.submit("drump", REQUEST, 5.0)
        holder = await asyncpg.connect(postgres_url)
        try:
            async with holder.transaction():
                await holder.execute("SELECT 1 FROM search_jobs WHERE id = $1 FOR UPDATE", last)
                started = time.monotonic()
                assert await one.claim("one") is None
                assert time.monotonic() - started < 1.0
            assert (await two.claim("two")).id == last
        finally:
            await holder.close()
        rows = await _rows(postgres_url, "SELECT claimed_by FROM search_jobs WHERE id = $1", last)
        assert rows[0]["claimed_by"] == "two"
    finally:
        for database in (bot, first, second):
            await database.close()


async def test_withdrawing_takes_back_only_an_unclaimed_job_and_finishing_a_gone_job_is_refused(postgres_url):
    database = await _open(postgres_url)
    try:
        jobs = SearchJobs(database)
        taken, waiting = await jobs.submit("drump", REQUEST, 5.0), await jobs.submit("drump", REQUEST, 5.0)
        assert (await jobs.claim("w")).id == taken
        assert not await jobs.withdraw(taken)
        assert await jobs.withdraw(waiting)
        assert await jobs.state(waiting) is None
        state = await jobs.state(taken)
        assert state.claimed and state.claimant_alive and state.result is None
        assert await jobs.drop(taken) is None
        assert not await jobs.finish(taken, "w", '{"action":{}}')  # the bot gave up: the worker drops it
        again = await jobs.submit("drump", REQUEST, 5.0)
        assert (await jobs.claim("w")).id == again
        assert await jobs.release(again, "w")
        assert not (await jobs.state(again)).claimed
        assert (await jobs.claim("v")).id == again
        assert not await jobs.finish(again, "w", '{"action":{}}')  # not w's any more
        assert await jobs.finish(again, "v", '{"action":{"type":"b"}}')
        assert (await jobs.state(again)).result == '{"action":{"type":"b"}}'
    finally:
        await database.close()


async def test_old_jobs_are_cleaned_and_recent_ones_kept(postgres_url):
    database = await _open(postgres_url)
    try:
        jobs = SearchJobs(database)
        recent = await jobs.submit("drump", REQUEST, 5.0)
        done_long_ago = await jobs.submit("drump", REQUEST, 5.0)
        never_taken = await jobs.submit("drump", REQUEST, 5.0)
        await _rows(
            postgres_url,
            "UPDATE search_jobs SET deadline = now() - make_interval(secs => $2), result = '{}', done_at = now()"
            " WHERE id = $1",
            done_long_ago,
            KEEP_SECONDS + 5,
        )
        await _rows(
            postgres_url,
            "UPDATE search_jobs SET deadline = now() - make_interval(secs => $2) WHERE id = $1",
            never_taken,
            KEEP_SECONDS + 5,
        )
        assert await jobs.clean() == 2
        assert [r["id"] for r in await _rows(postgres_url, "SELECT id FROM search_jobs")] == [recent]
    finally:
        await database.close()


def test_every_games_views_and_actions_come_back_from_json_exactly():
    """What a job carries is plain JSON: along a few playouts of each game, every seat's view and legal actions
    read back equal (a tuple or an int key would not, and the search would answer a move matching no legal one)."""
    import random

    from bot.kernel.contract import next_mover

    for module in all_games():
        rules = module.rules
        for seed in range(3):
            state = rules.new_game([-(i + 1) for i in range(rules.min_players)], seed)
            chooser = random.Random(seed)
            for _ in range(150):
                player = next_mover(rules, state)
                if rules.is_over(state) or player is None:
                    break
                legal = rules.legal_actions(state, player)
                request = {"view": rules.view(state, player), "legal": legal, "player": player, "seed": 1}
                assert exact_json(request) is not None, (module.name, request)
                rules.apply(state, player, chooser.choice(legal))
    assert exact_json({"legal": [("a", 1)]}) is None and exact_json({"view": {1: "x"}}) is None


# --- the bot's side, with a worker in its own process -----------------------------------------------------------


async def test_a_worker_process_answers_a_legal_hard_move_recorded_as_its_own_and_cleans_old_jobs(postgres_url):
    database = await _open(postgres_url)
    worker = None
    try:
        jobs = SearchJobs(database)
        stale = await jobs.submit("drump", REQUEST, 0.1)
        await _rows(postgres_url, "UPDATE search_jobs SET deadline = now() - interval '1 hour' WHERE id = $1", stale)
        worker = await WorkerProcess.start(postgres_url)
        local = DisabledPool()
        remote = RemoteSearch(jobs, local)
        view, legal, player = _a_decision("drump")
        started = time.monotonic()
        action = await remote.think("drump", view, legal, player, 7, 100)
        took = time.monotonic() - started
        assert action in legal and remote.counts == {"remote": 1} and local.asked == 0
        assert took < 3.0, took
        rows = await _rows(postgres_url, "SELECT * FROM search_jobs ORDER BY id")
        assert [r["id"] for r in rows] != [] and stale not in [r["id"] for r in rows]  # the worker cleaned it up
        (row,) = rows
        assert row["claimed_by"] == worker.name and row["done_at"] is not None
        assert json.loads(row["result"]) == {"action": action}
        assert json.loads(row["request"])["legal"] == legal
        # SIGTERM: it stops cleanly, its search processes with it.
        children = worker.children()
        assert children, "the worker searches in processes of its own"
        worker.process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(worker.process.wait(), 30) == 0
        await _wait_until(lambda: _async(all(_gone(pid) for pid in children)), 10)
        assert any("stopped" in line for line in worker.lines), worker.lines
    finally:
        if worker is not None:
            await worker.close()
        await database.close()


async def _async(value):
    return value


async def test_with_no_worker_the_bot_searches_itself_within_half_a_second_and_leaves_no_job(postgres_url):
    database = await _open(postgres_url)
    try:
        local = Answering()
        remote = RemoteSearch(SearchJobs(database), local)
        view, legal, player = _a_decision("drump")
        started = time.monotonic()
        assert await remote.think("drump", view, legal, player, 7, 1000) == legal[0]
        took = time.monotonic() - started
        assert 0.45 < took < 1.5, took
        assert remote.counts == {"local": 1} and local.asked == 1
        assert await _rows(postgres_url, "SELECT id FROM search_jobs") == []
        # Workers found missing: the next searches go straight to the bot's own pool for a while.
        started = time.monotonic()
        assert await remote.think("drump", view, legal, player, 8, 1000) == legal[0]
        assert time.monotonic() - started < 0.1 and remote.counts == {"local": 2}
        assert await _rows(postgres_url, "SELECT id FROM search_jobs") == []
    finally:
        await database.close()


async def test_a_worker_killed_mid_search_is_noticed_and_nothing_is_left_hanging(postgres_url):
    """SIGKILL while it searches: the bot sees its session gone within about half a second and does without it
    (here its own pool is off, so the seat plays normal), long before the job's deadline; the worker's search
    processes end with it, and the job is gone."""
    database = await _open(postgres_url)
    worker = await WorkerProcess.start(postgres_url)
    try:
        jobs = SearchJobs(database)
        seats = AiSeats(RemoteSearch(jobs, DisabledPool()))
        live = await _live_match(postgres_url, "drump")
        actor = _deciding(live)
        children = worker.children()
        settings = {"ai_think_ms": 5000}
        move = asyncio.ensure_future(seats.choose(live, actor, settings))

        async def claimed() -> bool:
            rows = await _rows(postgres_url, "SELECT claimed_by FROM search_jobs WHERE claimed_at IS NOT NULL")
            return bool(rows)

        await _wait_until(claimed)
        await asyncio.sleep(0.2)  # well into its search
        worker.process.kill()
        killed = time.monotonic()
        action = await asyncio.wait_for(move, 10)
        noticed = time.monotonic() - killed
        assert action in live.game.rules.legal_actions(live.state, actor)
        assert seats.decided == {"normal": 1} and seats.pool.counts == {"lost": 1}
        assert noticed < 1.5, noticed  # the job's deadline was 5 + 3 s away
        assert await _rows(postgres_url, "SELECT id FROM search_jobs") == []
        await _wait_until(lambda: _async(all(_gone(pid) for pid in children)), 10)
    finally:
        await worker.close()
        await database.close()


async def test_a_worker_that_stops_answering_costs_the_budget_then_normal_plays_and_the_job_is_deleted(postgres_url):
    """SIGSTOP: the worker's session is still there but it answers nothing. Past ``think_ms`` and the grace the
    seat plays normal, and the job is deleted so the worker drops it when it wakes."""
    database = await _open(postgres_url)
    worker = await WorkerProcess.start(postgres_url)
    try:
        jobs = SearchJobs(database)
        remote = RemoteSearch(jobs, DisabledPool(), grace=0.5)
        seats = AiSeats(remote)
        live = await _live_match(postgres_url, "drump")
        actor = _deciding(live)
        move = asyncio.ensure_future(seats.choose(live, actor, {"ai_think_ms": 300}))

        async def claimed() -> bool:
            return bool(await _rows(postgres_url, "SELECT id FROM search_jobs WHERE claimed_at IS NOT NULL"))

        await _wait_until(claimed)
        worker.process.send_signal(signal.SIGSTOP)
        started = time.monotonic()
        action = await asyncio.wait_for(move, 10)
        waited = time.monotonic() - started
        assert action in live.game.rules.legal_actions(live.state, actor)
        assert seats.decided == {"normal": 1} and remote.counts == {"late": 1}
        assert 0.4 < waited < 2.5, waited
        assert await _rows(postgres_url, "SELECT id FROM search_jobs") == []
        worker.process.send_signal(signal.SIGCONT)
        # Woken, it drops the job: withdrawn, or past its deadline already (whichever it finds first).
        dropped = ("withdrawn before its answer", "passed its deadline before its answer")
        await _wait_until(lambda: _async(any(d in line for line in worker.lines for d in dropped)), 10)
    finally:
        worker.process.send_signal(signal.SIGCONT)
        await worker.close()
        await database.close()


async def test_a_stopping_worker_answers_what_it_holds_then_exits(postgres_url):
    """SIGTERM mid-search: the search it holds is answered (the move is the worker's), then it exits with 0."""
    database = await _open(postgres_url)
    worker = await WorkerProcess.start(postgres_url)
    try:
        remote = RemoteSearch(SearchJobs(database), DisabledPool())
        view, legal, player = _a_decision("drump")
        move = asyncio.ensure_future(remote.think("drump", view, legal, player, 3, 800))

        async def claimed() -> bool:
            return bool(await _rows(postgres_url, "SELECT id FROM search_jobs WHERE claimed_at IS NOT NULL"))

        await _wait_until(claimed)
        worker.process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(move, 10) in legal
        assert remote.counts == {"remote": 1}
        assert await asyncio.wait_for(worker.process.wait(), 30) == 0
    finally:
        await worker.close()
        await database.close()


async def test_a_request_the_worker_cannot_search_is_answered_with_an_error_and_the_bot_searches_itself(postgres_url):
    """A game the worker does not know (an older worker beside a newer bot): it says so at once, and the bot's
    own pool searches instead of waiting out the deadline."""
    database, worker_database = await _open(postgres_url), await _open(postgres_url)
    worker = SearchWorker(SearchJobs(worker_database), pool=SearchPool(1), name="in-process")
    try:
        jobs = SearchJobs(database)
        job = await jobs.submit("no-such-game", REQUEST, 5.0)
        claimed = await worker.jobs.claim(worker.name)
        assert isinstance(claimed, ClaimedJob) and claimed.id == job
        await worker._answer(claimed)
        assert worker.counts == {"failed": 1}
        assert "unknown game" in json.loads((await jobs.state(job)).result)["error"]
        await jobs.drop(job)
        local = Answering()
        remote = RemoteSearch(jobs, local)
        answered = asyncio.ensure_future(remote.think("no-such-game", {}, [{"type": "a"}], -1, 1, 50))
        await _wait_until(lambda: _claim_and_fail(worker))
        assert await answered == {"type": "a"}
        assert remote.counts == {"error": 1} and local.asked == 1
    finally:
        worker.pool.close()
        await worker_database.close()
        await database.close()


async def _claim_and_fail(worker: SearchWorker) -> bool:
    claimed = await worker.jobs.claim(worker.name)
    if claimed is None:
        return False
    await worker.jobs.finish(claimed.id, worker.name, '{"error":"KeyError: unknown game"}')
    return True


# --- end to end: the AI seats of a real match, every game with a sampler -------------------------------------------


async def test_ai_seats_with_remote_search_choose_a_hard_move_in_every_game_with_a_sampler(postgres_url, clock):
    games = [module.name for module in all_games() if registry.sampler(module.name) is not None]
    assert games
    store = await Storage.open(postgres_url, clock=clock)
    worker = await WorkerProcess.start(postgres_url)
    try:
        local = DisabledPool()
        seats = ai_seats(store, "remote")
        assert isinstance(seats.pool, RemoteSearch)
        seats.pool.local = local  # the bot's own pool off: a hard move can only be the worker's
        service = compose(store, clock, seeds=iter(range(4000, 5000)).__next__, ai=seats).service
        for name in games:
            live = await _start(service, name)
            actor = _deciding(live)
            action = await seats.choose(live, actor, {"ai_think_ms": 50})
            assert action in live.game.rules.legal_actions(live.state, actor), name
        assert seats.decided == {HARD: len(games)}, seats.decided
        assert seats.pool.counts == {"remote": len(games)} and local.asked == 0
        rows = await _rows(postgres_url, "SELECT game, claimed_by, done_at FROM search_jobs ORDER BY id")
        assert [r["game"] for r in rows] == games
        assert all(r["claimed_by"] == worker.name and r["done_at"] is not None for r in rows)
    finally:
        await worker.close()
        await store.close()


async def test_the_bot_set_to_remote_search_hands_its_hard_searches_to_the_workers(postgres_url, clock):
    """The setting reaches the bot: ``GameBot(ai_search=...)`` (``AI_SEARCH``, from ``python -m bot``) chooses the
    search its AI seats use."""
    world = make_world(2)
    remote = await world.connect(GameBot(database=postgres_url, clock=clock, ai_search="remote"))
    local = await world.connect(GameBot(database=postgres_url, clock=clock))
    try:
        assert isinstance(remote.service.ai.pool, RemoteSearch)
        assert local.service.ai.pool is SHARED
    finally:
        await remote.close()
        await local.close()
        world.close()


# --- the setting ------------------------------------------------------------------------------------------------


def test_the_setting_is_local_by_default_and_remote_needs_postgresql():
    base = {"DISCORD_TOKEN": "t"}
    assert from_env(base).ai_search == "local" and ai_search({}) == "local"
    assert from_env(base | {"AI_SEARCH": " Remote ", "DATABASE_URL": "postgresql://u@h/d"}).ai_search == "remote"
    with pytest.raises(ConfigError, match="AI_SEARCH=remote needs DATABASE_URL"):
        from_env(base | {"AI_SEARCH": "remote"})
    with pytest.raises(ConfigError, match="AI_SEARCH must be local or remote"):
        from_env(base | {"AI_SEARCH": "cloud"})


async def test_remote_search_on_a_sqlite_store_is_refused_and_local_is_the_bots_own_pool(storage):
    from bot.ai.pool import SHARED

    with pytest.raises(ValueError, match="PostgreSQL"):
        ai_seats(storage, "remote")
    assert ai_seats(storage, "local").pool is SHARED


def test_the_worker_command_needs_database_url_and_no_token(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    run = [sys.executable, "-m", "bot", "worker"]
    found = subprocess.run(
        run, cwd=tmp_path, env=env | {"PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=60
    )
    assert found.returncode == 2 and "set DATABASE_URL" in found.stderr and "Traceback" not in found.stderr
    bad = subprocess.run(
        [*run, "--workers", "0"],
        cwd=tmp_path,
        env=env | {"PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "at least 1" in bad.stderr


# --- helpers ----------------------------------------------------------------------------------------------------


def _a_decision(game: str):
    """A seat's view and legal actions (more than one) at the start of a fresh match of ``game``."""
    from bot.kernel.contract import next_mover

    rules = all_games()[[m.name for m in all_games()].index(game)].rules
    for seed in range(50):
        state = rules.new_game([-(i + 1) for i in range(rules.min_players)], seed)
        player = next_mover(rules, state)
        legal = rules.legal_actions(state, player)
        if len(legal) > 1:
            return rules.view(state, player), legal, player
    raise AssertionError("no choice at the start")


async def _live_match(url: str, game: str):
    store = await Storage.open(url)
    try:
        service = compose(store, None, seeds=iter(range(4000, 5000)).__next__, ai=AiSeats(DisabledPool())).service
        return await _start(service, game)
    finally:
        await store.close()


async def _start(service, game: str):
    """A started match of ``game`` between hard AI seats, played on (normal moves) to a seat with a choice."""
    channel = 50 + [module.name for module in all_games()].index(game)
    live = await service.lobby.open(guild_id=1, channel_id=channel, game_name=game, host_id=HOST, host_name="Aisyah")
    await service.lobby.leave(live.id, HOST)
    for _ in range(live.game.rules.min_players):
        await service.lobby.add_ai(live.id, HOST, HARD)
    async with service.matches.lock(live.id):
        live = await service.lobby.start(live.id, HOST)
    for _ in range(40):
        actor = sorted(live.waiting.actors)[0]
        if len(live.game.rules.legal_actions(live.state, actor)) > 1:
            return live
        async with service.matches.lock(live.id):
            await service.moves.ai_move(live.id, actor)
        live = await service.matches.load(live.id)
    raise AssertionError(f"{game}: no seat with a choice")


def _deciding(live) -> int:
    actor = sorted(live.waiting.actors)[0]
    assert len(live.game.rules.legal_actions(live.state, actor)) > 1
    return actor


class GarbledQueue:
    """A queue whose one job is claimed at once and answered with ``result`` (a worker of another version)."""

    def __init__(self, result: str | None) -> None:
        self.result = result
        self.dropped: list[int] = []

    async def submit(self, game, request, budget):
        return 1

    async def wait(self, job, timeout):
        return True

    async def state(self, job):
        from bot.play.remote_search import JobState

        return None if self.result is None else JobState(self.result, True, True)

    async def withdraw(self, job):
        return False

    async def drop(self, job):
        self.dropped.append(job)
        return None

    def forget(self, job):
        pass

    async def clean(self):
        return 0


@pytest.mark.parametrize("result", ["not json", "[1, 2]", '{"action": "pass"}', '{"error": "KeyError"}', None])
async def test_an_answer_that_cannot_be_read_or_a_job_that_vanished_is_searched_by_the_bot(result):
    local = Answering()
    remote = RemoteSearch(GarbledQueue(result), local)
    assert await remote.think("drump", {}, [{"type": "a"}, {"type": "b"}], -1, 1, 50) == {"type": "a"}
    assert local.asked == 1 and remote.counts == {"lost" if result is None else "error": 1}
