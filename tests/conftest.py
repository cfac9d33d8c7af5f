"""Shared fixtures: a fresh database file per test and a clock that only moves when told."""

from __future__ import annotations

import pytest

from bot.play.clock import ManualClock
from bot.store.sqlite import Storage


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
