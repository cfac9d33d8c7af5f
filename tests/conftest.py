"""Shared fixtures: a fresh database per test (a SQLite file, or a schema of a throwaway PostgreSQL server) and a
clock that only moves when told."""

from __future__ import annotations

import asyncio
import os
import uuid

import pytest

from bot.play.clock import ManualClock
from bot.store.storage import Storage


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "matches.sqlite3"


@pytest.fixture
async def storage(db_path, clock):
    store = await Storage.open(db_path, clock=clock)
    yield store
    await store.close()


#: Set by CI (.ci/run): a machine without PostgreSQL fails the tests that need it instead of skipping them.
NEED_POSTGRES = os.environ.get("MEJA_NEED_POSTGRES") == "1"


@pytest.fixture(scope="session")
def postgres_server():
    """One throwaway PostgreSQL cluster per test process (see tools/throwaway_postgres.py), removed at the end."""
    from tools.throwaway_postgres import ThrowawayPostgres, available

    if not available():
        message = "PostgreSQL's server is not installed (apt-get install postgresql-15)"
        if NEED_POSTGRES:
            pytest.fail(message)
        pytest.skip(message)
    server = ThrowawayPostgres.start()
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres_server) -> str:
    """A URL whose connections use a fresh schema of their own, migrated: one test's database."""
    import asyncpg

    from bot.store.postgres import migrate

    schema = f"t_{uuid.uuid4().hex[:16]}"

    async def make() -> None:
        admin = await asyncpg.connect(postgres_server.url())
        try:
            await admin.execute(f"CREATE SCHEMA {schema}")
        finally:
            await admin.close()
        await migrate(postgres_server.url(search_path=schema))

    asyncio.run(make())
    return postgres_server.url(search_path=schema)


@pytest.fixture(params=["sqlite", "postgresql"])
def location(request, db_path) -> str:
    """Where a test's matches are stored, once in each supported store: a SQLite file, then PostgreSQL."""
    if request.param == "sqlite":
        return str(db_path)
    return request.getfixturevalue("postgres_url")


@pytest.fixture
async def any_storage(location, clock):
    """The store opened on :func:`location`: a test using it runs on every supported database."""
    store = await Storage.open(location, clock=clock)
    yield store
    await store.close()


@pytest.fixture
def catalogue(tmp_path):
    """Install test-only catalogues: ``catalogue("ms", po_text)`` writes ``ms.po`` and makes it the one read.

    The shipped catalogues are set aside for the test and restored after it.
    """
    from bot.kernel import i18n

    def install(language: str, po_text: str):
        path = tmp_path / f"{language}.po"
        path.write_text(po_text, encoding="utf-8")
        i18n.set_locales_dir(tmp_path)
        return path

    yield install
    i18n.set_locales_dir(None)


PSEUDO_OPEN, PSEUDO_CLOSE = "\u27e6", "\u27e7"


@pytest.fixture
def pseudo_locale(catalogue):
    """A "qps" pseudo-language translating every marked text of the code as ⟦text⟧, made current.

    Yields the check that a text came out of the catalogue, so a test can assert every line a
    player reads does.
    """
    from bot.kernel import i18n
    from bot.kernel.po import format_entry
    from bot.locales.extract import collect

    blocks = [
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=1; plural=0;\\n"'
    ]
    for e in collect():
        text = e.msgid_plural if e.msgid_plural is not None else e.msgid
        blocks.append(format_entry(e.msgid, e.msgid_plural, [PSEUDO_OPEN + text + PSEUDO_CLOSE]))
    catalogue("qps", "\n\n".join(blocks) + "\n")
    with i18n.use_locale("qps"):
        yield lambda text: text.startswith(PSEUDO_OPEN) and text.endswith(PSEUDO_CLOSE)
